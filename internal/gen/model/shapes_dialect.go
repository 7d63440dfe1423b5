package model

import "slices"

// The dialect's choices of types, made by the shaper for a schema in the
// dialect (CompileOptions.DialectTypes) so that its types are the ones the
// dialect's packages have always had, whichever path types them:
//
//   - a union of scalar JSON types that "type" lists is one value that
//     keeps which type it has (KindScalarUnion: ModelContextWindow's
//     Type, Number and String), not a union of a member per type;
//   - an object that declares no property is the JSON text of an object
//     (KindRaw, RawType "object": Fidelity, a tool's parameters), not a
//     map; one that declares "properties": {} is an object of no field.
//
// Everything else of the dialect's view (dialect.go) is still its own.

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
