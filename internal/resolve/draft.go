package resolve

import (
	"fmt"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// Draft is a JSON Schema dialect: what its keywords mean.
type Draft int

// The drafts omnigen reads.
const (
	Draft4    Draft = 4
	Draft6    Draft = 6
	Draft7    Draft = 7
	Draft2019 Draft = 2019
	Draft2020 Draft = 2020
)

// Drafts lists every draft, oldest first.
var Drafts = []Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020}

func (d Draft) String() string {
	switch d {
	case Draft4:
		return "draft4"
	case Draft6:
		return "draft6"
	case Draft7:
		return "draft7"
	case Draft2019:
		return "draft2019-09"
	case Draft2020:
		return "draft2020-12"
	}
	return fmt.Sprintf("draft(%d)", int(d))
}

// ParseDraft reads a draft's name as the --draft flag takes it: "4",
// "draft4", "draft-04", "2019-09", "draft2020-12", "2020"…
func ParseDraft(s string) (Draft, error) {
	t := strings.TrimPrefix(strings.ToLower(s), "draft")
	t = strings.TrimPrefix(t, "-")
	switch t {
	case "4", "04":
		return Draft4, nil
	case "6", "06":
		return Draft6, nil
	case "7", "07":
		return Draft7, nil
	case "2019", "2019-09":
		return Draft2019, nil
	case "2020", "2020-12":
		return Draft2020, nil
	}
	return 0, fmt.Errorf("unknown draft %q: want 4, 6, 7, 2019-09 or 2020-12", s)
}

// metaDrafts maps the official meta-schema URIs (without their empty
// fragment, either scheme) to their draft.
var metaDrafts = map[string]Draft{
	"json-schema.org/draft-04/schema":      Draft4,
	"json-schema.org/draft-06/schema":      Draft6,
	"json-schema.org/draft-07/schema":      Draft7,
	"json-schema.org/draft/2019-09/schema": Draft2019,
	"json-schema.org/draft/2020-12/schema": Draft2020,
}

// knownMeta returns the draft of a $schema URI naming an official
// meta-schema.
func knownMeta(uri string) (Draft, bool) {
	u := strings.TrimSuffix(uri, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	d, ok := metaDrafts[u]
	return d, ok
}

// sniff guesses the draft of a schema without $schema: 2020-12, unless it
// uses a form that only an earlier draft gives a meaning to, and then that
// draft. The forms are looked for in the schema's keywords only, not in
// enum or const values.
func sniff(v any) Draft {
	f := forms{}
	f.scan(v, 0)
	switch {
	case f.boolExclusive || f.bareID:
		return Draft4
	case f.recursive || (f.itemsArray || f.additionalItems) && f.modern && !f.dependencies:
		return Draft2019
	case f.itemsArray || f.dependencies || f.additionalItems || f.fragmentID:
		return Draft7
	}
	return Draft2020
}

// forms are the early-draft forms sniff looks for.
type forms struct {
	boolExclusive   bool // draft 4: "exclusiveMaximum": true
	bareID          bool // draft 4: "id" beside "definitions" or "properties"
	itemsArray      bool // before 2020-12: "items": [...]
	dependencies    bool // before 2019-09: "dependencies"
	additionalItems bool // before 2020-12
	recursive       bool // 2019-09: "$recursiveRef"
	modern          bool // a keyword that 2019-09 introduced ($defs, unevaluated…)
	fragmentID      bool // drafts 6 and 7: "$id": "#name", a plain-name anchor
}

func (f *forms) scan(v any, depth int) {
	o, ok := v.(*Object)
	if !ok || depth > maxDepth {
		return
	}
	for _, k := range o.Keys {
		val := o.Values[k]
		switch k {
		case "exclusiveMaximum", "exclusiveMinimum":
			if _, b := val.(bool); b {
				f.boolExclusive = true
			}
		case "id":
			if id, s := val.(string); s && (o.Has("definitions") || o.Has("properties") || o.Has("type") || strings.HasPrefix(id, "#")) && !o.Has("$id") {
				f.bareID = true
			}
		case "$id":
			if id, s := val.(string); s && strings.HasPrefix(id, "#") && len(id) > 1 {
				f.fragmentID = true
			}
		case "items":
			if _, a := val.([]any); a {
				f.itemsArray = true
			}
		case "dependencies":
			f.dependencies = true
		case "additionalItems":
			f.additionalItems = true
		case "$recursiveRef", "$recursiveAnchor":
			f.recursive = true
		case "$defs", "$anchor", "unevaluatedProperties", "unevaluatedItems", "dependentSchemas", "dependentRequired", "minContains", "maxContains":
			f.modern = true
		}
	}
	eachSubschema(o, Draft2019, true, func(_ string, sub any) { f.scan(sub, depth+1) })
}

// eachSubschema calls fn with the keyword path (relative JSON pointer
// tokens joined by "/", escaped) and value of every subschema of o that
// the draft's keywords hold. With legacy set, it also visits "definitions"
// and the schema forms of "dependencies" whatever the draft, as tools do.
func eachSubschema(o *Object, d Draft, legacy bool, fn func(rel string, sub any)) {
	for _, k := range o.Keys {
		v := o.Values[k]
		switch k {
		case "additionalProperties", "not", "additionalItems", "propertyNames", "contains",
			"if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "contentSchema":
			fn(jsonptr.Escape(k), v)
		case "items":
			if a, ok := v.([]any); ok {
				for i, e := range a {
					fn(fmt.Sprintf("items/%d", i), e)
				}
			} else {
				fn("items", v)
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			if a, ok := v.([]any); ok {
				for i, e := range a {
					fn(fmt.Sprintf("%s/%d", k, i), e)
				}
			}
		case "properties", "patternProperties", "$defs", "dependentSchemas":
			if m, ok := v.(*Object); ok {
				for _, name := range m.Keys {
					fn(k+"/"+jsonptr.Escape(name), m.Values[name])
				}
			}
		case "definitions":
			if m, ok := v.(*Object); ok && (legacy || d <= Draft7) {
				for _, name := range m.Keys {
					fn(k+"/"+jsonptr.Escape(name), m.Values[name])
				}
			}
		case "dependencies":
			if m, ok := v.(*Object); ok && (legacy || d <= Draft7) {
				for _, name := range m.Keys {
					if _, isList := m.Values[name].([]any); !isList {
						fn(k+"/"+jsonptr.Escape(name), m.Values[name])
					}
				}
			}
		}
	}
}
