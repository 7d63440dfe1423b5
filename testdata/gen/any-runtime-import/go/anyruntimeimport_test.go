package anyruntimeimport

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/omnigen-dev/omnigen/runtime/omnigenrt"
)

// Hand-written: the package imports runtime/omnigenrt instead of carrying a
// copy, and works as a copying one does: a document comes back byte for
// byte, the checks (an ECMA-262 pattern, formats, a oneOf by its
// discriminator, uniqueItems, a tuple) reject what the schema does, with
// the same pointer and keyword, and its Error, Map and Member are the
// runtime's.
func TestImportedRuntime(t *testing.T) {
	doc := `{"name":"émile-2","version":"1.2.3","published":"2024-05-01T10:00:00Z","maintainer":"ops@example.com",` +
		`"stage":"beta","downloads":12,"labels":{"z":"1","a":"2"},"checksum":null,"range":[1,5],` +
		`"artifacts":[{"kind":"image","image":"web","size":1.5},{"kind":"archive","url":"https://example.com/a.tgz"}],"note":{"x":[1,2]}}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if img, ok := v.Artifacts[0].(*ArtifactImage); !ok || img.Image != "web" {
		t.Errorf("artifacts[0]: %#v", v.Artifacts[0])
	}
	var labels *omnigenrt.Map[string] = v.Labels
	if got, _ := labels.Get("z"); got != "1" || labels.Keys()[0] != "z" {
		t.Errorf("labels: %v", labels.Keys())
	}
	if v.Checksum == nil || !v.Checksum.Null || v.Range == nil || v.Range.Item1 == nil || *v.Range.Item1 != 5 {
		t.Errorf("checksum %+v, range %+v", v.Checksum, v.Range)
	}
	if len(v.Extra) != 1 || v.Extra[0].Name != "note" {
		t.Errorf("extra: %+v", v.Extra)
	}
	out, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != doc {
		t.Errorf("Marshal:\n got %s\nwant %s", out, doc)
	}
	viaJSON, err := json.Marshal(v)
	if err != nil || string(viaJSON) != doc {
		t.Errorf("json.Marshal: %s, %v", viaJSON, err)
	}

	for _, c := range []struct{ doc, pointer, keyword string }{
		{`{"name":"-x","version":"1.0.0","artifacts":[{"kind":"image","image":"a"}]}`, "/name", "pattern"},
		{`{"name":"x","version":"1.0","artifacts":[{"kind":"image","image":"a"}]}`, "/version", "pattern"},
		{`{"name":"x","version":"1.0.0","maintainer":"nobody","artifacts":[{"kind":"image","image":"a"}]}`, "/maintainer", "format"},
		{`{"name":"x","version":"1.0.0","artifacts":[{"kind":"image","image":""}]}`, "/artifacts/0/image", "minLength"},
		{`{"name":"x","version":"1.0.0","artifacts":[{"kind":"image","image":"a"},{"kind":"image","image":"a"}]}`, "/artifacts", "uniqueItems"},
		{`{"name":"x","version":"1.0.0","range":[1,2,3],"artifacts":[{"kind":"image","image":"a"}]}`, "/range/2", "additionalItems"},
		{`{"name":"x","version":"1.0.0","artifacts":[]}`, "/artifacts", "minItems"},
	} {
		err := Validate([]byte(c.doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != c.pointer || e.Keyword != c.keyword {
			t.Errorf("Validate(%s) = %v; want %s (%s)", c.doc, err, c.pointer, c.keyword)
		}
		var re *omnigenrt.Error = e
		if _, err := Unmarshal([]byte(c.doc)); err == nil || re == nil {
			t.Errorf("Unmarshal(%s) accepted it", c.doc)
		}
	}
}
