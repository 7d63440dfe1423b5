package open

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// The members a note's schema does not declare are kept, in order, as
// exact JSON, and written back where they came.
func TestExtraKept(t *testing.T) {
	for _, in := range []string{`{"id":"a","text":"t","7":1}`, `{"7":1,"x":2,"id":"a","3":0,"text":"t"}`} {
		// Names that are array indexes keep their place too, declared
		// ("7") or not ("3"), as the generated TypeScript keeps it.
		n, err := Unmarshal([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if out, err := Marshal(n); err != nil || string(out) != in {
			t.Errorf("Marshal: %s, %v; want %s", out, err, in)
		}
	}
	in := `{"x":1,"id":"a","y":{"b":[1,200]},"text":"hi","2":true,"meta":{"k":"v"}}`
	n, err := Unmarshal([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Extra) != 3 || n.Extra[0].Name != "x" || string(n.Extra[1].Value) != `{"b":[1,200]}` || n.Extra[2].Name != "2" {
		t.Fatalf("Extra %+v", n.Extra)
	}
	if n.Meta == nil || len(n.Meta.Extra) != 1 || string(n.Meta.Extra[0].Value) != `"v"` {
		t.Fatalf("Meta %+v", n.Meta)
	}
	out, err := Marshal(n)
	if err != nil || string(out) != in {
		t.Fatalf("Marshal: %s, %v; want %s", out, err, in)
	}
}

// A note built in code writes its properties, then its members in the
// order Extra lists them.
func TestExtraBuilt(t *testing.T) {
	n := NewNote("a", "hi")
	n.Extra = []Member{{Name: "z", Value: json.RawMessage(`1.0`)}, {Name: "a", Value: json.RawMessage(`[ ]`)}}
	out, err := Marshal(*n)
	if err != nil || string(out) != `{"id":"a","text":"hi","z":1,"a":[]}` {
		t.Fatalf("Marshal: %s, %v", out, err)
	}
}

// Marshal writes only what Unmarshal accepts: a member named as a
// property, or twice, or whose value is not JSON, fails.
func TestExtraRefused(t *testing.T) {
	for _, extra := range [][]Member{
		{{Name: "id", Value: json.RawMessage(`1`)}},
		{{Name: "q", Value: json.RawMessage(`1`)}, {Name: "q", Value: json.RawMessage(`2`)}},
		{{Name: "q", Value: json.RawMessage(`{`)}},
	} {
		n := NewNote("a", "hi")
		n.Extra = extra
		var e *Error
		if _, err := Marshal(*n); !errors.As(err, &e) {
			t.Errorf("%+v: Marshal: %v, want an *Error", extra, err)
		}
	}
}

// Validate, which reads without keeping the text, gives Unmarshal's verdict
// and problem.
func TestValidateAgrees(t *testing.T) {
	for _, doc := range []string{
		`{"x":1,"id":"a","y":{"b":[1,200,{"c":null}]},"text":"hi","z":"\u00e9"}`,
		`{"b":"c","2":true,"id":"a","10":null,"text":"x"}`,
		`{"id":"a","text":"t","meta":{"1":2,"k":"v","":[]}}`,
		`{"id":"a","x":1,"text":"t","x":2}`,
		`{"id":"a","text":"t","meta":{"k":1e400}}`,
		`{"id":"a","text":"t","extra":{"a":1,"a":2}}`,
		`{"id":"a","text":"t","meta":{"k":"v","k":"w"}}`,
		`{"id":"a","text":"t","x":[1,}`,
		`{"x":1,"text":"t"}`,
	} {
		_, uerr := Unmarshal([]byte(doc))
		verr := Validate([]byte(doc))
		if fmt.Sprint(uerr) != fmt.Sprint(verr) {
			t.Errorf("%s: Unmarshal %v, Validate %v", doc, uerr, verr)
		}
	}
}

// A nullable object property is absent (nil), null, or a value.
func TestNullableObject(t *testing.T) {
	for _, c := range []struct{ in, reply string }{
		{`{"id":"b","text":"t"}`, "absent"},
		{`{"id":"b","text":"t","reply":null}`, "null"},
		{`{"id":"b","text":"t","reply":{"id":"a"}}`, "a"},
	} {
		n, err := Unmarshal([]byte(c.in))
		if err != nil {
			t.Fatal(err)
		}
		got := "absent"
		switch {
		case n.Reply == nil:
		case n.Reply.Null:
			got = "null"
		default:
			got = n.Reply.Value.ID
		}
		out, err := Marshal(n)
		if got != c.reply || err != nil || string(out) != c.in {
			t.Errorf("%s: reply %s, written %s, %v", c.in, got, out, err)
		}
	}
}
