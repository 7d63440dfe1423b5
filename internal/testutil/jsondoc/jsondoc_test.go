package jsondoc

import (
	"bytes"
	"os"
	"testing"
)

// The canonical schema decodes and encodes back to itself modulo layout:
// keys keep their order, numbers their text.
func TestRoundTripKeepsOrder(t *testing.T) {
	data, err := os.ReadFile("../../../schema/omnimessage.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	out := Encode(v)
	again, err := Decode(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(Encode(again), out) {
		t.Error("encoding is not stable")
	}
	defs := v.(*Object).Obj("$defs")
	if k := defs.Keys(); k[0] != "OmniMessage" || k[1] != "Timestamp" {
		t.Errorf("$defs keys in order %v", k[:2])
	}
	if k := defs.Obj("TextPayload", "properties").Keys(); k[0] != "type" || k[1] != "role" || k[2] != "text" {
		t.Errorf("properties %v", k)
	}
}

func TestEdit(t *testing.T) {
	v, err := Decode([]byte(`{"b":1,"a":[{"x":1e3,"y":"<&>"}],"c":null}`))
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*Object)
	c := Clone(o).(*Object)
	o.Obj("a", "0").Set("z", New("k", true))
	o.Obj("a", "0").Set("x", "one")
	o.Delete("b")
	o.Rename("c", "d")
	o.Rename("d", "c")
	o.Delete("missing")
	want := "{\n  \"a\": [\n    {\n      \"x\": \"one\",\n      \"y\": \"<&>\",\n      \"z\": {\n        \"k\": true\n      }\n    }\n  ],\n  \"c\": null\n}\n"
	if got := string(Encode(o)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := string(Encode(c)); got != "{\n  \"b\": 1,\n  \"a\": [\n    {\n      \"x\": 1e3,\n      \"y\": \"<&>\"\n    }\n  ],\n  \"c\": null\n}\n" {
		t.Errorf("the clone changed:\n%s", got)
	}
	if o.At("a", "5") != nil || o.At("nope", "x") != nil {
		t.Error("At of a missing path")
	}
	if _, err := Decode([]byte(`{} {}`)); err == nil {
		t.Error("trailing data accepted")
	}
}
