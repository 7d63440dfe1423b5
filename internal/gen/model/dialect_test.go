package model

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

func TestCanonicalSchema(t *testing.T) {
	s, err := BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	if s.Root == nil || s.Envelope == nil || s.Root != s.Envelope.Type {
		t.Fatalf("the root type must be the envelope")
	}
	// Every payload a family admits has a tag, and every tag is unique.
	tags := map[string]string{}
	for _, c := range s.Envelope.Type.Select.Cases {
		for _, leaf := range c.Type.Leaves() {
			if leaf.Kind != KindObject {
				t.Errorf("%s: a leaf of %s is not an object", leaf.Name, c.Type.Name)
			}
			if len(c.Type.Leaves()) > 1 && leaf.Tag == nil {
				t.Errorf("%s: member of a union without a tag", leaf.Name)
			}
			if leaf.Tag != nil {
				if prev, dup := tags[leaf.TagValue()]; dup {
					t.Errorf("tag %q used by %s and %s", leaf.TagValue(), prev, leaf.Name)
				}
				tags[leaf.TagValue()] = leaf.Name
			}
		}
	}
	// Every builder's target is a payload of the family its kind names.
	for _, b := range s.Builders {
		c := s.Envelope.Type.Select.CaseOf(b.Target)
		if c == nil || c.Value != b.Kind {
			t.Errorf("builder %s: kind %q does not match its target %s", b.Name, b.Kind, b.Target.Name)
		}
	}
	// Every partial has an aggregate into a builder of a complete payload.
	for _, a := range s.Aggregates {
		if a.Into.Target.Tag == nil || a.Into.Target == a.Partial {
			t.Errorf("%s aggregates into %s", a.Partial.Name, a.Into.Target.Name)
		}
	}
	// Field order is schema order: the text payload writes stop_reason before fidelity.
	text := s.Lookup("TextPayload")
	var names []string
	for _, f := range text.Fields {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); got != "type,role,text,stop_reason,fidelity" {
		t.Errorf("TextPayload fields in order %s", got)
	}
}

func TestTypesOrder(t *testing.T) {
	s := build(t, `{"$ref":"#/$defs/A","$defs":{
		"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"c":{"type":"object","properties":{"x":{"type":"string"}}},"d":{"type":"array","items":{"type":"string","enum":["p","q"]}}}},
		"B":{"type":"string","enum":["u","v"]}}}`)
	var names []string
	for _, ty := range s.Types {
		names = append(names, ty.Name)
	}
	if got := strings.Join(names, ","); got != "A,AC,ADItem,B" {
		t.Errorf("types in order %s, want A,AC,ADItem,B", got)
	}
	if ac := s.Lookup("AC"); ac == nil || !ac.Synthetic || ac.Kind != KindObject || ac.Pointer != "#/$defs/A/properties/c" {
		t.Errorf("AC should be an object made of A's property c: %+v", ac)
	}
}

// A union of number and integer is a number: every integer is one (the
// dialect's builder refused it before it read the shaper's types).
func TestNullableAndScalars(t *testing.T) {
	s := build(t, `{"$defs":{"A":{"type":"object","properties":{
		"r":{"type":["string","null"]},
		"n":{"type":["number","string"]},
		"num":{"type":["number","integer"]},
		"nis":{"type":["number","integer","string"]},
		"any":{},
		"free":{"type":"object"},
		"i":{"type":"integer","minimum":0}},"required":["i"],"additionalProperties":false}}}`)
	a := s.Lookup("A")
	checks := []struct {
		field    string
		kind     Kind
		nullable bool
	}{{"r", KindString, true}, {"n", KindScalarUnion, false}, {"num", KindNumber, false}, {"nis", KindScalarUnion, false}, {"any", KindRaw, false}, {"free", KindRaw, false}, {"i", KindInteger, false}}
	for _, c := range checks {
		f := a.Field(c.field)
		if f.ValueType().Kind != c.kind || f.TakesNull() != c.nullable {
			t.Errorf("%s: kind %v nullable %v, want %v %v", c.field, f.ValueType().Kind, f.TakesNull(), c.kind, c.nullable)
		}
	}
	if got := a.Field("nis").Type.Scalars; !slices.Equal(got, []string{"number", "string"}) {
		t.Errorf("nis: scalars %v, want [number string]", got)
	}
	if !a.Closed || !a.Field("i").Required || a.Field("i").Type.Constraints.Minimum == nil {
		t.Errorf("closed/required/minimum not carried: %+v", a)
	}
}

func TestCrossFileRef(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "common.json", `{"$defs":{"Color":{"type":"string","enum":["red","blue"],"description":"A color."}}}`)
	write(t, dir, "main.json", `{"$ref":"#/$defs/Pen","$defs":{"Pen":{"type":"object","properties":{"color":{"$ref":"common.json#/$defs/Color"}}}}}`)
	s, err := BuildFile(filepath.Join(dir, "main.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := s.Lookup("Color")
	if c == nil || c.Kind != KindEnum || c.Pointer != "common.json#/$defs/Color" {
		t.Fatalf("Color from the other file: %+v", c)
	}
	if s.Lookup("Pen").Field("color").Type != c {
		t.Errorf("the field does not refer to the shared type")
	}
}

// The dialect reads its documents as any schema does (internal/resolve): a
// URL a --ref-map maps to a directory resolves there, and a document
// named by the $id it gives itself (among LoadOptions.Schemas) is that
// document. Both were refused ("only files and the canonical schema's $id
// can be referenced") while the dialect had a resolver of its own.
func TestDialectReadsDocumentsAsAnySchema(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "mapped"), "common.json", `{"$defs":{"Color":{"type":"string","enum":["red","blue"]}}}`)
	write(t, filepath.Join(dir, "others"), "size.json", `{"$id":"urn:example:size","$defs":{"Size":{"type":"integer","minimum":1}}}`)
	main := `{"$ref":"#/$defs/Pen","$defs":{"Pen":{"type":"object","additionalProperties":false,"properties":{
		"color":{"$ref":"https://example.com/schemas/common.json#/$defs/Color"},"size":{"$ref":"urn:example:size#/$defs/Size"}}}}}`
	write(t, dir, "main.json", main)
	s, err := BuildWith([]byte(main), filepath.Join(dir, "main.json"), LoadOptions{
		RefMap:  []resolve.Mapping{{Prefix: "https://example.com/schemas/", Dir: filepath.Join(dir, "mapped")}},
		Schemas: []string{filepath.Join(dir, "others")},
	})
	if err != nil {
		t.Fatal(err)
	}
	pen := s.Lookup("Pen")
	if c := pen.Field("color").Type; c.Name != "Color" || c.Kind != KindEnum {
		t.Errorf("color: %+v", c)
	}
	if z := pen.Field("size").Type; z.Name != "Size" || z.Kind != KindInteger || z.Constraints.Minimum == nil {
		t.Errorf("size: %+v", z)
	}
}

func TestCanonicalRefByID(t *testing.T) {
	s := build(t, `{"$defs":{"Wrapper":{"type":"object","properties":{"reason":{"$ref":"`+canonical.ID+`#/$defs/StopReason"}}}}}`)
	if sr := s.Lookup("StopReason"); sr == nil || len(sr.Values) != 6 {
		t.Errorf("StopReason from the canonical schema: %+v", sr)
	}
}

// Each unsupported or malformed construct is an error naming its pointer.
// A reference that leads nowhere is worded and placed as for any schema
// (Build names a document read from no file as the canonical one).
func TestErrors(t *testing.T) {
	cases := []struct{ name, schema, pointer string }{
		{"ref outside defs", `{"$defs":{"A":{"type":"object","properties":{"a":{"$ref":"#/properties/x"}}}}}`, "omnimessage.schema.json#/$defs/A/properties/a/$ref"},
		{"missing def", `{"$defs":{"A":{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}}}}}`, "omnimessage.schema.json#/$defs/A/properties/a/$ref"},
		{"unknown annotation", `{"$defs":{"A":{"type":"object","properties":{},"x-omnigen":{"frobnicate":1}}}}`, "#/$defs/A/x-omnigen/frobnicate"},
		{"builder unknown field", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"b","field":"b"}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/field"},
		{"builder bad name", `{"$defs":{"A":{"type":"object","properties":{},"x-omnigen":{"builders":[{"name":"Make-A"}]}}}}`, "#/$defs/A/x-omnigen/builders/0/name"},
		{"builder leaves required", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"x-omnigen":{"builders":[{"name":"makeA","params":[]}]}}}}`, "#/$defs/A/x-omnigen/builders/0"},
		{"guard not on union", `{"$defs":{"A":{"type":"string","x-omnigen":{"guard":{"name":"isA"}}}}}`, "#/$defs/A/x-omnigen/guard"},
		{"sum of strings", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"x-omnigen":{"sum":{"name":"addA"}}}}}`, "#/$defs/A/x-omnigen/sum"},
		{"union field not a union", `{"$defs":{"A":{"type":"object","properties":{"p":{"type":"object","x-omnigen":{"union":"B"}}}},"B":{"type":"string"}}}`, "#/$defs/A/properties/p/x-omnigen/union"},
		{"aggregate into nothing", `{"$defs":{"P":{"type":"object","properties":{"type":{"const":"p"}},"required":["type"],"x-omnigen":{"aggregate":{"into":"nope","phase":"x"}}}}}`, "#/$defs/P/x-omnigen/aggregate/into"},
		{"one-member union with an annotation", `{"$defs":{"A":{"oneOf":[{"$ref":"#/$defs/B"}],"x-omnigen":{"guard":{"name":"isA"}}},"B":{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}}}`, "#/$defs/A/x-omnigen"},
		{"alias with an annotation", `{"$defs":{"A":{"$ref":"#/$defs/B","x-omnigen":{"names":{"go":"C"}}},"B":{"type":"string"}}}`, "#/$defs/A/x-omnigen"},
		{"root $ref to nothing", `{"$ref":"#/$defs/B","$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}}}}}`, "omnimessage.schema.json#/$ref"},
		{"root $ref not a string", `{"$ref":7,"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"x-omnigen":{"names":{"go":"B"}}}}}`, "omnimessage.schema.json#/$ref"}, // worded and placed as for any schema
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantErrorAt(t, c.schema, c.pointer) })
	}
}

// No schema is refused for its shape, and none of these is kept as JSON
// text where the dialect's own types once did (with a note saying why):
// each is typed by the shaper, as in any schema.
func TestShapesTyped(t *testing.T) {
	defs := func(a string, more string) string {
		return `{"$ref":"#/$defs/A","$defs":{"A":{"$dynamicAnchor":"a","type":"object","properties":{"p":` + a + `}}` + more + `}}`
	}
	union := `,"U":{"oneOf":[{"$ref":"#/$defs/X"},{"$ref":"#/$defs/S"}]},"S":{"type":"string"},"X":{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]}`
	for _, c := range []struct{ name, schema, at, why string }{
		{"keyword beside $ref", defs(`{"$ref":"#/$defs/S","minLength":3}`, `,"S":{"type":"string"}`), "#/$defs/A/properties/p", `"minLength" beside a $ref`},
		{"$dynamicRef", defs(`{"$dynamicRef":"#a"}`, ""), "#/$defs/A/properties/p", "a $dynamicRef outside a union or a select"},
		{"$ref into properties", defs(`{"$ref":"#/$defs/X/properties/k"}`, `,"X":{"type":"object","properties":{"k":{"type":"string"}}}`), "#/$defs/A/properties/p", `a $ref to what is not a definition ("#/$defs/X/properties/k")`},
		// The object's check denies the property: a check of its own
		// would never run.
		{"boolean schema", defs(`false`, ""), "#/$defs/A/properties/p", "a boolean schema"},
		{"inline member", defs(`{"oneOf":[{"type":"string"}]}`, ""), "#/$defs/A/properties/p", "a union (its member 0: a schema that is not an object)"},
		{"member not an object", defs(`{"$ref":"#/$defs/U"}`, union), "#/$defs/U", "a union whose member S is not an object"},
		// V holds U, which holds S: U is JSON text, and V then holds a
		// member that is not an object.
		{"member not an object, once removed", defs(`{"$ref":"#/$defs/V"}`, `,"V":{"oneOf":[{"$ref":"#/$defs/U"},{"$ref":"#/$defs/X"}]},"U":{"oneOf":[{"$ref":"#/$defs/W"},{"$ref":"#/$defs/S"}]},"W":{"type":"object","properties":{"v":{"$ref":"#/$defs/V"}}},"S":{"type":"string"},"X":{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]}`), "#/$defs/V", "a union whose member U is not an object"},
		{"nullable union", defs(`{"anyOf":[{"$ref":"#/$defs/V"},{"type":"null"}]}`, `,"V":{"oneOf":[{"$ref":"#/$defs/X"},{"$ref":"#/$defs/Y"}]},"X":{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]},"Y":{"type":"object","properties":{"k":{"const":"y"}},"required":["k"]}`), "#/$defs/A/properties/p", "a value of several JSON types"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Build([]byte(c.schema), "")
			if err != nil {
				t.Fatal(err)
			}
			p := s.Lookup("A").Field("p").Type
			if c.at != "#/$defs/A/properties/p" {
				p = s.Lookup(strings.TrimPrefix(c.at, "#/$defs/"))
			}
			if p == nil || p.Check == nil && c.why != "a boolean schema" {
				t.Errorf("%s: %+v, want a type with its check", c.at, p)
			}
			if slices.ContainsFunc(s.Notes, func(n string) bool { return strings.Contains(n, "JSON text") }) {
				t.Errorf("notes %q: a value kept as JSON text", s.Notes)
			}
		})
	}
}

// A root that says more than its $ref is the definition's type, and its
// check has the rest.
func TestRootSaysMore(t *testing.T) {
	s, err := Build([]byte(`{"$ref":"#/$defs/A","required":["a"],"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}}}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if s.Root != s.Lookup("A") || s.Program.Roots[0].Forward() != nil || len(s.Notes) != 0 {
		t.Errorf("root %s, its check forwards to %v, notes %q", s.Root.Name, s.Program.Roots[0].Forward(), s.Notes)
	}
}

// A definitions entry is a definition too, and so is one in a
// definition's $defs; one whose name the root document's $defs has is
// numbered.
func TestDefinitionsEverywhere(t *testing.T) {
	s, err := Build([]byte(`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{
		"b":{"$ref":"#/definitions/B"},"c":{"$ref":"#/$defs/A/$defs/C"},"d":{"$ref":"#/definitions/A"}},
		"$defs":{"C":{"type":"integer"}}}},"definitions":{"B":{"type":"string"},"A":{"type":"boolean"}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	a := s.Lookup("A")
	for field, want := range map[string]string{"b": "B string", "c": "C integer", "d": "A2 boolean"} {
		if got := a.Field(field).Type; got.Name+" "+got.Kind.String() != want {
			t.Errorf("%s: %s %s, want %s", field, got.Name, got.Kind, want)
		}
	}
	if len(s.Notes) != 0 {
		t.Errorf("notes %q", s.Notes)
	}
}

// A root whose $ref names a location that is no definition has the type
// of that location, named as a root is: by its title.
func TestRootElsewhere(t *testing.T) {
	s, err := Build([]byte(`{"title":"Shelf list","$ref":"#/$defs/A/properties/x","$defs":{"A":{"type":"object","properties":{"x":{"type":"array","items":{"type":"integer"}}}}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Root; r.Name != "ShelfList" || r.Kind != KindArray || r.Synthetic || s.Lookup("ShelfList") != r {
		t.Errorf("root %s %s (synthetic %v), want the array ShelfList among the types", r.Name, r.Kind, r.Synthetic)
	}
}

// An alias is the type it names; an inline type gives its name way to a
// definition's, and is numbered.
func TestAliasAndNumberedName(t *testing.T) {
	s, err := Build([]byte(`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"b":{"type":"object","properties":{}},"c":{"$ref":"#/$defs/C"}}},"AB":{"type":"string"},"C":{"$ref":"#/$defs/AB"}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	a := s.Lookup("A")
	if b := a.Field("b").Type; b.Name != "AB2" || b.Kind != KindObject {
		t.Errorf("b: %s %s, want the object AB2", b.Name, b.Kind)
	}
	if c := a.Field("c").Type; c != s.Lookup("AB") {
		t.Errorf("c: %s %s, want AB", c.Name, c.Kind)
	}
	if s.Lookup("C") != nil {
		t.Errorf("the alias C is a type of its own")
	}
}

// wantErrorAt builds schema and wants a *model.Error at pointer.
func wantErrorAt(t *testing.T, schema, pointer string) {
	t.Helper()
	_, err := Build([]byte(schema), "")
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("want a *model.Error at %s, got %v", pointer, err)
	}
	if e.Pointer != pointer {
		t.Errorf("pointer %s, want %s (%s)", e.Pointer, pointer, e.Message)
	}
}

func TestDeterministic(t *testing.T) {
	a, err := BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		b, _ := BuildFile("")
		for j := range a.Types {
			if a.Types[j].Name != b.Types[j].Name {
				t.Fatalf("run %d: type %d is %s, was %s", i, j, b.Types[j].Name, a.Types[j].Name)
			}
		}
	}
}

func build(t *testing.T, schema string) *Schema {
	t.Helper()
	s, err := Build([]byte(schema), "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A downstream schema extends the event union through $dynamicAnchor, the
// way the canonical schema's README describes, without copying the envelope.
func TestDownstreamExtension(t *testing.T) {
	s := build(t, `{"$ref":"`+canonical.ID+`","$defs":{
		"TaskEventPayload":{"$dynamicAnchor":"EventPayload","description":"Events with tasks.","oneOf":[{"$ref":"`+canonical.ID+`#/$defs/EventPayload"},{"$ref":"#/$defs/TaskFinishedPayload"}]},
		"TaskFinishedPayload":{"type":"object","description":"A task finished.","properties":{"type":{"const":"task_finished"},"outcome":{"type":"string"}},"required":["type","outcome"],"additionalProperties":false}}}`)
	if s.Root == nil || s.Envelope == nil {
		t.Fatal("the canonical envelope should be the root")
	}
	task := s.Lookup("TaskFinishedPayload")
	c := s.Envelope.Type.Select.CaseOf(task)
	if c == nil || c.Value != "event_msg" || c.Type.Name != "TaskEventPayload" {
		t.Fatalf("task_finished should be an event_msg payload through TaskEventPayload, got %+v", c)
	}
	if !task.IsMemberOf(s.Envelope.Payload.Type) {
		t.Errorf("task_finished is not in the payload union")
	}
	if b := s.Builder("abortEvent"); b == nil || b.Kind != "event_msg" {
		t.Errorf("canonical builders still belong to event_msg: %+v", b)
	}
}

// A schema that asks for the dialect says what asks, and where: its first
// annotation only the dialect knows, else its first reference to the
// canonical schema.
func TestAskedBy(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","additionalProperties":false,"properties":{"r":{"$ref":"` + canonical.ID + `#/$defs/StopReason"}}}}}`,
			"the reference to the canonical schema at #/$defs/A/properties/r/$ref"},
		{`{"$ref":"#/$defs/U","$defs":{"U":{"oneOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}],"x-omnigen":{"names":{"go":"V"},"guard":{"name":"isU"}}},
			"A":{"type":"object","additionalProperties":false,"required":["k"],"properties":{"k":{"const":"a"}}},
			"B":{"type":"object","additionalProperties":false,"required":["k"],"properties":{"k":{"const":"b"}}}}}`,
			`x-omnigen "guard" at #/$defs/U/x-omnigen`},
	} {
		s, err := LoadData([]byte(c.schema), "s.json", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Annotated || s.AskedBy != c.want {
			t.Errorf("annotated %v, asked by %q, want %q", s.Annotated, s.AskedBy, c.want)
		}
	}
}

// A schema written in YAML asks for the dialect as one in JSON does: its
// annotations were once ignored, x-omnigen: being unquoted there.
func TestAskedByInYAML(t *testing.T) {
	yaml := "$ref: '#/$defs/A'\n$defs:\n  A:\n    type: object\n    additionalProperties: false\n" +
		"    properties: {a: {type: string}}\n    x-omnigen:\n      builders: [{name: makeA, params: [{name: a, field: a}]}]\n"
	s, err := LoadData([]byte(yaml), "s.yaml", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Annotated || s.AskedBy != `x-omnigen "builders" at #/$defs/A/x-omnigen` || len(s.Builders) != 1 {
		t.Errorf("annotated %v, asked by %q, %d builders", s.Annotated, s.AskedBy, len(s.Builders))
	}
}

// Formats asserted (--assert-formats) are one more rule of a schema in the
// dialect, checked by its program; the schema once went to the general
// model instead, its builders left out without a word.
func TestDialectAssertsFormats(t *testing.T) {
	schema := `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","additionalProperties":false,
		"properties":{"a":{"type":"string","format":"email"}},
		"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"a","field":"a"}]}]}}}}`
	for _, f := range []Formats{FormatsByDraft, FormatsAssert} {
		s, err := LoadData([]byte(schema), "s.json", LoadOptions{Formats: f})
		if err != nil {
			t.Fatal(err)
		}
		asserted := false
		for _, ch := range s.Program.Checks {
			for _, r := range ch.Rules {
				if r, ok := r.(*FormatRule); ok && r.Format == "email" {
					asserted = true
				}
			}
		}
		if !s.Annotated || len(s.Builders) != 1 || asserted != (f == FormatsAssert) {
			t.Errorf("formats %v: the dialect's model %v, %d builders, email asserted %v", f, s.Annotated, len(s.Builders), asserted)
		}
	}
}

// A schema that asks for the dialect in another draft is refused, where
// it was once compiled as any schema with its builders left out.
func TestDialectIsDraft2020(t *testing.T) {
	for _, c := range []struct {
		schema string
		draft  resolve.Draft
		want   string
	}{
		{`{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#/definitions/A","definitions":{"A":{"type":"object",
			"x-omnigen":{"builders":[{"name":"makeA"}]}}}}`, 0, `#/$schema: x-omnigen "builders" at #/definitions/A/x-omnigen asks for the x-omnigen dialect`},
		{`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","x-omnigen":{"builders":[{"name":"makeA"}]}}}}`,
			resolve.Draft7, `#: x-omnigen "builders" at #/$defs/A/x-omnigen asks for the x-omnigen dialect, which is JSON Schema 2020-12; the schema is read as another draft`},
	} {
		_, err := LoadData([]byte(c.schema), "s.json", LoadOptions{Draft: c.draft})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("got %v, want %s…", err, c.want)
		}
		if _, err := LoadData([]byte(c.schema), "s.json", LoadOptions{Draft: c.draft, General: true}); err != nil {
			t.Errorf("validate --schema: %v", err)
		}
	}
}

// A keyword that makes no rule (an annotation, one the draft does not
// know), or a rule that shapes no type (not, if/then/else, the dependent
// keywords, propertyNames, contains: the emitters check them with the
// program), is no reason to refuse a schema in the dialect: lint refuses
// only the rules its emitters do not render.
func TestDialectAnnotationKeywords(t *testing.T) {
	s := build(t, `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","$anchor":"a","x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"n","field":"n"}]}]},
		"properties":{"n":{"type":"integer","readOnly":true,"unit":"ms"},"blob":{"type":"string","contentEncoding":"base64","contentMediaType":"image/png"}},
		"additionalProperties":false}}}`)
	if a := s.Lookup("A"); a == nil || len(a.Fields) != 2 || len(a.Builders) != 1 {
		t.Fatalf("A: %+v", a)
	}
	s = build(t, `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"n","field":"n"}]}]},
		"properties":{"n":{"type":"integer","not":{"const":3}},"m":{"type":"array","items":{"type":"integer"},"contains":{"const":1}},"k":{"type":"object","propertyNames":{"maxLength":2}}},
		"dependentRequired":{"m":["n"]},"dependentSchemas":{"k":{"required":["m"]}},"if":{"required":["k"]},"then":{"required":["n"]},"else":{"required":["m"]},
		"additionalProperties":false}}}`)
	if a := s.Lookup("A"); a == nil || len(a.Fields) != 3 || a.Select != nil {
		t.Fatalf("A with rules that shape no type: %+v", a)
	}
	for _, c := range []struct{ name, keyword string }{
		{"anyOf", `"anyOf":[{"minimum":1}]`},
		{"patternProperties", `"patternProperties":{"^x":{}}`},
		{"unevaluatedItems", `"unevaluatedItems":false`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := build(t, `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"n":{"type":"integer",`+c.keyword+`}}}}}`)
			if n := s.Lookup("A").Field("n"); n == nil || n.Type.Kind != KindInteger {
				t.Errorf("n: %+v", n)
			}
		})
	}
}

// If/then the codecs cannot choose a type by are checks: the property keeps
// its own type (JSON text of an object, not the x-omnigen union, whose
// checks its schema does not run), and a note says why. So does one whose
// object has no if/then at all.
func TestDialectSelectsOnlyWhereTheyChoose(t *testing.T) {
	const schema = `{"$ref":"#/$defs/E","$defs":{"E":{"type":"object","properties":{"kind":%s,"body":{"type":"object","x-omnigen":{"union":"U"}}},
		"required":["kind","body"],"additionalProperties":false,"allOf":[
			{"if":{"properties":{"kind":{"const":"x"}},"required":["kind"]},"then":{"properties":{"body":{"$ref":"#/$defs/X"}}}},
			{"if":{"properties":{"kind":{"const":"z"}},"required":["kind"]},"then":{"properties":{"body":{"$ref":"#/$defs/Z"}}}}]},
		"U":{"oneOf":[{"$ref":"#/$defs/X"},{"$ref":"#/$defs/Z"}]},
		"X":{"type":"object","properties":{"k":{"const":"x"}},"required":["k"],"additionalProperties":false},
		"Z":{"type":"object","properties":{"k":{"const":"z"}},"required":["k"],"additionalProperties":false}}}`
	s := build(t, fmt.Sprintf(schema, `{"enum":["x","z"]}`))
	if e := s.Lookup("E"); e.Select == nil || len(s.Notes) != 0 {
		t.Errorf("an enum with one if/then per value: select %v, notes %q", e.Select, s.Notes)
	}
}

// A schema is the dialect's only when it asks (x-omnigen beyond names):
// the same schema without annotations is any schema's, and with them its
// tuple is typed as any schema's is, with no note.
func TestDialectOnlyWhereAsked(t *testing.T) {
	schema := `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object",%s"properties":{"t":{"type":"array","prefixItems":[{"type":"string"}]}}}}}`
	s, err := LoadData([]byte(fmt.Sprintf(schema, "")), "s.json", LoadOptions{})
	if err != nil || s.Annotated {
		t.Errorf("without annotations: the dialect's %v, %v; want any schema's model", s != nil && s.Annotated, err)
	}
	s, err = LoadData([]byte(fmt.Sprintf(schema, `"x-omnigen":{"builders":[{"name":"makeA","params":[]}]},`)), "s.json", LoadOptions{})
	if err != nil || !s.Annotated || len(s.Notes) != 0 || s.Lookup("A").Field("t").Type.Kind != KindTuple {
		t.Errorf("with builders: the dialect's %v, notes %q, %v; want the dialect's, t a tuple", s != nil && s.Annotated, s.Notes, err)
	}
}
