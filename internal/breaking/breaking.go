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
// Not compared: descriptions, deprecation, examples, and the x-omnigen
// annotations (builders, guards, name overrides), which change generated
// APIs but not what data is valid.
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

// Rule is the category of a change, in the spirit of buf's breaking rules.
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
	SelectAdded          Rule = "SELECT_ADDED"
	ObjectClosed         Rule = "OBJECT_CLOSED"
	ConstraintTightened  Rule = "CONSTRAINT_TIGHTENED"
	RootChanged          Rule = "ROOT_CHANGED"

	TypeAdded            Rule = "TYPE_ADDED"
	TypeWidened          Rule = "TYPE_WIDENED"
	TypeReferenceChanged Rule = "TYPE_REFERENCE_CHANGED"
	PropertyAddedOpt     Rule = "PROPERTY_ADDED_OPTIONAL"
	PropertyMadeOptional Rule = "PROPERTY_MADE_OPTIONAL"
	NullableAdded        Rule = "NULLABLE_ADDED"
	ConstRemoved         Rule = "CONST_REMOVED"
	EnumValueAdded       Rule = "ENUM_VALUE_ADDED"
	PayloadTypeAdded     Rule = "PAYLOAD_TYPE_ADDED"
	UnionMemberAdded     Rule = "UNION_MEMBER_ADDED"
	SelectCaseAdded      Rule = "SELECT_CASE_ADDED"
	SelectRemoved        Rule = "SELECT_REMOVED"
	ObjectOpened         Rule = "OBJECT_OPENED"
	ConstraintRelaxed    Rule = "CONSTRAINT_RELAXED"
)

// RuleInfo documents one rule.
type RuleInfo struct {
	Rule     Rule
	Severity Severity
	// Widening names the widening a compatible rule is ("enum widening"),
	// "" when it is none or only sometimes one.
	Widening string
	Meaning  string
}

// Rules lists every rule: breaking ones, then compatible ones.
var Rules = []RuleInfo{
	{TypeRemoved, Breaking, "", "a definition ($defs entry) was removed; schemas that $ref it and code that names its generated type break"},
	{TypeChanged, Breaking, "", "a type was replaced by one that rejects values the old accepted (string to integer, a narrower kind, another definition that is not a superset)"},
	{PropertyRemoved, Breaking, "", "a property was removed; old data carrying it no longer validates (closed object) and new readers lose it"},
	{PropertyAddedReq, Breaking, "", "a required property was added; old data lacks it"},
	{PropertyMadeRequired, Breaking, "", "an optional property became required; old data that omits it no longer validates"},
	{NullableRemoved, Breaking, "", "a property no longer accepts null"},
	{ConstChanged, Breaking, "", "a property's const value changed (for a tag: the payload's wire name)"},
	{ConstAdded, Breaking, "", "a property became a const"},
	{EnumValueRemoved, Breaking, "", "an enum lost a value"},
	{PayloadTypeRemoved, Breaking, "", "a union lost a payload type (a member with a tag); old data of that type no longer validates"},
	{UnionMemberRemoved, Breaking, "", "a union lost a member that is itself a union or has no tag"},
	{SelectCaseRemoved, Breaking, "", "an if/then case (the payload family of an envelope kind) was removed"},
	{SelectAdded, Breaking, "", "an object gained an if/then selection that constrains a property by another's value"},
	{ObjectClosed, Breaking, "", "an open object became closed (additionalProperties: false); old data with extra properties no longer validates"},
	{ConstraintTightened, Breaking, "", "a pattern, format, minimum, maximum, minLength, maxLength, minItems or maxItems was added, changed or made stricter"},
	{RootChanged, Breaking, "", "the document's top-level $ref (the type of a whole document) was removed or added"},

	{TypeAdded, Compatible, "", "a definition was added"},
	{TypeWidened, Compatible, "type widening", "a type now accepts more: integer to number, a scalar to a union of scalars that contains it, an enum to a plain string, anything to free-form JSON"},
	{TypeReferenceChanged, Compatible, "", "a property now refers to another definition that accepts everything the old one did (a widening when it accepts more)"},
	{PropertyAddedOpt, Compatible, "", "an optional property was added (an object widening when the object is closed: a strict old reader rejects new data that carries it)"},
	{PropertyMadeOptional, Compatible, "optional widening", "a required property became optional; an old reader that requires it rejects new data that omits it"},
	{NullableAdded, Compatible, "null widening", "a property now also accepts null"},
	{ConstRemoved, Compatible, "const widening", "a property is no longer a const, and accepts the old value"},
	{EnumValueAdded, Compatible, "enum widening", "an enum gained a value; a strict old reader rejects new data that carries it"},
	{PayloadTypeAdded, Compatible, "union widening", "a union gained a payload type; a strict old reader rejects new data of that type"},
	{UnionMemberAdded, Compatible, "union widening", "a union gained a member that is itself a union or has no tag"},
	{SelectCaseAdded, Compatible, "union widening", "an if/then case (a new envelope kind's payload family) was added"},
	{SelectRemoved, Compatible, "union widening", "an object's if/then selection was removed"},
	{ObjectOpened, Compatible, "object widening", "a closed object now allows additional properties"},
	{ConstraintRelaxed, Compatible, "constraint widening", "a pattern, format or bound was removed or made looser"},
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

// Change is one difference between the old and the new schema.
type Change struct {
	// Pointer locates the change: in the new schema for additions and
	// changes, in the old one for removals.
	Pointer  string   `json:"pointer"`
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
// tokens compared as numbers) then rule then message.
func Compare(old, new *model.Schema) []Change {
	d := &differ{old: old, new: new, active: map[[2]*model.Type]bool{}}
	d.compare()
	sortChanges(d.out)
	return d.out
}

// Report is the outcome of one comparison, ready to print.
type Report struct {
	// Old and New name the two schemas compared, as the user gave them.
	Old, New string
	Changes  []Change
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
	b, k := r.Count()
	if len(r.Changes) == 0 {
		fmt.Fprintf(&sb, "no changes from %s to %s\n", r.Old, r.New)
	} else {
		fmt.Fprintf(&sb, "%s from %s to %s: %d breaking, %d compatible\n", plural(len(r.Changes), "change"), r.Old, r.New, b, k)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteJSON prints the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	b, k := r.Count()
	changes := r.Changes
	if changes == nil {
		changes = []Change{}
	}
	out := struct {
		Old        string   `json:"old"`
		New        string   `json:"new"`
		Breaking   int      `json:"breaking"`
		Compatible int      `json:"compatible"`
		Changes    []Change `json:"changes"`
	}{r.Old, r.New, b, k, changes}
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
