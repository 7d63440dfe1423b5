package typescript

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The TypeScript twin of TestMutatedSchemasGenerate (internal/gen/pipeline):
// the golden schemas' mutants that generate give TypeScript that compiles
// under the house tsconfig, all of them in one tsc run (5 of each, seed 1;
// OMNIGEN_SCHEMA_MUTANTS and OMNIGEN_DIFF_SEED ask for more, or another
// seed). Mutants that hold a value nested hundreds of levels deep (a const,
// an enum) are among them: tsc ran out of stack on their literals.
func TestMutatedSchemasCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a TypeScript module a mutant")
	}
	_, tsc := toolchain(t)
	per, seed, err := suite.SchemaMutantSettings(5)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mutants, err := suitegen.SchemaMutants(repo, dir, per, seed)
	if err != nil {
		t.Fatal(err)
	}
	shared := map[string]bool{}
	for _, f := range GeneralRuntime() {
		shared[f.Path] = true
		if err := suitegen.WriteFile(filepath.Join(dir, "runtime", path.Base(f.Path)), f.Content); err != nil {
			t.Fatal(err)
		}
	}
	include := []string{`"runtime"`}
	for _, m := range mutants {
		files, err := generateMutant(m)
		if err != nil {
			t.Errorf("%s: %v", m.Path, err)
			continue
		}
		for _, f := range files {
			content := f.Content
			if shared[f.Path] {
				// The runtime, the same in every module, is compiled once.
				content = []byte("export * from \"../../runtime/" + strings.TrimSuffix(path.Base(f.Path), ".ts") + ".js\";\n")
			}
			if err := suitegen.WriteFile(filepath.Join(dir, m.Package(), f.Path), content); err != nil {
				t.Fatal(err)
			}
		}
		if files != nil {
			include = append(include, fmt.Sprintf("%q", m.Package()+"/src"))
		}
	}
	for name, content := range map[string]string{"tsconfig.json": tsconfig(include), "package.json": `{ "type": "module" }` + "\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(tsc, "-p", dir, "--noEmit").CombinedOutput(); err != nil {
		t.Errorf("tsc (module casenameN from %s/schemas/case-name/mutantN.json): %v\n%s", dir, err, firstLines(string(out), 40))
	}
	t.Logf("%d mutants (%d of each golden schema), seed %d: %d TypeScript modules compiled", len(mutants), per, seed, len(include)-1)
}

// generateMutant renders m as generate does (both emitters must take a
// schema in the dialect): nil when the schema is refused, an error for a
// panic.
func generateMutant(m suitegen.SchemaMutant) (files []gen.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, err := model.LoadData(m.Data, m.Path, model.LoadOptions{})
	if err != nil {
		return nil, nil
	}
	if _, err := golang.Generate(s, golang.Options{Package: "p"}); err != nil {
		return nil, nil // generate writes nothing when one output is refused
	}
	files, err = Generate(s, Options{})
	if err != nil {
		return nil, nil
	}
	return files, nil
}

// The golden schemas' mutants that generate in both languages read and
// write their case's samples, and 20 mutants of them, as TestGoldenSamples
// holds the cases themselves: Go and TypeScript write the same bytes or
// refuse with the same problem, and so does the check program (omnigen
// validate --schema). 2 schema mutants a case, seed 1
// (OMNIGEN_SCHEMA_MUTANTS, OMNIGEN_GOLDEN_MUTANTS for the documents,
// OMNIGEN_DIFF_SEED: make fuzz). A mutated schema's verdicts are nobody's
// to know, so only the three answers are compared.
func TestMutatedSchemasRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from mutated schemas")
	}
	node, tsc := toolchain(t)
	per, seed, err := suite.SchemaMutantSettings(2)
	if err != nil {
		t.Fatal(err)
	}
	docs, _, err := suite.MutantSettings(20)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := suite.GoldenSchemas(repo)
	if err != nil {
		t.Fatal(err)
	}
	samples := map[string]suite.RealSchema{}
	for _, rs := range cases {
		samples[rs.ID] = rs
	}
	mutants, err := suitegen.SchemaMutants(repo, t.TempDir(), per, seed)
	if err != nil {
		t.Fatal(err)
	}
	// Each mutant that generates, with its case's samples (src) and the
	// case's schema for the words of their mutants.
	var schemas, src []suite.RealSchema
	for _, m := range mutants {
		c, ok := samples[strings.ReplaceAll(m.Case, "-", "_")]
		if !ok {
			continue
		}
		if files, err := generateMutant(m); err != nil {
			t.Errorf("%s: %v", m.Path, err)
			continue
		} else if files == nil {
			continue
		}
		id := strings.ReplaceAll(m.Package(), "-", "_") + "_mutant"
		schemas = append(schemas, suite.RealSchema{ID: id, Path: m.Path})
		src = append(src, suite.RealSchema{ID: id, Path: c.Path, Samples: c.Samples})
	}
	documents, err := suitegen.Mutants(t.TempDir(), src, docs, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range schemas {
		schemas[i].Samples = append(append([]suite.Sample(nil), src[i].Samples...), documents[i].Samples...)
	}
	dir := t.TempDir()
	generated, err := writeRealModules(t, dir, schemas)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	program, failed, err := suitegen.BuildRealGo(t.TempDir(), generated, suitegen.GoBuild{})
	if err != nil {
		t.Fatal(err)
	}
	for id, err := range failed {
		t.Errorf("%s: TypeScript generates, Go does not: %v", id, err)
	}
	if len(failed) > 0 {
		return
	}
	ts, err := suitegen.RunRoundTrips(exec.Command(node, filepath.Join(dir, "main.mjs")), generated)
	if err != nil {
		t.Fatal(err)
	}
	goes, err := suitegen.RunRoundTrips(exec.Command(program), generated)
	if err != nil {
		t.Fatal(err)
	}
	same := compareRoundTrips(t, generated, goes, ts)
	t.Logf("%d mutated schemas generate (%d a case, seed %d): Go and TypeScript answer alike on %d of %d documents", len(generated), per, seed, same, len(ts))
	programAgrees(t, generated, goes)
}
