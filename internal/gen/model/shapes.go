package model

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// The types of a schema outside the dialect. Validation is the Program's
// business and stays exact whatever the types say; a type says how a
// valid document is held in Go and TypeScript, so that it reads like
// what a person would write and loses nothing:
//
//   - an object with properties is a struct (an interface in TypeScript):
//     a field per property, the members it does not declare kept, in
//     order, as exact JSON (or typed, when additionalProperties says
//     how); an object without properties is a map that keeps key order;
//   - an enum of strings is a named string type with constants; any other
//     enum is a literal type;
//   - anyOf, oneOf and type arrays are unions, told apart by a const tag,
//     by JSON type, or by trying the members' checks in order; a null
//     member makes the rest nullable instead; members that differ only in
//     their checks are one type (collapse; objects.go for objects); a
//     member union is one union with the rest, but for a definition whose
//     objects a tag tells apart with the others' (nestedTag);
//   - allOf of objects is one merged object when no property is typed two
//     ways; otherwise the value stays exact JSON;
//   - an if/then per value of a sibling that picks a property's schema
//     makes the property a union told apart by that sibling (selects.go);
//   - prefixItems (and an array items before 2020-12) is a tuple;
//   - a schema that says nothing of the shape is any JSON, kept exactly.
//
// References are followed: a definition that is only a $ref is the type
// it names.

// shaper builds the types of the schemas a root reaches.
type shaper struct {
	c *compiler
	// types are the types made, by schema and the kinds its value may have
	// where it is met: a union member is typed within the kinds its
	// holder allows.
	types map[shapeKey]*Type
	// allowed are the kinds each type's values may have.
	allowed map[*Type]kindSet
	// all lists every type made, in the order made.
	all []*Type
	// hints, holders and parts are what names each type (names.go): its
	// own name or the one derived from where it was first met, the type it
	// was met in, and whether its name is always its holder's followed by
	// its hint.
	hints   map[*Type]string
	holders map[*Type]*Type
	parts   map[*Type]bool
	// schemaOf is the schema each type was made from.
	schemaOf map[*Type]*resolve.Schema
	// trials are the member schemas of each union.
	trials map[*Type][]*resolve.Schema
	// links are the checks to find once the program is compiled, so that
	// the types do not change the order checks are compiled in.
	links []link
	// rootResource is the resource of the root schema: the outermost of
	// every dynamic scope.
	rootResource *resolve.Schema
	// held are the unions whose members are kept as they are, tried
	// with their checks: those that type a Select's property (selects.go),
	// and, in the dialect, those with a member that is a union of its own
	// definition (unions).
	held map[*Type]bool
	// landings are where the dynamic references met land (landing).
	landings map[landingKey]*resolve.Schema
	// reachedOnly leaves a type without a check where validation from the
	// roots does not reach its location, so that the program is only what
	// validation runs (the dialect's types: dialect.go).
	reachedOnly bool
	// dialect makes the dialect's choices that shaping itself decides
	// (shapes_dialect.go): the names of the types made of inline schemas,
	// and unions of unions kept as written.
	dialect bool
}

// kinds returns the kinds of the values schema s may accept.
func (sh *shaper) kinds(s *resolve.Schema) kindSet { return sh.c.kinds.kinds(s) }

// shapeKey is a schema met where its value may have the given kinds.
type shapeKey struct {
	s     *resolve.Schema
	kinds kindSet
}

// link is a check a type refers to: the check of schema s, to be put in
// *dst.
type link struct {
	dst **Check
	s   *resolve.Schema
}

func newShaper(c *compiler) *shaper {
	return &shaper{c: c, types: map[shapeKey]*Type{}, allowed: map[*Type]kindSet{}, hints: map[*Type]string{},
		holders: map[*Type]*Type{}, parts: map[*Type]bool{},
		schemaOf: map[*Type]*resolve.Schema{}, trials: map[*Type][]*resolve.Schema{}, held: map[*Type]bool{},
		landings: map[landingKey]*resolve.Schema{}}
}

// hint records what names t (names.go).
func (sh *shaper) hint(t *Type, h hint) {
	sh.hints[t] = h.short
	if h.holder == nil {
		delete(sh.holders, t)
		delete(sh.parts, t)
		return
	}
	sh.holders[t], sh.parts[t] = h.holder, h.part
}

// oneHint names the items of array t, or the values of map or object t:
// for one item of what t is named for (Dependencies → Dependency), else t's
// name followed by suffix; qualified, if need be, as t's own name would be.
func (sh *shaper) oneHint(t *Type, suffix string) hint {
	one := oneOf
	if sh.dialect {
		one = func(name, suffix string) string { return name + suffix } // TagsItem, not Tag
	}
	if holder := sh.holders[t]; holder != nil && !sh.parts[t] && !t.Defined {
		return child(one(sh.hints[t], suffix), holder)
	}
	return child(one(sh.nameOf(t), suffix), t)
}

// later notes that *dst is the check of s. A schema that accepts every
// value has none: nil stands for it.
func (sh *shaper) later(dst **Check, s *resolve.Schema) {
	if b, ok := s.Bool(); ok && b {
		return
	}
	if o := s.Object(); o != nil && len(o.Keys) == 0 {
		return
	}
	sh.links = append(sh.links, link{dst, s})
}

// link fills in the checks the types refer to, compiling those that
// validation alone did not need, and finishes the program.
func (sh *shaper) link() error {
	for _, l := range sh.links {
		if ch, ok := sh.c.prog.at[l.s]; ok {
			*l.dst = ch
		} else if !sh.reachedOnly {
			*l.dst = sh.c.check(l.s, sh.c.enter(scope{}, l.s.Resource), "")
		}
	}
	return sh.c.finish()
}

// shapeKeywords are the keywords that say something of a value's shape.
var shapeKeywords = []string{
	"type", "properties", "additionalProperties", "patternProperties", "items", "prefixItems",
	"additionalItems", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "$dynamicRef", "$recursiveRef",
}

func hasShape(o *resolve.Object) bool {
	for _, k := range shapeKeywords {
		if o.Has(k) {
			return true
		}
	}
	return false
}

// deref follows schemas that are nothing but a reference (and notes) to
// the schema they name, and an anyOf or oneOf with one member that says
// something of the shape to that member.
func (sh *shaper) deref(s *resolve.Schema) *resolve.Schema {
	for range 64 {
		o := s.Object()
		if o == nil {
			return s
		}
		kw, ref := refOf(s)
		if kw == "" {
			if only := sh.onlyAlternative(s, o); only != nil {
				s = only
				continue
			}
			return s
		}
		if s.Draft >= resolve.Draft2019 {
			for _, k := range shapeKeywords {
				if k != kw && o.Has(k) {
					return s
				}
			}
		}
		t := sh.follow(s, kw, ref)
		if t == nil {
			return s
		}
		s = t
	}
	return s
}

// follow is where s's reference kw (ref) leads: its target, or for a
// dynamic reference where it lands whatever the path (landing); nil when
// it does not resolve, or the path decides, so that the value is held as
// exact JSON, which loses nothing whatever it is.
func (sh *shaper) follow(s *resolve.Schema, kw, ref string) *resolve.Schema {
	t, err := sh.c.set.Resolve(s, kw, ref)
	if err != nil {
		return nil
	}
	if kw != "$ref" {
		return sh.landing(kw, ref, t)
	}
	return t
}

// landing is dynamic, worked out once for each reference keyword and
// static target: deref meets a reference again and again, and dynamic
// reads every schema of the set.
func (sh *shaper) landing(kw, ref string, static *resolve.Schema) *resolve.Schema {
	key := landingKey{kw, ref, static}
	if t, ok := sh.landings[key]; ok {
		return t
	}
	t := sh.dynamic(kw, ref, static)
	sh.landings[key] = t
	return t
}

// landingKey is a dynamic reference by its keyword, its value and its
// static target.
type landingKey struct {
	kw, ref string
	static  *resolve.Schema
}

// dynamic is where a $dynamicRef or $recursiveRef lands whatever path
// reaches it, static being where it would land as a $ref; nil when the
// path decides. The outermost resource of the dynamic scope that defines
// the anchor wins, and the root's resource is the outermost of every
// scope: what it defines is the answer (a schema that extends another's
// union, as a downstream schema extends EventPayload). Else, when no other
// resource defines the anchor, it is static; when one does, it may be in
// the scope on one path and not on another.
func (sh *shaper) dynamic(kw, ref string, static *resolve.Schema) *resolve.Schema {
	var defines func(res *resolve.Schema) *resolve.Schema
	switch name, ok := anchorName(ref); {
	case kw == "$dynamicRef" && ok && static.DynamicAnchor == name:
		defines = func(res *resolve.Schema) *resolve.Schema { return sh.c.set.DynamicAnchor(res, name) }
	case kw == "$recursiveRef" && static.Resource == static && static.RecursiveAnchor:
		defines = func(res *resolve.Schema) *resolve.Schema {
			if res.RecursiveAnchor {
				return res
			}
			return nil
		}
	default:
		return static // no anchor at the target: a plain reference
	}
	if d := defines(sh.rootResource); d != nil {
		return d
	}
	for _, other := range sh.c.set.Schemas() {
		if other.Resource == other && other != static.Resource && defines(other) != nil {
			return nil
		}
	}
	return static
}

// refOf returns the schema's reference keyword and value, if it has one.
func refOf(s *resolve.Schema) (string, string) {
	o := s.Object()
	if o == nil {
		return "", ""
	}
	for _, kw := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if ref, ok := o.Values[kw].(string); ok {
			if kw == "$recursiveRef" && s.Draft != resolve.Draft2019 || kw == "$dynamicRef" && s.Draft < resolve.Draft2020 {
				continue
			}
			return kw, ref
		}
	}
	return "", ""
}

// typeOf returns the type of schema s; h names it when it has no name of
// its own.
func (sh *shaper) typeOf(s *resolve.Schema, h hint) *Type {
	return sh.typeIn(s, h, kAll)
}

// typeIn returns the type of schema s where its value may only be of the
// kinds ctx (a union member within its holder's type); h names it when it
// has no name of its own.
func (sh *shaper) typeIn(s *resolve.Schema, h hint, ctx kindSet) *Type {
	s = sh.deref(s)
	key := shapeKey{s, sh.kinds(s) & ctx}
	if t, ok := sh.types[key]; ok {
		return t
	}
	t := &Type{Pointer: s.Loc()}
	sh.types[key] = t
	sh.allowed[t] = key.kinds
	sh.all = append(sh.all, t)
	sh.hint(t, h)
	sh.schemaOf[t] = s
	if own := ownName(s); own != "" {
		sh.hint(t, hint{short: own})
		t.Defined = isDefinition(s)
	}
	sh.later(&t.Check, s)
	sh.fill(t, s)
	return t
}

// ownName is the name a schema gives itself: its key in $defs or
// definitions, else its title, else, for a document, its file name.
func ownName(s *resolve.Schema) string {
	if isDefinition(s) {
		return Pascal(defName(s))
	}
	if o := s.Object(); o != nil {
		if t := Pascal(o.Str("title")); t != "" {
			return t
		}
	}
	if s.Ptr == "" {
		// Another document's root: the document's name (item.json is Item).
		return docName(s.Doc)
	}
	return ""
}

// defName is a definition's name as written: its key in $defs or
// definitions.
func defName(s *resolve.Schema) string {
	return jsonptr.Unescape(s.Ptr[strings.LastIndex(s.Ptr, "/")+1:])
}

// isDefinition reports whether s is an entry of $defs or definitions.
func isDefinition(s *resolve.Schema) bool {
	i := strings.LastIndex(s.Ptr, "/")
	if i < 0 {
		return false
	}
	parent := s.Ptr[:i]
	return strings.HasSuffix(parent, "/$defs") || strings.HasSuffix(parent, "/definitions")
}

// sub returns the subschema of s at rel, or nil.
func (sh *shaper) sub(s *resolve.Schema, rel string) *resolve.Schema {
	return sh.c.set.Sub(s, rel)
}

func (sh *shaper) fill(t *Type, s *resolve.Schema) {
	o := s.Object()
	t.Kind = KindRaw
	if o == nil {
		return
	}
	t.Description = o.Str("description")
	t.Deprecated, _ = o.Values["deprecated"].(bool)
	t.Names = xNames(o)
	readConstraints(&t.Constraints, o)
	draft4Exclusive(&t.Constraints, o)
	if !hasShape(o) {
		sh.byKindConditional(t, s, o)
		return
	}
	if vals, ok := o.Values["enum"].([]any); ok {
		sh.enum(t, vals)
		return
	}
	if v, ok := o.Values["const"]; ok && s.Draft >= resolve.Draft6 {
		sh.constant(t, v)
		return
	}
	allowed := sh.allowed[t]
	if alt := sh.alternatives(s, o); alt != nil {
		sh.union(t, s, o, alt, allowed)
		return
	}
	typed, other := sh.kindPlan(s, o, allowed)
	nullable := !other && allowed&kNull != 0
	switch {
	case len(typed) == 0 && other:
		// Nothing pins the kind and no keyword speaks of one: exact JSON.
		return
	case len(typed) == 0:
		if nullable {
			t.Kind = KindNull
		}
		return
	case len(typed) == 1 && !other:
		sh.member(t, s, o, typed[0])
	default:
		sh.byKind(t, s, o, typed, other, allowed)
	}
	if nullable {
		sh.nullable(t)
	}
}

// kindPlan says which kinds of value a schema's type holds, each typed as
// its keywords say ("object", "array", "string", "integer" or "number",
// "boolean"; null is left to the caller), and whether the other kinds the
// schema allows are held as exact JSON. Where "type" (or allOf, a
// reference, the holder's type) pins the kinds, each is typed, in the
// order "type" lists them; where nothing does, only the kinds the
// keywords speak of are (properties: an object; items: an array) and any
// other value is exact JSON, so that the type holds every value the
// checks accept.
func (sh *shaper) kindPlan(s *resolve.Schema, o *resolve.Object, allowed kindSet) (typed []string, other bool) {
	if allowed != kAll || o.Has("type") {
		// In the order "type" lists them, then the others.
		names := append(typeNames(o), allowed.names()...)
		seen := kindSet(0)
		for _, n := range names {
			k := kindOfName(n) & allowed &^ seen
			if k == 0 || n == "null" {
				continue
			}
			seen |= k
			if n == "number" || n == "integer" {
				// One member for numbers: an integer is a number too.
				seen |= allowed & kNumber
				if n = "number"; allowed&kNumber == kInteger {
					n = "integer"
				}
			}
			typed = append(typed, n)
		}
		return typed, false
	}
	if o.Has("properties") || o.Has("additionalProperties") || o.Has("patternProperties") || sh.allOfObjects(s, o) != nil {
		typed = append(typed, "object")
	}
	if o.Has("items") || o.Has("prefixItems") {
		typed = append(typed, "array")
	}
	return typed, true
}

// member makes t the type of the values of one kind of schema s: for an
// object, the merged object of an allOf when there is one.
func (sh *shaper) member(t *Type, s *resolve.Schema, o *resolve.Object, kind string) {
	if kind == "object" && sh.wholeSelect(t, s, o) {
		return
	}
	if kind == "object" {
		if all := sh.allOfObjects(s, o); all != nil {
			sh.merged(t, s, all)
			return
		}
	}
	sh.single(t, s, o, kind)
}

// nullable turns t into a nullable of what it was.
func (sh *shaper) nullable(t *Type) {
	inner := *t
	elem := &inner
	sh.all = append(sh.all, elem)
	sh.hint(elem, hint{sh.hints[t], sh.holders[t], sh.parts[t]})
	sh.schemaOf[elem] = sh.schemaOf[t]
	sh.later(&elem.Check, sh.schemaOf[t])
	if trials, ok := sh.trials[t]; ok {
		sh.trials[elem] = trials
		delete(sh.trials, t)
	}
	// The element is the type with a name (Go writes NullX for the
	// nullable); the nullable itself is written in place.
	*t = Type{Pointer: t.Pointer, Kind: KindNullable, Elem: elem, Check: t.Check, Deprecated: t.Deprecated}
	switch elem.Kind {
	case KindObject, KindEnum, KindUnion, KindTuple, KindLiteral:
		elem.Defined = true
	}
}

// typeNames reads "type" as a list.
func typeNames(o *resolve.Object) []string {
	switch x := o.Values["type"].(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func (sh *shaper) single(t *Type, s *resolve.Schema, o *resolve.Object, typ string) {
	switch typ {
	case "string":
		t.Kind = KindString
	case "integer":
		t.Kind = KindInteger
	case "number":
		t.Kind = KindNumber
	case "boolean":
		t.Kind = KindBoolean
	case "null":
		t.Kind = KindNull
	case "object":
		sh.object(t, s, o)
	case "array":
		sh.array(t, s, o)
	}
}

func (sh *shaper) enum(t *Type, vals []any) {
	strs, null := true, false
	for _, v := range vals {
		switch v.(type) {
		case string:
		case nil:
			null = true
		default:
			strs = false
		}
	}
	if strs && len(vals) > 0 && !(null && len(vals) == 1) {
		t.Kind = KindEnum
		t.Defined = true
		var values []string
		for _, v := range vals {
			if str, ok := v.(string); ok {
				values = append(values, str)
			}
		}
		t.Values = dedupe(values) // a value given twice is one value
		if null {
			sh.nullable(t)
		}
		return
	}
	t.Kind = KindLiteral
	t.Defined = true
	for _, v := range vals {
		t.Literals = append(t.Literals, sh.c.literal(v))
	}
}

func (sh *shaper) constant(t *Type, v any) {
	// The value itself, for a language that has literal types; it is not
	// one of the Program's literals.
	t.Literals = []*Literal{{Index: -1, JSON: resolve.Compact(v), Value: v}}
	switch v.(type) {
	case string:
		t.Kind = KindString
	case json.Number:
		t.Kind = KindNumber
		if n, err := strconv.ParseFloat(string(v.(json.Number)), 64); err == nil && n == float64(int64(n)) {
			t.Kind = KindInteger
		}
	case bool:
		t.Kind = KindBoolean
	case nil:
		t.Kind = KindNull
	}
}

func (sh *shaper) array(t *Type, s *resolve.Schema, o *resolve.Object) {
	prefixKey := "prefixItems"
	if s.Draft < resolve.Draft2020 {
		prefixKey = "items"
	}
	if list, ok := o.Values[prefixKey].([]any); ok {
		t.Kind = KindTuple
		t.Defined = true
		bounded := false
		for i := range list {
			item := sh.sub(s, prefixKey+"/"+strconv.Itoa(i))
			if item != nil && isFalse(item) {
				// No item may stand here, so none after it either: the
				// tuple ends before it.
				bounded = true
				break
			}
			t.Tuple = append(t.Tuple, sh.typeOf(item, partOf(t, "Item"+strconv.Itoa(i))))
		}
		restKey := "items"
		if s.Draft < resolve.Draft2020 {
			restKey = "additionalItems"
		}
		rest := sh.sub(s, restKey)
		switch {
		case bounded || rest != nil && isFalse(rest):
			// Nothing follows the tuple: t.Rest stays nil.
		case rest != nil:
			t.Rest = sh.typeOf(rest, partOf(t, "Item"))
		default:
			t.Rest = &Type{Kind: KindRaw}
		}
		if n, ok := o.Values["minItems"].(json.Number); ok {
			if m, err := strconv.Atoi(string(n)); err == nil {
				t.MinItems = min(m, len(t.Tuple))
			}
		}
		return
	}
	t.Kind = KindArray
	if items := sh.sub(s, "items"); items != nil {
		t.Items = sh.typeOf(items, sh.oneHint(t, "Item"))
	} else {
		t.Items = &Type{Kind: KindRaw}
	}
}

func (sh *shaper) object(t *Type, s *resolve.Schema, o *resolve.Object) {
	props := o.Obj("properties")
	patterns := o.Obj("patternProperties")
	ap := sh.sub(s, "additionalProperties")
	if props == nil || len(props.Keys) == 0 {
		// No declared properties: a map.
		t.Kind = KindMap
		t.Elem = sh.mapValue(s, patterns, ap, sh.oneHint(t, "Value"))
		if t.Elem == nil {
			t.Elem = &Type{Kind: KindRaw}
		}
		return
	}
	t.Kind = KindObject
	t.Defined = true
	sh.addFields(t, s, o)
	sh.addShared(t, s)
	sh.selectField(t, sh.ifThenParts(s, o))
	switch {
	case ap != nil && isFalse(ap) && patterns == nil:
		t.Closed = true
	default:
		t.Additional = sh.mapValue(s, patterns, ap, sh.oneHint(t, "Value"))
	}
}

// mapValue is the type of the members an object's properties do not
// declare: the additionalProperties schema's, or the one patternProperties
// schema's when nothing else may be there; nil for exact JSON.
func (sh *shaper) mapValue(s *resolve.Schema, patterns *resolve.Object, ap *resolve.Schema, h hint) *Type {
	switch {
	case patterns == nil && ap != nil && !isFalse(ap):
		t := sh.typeOf(ap, h)
		if t.Kind == KindRaw && t.RawType == "" {
			return nil
		}
		return t
	case patterns != nil && len(patterns.Keys) == 1 && ap != nil && isFalse(ap):
		t := sh.typeOf(sh.sub(s, "patternProperties/"+jsonptr.Escape(patterns.Keys[0])), h)
		if t.Kind == KindRaw && t.RawType == "" {
			return nil
		}
		return t
	}
	return nil
}

func isFalse(s *resolve.Schema) bool {
	b, ok := s.Bool()
	return ok && !b
}

// addFields adds a field per property of o, in order.
func (sh *shaper) addFields(t *Type, s *resolve.Schema, o *resolve.Object) {
	required := map[string]bool{}
	if names, err := stringList(o.Values["required"]); err == nil {
		for _, n := range names {
			required[n] = true
		}
	}
	props := o.Obj("properties")
	if props == nil {
		return
	}
	for _, name := range props.Keys {
		ps := sh.sub(s, "properties/"+jsonptr.Escape(name))
		if ps == nil {
			continue
		}
		f := &Field{Name: name, Required: required[name], Type: sh.typeOf(ps, child(Pascal(name), t))}
		if c, ok := stringConst(sh.deref(ps)); ok {
			f.Const = &c
		}
		if po := ps.Object(); po != nil {
			f.Description = po.Str("description")
			f.Deprecated, _ = po.Values["deprecated"].(bool)
			f.Names = xNames(po)
		}
		if existing := t.Field(name); existing != nil {
			existing.Required = existing.Required || f.Required
			continue
		}
		t.Fields = append(t.Fields, f)
	}
	for name := range required {
		if f := t.Field(name); f != nil {
			f.Required = true
		}
	}
}

// alternatives returns the members of the schema's anyOf or oneOf that
// say something of the shape, when the schema itself does not (beyond a
// type they share); nil when there is no union to make.
func (sh *shaper) alternatives(s *resolve.Schema, o *resolve.Object) []*resolve.Schema {
	for _, kw := range []string{"oneOf", "anyOf"} {
		list, ok := o.Values[kw].([]any)
		if !ok {
			continue
		}
		if o.Has("properties") || o.Has("items") || o.Has("prefixItems") || o.Has("enum") || o.Has("const") {
			return nil
		}
		var out []*resolve.Schema
		for i := range list {
			m := sh.sub(s, kw+"/"+strconv.Itoa(i))
			if m == nil {
				return nil
			}
			mo := sh.deref(m).Object()
			if mo == nil || !hasShape(mo) {
				return nil
			}
			out = append(out, m)
		}
		return out
	}
	return nil
}

// onlyAlternative returns the one member of an anyOf or oneOf that may
// accept a value, when it is the only one and nothing beside the
// combinator says anything of the shape. (A member that says nothing of
// the shape accepts values of every kind: the type must hold them too.)
func (sh *shaper) onlyAlternative(s *resolve.Schema, o *resolve.Object) *resolve.Schema {
	for _, k := range shapeKeywords {
		if k != "anyOf" && k != "oneOf" && o.Has(k) {
			return nil
		}
	}
	var only *resolve.Schema
	for _, kw := range []string{"oneOf", "anyOf"} {
		list, ok := o.Values[kw].([]any)
		if !ok {
			continue
		}
		if only != nil {
			return nil
		}
		for i := range list {
			m := sh.sub(s, kw+"/"+strconv.Itoa(i))
			if m == nil {
				return nil
			}
			if sh.kinds(m) == 0 {
				// A member that accepts nothing adds nothing to hold.
				continue
			}
			if only != nil {
				return nil
			}
			only = m
		}
		if only == nil {
			return nil
		}
	}
	return only
}

// join appends a child's name to its holder's, leaving out what the child's
// already repeats (Package + PackageName is PackageName).
func join(holder, child string) string {
	if strings.HasPrefix(child, holder) {
		return child
	}
	return holder + child
}

// union makes t the union of the alternatives.
func (sh *shaper) union(t *Type, s *resolve.Schema, o *resolve.Object, alts []*resolve.Schema, allowed kindSet) {
	kw := "anyOf"
	if o.Has("oneOf") {
		kw = "oneOf"
	}
	var members []*Type
	var trials []*resolve.Schema
	nullable := false
	for i, m := range alts {
		mt := sh.typeIn(m, partOf(t, "Option"+strconv.Itoa(i)), allowed)
		if mt.Kind == KindNull {
			nullable = true
			continue
		}
		members = append(members, mt)
		trials = append(trials, m)
	}
	switch len(members) {
	case 0:
		t.Kind = KindNull
		return
	case 1:
		// A member and null (one member alone was followed by deref); a
		// member that is nullable itself gives its element: null once.
		elem := members[0]
		if elem.Kind == KindNullable {
			elem = elem.Elem
		}
		t.Kind, t.Elem = KindNullable, elem
		return
	}
	t.Kind = KindUnion
	t.Defined = true
	t.Exclusive = kw == "oneOf"
	t.Members = members
	sh.trials[t] = trials
	if nullable {
		sh.nullable(t)
	}
}

// unions finishes the unions once every type is made (a member may be a
// union still being made when its holder was, in a recursive schema): a
// union of unions becomes one union of all their members, and each union
// is told apart by a const tag, by JSON type, or by trying the members'
// checks.
func (sh *shaper) unions() {
	var flat func(u *Type, seen map[*Type]bool) ([]*Type, []*resolve.Schema)
	flat = func(u *Type, seen map[*Type]bool) ([]*Type, []*resolve.Schema) {
		seen[u] = true
		var members []*Type
		var trials []*resolve.Schema
		for i, m := range u.Members {
			var trial *resolve.Schema
			if i < len(sh.trials[u]) {
				trial = sh.trials[u][i]
			}
			if m.Kind == KindUnion && !seen[m] && m.By != BySelect {
				if sh.parts[m] && sh.holders[m] == u {
					// An inline union of u's, now u's members: nothing
					// else refers to it (a definition's stays declared),
					// and its own parts are named as u's (BindingQueue,
					// not BindingOption0Object), for what tells them apart.
					m.Defined = false
					for _, mm := range m.Members {
						if sh.parts[mm] && sh.holders[mm] == m {
							sh.hint(mm, partOf(u, sh.hints[m]))
						}
					}
				}
				ms, ts := flat(m, seen)
				// A member of a union by kind is tried as the schema of
				// the union it was a member of: its kind alone would take
				// values that schema rejects.
				for j := range ts {
					if ts[j] == nil {
						ts[j] = trial
					}
				}
				members, trials = append(members, ms...), append(trials, ts...)
				continue
			}
			members = append(members, m)
			trials = append(trials, trial)
		}
		return members, trials
	}
	merged := map[*Type]*Type{}
	defer sh.unmerged(merged)
	for _, u := range sh.all {
		if u.Kind != KindUnion || u.By == ByKind && sh.trials[u] == nil || u.By == BySelect {
			continue
		}
		nested := sh.nestedTag(u)
		if nested == "" && sh.dialect && slices.ContainsFunc(u.Members, sh.definitionUnion) {
			// The dialect keeps a union of unions as written (shapes_dialect.go).
			sh.held[u] = true
		}
		if nested == "" && !sh.held[u] {
			u.Members, sh.trials[u] = dedupeMembers(flat(u, map[*Type]bool{}))
			u.Members, sh.trials[u] = sh.oneRaw(u, u.Members, sh.trials[u])
			if sh.collapse(u) || sh.objects(u, merged) {
				continue
			}
		}
		u.Trials = make([]*Check, len(u.Members))
		for i, m := range sh.trials[u] {
			if m != nil {
				sh.later(&u.Trials[i], m)
			}
		}
		u.By = ByTrial
		if nested != "" {
			u.By, u.Discriminator = ByTag, nested
		} else if sh.held[u] {
			// Its members, unions among them, are tried with their checks.
		} else if tag := commonTag(u.Members); tag != "" {
			u.By, u.Discriminator = ByTag, tag
		} else if distinctKinds(u.Members) {
			u.By = ByKind
		}
		// A member named only by its place is better named by what tells
		// it apart: UpstreamObject, PayloadCreated, TargetSocket rather
		// than UpstreamOption1.
		for _, m := range u.Members {
			if !sh.parts[m] || sh.holders[m] != u || !placeName(sh.hints[m]) {
				continue
			}
			var by string
			switch {
			case m.Kind == KindRaw:
				by = "other"
			case u.By == ByKind:
				by = jsonKindOf(m)
			case u.By == ByTag:
				by, _ = tagValue(m, u.Discriminator)
			default:
				by = ownRequired(m, u.Members)
			}
			if id := Pascal(by); id != "" {
				sh.hints[m] = id
			}
		}
	}
}

// definitionUnion reports whether m, a member of a union, is a union of
// its own definition (ModelPayload within OmniPayload).
func (sh *shaper) definitionUnion(m *Type) bool {
	return m.Kind == KindUnion && m.By != BySelect && isDefinition(sh.schemaOf[m]) && !sh.parts[m]
}

// nestedTag is the tag that tells apart the objects of union u, when u
// keeps its members that are unions of their own: definitions (a person
// would write ModelPayload = CompleteModelPayload | PartialModelPayload,
// not the eleven payloads), whose objects, and u's own, all carry one
// const tag with a value of their own. "" when u is to be one union of
// all the objects instead (unions.flat).
func (sh *shaper) nestedTag(u *Type) string {
	var leaves []*Type
	seen := map[*Type]bool{}
	nested := false
	var walk func(t *Type) bool
	walk = func(t *Type) bool {
		for _, m := range t.Members {
			if seen[m] {
				return false // a cycle, or a member twice
			}
			seen[m] = true
			switch {
			case m.Kind == KindObject:
				leaves = append(leaves, m)
			case sh.definitionUnion(m):
				nested = true
				if !walk(m) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	seen[u] = true
	if !walk(u) || !nested {
		return ""
	}
	return commonTag(leaves)
}

// oneRaw makes the members of union u that hold exact JSON (the kinds its
// members' schemas leave untyped: every binding of Azure Functions' schema
// that does not say "type": "object" has one) a single member, tried last:
// a value no typed member takes is held as it is, whichever member's
// schema accepted it, and the checks (the program's) stay exact. Eighteen
// BindingOther types were one too many for the same thing.
func (sh *shaper) oneRaw(u *Type, members []*Type, trials []*resolve.Schema) ([]*Type, []*resolve.Schema) {
	var kinds kindSet
	raws, anyKind := 0, false
	for _, m := range members {
		if m.Kind == KindRaw {
			raws++
			if m.Kinds == nil {
				anyKind = true
			}
			for _, k := range m.Kinds {
				kinds |= kindOfName(k)
			}
		}
	}
	if raws < 2 {
		return members, trials
	}
	var ms []*Type
	var ts []*resolve.Schema
	for i, m := range members {
		if m.Kind == KindRaw {
			if sh.parts[m] && sh.holders[m] == u {
				m.Defined = false
			}
			continue
		}
		ms, ts = append(ms, m), append(ts, trials[i])
	}
	raw := &Type{Pointer: u.Pointer, Kind: KindRaw}
	if !anyKind {
		raw.Kinds = kinds.names()
	}
	sh.all = append(sh.all, raw)
	sh.schemaOf[raw] = sh.schemaOf[u]
	sh.hint(raw, partOf(u, "Other"))
	return append(ms, raw), append(ts, nil)
}

// placeName reports whether a member's name is only its place in its
// union's list: Option0, Option12.
func placeName(hint string) bool {
	n, ok := strings.CutPrefix(hint, "Option")
	if !ok || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ownRequired is the first property object m requires that no other
// member declares, "" when there is none.
func ownRequired(m *Type, members []*Type) string {
	if m.Kind != KindObject {
		return ""
	}
	for _, f := range m.Fields {
		if !f.Required {
			continue
		}
		shared := false
		for _, o := range members {
			if o != m && o.Field(f.Name) != nil {
				shared = true
			}
		}
		if !shared {
			return f.Name
		}
	}
	return ""
}

// dedupeMembers leaves out a member a union lists again (anyOf: [A, A], or
// A in a union and in a union it holds): the first is tried first, and a
// type is a member once.
func dedupeMembers(members []*Type, trials []*resolve.Schema) ([]*Type, []*resolve.Schema) {
	var ms []*Type
	var ts []*resolve.Schema
	seen := map[*Type]bool{}
	for i, m := range members {
		if seen[m] {
			continue
		}
		seen[m] = true
		ms, ts = append(ms, m), append(ts, trials[i])
	}
	return ms, ts
}

// collapse makes union u the one kind its members all hold, when they
// differ only in their checks (a URL or an alias: a string; an integer or
// a number: a number), as a person would type it: the checks stay exact,
// and the type holds every value of that kind. Members that are all
// string enums and consts are one enum of all their values. It reports
// whether it did.
func (sh *shaper) collapse(u *Type) bool {
	kind, enum := Kind(-1), true
	var values []string
	for _, m := range u.Members {
		k := m.Kind
		if vs, ok := stringValues(m); ok {
			k = KindString
			values = append(values, vs...)
		} else {
			switch k {
			case KindString, KindInteger, KindNumber, KindBoolean:
				if len(m.Literals) > 0 && k != KindString {
					return false
				}
				enum = false
			default:
				return false
			}
		}
		switch {
		case kind == -1 || kind == k:
			kind = k
		case kind == KindInteger && k == KindNumber || kind == KindNumber && k == KindInteger:
			kind = KindNumber
		default:
			return false
		}
	}
	if kind == -1 {
		return false
	}
	for _, m := range u.Members {
		if sh.parts[m] && sh.holders[m] == u {
			m.Defined = false
		}
	}
	u.Members, u.By, u.Exclusive = nil, ByTrial, false
	delete(sh.trials, u)
	if kind == KindString && enum {
		u.Kind, u.Values = KindEnum, dedupe(values)
		return true
	}
	u.Kind, u.Defined = kind, isDefinition(sh.schemaOf[u])
	return true
}

// stringValues are the values of a string enum, or the one value of a
// string const; ok is false for any other type.
func stringValues(t *Type) (values []string, ok bool) {
	switch {
	case t.Kind == KindEnum:
		return t.Values, true
	case t.Kind == KindString && len(t.Literals) == 1:
		return []string{t.Literals[0].Value.(string)}, true
	}
	return nil, false
}

// dedupe is list without repeats, in order.
func dedupe(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range list {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// byKind makes t the union of the kinds typed, each built from the same
// schema's keywords, and of exact JSON for the other kinds allowed when
// other is set (a null among them too; else null makes t nullable).
func (sh *shaper) byKind(t *Type, s *resolve.Schema, o *resolve.Object, typed []string, other bool, allowed kindSet) {
	t.Kind = KindUnion
	t.Defined = true
	t.By = ByKind
	t.Exclusive = true
	add := func(m *Type, word string) {
		sh.later(&m.Check, s)
		sh.all = append(sh.all, m)
		sh.hint(m, partOf(t, word))
		sh.schemaOf[m] = s
		t.Members = append(t.Members, m)
	}
	rest := allowed
	for _, typ := range typed {
		m := &Type{Pointer: t.Pointer}
		add(m, Pascal(typ))
		sh.member(m, s, o, typ)
		rest &^= kindOfName(typ)
	}
	if other && rest != 0 {
		add(&Type{Pointer: t.Pointer, Kind: KindRaw, Kinds: rest.names()}, "Other")
	}
}

// jsonKindOf is the JSON type a member type holds, "" when it may hold
// several.
func jsonKindOf(t *Type) string {
	switch t.Kind {
	case KindObject, KindMap:
		return "object"
	case KindArray, KindTuple:
		return "array"
	case KindString, KindEnum:
		return "string"
	case KindNumber, KindInteger:
		return "number"
	case KindBoolean:
		return "boolean"
	case KindNull:
		return "null"
	}
	return ""
}

func distinctKinds(members []*Type) bool {
	seen := map[string]bool{}
	for _, m := range members {
		k := jsonKindOf(m)
		if k == "" || seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// commonTag finds a property every member object requires with a const
// string value of its own.
func commonTag(members []*Type) string {
	var names []string
	for _, m := range members {
		if m.Kind != KindObject {
			return ""
		}
	}
	for _, f := range members[0].Fields {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	for _, name := range names {
		ok := true
		values := map[string]bool{}
		for _, m := range members {
			v, has := tagValue(m, name)
			if !has || values[v] {
				ok = false
				break
			}
			values[v] = true
		}
		if ok {
			return name
		}
	}
	return ""
}

// tags gives each object its Tag: the Discriminator of the first union
// told apart by a tag that it is a leaf of, else its first required const
// property. The order a schema writes its properties in decides no tag of
// a union's leaf (TestKeyOrderDecidesNoTag).
func (sh *shaper) tags() {
	for _, t := range sh.all {
		if t.Kind == KindObject {
			t.Tag = firstTag(t)
		}
	}
	byUnion := map[*Type]bool{}
	for _, u := range sh.all {
		if u.Kind != KindUnion || u.By != ByTag {
			continue
		}
		for _, leaf := range u.Leaves() {
			if _, ok := tagValue(leaf, u.Discriminator); ok && !byUnion[leaf] {
				leaf.Tag, byUnion[leaf] = leaf.Field(u.Discriminator), true
			}
		}
	}
}

// firstTag is object t's Tag: its first required property that has a
// const string; nil when none has.
func firstTag(t *Type) *Field {
	for _, f := range t.Fields {
		if f.Required && f.Const != nil {
			return f
		}
	}
	return nil
}

// tagValue is the const string value a required property of an object
// type has.
func tagValue(t *Type, name string) (string, bool) {
	f := t.Field(name)
	if f == nil || !f.Required || f.Const == nil {
		return "", false
	}
	return *f.Const, true
}

// allOfObjects returns the schemas to merge into one object: s and its
// allOf members, when one of them declares properties and none rules out
// an object; nil otherwise. What else the parts say (an anyOf, items, a
// bound) only adds checks, which stay exact.
func (sh *shaper) allOfObjects(s *resolve.Schema, o *resolve.Object) []*resolve.Schema {
	list, ok := o.Values["allOf"].([]any)
	if !ok {
		return nil
	}
	parts := []*resolve.Schema{s}
	for i := range list {
		m := sh.sub(s, "allOf/"+strconv.Itoa(i))
		if m == nil {
			return nil
		}
		parts = append(parts, sh.deref(m))
	}
	shaped := 0
	for _, p := range parts {
		if sh.kinds(p)&kObject == 0 {
			return nil
		}
		if po := p.Object(); po != nil && (po.Has("properties") || po.Has("additionalProperties") || po.Has("patternProperties") || sh.shared(p) != nil) {
			shaped++
		}
	}
	if shaped == 0 {
		return nil
	}
	return parts
}

// merged makes t one object of the parts' properties, and of those every
// member of a part's anyOf or oneOf declares (shared). A property two parts
// type two ways is exact JSON.
func (sh *shaper) merged(t *Type, s *resolve.Schema, parts []*resolve.Schema) {
	t.Kind = KindObject
	t.Defined = true
	open := true
	for _, p := range parts {
		po := p.Object()
		if po == nil {
			continue
		}
		if props := po.Obj("properties"); props != nil {
			for _, name := range props.Keys {
				f := t.Field(name)
				if f == nil {
					continue
				}
				other := sh.typeOf(sh.sub(p, "properties/"+jsonptr.Escape(name)), child(Pascal(name), t))
				switch {
				case typedTwoWays(f.Type, other):
					f.Type = &Type{Pointer: f.Type.Pointer, Kind: KindRaw}
				case narrows(other, f.Type):
					f.Type = other
				}
			}
		}
		sh.addFields(t, p, po)
		sh.addShared(t, p)
		if ap := sh.sub(p, "additionalProperties"); ap != nil && isFalse(ap) && p == s {
			open = false
		}
	}
	if len(t.Fields) == 0 {
		t.Kind, t.Defined = KindMap, false
		t.Elem = &Type{Kind: KindRaw}
		return
	}
	t.Closed = !open
	sh.selectField(t, parts)
}

// shared returns the members of p's anyOf or oneOf when they are all
// objects that declare properties, nil otherwise.
func (sh *shaper) shared(p *resolve.Schema) []*resolve.Schema {
	o := p.Object()
	if o == nil {
		return nil
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		list, ok := o.Values[kw].([]any)
		if !ok {
			continue
		}
		var out []*resolve.Schema
		for i := range list {
			m := sh.sub(p, kw+"/"+strconv.Itoa(i))
			if m == nil {
				return nil
			}
			m = sh.deref(m)
			mo := m.Object()
			if mo == nil || mo.Obj("properties") == nil || sh.kinds(m)&kObject == 0 {
				return nil
			}
			out = append(out, m)
		}
		return out
	}
	return nil
}

// addShared adds to t, as optional fields, the properties that the members
// of p's anyOf or oneOf declare (tsconfig's files, include and exclude,
// each in a member of its own). A value any member accepts must fit the
// field: a property every member declares, as one type, is typed so; one
// that a member leaves open (it would accept any value there) or types
// otherwise is exact JSON. A property t already has is left as it is.
func (sh *shaper) addShared(t *Type, p *resolve.Schema) {
	members := sh.shared(p)
	if members == nil {
		return
	}
	var names []string
	types := map[string][]*Type{}
	for _, m := range members {
		for _, name := range m.Object().Obj("properties").Keys {
			if _, ok := types[name]; !ok {
				names = append(names, name)
			}
			mt := sh.typeOf(sh.sub(m, "properties/"+jsonptr.Escape(name)), child(Pascal(name), t))
			types[name] = append(types[name], mt)
		}
	}
	for _, name := range names {
		if t.Field(name) != nil {
			continue
		}
		exact := false
		for _, m := range members {
			if m.Object().Obj("properties").Has(name) {
				continue
			}
			if ap := sh.sub(m, "additionalProperties"); ap == nil || !isFalse(ap) || m.Object().Has("patternProperties") {
				exact = true
			}
		}
		var ft *Type
		if !exact {
			ft = sh.united(t, name, types[name])
		}
		if ft == nil {
			ft = &Type{Pointer: types[name][0].Pointer, Kind: KindRaw}
		}
		f := &Field{Name: name, Type: ft}
		for _, m := range members {
			if po := m.Object().Obj("properties").Obj(name); po != nil && f.Description == "" {
				f.Description = po.Str("description")
			}
		}
		t.Fields = append(t.Fields, f)
	}
}

// united is the type of property name of t that the members of an anyOf
// or oneOf type as types: their one type; for string enums and consts, an
// enum of all their values (Azure Functions' blob binding: "blobTrigger"
// in one member, "blob" in the other), which replaces theirs; another
// scalar kind they share. Nil when they hold different values.
func (sh *shaper) united(t *Type, name string, types []*Type) *Type {
	first, same, enum := types[0], true, true
	var values []string
	for _, ty := range types {
		same = same && ty == first
		vs, ok := stringValues(ty)
		enum = enum && ok
		values = append(values, vs...)
	}
	if same {
		return first
	}
	if !enum {
		if st := sameType(types); st != nil && scalarKind(st) >= 0 {
			return st
		}
		return nil
	}
	for _, ty := range types {
		if sh.holders[ty] == t && !isDefinition(sh.schemaOf[ty]) {
			ty.Defined = false // only this property had it
		}
	}
	u := &Type{Pointer: first.Pointer, Kind: KindEnum, Values: dedupe(values), Defined: true,
		Description: fmt.Sprintf("the %q property, which each member of an anyOf or oneOf gives values of its own: any of them.", name)}
	sh.all = append(sh.all, u)
	sh.hint(u, child(Pascal(name), t))
	return u
}

// typedTwoWays reports whether two parts of an allOf type a property two
// ways: as different types, but for exact JSON (which the other part's type
// narrows) and scalars one of which says all the other says.
func typedTwoWays(a, b *Type) bool {
	return a != b && a.Kind != KindRaw && b.Kind != KindRaw && !within(a, b) && !within(b, a)
}

// within reports whether scalar type a says all that scalar type b says,
// perhaps more: an integer is within a number, a const within its kind.
func within(a, b *Type) bool {
	switch b.Kind {
	case KindString, KindInteger, KindNumber, KindBoolean, KindNull:
	default:
		return false
	}
	if a.Kind != b.Kind && !(a.Kind == KindInteger && b.Kind == KindNumber) {
		return false
	}
	return len(b.Literals) == 0 || len(a.Literals) == 1 && string(a.Literals[0].JSON) == string(b.Literals[0].JSON)
}

// narrows reports whether scalar type a says more than b, which it is
// within.
func narrows(a, b *Type) bool {
	return within(a, b) && (a.Kind != b.Kind || len(a.Literals) > len(b.Literals))
}

// root makes the root's type: named name, unless the root is a definition
// with a name of its own and force is not set; always a type of its own.
func (sh *shaper) root(root *resolve.Schema, name string, force bool) *Type {
	t := sh.typeOf(root, hint{short: name})
	if force || !isDefinition(sh.deref(root)) || sh.hints[t] == "" {
		sh.hint(t, hint{short: name})
	}
	if t.Kind == KindNullable && t.Elem.Defined && sh.hints[t.Elem] == sh.hints[t] {
		sh.hint(t.Elem, hint{short: sh.hints[t] + "Value"})
	}
	t.Defined = true
	return t
}

// draft4Exclusive reads draft 4's boolean exclusiveMinimum and
// exclusiveMaximum: true makes minimum or maximum exclusive.
func draft4Exclusive(c *Constraints, o *resolve.Object) {
	if b, _ := o.Values["exclusiveMinimum"].(bool); b && c.Minimum != nil {
		c.ExclusiveMinimum, c.Minimum = c.Minimum, nil
	}
	if b, _ := o.Values["exclusiveMaximum"].(bool); b && c.Maximum != nil {
		c.ExclusiveMaximum, c.Maximum = c.Maximum, nil
	}
}

// xNames is an object's x-omnigen "names" (per-language names), or nil.
func xNames(o *resolve.Object) map[string]string {
	if ann := o.Obj("x-omnigen"); ann != nil {
		return stringMap(ann.Obj("names"))
	}
	return nil
}
