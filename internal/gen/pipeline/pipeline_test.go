package pipeline

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// repo is the repository root, from this package's directory.
const repo = "../../.."

// generate renders s in both languages.
func generate(s *model.Schema) error {
	if _, err := golang.Generate(s, golang.Options{Package: "p"}); err != nil {
		return err
	}
	_, err := typescript.Generate(s, typescript.Options{})
	return err
}

// The schemas the dialect's emitters refuse for their shape (an open
// object, a scalar root, a name that is not a Go name, …) generate as any
// other schema does, unless they ask for the dialect with x-omnigen
// annotations: then the annotation's requirement is reported, with its
// pointer.
func TestNoSchemaRefusedForItsShape(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "go-errors", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no error cases: %v", err)
	}
	generated, refused := 0, 0
	for _, file := range files {
		s, err := Load(file, model.LoadOptions{})
		if err == nil {
			err = generate(s)
		}
		var e *model.Error
		switch {
		case err == nil:
			generated++
			if s.Annotated {
				t.Errorf("%s: annotated, and compiled as any schema", file)
			}
		case errors.As(err, &e) && strings.HasPrefix(e.Pointer, "#"):
			refused++
			if s == nil || !s.Annotated {
				d, _ := os.ReadFile(file)
				if !strings.Contains(string(d), `"x-omnigen"`) {
					t.Errorf("%s: refused without asking for the dialect: %v", file, err)
				}
			}
		default:
			t.Errorf("%s: %v, want a *model.Error with a pointer", file, err)
		}
	}
	t.Logf("%d generate, %d refused for what their annotations ask", generated, refused)
	if generated == 0 || refused == 0 {
		t.Errorf("want both kinds among the cases")
	}
}

// The two shapes: a root $ref to an open object and to a number.
func TestRootRef(t *testing.T) {
	for _, doc := range []string{
		`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/Thing", "$defs": {"Thing": {"type": "object", "properties": {"name": {"type": "string"}}}}}`,
		`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/N", "$defs": {"N": {"type": "number"}}}`,
	} {
		s, err := LoadData([]byte(doc), filepath.Join(t.TempDir(), "thing.json"), model.LoadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		if err := generate(s); err != nil {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

// Each golden case is generated from the one model pipeline.Load gives:
// Go by the general emitter for every schema (its Marshal falls back to
// the value-tree writer checked whole where it must), TypeScript with
// stringify<Root> exactly when the schema is outside the dialect,
// whichever emitter's test wrote it.
func TestGoldenFrontEnd(t *testing.T) {
	schemas, _ := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if len(schemas) == 0 {
		t.Fatal("no golden cases")
	}
	for _, schema := range schemas {
		dir := filepath.Dir(schema)
		s, err := Load(schema, model.LoadOptions{})
		if err != nil {
			continue // a case of an error: its error.txt says which
		}
		// The general code's marks: Go whose Marshal calls the runtime's
		// encode or marshal (every schema's Go reads and writes in one
		// pass; only the general's writes again what it finds wrong and
		// checks it whole, for the program's words), TypeScript's stringify<Root> (every
		// schema's TypeScript checks come from its program; only the
		// general types come with stringify<Root>).
		codec, codecErr := os.ReadFile(filepath.Join(dir, "go", "codec.go"))
		tsText, tsErr := os.ReadFile(filepath.Join(dir, "ts", "src", "validate.ts"))
		general := !s.Annotated
		if codecErr == nil && !generalMarshal.Match(codec) {
			t.Errorf("%s: its Go golden files are not the general emitter's", filepath.Base(dir))
		}
		if tsErr == nil && general != strings.Contains(string(tsText), "export function stringify") {
			t.Errorf("%s: compiled as any schema: %v; its TypeScript golden files: %v", filepath.Base(dir), general, !general)
		}
	}
}

// generalMarshal is the mark of a general package's Marshal.
var generalMarshal = regexp.MustCompile(`return (encode|marshal|omnigenrt\.Marshal)\(func\(e \*`)

// Every group of the official suite generates Go and TypeScript through
// the pipeline, its $schema stated (as the schemas other tools emit have
// it) and left out (the draft then given as the suite's harness gives it,
// but for 2020-12, the default).
func TestSuiteGroupsGenerate(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("generates every group of the suite twice")
	}
	dir := t.TempDir()
	opts := model.LoadOptions{RefMap: []resolve.Mapping{suite.Remotes()}}
	count := 0
	for d, meta := range suite.MetaSchemas {
		groups, err := suite.Groups(d, "*.json")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			var doc any
			if err := json.Unmarshal(g.SchemaJSON, &doc); err != nil {
				t.Fatal(err)
			}
			texts := map[string][]byte{"as written": g.SchemaJSON}
			if o, ok := doc.(map[string]any); ok {
				if _, ok := o["$schema"]; ok {
					delete(o, "$schema")
					texts["without $schema"], _ = json.Marshal(o)
				} else {
					o["$schema"] = meta
					texts["with $schema"], _ = json.Marshal(o)
				}
			}
			for how, text := range texts {
				path := filepath.Join(dir, strings.ReplaceAll(g.ID(), "/", "_"))
				if err := os.WriteFile(path, text, 0o644); err != nil {
					t.Fatal(err)
				}
				o := opts
				if how != "with $schema" && d != resolve.Draft2020 {
					// Without $schema a document is 2020-12 unless told
					// otherwise, as the suite's harness tells it.
					o.Draft = d
				}
				s, err := LoadData(text, path, o)
				if err == nil {
					err = generate(s)
				}
				count++
				if err != nil && !strings.Contains(err.Error(), "beyond") {
					t.Errorf("%s, %s: %v", g.ID(), how, err)
				}
			}
		}
	}
	t.Logf("%d schemas generated", count)
}
