package model

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// Error is a schema construct the model cannot represent, or a malformed
// x-omnigen annotation.
type Error struct {
	// Pointer locates the construct: "#/$defs/X/properties/y", prefixed by
	// the file name for a document other than the root.
	Pointer string
	Message string
}

func (e *Error) Error() string { return e.Pointer + ": " + e.Message }

// Errorf returns an *Error at ptr; the emitters use it too, so that every
// generator error has one type whichever stage found it.
func Errorf(ptr, format string, args ...any) *Error {
	return &Error{Pointer: ptr, Message: fmt.Sprintf(format, args...)}
}

func errorf(ptr, format string, args ...any) *Error { return Errorf(ptr, format, args...) }

// BuildFile reads the schema at path and builds its model. An empty path
// builds the embedded canonical schema.
func BuildFile(path string) (*Schema, error) {
	if path == "" {
		return Build(canonical.Canonical, "")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Build(data, path)
}

// Build builds the model of the schema document data, read from path ("" for
// the embedded canonical schema). Its documents are read and its references
// resolved by internal/resolve, as any schema's are: other files relative to
// path, the canonical schema by its $id (canonical.ID), any document by the
// $id it gives itself.
func Build(data []byte, path string) (*Schema, error) {
	return buildWith(data, path, LoadOptions{})
}

// buildWith is Build reading documents as opts says (RefMap, Schemas).
func buildWith(data []byte, path string, opts LoadOptions) (*Schema, error) {
	set := newSet(opts)
	name := path
	if name == "" {
		name = canonical.FileName
	}
	top, err := set.LoadFileBytes(name, data)
	if err != nil {
		return nil, asModelError(err)
	}
	if err := loadOthers(set, name, opts.Schemas); err != nil {
		return nil, err
	}
	b := &builder{set: set, docs: map[*resolve.Document]*document{}, types: map[string]*Type{}, holders: map[*Type]*Type{}}
	root := b.document(top.Doc)
	b.root = root
	s, err := b.build(root)
	if err != nil || s.Root == nil {
		return s, err
	}
	// The checks of the root, compiled as any schema's are, with the
	// dialect's rule of integers its generated packages apply.
	if s.Checks, err = Compile(set, []RootSchema{{Schema: top, Name: s.Root.Name}}, CompileOptions{ExactIntegers: true}); err != nil {
		return nil, asModelError(err)
	}
	b.link(s.Checks)
	return s, nil
}

// link gives each type the check of its location, where validation from
// the root reaches it: the generated decoders check what it says.
func (b *builder) link(p *Program) {
	for _, l := range b.located {
		at := l.doc.root
		if l.ptr != "#" {
			at = b.set.Sub(at, strings.TrimPrefix(l.ptr, "#/"))
		}
		if at != nil {
			l.t.Check = p.at[at]
		}
	}
}

func (b *builder) build(root *document) (*Schema, error) {
	s := &Schema{}
	top, ok := root.json.(*resolve.Object)
	if !ok {
		return nil, errorf("#", "a schema document must be an object")
	}
	s.ID = top.Str("$id")
	s.Title = top.Str("title")
	s.Description = top.Str("description")
	if defs := top.Obj("$defs"); defs != nil {
		for _, name := range defs.Keys {
			if _, err := b.named(root, "#/$defs/"+jsonptr.Escape(name)); err != nil {
				return nil, err
			}
		}
	}
	if ref := top.Str("$ref"); ref != "" {
		t, err := b.ref(root, "#", ref)
		if err != nil {
			return nil, err
		}
		s.Root = t
	}
	for _, u := range b.unionFields {
		t, err := b.named(u.doc, "#/$defs/"+jsonptr.Escape(u.name))
		if err != nil || t.Kind != KindUnion {
			return nil, errorf(u.ptr, "must name a union definition, got %q", u.name)
		}
		if u.field.Type.Kind != KindRaw || u.field.Type.RawType != "object" {
			return nil, errorf(u.ptr, "a property typed by a union must itself say only \"type\": \"object\"")
		}
		u.field.Type = t
	}
	s.Types = b.sorted(root)
	discriminate(s)
	if err := b.annotate(s); err != nil {
		return nil, err
	}
	return s, nil
}

// document is one document of the schema, as the builder names it.
type document struct {
	name string // file name for pointers ("" for the root document)
	uri  string
	root *resolve.Schema // the document as a whole: references resolve from it
	json any
}

type builder struct {
	set   *resolve.Set
	root  *document
	docs  map[*resolve.Document]*document
	types map[string]*Type // by document URI + "#" + pointer
	order []*Type
	// pending holds annotation objects to read once all types exist.
	pending []pendingAnnotation
	// holders maps a synthesized type to the named type that holds it.
	holders map[*Type]*Type
	// unionFields are properties typed by an x-omnigen "union".
	unionFields []unionField
	// located lists each type with the schema it was built from.
	located []located
}

type located struct {
	t   *Type
	doc *document
	ptr string
}

type unionField struct {
	field *Field
	doc   *document
	ptr   string
	name  string
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
	doc := &document{name: d.Name, uri: d.URI, root: b.set.Root(d), json: d.JSON}
	if d.URI == canonical.ID {
		doc.name = canonical.FileName
	}
	b.docs[d] = doc
	return doc
}

// ref resolves a $ref found at ptr in doc to a named type: a $defs entry,
// or a whole other document, which stands for the type its own top-level
// $ref names.
func (b *builder) ref(doc *document, ptr, ref string) (*Type, error) {
	target, err := b.set.Resolve(doc.root, "$ref", ref)
	if err != nil {
		var rerr *resolve.Error
		if errors.As(err, &rerr) {
			return nil, errorf(b.pointer(doc, ptr), "%s", rerr.Message)
		}
		return nil, errorf(b.pointer(doc, ptr), "%v", err)
	}
	to := b.document(target.Doc)
	if target.Ptr == "" && to != doc {
		top, _ := target.Value.(*resolve.Object)
		if top == nil || top.Str("$ref") == "" {
			return nil, errorf(b.pointer(doc, ptr), "%q has no top-level $ref to stand for it", ref)
		}
		return b.ref(to, "#/$ref", top.Str("$ref"))
	}
	if !strings.HasPrefix(target.Ptr, "/$defs/") || strings.Count(target.Ptr, "/") != 2 {
		return nil, errorf(b.pointer(doc, ptr), "unsupported $ref %q: references must name a $defs entry", ref)
	}
	return b.named(to, "#"+target.Ptr)
}

// sorted orders the types: the root document's definitions in $defs order,
// then other documents' in first-reference order, each followed by the
// types synthesized from its inline schemas.
func (b *builder) sorted(root *document) []*Type {
	var defs []*Type
	if top, ok := root.json.(*resolve.Object); ok {
		if d := top.Obj("$defs"); d != nil {
			for _, name := range d.Keys {
				defs = append(defs, b.types[root.uri+"#/$defs/"+jsonptr.Escape(name)])
			}
		}
	}
	placed := map[*Type]bool{}
	var out []*Type
	var place func(t *Type)
	place = func(t *Type) {
		if placed[t] {
			return
		}
		placed[t] = true
		out = append(out, t)
		for _, c := range b.order {
			if c.Synthetic && b.holders[c] == t {
				place(c)
			}
		}
	}
	for _, t := range defs {
		place(t)
	}
	for _, t := range b.order {
		if !t.Synthetic {
			place(t)
		}
	}
	return out
}

// anyRef resolves the $ref or $dynamicRef of the schema object o at ptr.
func (b *builder) anyRef(doc *document, ptr string, o *resolve.Object) (*Type, error) {
	if ref := o.Str("$ref"); ref != "" {
		return b.ref(doc, ptr+"/$ref", ref)
	}
	return b.dynamicRef(doc, ptr+"/$dynamicRef", o.Str("$dynamicRef"))
}

// dynamicRef resolves "#Anchor" the way JSON Schema 2020-12 does when
// validation starts at the root document: the root document's definition with
// "$dynamicAnchor": Anchor wins (that is how a downstream schema extends a
// union), else the referring document's own.
func (b *builder) dynamicRef(doc *document, ptr, ref string) (*Type, error) {
	anchor, ok := strings.CutPrefix(ref, "#")
	if !ok || anchor == "" || strings.Contains(anchor, "/") {
		return nil, errorf(b.pointer(doc, ptr), "unsupported $dynamicRef %q: only \"#Anchor\" is supported", ref)
	}
	for _, d := range []*document{b.root, doc} {
		top, _ := d.json.(*resolve.Object)
		if top == nil || top.Obj("$defs") == nil {
			continue
		}
		defs := top.Obj("$defs")
		for _, name := range defs.Keys {
			if defs.Obj(name) != nil && defs.Obj(name).Str("$dynamicAnchor") == anchor {
				return b.named(d, "#/$defs/"+jsonptr.Escape(name))
			}
		}
	}
	return nil, errorf(b.pointer(doc, ptr), "no definition has \"$dynamicAnchor\": %q", anchor)
}

func (b *builder) pointer(doc *document, ptr string) string {
	return doc.name + ptr
}

// named builds (once) the $defs entry at ptr of doc.
func (b *builder) named(doc *document, ptr string) (*Type, error) {
	key := doc.uri + ptr
	if t, ok := b.types[key]; ok {
		return t, nil
	}
	v, ok := valueAt(doc.json, ptr)
	if !ok {
		return nil, errorf(b.pointer(doc, ptr), "no such definition")
	}
	o, ok := v.(*resolve.Object)
	if !ok {
		return nil, errorf(b.pointer(doc, ptr), "a definition must be a schema object")
	}
	name := jsonptr.Unescape(ptr[strings.LastIndex(ptr, "/")+1:])
	for _, other := range b.order {
		if other.Name == name {
			return nil, errorf(b.pointer(doc, ptr), "two definitions are named %q (the other is %s)", name, other.Pointer)
		}
	}
	t := &Type{Name: name, Pointer: b.pointer(doc, ptr)}
	b.types[key] = t
	b.order = append(b.order, t)
	if err := b.fill(t, name, doc, ptr, o); err != nil {
		return nil, err
	}
	return t, nil
}

// holderOf is the named type that t is, or is inside of.
func (b *builder) holderOf(t *Type) *Type {
	if h, ok := b.holders[t]; ok {
		return h
	}
	return t
}

// besideRef lists the keywords a $ref may come with: annotations only. Any
// other (a constraint, a type) would have to hold as well, which a named
// type cannot say.
var besideRef = map[string]bool{
	"$ref": true, "description": true, "title": true, "deprecated": true, "$comment": true,
	"examples": true, "default": true, "readOnly": true, "writeOnly": true, "x-omnigen": true,
}

// supported lists the keywords the model understands; any other keyword is
// an error rather than silently ignored.
var supported = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$ref": true, "$comment": true, "$dynamicAnchor": true,
	"title": true, "description": true, "deprecated": true, "examples": true, "default": true,
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"enum": true, "const": true, "oneOf": true, "allOf": true, "items": true,
	"pattern": true, "format": true, "minLength": true, "maxLength": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minItems": true, "maxItems": true, "readOnly": true, "writeOnly": true,
	"x-omnigen": true,
}

// fill builds t from the schema object o found at ptr.
func (b *builder) fill(t *Type, base string, doc *document, ptr string, o *resolve.Object) error {
	b.located = append(b.located, located{t, doc, ptr})
	for _, k := range o.Keys {
		if !supported[k] && !strings.HasPrefix(k, "x-") {
			return errorf(b.pointer(doc, ptr+"/"+jsonptr.Escape(k)), "unsupported keyword %q", k)
		}
	}
	t.Description = o.Str("description")
	t.Deprecated, _ = o.Values["deprecated"].(bool)
	if ann := o.Obj("x-omnigen"); ann != nil {
		b.pending = append(b.pending, pendingAnnotation{t: t, doc: doc, ptr: ptr, ann: ann})
	}
	if err := b.constraints(&t.Constraints, doc, ptr, o); err != nil {
		return err
	}
	if ref := o.Str("$ref"); ref != "" {
		return errorf(b.pointer(doc, ptr+"/$ref"), "a definition that is only a $ref (an alias) is not supported")
	}
	if members := o.Arr("oneOf"); members != nil {
		return b.union(t, doc, ptr, members)
	}
	if vals := o.Arr("enum"); vals != nil {
		t.Kind = KindEnum
		for i, v := range vals {
			s, ok := v.(string)
			if !ok {
				return errorf(b.pointer(doc, fmt.Sprintf("%s/enum/%d", ptr, i)), "only string enums are supported")
			}
			t.Values = append(t.Values, s)
		}
		return nil
	}
	types, nullable, err := typeList(o.Values["type"])
	if err != nil {
		return errorf(b.pointer(doc, ptr+"/type"), "%v", err)
	}
	if nullable {
		return errorf(b.pointer(doc, ptr+"/type"), "a nullable definition is not supported; make the property nullable instead")
	}
	switch {
	case len(types) > 1:
		for _, s := range types {
			if s == "object" || s == "array" {
				return errorf(b.pointer(doc, ptr+"/type"), "a union of types may hold only scalars, not %s", s)
			}
		}
		t.Kind = KindScalarUnion
		t.Scalars = types
	case len(types) == 0:
		if o.Has("properties") {
			return b.object(t, doc, ptr, o)
		}
		t.Kind = KindRaw
	case types[0] == "object":
		if !o.Has("properties") {
			t.Kind, t.RawType = KindRaw, "object"
			return nil
		}
		return b.object(t, doc, ptr, o)
	case types[0] == "array":
		t.Kind = KindArray
		items := o.Obj("items")
		if items == nil {
			return errorf(b.pointer(doc, ptr), "an array needs an items schema")
		}
		if _, nullable, _ := typeList(items.Values["type"]); nullable {
			return errorf(b.pointer(doc, ptr+"/items/type"), "nullable array items are not supported")
		}
		it, err := b.inline(b.holderOf(t), base+"Item", doc, ptr+"/items", items)
		if err != nil {
			return err
		}
		t.Items = it
	case types[0] == "string":
		t.Kind = KindString
	case types[0] == "integer":
		t.Kind = KindInteger
	case types[0] == "number":
		t.Kind = KindNumber
	case types[0] == "boolean":
		t.Kind = KindBoolean
	}
	return nil
}

func (b *builder) object(t *Type, doc *document, ptr string, o *resolve.Object) error {
	t.Kind = KindObject
	if ap, ok := o.Values["additionalProperties"]; ok {
		closed, isBool := ap.(bool)
		if !isBool {
			return errorf(b.pointer(doc, ptr+"/additionalProperties"), "additionalProperties must be true or false; maps are not supported")
		}
		t.Closed = !closed
	}
	required := map[string]bool{}
	for i, r := range o.Arr("required") {
		name, ok := r.(string)
		if !ok {
			return errorf(b.pointer(doc, fmt.Sprintf("%s/required/%d", ptr, i)), "required must list strings")
		}
		required[name] = true
	}
	props := o.Obj("properties")
	if props == nil {
		return errorf(b.pointer(doc, ptr+"/properties"), "properties must be an object")
	}
	for _, name := range props.Keys {
		fptr := ptr + "/properties/" + jsonptr.Escape(name)
		fo, ok := props.Values[name].(*resolve.Object)
		if !ok {
			return errorf(b.pointer(doc, fptr), "a property must be a schema object")
		}
		f, err := b.field(t, doc, fptr, name, fo)
		if err != nil {
			return err
		}
		f.Required = required[name]
		delete(required, name)
		t.Fields = append(t.Fields, f)
	}
	if len(required) > 0 {
		missing := make([]string, 0, len(required))
		for name := range required {
			missing = append(missing, name)
		}
		sort.Strings(missing)
		return errorf(b.pointer(doc, ptr+"/required"), "required names %q, which is not among the properties", missing[0])
	}
	t.Tag = firstTag(t)
	if all := o.Arr("allOf"); all != nil {
		return b.selects(t, doc, ptr+"/allOf", all)
	}
	return nil
}

func (b *builder) field(holder *Type, doc *document, ptr, name string, o *resolve.Object) (*Field, error) {
	f := &Field{Name: name, Description: o.Str("description")}
	f.Deprecated, _ = o.Values["deprecated"].(bool)
	if ann := o.Obj("x-omnigen"); ann != nil {
		for _, k := range ann.Keys {
			switch k {
			case "names":
				f.Names = stringMap(ann.Obj(k))
			case "union":
				// Resolved by Build once every type exists.
				b.unionFields = append(b.unionFields, unionField{field: f, doc: doc, ptr: b.pointer(doc, ptr+"/x-omnigen/union"), name: ann.Str(k)})
			default:
				return nil, errorf(b.pointer(doc, ptr+"/x-omnigen/"+jsonptr.Escape(k)), "unknown x-omnigen key %q on a property", k)
			}
		}
	}
	if c, ok := o.Values["const"]; ok {
		s, ok := c.(string)
		if !ok {
			return nil, errorf(b.pointer(doc, ptr+"/const"), "only string consts are supported")
		}
		f.Const = &s
		f.Type = &Type{Kind: KindString}
		return f, nil
	}
	_, nullable, err := typeList(o.Values["type"])
	if err != nil {
		return nil, errorf(b.pointer(doc, ptr+"/type"), "%v", err)
	}
	f.Nullable = nullable
	t, err := b.inline(holder, holder.Name+Pascal(name), doc, ptr, o)
	if err != nil {
		return nil, err
	}
	f.Type = t
	return f, nil
}

// inline builds the type of a property or array item: a $ref, an anonymous
// scalar or array, or a synthesized named object, enum or union.
func (b *builder) inline(holder *Type, name string, doc *document, ptr string, o *resolve.Object) (*Type, error) {
	if ref := o.Str("$ref"); ref != "" {
		for _, k := range o.Keys {
			if !besideRef[k] {
				return nil, errorf(b.pointer(doc, ptr+"/"+jsonptr.Escape(k)), "%q beside $ref is not supported: it would be ignored", k)
			}
		}
		return b.ref(doc, ptr+"/$ref", ref)
	}
	types, _, err := typeList(o.Values["type"])
	if err != nil {
		return nil, errorf(b.pointer(doc, ptr+"/type"), "%v", err)
	}
	synthesize := o.Has("enum") || o.Has("oneOf") || o.Has("properties")
	t := &Type{Pointer: b.pointer(doc, ptr)}
	b.holders[t] = holder
	if synthesize {
		t.Name, t.Synthetic = name, true
		for _, other := range b.order {
			if other.Name == t.Name {
				return nil, errorf(b.pointer(doc, ptr), "the inline type would be named %q, which is taken; move it to $defs", t.Name)
			}
		}
		b.order = append(b.order, t)
	}
	// The property's own x-omnigen belongs to the field, not to its type.
	o = without(o, "x-omnigen")
	// A nullable scalar is the scalar with Field.Nullable set.
	if len(types) == 1 && !o.Has("enum") {
		if err := b.fill(t, name, doc, ptr, withType(o, types[0])); err != nil {
			return nil, err
		}
	} else if err := b.fill(t, name, doc, ptr, o); err != nil {
		return nil, err
	}
	t.Description = "" // the property's description documents the field
	if synthesize {
		t.Description = o.Str("description")
	}
	return t, nil
}

func (b *builder) union(t *Type, doc *document, ptr string, members []any) error {
	t.Kind = KindUnion
	for i, m := range members {
		mptr := fmt.Sprintf("%s/oneOf/%d", ptr, i)
		mo, ok := m.(*resolve.Object)
		if !ok || (mo.Str("$ref") == "" && mo.Str("$dynamicRef") == "") {
			return errorf(b.pointer(doc, mptr), "a oneOf member must be a $ref to a definition")
		}
		mt, err := b.anyRef(doc, mptr, mo)
		if err != nil {
			return err
		}
		t.Members = append(t.Members, mt)
		mt.Unions = append(mt.Unions, t)
	}
	return nil
}

// selects reads an allOf of if/then pairs of the form
// {"if": {"properties": {K: {"const": V}}, "required": [K]},
//
//	"then": {"properties": {F: {"$ref": T}}}}.
func (b *builder) selects(t *Type, doc *document, ptr string, all []any) error {
	sel := &Select{}
	for i, item := range all {
		iptr := fmt.Sprintf("%s/%d", ptr, i)
		io, _ := item.(*resolve.Object)
		if io == nil || io.Obj("if") == nil || io.Obj("then") == nil || len(io.Keys) != 2 {
			return errorf(b.pointer(doc, iptr), "allOf is supported only as if/then pairs that choose a property's type by another's const")
		}
		byName, value, ok := singleConst(io.Obj("if"))
		if !ok {
			return errorf(b.pointer(doc, iptr+"/if"), "if must test one required property against a const string")
		}
		thenProps := io.Obj("then").Obj("properties")
		if thenProps == nil || len(thenProps.Keys) != 1 || len(io.Obj("then").Keys) != 1 {
			return errorf(b.pointer(doc, iptr+"/then"), "then must give exactly one property a $ref")
		}
		fieldName := thenProps.Keys[0]
		refObj := thenProps.Obj(fieldName)
		if refObj == nil || (refObj.Str("$ref") == "" && refObj.Str("$dynamicRef") == "") {
			return errorf(b.pointer(doc, iptr+"/then"), "then must give exactly one property a $ref")
		}
		ct, err := b.anyRef(doc, iptr+"/then/properties/"+jsonptr.Escape(fieldName), refObj)
		if err != nil {
			return err
		}
		by, field := t.Field(byName), t.Field(fieldName)
		if by == nil || field == nil {
			return errorf(b.pointer(doc, iptr), "if/then name properties %q and %q, which the object does not declare", byName, fieldName)
		}
		if (sel.By != nil && sel.By != by) || (sel.Field != nil && sel.Field != field) {
			return errorf(b.pointer(doc, iptr), "every if/then must test the same property and type the same property")
		}
		sel.By, sel.Field = by, field
		sel.Cases = append(sel.Cases, &Case{Value: value, Type: ct})
	}
	t.Select = sel
	return nil
}

func singleConst(o *resolve.Object) (string, string, bool) {
	props := o.Obj("properties")
	if props == nil || len(props.Keys) != 1 {
		return "", "", false
	}
	name := props.Keys[0]
	c, ok := props.Obj(name).Values["const"].(string)
	if !ok {
		return "", "", false
	}
	req := o.Arr("required")
	if len(req) != 1 || req[0] != name {
		return "", "", false
	}
	return name, c, true
}

func (b *builder) constraints(c *Constraints, doc *document, ptr string, o *resolve.Object) error {
	switch bad := readConstraints(c, o); bad {
	case "":
		return nil
	case "minLength", "maxLength", "minItems", "maxItems":
		return errorf(b.pointer(doc, ptr+"/"+bad), "%s must be a non-negative integer", bad)
	default:
		return errorf(b.pointer(doc, ptr+"/"+bad), "%s must be a number", bad)
	}
}

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

// withType returns o with its "type" narrowed to one non-null type.
func withType(o *resolve.Object, typ string) *resolve.Object {
	c := &resolve.Object{Keys: o.Keys, Values: make(map[string]any, len(o.Values))}
	for k, v := range o.Values {
		c.Values[k] = v
	}
	c.Values["type"] = typ
	return c
}

// without returns o less one key.
func without(o *resolve.Object, key string) *resolve.Object {
	if !o.Has(key) {
		return o
	}
	c := &resolve.Object{Values: make(map[string]any, len(o.Values))}
	for _, k := range o.Keys {
		if k != key {
			c.Keys = append(c.Keys, k)
			c.Values[k] = o.Values[k]
		}
	}
	return c
}

func valueAt(root any, ptr string) (any, bool) {
	v := root
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "#"), "/")[1:] {
		o, ok := v.(*resolve.Object)
		if !ok {
			return nil, false
		}
		if v, ok = o.Values[jsonptr.Unescape(tok)]; !ok {
			return nil, false
		}
	}
	return v, true
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
