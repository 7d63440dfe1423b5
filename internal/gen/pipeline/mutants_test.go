package pipeline

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The golden cases' schemas, mutated as JSON documents (jsonmut: keys
// dropped, renamed and repeated, values of another type, consts and enums
// edited), each beside its case's other files, go through what generate
// does with them, as FuzzGenerate's byte-level mutants do: load, then Go
// and TypeScript from the model generate picks. Nothing panics, and every
// Go package generated compiles
// and passes go vet, in one module. 5 mutants of each case, seed 1
// (OMNIGEN_SCHEMA_MUTANTS and OMNIGEN_DIFF_SEED ask for more, or another
// seed: make fuzz).
func TestMutatedSchemasGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go module of a package a mutant")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool")
	}
	per, seed, err := suite.SchemaMutantSettings(5)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mutants, err := suitegen.SchemaMutants(repo, dir, per, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module mutants\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	packages, refused := 0, 0
	for _, m := range mutants {
		pkg := m.Package()
		generated, err := generateMutant(m.Data, m.Path, pkg)
		switch {
		case err != nil:
			t.Errorf("%s: %v", m.Path, err)
			continue
		case generated == nil:
			refused++
			continue
		}
		for _, f := range generated {
			if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, pkg, f.Path), f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		packages++
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		lines := strings.SplitN(string(out), "\n", 41)
		t.Errorf("go vet of the generated packages (package casenameN from %s/schemas/case-name/mutantN.json): %v\n%s", dir, err, strings.Join(lines[:min(len(lines), 40)], "\n"))
	}
	t.Logf("%d mutants (%d of each golden schema), seed %d: %d Go packages generated and vetted, %d mutants refused with an error", len(mutants), per, seed, packages, refused)
}

// generateMutant renders the schema data, at path, as generate does: the
// Go files, nil when the schema is refused, and an error for a panic.
func generateMutant(data []byte, path, pkg string) (files []gen.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, lerr := LoadData(data, path, model.LoadOptions{})
	if lerr != nil {
		return nil, nil
	}
	if _, terr := typescript.Generate(s, typescript.Options{}); terr != nil {
		return nil, nil
	}
	out, gerr := golang.Generate(s, golang.Options{Package: pkg})
	if gerr != nil {
		return nil, nil
	}
	return out, nil
}
