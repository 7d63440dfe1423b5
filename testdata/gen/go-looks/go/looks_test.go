package looks

import (
	"errors"
	"testing"
)

// What the Go types let through and the schema does not, Marshal checks
// with the schema's check as Unmarshal does: same pointer, keyword and
// words. The one property the schema refuses outright stays JSON text.
func TestMarshalChecksWhatTheTypesLetThrough(t *testing.T) {
	for _, c := range []struct {
		change                 func(s *Shelf)
		pointer, keyword, text string
	}{
		{func(s *Shelf) { s.ID = "ABCDE" }, "/id", "maxLength", "must be at most 4 characters long, got 5"},
		{func(s *Shelf) { s.Parent = &Shelf{ID: "ABCDE"} }, "/parent/id", "maxLength", "must be at most 4 characters long, got 5"},
		{func(s *Shelf) { s.Color = "red" }, "/color", "enum", `must be one of "light", "dark", got "red"`},
		{func(s *Shelf) { s.Retired = []byte(`true`) }, "/retired", "properties", `property "retired" is not allowed`},
		{func(s *Shelf) { s.Slot = SlotInteger(-1) }, "/slot", "minimum", "must be at least 0, got -1"},
		{func(s *Shelf) { n := Slats(-1); s.Box = &NullBox{Value: &Crate{Slats: &n}} }, "/box/slats", "minimum", "must be at least 1, got -1"},
	} {
		s := NewShelf("AB")
		if _, err := Marshal(*s); err != nil {
			t.Fatalf("Marshal of a valid shelf: %v", err)
		}
		c.change(s)
		_, err := Marshal(*s)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Message != c.text || perr.Keyword != c.keyword {
			t.Errorf("Marshal: %v, want %s: %s (%s)", err, c.pointer, c.text, c.keyword)
		}
	}
}

// A document comes back as it was written, the JSON text included
// (samples/full.json).
func TestRoundTrip(t *testing.T) {
	const full = `{"id":"ABCD","label":"top","parent":{"id":"X","parent":{"id":"Y"}},"shade":"dark","color":"light","note":[1,{"a":null}],"slot":{"pin":"p1"},"box":{"kind":"crate","slats":4},"finish":"gloss","user_id":"u1","userId":"u2","7up":true,"grain":"a_b","image":{"href":"/i.png"},"imageURL":"/j.png","error":"bent","tag":"oak","size":{"width":1.5}}`
	s, err := Unmarshal([]byte(full))
	if err != nil {
		t.Fatal(err)
	}
	if s.Label == nil || *s.Label != "top" || s.Shade != ShelfShadeDark || s.Finish != ShelfFinishGloss || s.Size == nil || s.Size.Width == nil || *s.Size.Width != 1.5 ||
		*s.UserID != "u1" || *s.UserID2 != "u2" || !*s.X7up || *s.Grain != GrainAB2 || s.Image.Href != "/i.png" || *s.ImageURL != "/j.png" || *s.Error != "bent" || *s.Tag != "oak" {
		t.Errorf("typed fields: %+v", s)
	}
	got, err := Marshal(s)
	if err != nil || string(got) != full {
		t.Errorf("Marshal: %s, %v\nwant %s", got, err, full)
	}
}
