package model

import (
	"fmt"
	"testing"
)

// An "if" that only asks an object for a property equal to a string is a
// TagTest, and no check of its own; any other "if" is a check.
func TestTagTest(t *testing.T) {
	const head = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "then": {"required": ["x"]}, "if": `
	for _, tc := range []struct {
		ifSchema, want string
	}{
		{`{"properties": {"type": {"const": "a"}}, "required": ["type"]}`, `&{type a}`},
		{`{"required": ["type"], "properties": {"type": {"const": ""}}}`, `&{type }`},
		// A property not required, another required, a const not a
		// string, a keyword more, anywhere: a check.
		{`{"properties": {"type": {"const": "a"}}}`, `<nil>`},
		{`{"properties": {"type": {"const": "a"}}, "required": ["kind"]}`, `<nil>`},
		{`{"properties": {"type": {"const": 1}}, "required": ["type"]}`, `<nil>`},
		{`{"properties": {"type": {"const": "a", "type": "string"}}, "required": ["type"]}`, `<nil>`},
		{`{"properties": {"type": {"enum": ["a"]}}, "required": ["type"]}`, `<nil>`},
		{`{"type": "object", "properties": {"type": {"const": "a"}}, "required": ["type"]}`, `<nil>`},
		{`{"properties": {"type": {"const": "a"}, "b": true}, "required": ["type"]}`, `<nil>`},
		{`{"properties": {"type": {"const": "a"}}, "required": ["type", "type"]}`, `<nil>`},
		{`true`, `<nil>`},
	} {
		s, err := LoadData([]byte(head+tc.ifSchema+`}`), "schema.json", LoadOptions{General: true})
		if err != nil {
			t.Fatal(err)
		}
		var found *IfRule
		for _, r := range s.Program.Roots[0].Rules {
			if r, ok := r.(*IfRule); ok {
				found = r
			}
		}
		if found == nil {
			t.Fatalf("%s: no if rule", tc.ifSchema)
		}
		if got := fmt.Sprint(found.Tag); got != tc.want {
			t.Errorf("%s: tag %s, want %s", tc.ifSchema, got, tc.want)
		}
		if (found.Tag == nil) == (found.If == nil) {
			t.Errorf("%s: tag %v and if check %v: one of them, not both", tc.ifSchema, found.Tag, found.If)
		}
	}
}
