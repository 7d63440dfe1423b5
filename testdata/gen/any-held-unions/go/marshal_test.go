package anyheldunions

import (
	"encoding/json"
	"fmt"
	"testing"
)

// Payload is read by trying its members. Its tagged members are told apart
// by their tag alone, which no field holds: each writes its own, so
// Marshal neither compares it nor reads what it wrote back; Meta, closed
// and without the tag every other member requires, cannot be read as
// another. Each comes back as itself.
func TestMarshalKeepsTheMember(t *testing.T) {
	for _, v := range []Line{
		{Payload: &Meta{Session: "s-1"}},
		{Payload: &Thought{Text: "hm"}},
		{Payload: &Begin{Extra: []Member{{Name: "session", Value: json.RawMessage(`"s-1"`)}}}},
	} {
		out, err := Marshal(v)
		if err != nil {
			t.Errorf("Marshal(%+v): %v", v, err)
			continue
		}
		back, err := Unmarshal(out)
		if err != nil {
			t.Errorf("Unmarshal(%s): %v", out, err)
		} else if got, want := fmt.Sprintf("%T", back.Payload), fmt.Sprintf("%T", v.Payload); got != want {
			t.Errorf("%s read back as %s; want %s", out, got, want)
		}
	}
}
