package anyselectwhole

import (
	"encoding/json"
	"errors"
	"testing"
)

// Marshal refuses an item whose type picks another of Item's members when
// what it would write is valid: Unmarshal would read it back as that one.
func TestMarshalKeepsThePickedMember(t *testing.T) {
	v := Form{Items: []FormItem{&ItemOther{Type: "input", Extra: []Member{{Name: "label", Value: json.RawMessage(`"Name"`)}}}}}
	out, err := Marshal(v)
	var perr *Error
	if !errors.As(err, &perr) || perr.Pointer != "/items/0" || perr.Message != `is not of the type that "type" picks: Unmarshal would read it back as another` {
		t.Errorf("Marshal = %s, %v; want the error at /items/0", out, err)
	}
	v = Form{Items: []FormItem{&Input{Type: "input", Label: "Name"}, &ItemOther{Type: "divider"}}}
	out, err = Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	back, err := Unmarshal(out)
	if err != nil {
		t.Fatalf("Unmarshal(%s): %v", out, err)
	}
	if _, ok := back.Items[0].(*Input); !ok {
		t.Errorf("%s: item 0 read back as %T", out, back.Items[0])
	}
	if _, ok := back.Items[1].(*ItemOther); !ok {
		t.Errorf("%s: item 1 read back as %T", out, back.Items[1])
	}
}
