package model

import (
	"fmt"
	"strings"
	"testing"
)

// A property whose schema a sibling's const picks (an allOf of if/then,
// or the object's own if/then) is a union told apart by that sibling:
// Select. Its cases are the then schemas' types, and the property's own
// type is one more (Else) when the sibling may have a value no if names.
// Conditionals of another form leave the property as its own schema types
// it.
func TestSelectField(t *testing.T) {
	branch := func(by, value, field, schema string, required bool) string {
		req := ""
		if required {
			req = fmt.Sprintf(`, "required": [%q]`, by)
		}
		return fmt.Sprintf(`{"if": {"properties": {%q: {"const": %q}}%s}, "then": {"properties": {%q: %s}}}`, by, value, req, field, schema)
	}
	object := func(kind, allOf string) string {
		return `{"type": "object", "required": ["kind", "body"], "properties": {"kind": ` + kind + `, "other": {"type": "string"}, "body": {"type": "object"}}, "allOf": [` + allOf + `]}`
	}
	a, b := `{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"type": "object", "properties": {"b": {"type": "integer"}}}`
	for _, c := range []struct {
		name, schema string
		// want is the body's type: its cases, value=kind, then else=kind;
		// or the kind of a type without Select.
		want string
	}{
		{"enum of the values", object(`{"enum": ["a", "b"]}`, branch("kind", "a", "body", a, true)+","+branch("kind", "b", "body", b, false)),
			"a=object b=object"},
		{"any string", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+","+branch("kind", "b", "body", b, true)),
			"a=object b=object else=map"},
		{"a value no branch names", object(`{"enum": ["a", "b", "c"]}`, branch("kind", "a", "body", a, true)+","+branch("kind", "b", "body", b, true)),
			"a=object b=object else=map"},
		{"one case, and any other value", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)),
			"a=object else=map"},
		{"one case for the one value", object(`{"const": "a"}`, branch("kind", "a", "body", a, true)),
			"map"},
		{"two siblings", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+","+branch("other", "b", "body", b, true)),
			"map"},
		{"two fields", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+","+branch("kind", "b", "other", `{"const": "x"}`, true)),
			"map"},
		{"one value twice", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+","+branch("kind", "a", "body", b, true)),
			"map"},
		{"an else", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+`,{"if": {"properties": {"kind": {"const": "b"}}}, "then": {"properties": {"body": `+b+`}}, "else": {}}`),
			"map"},
		{"an if of more", object(`{"type": "string"}`, branch("kind", "a", "body", a, true)+`,{"if": {"properties": {"kind": {"const": "b"}}, "minProperties": 2}, "then": {"properties": {"body": `+b+`}}}`),
			"map"},
		{"thens of checks only", object(`{"type": "string"}`, branch("kind", "a", "body", `{"minProperties": 1}`, true)+","+branch("kind", "b", "body", `{"maxProperties": 3}`, true)),
			"map"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := LoadData([]byte(c.schema), "doc.json", LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			body := s.Root.Field("body").Type
			if got := describeSelect(s.Root, body); got != c.want {
				t.Errorf("body is %s, want %s", got, c.want)
			}
		})
	}

	// An optional sibling: an absent one passes every if that does not
	// require it, so only ifs that do make a Select.
	optional := `{"type": "object", "properties": {"kind": {"enum": ["a", "b"]}, "body": {}}, "allOf": [` +
		branch("kind", "a", "body", a, false) + "," + branch("kind", "b", "body", b, false) + `]}`
	s, err := LoadData([]byte(optional), "doc.json", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := describeSelect(s.Root, s.Root.Field("body").Type); got != "raw" {
		t.Errorf("body with an optional kind and ifs that do not require it is %s, want raw", got)
	}
	required := strings.Replace(optional, branch("kind", "a", "body", a, false)+","+branch("kind", "b", "body", b, false),
		branch("kind", "a", "body", a, true)+","+branch("kind", "b", "body", b, true), 1)
	if s, err = LoadData([]byte(required), "doc.json", LoadOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := describeSelect(s.Root, s.Root.Field("body").Type); got != "a=object b=object else=raw" {
		t.Errorf("body with an optional kind that the ifs require is %s, want a=object b=object else=raw", got)
	}
}

// A property's x-omnigen "union" names the union that types it when that
// union has every case as a member (OmniMessage's payload is an
// OmniPayload); otherwise the cases make a union of their own.
func TestSelectFieldNamedUnion(t *testing.T) {
	schema := func(members string) string {
		return `{"type": "object", "required": ["kind", "body"], "properties": {"kind": {"enum": ["a", "b"]},
			"body": {"type": "object", "x-omnigen": {"union": "AnyBody"}}}, "allOf": [
			{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"properties": {"body": {"$ref": "#/$defs/A"}}}},
			{"if": {"properties": {"kind": {"const": "b"}}}, "then": {"properties": {"body": {"$ref": "#/$defs/B"}}}}],
			"$defs": {"AnyBody": {"oneOf": [` + members + `]},
			"A": {"type": "object", "required": ["x"], "properties": {"x": {"type": "string"}}},
			"B": {"type": "object", "required": ["y"], "properties": {"y": {"type": "integer"}}}}}`
	}
	for _, c := range []struct {
		members, want string
	}{
		{`{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}`, "AnyBody A B"},
		{`{"$ref": "#/$defs/A"}`, "Body A B"},
	} {
		// x-omnigen "union" asks for the dialect: the shaper's own model.
		s, err := general([]byte(schema(c.members)), "doc.json", LoadOptions{}, false)
		if err != nil {
			t.Fatal(err)
		}
		body := s.Root.Field("body").Type
		if got := body.Name + " " + describeMembers(body); got != c.want || s.Root.Select == nil {
			t.Errorf("with AnyBody of %s, body is %q (select %v), want %q", c.members, got, s.Root.Select != nil, c.want)
		}
	}
}

// describeSelect writes the type of a field of holder: its Select's cases
// and else, or its kind.
func describeSelect(holder, field *Type) string {
	if field.Kind != KindUnion || field.By != BySelect {
		return field.Kind.String()
	}
	sel := holder.Select
	if sel == nil || sel.Field.Type != field {
		return "a union by select without its Select"
	}
	return describeCases(sel)
}

// describeCases writes a Select's cases, value=kind, then else=kind.
func describeCases(sel *Select) string {
	var parts []string
	for _, c := range sel.Cases {
		parts = append(parts, c.Value+"="+c.Type.Kind.String())
	}
	if sel.Else != nil {
		parts = append(parts, "else="+sel.Else.Kind.String())
	}
	return strings.Join(parts, " ")
}

// An object whose conditionals each give the whole value a schema that
// declares the property the if tests is the union of those schemas'
// types, told apart by that property (Select without Field); a then
// that does not declare it, or an else, leaves the object as it is.
func TestWholeSelect(t *testing.T) {
	then := func(extra string) string {
		return `{"type": "object", "properties": {"kind": {"type": "string"}` + extra + `}, "required": ["kind"]}`
	}
	object := func(allOf string) string {
		return `{"type": "object", "properties": {"kind": {"enum": ["a", "b"]}}, "required": ["kind"], "allOf": [` + allOf + `]}`
	}
	branch := func(value, then string) string {
		return `{"if": {"properties": {"kind": {"const": "` + value + `"}}}, "then": ` + then + `}`
	}
	for _, c := range []struct {
		name, schema, want string
	}{
		{"each then declares kind", object(branch("a", then(`, "x": {"type": "string"}`)) + "," + branch("b", then(`, "y": {"type": "integer"}`))), "a=object b=object"},
		{"a then without kind", object(branch("a", then("")) + "," + branch("b", `{"type": "object", "properties": {"y": {"type": "integer"}}}`)), "object"},
		{"an else", object(branch("a", then("")) + `,{"if": {"properties": {"kind": {"const": "b"}}}, "then": ` + then("") + `, "else": false}`), "object"},
	} {
		s, err := LoadData([]byte(c.schema), "doc.json", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := s.Root.Kind.String()
		if sel := s.Root.Select; sel != nil && sel.Field == nil && s.Root.By == BySelect {
			got = describeCases(sel)
		}
		if got != c.want {
			t.Errorf("%s: the object is %s, want %s", c.name, got, c.want)
		}
	}
}

// An if that tests only the JSON type, with a then and an else, is a
// union by kind of the two (Flatpak's sources: a source object, or the
// name of a file); an if that tests more leaves the value exact JSON.
func TestKindConditional(t *testing.T) {
	for _, c := range []struct {
		ifs, want string
	}{
		{`{"type": "object"}`, "union:object string"},
		{`{"type": "object", "required": ["a"]}`, "raw"},
	} {
		schema := `{"type": "object", "properties": {"p": {"if": ` + c.ifs + `, "then": {"type": "object", "properties": {"a": {"type": "string"}}}, "else": {"type": "string"}}}}`
		s, err := LoadData([]byte(schema), "doc.json", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p := s.Root.Field("p").Type
		got := p.Kind.String()
		if p.Kind == KindUnion {
			var kinds []string
			for _, m := range p.Members {
				kinds = append(kinds, jsonKindOf(m))
			}
			got += ":" + strings.Join(kinds, " ")
		}
		if got != c.want {
			t.Errorf("if %s: p is %s, want %s", c.ifs, got, c.want)
		}
	}
}
