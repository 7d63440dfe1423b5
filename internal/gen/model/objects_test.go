package model

import (
	"strings"
	"testing"
)

// A union of objects that nothing tells apart but their checks is one
// object of their properties where that holds every value a member
// accepts; members with a tag, a property typed two ways, or a property an
// open member would take as any value stay a union.
func TestUnionOfObjects(t *testing.T) {
	closed := `"additionalProperties": false`
	schema := `{"type": "object", "properties": {
		"disjoint": {"oneOf": [
			{"type": "object", "required": ["a", "n"], "properties": {"a": {"type": "string"}, "n": {"type": "integer"}}, ` + closed + `},
			{"type": "object", "required": ["b", "n"], "properties": {"b": {"type": "array", "items": {"type": "string"}}, "n": {"type": "number"}}, ` + closed + `}]},
		"open": {"anyOf": [
			{"type": "object", "required": ["a"], "properties": {"a": {"enum": ["x", "y"]}, "b": {"type": "boolean"}}},
			{"type": "object", "required": ["b"], "properties": {"a": {"const": "z"}, "b": {"type": "boolean"}}}]},
		"typedExtra": {"anyOf": [
			{"type": "object", "properties": {"a": {"type": "integer", "minimum": 1}}, "additionalProperties": {"type": "integer"}},
			{"type": "object", "properties": {"b": {"type": "integer"}}, "additionalProperties": {"type": "integer"}}]},
		"twoWays": {"anyOf": [
			{"type": "object", "properties": {"v": {"type": "string"}}, ` + closed + `},
			{"type": "object", "properties": {"v": {"type": "integer"}}, ` + closed + `}]},
		"openOwn": {"anyOf": [
			{"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}},
			{"type": "object", "required": ["b"], "properties": {"b": {"type": "string"}}}]},
		"extraTwoWays": {"anyOf": [
			{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
			{"type": "object", "properties": {"b": {"type": "integer"}}, "additionalProperties": {"type": "integer"}}]},
		"tagged": {"oneOf": [
			{"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}, ` + closed + `},
			{"type": "object", "required": ["kind"], "properties": {"kind": {"const": "b"}}, ` + closed + `}]}
	}}`
	s, err := LoadData([]byte(schema), "doc.json", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	field := func(name string) *Type {
		t.Helper()
		f := s.Root.Field(name)
		if f == nil {
			t.Fatalf("no field %s", name)
		}
		return f.Type
	}
	// fields writes an object's fields as name:kind, ? for an optional one.
	fields := func(o *Type) string {
		var out []string
		for _, f := range o.Fields {
			k := f.Type.Kind.String()
			if f.Type.Kind == KindArray {
				k += "[" + f.Type.Items.Kind.String() + "]"
			}
			if !f.Required {
				k += "?"
			}
			out = append(out, f.Name+":"+k)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		name, fields string
		closed       bool
		additional   string
	}{
		{"disjoint", "a:string? n:number b:array[string]?", true, ""},
		{"open", "a:string? b:boolean?", false, ""},
		{"typedExtra", "a:integer? b:integer?", false, "integer"},
	} {
		o := field(c.name)
		if o.Kind != KindObject {
			t.Errorf("%s: %s, want one object", c.name, o.Kind)
			continue
		}
		if got := fields(o); got != c.fields {
			t.Errorf("%s: fields %s, want %s", c.name, got, c.fields)
		}
		if o.Closed != c.closed {
			t.Errorf("%s: closed %v, want %v", c.name, o.Closed, c.closed)
		}
		additional := ""
		if o.Additional != nil {
			additional = o.Additional.Kind.String()
		}
		if additional != c.additional {
			t.Errorf("%s: undeclared members %q, want %q", c.name, additional, c.additional)
		}
		if o.Check == nil || len(o.Members) != 0 {
			t.Errorf("%s: the object keeps the union's check and no members", c.name)
		}
	}
	for _, name := range []string{"twoWays", "openOwn", "extraTwoWays", "tagged"} {
		if u := field(name); u.Kind != KindUnion || len(u.Members) != 2 {
			t.Errorf("%s: %s of %d members, want a union of 2", name, u.Kind, len(u.Members))
		}
	}
	// The members made one object are not declared.
	for _, typ := range s.Types {
		if strings.Contains(typ.Pointer, "/properties/disjoint/") || strings.Contains(typ.Pointer, "/properties/open/") {
			t.Errorf("%s (%s) is declared, though the object replaced it", typ.Name, typ.Pointer)
		}
	}
}

// "const" is a keyword from draft 6 on: in a draft 4 schema it says
// nothing, so a property that writes it is no tag (a union told apart by
// it would refuse values the schema accepts); a one-value enum is.
func TestDraft4ConstIsNoTag(t *testing.T) {
	for _, c := range []struct {
		draft, kind string
		tag         bool
	}{
		{"http://json-schema.org/draft-04/schema#", `{"const": "a"}`, false},
		{"http://json-schema.org/draft-04/schema#", `{"enum": ["a"]}`, true},
		{"http://json-schema.org/draft-06/schema#", `{"const": "a"}`, true},
	} {
		schema := `{"$schema": "` + c.draft + `", "type": "object", "required": ["kind"], "properties": {"kind": ` + c.kind + `}}`
		s, err := LoadData([]byte(schema), "doc.json", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		f := s.Root.Field("kind")
		if got := f != nil && f.Const != nil; got != c.tag || (s.Root.Tag != nil) != c.tag {
			t.Errorf("%s %s: const %v, tag %v; want %v", c.draft, c.kind, got, s.Root.Tag != nil, c.tag)
		}
	}
}
