package model

import (
	"slices"
	"testing"
)

// A value an enum gives twice is one value of its type (JSON Schema asks
// only that they SHOULD be unique): each language's constants and cases
// would otherwise repeat it, which Go does not compile.
func TestEnumValueGivenTwice(t *testing.T) {
	for _, schema := range []string{
		`{"type":"object","properties":{"level":{"enum":["debug","info","debug","error"]}}}`,
		`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"level":{"$ref":"#/$defs/Level"}}},"Level":{"enum":["debug","info","debug","error"]}}}`,
	} {
		s, err := LoadData([]byte(schema), "doc.json", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var level *Type
		for _, ty := range s.Types {
			if f := ty.Field("level"); f != nil {
				level = f.Type
			}
		}
		if level == nil || level.Kind != KindEnum || !slices.Equal(level.Values, []string{"debug", "info", "error"}) {
			t.Errorf("%s: level %+v, want the enum debug, info, error", schema, level)
		}
	}
}
