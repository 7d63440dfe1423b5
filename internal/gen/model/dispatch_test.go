package model

import (
	"fmt"
	"strings"
	"testing"
)

// A union's Dispatch holds what the rules prove, in the draft the schema is
// read in: a member is told by its tag only where it requires the tag and
// allows only strings there.
func TestDispatch(t *testing.T) {
	const members = `[
		{"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}}},
		{"required": ["kind"], "properties": {"kind": {"enum": ["b", "c"]}}},
		{"type": "object", "properties": {"kind": {"const": "d"}}},
		{"$ref": "#/DEFS/E"},
		{"oneOf": [{"required": ["kind"], "properties": {"kind": {"const": "f"}}}, {"required": ["kind"], "properties": {"kind": {"const": "g"}}}]}
	]`
	const defs = `{"E": {"required": ["kind"], "properties": {"kind": {"$ref": "#/DEFS/EKind"}}}, "EKind": {"const": "e"}}`
	for _, tc := range []struct {
		schema, want string
	}{
		{
			// 2020-12: every member but the one that does not require its tag.
			`{"$schema": "https://json-schema.org/draft/2020-12/schema", "oneOf": ` + strings.ReplaceAll(members, "DEFS", "$defs") + `, "$defs": ` + strings.ReplaceAll(defs, "DEFS", "$defs") + `}`,
			`[[a] [b c] [] [e] [f g]]`,
		},
		{
			// Draft 4 has no const: only the enum tells its member.
			`{"$schema": "http://json-schema.org/draft-04/schema#", "anyOf": ` + strings.ReplaceAll(members, "DEFS", "definitions") + `, "definitions": ` + strings.ReplaceAll(defs, "DEFS", "definitions") + `}`,
			`[[] [b c] [] [] []]`,
		},
		{
			// Draft 7 ignores what stands beside a $ref.
			`{"$schema": "http://json-schema.org/draft-07/schema#", "oneOf": [
				{"$ref": "#/definitions/X", "required": ["kind"], "properties": {"kind": {"const": "a"}}},
				{"required": ["kind"], "properties": {"kind": {"const": "b"}}}
			], "definitions": {"X": {}}}`,
			`[[] [b]]`,
		},
	} {
		s, err := LoadData([]byte(tc.schema), "schema.json", LoadOptions{General: true})
		if err != nil {
			t.Fatal(err)
		}
		var got Dispatch
		for _, r := range s.Program.Roots[0].Rules {
			var cl *Closest
			switch r := r.(type) {
			case *OneOfRule:
				cl = r.Closest
			case *AnyOfRule:
				cl = r.Closest
			}
			if cl != nil {
				got = cl.Dispatch
			}
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("%.80s…: dispatch %s, want %s", tc.schema, s, tc.want)
		}
	}
}
