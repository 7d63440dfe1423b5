package resolve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A meta-schema whose $schema is its own $id (as the json-schema-tools
// meta-schema of OpenRPC is) is read once, its draft told by its forms:
// reading it again as its own meta-schema never ended.
func TestSelfDescribedMetaSchema(t *testing.T) {
	dir := t.TempDir()
	meta := `{"$schema": "https://meta.example.com/meta.json", "$id": "https://meta.example.com/meta.json",
		"type": ["object", "boolean"], "definitions": {"list": {"type": "array", "items": {"$ref": "#"}}},
		"properties": {"items": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/list"}]}, "not": {"$ref": "#"}}}`
	if err := os.WriteFile(filepath.Join(dir, "meta.json"), []byte(meta), 0o644); err != nil {
		t.Fatal(err)
	}
	set := NewSet(Options{RefMap: []Mapping{{Prefix: "https://meta.example.com/", Dir: dir}}})
	root, err := set.LoadBytes([]byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"s": {"$ref": "https://meta.example.com/meta.json"}}}`), "file:///root.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := set.Resolve(set.Sub(root, "properties/s"), "$ref", "https://meta.example.com/meta.json")
	if err != nil {
		t.Fatal(err)
	}
	if m.Draft != Draft7 && m.Draft != Draft2020 {
		t.Errorf("draft %v", m.Draft)
	}
	if notes := strings.Join(set.Notes(), "\n"); !strings.Contains(notes, "describes itself") {
		t.Errorf("no note says the meta-schema describes itself: %q", notes)
	}
}
