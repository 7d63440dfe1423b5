package anyconfig

import (
	"errors"
	"strings"
	"testing"
)

// Hand-written: the package generated from a plain draft 7 schema reads a
// document into its types and writes it back byte for byte (for a document
// JSON.stringify wrote, whatever its key order), and names the deepest
// problem by its JSON pointer and keyword, with the message the generated
// TypeScript gives (a text that is not JSON too: its reader words it as the
// Go decoder does).

func TestValid(t *testing.T) {
	for _, doc := range []string{
		`{"name":"api","port":8080}`,
		` {"name":"api","port":443,"mode":"prod","tls":{"cert":"c","key":"k"},"x-team":"core",` + "\n" + `"ratio":0.07,"tags":["a","b"],"upstreams":["http://a",{"host":"b","weight":0}],"labels":{"a.b":"c"}} `,
		`{"port":443,"name":"api","labels":{"z":"1","a.b":"c"},"x-team":"core"}`,
	} {
		v, err := Unmarshal([]byte(doc))
		if err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(strings.TrimSpace(doc), "\n", "")
		if string(out) != want {
			t.Errorf("got  %s\nwant %s", out, want)
		}
	}
}

func TestProblems(t *testing.T) {
	for _, c := range []struct{ doc, pointer, keyword, message string }{
		{`{"port":1}`, "/name", "required", `missing required property "name"`},
		{`{"name":"API","port":1}`, "/name", "pattern", `"API" does not match the pattern ^[a-z][a-z0-9-]*$`},
		{`{"name":"a","port":70000}`, "/port", "maximum", "must be at most 65535, got 70000"},
		{`{"name":"a","port":1,"ratio":0.015}`, "/ratio", "multipleOf", "must be a multiple of 0.01, got 0.015"},
		{`{"name":"a","port":1,"mode":"test"}`, "/mode", "enum", `must be one of "dev", "prod", null, got "test"`},
		{`{"name":"a","port":1,"tags":["x","y","x"]}`, "/tags", "uniqueItems", "items 0 and 2 are equal: the items must be unique"},
		{`{"name":"a","port":1,"upstreams":[{"host":"h","weight":-1}]}`, "/upstreams/0/weight", "minimum", "must be at least 0, got -1"},
		{`{"name":"a","port":1,"mode":"prod"}`, "/tls", "required", `missing required property "tls"`},
		{`{"name":"a","port":1,"tls":{"cert":"c","key":"k","insecure":true}}`, "/tls", "not", "must not match the not schema"},
		{`{"name":"a","port":1,"labels":{"A":"b"}}`, "/labels/A", "propertyNames", `property name "A": "A" does not match the pattern ^[a-z.]+$`},
		{`{"name":"a","port":1,"debug":true}`, "/debug", "additionalProperties", `unknown property "debug"`},
		{`{"name":"a","port":1,}`, "", "", "not valid JSON: expected a property name at offset 21"},
	} {
		err := Validate([]byte(c.doc))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: want an *Error, got %v", c.doc, err)
			continue
		}
		if e.Pointer != c.pointer || e.Keyword != c.keyword || e.Message != c.message {
			t.Errorf("%s:\n got  %q %q %q\n want %q %q %q", c.doc, e.Pointer, e.Keyword, e.Message, c.pointer, c.keyword, c.message)
		}
	}
}

// TestModeRefusesNull: "mode" allows null ({"enum": ["dev", "prod", null]}),
// which the property's NullMode holds and Mode does not: Mode's
// UnmarshalJSON refuses it as its decoder words any value that is none of
// its own, where it used to read it as "" (which its MarshalJSON refuses).
func TestModeRefusesNull(t *testing.T) {
	var m Mode
	err := m.UnmarshalJSON([]byte(`null`))
	var e *Error
	if !errors.As(err, &e) || e.Keyword != "enum" || e.Message != `must be one of "dev", "prod", got null` {
		t.Errorf("Mode.UnmarshalJSON(null) = %v", err)
	}
	if err := m.UnmarshalJSON([]byte(`"prod"`)); err != nil || m != ModeProd {
		t.Errorf(`Mode.UnmarshalJSON("prod") = %q, %v`, m, err)
	}
	v, err := Unmarshal([]byte(`{"name":"api","port":1,"mode":null}`))
	if err != nil || v.Mode == nil || !v.Mode.Null {
		t.Errorf("mode null read as %+v, %v", v.Mode, err)
	}
}
