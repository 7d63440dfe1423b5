package model

import (
	"slices"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// The dialect's choices of types, made by the shaper for a schema in the
// dialect (CompileOptions.DialectTypes) so that its types are the ones the
// dialect's packages have always had, whichever path types them:
//
//   - a union of scalar JSON types that "type" lists is one value that
//     keeps which type it has (KindScalarUnion: ModelContextWindow's
//     Type, Number and String), not a union of a member per type;
//   - an object that declares no property is the JSON text of an object
//     (KindRaw, RawType "object": Fidelity, a tool's parameters), not a
//     map; one that declares "properties": {} is an object of no field;
//   - a type made of an inline schema is named for its holder and its
//     property (ListingHeaders), an array's items for the array followed by
//     Item (ChecklistItemsItem): names.go, shaper.dialect;
//   - a union with a member that is a union of its own definition keeps
//     it (Tender = Payment | Cash, not Card | Transfer | Cash), its
//     members tried with their checks (shaper.unions), and each member
//     knows the unions it is in (Type.Unions, for the guards).
//
// Every definition of the root document is typed, reached or not, and
// the x-omnigen annotations (builders, guards, the envelope, aggregates)
// are attached to the types (annotateShaped), and the types are listed in
// definition order (inDefinitionOrder).

// dialectChoices makes the dialect's choices of every type shaped.
func (sh *shaper) dialectChoices() {
	for _, t := range sh.all {
		sh.dialectChoice(t)
	}
}

// dialectChoice makes the dialect's choice of type t, once it is shaped
// (its unions merged).
func (sh *shaper) dialectChoice(t *Type) {
	switch t.Kind {
	case KindUnion:
		if scalars := sh.scalarTypes(t); scalars != nil {
			t.Kind, t.Scalars, t.Members, t.Exclusive = KindScalarUnion, scalars, nil, false
		}
	case KindMap:
		t.Elem = nil
		if o := sh.schemaOf[t].Object(); o != nil && o.Has("properties") {
			t.Kind, t.Defined = KindObject, true
			t.Closed = o.Values["additionalProperties"] == false
			return
		}
		t.Kind, t.RawType = KindRaw, "object"
	}
}

// scalarTypes are the JSON types of union t when it is one of scalar
// types that its schema's "type" lists ("number" standing for "integer"
// too), nil when it is another union.
func (sh *shaper) scalarTypes(t *Type) []string {
	o := sh.schemaOf[t].Object()
	if t.By != ByKind || o == nil || o.Has("anyOf") {
		return nil
	}
	for _, m := range t.Members {
		switch m.Kind {
		case KindString, KindInteger, KindNumber, KindBoolean:
		default:
			return nil
		}
	}
	types, _, err := typeList(o.Values["type"])
	if err != nil || len(types) == 0 {
		return nil
	}
	if slices.Contains(types, "number") {
		// Every integer is a number.
		types = slices.DeleteFunc(types, func(s string) bool { return s == "integer" })
	}
	return types
}

// inDefinitionOrder orders the types of a schema in the dialect as its
// author wrote them (Schema.Types): the definitions of the root document
// in their order, each followed by the types made of its inline schemas,
// then the types of other documents, each group in the order the shaper
// made them. The root, when it is no definition, comes first.
func (sh *shaper) inDefinitionOrder(types []*Type, defs []*resolve.Schema) []*Type {
	rank := map[*resolve.Schema]int{}
	for i, def := range defs {
		rank[def] = i
	}
	for i, def := range defs {
		// A definition that is only a $ref is the type it names.
		if _, ok := rank[sh.deref(def)]; !ok {
			rank[sh.deref(def)] = i
		}
	}
	of := func(t *Type) int {
		for sh.holders[t] != nil {
			t = sh.holders[t]
		}
		at := sh.schemaOf[t]
		if r, ok := rank[at]; ok {
			return r
		}
		if at != nil && at.Ptr == "" && at.Doc == sh.rootResource.Doc {
			return -1
		}
		return len(defs)
	}
	out := slices.Clone(types)
	slices.SortStableFunc(out, func(a, b *Type) int { return of(a) - of(b) })
	return out
}

// unreachedDefinitions types each of defs, definitions of the root
// document, that nothing has typed: the dialect has a type of every
// definition, reached or not (a builder may be on one the root does not
// reach). One typed already, if only within the kinds a property allows
// (the union an x-omnigen "union" names), keeps that type alone.
func (sh *shaper) unreachedDefinitions(defs []*resolve.Schema) {
	typed := map[*resolve.Schema]bool{}
	for key := range sh.types {
		typed[key.s] = true
	}
	for _, def := range defs {
		if !typed[sh.deref(def)] {
			sh.typeOf(def, hint{short: ownName(def)})
		}
	}
}

// annotateShaped attaches the x-omnigen annotations of a schema in the
// dialect to its shaped types (annotate.go), in the order a reader meets
// the types:
// from each definition of the root document (defs) in turn, depth first,
// a type before what it holds.
func annotateShaped(s *Schema, sh *shaper, defs []*resolve.Schema) error {
	var order []*Type
	seen := map[*Type]bool{}
	var visit func(t *Type)
	visit = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Name != "" {
			order = append(order, t)
		}
		for _, f := range t.Fields {
			visit(f.Type)
		}
		if t.Select != nil {
			for _, c := range t.Select.Cases {
				visit(c.Type)
			}
		}
		for _, m := range t.Members {
			visit(m)
		}
		visit(t.Items)
		visit(t.Elem)
	}
	for _, def := range defs {
		visit(sh.typeOf(def, hint{}))
	}
	visit(s.Root)
	for _, t := range s.Types {
		visit(t)
	}
	// Each member knows the unions it is a member of, in that order, as
	// a reader meets them: a guard takes a value of the first
	// (Polygon's guard a Shape).
	for _, t := range order {
		if t.Kind == KindUnion {
			for _, m := range t.Members {
				m.Unions = append(m.Unions, t)
			}
		}
	}
	b := &builder{docs: map[*resolve.Document]*document{}}
	if err := lintAnnotations(sh, b, defs); err != nil {
		return err
	}
	for _, t := range order {
		// A definition's, or a document's: an inline schema's x-omnigen
		// says what its property is (a "union"), not what its type is.
		at := sh.schemaOf[t]
		if at == nil || !isDefinition(at) && at.Ptr != "" {
			continue
		}
		if ann := at.Object().Obj("x-omnigen"); ann != nil {
			b.pending = append(b.pending, pendingAnnotation{t: t, doc: b.document(at.Doc), ptr: "#" + at.Ptr, ann: ann})
		}
	}
	return b.annotate(s)
}

// lintAnnotations refuses an x-omnigen annotation that cannot mean what it
// says where it stands: on a definition that is another's type (only a
// $ref, or a oneOf of one member), which would be lost; a key a
// property's x-omnigen does not know; a "union" that names no union
// definition.
func lintAnnotations(sh *shaper, b *builder, defs []*resolve.Schema) error {
	at := func(s *resolve.Schema, rel string) string {
		return b.pointer(b.document(s.Doc), "#"+s.Ptr+"/"+rel)
	}
	for _, def := range defs {
		o := def.Object()
		if o == nil {
			continue
		}
		if o.Has("x-omnigen") && sh.deref(def) != def {
			return errorf(at(def, "x-omnigen"), "a definition that is another's type (only a $ref, or a oneOf of one member) is the type it names: give that type its x-omnigen")
		}
		props := o.Obj("properties")
		if props == nil {
			continue
		}
		for _, name := range props.Keys {
			ps := sh.sub(def, "properties/"+jsonptr.Escape(name))
			ann := ps.Object().Obj("x-omnigen")
			if ann == nil {
				continue
			}
			for _, k := range ann.Keys {
				if k != "names" && k != "union" {
					return errorf(at(ps, "x-omnigen/"+jsonptr.Escape(k)), "unknown x-omnigen key %q on a property", k)
				}
			}
			if ann.Has("union") {
				union := ann.Str("union")
				u := sh.unionNamed(ps, union)
				if union == "" || u == nil || sh.typeOf(u, hint{}).Kind != KindUnion {
					return errorf(at(ps, "x-omnigen/union"), "must name a union definition, got %q", union)
				}
			}
		}
	}
	return nil
}
