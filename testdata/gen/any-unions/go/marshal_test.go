package anyunions

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// Marshal refuses a union member that Unmarshal would read back as
// another member (a SocketTarget that holds a host and a port, which
// NetworkTarget, tried first, accepts), and says what is wrong where. A
// member told apart by its kind always is: no field holds its kind, which
// Marshal writes. A member that makes the whole value invalid is reported
// as Unmarshal reports what was written.
func TestMarshalKeepsTheMember(t *testing.T) {
	socket := &SocketTarget{Socket: "/run/s", Extra: []Member{{Name: "host", Value: json.RawMessage(`"h"`)}, {Name: "port", Value: json.RawMessage(`80`)}}}
	for _, c := range []struct {
		name                   string
		v                      Event
		pointer, keyword, want string
	}{
		{"a member tried before", Event{Payload: &Created{Name: "x"}, Target: socket}, "/target", "", "Unmarshal would read it back as *NetworkTarget, not *SocketTarget"},
	} {
		out, err := Marshal(c.v)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Keyword != c.keyword || perr.Message != c.want {
			t.Errorf("%s: Marshal = %s, %v; want the error %s: %s [%s]", c.name, out, err, c.pointer, c.want, c.keyword)
		}
	}

	// The kind is the member's: Marshal writes it where the schema has it.
	if out, err := Marshal(Event{Payload: &Created{Name: "x"}}); err != nil || string(out) != `{"payload":{"kind":"created","name":"x"}}` {
		t.Errorf("Marshal of a Created: %s, %v", out, err)
	}

	// Invalid as written: the error is the one Unmarshal gives.
	_, want := Unmarshal([]byte(`{"payload":{"kind":"renamed","name":""}}`))
	_, err := Marshal(Event{Payload: &Renamed{}})
	if want == nil || err == nil || err.Error() != want.Error() {
		t.Errorf("Marshal of a Renamed without a name: %v; want Unmarshal's %v", err, want)
	}

	// Members written as themselves come back as themselves.
	for _, v := range []Event{
		{Payload: &Renamed{Name: "x", Extra: []Member{{Name: "to", Value: json.RawMessage(`"y"`)}}}, Target: &SocketTarget{Socket: "/run/s", Extra: []Member{{Name: "host", Value: json.RawMessage(`"h"`)}}}},
		{Payload: &Created{Name: "x"}, Target: &NetworkTarget{Host: "h", Port: 80, Extra: []Member{{Name: "socket", Value: json.RawMessage(`"/s"`)}}}},
	} {
		out, err := Marshal(v)
		if err != nil {
			t.Errorf("Marshal(%+v): %v", v, err)
			continue
		}
		back, err := Unmarshal(out)
		if err != nil {
			t.Errorf("Unmarshal(%s): %v", out, err)
			continue
		}
		got, want := fmt.Sprintf("%T %T", back.Payload, back.Target), fmt.Sprintf("%T %T", v.Payload, v.Target)
		if got != want {
			t.Errorf("%s read back as %s; want %s", out, got, want)
		}
	}
}

// A member wrapper's UnmarshalJSON reads only what the member holds: ID's
// check accepts a string or an integer, and IDString's UnmarshalJSON
// refuses the integer as Unmarshal words a value of another type, where it
// used to read it as "" (and IDInteger a string as 0), which Marshal then
// wrote as another value. What the union refuses is said as Unmarshal says
// it.
func TestMemberReadsItsOwn(t *testing.T) {
	var s IDString
	var n IDInteger
	var note NoteArray
	for _, c := range []struct {
		into             json.Unmarshaler
		doc              string
		keyword, message string
	}{
		{&s, `5`, "type", "must be string, got number"},
		{&s, `null`, "type", "must be integer or string, got null"},
		{&n, `"5"`, "type", "must be integer, got string"},
		{&n, `1.5`, "type", "must be integer or string, got number"},
		{&note, `"x"`, "type", "must be array, got string"},
	} {
		err := c.into.UnmarshalJSON([]byte(c.doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != "" || e.Keyword != c.keyword || e.Message != c.message {
			t.Errorf("%T.UnmarshalJSON(%s) = %v, want %s: %s", c.into, c.doc, err, c.keyword, c.message)
		}
	}
	if err := s.UnmarshalJSON([]byte(`"e-1"`)); err != nil || s != "e-1" {
		t.Errorf(`IDString.UnmarshalJSON("e-1") = %q, %v`, s, err)
	}
	if err := n.UnmarshalJSON([]byte(`42`)); err != nil || n != 42 {
		t.Errorf(`IDInteger.UnmarshalJSON(42) = %d, %v`, n, err)
	}
	for _, v := range []json.Marshaler{IDString("e-1"), IDInteger(42), NoteArray{"a", "b"}} {
		out, err := v.MarshalJSON()
		var back any
		if err != nil || json.Unmarshal(out, &back) != nil {
			t.Errorf("%T.MarshalJSON = %s, %v", v, out, err)
		}
	}
}
