package model

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// Program is a schema compiled into checks: for every schema location that
// validation can reach from the roots, a Check listing the rules a value
// must satisfy there, one rule per keyword. What each keyword means (in the
// schema's draft) is decided here, once; the Go and TypeScript emitters
// render each rule with one piece of code of their own and decide nothing,
// so that the two languages agree by construction.
type Program struct {
	// Roots are the checks of the documents' roots, in the order asked for.
	Roots []*Check
	// Checks lists every check, roots first, then in the order they were
	// first reached.
	Checks []*Check
	// Patterns are the distinct regular expressions the rules use, in the
	// order of first use.
	Patterns []*Pattern
	// Literals are the distinct enum and const values, in the order of
	// first use.
	Literals []*Literal
	// Formats lists the formats asserted, sorted.
	Formats []string
	// Scoped says that some schema location is checked in more than one
	// dynamic scope, each a check of its own ($dynamicRef and $recursiveRef
	// look their target up in the scope): such a location may be checked
	// otherwise than its type's check says, as the scope it is reached in
	// decides; or some reference resolves in its scope to another schema
	// than its static target, which the types are made of. A $dynamicRef
	// that resolves to its static target wherever it is reached does not
	// make a program Scoped.
	Scoped bool
	// at finds the check of a schema location (in the first dynamic scope
	// it was reached in), for the types.
	at map[*resolve.Schema]*Check
}

// Check is the validation of one schema location (in one dynamic scope,
// when $dynamicRef or $recursiveRef make the scope matter).
type Check struct {
	// Index is the check's position in Program.Checks.
	Index int
	// Name is unique in the program and made of ASCII letters and digits,
	// PascalCase: the definition's name ("Address"), the root's name, or
	// the holder's name and the way to the location ("AddressStreet").
	// Emitters build their function names from it.
	Name string
	// Loc is the schema location ("schema.json#/$defs/Address"), for doc
	// comments.
	Loc string
	// Always is set when the check accepts every value (true) or none
	// (false): a boolean schema, or an object schema without assertions.
	// Rules is then empty.
	Always *bool
	// Rules are checked in order.
	Rules []Rule
	// Tracks is set when the check is called where the properties and
	// items it evaluates must be known (an unevaluated* keyword applies to
	// the same value): it records them.
	Tracks bool
	// Draft is the draft the location's keywords were read in.
	Draft string
}

// IsTrue reports whether c accepts every value.
func (c *Check) IsTrue() bool { return c.Always != nil && *c.Always }

// IsFalse reports whether c accepts no value.
func (c *Check) IsFalse() bool { return c.Always != nil && !*c.Always }

// Rule is one keyword's assertion. The concrete types below are the whole
// set; an emitter switches on them.
type Rule interface {
	// Keyword is the schema keyword the rule comes from, as errors name it.
	Keyword() string
}

// JSONType is a JSON Schema type name.
type JSONType string

// The JSON Schema types. Integer is a number with no fraction (1.0 is
// one) in every draft: see TypeRule.
const (
	TypeNull    JSONType = "null"
	TypeBoolean JSONType = "boolean"
	TypeObject  JSONType = "object"
	TypeArray   JSONType = "array"
	TypeNumber  JSONType = "number"
	TypeString  JSONType = "string"
	TypeInteger JSONType = "integer"
)

// TypeRule: the value is of one of Types ("type"). An integer is a number
// whose value as written has no fraction: 1.0 and 1e2 are, in draft 4 too
// (which asks for no fraction in the text: JavaScript cannot tell 1.0 from
// 1, and both languages must agree); 1e-400 and 1.0000000000000001 are not,
// although JavaScript reads them as 0 and 1 (the runtimes look at the
// text).
type TypeRule struct{ Types []JSONType }

// Phrase is how a message names the types: "null or string", in the order
// the schema engine lists them, whatever the schema's, so that every
// renderer and the engine word the problem alike.
func (r *TypeRule) Phrase() string {
	var names []string
	for _, t := range [...]JSONType{TypeNull, TypeBoolean, TypeNumber, TypeInteger, TypeString, TypeArray, TypeObject} {
		if slices.Contains(r.Types, t) {
			names = append(names, string(t))
		}
	}
	return strings.Join(names, " or ")
}

// ExactIntegerRule: the dialect's rule of integers, which follows a
// TypeRule asking for an integer when CompileOptions.ExactIntegers is on.
// The type rule takes only integers as written, for every schema (1e-400
// and 1.0000000000000001, which JavaScript reads as 0 and 1, are not); this
// one asks for an integer in the int64 range that JavaScript writes back
// unchanged (9007199254740993 is not: keyword "type", for it narrows the
// type rule's integer, ExactIntegerMessage and the integer as the
// dialect's Go package shows it).
type ExactIntegerRule struct{}

// ExactIntegerMessage heads the message of an integer outside the int64
// range or one JavaScript writes back as another number.
const ExactIntegerMessage = "must be an integer in the int64 range that JavaScript writes back unchanged, got "

// ConstRule: the value equals Value, by JSON equality ("const").
type ConstRule struct{ Value *Literal }

// EnumRule: the value equals one of Values ("enum").
type EnumRule struct{ Values []*Literal }

// BoundRule: a number is at least / at most / greater than / less than
// Limit ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", and
// draft 4's boolean exclusive forms, which make Exclusive set on the
// minimum or maximum rule).
type BoundRule struct {
	Key       string
	Limit     Number
	Max       bool
	Exclusive bool
}

// Comparison names the test a BoundRule makes, as the runtimes' methods
// are named: atLeast, atMost, greaterThan or lessThan.
func (r *BoundRule) Comparison() string {
	switch {
	case r.Max && r.Exclusive:
		return "lessThan"
	case r.Max:
		return "atMost"
	case r.Exclusive:
		return "greaterThan"
	}
	return "atLeast"
}

// MultipleOfRule: a number is an integer multiple of By, exactly in
// decimal ("multipleOf"): 0.3 is a multiple of 0.1.
type MultipleOfRule struct{ By Number }

// LengthRule: a string has at least (Max false) or at most N characters,
// counted in Unicode code points ("minLength", "maxLength").
type LengthRule struct {
	Max bool
	N   int
}

// PatternRule: a string matches Pattern somewhere ("pattern").
type PatternRule struct{ Pattern *Pattern }

// FormatRule: a string is of Format ("format", when formats assert).
type FormatRule struct{ Format string }

// CountRule: an array has at least / at most N items, or an object N
// properties ("minItems", "maxItems", "minProperties", "maxProperties").
type CountRule struct {
	Key        string
	Properties bool
	Max        bool
	N          int
}

// UniqueRule: no two items of an array are equal ("uniqueItems").
type UniqueRule struct{}

// ItemsRule: every item from index From on satisfies Check ("items", or
// "additionalItems" after an array "items", or "items" after
// "prefixItems"). Deny is set when the schema is false: no item may be
// there. Check is nil when the schema accepts everything (the rule only
// marks the items evaluated).
type ItemsRule struct {
	Key   string
	From  int
	Check *Check
	Deny  bool
}

// PrefixItemsRule: item i satisfies Checks[i] ("prefixItems", or an array
// "items" before 2020-12). A nil check accepts everything; a false one is
// in Deny.
type PrefixItemsRule struct {
	Key    string
	Checks []*Check
	Deny   []bool
}

// AtMost is the position of the first schema that is the false schema:
// an array may have at most that many items. ok is false when there is
// none.
func (r *PrefixItemsRule) AtMost() (n int, ok bool) {
	for i, d := range r.Deny {
		if d {
			return i, true
		}
	}
	return 0, false
}

// ContainsRule: at least Min (at most Max, when set) items satisfy Check
// ("contains", "minContains", "maxContains"). Marks is set when matching
// items count as evaluated (2020-12).
type ContainsRule struct {
	Check *Check
	Min   int
	Max   *int
	Marks bool
	// Never is set when the schema is false: no item matches.
	Never bool
}

// PropertiesRule: each listed property, when present, satisfies its check
// ("properties").
type PropertiesRule struct{ Props []*PropCheck }

// PropCheck is one property's check: nil accepts anything, Deny none.
type PropCheck struct {
	Name  string
	Check *Check
	Deny  bool
}

// PatternPropertiesRule: each property whose name matches a pattern
// satisfies that pattern's check ("patternProperties").
type PatternPropertiesRule struct{ Props []*PatternCheck }

// PatternCheck is one pattern's check: nil accepts anything, Deny none.
type PatternCheck struct {
	Pattern *Pattern
	Check   *Check
	Deny    bool
}

// AdditionalRule: each property not named in Known nor matching one of
// Patterns satisfies Check, or (Deny) is not allowed
// ("additionalProperties").
type AdditionalRule struct {
	Known    []string
	Patterns []*Pattern
	Check    *Check
	Deny     bool
}

// PropertyNamesRule: every property name, as a string, satisfies Check
// ("propertyNames"); Deny: the object has no properties.
type PropertyNamesRule struct {
	Check *Check
	Deny  bool
}

// RequiredRule: every listed property is present ("required").
type RequiredRule struct{ Names []string }

// DependentRequiredRule: when If is present, so is each of Then
// ("dependentRequired", the array form of "dependencies").
type DependentRequiredRule struct {
	Key  string
	If   string
	Then []string
}

// DependentSchemaRule: when If is present, the object satisfies Check
// ("dependentSchemas", the schema form of "dependencies"); Deny: If may
// not be present.
type DependentSchemaRule struct {
	Key   string
	If    string
	Check *Check
	Deny  bool
}

// AllOfRule, AnyOfRule and OneOfRule: the value satisfies all, at least
// one, exactly one of Checks ("allOf", "anyOf", "oneOf").
type AllOfRule struct{ Checks []*Check }

// AnyOfRule: see AllOfRule.
type AnyOfRule struct {
	Checks  []*Check
	Closest *Closest
}

// OneOfRule: see AllOfRule.
type OneOfRule struct {
	Checks  []*Check
	Closest *Closest
}

// Closest says, for an anyOf or oneOf, which member a value that no member
// accepts was meant for, where that is plain, so that the error is that
// member's: the one member whose const tag (a required property with one
// string value, or for a member that is itself a union, one of its
// members' tags) the value carries, else the one member whose JSON kinds
// hold the value's. Where every member has a tag and the value carries
// none of them, the error names the tag; where no member's kinds hold the
// value's, its type. Otherwise the error names the value and says that
// none matched: the deepest error of a member the value was not meant for
// blames the wrong thing. Nil when no member can be told (every member
// takes every kind, and none has a tag).
type Closest struct {
	// Tag is the tag property, "" for none; Tags each member's values of
	// it (none for a member without one).
	Tag  string
	Tags [][]string
	// Kinds are the JSON types each member's values may have.
	Kinds []TypeSet
	// Dispatch, when some member proves its tag values, says which members
	// an object may match by its tag (see Dispatch).
	Dispatch Dispatch
}

// TypeSet is a set of JSON types: "null", "boolean", "object", "array",
// "number" (any number), "string", "integer" (a number that is one).
type TypeSet []string

// NotRule: the value does not satisfy Check ("not").
type NotRule struct{ Check *Check }

// IfRule: when the value satisfies If it satisfies Then, else Else
// ("if", "then", "else"); a nil Then or Else accepts everything. Tag, when
// set, stands for If (which is then nil): the "if" schema only asks an
// object for a property equal to a string, the way an envelope picks the
// schema of its payload by its type.
type IfRule struct {
	If, Then, Else *Check
	Tag            *TagTest
}

// TagTest is an "if" schema that holds for a value that is no object, and
// for an object whose property Name is the string Value:
// {"properties": {Name: {"const": Value}}, "required": [Name]}. It
// evaluates Name when it holds for an object.
type TagTest struct{ Name, Value string }

// RefRule: the value satisfies Check, the schema a reference names
// ("$ref", "$dynamicRef", "$recursiveRef"; a dynamic one resolved in the
// check's dynamic scope).
type RefRule struct {
	Key   string
	Check *Check
}

// UnevaluatedRule: every property (Items false) or item (Items true) that
// no other keyword of the check evaluated satisfies Check, or (Deny) is
// not allowed ("unevaluatedProperties", "unevaluatedItems").
type UnevaluatedRule struct {
	Items bool
	Check *Check
	Deny  bool
}

// Number is a number from a schema: its text and its float64 value.
type Number struct {
	Text  string
	Value float64
}

// Pattern is an ECMA-262 regular expression.
type Pattern struct {
	// Index is the pattern's position in Program.Patterns.
	Index int
	// Source is the pattern as the schema writes it.
	Source string
	// Flags are the RegExp flags JavaScript compiles it with: "u" when the
	// pattern is valid Unicode-mode syntax, else "" (Annex B). Go matches
	// it as ECMA-262 does (regexrt) with the same flags.
	Flags string
}

// Literal is a JSON value a value is compared with.
type Literal struct {
	// Index is the literal's position in Program.Literals.
	Index int
	// JSON is the value as compact JSON, keys in schema order.
	JSON json.RawMessage
	// Value is the decoded value: *resolve.Object, []any, string,
	// json.Number, bool or nil.
	Value any
}

func (TypeRule) Keyword() string              { return "type" }
func (ExactIntegerRule) Keyword() string      { return "type" }
func (ConstRule) Keyword() string             { return "const" }
func (EnumRule) Keyword() string              { return "enum" }
func (r BoundRule) Keyword() string           { return r.Key }
func (MultipleOfRule) Keyword() string        { return "multipleOf" }
func (PatternRule) Keyword() string           { return "pattern" }
func (FormatRule) Keyword() string            { return "format" }
func (r CountRule) Keyword() string           { return r.Key }
func (UniqueRule) Keyword() string            { return "uniqueItems" }
func (r ItemsRule) Keyword() string           { return r.Key }
func (r PrefixItemsRule) Keyword() string     { return r.Key }
func (ContainsRule) Keyword() string          { return "contains" }
func (PropertiesRule) Keyword() string        { return "properties" }
func (PatternPropertiesRule) Keyword() string { return "patternProperties" }
func (AdditionalRule) Keyword() string        { return "additionalProperties" }
func (PropertyNamesRule) Keyword() string     { return "propertyNames" }
func (RequiredRule) Keyword() string          { return "required" }
func (r DependentRequiredRule) Keyword() string {
	return r.Key
}
func (r DependentSchemaRule) Keyword() string { return r.Key }
func (AllOfRule) Keyword() string             { return "allOf" }
func (AnyOfRule) Keyword() string             { return "anyOf" }
func (OneOfRule) Keyword() string             { return "oneOf" }
func (NotRule) Keyword() string               { return "not" }
func (IfRule) Keyword() string                { return "if" }
func (r RefRule) Keyword() string             { return r.Key }
func (r LengthRule) Keyword() string {
	if r.Max {
		return "maxLength"
	}
	return "minLength"
}
func (r UnevaluatedRule) Keyword() string {
	if r.Items {
		return "unevaluatedItems"
	}
	return "unevaluatedProperties"
}

// Applies names the JSON type a rule asserts something of: a value of any
// other type satisfies it ("minimum" says nothing of a string). It is ""
// for the rules that apply to every value.
func Applies(r Rule) JSONType {
	switch r := r.(type) {
	case *BoundRule, *MultipleOfRule:
		return TypeNumber
	case *LengthRule, *PatternRule, *FormatRule:
		return TypeString
	case *CountRule:
		if r.Properties {
			return TypeObject
		}
		return TypeArray
	case *UniqueRule, *ItemsRule, *PrefixItemsRule, *ContainsRule:
		return TypeArray
	case *PropertiesRule, *PatternPropertiesRule, *AdditionalRule, *PropertyNamesRule,
		*RequiredRule, *DependentRequiredRule, *DependentSchemaRule:
		return TypeObject
	case *UnevaluatedRule:
		if r.Items {
			return TypeArray
		}
		return TypeObject
	}
	return ""
}

// RuleGroup is a run of consecutive rules of a check that apply to values
// of one JSON type (Applies; "" for the rules that apply to every value),
// which an emitter renders under one test of the type.
type RuleGroup struct {
	Type  JSONType
	Rules []Rule
}

// Groups splits the check's rules into runs of one JSON type, in order.
func (c *Check) Groups() []RuleGroup {
	var out []RuleGroup
	for _, r := range c.Rules {
		t := Applies(r)
		if n := len(out); n > 0 && out[n-1].Type == t {
			out[n-1].Rules = append(out[n-1].Rules, r)
			continue
		}
		out = append(out, RuleGroup{Type: t, Rules: []Rule{r}})
	}
	return out
}

// Forward is the check c stands for when c is nothing but a reference to
// it (a schema that is only a "$ref"), following such references to one
// that checks something itself; nil when c does. A renderer calls that
// check where c is called, instead of a function that only calls it.
func (c *Check) Forward() *Check {
	var to *Check
	seen := map[*Check]bool{}
	for cur := c; cur.Always == nil && len(cur.Rules) == 1; {
		r, ok := cur.Rules[0].(*RefRule)
		if !ok {
			break
		}
		if seen[cur] {
			return nil // references only, in a loop (which compile refuses)
		}
		seen[cur] = true
		to, cur = r.Check, r.Check
	}
	return to
}

// Own reports whether the check keeps its own record of what it evaluated:
// it has an unevaluated* rule, which must see only what the check's own
// keywords evaluated.
func (c *Check) Own() bool {
	for _, r := range c.Rules {
		if _, ok := r.(*UnevaluatedRule); ok {
			return true
		}
	}
	return false
}

// PassesNull reports whether null surely satisfies c, judged from its
// rules alone: a type with null, an enum or const with it, rules on values
// of other types. It is false where a rule may refuse null ("not", a
// composition, an enum without it), which a codec that reads null without
// the decoder of its type must then run.
func (c *Check) PassesNull() bool { return c.passesNull(map[*Check]bool{}) }

func (c *Check) passesNull(seen map[*Check]bool) bool {
	switch {
	case c == nil || c.IsTrue():
		return true
	case c.IsFalse() || seen[c]:
		return false // a loop of references is left to the check itself
	}
	seen[c] = true
	for _, r := range c.Rules {
		switch r := r.(type) {
		case *TypeRule:
			if !slices.Contains(r.Types, TypeNull) {
				return false
			}
		case *RefRule:
			if !r.Check.passesNull(seen) {
				return false
			}
		case *AllOfRule:
			for _, ch := range r.Checks {
				if !ch.passesNull(seen) {
					return false
				}
			}
		case *AnyOfRule:
			if !slices.ContainsFunc(r.Checks, func(ch *Check) bool { return ch.passesNull(seen) }) {
				return false
			}
		case *ExactIntegerRule:
			// A rule on numbers only.
		case *ConstRule:
			if !isNull(r.Value) {
				return false
			}
		case *EnumRule:
			if !slices.ContainsFunc(r.Values, isNull) {
				return false
			}
		default:
			if k := Applies(r); k == "" || k == TypeNull {
				return false
			}
		}
	}
	return true
}

func isNull(l *Literal) bool { return string(l.JSON) == "null" }
