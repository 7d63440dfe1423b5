package anyrecursion

import (
	"errors"
	"strings"
	"testing"
)

// A Go value that contains itself is refused at the depth limit, with an
// error, where writing it would never end.
func TestMarshalStopsAtACycle(t *testing.T) {
	d := Document{Root: Node{Name: "a"}}
	d.Root.Link = &Link{To: &d.Root}
	_, err := Marshal(d)
	var perr *Error
	if !errors.As(err, &perr) || !strings.Contains(perr.Message, "nested more than 1000 levels deep") {
		t.Fatalf("Marshal of a node linked to itself: %v", err)
	}
	d.Root.Link = &Link{To: &Node{Name: "b"}}
	if out, err := Marshal(d); err != nil || string(out) != `{"root":{"name":"a","link":{"to":{"name":"b"}}}}` {
		t.Errorf("Marshal of a node linked to another: %s, %v", out, err)
	}
}
