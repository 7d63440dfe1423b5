package pipeline

import (
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// A value a builder writes of its own accord (a default, a set value) is
// checked against its property's whole schema, not its type alone: a
// builder whose default breaks a minLength made values that Marshal
// refused. The canonical schema's builders pass.
func TestBuilderValuesFitTheirProperty(t *testing.T) {
	if _, err := Load("", model.LoadOptions{}); err != nil {
		t.Fatalf("canonical schema: %v", err)
	}
	schema := func(builders string) string {
		return `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","additionalProperties":false,"required":["a","n"],
			"properties":{"a":{"type":"string","minLength":3,"pattern":"^[a-z]+$"},"n":{"type":"integer","maximum":10},"o":{"type":"object","required":["k"]}},
			"x-omnigen":{"builders":[` + builders + `]}}}}`
	}
	for _, c := range []struct{ builders, want string }{
		{`{"name":"makeA","params":[{"name":"a","field":"a","default":"abc"}],"set":{"n":10}}`, ""},
		{`{"name":"makeA","params":[{"name":"a","field":"a","default":"ab"}],"set":{"n":1}}`,
			`#/$defs/A/x-omnigen/builders/0/params/0/default: "ab" is not a value of property "a": must be at least 3 characters long, got 2 (minLength)`},
		{`{"name":"makeA","params":[{"name":"a","field":"a","default":"ABC"}],"set":{"n":1}}`,
			`#/$defs/A/x-omnigen/builders/0/params/0/default: "ABC" is not a value of property "a": "ABC" does not match the pattern ^[a-z]+$ (pattern)`},
		{`{"name":"makeA","params":[{"name":"a","field":"a"}],"set":{"n":1}},{"name":"makeB","params":[{"name":"a","field":"a"}],"set":{"n":11}}`,
			`#/$defs/A/x-omnigen/builders/1/set/n: 11 is not a value of property "n": must be at most 10, got 11 (maximum)`},
		{`{"name":"makeA","params":[{"name":"a","field":"a"},{"name":"o","field":"o","default":{"j":1}}],"set":{"n":1}}`,
			`#/$defs/A/x-omnigen/builders/0/params/1/default: {"j":1} is not a value of property "o": at /k, missing required property "k" (required)`},
	} {
		_, err := LoadData([]byte(schema(c.builders)), "s.json", model.LoadOptions{})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.builders, err)
		case c.want != "" && (err == nil || !strings.HasSuffix(err.Error(), c.want)):
			t.Errorf("%s:\n got %v\nwant …%s", c.builders, err, c.want)
		}
	}
}
