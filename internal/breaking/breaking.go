// Package breaking compares two versions of a schema and lists every change
// between them, each with its JSON pointer, a rule id, a severity and a
// message: it is the engine behind "omnigen breaking".
//
// # What is compared
//
// Both schemas are compared as models (package model), so $refs are already
// resolved, across files too, and unions, their tags and the envelope's
// if/then selection are known. Named types are paired by name; the members
// of a union are paired by name or, failing that, by tag value (a payload's
// identity on the wire is its tag: a payload type renamed with the same tag
// is the same payload, and only the removed and added definitions are
// reported). Definitions of other documents (the canonical schema's, for a
// downstream schema that $refs it) are in a model only while used: they are
// compared when both versions use them, never reported as added or removed.
// Each change is reported once, at the definition where it
// happens: a property added to TokenCounts is one change, however many
// payloads use TokenCounts.
//
// # Which direction a rule is judged in
//
// The report is for readers of old data and writers of new data. A change is
// breaking when data valid under the OLD schema may be rejected, or read
// differently, under the NEW one (traces already on disk stop validating, a
// new reader loses a field), or when a definition other schemas $ref and
// generated code names disappears. A change is compatible when everything the
// old schema accepted the new one still accepts.
//
// Some compatible changes are widenings: the new schema accepts more than the
// old, so new data may carry values that a strict old reader (one validating
// against the old schema, or old generated code with closed enums) rejects.
// They are reported as compatible with the kind of widening, e.g. adding a
// value to an enum is "compatible (enum widening)". Upgrade readers before
// writers to stay safe with those.
//
// Rules lists every rule with its severity and meaning. Pointers locate the
// NEW schema for additions and changes and the OLD one for removals; they are
// the model's pointers ("#/$defs/X/properties/y", prefixed with a file name
// for a definition of another document).
//
// Where a schema cannot tell, the judgement is conservative: any new or
// changed pattern or format is a tightening (regular expressions are not
// compared for inclusion), a removed property is breaking even on an open
// object (new readers lose the field), and a property added to an open
// object is compatible although old data could have carried it with any
// value.
//
// Not compared by these rules: descriptions, deprecation, examples, and the
// x-omnigen annotations (builders, guards, name overrides), which change
// generated APIs but not what data is valid.
//
// # The API category
//
// Beside those wire rules (the category "wire", buf's WIRE_JSON), the
// category "api" (buf's FILE) compares what callers of the generated Go and
// TypeScript use: each schema is rendered by both emitters into a list of
// exported names (package api), every name keyed by the schema construct it
// comes from, and the two lists are paired by key. A builder removed or
// renamed, a parameter added, removed, reordered, moved or made required, an
// exported type, field or enum value removed or renamed, or a field's type
// changed is breaking: code that compiled against the old code may not
// compile against the new. Additions that leave every call compiling (an
// optional parameter, which in Go is a field of the builder's options
// struct; a new type, builder or enum value) are compatible. A language
// that cannot render one of the schemas is not compared, and a note says so.
package breaking

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Severity says whether a change breaks readers of old data.
type Severity string

const (
	// Breaking changes may reject, or misread, data the old schema accepted.
	Breaking Severity = "breaking"
	// Compatible changes accept everything the old schema accepted.
	Compatible Severity = "compatible"
)

// Category is what a change may break, in the spirit of buf's categories:
// WIRE_JSON (data) and FILE (generated code).
type Category string

const (
	// Wire changes concern data: what the schema accepts.
	Wire Category = "wire"
	// API changes concern callers of the generated Go and TypeScript: the
	// names and builder calls code written against it uses.
	API Category = "api"
)

// Categories lists every category, in report order.
var Categories = []Category{Wire, API}

// Rule is the kind of a change, in the spirit of buf's breaking rules.
type Rule string

// The rules, breaking ones first.
const (
	TypeRemoved          Rule = "TYPE_REMOVED"
	TypeChanged          Rule = "TYPE_CHANGED"
	PropertyRemoved      Rule = "PROPERTY_REMOVED"
	PropertyAddedReq     Rule = "PROPERTY_ADDED_REQUIRED"
	PropertyMadeRequired Rule = "PROPERTY_MADE_REQUIRED"
	NullableRemoved      Rule = "NULLABLE_REMOVED"
	ConstChanged         Rule = "CONST_CHANGED"
	ConstAdded           Rule = "CONST_ADDED"
	EnumValueRemoved     Rule = "ENUM_VALUE_REMOVED"
	PayloadTypeRemoved   Rule = "PAYLOAD_TYPE_REMOVED"
	UnionMemberRemoved   Rule = "UNION_MEMBER_REMOVED"
	SelectCaseRemoved    Rule = "SELECT_CASE_REMOVED"
	SelectCaseNarrowed   Rule = "SELECT_CASE_NARROWED"
	SelectAdded          Rule = "SELECT_ADDED"
	ObjectClosed         Rule = "OBJECT_CLOSED"
	ConstraintTightened  Rule = "CONSTRAINT_TIGHTENED"
	RootChanged          Rule = "ROOT_CHANGED"

	TypeAdded            Rule = "TYPE_ADDED"
	TypeWidened          Rule = "TYPE_WIDENED"
	TypeReferenceChanged Rule = "TYPE_REFERENCE_CHANGED"
	PropertyAddedOpt     Rule = "PROPERTY_ADDED_OPTIONAL"
	PropertyRemovedOpen  Rule = "PROPERTY_REMOVED_FROM_OPEN"
	PropertyMadeOptional Rule = "PROPERTY_MADE_OPTIONAL"
	NullableAdded        Rule = "NULLABLE_ADDED"
	ConstRemoved         Rule = "CONST_REMOVED"
	EnumValueAdded       Rule = "ENUM_VALUE_ADDED"
	PayloadTypeAdded     Rule = "PAYLOAD_TYPE_ADDED"
	UnionMemberAdded     Rule = "UNION_MEMBER_ADDED"
	SelectCaseAdded      Rule = "SELECT_CASE_ADDED"
	SelectCaseRelaxed    Rule = "SELECT_CASE_RELAXED"
	SelectRemoved        Rule = "SELECT_REMOVED"
	ObjectOpened         Rule = "OBJECT_OPENED"
	ConstraintRelaxed    Rule = "CONSTRAINT_RELAXED"
)

// The rules of the API category, breaking ones first.
const (
	BuilderRemoved     Rule = "BUILDER_REMOVED"
	BuilderRenamed     Rule = "BUILDER_RENAMED"
	ParamAddedRequired Rule = "PARAM_ADDED_REQUIRED"
	ParamRemoved       Rule = "PARAM_REMOVED"
	ParamReordered     Rule = "PARAM_REORDERED"
	ParamMoved         Rule = "PARAM_MOVED"
	ParamMadeRequired  Rule = "PARAM_MADE_REQUIRED"
	ParamTypeChanged   Rule = "PARAM_TYPE_CHANGED"
	NameRemoved        Rule = "NAME_REMOVED"
	NameRenamed        Rule = "NAME_RENAMED"
	NameTypeChanged    Rule = "NAME_TYPE_CHANGED"
	FieldAddedRequired Rule = "FIELD_ADDED_REQUIRED"

	BuilderAdded       Rule = "BUILDER_ADDED"
	ParamAddedOptional Rule = "PARAM_ADDED_OPTIONAL"
	ParamMadeOptional  Rule = "PARAM_MADE_OPTIONAL"
	ParamRenamed       Rule = "PARAM_RENAMED"
	NameAdded          Rule = "NAME_ADDED"
)

// RuleInfo documents one rule.
type RuleInfo struct {
	Rule     Rule
	Category Category
	Severity Severity
	// Widening names the widening a compatible rule is ("enum widening"),
	// "" when it is none or only sometimes one.
	Widening string
	Meaning  string
}

// Rules lists every rule: breaking ones, then compatible ones.
var Rules = []RuleInfo{
	{TypeRemoved, Wire, Breaking, "", "a definition ($defs entry) was removed; schemas that $ref it and code that names its generated type break"},
	{TypeChanged, Wire, Breaking, "", "a type was replaced by one that rejects values the old accepted (string to integer, a narrower kind, another definition that is not a superset)"},
	{PropertyRemoved, Wire, Breaking, "", "a property was removed; old data carrying it no longer validates (closed object) and new readers lose it"},
	{PropertyAddedReq, Wire, Breaking, "", "a required property was added; old data lacks it"},
	{PropertyMadeRequired, Wire, Breaking, "", "an optional property became required; old data that omits it no longer validates"},
	{NullableRemoved, Wire, Breaking, "", "a property no longer accepts null"},
	{ConstChanged, Wire, Breaking, "", "a property's const value changed (for a tag: the payload's wire name)"},
	{ConstAdded, Wire, Breaking, "", "a property became a const"},
	{EnumValueRemoved, Wire, Breaking, "", "an enum lost a value"},
	{PayloadTypeRemoved, Wire, Breaking, "", "a union lost a payload type (a member with a tag); old data of that type no longer validates"},
	{UnionMemberRemoved, Wire, Breaking, "", "a union lost a member that is itself a union or has no tag"},
	{SelectCaseRemoved, Wire, Breaking, "", "an if/then case (the payload family of an envelope kind) was removed"},
	{SelectCaseNarrowed, Wire, Breaking, "", "an if/then case was added for a value that took the property's own type (a schema outside the dialect); old data with that value must now match the case"},
	{SelectAdded, Wire, Breaking, "", "an object gained an if/then selection that constrains a property by another's value"},
	{ObjectClosed, Wire, Breaking, "", "an open object became closed (additionalProperties: false); old data with extra properties no longer validates"},
	{ConstraintTightened, Wire, Breaking, "", "a pattern, format, minimum, maximum, minLength, maxLength, minItems or maxItems was added, changed or made stricter"},
	{RootChanged, Wire, Breaking, "", "the document's top-level $ref (the type of a whole document) was removed or added"},

	{TypeAdded, Wire, Compatible, "", "a definition was added"},
	{TypeWidened, Wire, Compatible, "type widening", "a type now accepts more: integer to number, a scalar to a union of scalars that contains it, an enum to a plain string, anything to free-form JSON"},
	{TypeReferenceChanged, Wire, Compatible, "", "a property now refers to another definition that accepts everything the old one did (a widening when it accepts more)"},
	{PropertyAddedOpt, Wire, Compatible, "", "an optional property was added (an object widening when the object is closed: a strict old reader rejects new data that carries it)"},
	{PropertyRemovedOpen, Wire, Compatible, "", "a property of an open object of a schema outside the dialect was removed; old data stays valid, and the generated readers keep it among the object's other members"},
	{PropertyMadeOptional, Wire, Compatible, "optional widening", "a required property became optional; an old reader that requires it rejects new data that omits it"},
	{NullableAdded, Wire, Compatible, "null widening", "a property now also accepts null"},
	{ConstRemoved, Wire, Compatible, "const widening", "a property is no longer a const, and accepts the old value"},
	{EnumValueAdded, Wire, Compatible, "enum widening", "an enum gained a value; a strict old reader rejects new data that carries it"},
	{PayloadTypeAdded, Wire, Compatible, "union widening", "a union gained a payload type; a strict old reader rejects new data of that type"},
	{UnionMemberAdded, Wire, Compatible, "union widening", "a union gained a member that is itself a union or has no tag"},
	{SelectCaseAdded, Wire, Compatible, "union widening", "an if/then case (a new envelope kind's payload family) was added"},
	{SelectRemoved, Wire, Compatible, "union widening", "an object's if/then selection was removed"},
	{SelectCaseRelaxed, Wire, Compatible, "constraint widening", "an if/then case was removed where values without a case take the property's own type (a schema outside the dialect); old data stays valid"},
	{ObjectOpened, Wire, Compatible, "object widening", "a closed object now allows additional properties"},
	{ConstraintRelaxed, Wire, Compatible, "constraint widening", "a pattern, format or bound was removed or made looser"},

	{BuilderRemoved, API, Breaking, "", "a builder was removed; code that calls it no longer compiles"},
	{BuilderRenamed, API, Breaking, "", "a builder's name in a language changed (its x-omnigen names, or its schema name with the same call)"},
	{ParamAddedRequired, API, Breaking, "", "a builder gained a required parameter (in Go: a positional argument)"},
	{ParamRemoved, API, Breaking, "", "a builder lost a parameter that callers may pass"},
	{ParamReordered, API, Breaking, "", "a positional parameter moved to another position"},
	{ParamMoved, API, Breaking, "", "a parameter moved between the positional arguments and an object argument (Go's options struct, a TypeScript argument or options object)"},
	{ParamMadeRequired, API, Breaking, "", "an optional parameter became required"},
	{ParamTypeChanged, API, Breaking, "", "a parameter's type in a language changed"},
	{NameRemoved, API, Breaking, "", "an exported name (a type, field, enum value, helper or entry point) was removed"},
	{NameRenamed, API, Breaking, "", "an exported name changed while what it comes from in the schema stayed (x-omnigen names)"},
	{NameTypeChanged, API, Breaking, "", "the type of an exported field, or what a named type is, changed in a language (an optional property becomes a pointer in Go, \"?\" in TypeScript)"},
	{FieldAddedRequired, API, Breaking, "", "a TypeScript interface gained a required property; object literals without it no longer compile"},

	{BuilderAdded, API, Compatible, "", "a builder was added"},
	{ParamAddedOptional, API, Compatible, "", "a builder gained an optional parameter (in Go: a field of its options struct); existing calls still compile"},
	{ParamMadeOptional, API, Compatible, "", "a required parameter became optional where it stands; callers that pass it are unaffected"},
	{ParamRenamed, API, Compatible, "", "a positional parameter was renamed in place; callers pass it by position"},
	{NameAdded, API, Compatible, "", "an exported name was added"},
}

var ruleInfo = func() map[Rule]RuleInfo {
	m := make(map[Rule]RuleInfo, len(Rules))
	for _, r := range Rules {
		m[r.Rule] = r
	}
	return m
}()

// Severity is the rule's severity.
func (r Rule) Severity() Severity { return ruleInfo[r].Severity }

// Category is the rule's category.
func (r Rule) Category() Category { return ruleInfo[r].Category }

// Change is one difference between the old and the new schema.
type Change struct {
	// Pointer locates the change: in the new schema for additions and
	// changes, in the old one for removals.
	Pointer  string   `json:"pointer"`
	Category Category `json:"category"`
	Rule     Rule     `json:"rule"`
	Severity Severity `json:"severity"`
	// Widening, on a compatible change, names the widening it is ("enum
	// widening"): new data may carry what a strict old reader rejects.
	Widening string `json:"widening,omitempty"`
	Message  string `json:"message"`
}

// Label is the severity as reports print it: "breaking", "compatible" or
// "compatible (enum widening)".
func (c Change) Label() string {
	if c.Widening != "" {
		return string(c.Severity) + " (" + c.Widening + ")"
	}
	return string(c.Severity)
}

// Compare lists the changes from old to new, sorted by pointer (numeric
// tokens compared as numbers) then rule then message. A schema loaded with
// every definition typed (model.LoadOptions.AllDefinitions) is compared
// whole: a definition its root does not reach is compared too.
func Compare(old, new *model.Schema) []Change {
	d := &differ{old: whole(old), new: whole(new), active: map[[2]*model.Type]bool{}}
	d.compare()
	sortChanges(d.out)
	return d.out
}

// whole is s with every definition typed, when it was loaded so.
func whole(s *model.Schema) *model.Schema {
	if s.Whole != nil {
		return s.Whole
	}
	return s
}

// CompareCategories lists the changes of the categories cats from old to
// new: the wire changes (sorted as Compare sorts them), then the API changes
// of each language in turn. Notes say what could not be compared.
func CompareCategories(old, new *model.Schema, cats []Category) (changes []Change, notes []string) {
	for _, c := range Categories {
		if !hasCategory(cats, c) {
			continue
		}
		switch c {
		case Wire:
			changes = append(changes, Compare(old, new)...)
			if !old.Annotated || !new.Annotated {
				notes = append(notes, "wire: for a schema outside omnigen's dialect, what its types say is compared (properties, required, enums and consts, kinds, unions, bounds, pattern, format); keywords that shape no type (not, dependencies, contains, uniqueItems, multipleOf, if/then/else that pick no type, …) are not")
			}
		case API:
			cs, ns := CompareAPI(old, new)
			changes = append(changes, cs...)
			notes = append(notes, ns...)
		}
	}
	return changes, notes
}

func hasCategory(cats []Category, c Category) bool {
	for _, x := range cats {
		if x == c {
			return true
		}
	}
	return false
}

// Report is the outcome of one comparison, ready to print.
type Report struct {
	// Old and New name the two schemas compared, as the user gave them.
	Old, New string
	// Categories are the categories compared; nil means wire only.
	Categories []Category
	Changes    []Change
	// Notes say what could not be compared.
	Notes []string
}

// Count returns the number of breaking and of compatible changes.
func (r *Report) Count() (breaking, compatible int) {
	for _, c := range r.Changes {
		if c.Severity == Breaking {
			breaking++
		} else {
			compatible++
		}
	}
	return breaking, compatible
}

// Breaking reports whether any change is breaking.
func (r *Report) Breaking() bool {
	b, _ := r.Count()
	return b > 0
}

// WriteText prints one line per change, "pointer: label RULE: message", and
// a summary line.
func (r *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	for _, c := range r.Changes {
		fmt.Fprintf(&sb, "%s: %s %s: %s\n", c.Pointer, c.Label(), c.Rule, c.Message)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&sb, "note: %s\n", n)
	}
	b, k := r.Count()
	if len(r.Changes) == 0 {
		fmt.Fprintf(&sb, "no changes from %s to %s%s\n", r.Old, r.New, r.compared())
	} else {
		fmt.Fprintf(&sb, "%s from %s to %s: %d breaking, %d compatible%s\n", plural(len(r.Changes), "change"), r.Old, r.New, b, k, r.byCategory())
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// compared names the categories compared, when there are several:
// " (wire and api)".
func (r *Report) compared() string {
	if len(r.Categories) < 2 {
		return ""
	}
	names := make([]string, len(r.Categories))
	for i, c := range r.Categories {
		names[i] = string(c)
	}
	return " (" + strings.Join(names, " and ") + ")"
}

// byCategory counts the changes of each category compared, when there are
// several: " (wire: 1 breaking, 2 compatible; api: 0 breaking, 1
// compatible)".
func (r *Report) byCategory() string {
	if len(r.Categories) < 2 {
		return ""
	}
	var parts []string
	for _, c := range r.Categories {
		b, k := 0, 0
		for _, ch := range r.Changes {
			switch {
			case ch.Category != c:
			case ch.Severity == Breaking:
				b++
			default:
				k++
			}
		}
		parts = append(parts, fmt.Sprintf("%s: %d breaking, %d compatible", c, b, k))
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// WriteJSON prints the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	b, k := r.Count()
	changes := r.Changes
	if changes == nil {
		changes = []Change{}
	}
	cats := r.Categories
	if cats == nil {
		cats = []Category{Wire}
	}
	out := struct {
		Old        string     `json:"old"`
		New        string     `json:"new"`
		Categories []Category `json:"categories"`
		Breaking   int        `json:"breaking"`
		Compatible int        `json:"compatible"`
		Changes    []Change   `json:"changes"`
		Notes      []string   `json:"notes,omitempty"`
	}{r.Old, r.New, cats, b, k, changes, r.Notes}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func sortChanges(cs []Change) {
	sort.SliceStable(cs, func(i, j int) bool {
		if c := comparePointers(cs[i].Pointer, cs[j].Pointer); c != 0 {
			return c < 0
		}
		if cs[i].Rule != cs[j].Rule {
			return cs[i].Rule < cs[j].Rule
		}
		return cs[i].Message < cs[j].Message
	})
}

// comparePointers orders pointers token by token, numeric tokens as numbers
// ("/enum/2" before "/enum/10").
func comparePointers(a, b string) int {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if ta[i] == tb[i] {
			continue
		}
		na, ea := strconv.Atoi(ta[i])
		nb, eb := strconv.Atoi(tb[i])
		if ea == nil && eb == nil {
			if na < nb {
				return -1
			}
			return 1
		}
		if ta[i] < tb[i] {
			return -1
		}
		return 1
	}
	return len(ta) - len(tb)
}
