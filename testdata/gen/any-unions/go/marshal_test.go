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
