package anyunionobjects

import (
	"encoding/json"
	"errors"
	"testing"
)

// Marshal refuses, with an error and without a panic, a union that holds a
// nil object, undeclared members that repeat a name (Unmarshal would
// refuse what they would write) and a string that is not UTF-8, and says
// where.
func TestMarshalRefusesWhatUnmarshalWould(t *testing.T) {
	for _, c := range []struct {
		name          string
		v             Operation
		pointer, want string
	}{
		{"a nil member", Operation{Patch: []Op{}, Target: (*TargetHost)(nil)}, "/target", "must not be nil"},
		{"a declared name", Operation{Patch: []Op{}, Extra: []Member{{Name: "patch", Value: json.RawMessage(`[]`)}}}, "/patch", `duplicate property "patch"`},
		{"a repeated name", Operation{Patch: []Op{}, Extra: []Member{{Name: "x", Value: json.RawMessage(`1`)}, {Name: "x", Value: json.RawMessage(`2`)}}}, "/x", `duplicate property "x"`},
		{"not UTF-8", Operation{Patch: []Op{{Op: "add", Path: "/a"}, {Op: "\xff", Path: "/b"}}}, "/patch/1/op", "invalid UTF-8 in a string"},
	} {
		out, err := Marshal(c.v)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Message != c.want {
			t.Errorf("%s: Marshal = %s, %v; want the error %s: %s", c.name, out, err, c.pointer, c.want)
		}
	}
	out, err := Marshal(Operation{Patch: []Op{}, Extra: []Member{{Name: "x", Value: json.RawMessage(`1`)}}})
	if err != nil || string(out) != `{"patch":[],"x":1}` {
		t.Errorf("Marshal with one undeclared member: %s, %v", out, err)
	}
}
