package model

import (
	"strings"
	"testing"
)

// A union whose members include unions of its definitions keeps them as
// members (ModelPayload = CompleteModelPayload | PartialModelPayload)
// when every object below carries one const tag with a value of its own;
// otherwise, and for unions written inline, it is one union of all the
// objects.
func TestNestedUnions(t *testing.T) {
	object := func(tag string) string {
		return `{"type": "object", "required": ["kind"], "properties": {"kind": {"const": "` + tag + `"}}}`
	}
	untagged := `{"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}`
	for _, c := range []struct {
		name, defs string
		nested     bool
	}{
		{"definitions", `"Change": {"oneOf": [` + object("moved") + `, ` + object("renamed") + `]}`, true},
		{"an untagged object below", `"Change": {"oneOf": [` + object("moved") + `, ` + untagged + `]}`, false},
		{"a tag twice", `"Change": {"oneOf": [` + object("moved") + `, ` + object("created") + `]}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			schema := `{"$defs": {` + c.defs + `}, "type": "object", "properties": {"p": {"oneOf": [` + object("created") + `, {"$ref": "#/$defs/Change"}]}}}`
			s, err := LoadData([]byte(schema), "doc.json", LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			u := s.Root.Field("p").Type
			nested := false
			for _, m := range u.Members {
				nested = nested || m.Kind == KindUnion
			}
			switch {
			case !c.nested && nested:
				t.Errorf("p keeps a member union: %v", describeMembers(u))
			case c.nested && (describeMembers(u) != "PCreated Change" || u.By != ByTag || u.Discriminator != "kind"):
				t.Errorf("p is %v by %d (%q), want PCreated Change by kind", describeMembers(u), u.By, u.Discriminator)
			}
		})
	}

	// An inline oneOf of a oneOf is one union, whatever its tags.
	inline := `{"type": "object", "properties": {"p": {"oneOf": [` + object("a") + `, {"oneOf": [` + object("b") + `, ` + object("c") + `]}]}}}`
	s, err := LoadData([]byte(inline), "doc.json", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Root.Field("p").Type; len(u.Members) != 3 || u.By != ByTag {
		t.Errorf("an inline union of a union is %v by %d, want three objects by tag", describeMembers(u), u.By)
	}
}

// describeMembers names a union's members by their hints' names.
func describeMembers(u *Type) string {
	var names []string
	for _, m := range u.Members {
		n := m.Name
		if n == "" {
			n = m.Kind.String()
		}
		names = append(names, n)
	}
	return strings.Join(names, " ")
}
