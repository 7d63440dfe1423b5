package model

import (
	"cmp"
	"encoding/json"
	"fmt"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// readConstraints reads the value constraints of o into c, and names the
// first keyword whose value is not of its kind ("" when none is). A
// schema of any draft reads them too, to describe and compare its types:
// draft 4's boolean exclusiveMinimum/exclusiveMaximum is left to it.
func readConstraints(c *Constraints, o *resolve.Object) (bad string) {
	c.Pattern = o.Str("pattern")
	c.Format = o.Str("format")
	for _, k := range []struct {
		name string
		dst  **int
	}{{"minLength", &c.MinLength}, {"maxLength", &c.MaxLength}, {"minItems", &c.MinItems}, {"maxItems", &c.MaxItems}} {
		if v, ok := o.Values[k.name]; ok {
			n, _ := v.(json.Number)
			i, err := n.Int64()
			if err != nil || i < 0 {
				bad = cmp.Or(bad, k.name)
				continue
			}
			x := int(i)
			*k.dst = &x
		}
	}
	for _, k := range []struct {
		name string
		dst  **json.Number
	}{{"minimum", &c.Minimum}, {"maximum", &c.Maximum}, {"exclusiveMinimum", &c.ExclusiveMinimum}, {"exclusiveMaximum", &c.ExclusiveMaximum}} {
		if v, ok := o.Values[k.name]; ok {
			n, ok := v.(json.Number)
			if !ok {
				bad = cmp.Or(bad, k.name)
				continue
			}
			*k.dst = &n
		}
	}
	return bad
}

// typeList reads "type": a string or an array of strings; "null" is
// reported separately.
func typeList(v any) (types []string, nullable bool, err error) {
	switch x := v.(type) {
	case nil:
		return nil, false, nil
	case string:
		if x == "null" {
			return nil, false, fmt.Errorf(`"type": "null" alone is not supported`)
		}
		return []string{x}, false, nil
	case []any:
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, false, fmt.Errorf("type must list strings")
			}
			if s == "null" {
				nullable = true
				continue
			}
			types = append(types, s)
		}
		return types, nullable, nil
	}
	return nil, false, fmt.Errorf("type must be a string or an array of strings")
}

func stringMap(o *resolve.Object) map[string]string {
	if o == nil {
		return nil
	}
	m := map[string]string{}
	for _, k := range o.Keys {
		m[k] = o.Str(k)
	}
	return m
}
