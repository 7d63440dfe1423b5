package composed

import (
	"errors"
	"testing"
)

// What the types cannot say is JSON text, checked by the schema's check on
// Marshal as on Unmarshal, with the same pointer, keyword and words.
func TestMarshalChecksJSONText(t *testing.T) {
	for _, c := range []struct {
		change                 func(l *Listing)
		pointer, keyword, text string
	}{
		{func(l *Listing) { l.Price = []byte(`"gratis"`) }, "/price", "const", `must be "free", got "gratis"`},
		{func(l *Listing) { l.Position = []byte(`["A",1,2]`) }, "/position/2", "items", "is not allowed: the array may have at most 2 items"},
		{func(l *Listing) { l.Tags = [][]byte{[]byte(`1`)} }, "/tags/0", "type", "must be null or string, got number"},
		{func(l *Listing) { n := NullJSON{Value: []byte(`1.5`)}; l.Rank = &n }, "/rank", "type", "must be null or integer or string, got number"},
		{func(l *Listing) { l.Owner = ListingOwner{} }, "/owner/name", "required", `missing required property "name"`},
		{func(l *Listing) { l.Size = &ListingSize{Extra: []Member{{Name: "depth", Value: []byte(`2`)}}} }, "/size/depth", "unevaluatedProperties", `unevaluated property "depth" is not allowed`},
		{func(l *Listing) { v := int64(3); l.Version = &v }, "/version", "const", "must be 2, got 3"},
	} {
		l := NewListing("l", []byte(`0`), ListingOwner{Extra: []Member{{Name: "name", Value: []byte(`"Ann"`)}}})
		if _, err := Marshal(*l); err != nil {
			t.Fatalf("Marshal of a valid listing: %v", err)
		}
		c.change(l)
		_, err := Marshal(*l)
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

// JSON text keeps the value as written, and the members an object does not
// declare are kept in order.
func TestJSONTextKept(t *testing.T) {
	doc := `{"id":"l","price":"free","position":["B",4],"owner":{"name":"Ann","since":"2020","note":[1]},"tags":[null,"x"]}`
	l, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if string(l.Price) != `"free"` || string(l.Position) != `["B",4]` || len(l.Tags) != 2 || string(l.Tags[0]) != "null" {
		t.Errorf("JSON text: price %s, position %s, tags %q", l.Price, l.Position, l.Tags)
	}
	if *l.Owner.Since != "2020" || len(l.Owner.Extra) != 2 || l.Owner.Extra[0].Name != "name" {
		t.Errorf("owner: %+v", l.Owner)
	}
	out, err := Marshal(l)
	if err != nil || string(out) != doc {
		t.Errorf("Marshal: %s, %v; want %s", out, err, doc)
	}
}
