package library

import (
	"errors"
	"slices"
	"testing"
)

// Hand-written: the generated package decodes, validates and re-encodes.

const branch = `{"id":"br-7","name":"Central","address":{"street":"1 Main St","city":"Springfield","geo":{"lat":-12.5,"lon":180}},"books":[{"isbn":"978-0-00-000000-2","title":"Ünïcødé <&>  ","subtitle":null,"authors":[{"name":"A","born":1950,"links":{"2":[1,2],"viaf":"123"}},{"name":"B"}],"genre":"sci_fi","format":"e-book","price":12.5,"copies":0,"available":true,"rating":null},{"isbn":"0000000000","title":"T","authors":[{"name":"C"}],"genre":"poetry","copies":3,"rating":4.25,"edition":2},{"isbn":"0000000001","title":"U","authors":[{"name":"D"}],"genre":"fiction","copies":1,"rating":null,"edition":"first"}],"open_hours":[[9,17],[0,24]],"home_url":null,"staff":null,"2fa":false,"extra":{},"tags":["x"]}`

func TestRoundTrip(t *testing.T) {
	for _, doc := range []string{branch,
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":"https://example.com/"}`,
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":"u","staff":12}`,
	} {
		v, err := Unmarshal([]byte(doc))
		if err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != doc {
			t.Errorf("got  %s\nwant %s", out, doc)
		}
	}
}

func TestNullable(t *testing.T) {
	v, err := Unmarshal([]byte(branch))
	if err != nil {
		t.Fatal(err)
	}
	if !v.HomeURL.Null || v.Staff == nil || !v.Staff.Null || v.Books[0].Subtitle == nil || !v.Books[0].Subtitle.Null || v.Books[1].Subtitle != nil {
		t.Errorf("null and absent are not told apart: %+v", v)
	}
	if !v.Books[0].Rating.Null || v.Books[1].Rating.Value != 4.25 {
		t.Errorf("rating: %+v %+v", v.Books[0].Rating, v.Books[1].Rating)
	}
	if e, ok := v.Books[1].Edition.(EditionInteger); !ok || e != 2 {
		t.Errorf("edition %#v", v.Books[1].Edition)
	}
	if e, ok := v.Books[2].Edition.(EditionString); !ok || e != "first" {
		t.Errorf("edition %#v", v.Books[2].Edition)
	}
}

func TestInvalid(t *testing.T) {
	cases := map[string]string{
		`{"id":"x-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null}`:                                                                                                                     "/id",
		`{"id":"br-1","name":"","address":{"street":"s","city":"c"},"books":[],"home_url":null}`:                                                                                                                     "/name",
		`{"id":"br-1","name":"N","address":{"street":"s"},"books":[],"home_url":null}`:                                                                                                                               "/address/city",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c","geo":{"lat":91,"lon":0}},"books":[],"home_url":null}`:                                                                                           "/address/geo/lat",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c","geo":{"lat":0,"lon":-180}},"books":[],"home_url":null}`:                                                                                         "/address/geo/lon",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"open_hours":[[1,2,3]]}`:                                                                                             "/open_hours/0",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"open_hours":[[1,25]]}`:                                                                                              "/open_hours/0/1",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"staff":-1}`:                                                                                                         "/staff",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"staff":"3"}`:                                                                                                        "/staff",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"tags":[]}`:                                                                                                          "/tags",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"tags":[""]}`:                                                                                                        "/tags/0",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"extra":[]}`:                                                                                                         "/extra",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"extra":{"a":1,"a":2}}`:                                                                                              "/extra/a",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"home_url":null}`:                                                                                                    "/home_url",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[],"genre":"poetry","copies":1,"rating":null}],"home_url":null}`:                            "/books/0/authors",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"drama","copies":1,"rating":null}],"home_url":null}`:                 "/books/0/genre",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"poetry","copies":1.5,"rating":null}],"home_url":null}`:              "/books/0/copies",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"poetry","copies":1,"price":0,"rating":null}],"home_url":null}`:      "/books/0/price",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"poetry","copies":1}],"home_url":null}`:                              "/books/0/rating",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"poetry","copies":1,"rating":null,"edition":1.5}],"home_url":null}`:  "/books/0/edition",
		`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[{"isbn":"0000000000","title":"T","authors":[{"name":"a"}],"genre":"poetry","copies":1,"rating":null,"edition":true}],"home_url":null}`: "/books/0/edition",
	}
	for doc, want := range cases {
		_, err := Unmarshal([]byte(doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != want {
			t.Errorf("%s\n got %v, want an error at %s", doc, err, want)
		}
	}
}

// An integral number is an integer, written back in its shortest form (and
// the properties in the order they were read in).
func TestIntegerForms(t *testing.T) {
	v, err := Unmarshal([]byte(`{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"staff":1.0e1,"open_hours":[[9.0,17]]}`))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := Marshal(v)
	if want := `{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"staff":10,"open_hours":[[9,17]]}`; string(out) != want {
		t.Errorf("got %s", out)
	}
}

// Free-form JSON is written as JSON.stringify writes what the TypeScript
// parse function reads from it: no whitespace, escapes undone, the keys in
// the order they came in (array-index keys too, which JSON.parse would put
// first).
func TestRawIsCanonical(t *testing.T) {
	doc := `{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"extra":{ "b" : [1.50, "\u0041"], "10":1, "9":2 }}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := v.Extra.Get("b"); !slices.Equal(v.Extra.Keys(), []string{"b", "10", "9"}) || string(b) != `[1.50,"\u0041"]` {
		t.Errorf("kept %v, b %s", v.Extra.Keys(), b)
	}
	out, _ := Marshal(v)
	if want := `{"id":"br-1","name":"N","address":{"street":"s","city":"c"},"books":[],"home_url":null,"extra":{"b":[1.5,"A"],"10":1,"9":2}}`; string(out) != want {
		t.Errorf("got %s", out)
	}
}
