package typescript

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The TypeScript generated for each real-world schema in ../shared/schemas
// compiles under the house tsconfig (tsc --strict, exactOptionalPropertyTypes,
// noUncheckedIndexedAccess), its types are laid out as prettier prints them,
// and stringify<Root>(parse<Root>(sample)) is the sample compacted (key order
// kept) for every sample the schema accepts, while parse<Root> rejects every
// sample the schema rejects: the twin of the Go TestRealWorldSchemas, whose
// program must write the same bytes (or reject the sample with the same
// problem). One tsc run compiles every schema's module, one node process
// reads every sample.
func TestRealWorldSchemas(t *testing.T) {
	if ok, why := suite.SchemasAvailable(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from every real-world schema")
	}
	schemas, err := suite.RealSchemas()
	if err != nil {
		t.Fatal(err)
	}
	roundTrips(t, schemas, "the real-world schemas", func(generated []suite.RealSchema) []suite.RealSchema {
		return goldenMutants(t, generated, 100, 1)
	})
}

// The samples of the golden cases (testdata/gen/*/samples/*.json, those
// named *.invalid.json invalid), outside the dialect and in it, go through
// the TypeScript and the Go generated from the case's schema as the
// real-world samples do: each shape reads and writes back byte for byte in
// both languages, and each invalid sample is refused with one problem.
// Then 300 mutants of each case's samples (goldenMutants) go through both,
// and through the check program as omnigen validate --schema runs it: the
// same bytes written back, or the same problem. OMNIGEN_GOLDEN_MUTANTS
// and OMNIGEN_DIFF_SEED ask for more, or another seed (make fuzz).
func TestGoldenSamples(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from the golden cases")
	}
	schemas, err := suite.GoldenSchemas(repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(schemas) < 8 {
		t.Fatalf("%d golden cases with samples, want at least 8", len(schemas))
	}
	per, seed, err := suite.MutantSettings(300)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d mutants of each case, seed %d", per, seed)
	roundTrips(t, schemas, "the golden cases", func(generated []suite.RealSchema) []suite.RealSchema {
		return goldenMutants(t, generated, per, seed)
	})
}

// goldenMutants returns, for each case, per mutants of its samples
// (suitegen.Mutants): documents on which the generated Go and TypeScript
// must answer alike.
func goldenMutants(t *testing.T, cases []suite.RealSchema, per int, seed uint64) []suite.RealSchema {
	out, err := suitegen.Mutants(t.TempDir(), cases, per, seed)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// roundTrips generates TypeScript and Go from each schema and puts its
// samples through both: TypeScript must write back each valid sample as it
// is compacted and reject each invalid one, with Go's bytes and Go's
// problem. mutants, when not nil, gives more documents for the schemas
// that generate, which the schema engine has not judged: on those, Go and
// TypeScript must answer alike.
func roundTrips(t *testing.T, schemas []suite.RealSchema, what string, mutants func(generated []suite.RealSchema) []suite.RealSchema) (docs []suite.RealSchema, goes []suitegen.RoundTrip) {
	t.Helper()
	node, tsc := toolchain(t)
	start := time.Now()
	dir := t.TempDir()
	generated, err := writeRealModules(t, dir, schemas)
	if err != nil {
		t.Fatal(err)
	}
	// go builds the Go program while tsc and node run.
	type built struct {
		program string
		failed  map[string]error
		err     error
	}
	goBuild := make(chan built, 1)
	goDir := t.TempDir()
	go func() {
		program, failed, err := suitegen.BuildRealGo(goDir, generated, suitegen.GoBuild{})
		goBuild <- built{program, failed, err}
	}()
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	// Users compile the types with their own settings: without
	// exactOptionalPropertyTypes too (optional properties beside an index
	// signature were TS2411 there).
	if out, err := exec.Command(tsc, "-p", dir, "--noEmit", "--exactOptionalPropertyTypes", "false").CombinedOutput(); err != nil {
		t.Errorf("tsc without exactOptionalPropertyTypes: %v\n%s", err, firstLines(string(out), 40))
	}
	compiled := time.Since(start)
	results, err := suitegen.RunRoundTrips(exec.Command(node, filepath.Join(dir, "main.mjs")), generated)
	if err != nil {
		t.Fatal(err)
	}
	ran := time.Since(start)
	rows, wrong, err := suitegen.ScoreRoundTrips(generated, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wrong {
		t.Error(w)
	}
	t.Logf("generated TypeScript on %s (generate and tsc %v, node %v):\n%s",
		what, compiled.Round(time.Millisecond), (ran - compiled).Round(time.Millisecond), strings.Join(rows, "\n"))

	prettier := exec.Command(filepath.Join(filepath.Dir(tsc), "prettier"), "--check", "--log-level=warn", "*/src/types.ts")
	prettier.Dir = dir
	if out, err := prettier.CombinedOutput(); err != nil {
		t.Errorf("prettier --check: %v: the generated types are not laid out as prettier prints them\n%s", err, firstLines(string(out), 20))
	}

	b := <-goBuild
	if b.err != nil {
		t.Fatal(b.err)
	}
	for id, err := range b.failed {
		t.Errorf("%s: the Go generator fails: %v", id, err)
	}
	goResults, err := suitegen.RunRoundTrips(exec.Command(b.program), generated)
	if err != nil {
		t.Fatal(err)
	}
	same := compareRoundTrips(t, generated, goResults, results)
	t.Logf("Go and TypeScript write the same bytes, or reject with the same problem, on %d of %d samples (total %v)", same, len(results), time.Since(start).Round(time.Millisecond))
	if mutants == nil {
		return generated, goResults
	}
	mutated := mutants(generated)
	results, err = suitegen.RunRoundTrips(exec.Command(node, filepath.Join(dir, "main.mjs")), mutated)
	if err != nil {
		t.Fatal(err)
	}
	goResults, err = suitegen.RunRoundTrips(exec.Command(b.program), mutated)
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, r := range goResults {
		if r.OK {
			accepted++
		}
	}
	same = compareRoundTrips(t, mutated, goResults, results)
	t.Logf("Go and TypeScript answer alike on %d of %d mutants (%d accepted); on the others Go refuses an integer its type cannot hold, or JavaScript would write back as another number, or TypeScript runs out of stack", same, len(results), accepted)
	programAgrees(t, mutated, goResults)
	if accepted < len(results)/20 || accepted > len(results)*19/20 {
		t.Errorf("%d of %d mutants accepted: the mutations are too gentle or too harsh", accepted, len(results))
	}
	return mutated, goResults
}

// programAgrees runs the check program of each schema, as omnigen validate
// --schema runs it (model.LoadOptions.General), on its documents: it must
// refuse those the generated Go refuses, with the same problem, and accept
// the others, but for an integer the Go type cannot hold outside the
// dialect (see compareRoundTrips).
func programAgrees(t *testing.T, schemas []suite.RealSchema, goResults []suitegen.RoundTrip) {
	t.Helper()
	i, same := 0, 0
	for _, rs := range schemas {
		s, err := model.Load(rs.Path, model.LoadOptions{General: true})
		if err != nil {
			t.Fatalf("%s: %v", rs.ID, err)
		}
		checks, err := jsonrt.Interpret(s.Program, jsonrt.Formats())
		if err != nil {
			t.Fatalf("%s: %v", rs.ID, err)
		}
		for _, sample := range rs.Samples {
			goes := goResults[i]
			i++
			data, err := os.ReadFile(sample.Path)
			if err != nil {
				t.Fatal(err)
			}
			var got suitegen.RoundTrip
			if err := checks.Validate(0, data); err != nil {
				got.Text = err.Error() + " [" + jsonrt.Keyword(err) + "]"
			} else {
				got.OK = true
			}
			switch {
			case got.OK == goes.OK && (got.OK || got.Text == goes.Text):
				same++
			case got.OK && beyondGo(goes):
			default:
				t.Errorf("%s %.300s: the program and the generated Go differ\n  program: %+v\n  Go: %+v", sample.Path, data, got, goes)
			}
		}
	}
	t.Logf("the check program (omnigen validate --schema) answers as the generated Go on %d of %d documents", same, i)
}

// beyondGo reports whether Go refused a document for an integer its int64
// cannot hold, or JavaScript reads as another number, outside the dialect.
func beyondGo(goes suitegen.RoundTrip) bool { return !goes.OK && beyondInt64(goes.Text) }

// beyondInt64 reports whether a message of the Go runtime's reader refuses
// an integer for Go's int64 (jsonrt's reader.integer), not for the schema.
func beyondInt64(msg string) bool {
	return strings.Contains(msg, "is outside the int64 range, which the Go type holds") ||
		strings.Contains(msg, "is not one JavaScript writes back unchanged")
}

// compareRoundTrips reports each document on which Go and TypeScript do not
// write the same bytes, or do not reject it with the same problem, and
// returns how many they agree on. Two known limits are not counted as a
// difference, nor as agreement: outside the dialect Go may refuse, where
// TypeScript accepts, an integer that its int64 cannot hold or that
// JavaScript reads as another number (jsonrt's reader.integer); and the
// TypeScript checks, which recurse, may run out of stack on a value nested
// close to the depth limit in a schema that recurses through several
// checks a level (avro-avsc), which they report as "nested too deep to
// check" (run in checks.ts).
func compareRoundTrips(t *testing.T, schemas []suite.RealSchema, goResults, tsResults []suitegen.RoundTrip) int {
	t.Helper()
	same, i := 0, 0
	for _, rs := range schemas {
		for _, s := range rs.Samples {
			ts, goes := tsResults[i], goResults[i]
			i++
			if ts == goes {
				same++
				continue
			}
			if ts.OK && beyondGo(goes) {
				continue
			}
			if !ts.OK && strings.HasPrefix(ts.Text, "/: nested too deep to check: ") {
				t.Logf("%s: TypeScript ran out of stack (Go: %.200v)", s.Path, goes.Text)
				continue
			}
			if data, err := os.ReadFile(s.Path); err == nil && len(data) < 400 {
				t.Errorf("%s %s: Go and TypeScript differ\n  Go: %+v\n  TS: %+v", s.Path, data, goes, ts)
			} else {
				t.Errorf("%s: Go and TypeScript differ\n  Go: %+v\n  TS: %+v", s.Path, goes, ts)
			}
		}
	}
	return same
}

// writeRealModules writes, under dir, the TypeScript module of every schema
// that generates (the others are reported), a tsconfig that extends the house
// one, and main.mjs, which answers sample lines with suitegen.RoundTrip lines
// through the module's parse<Root> and stringify<Root>. Any exception but the
// module's own <Root>Error stops it. It returns the schemas written.
func writeRealModules(t *testing.T, dir string, schemas []suite.RealSchema) ([]suite.RealSchema, error) {
	shared := map[string]bool{}
	for _, f := range GeneralRuntime() {
		shared[f.Path] = true
		if err := suitegen.WriteFile(filepath.Join(dir, "runtime", path.Base(f.Path)), f.Content); err != nil {
			return nil, err
		}
	}
	var generated []suite.RealSchema
	include := []string{`"runtime"`}
	var imports, entries []string
	for i, rs := range schemas {
		s, err := suitegen.RealModel(rs)
		if err != nil {
			t.Errorf("%s: %v", rs.ID, err)
			continue
		}
		files, err := Generate(s, Options{})
		if err != nil {
			t.Errorf("%s: %v", rs.ID, err)
			continue
		}
		pkg := suitegen.RealPackage(rs)
		for _, f := range files {
			content := f.Content
			if shared[f.Path] {
				// The runtime, the same in every module, is compiled once.
				content = []byte("export * from \"../../runtime/" + strings.TrimSuffix(path.Base(f.Path), ".ts") + ".js\";\n")
			}
			if err := suitegen.WriteFile(filepath.Join(dir, pkg, f.Path), content); err != nil {
				return nil, err
			}
		}
		root := RootName(s, Options{})
		imports = append(imports, fmt.Sprintf("import * as m%d from \"./dist/%s/src/index.js\";", i, pkg))
		write := fmt.Sprintf("m%d.stringify%s", i, root)
		if s.Annotated {
			// The dialect's values are plain JSON: JSON.stringify writes them.
			write = "JSON.stringify"
		}
		entries = append(entries, fmt.Sprintf("  [%q, [m%d.parse%s, %s, m%d.%sError]],", rs.ID, i, root, write, i, root))
		include = append(include, fmt.Sprintf("%q", pkg+"/src"))
		generated = append(generated, rs)
	}
	main := strings.Join(imports, "\n") + `
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const table = new Map([
` + strings.Join(entries, "\n") + `
]);
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const [id, path] = line.split("\t");
  const [parse, stringify, RootError] = table.get(id);
  const text = readFileSync(path, "utf8");
  try {
    out.push(JSON.stringify(["ok", stringify(parse(text))]));
  } catch (err) {
    if (!(err instanceof RootError)) {
      throw err;
    }
    out.push(JSON.stringify(["error", err.message + " [" + err.keyword + "]"]));
  }
}
process.stdout.write(out.join("\n") + "\n");
`
	for name, content := range map[string]string{
		"package.json":  `{ "type": "module" }` + "\n",
		"tsconfig.json": tsconfig(include),
		"main.mjs":      main,
	} {
		if err := suitegen.WriteFile(filepath.Join(dir, name), []byte(content)); err != nil {
			return nil, err
		}
	}
	return generated, nil
}
