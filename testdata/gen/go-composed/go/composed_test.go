package composed

import (
	"errors"
	"strings"
	"testing"
)

// What the types let through and the schema does not, Marshal checks with
// the schema's check as Unmarshal does, with the same pointer, keyword and
// words.
func TestMarshalChecksWhatTheTypesLetThrough(t *testing.T) {
	for _, c := range []struct {
		change                 func(l *Listing)
		pointer, keyword, text string
	}{
		{func(l *Listing) { l.Price = ListingPriceString("gratis") }, "/price", "const", `must be "free", got "gratis"`},
		{func(l *Listing) { l.Tags = []NullString{{Value: "x"}, {Null: true}} }, "", "", ""},
		{func(l *Listing) { l.Owner = ListingOwner{} }, "/owner/name", "required", `missing required property "name"`},
		{func(l *Listing) { l.Size = &ListingSize{Extra: []Member{{Name: "depth", Value: []byte(`2`)}}} }, "/size/depth", "unevaluatedProperties", `unevaluated property "depth" is not allowed`},
		{func(l *Listing) { v := int64(3); l.Version = &v }, "/version", "const", "must be 2, got 3"},
	} {
		l := NewListing("l", ListingPriceInteger(0), ListingOwner{Extra: []Member{{Name: "name", Value: []byte(`"Ann"`)}}})
		if _, err := Marshal(*l); err != nil {
			t.Fatalf("Marshal of a valid listing: %v", err)
		}
		c.change(l)
		_, err := Marshal(*l)
		if c.pointer == "" {
			if err != nil {
				t.Errorf("Marshal: %v, want no error", err)
			}
			continue
		}
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Message != c.text || perr.Keyword != c.keyword {
			t.Errorf("Marshal: %v (keyword %q), want %s: %s (%s)", err, keywordOf(perr), c.pointer, c.text, c.keyword)
		}
	}
}

func keywordOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Keyword
}

// The composed values are typed, what the schema says nothing of is kept
// as written, and the members an object does not declare are kept in
// order.
func TestTypedAndKept(t *testing.T) {
	doc := `{"id":"l","price":"free","position":["B",4],"owner":{"name":"Ann","since":"2020","note":[1]},"tags":[null,"x"],"extras":[{"a" : 1}]}`
	l, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if l.Price != ListingPriceString("free") || l.Position == nil || *l.Position.Item0 != "B" || *l.Position.Item1 != 4 ||
		len(l.Tags) != 2 || !l.Tags[0].Null || l.Tags[1].Value != "x" || len(l.Extras) != 1 || string(l.Extras[0]) != `{"a" : 1}` {
		t.Errorf("typed values: price %v, position %+v, tags %+v, extras %q", l.Price, l.Position, l.Tags, l.Extras)
	}
	if *l.Owner.Since != "2020" || len(l.Owner.Extra) != 2 || l.Owner.Extra[0].Name != "name" {
		t.Errorf("owner: %+v", l.Owner)
	}
	out, err := Marshal(l)
	if want := strings.Replace(doc, `{"a" : 1}`, `{"a":1}`, 1); err != nil || string(out) != want {
		t.Errorf("Marshal: %s, %v; want %s", out, err, want)
	}
}
