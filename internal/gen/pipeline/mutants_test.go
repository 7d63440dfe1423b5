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
	"github.com/omnigen-dev/omnigen/internal/testutil/jsonmut"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// The golden cases' schemas, mutated as JSON documents (jsonmut: keys
// dropped, renamed and repeated, values of another type, consts and enums
// edited), each beside its case's other files, go through what generate
// does with them, as FuzzGenerate's byte-level mutants do: load, then Go
// and TypeScript from the model generate picks and, where that is the
// dialect's, Go from the general model too (TestDialectCodecAgreesWithGeneral's
// second codec). Nothing panics, and every Go package generated compiles
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
	cases, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil || len(cases) < 8 {
		t.Fatalf("%d golden schemas: %v", len(cases), err)
	}
	per, seed, err := suite.MutantSettings(5)
	if err != nil {
		t.Fatal(err)
	}
	if v := os.Getenv("OMNIGEN_SCHEMA_MUTANTS"); v != "" {
		if _, err := fmt.Sscan(v, &per); err != nil {
			t.Fatalf("OMNIGEN_SCHEMA_MUTANTS: %v", err)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module mutants\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	packages, refused := 0, 0
	for k, file := range cases {
		// The mutants stand beside the case's other schema files, which
		// its references name.
		name := filepath.Base(filepath.Dir(file))
		at := filepath.Join(dir, "schemas", name)
		if err := copySchemaFiles(filepath.Dir(file), at); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := jsonmut.Parse(data)
		if !ok {
			t.Fatalf("%s: not a seed", file)
		}
		m := jsonmut.New(seed<<16+uint64(k), v.Words())
		for i := range per {
			data := m.Next([]*jsonmut.Value{v})
			path := filepath.Join(at, fmt.Sprintf("mutant%d.json", i))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, general := range []bool{false, true} {
				pkg := strings.ReplaceAll(name, "-", "") + fmt.Sprint(i)
				if general {
					pkg += "general"
				}
				generated, err := generateMutant(data, path, pkg, general)
				switch {
				case err != nil:
					t.Errorf("%s (general %v): %v", path, general, err)
					continue
				case generated == nil && !general:
					refused++
					continue
				case generated == nil:
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
		}
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		lines := strings.SplitN(string(out), "\n", 41)
		t.Errorf("go vet of the generated packages (package casenameN from %s/schemas/case-name/mutantN.json): %v\n%s", dir, err, strings.Join(lines[:min(len(lines), 40)], "\n"))
	}
	t.Logf("%d mutants of each of %d golden schemas, seed %d: %d Go packages generated and vetted, %d mutants refused with an error", per, len(cases), seed, packages, refused)
}

// copySchemaFiles copies the JSON and YAML files of the golden case in
// from (its schema.json too) to the directory to.
func copySchemaFiles(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") && !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// generateMutant renders the schema data, at path, as generate does (or,
// with general, Go from the general model of a schema that is the
// dialect's): the Go files, nil when the schema is refused (or, with
// general, is not the dialect's), and an error for a panic.
func generateMutant(data []byte, path, pkg string, general bool) (files []gen.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, lerr := LoadData(data, path, model.LoadOptions{})
	if lerr != nil {
		return nil, nil
	}
	if general {
		if s.Program != nil {
			return nil, nil // already the general model
		}
		if s, lerr = LoadData(data, path, model.LoadOptions{General: true}); lerr != nil {
			return nil, fmt.Errorf("the dialect's, and refused by the general front end: %v", lerr)
		}
	} else if _, terr := typescript.Generate(s, typescript.Options{}); terr != nil {
		return nil, nil
	}
	out, gerr := golang.Generate(s, golang.Options{Package: pkg})
	if gerr != nil {
		if general {
			return nil, fmt.Errorf("the dialect's, and refused by the general Go emitter: %v", gerr)
		}
		return nil, nil
	}
	return out, nil
}
