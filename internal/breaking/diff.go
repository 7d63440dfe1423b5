package breaking

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

type differ struct {
	old, new *model.Schema
	out      []Change
	// active holds the pairs of differently named types being compared
	// structurally, so that recursive types terminate.
	active map[[2]*model.Type]bool
}

// add records a change with the rule's own widening.
func add(s *[]Change, ptr string, r Rule, format string, args ...any) {
	addW(s, ptr, r, ruleInfo[r].Widening, format, args...)
}

// addW records a change with the given widening ("" for none).
func addW(s *[]Change, ptr string, r Rule, widening string, format string, args ...any) {
	c := Change{Pointer: ptr, Category: r.Category(), Rule: r, Severity: r.Severity(), Message: fmt.Sprintf(format, args...)}
	if c.Severity == Compatible {
		c.Widening = widening
	}
	*s = append(*s, c)
}

func (d *differ) compare() {
	switch {
	case d.old.Root != nil && d.new.Root == nil:
		add(&d.out, "#/$ref", RootChanged, "the document no longer names a root type (it was %s)", d.old.Root.Name)
	case d.old.Root == nil && d.new.Root != nil:
		add(&d.out, "#/$ref", RootChanged, "the document now requires its root type %s, where it accepted any document", d.new.Root.Name)
	case d.old.Root != nil:
		d.compareRef(d.old.Root, d.new.Root, "the document's root type", "#/$ref", &d.out)
	}
	for _, o := range d.old.Types {
		n := d.new.Lookup(o.Name)
		if n == nil {
			if own(o) && !slices.Contains(d.new.Definitions, o.Pointer) {
				add(&d.out, o.Pointer, TypeRemoved, "definition %s was removed; schemas that $ref it and code that uses its generated type break", o.Name)
			}
			continue
		}
		d.compareShape(o, n, o.Name, &d.out)
	}
	for _, n := range d.new.Types {
		if own(n) && d.old.Lookup(n.Name) == nil && !slices.Contains(d.old.Definitions, n.Pointer) {
			add(&d.out, n.Pointer, TypeAdded, "definition %s (%s) was added", n.Name, n.Kind)
		}
	}
	// The definitions of a schema outside the dialect that no root reaches
	// have no type: their entries alone say they went or came.
	typed := func(s *model.Schema, ptr string) bool {
		return slices.ContainsFunc(s.Types, func(t *model.Type) bool { return t.Pointer == ptr })
	}
	for _, ptr := range d.old.Definitions {
		if !slices.Contains(d.new.Definitions, ptr) && !typed(d.old, ptr) && !d.new.Annotated {
			add(&d.out, ptr, TypeRemoved, "definition %s was removed; schemas that $ref it and code that uses its generated type break", definitionName(ptr))
		}
	}
	for _, ptr := range d.new.Definitions {
		if !slices.Contains(d.old.Definitions, ptr) && !typed(d.new, ptr) && !d.old.Annotated {
			add(&d.out, ptr, TypeAdded, "definition %s was added", definitionName(ptr))
		}
	}
}

// definitionName is the name a definition's pointer ends in.
func definitionName(ptr string) string {
	return jsonptr.Unescape(ptr[strings.LastIndex(ptr, "/")+1:])
}

// own reports whether t is a definition of the compared document itself:
// a $defs (or definitions) entry, not a type synthesized from an inline
// schema (one with a title of its own, say), and not a definition of
// another document that the schema merely uses (which is there only while
// used). A definition that the root of a schema outside the dialect no
// longer reaches is still there (Schema.Definitions): not removed.
func own(t *model.Type) bool {
	if t.Synthetic || !strings.HasPrefix(t.Pointer, "#/") {
		return false
	}
	parts := strings.Split(t.Pointer, "/")
	return len(parts) == 3 && (parts[1] == "$defs" || parts[1] == "definitions")
}

// compareRef compares the types a property, an array's items, a union
// member or an if/then case refer to. Two references to the same definition
// are equal here: the definition itself is compared once, by compare. A
// reference to another definition (or between a definition and an inline
// type) is compared structurally and reported as one change at ptr.
func (d *differ) compareRef(o, n *model.Type, what, ptr string, s *[]Change) {
	if o.Name != "" && o.Name == n.Name {
		return
	}
	if o.Name == "" && n.Name == "" {
		d.compareShape(o, n, what, s)
		return
	}
	key := [2]*model.Type{o, n}
	if d.active[key] {
		return // a recursive reference: judged by the outer comparison
	}
	d.active[key] = true
	defer delete(d.active, key)
	var scratch []Change
	d.compareShape(o, n, what, &scratch)
	var breaking []Change
	widening := ""
	for _, c := range scratch {
		if c.Severity == Breaking {
			breaking = append(breaking, c)
		} else if c.Widening != "" {
			widening = "type widening"
		}
	}
	if len(breaking) == 0 {
		more := ""
		if widening != "" {
			more = " and more"
		}
		addW(s, ptr, TypeReferenceChanged, widening, "%s now has type %s instead of %s, which accepts every value %s did%s",
			what, describe(n), describe(o), describe(o), more)
		return
	}
	msg := breaking[0].Message
	if breaking[0].Rule != TypeChanged {
		msg = fmt.Sprintf("%s changed from %s to %s: %s", what, describe(o), describe(n), strings.TrimPrefix(msg, what+": "))
	}
	if len(breaking) > 1 {
		msg += fmt.Sprintf(" (and %d more breaking differences)", len(breaking)-1)
	}
	add(s, ptr, TypeChanged, "%s", msg)
}

// compareShape compares two types of the same name, or two types found at
// the same place, structurally.
func (d *differ) compareShape(o, n *model.Type, what string, s *[]Change) {
	if o.Kind != n.Kind {
		d.kindChange(o, n, what, s)
		return
	}
	switch o.Kind {
	case model.KindObject:
		d.compareObject(o, n, s)
	case model.KindEnum:
		compareEnum(o, n, what, s)
	case model.KindUnion:
		switch {
		case o.By == model.BySelect && n.By == model.BySelect:
			// Its members are picked by a property's value: the holder's
			// Select (compareSelect), or its own.
			if o.Select != nil && n.Select != nil {
				d.compareCases(o, n, o.Select, n.Select, s)
			}
		default:
			d.compareUnion(o, n, what, s)
		}
	case model.KindArray:
		compareConstraints(o, n, what, s)
		d.compareRef(o.Items, n.Items, what+" items", n.Pointer+"/items", s)
	case model.KindScalarUnion:
		lost, gained := setDiff(bases(o), bases(n))
		if len(lost) > 0 {
			add(s, n.Pointer, TypeChanged, "%s changed from %s to %s; old %s values no longer validate",
				what, describe(o), describe(n), strings.Join(lost, " and "))
		} else if len(gained) > 0 {
			add(s, n.Pointer, TypeWidened, "%s widened from %s to %s; old values stay valid, but a strict old reader rejects new values of type %s",
				what, describe(o), describe(n), strings.Join(gained, ", "))
		}
		compareConstraints(o, n, what, s)
	case model.KindRaw:
		switch {
		case o.RawType == "" && n.RawType != "":
			add(s, n.Pointer, TypeChanged, "%s changed from %s to %s; old values that are not a JSON %s no longer validate", what, describe(o), describe(n), n.RawType)
		case o.RawType != "" && n.RawType == "":
			add(s, n.Pointer, TypeWidened, "%s widened from %s to %s; a strict old reader rejects new values that are not a JSON %s", what, describe(o), describe(n), o.RawType)
		}
	default:
		compareConstraints(o, n, what, s)
	}
}

// kindChange judges a change of kind: a widening when the new kind accepts
// every JSON type the old did and restricts nothing further, else breaking.
func (d *differ) kindChange(o, n *model.Type, what string, s *[]Change) {
	lost, _ := setDiff(bases(o), bases(n))
	unrestricted := false
	switch n.Kind {
	case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean, model.KindScalarUnion, model.KindRaw:
		unrestricted = true
	}
	if len(lost) > 0 || !unrestricted {
		why := "old values no longer validate"
		switch {
		case len(lost) > 0:
			why = "old " + strings.Join(lost, " and ") + " values no longer validate"
		case n.Kind == model.KindEnum:
			why = "only the enum's values are accepted now; other old values no longer validate"
		}
		add(s, n.Pointer, TypeChanged, "%s changed from %s to %s; %s", what, describe(o), describe(n), why)
		return
	}
	add(s, n.Pointer, TypeWidened, "%s widened from %s to %s; old values stay valid, but a strict old reader rejects new values it did not accept", what, describe(o), describe(n))
	compareConstraints(o, n, what, s)
}

func (d *differ) compareObject(o, n *model.Type, s *[]Change) {
	switch {
	case !o.Closed && n.Closed:
		add(s, n.Pointer+"/additionalProperties", ObjectClosed, "%s no longer allows additional properties; old data that carries other properties no longer validates", n.Name)
	case o.Closed && !n.Closed:
		add(s, n.Pointer, ObjectOpened, "%s now allows additional properties; a strict old reader rejects new data that carries them", n.Name)
	}
	for _, of := range o.Fields {
		nf := n.Field(of.Name)
		if nf == nil {
			if !n.Closed && !d.new.Annotated {
				add(s, prop(o, of.Name), PropertyRemovedOpen, "%s.%s was removed; old data stays valid, and readers keep it among %s's other members", o.Name, of.Name, n.Name)
				continue
			}
			why := "new readers lose it"
			if n.Closed {
				why = "old data that carries it no longer validates, and new readers lose it"
			}
			add(s, prop(o, of.Name), PropertyRemoved, "%s.%s was removed; %s", o.Name, of.Name, why)
			continue
		}
		d.compareField(o, n, of, nf, s)
	}
	for _, nf := range n.Fields {
		if o.Field(nf.Name) != nil {
			continue
		}
		if nf.Required {
			add(s, prop(n, nf.Name), PropertyAddedReq, "required %s.%s was added; old data, which lacks it, no longer validates", n.Name, nf.Name)
			continue
		}
		if o.Closed {
			addW(s, prop(n, nf.Name), PropertyAddedOpt, "object widening", "optional %s.%s was added; old data stays valid, but a strict old reader (the object was closed) rejects new data that carries it", n.Name, nf.Name)
		} else {
			add(s, prop(n, nf.Name), PropertyAddedOpt, "optional %s.%s was added; old data stays valid", n.Name, nf.Name)
		}
	}
	d.compareSelect(o, n, s)
}

func (d *differ) compareField(o, n *model.Type, of, nf *model.Field, s *[]Change) {
	ptr := prop(n, nf.Name)
	what := n.Name + "." + nf.Name
	switch {
	case !of.Required && nf.Required:
		add(s, ptr, PropertyMadeRequired, "%s is now required; old data that omits it no longer validates", what)
	case of.Required && !nf.Required:
		add(s, ptr, PropertyMadeOptional, "%s is now optional; old data stays valid, but an old reader that requires it rejects new data that omits it", what)
	}
	switch {
	case of.TakesNull() && !nf.TakesNull():
		add(s, ptr, NullableRemoved, "%s no longer accepts null; old data where it is null no longer validates", what)
	case !of.TakesNull() && nf.TakesNull():
		add(s, ptr, NullableAdded, "%s now also accepts null; a strict old reader rejects new data where it is null", what)
	}
	switch {
	case of.Const != nil && nf.Const != nil:
		if *of.Const != *nf.Const {
			add(s, ptr, ConstChanged, "%s must now be %s instead of %s; old data no longer validates", what, quote(*nf.Const), quote(*of.Const))
		}
	case of.Const != nil:
		if acceptsString(nf.Type, *of.Const) {
			add(s, ptr, ConstRemoved, "%s is no longer fixed to %s but any %s; old data stays valid, but a strict old reader rejects other values", what, quote(*of.Const), describe(nf.Type))
		} else {
			add(s, ptr, TypeChanged, "%s changed from the const %s to %s, which does not accept %s; old data no longer validates", what, quote(*of.Const), describe(nf.Type), quote(*of.Const))
		}
	case nf.Const != nil:
		add(s, ptr, ConstAdded, "%s must now be %s; old data with any other value no longer validates", what, quote(*nf.Const))
	default:
		// A property whose type a sibling picks (Select) is compared by
		// its cases (compareSelect) and by its type for the other values.
		ot, nt := ownType(o, of), ownType(n, nf)
		if ot != nil && nt != nil {
			d.compareRef(ot, nt, what, ptr, s)
		}
	}
}

// ownType is the type of property f of object t for the values no case
// of t's Select picks: f's type, or the Select's Else (nil when every
// value picks a case).
func ownType(t *model.Type, f *model.Field) *model.Type {
	if t.Select != nil && t.Select.Field == f {
		return t.Select.Else
	}
	return f.ValueType() // null is compared on its own (TakesNull)
}

func compareEnum(o, n *model.Type, what string, s *[]Change) {
	for i, v := range o.Values {
		if index(n.Values, v) < 0 {
			add(s, fmt.Sprintf("%s/enum/%d", o.Pointer, i), EnumValueRemoved, "%s no longer has the value %s; old data that carries it no longer validates", what, quote(v))
		}
	}
	for i, v := range n.Values {
		if index(o.Values, v) < 0 {
			add(s, fmt.Sprintf("%s/enum/%d", n.Pointer, i), EnumValueAdded, "%s gained the value %s; old data stays valid, but a strict old reader rejects new data that carries it", what, quote(v))
		}
	}
}

// compareUnion pairs the members of two unions by name, then the remaining
// ones by tag value.
func (d *differ) compareUnion(o, n *model.Type, what string, s *[]Change) {
	pair := make([]int, len(o.Members)) // index in n.Members, or -1
	taken := make([]bool, len(n.Members))
	for i, om := range o.Members {
		pair[i] = -1
		for j, nm := range n.Members {
			if !taken[j] && nm.Name == om.Name {
				pair[i], taken[j] = j, true
				break
			}
		}
	}
	for i, om := range o.Members {
		if pair[i] >= 0 || om.TagValue() == "" {
			continue
		}
		for j, nm := range n.Members {
			if !taken[j] && nm.TagValue() == om.TagValue() && nm.Tag.Name == om.Tag.Name {
				pair[i], taken[j] = j, true
				break
			}
		}
	}
	for i, om := range o.Members {
		if j := pair[i]; j >= 0 {
			d.compareRef(om, n.Members[j], what+" member "+member(om), fmt.Sprintf("%s/oneOf/%d", n.Pointer, j), s)
			continue
		}
		ptr := fmt.Sprintf("%s/oneOf/%d", o.Pointer, i)
		if om.Tag != nil {
			add(s, ptr, PayloadTypeRemoved, "%s no longer has the payload type %s; old data of that type no longer validates", what, member(om))
		} else {
			add(s, ptr, UnionMemberRemoved, "%s no longer has the member %s; old data of that type no longer validates", what, member(om))
		}
	}
	for j, nm := range n.Members {
		if taken[j] {
			continue
		}
		ptr := fmt.Sprintf("%s/oneOf/%d", n.Pointer, j)
		if nm.Tag != nil {
			add(s, ptr, PayloadTypeAdded, "%s gained the payload type %s; old data stays valid, but a strict old reader rejects new data of that type", what, member(nm))
		} else {
			add(s, ptr, UnionMemberAdded, "%s gained the member %s; old data stays valid, but a strict old reader rejects new data of that type", what, member(nm))
		}
	}
}

// compareSelect compares an object's if/then cases by the value they test.
func (d *differ) compareSelect(o, n *model.Type, s *[]Change) {
	os, ns := selectOf(o), selectOf(n)
	switch {
	case os == nil && ns == nil:
		return
	case os == nil:
		add(s, n.Pointer+"/allOf", SelectAdded, "%s now types %s by the value of %s; old data may no longer validate", n.Name, selected(ns), ns.By.Name)
		return
	case ns == nil:
		add(s, o.Pointer+"/allOf", SelectRemoved, "%s no longer types %s by the value of %s; a strict old reader may reject new data", o.Name, selected(os), os.By.Name)
		return
	}
	d.compareCases(o, n, os, ns, s)
}

// compareCases compares the cases of two Selects by the value they test.
// Where values without a case take the property's own type (Else), a case
// removed only drops a check (a widening), and a case added is one more.
func (d *differ) compareCases(o, n *model.Type, os, ns *model.Select, s *[]Change) {
	for i, oc := range os.Cases {
		j := caseIndex(ns, oc.Value)
		switch {
		case j >= 0:
			d.compareRef(oc.Type, ns.Cases[j].Type, fmt.Sprintf("%s.%s when %s is %s", n.Name, selected(ns), ns.By.Name, quote(oc.Value)),
				fmt.Sprintf("%s/allOf/%d", n.Pointer, j), s)
		case ns.Else != nil:
			add(s, fmt.Sprintf("%s/allOf/%d", o.Pointer, i), SelectCaseRelaxed, "%s with %s %s no longer selects %s but takes %s as any other value does; old data stays valid",
				o.Name, os.By.Name, quote(oc.Value), describe(oc.Type), describe(ns.Else))
		default:
			add(s, fmt.Sprintf("%s/allOf/%d", o.Pointer, i), SelectCaseRemoved, "%s with %s %s no longer selects %s; old data of that kind no longer validates as it did",
				o.Name, os.By.Name, quote(oc.Value), describe(oc.Type))
		}
	}
	for j, nc := range ns.Cases {
		switch {
		case caseIndex(os, nc.Value) >= 0:
		case os.Else != nil:
			add(s, fmt.Sprintf("%s/allOf/%d", n.Pointer, j), SelectCaseNarrowed, "%s with %s %s now selects %s, where it took %s; old data of that kind that %s rejects no longer validates",
				n.Name, ns.By.Name, quote(nc.Value), describe(nc.Type), describe(os.Else), describe(nc.Type))
		default:
			add(s, fmt.Sprintf("%s/allOf/%d", n.Pointer, j), SelectCaseAdded, "%s with %s %s now selects %s; a strict old reader rejects new data of that kind",
				n.Name, ns.By.Name, quote(nc.Value), describe(nc.Type))
		}
	}
}

// selected names what a Select types: its property, or the value itself.
func selected(sel *model.Select) string {
	if sel.Field == nil {
		return "the value"
	}
	return sel.Field.Name
}

// compareConstraints judges each validation keyword of scalars and arrays.
func compareConstraints(o, n *model.Type, what string, s *[]Change) {
	oc, nc := o.Constraints, n.Constraints
	for _, k := range []struct {
		kw     string
		o, n   string
		format bool
	}{{"pattern", oc.Pattern, nc.Pattern, false}, {"format", oc.Format, nc.Format, true}} {
		switch {
		case k.o == k.n:
		case k.o == "":
			add(s, n.Pointer+"/"+k.kw, ConstraintTightened, "%s: %s %s added; old values may no longer validate", what, k.kw, quote(k.n))
		case k.n == "":
			add(s, o.Pointer+"/"+k.kw, ConstraintRelaxed, "%s: %s %s removed; a strict old reader may reject new values", what, k.kw, quote(k.o))
		default:
			add(s, n.Pointer+"/"+k.kw, ConstraintTightened, "%s: %s changed from %s to %s; old values may no longer validate", what, k.kw, quote(k.o), quote(k.n))
		}
	}
	bounds := []struct {
		kw    string
		lower bool
		o, n  *bound
	}{
		{"minLength", true, intBound(oc.MinLength), intBound(nc.MinLength)},
		{"maxLength", false, intBound(oc.MaxLength), intBound(nc.MaxLength)},
		{"minimum", true, numBound(oc.Minimum), numBound(nc.Minimum)},
		{"maximum", false, numBound(oc.Maximum), numBound(nc.Maximum)},
		{"exclusiveMinimum", true, numBound(oc.ExclusiveMinimum), numBound(nc.ExclusiveMinimum)},
		{"exclusiveMaximum", false, numBound(oc.ExclusiveMaximum), numBound(nc.ExclusiveMaximum)},
		{"minItems", true, intBound(oc.MinItems), intBound(nc.MinItems)},
		{"maxItems", false, intBound(oc.MaxItems), intBound(nc.MaxItems)},
	}
	for _, b := range bounds {
		switch {
		case b.o == nil && b.n == nil:
		case b.o == nil:
			add(s, n.Pointer+"/"+b.kw, ConstraintTightened, "%s: %s %s added; old values may no longer validate", what, b.kw, b.n.text)
		case b.n == nil:
			add(s, o.Pointer+"/"+b.kw, ConstraintRelaxed, "%s: %s %s removed; a strict old reader may reject new values", what, b.kw, b.o.text)
		default:
			c := b.n.value.Cmp(b.o.value)
			if c == 0 {
				continue
			}
			dir := "raised"
			if c < 0 {
				dir = "lowered"
			}
			if (c > 0) == b.lower {
				add(s, n.Pointer+"/"+b.kw, ConstraintTightened, "%s: %s %s from %s to %s; old values may no longer validate", what, b.kw, dir, b.o.text, b.n.text)
			} else {
				add(s, n.Pointer+"/"+b.kw, ConstraintRelaxed, "%s: %s %s from %s to %s; a strict old reader may reject new values", what, b.kw, dir, b.o.text, b.n.text)
			}
		}
	}
}

// bases lists the JSON types a type's values may have ("integer" apart from
// "number": every integer is a number).
func bases(t *model.Type) []string {
	switch t.Kind {
	case model.KindObject, model.KindUnion:
		return []string{"object"}
	case model.KindEnum, model.KindString:
		return []string{"string"}
	case model.KindInteger:
		return []string{"integer"}
	case model.KindNumber:
		return []string{"integer", "number"}
	case model.KindBoolean:
		return []string{"boolean"}
	case model.KindArray:
		return []string{"array"}
	case model.KindScalarUnion:
		var out []string
		for _, sc := range t.Scalars {
			out = append(out, sc)
			if sc == "number" {
				out = append(out, "integer")
			}
		}
		return out
	case model.KindRaw:
		if t.RawType != "" {
			return []string{t.RawType}
		}
		return []string{"array", "boolean", "integer", "null", "number", "object", "string"}
	}
	return nil
}

// setDiff returns what a has and b has not, and what b has and a has not,
// each without duplicates in first-seen order.
func setDiff(a, b []string) (onlyA, onlyB []string) {
	for _, x := range a {
		if index(b, x) < 0 && index(onlyA, x) < 0 {
			onlyA = append(onlyA, x)
		}
	}
	for _, x := range b {
		if index(a, x) < 0 && index(onlyB, x) < 0 {
			onlyB = append(onlyB, x)
		}
	}
	return onlyA, onlyB
}

// acceptsString reports whether every value of t's kind admits the string v,
// judged conservatively (a constrained string does not).
func acceptsString(t *model.Type, v string) bool {
	unconstrained := t.Constraints == model.Constraints{}
	switch t.Kind {
	case model.KindString:
		return unconstrained
	case model.KindEnum:
		return index(t.Values, v) >= 0
	case model.KindScalarUnion:
		return unconstrained && index(t.Scalars, "string") >= 0
	case model.KindRaw:
		return t.RawType == ""
	}
	return false
}

// describe names a type for messages: its definition name, or its shape.
func describe(t *model.Type) string {
	if t.Name != "" {
		return t.Name + " (" + t.Kind.String() + ")"
	}
	switch t.Kind {
	case model.KindArray:
		return "array of " + describe(t.Items)
	case model.KindScalarUnion:
		return strings.Join(t.Scalars, " or ")
	case model.KindRaw:
		if t.RawType == "object" {
			return "free-form object"
		}
		return "any JSON value"
	}
	return t.Kind.String()
}

// member names a union member: its name and, for a payload, its tag.
func member(t *model.Type) string {
	if t.Tag != nil {
		return fmt.Sprintf("%s (%s %s)", t.Name, t.Tag.Name, quote(t.TagValue()))
	}
	return t.Name
}

// selectOf is t's if/then selection, nil when it has no case.
func selectOf(t *model.Type) *model.Select {
	if t.Select == nil || len(t.Select.Cases) == 0 {
		return nil
	}
	return t.Select
}

func caseIndex(s *model.Select, value string) int {
	for i, c := range s.Cases {
		if c.Value == value {
			return i
		}
	}
	return -1
}

func prop(t *model.Type, name string) string {
	return t.Pointer + "/properties/" + jsonptr.Escape(name)
}

func index(list []string, v string) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// bound is a numeric keyword's value, and its text as the schema writes it.
type bound struct {
	value *big.Rat
	text  string
}

func intBound(p *int) *bound {
	if p == nil {
		return nil
	}
	return &bound{new(big.Rat).SetInt64(int64(*p)), strconv.Itoa(*p)}
}

func numBound(p *json.Number) *bound {
	if p == nil {
		return nil
	}
	r, ok := new(big.Rat).SetString(p.String())
	if !ok {
		return nil
	}
	return &bound{r, p.String()}
}
