package model

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/model/annotations")

// The x-omnigen annotations of the canonical schema and of every golden
// case in the dialect, as the model attaches them to the shaped types
// (builders with their params, defaults and fixed values, aggregates, the
// envelope with its guards, aliases and prepends, type helpers and names),
// are testdata/model/annotations/<case>.txt ("go test ./internal/gen/model
// -run Annotations -update" rewrites them): a change to what an annotation
// means shows there.
func TestAnnotationsGolden(t *testing.T) {
	cases := map[string]string{"omnimessage": ""}
	schemas, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "gen", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range schemas {
		cases[filepath.Base(filepath.Dir(path))] = path
	}
	annotated := 0
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		s, err := Load(cases[name], LoadOptions{})
		if err != nil || !s.Annotated {
			continue // not in the dialect, or refused (its golden says why)
		}
		got := annotations(s)
		if got != "" {
			annotated++
		}
		file := filepath.Join("..", "..", "..", "testdata", "model", "annotations", name+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: %v (run with -update to write it)", name, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s: the annotations differ from %s (run with -update to rewrite it):\n%s", name, file, got)
		}
	}
	if annotated < 4 {
		t.Fatalf("%d schemas with annotations: want at least 4", annotated)
	}
}

// annotations writes what a model's x-omnigen annotations say, a line
// each, naming types and fields by name.
func annotations(s *Schema) string {
	var b strings.Builder
	field := func(f *Field) string {
		if f == nil {
			return "-"
		}
		return f.Name
	}
	typ := func(t *Type) string {
		if t == nil {
			return "-"
		}
		return t.Name
	}
	for _, bl := range s.Builders {
		fmt.Fprintf(&b, "builder %s %v %q style=%v target=%s kind=%q\n", bl.Name, bl.Names, bl.Description, bl.Style, typ(bl.Target), bl.Kind)
		for _, p := range bl.Params {
			fmt.Fprintf(&b, "  param %s field=%s default=%s optional=%v omitEmpty=%v omitWhen=%s options=%v at %s\n",
				p.Name, field(p.Field), p.Default, p.Optional, p.OmitEmpty, p.OmitWhen, p.InOptions, p.Pointer)
		}
		for _, f := range bl.Set {
			fmt.Fprintf(&b, "  set %s=%s at %s\n", field(f.Field), f.Value, f.Pointer)
		}
	}
	for _, a := range s.Aggregates {
		fmt.Fprintf(&b, "aggregate %s into=%s phase=%s key=%s", typ(a.Partial), a.Into.Name, field(a.Phase), field(a.Key))
		for _, list := range []struct {
			name   string
			fields []*Field
		}{{"append", a.Append}, {"override", a.Override}, {"latest", a.Latest}} {
			var names []string
			for _, f := range list.fields {
				names = append(names, f.Name)
			}
			fmt.Fprintf(&b, " %s=%v", list.name, names)
		}
		b.WriteString("\n")
	}
	if e := s.Envelope; e != nil {
		fmt.Fprintf(&b, "envelope %s timestamp=%s kind=%s payload=%s\n", typ(e.Type), field(e.Timestamp), field(e.Kind), field(e.Payload))
		for _, p := range e.Prepend {
			fmt.Fprintf(&b, "  prepend %s %q param=%s field=%s\n", p.Name, p.Description, p.Param, field(p.Field))
		}
		for _, g := range e.Guards {
			fmt.Fprintf(&b, "  guard %s %q kind=%s payload=%s unless=%s alias=%s\n", g.Name, g.Description, g.Kind, typ(g.Payload), typ(g.Unless), g.Alias)
		}
		for _, a := range e.Aliases {
			guard := "-"
			if a.Guard != nil {
				guard = a.Guard.Name
			}
			fmt.Fprintf(&b, "  alias %s %q payload=%s guard=%s\n", a.Name, a.Description, typ(a.Payload), guard)
		}
	}
	// Types in name order: their order is the types' golden's to show.
	types := slices.Clone(s.Types)
	slices.SortFunc(types, func(a, b *Type) int { return strings.Compare(a.Name, b.Name) })
	for _, t := range types {
		for _, h := range []struct {
			what string
			h    *Helper
		}{{"guard", t.Guard}, {"zero", t.Zero}, {"sum", t.Sum}} {
			if h.h != nil {
				fmt.Fprintf(&b, "%s %s %s %q\n", t.Name, h.what, h.h.Name, h.h.Description)
			}
		}
		if len(t.Names) > 0 {
			fmt.Fprintf(&b, "%s names %v\n", t.Name, t.Names)
		}
	}
	return b.String()
}

// An inline schema's x-omnigen says what its property is (a "union"), not
// what its type is: the model reads the annotations of definitions and
// documents only. A mutant of go-deferred
// whose FulfilmentKind lost the value "pickup" (null instead), so that no
// if/then picks Fulfilment's detail, was refused the general way with
// `unknown x-omnigen key "union"` at the detail property.
func TestShapedAnnotationsOfInlineTypes(t *testing.T) {
	path := filepath.Join("..", "..", "..", "testdata", "gen", "go-deferred", "schema.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	kind := doc["$defs"].(map[string]any)["FulfilmentKind"].(map[string]any)
	values := kind["enum"].([]any)
	if len(values) < 2 || values[1] != "pickup" {
		t.Fatalf("go-deferred's FulfilmentKind is %v, not the enum this test mutates", values)
	}
	values[1] = nil
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	shaped, err := BuildWith(data, path, LoadOptions{})
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	if len(shaped.Builders) == 0 {
		t.Error("the model has no builder of go-deferred's")
	}
}
