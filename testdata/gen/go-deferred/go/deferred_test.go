package deferred

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Marshal writes only what Unmarshal accepts, the rules the codec leaves
// to the schema's check included, and says where and why as Unmarshal
// does.
func TestMarshalChecksDeferredRules(t *testing.T) {
	for _, c := range []struct {
		change                 func(o *Order)
		pointer, keyword, text string
	}{
		{func(o *Order) { o.Lines[0].Quantity = 3 }, "/lines/0/quantity", "multipleOf", "must be a multiple of 2, got 3"},
		{func(o *Order) { o.Lines = append(o.Lines, o.Lines[0]) }, "/lines", "uniqueItems", "items 0 and 1 are equal: the items must be unique"},
		{func(o *Order) { o.ID = "none" }, "/id", "not", "must not match the not schema"},
		{func(o *Order) { o.Delivery.Country = "US" }, "/delivery/zip", "required", `missing required property "zip"`},
		{func(o *Order) { m := "hi"; o.Wrapping = &Wrapping{Message: &m} }, "/wrapping/gift", "dependentRequired", `missing property "gift", required when "message" is present`},
		{func(o *Order) { o.Channel = "fax" }, "/channel", "enum", `must be one of "web", "Phone", "store", got "fax"`},
		{func(o *Order) { o.Channel = ChannelStore }, "/channel", "pattern", `"store" does not match the pattern ^[A-Z]|^web$`},
		{func(o *Order) { o.Labels = []byte(`{"A":1}`) }, "/labels/A", "propertyNames", `property name "A": "A" does not match the pattern ^[a-z]+$`},
		{func(o *Order) { o.Stock = []byte(`{"a":-2}`) }, "/stock/a", "minimum", "must be at least 0, got -2"},
		{func(o *Order) { o.Source = []byte(`{}`) }, "/source/system", "required", `missing required property "system"`},
		{func(o *Order) { o.Reference = &NullString{Null: true} }, "/reference", "not", "must not match the not schema"},
		{func(o *Order) { o.Reference = &NullString{Value: "r"} }, "/reference", "minLength", "must be at least 2 characters long, got 1"},
		{func(o *Order) {
			o.Notes = &OrderNotes{}
			o.Notes.Extra.Set("x", "far too long")
		}, "/notes/x", "maxLength", "must be at most 8 characters long, got 12"},
	} {
		o := NewOrder("o", []Line{{Sku: "a", Quantity: 2}}, Delivery{Country: "FR"})
		if _, err := Marshal(*o); err != nil {
			t.Fatalf("Marshal of a valid order: %v", err)
		}
		c.change(o)
		_, err := Marshal(*o)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != c.pointer || perr.Message != c.text {
			t.Errorf("Marshal: %v, want %s: %s", err, c.pointer, c.text)
		}
		if perr != nil && perr.Keyword != c.keyword {
			t.Errorf("Marshal: keyword %q, want %q", perr.Keyword, c.keyword)
		}
	}
}

// Validate, which reads without keeping the text, answers as Unmarshal
// does, the deferred checks included.
func TestValidateAsUnmarshal(t *testing.T) {
	for _, doc := range []string{
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}]}`,
		`{"id":"none","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}]}`,
		`{"id":"o","delivery":{"country":"US","zip":"x"},"lines":[{"sku":"a","quantity":2}]}`,
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2,"extra":1}],"wrapping":{"message":"hi"}}`,
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}],"wrapping":{"message":5}}`,
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}],"reference":null,"carrier":null}`,
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}],"carrier":null}`,
		`{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2},{"sku":"a","quantity":2}],"labels":{"B":1,"C":2,"D":3}}`,
	} {
		_, uerr := Unmarshal([]byte(doc))
		verr := Validate([]byte(doc))
		if (uerr == nil) != (verr == nil) || uerr != nil && uerr.Error() != verr.Error() {
			t.Errorf("%s: Unmarshal %v, Validate %v", doc, uerr, verr)
		}
	}
}

// A union without a tag is decoded as the one member whose check accepts
// the value; a value no member or both accept, or that is not JSON a
// member reads, is refused.
func TestUnionByTrial(t *testing.T) {
	o, err := Unmarshal([]byte(`{"id":"p","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"payment":{"number":"4111111111111111"},"refunds":[{"iban":"FR7630006000011234567890189"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := o.Payment.(*Card); !ok || c.Number != "4111111111111111" {
		t.Errorf("payment %#v, want a *Card", o.Payment)
	}
	if len(o.Refunds) != 1 {
		t.Fatalf("refunds %#v", o.Refunds)
	}
	if tr, ok := o.Refunds[0].(*Transfer); !ok || tr.Iban != "FR7630006000011234567890189" {
		t.Errorf("refund %#v, want a *Transfer", o.Refunds[0])
	}
	for doc, want := range map[string]string{
		`{"id":"p","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"payment":{"holder":"x"}}`:                                 "/payment: must match exactly one of the 2 oneOf schemas, matches none",
		`{"id":"p","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"payment":{"number":"1","number":"2"}}`:                    `/payment/number: duplicate property "number"`,
		`{"id":"p","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"refunds":[{"iban":"FR7630006000011234567890189"},1e400]}`: "/refunds/1: must be a number JavaScript can represent, got 1e400",
	} {
		_, err := Unmarshal([]byte(doc))
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", doc, err, want)
		}
		if verr := Validate([]byte(doc)); verr == nil || verr.Error() != want {
			t.Errorf("Validate %s: %v, want %s", doc, verr, want)
		}
	}
}

// A union by trial one of whose members is a union by trial: the outer
// picks the member, the inner its own.
func TestUnionWithinUnionByTrial(t *testing.T) {
	for doc, want := range map[string]string{
		`{"iban":"FR7630006000011234567890189"}`: "*deferred.Transfer",
		`{"number":"4111111111111111"}`:          "*deferred.Card",
		`{"cents":5}`:                            "*deferred.Cash",
	} {
		o, err := Unmarshal([]byte(`{"id":"p","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"tender":` + doc + `}`))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		if got := fmt.Sprintf("%T", o.Tender); got != want {
			t.Errorf("%s: %s, want %s", doc, got, want)
		}
		out, err := Marshal(o)
		if err != nil || !strings.Contains(string(out), `"tender":`+doc) {
			t.Errorf("Marshal: %s, %v", out, err)
		}
	}
	o := NewOrder("o", []Line{{Sku: "a", Quantity: 2}}, Delivery{Country: "FR"})
	o.Tender = &Card{Number: "1"}
	if _, err := Marshal(*o); err == nil || err.Error() != "/tender: must match exactly one of the 2 oneOf schemas, matches none" {
		t.Errorf("Marshal of a card with a bad number: %v", err)
	}
}

// A select whose if/then come in another order than its enum's values:
// each kind decodes its own detail, and Kind gives it back.
func TestSelectInAnyOrder(t *testing.T) {
	for doc, want := range map[string]FulfilmentKind{
		`{"id":"f","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"fulfilment":{"kind":"pickup","detail":{"store":"Lyon"}}}`:  FulfilmentKindPickup,
		`{"id":"f","lines":[{"sku":"a","quantity":2}],"delivery":{"country":"FR"},"fulfilment":{"detail":{"address":"1 rue"},"kind":"ship"}}`: FulfilmentKindShip,
	} {
		o, err := Unmarshal([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		if o.Fulfilment == nil || o.Fulfilment.Kind() != want {
			t.Errorf("%s: kind %v, want %s", doc, o.Fulfilment, want)
		}
		if out, err := Marshal(o); err != nil || string(out) != doc {
			t.Errorf("Marshal: %s, %v; want %s", out, err, doc)
		}
	}
}

// Lengths count code points as the schema does, a lone surrogate one:
// "\ud800\udbff" (two lone surrogates) is 2 long, and written back as it
// came; "\ud800" alone is too short.
func TestLengthOfLoneSurrogates(t *testing.T) {
	doc := `{"id":"o","delivery":{"country":"FR"},"lines":[{"sku":"a","quantity":2}],"reference":"\ud800\udbff"}`
	o, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if out, err := Marshal(o); err != nil || string(out) != doc {
		t.Errorf("Marshal: %s, %v; want %s", out, err, doc)
	}
	short := strings.Replace(doc, `\ud800\udbff`, `\ud800`, 1)
	var perr *Error
	if _, err := Unmarshal([]byte(short)); !errors.As(err, &perr) || perr.Pointer != "/reference" || perr.Message != "must be at least 2 characters long, got 1" {
		t.Errorf("Unmarshal of one lone surrogate: %v", err)
	}
}
