package crossfile

import (
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	doc := `{"id":"o-1","customer":{"name":"Ada","email":"ada@example.com","ship_to":{"lines":["1 Main St"],"country":"GB"}},"lines":[{"sku":"a","quantity":2,"price":{"amount":150,"currency":"EUR"}}],"total":{"amount":300,"currency":"EUR"},"outcome":"completed"}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if v.Outcome != StopReasonCompleted || v.Customer.ShipTo.Country != "GB" {
		t.Errorf("%+v", v)
	}
	out, err := Marshal(v)
	if err != nil || string(out) != doc {
		t.Errorf("%v\n got %s\nwant %s", err, out, doc)
	}
	for bad, want := range map[string]string{
		`{"id":"o","customer":{"name":"A","email":"no-at"},"lines":[],"total":{"amount":0,"currency":"EUR"}}`:                                                                            "/customer/email",
		`{"id":"o","customer":{"name":"A","email":"a@b"},"lines":[{"sku":"a","quantity":0,"price":{"amount":1,"currency":"EUR"}}],"total":{"amount":0,"currency":"EUR"}}`:                "/lines/0/quantity",
		`{"id":"o","customer":{"name":"A","email":"a@b","ship_to":{"lines":[],"country":"GB"}},"lines":[],"total":{"amount":0,"currency":"GBP"}}`:                                        "/customer/ship_to/lines",
		`{"id":"o","customer":{"name":"A","email":"a@b"},"lines":[{"sku":"a","quantity":1,"price":{"amount":1,"currency":"EUR"}}],"total":{"amount":0,"currency":"EUR"},"outcome":"ok"}`: "/outcome",
	} {
		_, err := Unmarshal([]byte(bad))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != want {
			t.Errorf("%s: got %v, want an error at %s", bad, err, want)
		}
	}
}
