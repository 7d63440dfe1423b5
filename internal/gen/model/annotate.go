package model

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// document is one document of the schema, as the annotations' errors
// name it.
type document struct {
	name string // file name for pointers ("" for the root document)
}

// builder reads the x-omnigen annotations of a schema in the dialect,
// once its types are made (dialect.go).
type builder struct {
	docs map[*resolve.Document]*document
	// pending holds annotation objects to read once all types exist.
	pending []pendingAnnotation
}

type pendingAnnotation struct {
	t   *Type
	doc *document
	ptr string
	ann *resolve.Object
}

// document is the builder's view of a document resolve has read. Its
// pointers read as resolve's locations do, but for the canonical schema
// referred to by its $id: that one is called by its file name.
func (b *builder) document(d *resolve.Document) *document {
	if doc, ok := b.docs[d]; ok {
		return doc
	}
	doc := &document{name: d.Name}
	if d.URI == canonical.ID {
		doc.name = canonical.FileName
	}
	b.docs[d] = doc
	return doc
}

func (b *builder) pointer(doc *document, ptr string) string {
	return doc.name + ptr
}

// annotate reads the x-omnigen annotations (documented in schema/README.md)
// once every type exists, and checks that each names things that are there.
func (b *builder) annotate(s *Schema) error {
	for _, p := range b.pending {
		if err := b.typeAnnotation(s, p); err != nil {
			return err
		}
	}
	// The envelope's guards may name the unions' guards: read it after them.
	for _, p := range b.pending {
		if e := p.ann.Obj("envelope"); e != nil {
			if err := b.envelopeOf(s, p.t, p, e); err != nil {
				return err
			}
		}
	}
	// Builders need the envelope to know their Kind, and aggregates need the
	// builders; read them in that order.
	for _, p := range b.pending {
		if bs := p.ann.Arr("builders"); bs != nil {
			for i, raw := range bs {
				bptr := fmt.Sprintf("%s/x-omnigen/builders/%d", p.ptr, i)
				bo, ok := raw.(*resolve.Object)
				if !ok {
					return errorf(b.pointer(p.doc, bptr), "a builder must be an object")
				}
				bl, err := b.builderOf(s, p.t, p.doc, bptr, bo)
				if err != nil {
					return err
				}
				if s.Builder(bl.Name) != nil {
					return errorf(b.pointer(p.doc, bptr+"/name"), "two builders are named %q", bl.Name)
				}
				p.t.Builders = append(p.t.Builders, bl)
				s.Builders = append(s.Builders, bl)
			}
		}
	}
	for _, p := range b.pending {
		if ao := p.ann.Obj("aggregate"); ao != nil {
			a, err := b.aggregateOf(s, p.t, p.doc, p.ptr+"/x-omnigen/aggregate", ao)
			if err != nil {
				return err
			}
			p.t.Aggregate = a
			s.Aggregates = append(s.Aggregates, a)
		}
	}
	return nil
}

var typeKeys = map[string]bool{
	"names": true, "envelope": true, "prepend": true, "guards": true, "guard": true,
	"zero": true, "sum": true, "builders": true, "aggregate": true, "aliases": true,
}

func (b *builder) typeAnnotation(s *Schema, p pendingAnnotation) error {
	at := func(key string) string { return b.pointer(p.doc, p.ptr+"/x-omnigen/"+key) }
	for _, k := range p.ann.Keys {
		if !typeKeys[k] {
			return errorf(at(jsonptr.Escape(k)), "unknown x-omnigen key %q", k)
		}
	}
	t := p.t
	t.Names = stringMap(p.ann.Obj("names"))
	var err error
	if g := p.ann.Obj("guard"); g != nil {
		if t.Kind != KindUnion {
			return errorf(at("guard"), "a guard belongs on a union")
		}
		if t.Guard, err = helperOf(g, at("guard")); err != nil {
			return err
		}
	}
	for _, key := range []string{"zero", "sum"} {
		h := p.ann.Obj(key)
		if h == nil {
			continue
		}
		if t.Kind != KindObject {
			return errorf(at(key), "%s belongs on an object", key)
		}
		for _, f := range t.Fields {
			if f.ValueType().Kind != KindInteger && f.ValueType().Kind != KindNumber {
				return errorf(at(key), "%s needs every field to be a number; %q is not", key, f.Name)
			}
		}
		helper, err := helperOf(h, at(key))
		if err != nil {
			return err
		}
		if key == "zero" {
			t.Zero = helper
		} else {
			t.Sum = helper
		}
	}
	if !p.ann.Has("envelope") {
		for _, k := range []string{"prepend", "guards", "aliases"} {
			if p.ann.Has(k) {
				return errorf(at(k), "%s belongs on the envelope", k)
			}
		}
	}
	return nil
}

func helperOf(o *resolve.Object, ptr string) (*Helper, error) {
	h := &Helper{Name: o.Str("name"), Description: o.Str("description")}
	if !isLowerCamel(h.Name) {
		return nil, errorf(ptr+"/name", "name must be a lowerCamelCase identifier, got %q", h.Name)
	}
	return h, nil
}

func (b *builder) envelopeOf(s *Schema, t *Type, p pendingAnnotation, e *resolve.Object) error {
	at := func(key string) string { return b.pointer(p.doc, p.ptr+"/x-omnigen/"+key) }
	if s.Envelope != nil {
		return errorf(at("envelope"), "only one type can be the envelope (%s is already)", s.Envelope.Type.Name)
	}
	if t.Kind != KindObject || t.Select == nil {
		why := ""
		for _, n := range s.Notes {
			if rest, ok := strings.CutPrefix(n, t.Pointer+"/allOf: "); ok {
				why = " (" + rest + ")" // the select dropped (dropSelects)
			}
		}
		return errorf(at("envelope"), "the envelope must be an object whose allOf of if/then chooses the payload's type%s", why)
	}
	env := &Envelope{Type: t}
	fields := map[string]**Field{"timestamp": &env.Timestamp, "kind": &env.Kind, "payload": &env.Payload}
	for _, role := range []string{"timestamp", "kind", "payload"} {
		name := e.Str(role)
		f := t.Field(name)
		if f == nil {
			return errorf(at("envelope/"+role), "names %q, which is not a property", name)
		}
		*fields[role] = f
	}
	if env.Kind != t.Select.By || env.Payload != t.Select.Field {
		return errorf(at("envelope"), "kind and payload must be the properties the if/then test and type")
	}
	if env.Payload.Type.Kind != KindUnion {
		return errorf(at("envelope/payload"), "the payload property needs an x-omnigen union naming its union type")
	}
	for _, c := range t.Select.Cases {
		if !c.Type.IsMemberOf(env.Payload.Type) {
			return errorf(at("envelope"), "the payload type %s of kind %q is not in the payload union %s", c.Type.Name, c.Value, env.Payload.Type.Name)
		}
	}
	for i, raw := range p.ann.Arr("prepend") {
		ptr := at(fmt.Sprintf("prepend/%d", i))
		o, _ := raw.(*resolve.Object)
		if o == nil {
			return errorf(ptr, "must be an object")
		}
		h, err := helperOf(o, ptr)
		if err != nil {
			return err
		}
		f := t.Field(o.Str("field"))
		if f == nil || f.ValueType().Kind != KindArray {
			return errorf(ptr+"/field", "must name an array property")
		}
		if !isLowerCamel(o.Str("param")) {
			return errorf(ptr+"/param", "must be a lowerCamelCase identifier")
		}
		env.Prepend = append(env.Prepend, &Prepend{Name: h.Name, Description: h.Description, Param: o.Str("param"), Field: f})
	}
	for i, raw := range p.ann.Arr("guards") {
		ptr := at(fmt.Sprintf("guards/%d", i))
		o, _ := raw.(*resolve.Object)
		if o == nil {
			return errorf(ptr, "must be an object")
		}
		h, err := helperOf(o, ptr)
		if err != nil {
			return err
		}
		g := &MessageGuard{Name: h.Name, Description: h.Description, Kind: o.Str("kind"), Alias: o.Str("alias")}
		var c *Case
		for _, sc := range t.Select.Cases {
			if sc.Value == g.Kind {
				c = sc
			}
		}
		if c == nil {
			return errorf(ptr+"/kind", "%q is not one of the envelope's kinds", g.Kind)
		}
		if name := o.Str("payload"); name != "" {
			g.Payload = s.Lookup(name)
			if g.Payload == nil || g.Payload.Kind != KindUnion || !g.Payload.IsMemberOf(c.Type) {
				return errorf(ptr+"/payload", "must name a union within %s", c.Type.Name)
			}
		}
		if o.Has("unless") {
			if err := guardUnless(s, g, c, o.Str("unless"), ptr+"/unless"); err != nil {
				return err
			}
		}
		for _, k := range o.Keys {
			switch k {
			case "name", "description", "kind", "payload", "unless", "alias":
			default:
				return errorf(ptr+"/"+jsonptr.Escape(k), "unknown guard key %q", k)
			}
		}
		env.Guards = append(env.Guards, g)
		if g.Alias != "" {
			payload := g.Payload
			if payload == nil {
				payload = c.Type
			}
			if err := addAlias(env, &MessageAlias{Name: g.Alias, Payload: payload, Guard: g}, ptr+"/alias"); err != nil {
				return err
			}
		}
	}
	for i, raw := range p.ann.Arr("aliases") {
		ptr := at(fmt.Sprintf("aliases/%d", i))
		o, _ := raw.(*resolve.Object)
		if o == nil {
			return errorf(ptr, "must be an object")
		}
		for _, k := range o.Keys {
			switch k {
			case "name", "payload", "description":
			default:
				return errorf(ptr+"/"+jsonptr.Escape(k), "unknown alias key %q", k)
			}
		}
		a := &MessageAlias{Name: o.Str("name"), Description: o.Str("description"), Payload: s.Lookup(o.Str("payload"))}
		if a.Payload == nil || !a.Payload.IsMemberOf(env.Payload.Type) || t.Select.CaseOf(a.Payload) == nil {
			return errorf(ptr+"/payload", "must name a payload type or union of one of the envelope's kinds, got %q", o.Str("payload"))
		}
		if err := addAlias(env, a, ptr+"/name"); err != nil {
			return err
		}
	}
	s.Envelope = env
	return nil
}

// guardUnless reads a guard's "unless": a union with a guard of its own,
// within the guard's kind, that with the guard's payload (if any) makes up
// the kind's whole family.
func guardUnless(s *Schema, g *MessageGuard, c *Case, name, ptr string) error {
	u := s.Lookup(name)
	if u == nil || u.Kind != KindUnion || u.Guard == nil || !u.IsMemberOf(c.Type) {
		return errorf(ptr, "must name a union with an x-omnigen guard within %s, got %q", c.Type.Name, name)
	}
	if g.Payload == nil {
		return errorf(ptr, "unless needs payload: the union the guard narrows to")
	}
	in := map[*Type]int{}
	// The leaves in the order met, so that the one named is always the
	// same (a map's order would name another each run).
	var order []*Type
	count := func(l *Type, by int) {
		if _, seen := in[l]; !seen {
			order = append(order, l)
		}
		in[l] += by
	}
	for _, l := range g.Payload.Leaves() {
		count(l, 1)
	}
	for _, l := range u.Leaves() {
		count(l, 1)
	}
	for _, l := range c.Type.Leaves() {
		count(l, -1)
	}
	for _, l := range order {
		if n := in[l]; n != 0 {
			return errorf(ptr, "%s and %s must split %s between them; %s is in %d of them", g.Payload.Name, u.Name, c.Type.Name, l.Name, n+1)
		}
	}
	g.Unless = u
	return nil
}

// addAlias adds a to the envelope's aliases under a name no other alias has.
func addAlias(env *Envelope, a *MessageAlias, ptr string) error {
	if !isUpperCamel(a.Name) {
		return errorf(ptr, "an alias must be a PascalCase identifier, got %q", a.Name)
	}
	for _, other := range env.Aliases {
		if other.Name == a.Name {
			return errorf(ptr, "two aliases are named %q", a.Name)
		}
	}
	env.Aliases = append(env.Aliases, a)
	return nil
}

func (b *builder) builderOf(s *Schema, t *Type, doc *document, ptr string, o *resolve.Object) (*Builder, error) {
	at := func(key string) string { return b.pointer(doc, ptr+"/"+key) }
	for _, k := range o.Keys {
		switch k {
		case "name", "names", "description", "style", "params", "options", "set":
		default:
			return nil, errorf(at(jsonptr.Escape(k)), "unknown builder key %q", k)
		}
	}
	if t.Kind != KindObject {
		return nil, errorf(b.pointer(doc, ptr), "builders belong on an object")
	}
	bl := &Builder{Name: o.Str("name"), Names: stringMap(o.Obj("names")), Description: o.Str("description"), Target: t}
	if !isLowerCamel(bl.Name) {
		return nil, errorf(at("name"), "must be a lowerCamelCase identifier, got %q", bl.Name)
	}
	switch o.Str("style") {
	case "", "positional":
		bl.Style = Positional
	case "object":
		bl.Style = Object
	case "payload":
		bl.Style = Whole
	default:
		return nil, errorf(at("style"), "must be positional, object or payload")
	}
	if s.Envelope != nil {
		c := s.Envelope.Type.Select.CaseOf(t)
		if c == nil {
			return nil, errorf(b.pointer(doc, ptr), "%s is in none of the envelope's payload families", t.Name)
		}
		bl.Kind = c.Value
	}
	if bl.Style == Whole && (o.Has("params") || o.Has("options") || o.Has("set")) {
		return nil, errorf(b.pointer(doc, ptr), "a payload-style builder takes the whole payload: no params, options or set")
	}
	if bl.Style == Object && o.Has("options") {
		return nil, errorf(at("options"), "an object-style builder takes one object already: its optional members are params")
	}
	used := map[string]string{}
	names := map[string]bool{}
	for _, key := range []string{"params", "options"} {
		for i, raw := range o.Arr(key) {
			pptr := fmt.Sprintf("%s/%s/%d", ptr, key, i)
			p, err := b.paramOf(t, doc, pptr, raw, key == "options", used)
			if err != nil {
				return nil, err
			}
			if names[p.Name] {
				return nil, errorf(b.pointer(doc, pptr+"/name"), "two params of %s are named %q", bl.Name, p.Name)
			}
			names[p.Name] = true
			bl.Params = append(bl.Params, p)
		}
	}
	if set := o.Obj("set"); set != nil {
		for _, f := range t.Fields {
			v, ok := set.Get(f.Name)
			if !ok {
				continue
			}
			if _, dup := used[f.Name]; dup || f.Const != nil {
				return nil, errorf(at("set/"+jsonptr.Escape(f.Name)), "%q is already filled", f.Name)
			}
			used[f.Name] = "set"
			if why := fits(f, v); why != "" {
				return nil, errorf(at("set/"+jsonptr.Escape(f.Name)), "%s", why)
			}
			bl.Set = append(bl.Set, &Fixed{Field: f, Value: json.RawMessage(resolve.Compact(v)), Pointer: at("set/" + jsonptr.Escape(f.Name))})
		}
		for _, k := range set.Keys {
			if t.Field(k) == nil {
				return nil, errorf(at("set/"+jsonptr.Escape(k)), "%s has no property %q", t.Name, k)
			}
		}
	}
	if bl.Style != Whole {
		for _, f := range t.Fields {
			if _, ok := used[f.Name]; f.Required && f.Const == nil && !ok {
				return nil, errorf(b.pointer(doc, ptr), "builder %s leaves required %q unset", bl.Name, f.Name)
			}
		}
	}
	return bl, nil
}

// paramOf reads one entry of a builder's "params" or "options" (inOptions)
// at ptr; used maps the properties already filled to what fills them.
func (b *builder) paramOf(t *Type, doc *document, ptr string, raw any, inOptions bool, used map[string]string) (*Param, error) {
	at := func(key string) string { return b.pointer(doc, ptr+"/"+key) }
	po, _ := raw.(*resolve.Object)
	if po == nil {
		return nil, errorf(b.pointer(doc, ptr), "a param must be an object")
	}
	for _, k := range po.Keys {
		switch k {
		case "name", "field", "default", "optional", "omitEmpty", "omitWhen":
		default:
			return nil, errorf(at(jsonptr.Escape(k)), "unknown param key %q", k)
		}
	}
	p := &Param{Name: po.Str("name"), InOptions: inOptions, Pointer: b.pointer(doc, ptr)}
	if !isLowerCamel(p.Name) {
		return nil, errorf(at("name"), "must be a lowerCamelCase identifier, got %q", p.Name)
	}
	p.Field = t.Field(po.Str("field"))
	if p.Field == nil || p.Field.Const != nil {
		return nil, errorf(at("field"), "must name a non-const property of %s", t.Name)
	}
	if prev, dup := used[p.Field.Name]; dup {
		return nil, errorf(at("field"), "%q is already filled by %s", p.Field.Name, prev)
	}
	used[p.Field.Name] = "param " + p.Name
	if d, ok := po.Get("default"); ok {
		if d == nil && !p.Field.TakesNull() {
			return nil, errorf(at("default"), "null default for a field that is not nullable")
		}
		if why := fits(p.Field, d); why != "" {
			return nil, errorf(at("default"), "%s", why)
		}
		p.Default = json.RawMessage(resolve.Compact(d))
	}
	p.Optional, _ = po.Values["optional"].(bool)
	p.OmitEmpty, _ = po.Values["omitEmpty"].(bool)
	if p.OmitEmpty || (inOptions && p.Default == nil) {
		p.Optional = true
	}
	if p.Optional && p.Field.Required && p.Default == nil {
		return nil, errorf(b.pointer(doc, ptr), "an optional param without a default cannot fill required %q", p.Field.Name)
	}
	if w, ok := po.Get("omitWhen"); ok {
		switch w.(type) {
		case string, bool, json.Number:
		default:
			return nil, errorf(at("omitWhen"), "must be a string, number or boolean")
		}
		if p.Field.Required {
			return nil, errorf(at("omitWhen"), "%q is required: it cannot be left out", p.Field.Name)
		}
		if why := fits(p.Field, w); why != "" {
			return nil, errorf(at("omitWhen"), "%s", why)
		}
		if p.Field.ValueType().Kind == KindRaw {
			// Its values are JSON text, which no builder compares.
			return nil, errorf(at("omitWhen"), "%q is held as JSON text, whose values omitWhen cannot compare; give it a type (a string enum, say)", p.Field.Name)
		}
		p.OmitWhen = json.RawMessage(resolve.Compact(w))
	}
	return p, nil
}

// fits says why the JSON value v, which a builder writes into field f (a
// param's default or omitWhen, a set value), is no value of f's type ("" when
// it is one), so that no emitter renders a builder whose code would not
// compile: a member of the enum, a string, an int64, a finite number, a
// boolean, an object for JSON text of an object, any JSON for other JSON text,
// null only where f is nullable; a value of another type is not supported.
func fits(f *Field, v any) string {
	if v == nil {
		if f.TakesNull() {
			return ""
		}
		return "null for a property that is not nullable"
	}
	t, ok := f.ValueType(), false
	switch t.Kind {
	case KindEnum:
		s, isString := v.(string)
		ok = isString && slices.Contains(t.Values, s)
	case KindString:
		_, ok = v.(string)
	case KindInteger:
		if n, isNumber := v.(json.Number); isNumber {
			_, err := n.Int64()
			ok = err == nil
		}
	case KindNumber:
		if n, isNumber := v.(json.Number); isNumber {
			_, err := strconv.ParseFloat(string(n), 64)
			ok = err == nil
		}
	case KindBoolean:
		_, ok = v.(bool)
	case KindRaw:
		_, isObject := v.(*resolve.Object)
		ok = t.RawType != "object" || isObject
	default:
		return fmt.Sprintf("a fixed or default %s value is not supported", t.Kind)
	}
	if !ok {
		return fmt.Sprintf("%s is not a value of the property's type (%s)", resolve.Compact(v), t.Kind)
	}
	return ""
}

func (b *builder) aggregateOf(s *Schema, t *Type, doc *document, ptr string, o *resolve.Object) (*Aggregate, error) {
	at := func(key string) string { return b.pointer(doc, ptr+"/"+key) }
	for _, k := range o.Keys {
		switch k {
		case "into", "phase", "key", "append", "override":
		default:
			return nil, errorf(at(jsonptr.Escape(k)), "unknown aggregate key %q", k)
		}
	}
	a := &Aggregate{Partial: t, Into: s.Builder(o.Str("into"))}
	if a.Into == nil || a.Into.Style == Whole {
		return nil, errorf(at("into"), "must name a builder with params, got %q", o.Str("into"))
	}
	if t.Tag == nil {
		return nil, errorf(b.pointer(doc, ptr), "a partial type needs a const tag property")
	}
	a.Phase = t.Field(o.Str("phase"))
	// Every partial has its phase and key: the aggregators read them
	// without a case for their absence.
	if a.Phase == nil || a.Phase.Type.Kind != KindEnum || !a.Phase.Required || a.Phase.TakesNull() {
		return nil, errorf(at("phase"), "must name a required enum property")
	}
	for _, v := range []string{"start", "delta", "stop"} {
		if !contains(a.Phase.Type.Values, v) {
			return nil, errorf(at("phase"), "the phase enum must have the values start, delta and stop")
		}
	}
	seen := map[*Field]bool{t.Tag: true, a.Phase: true}
	if k := o.Str("key"); k != "" {
		a.Key = t.Field(k)
		if a.Key == nil || a.Key.Type.Kind != KindString || !a.Key.Required || a.Key.TakesNull() {
			return nil, errorf(at("key"), "must name a required string property")
		}
		seen[a.Key] = true
	}
	lists := map[string]*[]*Field{"append": &a.Append, "override": &a.Override}
	for _, key := range []string{"append", "override"} {
		for i, raw := range o.Arr(key) {
			name, _ := raw.(string)
			f := t.Field(name)
			if f == nil || seen[f] {
				return nil, errorf(at(fmt.Sprintf("%s/%d", key, i)), "must name a property of %s used once", t.Name)
			}
			if key == "append" && f.ValueType().Kind != KindString {
				return nil, errorf(at(fmt.Sprintf("%s/%d", key, i)), "appended properties must be strings")
			}
			seen[f] = true
			*lists[key] = append(*lists[key], f)
		}
	}
	for _, f := range t.Fields {
		if !seen[f] && f.Const == nil {
			a.Latest = append(a.Latest, f)
		}
	}
	// Every carried field must reach the complete message through a param.
	for _, f := range t.Fields {
		if f.Const != nil || f == a.Phase {
			continue
		}
		if a.Into.Param(f.Name) == nil {
			return nil, errorf(at("into"), "builder %s has no param for %s's %q", a.Into.Name, t.Name, f.Name)
		}
	}
	return a, nil
}

// isUpperCamel reports whether s is an identifier that starts with an upper
// case letter: a type name.
func isUpperCamel(s string) bool {
	return s != "" && s[0] >= 'A' && s[0] <= 'Z' && isLowerCamel(strings.ToLower(s[:1])+s[1:])
}

func isLowerCamel(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z') {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
