package model

import (
	"slices"

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
// are attached to the types (annotateShaped). Everything else of the
// dialect's view (dialect.go) is still its own.

// dialectChoices makes the dialect's choices of every type shaped.
func (sh *shaper) dialectChoices() {
	for _, t := range sh.all {
		sh.dialectChoice(t)
	}
}

// dialectChoice makes the dialect's choice of type t, once it is shaped
// (its unions merged): the dialect's view calls it again on a type it
// shapes later.
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
// dialect to its shaped types, as the dialect's view attaches them to its
// own (annotate.go), in the order the dialect's view meets the types:
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
	// the dialect's view records them: a guard takes a value of the first
	// (Polygon's guard a Shape).
	for _, t := range order {
		if t.Kind == KindUnion {
			for _, m := range t.Members {
				m.Unions = append(m.Unions, t)
			}
		}
	}
	b := &builder{docs: map[*resolve.Document]*document{}}
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
