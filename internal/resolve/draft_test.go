package resolve

import "testing"

// A schema without $schema is read as the draft whose forms it uses.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   Draft
	}{
		{`{"type": "object"}`, Draft2020},
		{`{"properties": {"a": {"$id": "#item", "type": "string"}}}`, Draft7},
		{`{"definitions": {"a": {"id": "#item", "type": "string"}}}`, Draft4},
		{`{"id": "#item"}`, Draft4},
		{`{"$id": "https://example.com/s.json"}`, Draft2020},
		{`{"$id": "#"}`, Draft2020},
		{`{"exclusiveMinimum": true, "minimum": 1}`, Draft4},
		{`{"items": [{"type": "string"}]}`, Draft7},
	} {
		v, err := Decode([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		if got := sniff(v); got != c.want {
			t.Errorf("%s: %v, want %v", c.schema, got, c.want)
		}
	}
}

// A plain-name $id in a schema without $schema is an anchor, as drafts 6
// and 7 say, and a $ref resolves to it.
func TestPlainNameID(t *testing.T) {
	set := NewSet(Options{})
	root, err := set.LoadBytes([]byte(`{"properties": {"a": {"$ref": "#item"}}, "definitions": {"item": {"$id": "#item", "type": "string"}}}`), "file:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	if root.Draft != Draft7 {
		t.Errorf("draft %v, want draft 7", root.Draft)
	}
	a := set.Sub(root, "properties/a")
	item, err := set.Resolve(a, "$ref", "#item")
	if err != nil {
		t.Fatal(err)
	}
	if item.Ptr != "/definitions/item" {
		t.Errorf("#item resolved to %s", item.Loc())
	}
}
