package anyheldunions

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// Payload is read by trying its members. Its tagged members are told apart
// by their tag alone, so Marshal compares the tag instead of reading what
// it wrote back; Meta, closed and without the tag every other member
// requires, cannot be read as another. A member that Unmarshal would read
// as another is refused.
func TestMarshalKeepsTheMember(t *testing.T) {
	for _, c := range []struct {
		name                   string
		v                      Line
		pointer, keyword, want string
	}{
		{"another member's tag", Line{Payload: &Text{Type: "thought", Text: "hm"}}, "/payload/type", "const", `must be "text", got "thought"`},
		{"a tag of the other union", Line{Payload: &Begin{Type: "end"}}, "/payload/type", "const", `must be "begin", got "end"`},
	} {
		out, err := Marshal(c.v)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Keyword != c.keyword || perr.Message != c.want {
			t.Errorf("%s: Marshal = %s, %v; want the error %s: %s [%s]", c.name, out, err, c.pointer, c.want, c.keyword)
		}
	}
	for _, v := range []Line{
		{Payload: &Meta{Session: "s-1"}},
		{Payload: &Thought{Type: "thought", Text: "hm"}},
		{Payload: &Begin{Type: "begin", Extra: []Member{{Name: "session", Value: json.RawMessage(`"s-1"`)}}}},
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
