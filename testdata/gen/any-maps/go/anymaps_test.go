package anymaps

import (
	"fmt"
	"strings"
	"testing"
)

// Hand-written: with maps native, a map is a Go map (indexing, len, range
// work on it), and Marshal writes its keys sorted; the struct keeps the
// order of its own keys (the members it does not declare, a Go map too,
// among them; new ones after them, sorted).
func TestNativeMaps(t *testing.T) {
	doc := `{"labels":{"z":"1","a":"2"},"images":{"web":{"digest":"sha256:1","tags":["v1"]},"db":{"digest":"sha256:2"}},"retries":3,"bulk":1}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var images map[string]Image = v.Images
	if len(images) != 2 || images["db"].Digest != "sha256:2" {
		t.Errorf("images: %+v", images)
	}
	var labels map[string]string = v.Labels
	if labels["z"] != "1" {
		t.Errorf("labels: %+v", labels)
	}
	if v.Extra["retries"] != 3 || v.Extra["bulk"] != 1 {
		t.Errorf("extra: %+v", v.Extra)
	}
	out, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"labels":{"a":"2","z":"1"},"images":{"db":{"digest":"sha256:2"},"web":{"digest":"sha256:1","tags":["v1"]}},"retries":3,"bulk":1}`
	if string(out) != want {
		t.Errorf("Marshal:\n got %s\nwant %s", out, want)
	}
	v.Images["api"] = Image{Digest: "sha256:3"}
	v.Extra["zeta"] = 9
	out, err = Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want = `{"labels":{"a":"2","z":"1"},"images":{"api":{"digest":"sha256:3"},"db":{"digest":"sha256:2"},"web":{"digest":"sha256:1","tags":["v1"]}},"retries":3,"bulk":1,"zeta":9}`
	if string(out) != want {
		t.Errorf("Marshal after edits:\n got %s\nwant %s", out, want)
	}
	// An undeclared member named as a declared property would be written
	// twice, or one of the two dropped: Marshal refuses it.
	v.Extra["labels"] = 5
	if out, err := Marshal(v); err == nil || err.Error() != `/labels: duplicate property "labels"` {
		t.Errorf("Marshal of an undeclared member named labels: %s, %v", out, err)
	}
}

// TestValidateAsUnmarshal: Validate, which keeps nothing of the maps it
// reads, judges documents (valid, with a key given twice, with a wrong
// value in a map) as Unmarshal does, with the same error.
func TestValidateAsUnmarshal(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"images":{},"labels":{}}`, ""},
		{`{"zeta":1,"images":{"b":{"tags":[],"digest":"d"},"a":{"digest":"c"}},"alpha":2}`, ""},
		{`{"images":{"web":{"digest":"a"},"web":{"digest":"b"}}}`, `/images/web: duplicate property "web"`},
		{`{"images":{"web":{"digest":"a"}},"bulk":1,"bulk":2}`, `/bulk: duplicate property "bulk"`},
		{`{"images":{"web":{"tags":["v1"]}},"labels":{"a":1}}`, `/images/web/digest: missing required property "digest"`},
		{`{"images":{"web":{"digest":"a"}},"retries":1.5}`, `/retries: must be integer, got number`},
	} {
		_, uerr := Unmarshal([]byte(c.doc))
		verr := Validate([]byte(c.doc))
		if fmt.Sprint(uerr) != fmt.Sprint(verr) || (c.want == "") != (uerr == nil) || uerr != nil && !strings.HasPrefix(uerr.Error(), c.want) {
			t.Errorf("%s: Unmarshal says %v, Validate %v; want %q", c.doc, uerr, verr, c.want)
		}
	}
}
