package anynullabledefs

import (
	"encoding/json"
	"errors"
	"testing"
)

// Hand-written: a definition whose schema allows null is two Go types, the
// value (Label) and the value or null (NullLabel). The value's
// UnmarshalJSON refuses null, which it cannot hold, as a value of another
// type, instead of reading it as "" and writing that back; the wrapper
// reads null, and a document that holds null where the schema allows it
// reads and writes back unchanged.

func TestValueRefusesNull(t *testing.T) {
	var label Label
	var lamp Lamp
	for _, c := range []struct {
		into    json.Unmarshaler
		doc     string
		keyword string
		message string
	}{
		{&label, `null`, "type", "must be string, got null"},
		{&label, `"too long a label"`, "maxLength", "must be at most 8 characters long, got 16"},
		{&label, `5`, "type", "must be null or string, got number"},
		{&lamp, `null`, "type", "must be object, got null"},
	} {
		err := c.into.UnmarshalJSON([]byte(c.doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != "" || e.Keyword != c.keyword || e.Message != c.message {
			t.Errorf("%T.UnmarshalJSON(%s) = %v, want %s: %s", c.into, c.doc, err, c.keyword, c.message)
		}
	}
	if err := label.UnmarshalJSON([]byte(`"desk"`)); err != nil || label != "desk" {
		t.Errorf(`Label.UnmarshalJSON("desk") = %q, %v`, label, err)
	}
	// encoding/json hands null to the UnmarshalJSON of a field that is no
	// pointer: the field's type decides, and Label holds no null.
	var holder struct{ L Label }
	if err := json.Unmarshal([]byte(`{"L":null}`), &holder); err == nil {
		t.Errorf("json.Unmarshal of null into a Label field read %q", holder.L)
	}
}

func TestNullWhereAllowed(t *testing.T) {
	const doc = `{"lamp":null,"label":null,"spare":null}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if v.Label == nil || !v.Label.Null || v.Lamp == nil || !v.Lamp.Null {
		t.Errorf("read %+v", v)
	}
	out, err := Marshal(v)
	if err != nil || string(out) != doc {
		t.Errorf("Marshal = %s, %v; want %s", out, err, doc)
	}
}
