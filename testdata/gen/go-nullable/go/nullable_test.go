package nullable

import (
	"errors"
	"testing"
)

// A nullable list keeps absent, null, [] and a list apart, through
// Unmarshal and back through Marshal; an optional const is nil only when
// it is absent.
func TestNullableLists(t *testing.T) {
	for _, c := range []struct {
		in      string
		check   func(e Entry) bool
		version bool
	}{
		{`{"id":"a","labels":null}`, func(e Entry) bool { return e.Labels.Null && e.Notes == nil }, false},
		{`{"id":"a","labels":[],"notes":null}`, func(e Entry) bool {
			return !e.Labels.Null && e.Labels.Value != nil && len(e.Labels.Value) == 0 && e.Notes != nil && e.Notes.Null
		}, false},
		{`{"version":"2","labels":["x"],"id":"a","notes":[{"text":"t","draft":"yes"},{"text":"u"}]}`, func(e Entry) bool {
			return len(e.Labels.Value) == 1 && e.Notes != nil && !e.Notes.Null && len(e.Notes.Value) == 2 &&
				e.Notes.Value[0].Draft != nil && *e.Notes.Value[0].Draft == "yes" && e.Notes.Value[1].Draft == nil
		}, true},
	} {
		e, err := Unmarshal([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !c.check(e) || (e.Version != nil) != c.version {
			t.Errorf("%s: read %+v", c.in, e)
		}
		if out, err := Marshal(e); err != nil || string(out) != c.in {
			t.Errorf("Marshal: %s, %v; want %s", out, err, c.in)
		}
	}
}

// An entry built in code: a nil labels is null, the zero NullNoteList an
// empty list, and Version set writes the const.
func TestNullableBuilt(t *testing.T) {
	e := NewEntry("a", nil)
	v := "2"
	e.Version = &v
	e.Notes = &NullNoteList{}
	out, err := Marshal(*e)
	if want := `{"id":"a","version":"2","labels":null,"notes":[]}`; err != nil || string(out) != want {
		t.Fatalf("Marshal: %s, %v; want %s", out, err, want)
	}
	labels := []string{"x", "y", "z", "w"}
	_, err = Marshal(*NewEntry("a", &labels))
	var perr *Error
	if !errors.As(err, &perr) || perr.Pointer != "/labels" || perr.Keyword != "maxItems" || perr.Message != "must have at most 3 items, got 4" {
		t.Fatalf("Marshal of four labels: %v, want too many items at /labels", err)
	}
}

// A nullable object that declares nothing keeps its JSON text as written,
// or null.
func TestNullableJSON(t *testing.T) {
	e, err := Unmarshal([]byte(`{"id":"h","labels":null,"origin":{"by": "import"}}`))
	if err != nil || e.Origin == nil || e.Origin.Null || string(e.Origin.Value) != `{"by": "import"}` {
		t.Fatalf("Origin %+v, %v", e.Origin, err)
	}
	e, err = Unmarshal([]byte(`{"id":"h","labels":null,"origin":null}`))
	if err != nil || e.Origin == nil || !e.Origin.Null {
		t.Fatalf("Origin %+v, %v", e.Origin, err)
	}
}
