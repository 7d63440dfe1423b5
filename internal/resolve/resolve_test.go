package resolve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file whose root $id is a URL says where its siblings live: a relative
// reference (common.json from https://example.com/orders.json) that no
// --ref-map resolves is read from beside the file, as a person who keeps
// the two files side by side expects. A reference that is not there
// still says that omnigen never fetches, and a --ref-map still wins.
func TestSiblingOfAnID(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	root := write("orders.json", `{"$id": "https://example.com/schemas/orders.json",
		"properties": {"c": {"$ref": "common.json#/$defs/C"}, "gone": {"$ref": "gone.json"}, "m": {"$ref": "sub/mapped.json"}}}`)
	write("common.json", `{"$defs": {"C": {"type": "string"}}}`)
	write("sub/mapped.json", `{"type": "string", "title": "beside"}`)
	write("elsewhere/mapped.json", `{"type": "integer", "title": "mapped"}`)

	set := NewSet(Options{RefMap: []Mapping{{Prefix: "https://example.com/schemas/sub/", Dir: filepath.Join(dir, "elsewhere")}}})
	top, err := set.LoadFile(root)
	if err != nil {
		t.Fatal(err)
	}
	c, err := set.Resolve(set.Sub(top, "properties/c"), "$ref", "common.json#/$defs/C")
	if err != nil {
		t.Fatalf("the sibling is not read: %v", err)
	}
	if c.Doc.Name != "common.json" || c.Ptr != "/$defs/C" || c.Object().Str("type") != "string" {
		t.Errorf("resolved to %s, %v", c.Loc(), c.Value)
	}
	if _, err := set.Resolve(set.Sub(top, "properties/gone"), "$ref", "gone.json"); err == nil ||
		!strings.Contains(err.Error(), "cannot resolve https://example.com/schemas/gone.json: omnigen never fetches") {
		t.Errorf("a sibling that is not there: %v", err)
	}
	m, err := set.Resolve(set.Sub(top, "properties/m"), "$ref", "sub/mapped.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Object().Str("title"); got != "mapped" {
		t.Errorf("--ref-map lost to the sibling: read the one titled %q", got)
	}
}

// A pointer that names nothing is reported with the document's path, not
// an absolute file URL that changes from machine to machine.
func TestMissingPointerNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	if err := os.WriteFile(path, []byte(`{"properties": {"a": {"$ref": "#/$defs/Nope"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	set := NewSet(Options{})
	top, err := set.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = set.Resolve(set.Sub(top, "properties/a"), "$ref", "#/$defs/Nope")
	if err == nil || !strings.HasSuffix(err.Error(), "no /$defs/Nope in "+path) {
		t.Errorf("got %v", err)
	}
}
