// Package tsrun compiles TypeScript files with the repository's pinned
// TypeScript under the house compiler options and runs them with node, for
// tests that check TypeScript code from Go.
//
// Compile once per test and run the program once with every case in its
// input: starting tsc costs a second or two, node a few tens of
// milliseconds.
package tsrun

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Program is a set of TypeScript files compiled into a temporary directory.
type Program struct {
	dir  string
	node string
}

// Toolchain is where the tools are: the repository root, node, and the
// pinned tsc and prettier (gen/ts/node_modules/.bin, installed by make
// setup).
type Toolchain struct {
	Root     string
	Node     string
	TSC      string
	Prettier string
}

// Find locates the toolchain from the working directory (a package
// directory under the repository, as in go test). The error says what is
// missing and how to get it.
func Find() (Toolchain, error) {
	var tc Toolchain
	dir, err := os.Getwd()
	if err != nil {
		return tc, err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return tc, errors.New("no go.mod above the working directory: not inside the repository")
		}
		dir = parent
	}
	tc.Root = dir
	node, err := exec.LookPath("node")
	if err != nil {
		return tc, errors.New("node is not on PATH (Node 20 runs the TypeScript tests)")
	}
	tc.Node = node
	tc.TSC = filepath.Join(dir, "gen", "ts", "node_modules", ".bin", "tsc")
	tc.Prettier = filepath.Join(dir, "gen", "ts", "node_modules", ".bin", "prettier")
	for _, tool := range []string{tc.TSC, tc.Prettier} {
		if _, err := os.Stat(tool); err != nil {
			return tc, fmt.Errorf("the pinned TypeScript toolchain is not installed (%s missing): run make setup", tool)
		}
	}
	return tc, nil
}

// PrettierCheck reports, with prettier's words, the files (paths relative
// to the working directory) that the pinned prettier would format
// differently.
func (tc Toolchain) PrettierCheck(paths ...string) error {
	cmd := exec.Command(tc.Node, append([]string{tc.Prettier, "--check"}, paths...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("prettier --check: %v\n%s", err, out)
	}
	return nil
}

// Compile writes files (names relative to the program's directory, such as
// "main.ts"; sources as text) into a temporary directory of t and compiles
// them with the pinned tsc under gen/ts/tsconfig.json's compiler options
// (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, ES2022,
// NodeNext modules; the directory is an ES module package). It skips t when
// node or the pinned tsc is missing, and fails it on a compile error.
func Compile(t testing.TB, files map[string]string) *Program {
	t.Helper()
	tc, err := Find()
	if err != nil {
		t.Skip("TypeScript check skipped: " + err.Error())
	}
	p, err := tc.Build(t.TempDir(), files)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Build compiles files into dir (see Compile) and reports a compile error
// with tsc's messages.
func (tc Toolchain) Build(dir string, files map[string]string) (*Program, error) {
	names := make([]string, 0, len(files))
	for name, src := range files {
		if !strings.HasSuffix(name, ".ts") || filepath.IsAbs(name) || strings.Contains(name, "..") {
			return nil, fmt.Errorf("tsrun: %q: want a relative .ts file name", name)
		}
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	sort.Strings(names)
	config := map[string]any{
		"extends": filepath.Join(tc.Root, "gen", "ts", "tsconfig.json"),
		"compilerOptions": map[string]any{
			"rootDir":       ".",
			"outDir":        "dist",
			"declaration":   false,
			"sourceMap":     false,
			"noEmitOnError": true,
			"typeRoots":     []string{filepath.Join(tc.Root, "gen", "ts", "node_modules", "@types")},
		},
		"files":   names,
		"include": []string{},
	}
	configJSON, err := json.MarshalIndent(config, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), configJSON, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type": "module", "private": true}`+"\n"), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(tc.Node, tc.TSC, "-p", dir)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("tsc: %v\n%s", err, out)
	}
	return &Program{dir: dir, node: tc.Node}, nil
}

// Run runs the compiled entry (a name given to Compile, such as "main.ts")
// with node, stdin as its standard input and args as its arguments, and
// returns its standard output. It fails t when node exits non-zero.
func (p *Program) Run(t testing.TB, entry string, stdin []byte, args ...string) []byte {
	t.Helper()
	out, err := p.Output(entry, stdin, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Output is Run that returns the error (with node's standard error).
func (p *Program) Output(entry string, stdin []byte, args ...string) ([]byte, error) {
	js := filepath.Join(p.dir, "dist", strings.TrimSuffix(entry, ".ts")+".js")
	cmd := exec.Command(p.node, append([]string{js}, args...)...)
	cmd.Dir = p.dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node %s: %v\n%s", entry, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}
