package model

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// The dialect's model is the shaper's: a schema in omnigen's dialect is
// compiled and shaped as any schema is (with the dialect's rule of
// integers and its choices of types: shapes_dialect.go), then held as the
// dialect's emitters hold it (dialectView), and its x-omnigen annotations
// are attached to the types (annotate.go). Where the dialect's view holds
// a type otherwise than the shaper, the choice is made here, in one place:
//
//   - a nullable property is the field's Nullable, not a nullable type;
//   - a type made of an inline schema is named for where it stands:
//     its definition's name, then each property's (BranchAddressGeo),
//     "Item" for an array's items.
//
// What the dialect's types do not hold (a map, a tuple, a nullable
// definition, keywords beside a $ref, a union with a member that is not an
// object…) is JSON text, checked by the program, with a note at its
// pointer (dialect_lint.go says which); a definition that is only a $ref
// is the type it names.

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
	return BuildWith(data, path, LoadOptions{})
}

// BuildWith is Build reading documents as opts says (RefMap, Schemas):
// the dialect's model of any schema, whether or not it asks for the
// dialect (Load gives it only to one that does). Tests of the dialect's
// codecs use it on schemas that do not.
func BuildWith(data []byte, path string, opts LoadOptions) (*Schema, error) {
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
	o := top.Object()
	if o == nil {
		return nil, errorf("#", "a schema document must be an object")
	}
	v := &dialectView{set: set, top: top, b: &builder{docs: map[*resolve.Document]*document{}}, dropped: map[*Field]bool{}}
	c := newCompiler(set, CompileOptions{ExactIntegers: true, Formats: opts.Formats})
	sh := newShaper(c)
	sh.rootResource = top.Resource
	sh.reachedOnly = true
	v.sh = sh
	var root *resolve.Schema
	if _, ok := o.Values["$ref"].(string); o.Has("$ref") && !ok {
		// As the compiler says it of any schema's $ref.
		return nil, asModelError(top.Errorf("$ref", "must be a string"))
	}
	if ref := o.Str("$ref"); ref != "" {
		if err := v.lintRoot(top, o); err != nil {
			return nil, err
		}
		root = v.target(top)
		r := RootSchema{Schema: top, Name: defName(root)}
		if err := c.findAnchors([]RootSchema{r}); err != nil {
			return nil, asModelError(err)
		}
		c.prog.Roots = []*Check{c.rootCheck(r)}
		if err := c.finish(); err != nil {
			return nil, asModelError(err)
		}
		sh.typeOf(root, hint{short: defName(root)})
	}
	// Every definition of the root document is a type, reached or not.
	for _, def := range v.definitions(top) {
		if _, err := v.lint(def, atDefinition); err != nil {
			return nil, err
		}
		sh.typeOf(def, hint{short: defName(def)})
	}
	sh.unions()
	sh.tags()
	sh.dialectChoices()
	if err := sh.link(); err != nil {
		return nil, asModelError(err)
	}
	s := &Schema{ID: o.Str("$id"), Title: o.Str("title"), Description: o.Str("description")}
	if root != nil {
		s.Checks = c.prog
	}
	v.checked = root != nil
	if err := v.hold(s, root); err != nil {
		return nil, err
	}
	discriminate(s)
	v.dropSelects()
	v.unpicked()
	s.Notes = v.notes
	if err := v.b.annotate(s); err != nil {
		return nil, err
	}
	s.shaped = sync.OnceValues(func() (*Schema, error) { return general(data, name, opts, true) })
	return s, nil
}

// dialectView holds the shaper's types of a schema in the dialect as the
// dialect's emitters hold them.
type dialectView struct {
	set *resolve.Set
	top *resolve.Schema
	sh  *shaper
	b   *builder
	// order lists the dialect's named types in the order the dialect
	// meets them: definitions of the root document first, each
	// definition's properties, items, members and cases depth first.
	order []*Type
	// holders maps a type made of an inline schema to its definition.
	holders map[*Type]*Type
	// names are the named types by name, for the clashes; reserved are
	// the names of the root document's definitions.
	names    map[string]*Type
	reserved map[string]bool
	// schemas are the locations the dialect's types stand for.
	schemas map[*Type]*resolve.Schema
	// defs are the dialect's types of the definitions, and of the inline
	// schemas that are named types.
	defs map[*resolve.Schema]*Type
	// lc compiles the keywords that lint looks at; linted are the
	// definitions it has seen, and what the types do not hold of them.
	lc     *compiler
	linted map[*resolve.Schema]string
	// checked says that the types have checks: the schema has a root.
	checked bool
	// unionFields are the properties that an x-omnigen "union" types,
	// typed once every definition is.
	unionFields []typedByUnion
	// dropped are the properties whose if/then dropSelects left as checks.
	dropped map[*Field]bool
	// notes say which values the types keep as JSON text (raw).
	notes []string
}

// typedByUnion is a property that an x-omnigen "union" types; own is
// the type its schema gives it, an object kept as JSON text.
type typedByUnion struct {
	f    *Field
	at   *resolve.Schema
	name string
	own  *Type
}

// definitions are the root document's $defs entries, then its
// definitions entries, in order.
func (v *dialectView) definitions(top *resolve.Schema) []*resolve.Schema {
	return definitions(v.set, top)
}

// pointer is where a schema stands, as the dialect's errors and types
// name it: the root document's locations as "#/…", another document's
// prefixed by its file name, the canonical schema's by canonical.FileName.
func (v *dialectView) pointer(s *resolve.Schema) string {
	return v.docName(s.Doc) + "#" + s.Ptr
}

func (v *dialectView) docName(d *resolve.Document) string {
	return v.b.document(d).name
}

// hold makes the dialect's types of the shaped ones: s.Types, and s.Root,
// the type of location root (nil: the schema has none).
func (v *dialectView) hold(s *Schema, root *resolve.Schema) error {
	v.holders, v.names, v.schemas = map[*Type]*Type{}, map[string]*Type{}, map[*Type]*resolve.Schema{}
	v.defs, v.reserved = map[*resolve.Schema]*Type{}, map[string]bool{}
	for _, def := range v.definitions(v.top) {
		v.reserved[defName(def)] = true // an inline type's name gives way
	}
	for _, def := range v.definitions(v.top) {
		if _, err := v.typeAt(def, nil, ""); err != nil {
			return err
		}
	}
	if root != nil {
		name := rootName(v.top, v.top.Doc.URI, "")
		rt, err := v.typeAt(root, nil, name)
		if err != nil {
			return err
		}
		// The type of a location that is no definition (a property of
		// one, say) is a type of its own, named as a root is: its title
		// or its file's name.
		if rt.Name == "" {
			rt.Name = v.freeName(name)
			v.names[rt.Name] = rt
			v.order = append(v.order, rt)
		}
		if v.holders[rt] == nil {
			rt.Synthetic = false // placed as the definitions are (sorted)
		}
		s.Root = rt
	}
	for i, u := range v.unionFields {
		v.unionFields[i].own = u.f.Type
		if err := v.union(u.f, u.at, u.name); err != nil {
			return err
		}
	}
	v.textUnions()
	s.Types = v.sorted()
	for _, t := range s.Types {
		t.Defined = true // each has its name, as a definition has
	}
	// The annotations of the definitions, in the order met.
	for _, t := range v.order {
		if at := v.schemas[t]; !t.Synthetic && at != nil {
			if ann := at.Object().Obj("x-omnigen"); ann != nil {
				doc := v.b.document(at.Doc)
				v.b.pending = append(v.b.pending, pendingAnnotation{t: t, doc: doc, ptr: "#" + at.Ptr, ann: ann})
			}
		}
	}
	return nil
}

// typeAt is the dialect's type of schema location at, met in holder (a
// definition) where an inline type is named name.
func (v *dialectView) typeAt(at *resolve.Schema, holder *Type, name string) (*Type, error) {
	loc := v.target(at)
	return v.convert(loc, v.shaped(loc), holder, name)
}

// shaped is the shaper's type of location s, with the dialect's choices
// made of it and of what it holds if null (shapes_dialect.go): a type
// shaped after BuildWith made them of every other.
func (v *dialectView) shaped(s *resolve.Schema) *Type {
	t := v.sh.typeOf(s, hint{})
	v.sh.dialectChoice(t)
	if t.Kind == KindNullable {
		v.sh.dialectChoice(t.Elem)
	}
	return t
}

// target is the location a reference leads to, through every reference:
// the definition a $ref names; s itself when it is no reference.
func (v *dialectView) target(s *resolve.Schema) *resolve.Schema {
	for range 64 {
		kw, ref := refOf(s)
		if kw == "" {
			return s
		}
		t := v.sh.follow(s, kw, ref)
		if t == nil {
			return s
		}
		s = t
	}
	return s
}

// convert is the dialect's type of location s, whose shaped type is st.
func (v *dialectView) convert(s *resolve.Schema, st *Type, holder *Type, name string) (*Type, error) {
	if t := v.defs[s]; t != nil {
		return t, nil
	}
	o := s.Object()
	t := &Type{Pointer: v.pointer(s), Kind: st.Kind, Description: st.Description, Deprecated: st.Deprecated,
		Values: st.Values, Constraints: st.Constraints}
	if v.checked {
		t.Check = v.sh.c.prog.at[s]
	}
	unheld := ""
	switch {
	case isDefinition(s) || s.Ptr == "" && s.Doc != v.top.Doc:
		why, err := v.lint(s, atDefinition)
		if err != nil {
			return nil, err
		}
		unheld = why
		// A definition has one type wherever it is met: a nullable one is
		// JSON text, not the type a nullable property makes of it.
		if own := v.shaped(s); own.Kind == KindNullable {
			st = own
		}
		// One of another document, or in a definition's $defs, is
		// numbered where the root document's has its name.
		if t.Name = defName(s); s.Ptr == "" {
			t.Name = rootName(s, s.Doc.URI, "") // another document: its title, or its file's name
		}
		if v.names[t.Name] != nil {
			t.Name = v.freeName(t.Name)
		}
		v.names[t.Name] = t
		v.defs[s] = t
		holder = t
	case st.Kind == KindEnum || o != nil && (o.Has("enum") || o.Has("oneOf") || o.Has("properties")):
		t.Name, t.Synthetic = v.freeName(name), true
		v.names[t.Name] = t
		v.defs[s] = t // met again only by the root's $ref
		v.holders[t] = holder
	default:
		// The property's description documents the field.
		t.Description = ""
	}
	v.schemas[t] = s
	if t.Name != "" {
		v.order = append(v.order, t)
	}
	if unheld != "" {
		v.asText(t, unheld)
		return t, nil
	}
	base := cmp.Or(t.Name, name)
	if o != nil && o.Has("oneOf") {
		// A union of the definitions its members name, as the schema
		// lists them: one member is a union too.
		t.Kind = KindUnion
		t.Description = o.Str("description")
		members := o.Arr("oneOf")
		for i := range members {
			// An inline member is named as the shaper names it (its tag
			// after the union's name: PaymentCard), else by its place.
			mname := fmt.Sprintf("%sMember%d", base, i+1)
			if st.Kind == KindUnion && len(st.Members) == len(members) {
				switch m := st.Members[i]; {
				case v.sh.parts[m]:
					mname = base + v.sh.hints[m]
				case v.sh.hints[m] != "":
					mname = v.sh.hints[m]
				}
			}
			m, err := v.typeAt(v.set.Sub(s, fmt.Sprintf("oneOf/%d", i)), holder, mname)
			if err != nil {
				return nil, err
			}
			t.Members = append(t.Members, m)
			m.Unions = append(m.Unions, t)
		}
		return t, nil
	}
	switch st.Kind {
	case KindObject:
		if !isObject(o) {
			// An object the shaper makes of allOf or anyOf parts: the
			// dialect types the properties an object declares itself.
			v.raw(t, st)
			break
		}
		t.Closed = st.Closed
		for _, sf := range st.Fields {
			if !o.Obj("properties").Has(sf.Name) {
				continue // a part's, not the object's: kept as a member
			}
			f, err := v.field(sf, s, holder, base)
			if err != nil {
				return nil, err
			}
			t.Fields = append(t.Fields, f)
		}
		t.Tag = firstTag(t)
		if v.isSelect(s, o) {
			if err := v.selects(t, s, len(o.Arr("allOf"))); err != nil {
				return nil, err
			}
		}
	case KindArray:
		items := v.sh.sub(s, "items")
		if items == nil {
			t.Items = &Type{Kind: KindRaw}
			break
		}
		why, err := v.lint(items, atItems)
		if err != nil {
			return nil, err
		}
		if why != "" {
			t.Items = v.textAt(items, why)
			break
		}
		it, err := v.typeAt(items, holder, base+"Item")
		if err != nil {
			return nil, err
		}
		t.Items = it
	case KindScalarUnion:
		t.Scalars = st.Scalars
	case KindRaw:
		t.RawType = st.RawType
	case KindString, KindInteger, KindNumber, KindBoolean, KindEnum:
	default:
		v.raw(t, st)
	}
	return t, nil
}

// raw makes t, whose shaped type st the dialect's emitters do not render
// (a tuple, a union by kind, an enum of numbers, a nullable definition, an
// object of parts), JSON text: it keeps the value as written, and the
// program checks it (every rule of JSON text is the program's).
func (v *dialectView) raw(t, st *Type) {
	what := map[Kind]string{KindTuple: "a tuple", KindNullable: "a nullable item", KindUnion: "a value of several JSON types",
		KindScalarUnion: "a nullable value of several types", KindObject: "an object made of parts", KindLiteral: "an enum or const of other than strings"}[st.Kind]
	if st.Kind == KindNullable && t.Name != "" {
		what = "a nullable definition"
	}
	v.asText(t, cmp.Or(what, "a value of this shape"))
	if st.Kind == KindNullable {
		t.Description = cmp.Or(t.Description, st.Elem.Description)
	}
}

// textUnions makes JSON text of every union with a member that is neither
// an object nor a union, until none is left: a union of such unions is
// one too.
func (v *dialectView) textUnions() {
	for again := true; again; {
		again = false
		for _, t := range v.order {
			i := slices.IndexFunc(t.Members, func(m *Type) bool { return m.Kind != KindObject && m.Kind != KindUnion })
			if t.Kind != KindUnion || i < 0 {
				continue
			}
			v.asText(t, fmt.Sprintf("a union whose member %s is not an object", cmp.Or(t.Members[i].Name, t.Members[i].Pointer)))
			for _, m := range t.Members {
				m.Unions = slices.DeleteFunc(m.Unions, func(u *Type) bool { return u == t })
			}
			t.Members, again = nil, true
		}
	}
}

// asText makes t JSON text, with a note that the dialect's types do not
// hold what.
func (v *dialectView) asText(t *Type, what string) {
	v.notes = append(v.notes, fmt.Sprintf("%s: kept as JSON text in TypeScript, checked by the schema: the dialect's TypeScript types do not hold %s", t.Pointer, what))
	t.Kind, t.RawType, t.Values = KindRaw, "", nil
}

// textAt is the JSON text of schema location s, whose check is the
// program's, where the dialect's types do not hold what.
func (v *dialectView) textAt(s *resolve.Schema, what string) *Type {
	t := &Type{Pointer: v.pointer(s)}
	if v.checked {
		t.Check = v.sh.c.prog.at[s]
	}
	v.asText(t, what)
	return t
}

// freeName is name, numbered when a definition or another inline type
// has it.
func (v *dialectView) freeName(name string) string {
	free := name
	for i := 2; v.names[free] != nil || v.reserved[free]; i++ {
		free = fmt.Sprintf("%s%d", name, i)
	}
	return free
}

// field is the dialect's field of shaped field sf of the object at s.
func (v *dialectView) field(sf *Field, s *resolve.Schema, holder *Type, base string) (*Field, error) {
	f := &Field{Name: sf.Name, Description: sf.Description, Deprecated: sf.Deprecated, Required: sf.Required,
		Const: sf.Const, Names: sf.Names}
	ps := v.sh.sub(s, "properties/"+jsonptr.Escape(sf.Name))
	why, err := v.lint(ps, atProperty)
	switch {
	case err != nil:
		return nil, err
	case f.Const != nil:
		f.Type = &Type{Kind: KindString}
		return f, nil
	case why != "":
		f.Type = v.textAt(ps, why)
	default:
		if f.Type, err = v.fieldType(f, ps, holder, base+Pascal(sf.Name)); err != nil {
			return nil, err
		}
	}
	if ann := ps.Object().Obj("x-omnigen"); ann != nil && ann.Str("union") != "" {
		v.unionFields = append(v.unionFields, typedByUnion{f: f, at: ps, name: ann.Str("union")})
	}
	return f, nil
}

// fieldType is the type of field f, at ps, named name when it is a type
// of its own.
func (v *dialectView) fieldType(f *Field, ps *resolve.Schema, holder *Type, name string) (*Type, error) {
	loc := v.target(ps)
	st := v.shaped(loc)
	if st.Kind == KindNullable {
		f.Nullable, st = true, st.Elem
	}
	t, err := v.convert(loc, st, holder, name)
	switch {
	case err != nil:
		return nil, err
	case f.Nullable && t.Kind == KindScalarUnion && t.Name == "":
		// A value of several scalar types or null: JSON text.
		v.raw(t, t)
		t.Scalars = nil
	case f.Nullable && (t.Kind == KindUnion || t.Kind == KindScalarUnion):
		// The union is a definition's, which holds no null.
		return v.textAt(ps, "a nullable union"), nil
	}
	return t, nil
}

// union types f, at ps, by the union definition that the property's
// x-omnigen "union" names: a $defs entry of the property's document.
func (v *dialectView) union(f *Field, ps *resolve.Schema, name string) error {
	ptr := v.pointer(ps) + "/x-omnigen/union"
	def := v.set.Sub(v.set.Root(ps.Doc), "$defs/"+jsonptr.Escape(name))
	if def == nil {
		return errorf(ptr, "must name a union definition, got %q", name)
	}
	t, err := v.typeAt(def, nil, "")
	if err != nil {
		return err
	}
	if t.Kind != KindUnion {
		return errorf(ptr, "must name a union definition, got %q", name)
	}
	if f.Type.Kind != KindRaw || f.Type.RawType != "object" {
		return errorf(ptr, "a property typed by a union must itself say only \"type\": \"object\"")
	}
	f.Type = t
	return nil
}

// selects gives t, the object at s, the Select its allOf of if/then says
// (isSelect has checked its form).
func (v *dialectView) selects(t *Type, s *resolve.Schema, n int) error {
	sel := &Select{}
	for i := range n {
		item := v.set.Sub(s, fmt.Sprintf("allOf/%d", i))
		by, value, _ := singleConst(item.Object().Obj("if"))
		field := item.Object().Obj("then").Obj("properties").Keys[0]
		ct, err := v.typeAt(v.set.Sub(item, "then/properties/"+jsonptr.Escape(field)), t, "")
		if err != nil {
			return err
		}
		sel.By, sel.Field = t.Field(by), t.Field(field)
		sel.Cases = append(sel.Cases, &Case{Value: value, Type: ct})
	}
	t.Select = sel
	return nil
}

// dropSelects leaves as checks the if/then the dialect's codecs cannot
// choose a property's type by (Select.Problem): the property keeps its own
// type, and a note says why.
func (v *dialectView) dropSelects() {
	for _, t := range v.order {
		if t.Select == nil {
			continue
		}
		if why := t.Select.Problem(); why != "" {
			v.notes = append(v.notes, fmt.Sprintf("%s/allOf: the if/then are checks, not a choice of %q's type: %s", t.Pointer, t.Select.Field.Name, why))
			v.dropped[t.Select.Field] = true
			t.Select = nil
		}
	}
}

// unpicked gives back its own type to a property that an x-omnigen
// "union" types but that no if/then of its object picks the member of
// (none was written, or dropSelects left them as checks, with a note):
// its schema says only that it is an object, so that the union's checks
// would never run on it, and a value that is none of the members would be
// refused. It is JSON text, and a note says why.
func (v *dialectView) unpicked() {
	picked := map[*Field]bool{}
	for _, t := range v.order {
		if t.Select != nil {
			picked[t.Select.Field] = true
		}
	}
	for _, u := range v.unionFields {
		if picked[u.f] || u.f.Type == u.own {
			continue
		}
		u.f.Type = u.own
		if !v.dropped[u.f] {
			v.notes = append(v.notes, fmt.Sprintf("%s/x-omnigen/union: no if/then of its object picks the member of %q: it is JSON text, checked as an object", v.pointer(u.at), u.f.Name))
		}
	}
}

// sorted orders the dialect's types: the root document's definitions in
// $defs order, then other documents' in the order first met, each
// followed by the types made of its inline schemas.
func (v *dialectView) sorted() []*Type {
	var out []*Type
	placed := map[*Type]bool{}
	place := func(t *Type) {
		if placed[t] {
			return
		}
		placed[t] = true
		out = append(out, t)
		for _, c := range v.order {
			if c.Synthetic && v.holders[c] == t && !placed[c] {
				placed[c] = true
				out = append(out, c)
			}
		}
	}
	for _, def := range v.definitions(v.top) {
		if t := v.defs[def]; t != nil { // an alias has no type of its own
			place(t)
		}
	}
	for _, t := range v.order {
		if !t.Synthetic {
			place(t)
		}
	}
	return out
}
