package model

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// A property whose schema a sibling's value picks, as an envelope's
// payload is picked by its type:
//
//	"allOf": [
//	  {"if": {"properties": {"type": {"const": "a"}}, "required": ["type"]},
//	   "then": {"properties": {"payload": {"$ref": "#/$defs/A"}}}},
//	  {"if": {"properties": {"type": {"const": "b"}}, "required": ["type"]},
//	   "then": {"properties": {"payload": {"$ref": "#/$defs/B"}}}}
//	]
//
// is typed as a person would type it: payload is a union of A and B (and
// of its own type, when type may have a value no branch names), and the
// decoder picks the member by the value of type (Select), not by trying
// the members' checks, which may both accept a value. Validation stays the
// program's, exact whatever the types say; a branch's type only has to
// hold every value the branch's schema accepts.

// conditional is one if/then that, when property by has the string value,
// holds property field to the schema then.
type conditional struct {
	by, field, value string
	then             *resolve.Schema
	// requires says that the if itself requires by: without it, an absent
	// by would pass the if.
	requires bool
}

// selectField makes t's property that its conditionals (the if/then of
// the parts, t's own schema among them) pick by a sibling's value a
// union told apart by that value: t.Select. One conditional is enough
// when the sibling may have another value. Conditionals of any other
// form, or that do not agree on the two properties, leave t as it is:
// they only add checks.
func (sh *shaper) selectField(t *Type, parts []*resolve.Schema) {
	conds, ok := conditionals(parts, sh.conditional)
	if !ok || len(conds) == 0 {
		return
	}
	by, field := t.Field(conds[0].by), t.Field(conds[0].field)
	if by == nil || field == nil || by == field {
		return
	}
	seen := map[string]bool{}
	for _, c := range conds {
		if c.by != by.Name || c.field != field.Name || seen[c.value] || !c.requires && !by.Required {
			return
		}
		seen[c.value] = true
	}
	elseNeeded := !by.Required || !allNamed(by.Type, seen)
	if !elseNeeded && sh.oneSchema(conds) {
		return // nothing to pick between
	}
	allowed, ok := sh.allowed[field.Type]
	if !ok {
		allowed = kAll // a property two parts type two ways: exact JSON
	}
	// Made before the cases' types, so that it is declared before them.
	u := &Type{Pointer: field.Type.Pointer, Kind: KindUnion, By: BySelect, Defined: true, Description: field.Type.Description}
	sh.all = append(sh.all, u)
	sh.allowed[u] = allowed
	sh.schemaOf[u] = sh.schemaOf[field.Type]
	sh.hint(u, child(Pascal(field.Name), t))
	sel := &Select{By: by, Field: field}
	for _, c := range conds {
		sel.Vacuous = sel.Vacuous || !c.requires
		ct := sh.typeIn(c.then, child(Pascal(field.Name)+Pascal(c.value), t), allowed)
		sel.Cases = append(sel.Cases, &Case{Value: c.value, Type: ct})
		u.Members = appendNew(u.Members, ct)
	}
	if !slices.ContainsFunc(u.Members, shaped) {
		// The thens only add checks ({"minLength": 2}): nothing to pick.
		sh.all = slices.DeleteFunc(sh.all, func(x *Type) bool { return x == u })
		return
	}
	if elseNeeded {
		sel.Else = field.Type
		u.Members = appendNew(u.Members, field.Type)
	} else if sh.holders[field.Type] == t && !isDefinition(sh.schemaOf[field.Type]) {
		field.Type.Defined = false // only the field had it, and it is not a case
	}
	t.Select = sel
	if named := sh.annotatedUnion(parts, field.Name, allowed); named != nil && holdsAll(named, u.Members) {
		// The union the property's x-omnigen "union" names, which has
		// every case as a member: OmniMessage's payload is an OmniPayload.
		sh.held[named] = true
		sh.all = slices.DeleteFunc(sh.all, func(x *Type) bool { return x == u })
		field.Type = named
		return
	}
	field.Type = u
}

// oneSchema reports whether every conditional gives the same schema.
func (sh *shaper) oneSchema(conds []conditional) bool {
	for _, c := range conds {
		if sh.deref(c.then) != sh.deref(conds[0].then) {
			return false
		}
	}
	return true
}

// shaped reports whether t says something of the shape of a value: it is
// not any JSON, kept exactly.
func shaped(t *Type) bool { return t.Kind != KindRaw || t.RawType != "" || t.Kinds != nil }

// annotatedUnion is the union definition that a property's x-omnigen
// "union" names ({"union": "OmniPayload"}, a $defs entry of the property's
// document), as the values of the kinds allowed; nil when the property
// names none.
func (sh *shaper) annotatedUnion(parts []*resolve.Schema, property string, allowed kindSet) *Type {
	for _, p := range parts {
		ps := sh.sub(p, "properties/"+jsonptr.Escape(property))
		if ps == nil || ps.Object() == nil {
			continue
		}
		ann := ps.Object().Obj("x-omnigen")
		if ann == nil || ann.Str("union") == "" {
			continue
		}
		def := sh.unionNamed(ps, ann.Str("union"))
		if def == nil {
			continue
		}
		if t := sh.typeIn(def, hint{}, allowed); t.Kind == KindUnion {
			return t
		}
	}
	return nil
}

// unionNamed is the definition a property's x-omnigen "union" names: the
// $defs entry name of the property's document (ps's), nil when none.
func (sh *shaper) unionNamed(ps *resolve.Schema, name string) *resolve.Schema {
	return sh.sub(sh.c.set.Root(ps.Doc), "$defs/"+jsonptr.Escape(name))
}

// holdsAll reports whether every type of types is a member of union u.
func holdsAll(u *Type, types []*Type) bool {
	for _, t := range types {
		if !slices.Contains(u.Members, t) {
			return false
		}
	}
	return true
}

// conditionals reads, with read, the if/then of each part that has one;
// ok is false when one has another form than read knows.
func conditionals(parts []*resolve.Schema, read func(*resolve.Schema) (conditional, bool)) (conds []conditional, ok bool) {
	for _, p := range parts {
		if p.Object() == nil || !p.Object().Has("if") {
			continue
		}
		c, ok := read(p)
		if !ok {
			return nil, false
		}
		conds = append(conds, c)
	}
	return conds, true
}

// conditional reads p's if/then when it has the form selectField knows:
// the if holds one property to one string (ifConst), the then says the
// schema of one other property (and perhaps more checks).
func (sh *shaper) conditional(p *resolve.Schema) (conditional, bool) {
	c, ok := sh.ifConst(p)
	then := sh.sub(p, "then")
	if !ok || then.Object() == nil {
		return c, false
	}
	thenProps := then.Object().Obj("properties")
	if thenProps == nil || len(thenProps.Keys) != 1 {
		return c, false
	}
	c.field = thenProps.Keys[0]
	c.then = sh.sub(then, "properties/"+jsonptr.Escape(c.field))
	return c, c.then != nil
}

// ifConst reads the if of p's if/then, without an else, when it holds one
// property to one string (and perhaps requires it, and says the value is
// an object): the conditional's by, value and requires.
func (sh *shaper) ifConst(p *resolve.Schema) (conditional, bool) {
	var c conditional
	o := p.Object()
	if o.Has("else") || !o.Has("then") {
		return c, false
	}
	ifs := sh.sub(p, "if")
	io := ifs.Object()
	if io == nil {
		return c, false
	}
	for _, k := range io.Keys {
		switch k {
		case "properties", "required", "type", "description", "$comment":
		default:
			return c, false
		}
	}
	if typ, ok := io.Values["type"]; ok && typ != "object" {
		return c, false
	}
	props := io.Obj("properties")
	if props == nil || len(props.Keys) != 1 {
		return c, false
	}
	c.by = props.Keys[0]
	value, ok := stringConst(sh.deref(sh.sub(ifs, "properties/"+jsonptr.Escape(c.by))))
	if !ok {
		return c, false
	}
	c.value = value
	if names, err := stringList(io.Values["required"]); err == nil {
		c.requires = slices.Contains(names, c.by)
	}
	return c, true
}

// stringConst is the one string schema s allows: a const, or an enum of
// one value.
func stringConst(s *resolve.Schema) (string, bool) {
	o := s.Object()
	if o == nil {
		return "", false
	}
	if v, ok := o.Values["const"].(string); ok && s.Draft >= resolve.Draft6 {
		return v, true
	}
	if vals, ok := o.Values["enum"].([]any); ok && len(vals) == 1 {
		v, ok := vals[0].(string)
		return v, ok
	}
	return "", false
}

// allNamed reports whether every value of type t is one of values: t is a
// string enum or const whose values the branches all name.
func allNamed(t *Type, values map[string]bool) bool {
	vs, ok := stringValues(t)
	if !ok {
		return false
	}
	for _, v := range vs {
		if !values[v] {
			return false
		}
	}
	return true
}

// appendNew appends t to list unless it is there already.
func appendNew(list []*Type, t *Type) []*Type {
	for _, x := range list {
		if x == t {
			return list
		}
	}
	return append(list, t)
}

// ifThenParts are s and the members of its allOf, each followed to the
// schema it names: where selectField looks for conditionals.
func (sh *shaper) ifThenParts(s *resolve.Schema, o *resolve.Object) []*resolve.Schema {
	parts := []*resolve.Schema{s}
	list, _ := o.Values["allOf"].([]any)
	for i := range list {
		if m := sh.sub(s, "allOf/"+strconv.Itoa(i)); m != nil {
			parts = append(parts, sh.deref(m))
		}
	}
	return parts
}

// The same form picks the schema of the whole value when each then is
// an object schema of its own that declares the sibling too (GitHub's
// issue forms: a form item of "type": "textarea" is a Textarea; Flatpak's
// sources):
//
//	"properties": {"type": {"enum": ["markdown", "textarea"]}},
//	"allOf": [{"if": {"properties": {"type": {"const": "textarea"}}},
//	           "then": {"$ref": "#/definitions/textarea"}}, …]
//
// The value is a union of the thens' types (and of the object without
// them, when the sibling may have a value no if names), read by the
// sibling's value: Type.Select, with no Field.

// wholeSelect makes t, the type of object schema s, the union its
// conditionals pick by a property's value, when they have that form; it
// reports whether they did.
func (sh *shaper) wholeSelect(t *Type, s *resolve.Schema, o *resolve.Object) bool {
	props := o.Obj("properties")
	if props == nil {
		return false
	}
	conds, ok := conditionals(sh.ifThenParts(s, o), sh.wholeConditional)
	if !ok || len(conds) == 0 {
		return false
	}
	by := conds[0].by
	required := false
	if names, err := stringList(o.Values["required"]); err == nil {
		required = slices.Contains(names, by)
	}
	seen := map[string]bool{}
	for _, c := range conds {
		if c.by != by || seen[c.value] || !c.requires && !required || !props.Has(by) {
			return false
		}
		seen[c.value] = true
	}
	byType := sh.typeOf(sh.sub(s, "properties/"+jsonptr.Escape(by)), child(Pascal(by), t))
	elseNeeded := !required || !allNamed(byType, seen)
	if !elseNeeded && sh.oneSchema(conds) {
		return false // nothing to pick between
	}
	t.Kind, t.By, t.Defined = KindUnion, BySelect, true
	sel := &Select{By: &Field{Name: by, Required: required}}
	for _, c := range conds {
		ct := sh.typeIn(c.then, partOf(t, Pascal(c.value)), kObject)
		sel.Cases = append(sel.Cases, &Case{Value: c.value, Type: ct})
		t.Members = appendNew(t.Members, ct)
	}
	if elseNeeded {
		// The object as its own properties say, for any other value.
		e := &Type{Pointer: t.Pointer}
		sh.all = append(sh.all, e)
		sh.allowed[e] = kObject
		sh.schemaOf[e] = s
		sh.hint(e, partOf(t, "Other"))
		sh.later(&e.Check, s)
		sh.object(e, s, o)
		sel.Else = e
		t.Members = appendNew(t.Members, e)
	}
	t.Select = sel
	return true
}

// wholeConditional reads p's if/then when the if holds one property to
// one string (ifConst) and the then is an object schema that declares
// that property: the schema of the whole value for that string.
func (sh *shaper) wholeConditional(p *resolve.Schema) (conditional, bool) {
	c, ok := sh.ifConst(p)
	if !ok {
		return c, false
	}
	c.then = sh.deref(sh.sub(p, "then"))
	to := c.then.Object()
	if to == nil || to.Obj("properties") == nil || !to.Obj("properties").Has(c.by) || sh.kinds(c.then)&^kObject != 0 {
		return c, false
	}
	return c, true
}

// byKindConditional makes t, the type of schema s that says nothing else
// of the shape, the union of its then and its else when its if tests
// only the JSON type: {"if": {"type": "object"}, "then": {"$ref":
// "#/definitions/source"}, "else": {"type": "string"}} (Flatpak's sources)
// holds a Source or a string. Each is typed within the kinds the if gives
// it; the union is told apart by kind (unions).
func (sh *shaper) byKindConditional(t *Type, s *resolve.Schema, o *resolve.Object) {
	ifs, then, els := sh.sub(s, "if"), sh.sub(s, "then"), sh.sub(s, "else")
	if ifs == nil || then == nil || els == nil || ifs.Object() == nil {
		return
	}
	for _, k := range ifs.Object().Keys {
		if k != "type" && k != "description" && k != "$comment" {
			return
		}
	}
	allowed := sh.allowed[t]
	yes := sh.kinds(ifs) & allowed
	if yes == 0 || yes == allowed {
		return
	}
	members := []*Type{sh.typeIn(then, partOf(t, "Option0"), yes), sh.typeIn(els, partOf(t, "Option1"), allowed&^yes)}
	t.Kind, t.Defined, t.Members = KindUnion, true, members
	sh.trials[t] = []*resolve.Schema{then, els}
}

// Problem says why the selecting property's value does not follow from
// the selected property's type ("" when it does, and a Go method can give
// it: Message.Type()): the selecting property must be a required enum with
// one if/then per value; the selected one a union (in the dialect, an
// x-omnigen union), not nullable, every member of which is in exactly one
// case. The dialect's codecs choose by no other select.
func (sel *Select) Problem() string {
	if !sel.By.Required || sel.By.Type.Kind != KindEnum {
		return fmt.Sprintf("%q is not a required enum", sel.By.Name)
	}
	for _, v := range sel.By.Type.Values {
		if n := countCases(sel, func(c *Case) bool { return c.Value == v }); n != 1 {
			return fmt.Sprintf("%q has %d if/then, not one", v, n)
		}
	}
	if len(sel.Cases) != len(sel.By.Type.Values) {
		return fmt.Sprintf("an if/then tests a value %q does not have", sel.By.Name)
	}
	u := sel.Field.Type
	switch {
	case u.Kind != KindUnion:
		return fmt.Sprintf("%q has no x-omnigen union naming its union", sel.Field.Name)
	case sel.Field.TakesNull():
		return fmt.Sprintf("%q is nullable", sel.Field.Name)
	}
	for _, leaf := range u.Leaves() {
		if n := countCases(sel, func(c *Case) bool { return c.Type.Contains(leaf) }); n != 1 {
			return fmt.Sprintf("%s is in %d cases, not one", leaf.Name, n)
		}
	}
	for _, c := range sel.Cases {
		switch {
		case !u.Contains(c.Type):
			return fmt.Sprintf("%s is not a member of %s", c.Type.Name, u.Name)
		case c.Type.Kind != KindUnion && c.Type.Kind != KindObject:
			return fmt.Sprintf("%s is neither an object nor a union", c.Type.Name)
		}
	}
	return ""
}

func countCases(sel *Select, f func(*Case) bool) int {
	n := 0
	for _, c := range sel.Cases {
		if f(c) {
			n++
		}
	}
	return n
}
