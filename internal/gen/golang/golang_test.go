package golang

import (
	"bytes"
	"errors"
	"flag"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/config"
	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/golden"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

var update = flag.Bool("update", false, "rewrite gen/go/omnimessage and the golden files under testdata/gen")

// repo is the repository root, from this package's directory.
var repo = filepath.Join("..", "..", "..")

// canonical is the canonical schema's package, named pkg.
func canonical(t *testing.T, pkg string) []gen.File {
	t.Helper()
	s, err := model.BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(s, Options{Package: pkg})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// writeOrCompare brings dir in line with files under -update, and otherwise
// reports how they differ.
func writeOrCompare(t *testing.T, dir string, files []gen.File) {
	t.Helper()
	golden.Check(t, dir, files, *update, "go test ./internal/gen/golang -update")
}

// The committed package is what the canonical schema generates, byte for
// byte.
func TestCanonicalPackageUpToDate(t *testing.T) {
	writeOrCompare(t, filepath.Join(repo, "gen", "go", "omnimessage"), canonical(t, "omnimessage"))
}

// goldenCases lists the golden cases: every directory of testdata/gen with
// a schema.json. Each case holds one directory per emitter: go/ has the
// files the Go emitter writes, or go/error.txt the error it gives.
func goldenCases(t *testing.T) []string {
	t.Helper()
	schemas, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, s := range schemas {
		cases = append(cases, filepath.Dir(s))
	}
	if len(cases) < 3 {
		t.Fatalf("want at least three golden cases, found %d", len(cases))
	}
	return cases
}

// packageName is the Go package of a golden case: go-library → library.
func packageName(dir string) string {
	name := filepath.Base(dir)
	for _, prefix := range []string{"go-", "ts-"} {
		name = strings.TrimPrefix(name, prefix)
	}
	return strings.ReplaceAll(name, "-", "")
}

// generateCase generates a case; the error is the emitter's (or the
// model's) refusal.
func generateCase(t *testing.T, dir string) ([]gen.File, error) {
	t.Helper()
	return generateCaseWith(t, dir, "")
}

// generateCaseWith generates a case with the runtime given ("" for the
// case's own).
func generateCaseWith(t *testing.T, dir, runtime string) ([]gen.File, error) {
	t.Helper()
	return generateCaseOpts(t, dir, func(o *Options) {
		if runtime != "" {
			o.Runtime = runtime
		}
	})
}

// generateCaseOpts generates a case with its options changed by change.
func generateCaseOpts(t *testing.T, dir string, change func(*Options)) ([]gen.File, error) {
	t.Helper()
	s, err := model.Load(filepath.Join(dir, "schema.json"), model.LoadOptions{})
	if err != nil {
		return nil, err
	}
	opts := Options{Package: packageName(dir)}
	// A case's omnigen.yaml gives the options it is generated with.
	if path := filepath.Join(dir, config.FileName); fileExists(path) {
		c, err := config.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if c.Go != nil {
			opts.Tags, opts.Maps, opts.Runtime = c.Go.Tags, c.Go.Maps, c.Go.Runtime
		}
	}
	change(&opts)
	return Generate(s, opts)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Each golden case (testdata/gen/<case>/schema.json) generates exactly the
// files of testdata/gen/<case>/go, or the error of go/error.txt.
func TestGolden(t *testing.T) {
	generated := 0
	for _, dir := range goldenCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			out := filepath.Join(dir, "go")
			errFile := filepath.Join(out, "error.txt")
			files, err := generateCase(t, dir)
			if err != nil {
				got := err.Error() + "\n"
				if *update {
					if err := os.MkdirAll(out, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(errFile, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, rerr := os.ReadFile(errFile)
				if rerr != nil || string(want) != got {
					t.Errorf("generate: %v (go/error.txt: %q)", err, want)
				}
				return
			}
			if _, err := os.Stat(errFile); err == nil {
				if !*update {
					t.Fatalf("go/error.txt expects an error, but the schema generates")
				}
				os.Remove(errFile)
			}
			generated++
			writeOrCompare(t, out, files)
		})
	}
	if generated < 3 {
		t.Errorf("only %d golden cases generate Go; want at least three", generated)
	}
}

// generatedCases returns the cases that generate, with their files.
func generatedCases(t *testing.T) map[string][]gen.File {
	t.Helper()
	out := map[string][]gen.File{}
	for _, dir := range goldenCases(t) {
		if files, err := generateCase(t, dir); err == nil {
			out[dir] = files
		}
	}
	return out
}

// Generating twice, from models built twice, gives the same bytes.
func TestDeterministic(t *testing.T) {
	check := func(name string, run func() []gen.File) {
		a, b := run(), run()
		if len(a) != len(b) {
			t.Fatalf("%s: %d files, then %d", name, len(a), len(b))
		}
		for i := range a {
			if a[i].Path != b[i].Path || !bytes.Equal(a[i].Content, b[i].Content) {
				t.Errorf("%s: %s differs between two runs", name, a[i].Path)
			}
		}
	}
	check("canonical", func() []gen.File { return canonical(t, "omnimessage") })
	for dir := range generatedCases(t) {
		check(filepath.Base(dir), func() []gen.File {
			files, err := generateCase(t, dir)
			if err != nil {
				t.Fatal(err)
			}
			return files
		})
	}
}

// Every file starts with the header, is gofmt-clean and is UTF-8.
func TestFilesAreClean(t *testing.T) {
	all := canonical(t, "omnimessage")
	for _, files := range generatedCases(t) {
		all = append(all, files...)
	}
	for _, f := range all {
		if !gen.IsGenerated(f.Content) {
			t.Errorf("%s does not start with %q", f.Path, gen.Header)
		}
		formatted, err := format.Source(f.Content)
		if err != nil || !bytes.Equal(formatted, f.Content) {
			t.Errorf("%s is not gofmt-clean: %v", f.Path, err)
		}
		if !utf8.Valid(f.Content) {
			t.Errorf("%s is not UTF-8", f.Path)
		}
	}
}

// The golden packages compile, pass go vet, and pass the tests written for
// them (the *_test.go files beside the generated ones), in a module of
// their own: the generated code needs nothing but the standard library,
// and, for a case generated with the runtime imported, this module's
// runtime/omnigenrt (the module replaced by this repository).
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	mod := t.TempDir()
	write := func(path string, content []byte) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := filepath.Abs(repo)
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(mod, "go.mod"), []byte("module goldens\n\ngo 1.24\n\nrequire github.com/omnigen-dev/omnigen v0.0.0\n\nreplace github.com/omnigen-dev/omnigen => "+strconv.Quote(root)+"\n"))
	mutants, seed, err := suite.MutantSettings(200)
	if err != nil {
		t.Fatal(err)
	}
	for dir, files := range generatedCases(t) {
		// The value-tree readers codec.go does not carry, beside it: the
		// oracle of the one-pass reader.
		var readers []byte
		if withReaders, err := generateCaseOpts(t, dir, func(o *Options) { o.unusedTree = true }); err == nil {
			for _, f := range withReaders {
				if filepath.Base(f.Path) == treeTestFile {
					readers = f.Content
					write(filepath.Join(mod, filepath.Base(dir), f.Path), f.Content)
				}
			}
		}
		// Marshal's one-pass encoder against the value-tree writer on
		// changed Go values (marshalDiffTest).
		samples, err := filepath.Abs(filepath.Join(dir, "samples"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if filepath.Base(f.Path) != "codec.go" {
				continue
			}
			if src := marshalDiffTest(f.Content, readers, samples, mutants, seed); src != "" {
				write(filepath.Join(mod, filepath.Base(dir), filepath.Dir(f.Path), "zz_marshal_diff_test.go"), []byte(src))
			}
		}
		pkgs := map[string][]gen.File{filepath.Base(dir): files}
		// Every case outside the dialect compiles, and passes its tests,
		// with the runtime imported too.
		if imported, err := generateCaseWith(t, dir, RuntimeImport); err == nil {
			pkgs[filepath.Base(dir)+"-imported"] = imported
		}
		tests, _ := filepath.Glob(filepath.Join(dir, "go", "*_test.go"))
		for pkg, files := range pkgs {
			for _, f := range files {
				write(filepath.Join(mod, pkg, f.Path), f.Content)
			}
			for _, test := range tests {
				content, err := os.ReadFile(test)
				if err != nil {
					t.Fatal(err)
				}
				write(filepath.Join(mod, pkg, filepath.Base(test)), content)
			}
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./..."}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// Each schema of testdata/gen/go-errors is one the emitter (or the model)
// refuses, with an error naming the construct's pointer; <case>.err holds
// the expected error.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "go-errors", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no error cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			s, err := model.BuildFile(file)
			if err == nil {
				_, err = Generate(s, Options{Package: "errors"})
			}
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("want a *model.Error, got %v", err)
			}
			if !strings.HasPrefix(e.Pointer, "#") {
				t.Errorf("pointer %q is not a JSON pointer of the schema", e.Pointer)
			}
			got := e.Error() + "\n"
			golden := strings.TrimSuffix(file, ".json") + ".err"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("got  %swant %s", got, want)
			}
		})
	}
}

// A package name that is not one is reported as such, not blamed on the
// schema's title.
func TestBadPackageName(t *testing.T) {
	s, err := model.BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"go", "Omni-Message", "1x"} {
		_, err := Generate(s, Options{Package: pkg})
		if want := "#: " + strconv.Quote(pkg) + " is not a Go package name"; err == nil || err.Error() != want {
			t.Errorf("Package %q: got %v, want %s", pkg, err, want)
		}
	}
}
