package model

// A union whose members are all objects and that nothing tells apart but
// their checks (no const tag, one JSON kind) is held as one object, as a
// person would write it: a field per property any member declares,
// required where every member requires it. The union's check stays the
// type's check, so validation is exactly what the schema says; the type
// only has to hold every value a member accepts, so the members are one
// object only where that loses nothing:
//
//   - a property the members type alike is typed so; one they type as
//     scalars of one kind that differ only in their checks (a const, an
//     enum, a string) is that kind;
//   - a member that does not declare a property must not be able to hold
//     it otherwise: it is closed (additionalProperties false), or the type
//     of its undeclared members is the property's;
//   - the members undeclared by all are typed as every open member types
//     them, exact JSON otherwise; the object is closed when every member
//     is.
//
// Otherwise (a property two members type as two objects, as Backstage's
// entity kinds type spec; a property one open member leaves to any value)
// the shapes differ and the union stays a sum type, each member typed. So
// does a union whose members are all definitions of their own: the
// schema has named them, and so does the type.

// objects makes union u, whose members are all objects without a tag, one
// object of their properties, when the shapes allow it; it reports whether
// it did. The members it replaces are noted in merged.
func (sh *shaper) objects(u *Type, merged map[*Type]*Type) bool {
	named := true
	for _, m := range u.Members {
		if m.Kind != KindObject {
			return false
		}
		named = named && isDefinition(sh.schemaOf[m])
	}
	if named {
		// Definitions of their own (Circle, Square): a person writes the
		// union of them, as the schema names them.
		return false
	}
	if commonTag(u.Members) != "" {
		return false
	}
	if tag, _ := sh.c.memberTags(sh.trials[u]); tag != "" {
		return false
	}
	// The fields each property is declared by, in the order first met;
	// what the open members that do not declare one take it as.
	var names []string
	declared := map[string][]*Field{}
	open := map[string]int{}
	var extra []*Type
	for _, m := range u.Members {
		for _, f := range m.Fields {
			if declared[f.Name] == nil {
				names = append(names, f.Name)
			}
			declared[f.Name] = append(declared[f.Name], f)
			if !m.Closed {
				open[f.Name]++
			}
		}
		if !m.Closed {
			extra = append(extra, orRaw(m.Additional, m))
		}
	}
	var undeclared *Type
	if len(extra) > 0 {
		undeclared = sameType(extra)
	}
	var fields []*Field
	for _, name := range names {
		fs := declared[name]
		types := make([]*Type, 0, len(fs)+1)
		for _, f := range fs {
			types = append(types, f.Type)
		}
		if open[name] < len(extra) {
			// An open member takes it as a member it does not declare.
			if undeclared == nil {
				return false
			}
			types = append(types, undeclared)
		}
		nf := unitedField(fs, len(fs) == len(u.Members))
		if nf.Type = sameType(types); nf.Type == nil {
			return false
		}
		fields = append(fields, nf)
	}
	closed, additional := len(extra) == 0, undeclared
	if additional != nil && additional.Kind == KindRaw && additional.RawType == "" {
		additional = nil
	}
	for _, m := range u.Members {
		if !isDefinition(sh.schemaOf[m]) {
			merged[m] = u
		}
	}
	for _, f := range fields {
		if h := sh.holders[f.Type]; h != nil && merged[h] == u && !sh.parts[f.Type] {
			// A member's property type is now the object's (Disjoint's
			// Settings, not DisjointOption0's).
			sh.holders[f.Type] = u
		}
	}
	u.Kind, u.Fields, u.Closed, u.Additional = KindObject, fields, closed, additional
	u.Members, u.By, u.Exclusive = nil, ByTrial, false
	delete(sh.trials, u)
	return true
}

// unitedField is the field, yet to be typed, of a property that fields
// declare, everywhere when all is set: required where every member
// requires it, deprecated where every one that declares it deprecates it,
// a const where each gives the same.
func unitedField(fields []*Field, all bool) *Field {
	nf := &Field{Name: fields[0].Name, Required: all, Deprecated: true, Const: fields[0].Const}
	for _, f := range fields {
		nf.Required = nf.Required && f.Required
		nf.Deprecated = nf.Deprecated && f.Deprecated
		if f.Const == nil || nf.Const == nil || *f.Const != *nf.Const {
			nf.Const = nil
		}
		if nf.Description == "" {
			nf.Description = f.Description
		}
		if nf.Names == nil {
			nf.Names = f.Names
		}
	}
	return nf
}

// orRaw is t, or exact JSON when t is nil (the undeclared members of an
// open object, kept as they came).
func orRaw(t *Type, at *Type) *Type {
	if t != nil {
		return t
	}
	return &Type{Pointer: at.Pointer, Kind: KindRaw}
}

// sameType is the one type that holds the values of every type of types,
// when they are one type, exact JSON each, scalars of one kind (an integer
// and a number are a number), or arrays or maps of values of one type; nil
// when they hold different values.
func sameType(types []*Type) *Type {
	first := types[0]
	same, raw, kind := true, true, scalarKind(first)
	var elems []*Type
	for _, t := range types {
		if t.Kind == first.Kind && (t.Kind == KindArray || t.Kind == KindMap) && !t.Defined {
			elems = append(elems, t.Items, t.Elem)
		}
		same = same && t == first
		raw = raw && t.Kind == KindRaw && t.RawType == "" && t.Kinds == nil
		switch k := scalarKind(t); {
		case k == kind:
		case k == KindInteger && kind == KindNumber, k == KindNumber && kind == KindInteger:
			kind = KindNumber
		default:
			kind = -1
		}
	}
	switch {
	case same, raw:
		return first
	case kind >= 0:
		return &Type{Pointer: first.Pointer, Kind: kind}
	case len(elems) != 2*len(types):
		return nil
	}
	// Arrays (Items, nil Elem) or maps (Elem, nil Items) each.
	var of []*Type
	for _, e := range elems {
		if e != nil {
			of = append(of, e)
		}
	}
	if len(of) != len(types) {
		return nil
	}
	elem := sameType(of)
	if elem == nil {
		return nil
	}
	if first.Kind == KindArray {
		return &Type{Pointer: first.Pointer, Kind: KindArray, Items: elem}
	}
	return &Type{Pointer: first.Pointer, Kind: KindMap, Elem: elem}
}

// scalarKind is the kind of the values scalar type t holds, whatever it
// checks of them (an enum of strings is a string); -1 for another type.
func scalarKind(t *Type) Kind {
	switch t.Kind {
	case KindEnum:
		return KindString
	case KindString, KindInteger, KindNumber, KindBoolean:
		return t.Kind
	}
	return -1
}

// unmerged leaves unnamed the members that unions made one object of, and
// the types only they held: nothing refers to them any more, and the
// generated code would declare them for nothing.
func (sh *shaper) unmerged(merged map[*Type]*Type) {
	if len(merged) == 0 {
		return
	}
	// A type is gone if it was merged, or if what it was made for is.
	gone := func(t *Type) bool {
		for range 64 {
			if t == nil {
				return false
			}
			if merged[t] != nil {
				return true
			}
			t = sh.holders[t]
		}
		return false
	}
	reached := map[*Type]bool{}
	var reach func(t *Type)
	reach = func(t *Type) {
		if t == nil || reached[t] {
			return
		}
		reached[t] = true
		for _, f := range t.Fields {
			reach(f.Type)
		}
		for _, m := range t.Members {
			reach(m)
		}
		for _, m := range t.Tuple {
			reach(m)
		}
		reach(t.Items)
		reach(t.Elem)
		reach(t.Rest)
		reach(t.Additional)
	}
	for _, t := range sh.all {
		if !gone(t) {
			reach(t)
		}
	}
	for _, t := range sh.all {
		if !reached[t] {
			t.Defined = false
		}
	}
}
