package model

import (
	"os"
	"path/filepath"
	"testing"
)

// A $dynamicRef is typed where it lands whatever the path: on the root
// document's anchor when it has one (the outermost resource of every
// dynamic scope), on its static target when no other document has the
// anchor, and as exact JSON when another document has it, for then the
// path decides. Typed by its static target instead, a body that the root's
// union accepts was read into the base's closed object, and its members
// lost (issue: a Pong read as a Ping). The program is Scoped where the
// reference lands elsewhere than its static target: the type made of the
// target is not what it checks there.
func TestDynamicRefTypes(t *testing.T) {
	base := `{"$id": "https://example.com/base.json", "$defs": {
		"Envelope": {"type": "object", "properties": {"body": {"$dynamicRef": "#Body"}}, "required": ["body"]},
		"Body": {"$dynamicAnchor": "Body", "oneOf": [{"$ref": "#/$defs/Ping"}]},
		"Ping": {"type": "object", "properties": {"kind": {"const": "ping"}}, "required": ["kind"], "additionalProperties": false}}}`
	extends := func(id string) string {
		return `{"$id": "https://example.com/` + id + `", "$ref": "base.json#/$defs/Envelope", "$defs": {
			"Extended": {"$dynamicAnchor": "Body", "oneOf": [{"$ref": "base.json#/$defs/Body"}, {"$ref": "#/$defs/Pong"}]},
			"Pong": {"type": "object", "properties": {"kind": {"const": "pong"}}, "required": ["kind"], "additionalProperties": false}}}`
	}
	for _, c := range []struct {
		name   string
		files  map[string]string
		want   string
		scoped bool
	}{
		{"the root's anchor", map[string]string{"base.json": base, "root.json": extends("root.json")}, "Extended:union", true},
		{"no other anchor", map[string]string{"base.json": base, "root.json": `{"$ref": "base.json#/$defs/Envelope"}`}, "Ping:object", false},
		{"an anchor of a document between", map[string]string{"base.json": base, "middle.json": extends("middle.json"),
			"root.json": `{"$ref": "middle.json"}`}, "raw", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range c.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s, err := Load(filepath.Join(dir, "root.json"), LoadOptions{Schemas: []string{dir}})
			if err != nil {
				t.Fatal(err)
			}
			root := s.Root
			if root.Kind != KindObject {
				t.Fatalf("the root is %s", shapeName(root))
			}
			if got := shapeName(root.Field("body").Type); got != c.want {
				t.Errorf("body is %s, want %s", got, c.want)
			}
			if s.Program.Scoped != c.scoped {
				t.Errorf("Scoped = %v, want %v", s.Program.Scoped, c.scoped)
			}
		})
	}
}

// shapeName is a type as the tests name it: Name:kind.
func shapeName(t *Type) string {
	if t == nil {
		return "nil"
	}
	if t.Name == "" {
		return t.Kind.String()
	}
	return t.Name + ":" + t.Kind.String()
}
