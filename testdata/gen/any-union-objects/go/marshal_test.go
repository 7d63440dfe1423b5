package anyunionobjects

import (
	"encoding/json"
	"errors"
	"testing"
)

// Marshal refuses, with an error and without a panic, a union that holds a
// nil object and undeclared members that repeat a name: Unmarshal would
// refuse what they would write.
func TestMarshalRefusesWhatUnmarshalWould(t *testing.T) {
	for _, c := range []struct {
		name string
		v    Operation
		want string
	}{
		{"a nil member", Operation{Patch: []Op{}, Target: (*TargetHost)(nil)}, "must not be nil"},
		{"a declared name", Operation{Patch: []Op{}, Extra: []Member{{Name: "patch", Value: json.RawMessage(`[]`)}}}, `duplicate property "patch"`},
		{"a repeated name", Operation{Patch: []Op{}, Extra: []Member{{Name: "x", Value: json.RawMessage(`1`)}, {Name: "x", Value: json.RawMessage(`2`)}}}, `duplicate property "x"`},
	} {
		out, err := Marshal(c.v)
		var perr *Error
		if !errors.As(err, &perr) || perr.Message != c.want {
			t.Errorf("%s: Marshal = %s, %v; want the error %q", c.name, out, err, c.want)
		}
	}
	out, err := Marshal(Operation{Patch: []Op{}, Extra: []Member{{Name: "x", Value: json.RawMessage(`1`)}}})
	if err != nil || string(out) != `{"patch":[],"x":1}` {
		t.Errorf("Marshal with one undeclared member: %s, %v", out, err)
	}
}
