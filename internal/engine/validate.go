package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

var printer = message.NewPrinter(language.English)

// Validator is a compiled schema.
type Validator struct {
	schema *jsonschema.Schema
	unions map[string]union
}

// Validate decodes line as exactly one JSON value and validates it.
func (v *Validator) Validate(line []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return &schema.Error{Pointer: "", Message: "not valid JSON: " + err.Error()}
	}
	return v.ValidateValue(inst)
}

// ValidateValue validates a value decoded with jsonschema.UnmarshalJSON (or
// any decoder that keeps numbers as json.Number).
func (v *Validator) ValidateValue(inst any) error {
	err := v.schema.Validate(inst)
	if err == nil {
		return nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return &schema.Error{Message: err.Error()}
	}
	return v.explain(verr, inst)
}

// explain reduces the engine's error tree to the one finding a person needs.
// At a failed oneOf whose branches are told apart by a const property (a
// discriminated union), only the branch the value claims to be is followed;
// elsewhere the deepest finding wins, the first on a tie in the engine's
// keyword order (a missing property before an unknown one). The engine visits
// an object's properties in map order, so the findings about its properties
// are put in name order first: the same line always gets the same finding.
func (v *Validator) explain(e *jsonschema.ValidationError, inst any) *schema.Error {
	if oneOf, ok := e.ErrorKind.(*kind.OneOf); ok && oneOf.Subschemas == nil {
		if u, ok := v.unions[e.SchemaURL]; ok && len(e.Causes) == len(u.branches) {
			return v.explainUnion(e, u, inst)
		}
	}
	if len(e.Causes) == 0 {
		return leaf(e)
	}
	var best *schema.Error
	for _, c := range inStableOrder(e) {
		f := v.explain(c, inst)
		if best == nil || depth(f.Pointer) > depth(best.Pointer) {
			best = f
		}
	}
	return best
}

func (v *Validator) explainUnion(e *jsonschema.ValidationError, u union, inst any) *schema.Error {
	loc := pointer(e.InstanceLocation)
	obj, isObj := valueAt(inst, e.InstanceLocation).(map[string]any)
	if !isObj {
		return &schema.Error{Pointer: loc, Message: schema.WithKeyword("type", "must be object, got "+jsonType(valueAt(inst, e.InstanceLocation)))}
	}
	raw, present := obj[u.property]
	if !present {
		return &schema.Error{Pointer: loc + "/" + jsonptr.Escape(u.property), Message: schema.WithKeyword("required", fmt.Sprintf("missing required property %q", u.property))}
	}
	tag, isString := raw.(string)
	for i, b := range u.branches {
		if isString && b.values[tag] {
			return v.explain(e.Causes[i], inst)
		}
	}
	return &schema.Error{
		Pointer: loc + "/" + jsonptr.Escape(u.property),
		Message: schema.WithKeyword("oneOf", fmt.Sprintf("unknown %s %s: must be one of %s", u.property, display(raw), quoteAll(u.allValues()))),
	}
}

// leaf turns one engine error into a finding, worded as the generated
// code words it: what is wrong with the value the pointer names, and the
// keyword it breaks.
func leaf(e *jsonschema.ValidationError) *schema.Error {
	loc := pointer(e.InstanceLocation)
	var msg, keyword string
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		loc += "/" + jsonptr.Escape(k.Missing[0])
		msg, keyword = fmt.Sprintf("missing required property %q", k.Missing[0]), "required"
	case *kind.AdditionalProperties:
		props := append([]string(nil), k.Properties...)
		sort.Strings(props)
		loc += "/" + jsonptr.Escape(props[0])
		msg, keyword = "unknown property "+jsonrt.QuoteJS(props[0]), "additionalProperties"
	case *kind.Const:
		msg, keyword = fmt.Sprintf("must be %s, got %s", display(k.Want), display(k.Got)), "const"
	case *kind.Enum:
		msg, keyword = fmt.Sprintf("must be one of %s, got %s", joinValues(k.Want), display(k.Got)), "enum"
	case *kind.Type:
		msg, keyword = fmt.Sprintf("must be %s, got %s", strings.Join(k.Want, " or "), k.Got), "type"
	case *kind.Pattern:
		msg, keyword = fmt.Sprintf("%s does not match the pattern %s", display(k.Got), k.Want), "pattern"
	case *kind.MinItems:
		msg, keyword = fmt.Sprintf("must have at least %s, got %d", gen.Counted(k.Want, "item", "items"), k.Got), "minItems"
	case *kind.Minimum:
		msg, keyword = fmt.Sprintf("must be at least %s, got %s", k.Want.RatString(), k.Got.RatString()), "minimum"
	case *kind.FalseSchema:
		msg, keyword = "no value is allowed here", "false"
	default:
		msg = e.ErrorKind.LocalizedString(printer)
		if path := e.ErrorKind.KeywordPath(); len(path) > 0 {
			keyword = path[len(path)-1]
		}
	}
	return &schema.Error{Pointer: loc, Message: schema.WithKeyword(keyword, msg)}
}

func depth(p string) int { return strings.Count(p, "/") }

// inStableOrder returns e's causes with those about its members (properties
// or items, whose instance location is longer than e's) sorted by member,
// each staying among the slots such causes had: the other causes (required,
// additionalProperties, …) keep the engine's keyword order.
func inStableOrder(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	n := len(e.InstanceLocation)
	causes := slices.Clone(e.Causes)
	var slots []int
	var members []*jsonschema.ValidationError
	for i, c := range causes {
		if len(c.InstanceLocation) > n {
			slots = append(slots, i)
			members = append(members, c)
		}
	}
	slices.SortStableFunc(members, func(a, b *jsonschema.ValidationError) int {
		return jsonptr.Compare(a.InstanceLocation[n], b.InstanceLocation[n])
	})
	for k, i := range slots {
		causes[i] = members[k]
	}
	return causes
}

func pointer(tokens []string) string {
	var sb strings.Builder
	for _, t := range tokens {
		sb.WriteByte('/')
		sb.WriteString(jsonptr.Escape(t))
	}
	return sb.String()
}

func valueAt(v any, tokens []string) any {
	for _, t := range tokens {
		switch x := v.(type) {
		case map[string]any:
			v = x[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number, float64, int:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// display writes a value as the generated code's messages show it: as
// JSON.stringify writes it, shortened when long.
func display(v any) string {
	switch v := v.(type) {
	case []any, map[string]any:
		return jsonType(v)
	case string:
		return jsonrt.ShowString(v)
	case json.Number:
		return jsonrt.ShowNumber(string(v))
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func joinValues(vs []any) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = display(v)
	}
	return strings.Join(out, ", ")
}

func quoteAll(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strconv.Quote(v)
	}
	return strings.Join(out, ", ")
}
