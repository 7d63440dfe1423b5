package model

import (
	"errors"
	"testing"
)

// A keyword of the wrong form is the schema's error, at its pointer, as
// every draft's meta-schema says: the compiler does not guess what it
// means (an empty "type" list once rendered TypeScript that did not
// compile, c.isType(v, , "")).
func TestKeywordOfTheWrongForm(t *testing.T) {
	for _, c := range []struct{ schema, pointer, message string }{
		{`{"type":[]}`, "doc.json#/type", "must be a type name or a non-empty array of them"},
		{`{"properties":{"a":{"type":[]}}}`, "doc.json#/properties/a/type", "must be a type name or a non-empty array of them"},
		{`{"type":7}`, "doc.json#/type", "must be a type name or an array of them"},
		{`{"type":["string","thing"]}`, "doc.json#/type", `unknown type "thing"`},
	} {
		_, err := LoadData([]byte(c.schema), "doc.json", LoadOptions{})
		var e *Error
		if !errors.As(err, &e) || e.Pointer != c.pointer || e.Message != c.message {
			t.Errorf("%s: %v, want %s: %s", c.schema, err, c.pointer, c.message)
		}
	}
}
