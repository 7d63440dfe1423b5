package golang

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/wtf8"
)

// codecFile renders the entry points, and for every defined type its
// json.Marshaler and json.Unmarshaler, the one-pass decoder and encoder,
// and the value-tree codec's functions that any of these call (treeFuncs).
func (g *general) codecFile() *jen.File {
	f := g.newFile()
	g.tree = newTreeFuncs()
	defer func() { g.tree = nil }()
	if g.imported {
		g.importedRuntime(f)
	}
	g.entryPoints(f)
	for _, t := range g.s.Types {
		g.keysVar(f, t)
		g.tree.render(f, g.readName(t), func(f *jen.Group) { g.readFunc(f, t) })
		if t.Select != nil && t.Select.Field != nil {
			g.tree.render(f, g.selectName(t), func(f *jen.Group) { g.selectFunc(f, t) })
		}
		if g.readBack(t) {
			g.tree.render(f, g.whichName(t), func(f *jen.Group) { g.whichFunc(f, t) })
		}
		g.tree.render(f, g.writeName(t), func(f *jen.Group) { g.writeFunc(f, t) })
		g.jsonMethods(f, t, g.names[t])
	}
	for _, t := range g.s.Types {
		if t.Kind != model.KindUnion {
			continue
		}
		for _, m := range t.Members {
			if w, ok := g.wrappers[wrapKey{t, m}]; ok {
				g.tree.render(f, "read"+w, func(f *jen.Group) { g.readWrapper(f, m, w) })
				g.tree.render(f, "write"+w, func(f *jen.Group) { g.writeWrapper(f, m, w) })
				g.jsonMethods(f, m, w)
			}
		}
	}
	for i := 0; i < len(g.nullOrder); i++ {
		g.nullFuncs(f, g.nullOrder[i])
	}
	if g.one != nil && g.one.readsRoot() {
		for _, t := range append(append([]*model.Type(nil), g.s.Types...), g.one.anon...) {
			if g.one.decodes[t] {
				g.one.typeCodec(f, t)
			}
		}
	}
	if g.unusedTree {
		g.treeTest = g.newFile()
	}
	g.tree.place(g.treeTest)
	return f
}

func (g *general) entryPoints(f *jen.File) {
	root := g.s.Root
	check := jen.Id(g.check[g.prog.Roots[0]])
	f.Add(doc(fmt.Sprintf("%s reports whether data is one valid %s: nil, or an *Error naming the deepest problem (the first of equally deep ones) by its JSON pointer and keyword. data is one JSON document (a line of a JSON Lines file, with or without its newline).", g.entry("Validate"), g.root)))
	var validate, unmarshal []jen.Code
	if g.one != nil && g.one.readsRoot() {
		validate, unmarshal = g.one.readRoot(true), g.one.readRoot(false)
	} else {
		validate = []jen.Code{
			jen.List(jen.Id("_"), jen.Id("_"), jen.Err()).Op(":=").Add(g.rt("check")).Call(jen.Id("data"), check),
			jen.Return(jen.Err()),
		}
		unmarshal = []jen.Code{
			jen.Var().Id("out").Id(g.root),
			jen.Err().Op(":=").Add(g.rt("unmarshal")).Call(jen.Id("data"), check, jen.Func().Params(jen.Id("r").Op("*").Add(g.rt("reader")), jen.Id("v").Op("*").Add(g.rt("value"))).Block(
				jen.Id("out").Op("=").Add(g.read(root, jen.Id("v"))),
			)),
			jen.Return(jen.Id("out"), jen.Err()),
		}
	}
	f.Func().Id(g.entry("Validate")).Params(jen.Id("data").Index().Byte()).Error().Block(validate...)
	f.Line()
	f.Add(doc(fmt.Sprintf("%s reads one %s from data, checked as %s checks it.", g.entry("Unmarshal"), g.root, g.entry("Validate"))))
	f.Func().Id(g.entry("Unmarshal")).Params(jen.Id("data").Index().Byte()).Params(jen.Id(g.root), jen.Error()).Block(unmarshal...)
	f.Line()
	f.Add(doc(fmt.Sprintf("%s writes v as JSON, as JavaScript's JSON.stringify writes the same value: members in the order they were read in (else in schema order, then the undeclared ones), no white space, numbers in their shortest form. It checks what it writes, and writes only what %s accepts.", g.entry("Marshal"), g.entry("Unmarshal"))))
	var marshal []jen.Code
	if g.one != nil && g.one.readsRoot() {
		marshal = g.one.marshalRoot(jen.Id("v"), check)
	} else {
		marshal = []jen.Code{jen.Return(g.rt("marshal").Call(jen.Func().Params(jen.Id("e").Op("*").Add(g.rt("encoder"))).Block(g.write(root, jen.Id("v"))), check))}
	}
	f.Func().Id(g.entry("Marshal")).Params(jen.Id("v").Id(g.root)).Params(jen.Index().Byte(), jen.Error()).Block(marshal...)
	f.Line()
}

// keysName is the variable listing an object type's declared properties.
func (g *general) keysName(t *model.Type) string {
	return g.helperName(t, "keys", lowerName(g.names[t])+"Keys", true)
}

func (g *general) keysVar(f *jen.File, t *model.Type) {
	if t.Kind != model.KindObject {
		return
	}
	var names []string
	for _, fl := range t.Fields {
		names = append(names, fl.Name)
	}
	f.Add(doc(fmt.Sprintf("%s lists the properties of %s, in schema order.", g.keysName(t), g.names[t])))
	decl := "var " + g.keysName(t) + " = "
	f.Var().Id(g.keysName(t)).Op("=").Add(stringList(names, len(decl)))
	f.Line()
}

// readName and writeName are the functions of a defined type: methods of
// the runtime's reader and encoder in a package that carries it, apart
// from the package's own names; top-level functions that take them in one
// that imports it.
func (g *general) readName(t *model.Type) string {
	return g.helperName(t, "read", "read"+g.names[t], g.imported)
}

func (g *general) writeName(t *model.Type) string {
	return g.helperName(t, "write", "write"+g.names[t], g.imported)
}

// helperName is the name made of a defined type's for one of its helpers
// (kind): name, numbered when another top-level name (topLevel) or method
// has it (the keys of ReadFoo and the reader of FooKeys would both be
// readFooKeys; the reader of Foo's Detail and that of FooDetail both
// readFooDetail). Each is decided once, the first time it is asked for;
// typeNames asks for every type's reader and writer first, so that a
// type's keep their plain names.
func (g *general) helperName(t *model.Type, kind, name string, topLevel bool) string {
	key := helperKey{t, kind}
	if n, ok := g.helpers[key]; ok {
		return n
	}
	if topLevel {
		name = g.take(name)
	} else {
		name = takeIn(g.methods, name)
	}
	g.helpers[key] = name
	return name
}

// helperKey is one helper of a defined type.
type helperKey struct {
	t    *model.Type
	kind string
}

// read is the expression reading a value of type t from v.
func (g *general) read(t *model.Type, v jen.Code) jen.Code {
	if _, ok := g.names[t]; ok {
		return g.runtimeCall("r", g.tree.call(g.readName(t)), v)
	}
	return g.readBase(t, v)
}

// readBase reads a value of t's base type.
func (g *general) readBase(t *model.Type, v jen.Code) jen.Code {
	item := func(elem *model.Type) jen.Code {
		return jen.Func().Params(jen.Id("r").Op("*").Add(g.rt("reader")), jen.Id("v").Op("*").Add(g.rt("value"))).Add(g.goType(elem)).Block(jen.Return(g.read(elem, jen.Id("v"))))
	}
	switch t.Kind {
	case model.KindString:
		return jen.Add(v).Dot(g.rtm("str"))
	case model.KindEnum:
		return jen.Add(g.goType(t)).Call(jen.Add(v).Dot(g.rtm("str")))
	case model.KindInteger:
		return jen.Id("r").Dot(g.rtm("integer")).Call(v)
	case model.KindNumber:
		return jen.Add(v).Dot(g.rtm("num"))
	case model.KindBoolean:
		return jen.Add(v).Dot(g.rtm("b"))
	case model.KindNull:
		return jen.Id("Null").Values()
	case model.KindArray:
		return g.rt("readList").Call(jen.Id("r"), v, item(t.Items))
	case model.KindMap:
		if g.native {
			return g.rt("readNativeMap").Call(jen.Id("r"), v, item(t.Elem))
		}
		return g.rt("readMap").Call(jen.Id("r"), v, item(t.Elem))
	case model.KindNullable:
		return g.runtimeCall("r", g.tree.call("read"+g.nullName(t.Elem)), v)
	}
	if g.s.Annotated {
		// As the one-pass decoder keeps it (onePass.decodeExpr).
		return jen.Id("r").Dot(g.rtm("rawText")).Call(v)
	}
	return jen.Id("r").Dot(g.rtm("raw")).Call(v)
}

// write is the statement writing x, a value of type t.
func (g *general) write(t *model.Type, x jen.Code) jen.Code {
	if _, ok := g.names[t]; ok {
		if t.Kind == model.KindObject {
			return g.runtimeCall("e", g.tree.call(g.writeName(t)), jen.Op("&").Add(x))
		}
		return g.runtimeCall("e", g.tree.call(g.writeName(t)), x)
	}
	return g.writeBase(t, x)
}

// writeAt is the statement writing *p, a value of type t that p points to.
func (g *general) writeAt(t *model.Type, p jen.Code) jen.Code {
	if _, ok := g.names[t]; ok && t.Kind == model.KindObject {
		return g.runtimeCall("e", g.tree.call(g.writeName(t)), p)
	}
	return g.write(t, jen.Op("*").Add(p))
}

func (g *general) writeBase(t *model.Type, x jen.Code) jen.Code {
	item := func(elem *model.Type) jen.Code {
		return jen.Func().Params(jen.Id("e").Op("*").Add(g.rt("encoder")), jen.Id("x").Add(g.goType(elem))).Block(g.write(elem, jen.Id("x")))
	}
	switch t.Kind {
	case model.KindString:
		return jen.Id("e").Dot(g.rtm("str")).Call(x)
	case model.KindEnum:
		return jen.Id("e").Dot(g.rtm("str")).Call(jen.String().Call(x))
	case model.KindInteger:
		return jen.Id("e").Dot(g.rtm("integer")).Call(x)
	case model.KindNumber:
		return jen.Id("e").Dot(g.rtm("number")).Call(x)
	case model.KindBoolean:
		return jen.Id("e").Dot(g.rtm("boolean")).Call(x)
	case model.KindNull:
		return jen.Id("e").Dot(g.rtm("null")).Call()
	case model.KindArray:
		return g.rt("writeList").Call(jen.Id("e"), x, item(t.Items))
	case model.KindMap:
		if g.native {
			return g.rt("writeNativeMap").Call(jen.Id("e"), x, item(t.Elem))
		}
		return g.rt("writeMap").Call(jen.Id("e"), x, item(t.Elem))
	case model.KindNullable:
		return g.runtimeCall("e", g.tree.call("write"+g.nullName(t.Elem)), x)
	case model.KindLiteral:
		switch literalKind(t) {
		case model.KindInteger:
			return jen.Id("e").Dot(g.rtm("integer")).Call(jen.Int64().Call(x))
		case model.KindNumber:
			return jen.Id("e").Dot(g.rtm("number")).Call(jen.Float64().Call(x))
		case model.KindBoolean:
			return jen.Id("e").Dot(g.rtm("boolean")).Call(jen.Bool().Call(x))
		}
	}
	return jen.Id("e").Dot(g.rtm("rawJSON")).Call(x)
}

// readFunc renders the function reading a defined type.
func (g *general) readFunc(f *jen.Group, t *model.Type) {
	if t.Kind == model.KindUnion && t.By == model.BySelect && t.Select == nil {
		return // read only by its holder's selectFunc
	}
	name := g.names[t]
	sig := g.readerFunc(g.readName(t)).Id(name)
	f.Add(doc(fmt.Sprintf("%s reads %s from a checked value.", g.readName(t), withArticle(name))))
	if t.Kind == model.KindUnion && t.Select != nil {
		// A union its own property picks the member of.
		f.Add(sig.Block(g.readSelect(t, t.Select, "v")...))
		f.Line()
		return
	}
	switch t.Kind {
	case model.KindObject:
		f.Add(sig.Block(g.readObject(t)...))
	case model.KindUnion:
		f.Add(sig.Block(g.readUnion(t)...))
	case model.KindTuple:
		f.Add(sig.Block(g.readTuple(t)...))
	case model.KindScalarUnion:
		f.Add(sig.Block(g.readScalarUnion(t)...))
	case model.KindLiteral:
		base := g.readBase(&model.Type{Kind: literalKind(t)}, jen.Id("v"))
		f.Add(sig.Block(jen.Return(jen.Id(name).Call(base))))
	case model.KindEnum:
		if checksOf(t) != nil {
			f.Add(sig.Block(append(g.refuseOther(t), jen.Return(jen.Id(name).Call(jen.Id("v").Dot(g.rtm("str")))))...))
			break
		}
		// No check of its own has read it: it is read as its decoder
		// reads it (enumCodec), a string of its values.
		f.Add(sig.Block(
			jen.Var().Id("out").Id(name),
			g.holds(g.rt("kindString")),
			jen.Id("out").Op("=").Id(name).Call(jen.Id("v").Dot(g.rtm("str"))),
			jen.Id("r").Dot(g.rtm("enum")).Call(jen.Id("v"), jen.Id("out").Dot("Valid").Call(), rawLit(enumValues(t))),
			jen.Return(jen.Id("out")),
		))
	case model.KindMap:
		if g.native {
			f.Add(sig.Block(jen.Return(jen.Id(name).Call(g.readBase(t, jen.Id("v"))))))
			break
		}
		f.Add(sig.Block(jen.Return(jen.Id(name).Values(jen.Dict{jen.Id("Map"): g.readBase(t, jen.Id("v"))}))))
	default:
		f.Add(sig.Block(append(g.refuseOther(t), jen.Return(jen.Id(name).Call(g.readBase(t, jen.Id("v")))))...))
	}
	f.Line()
}

// readScalarUnion reads scalar union t, as its decoder does
// (scalarUnionCodec): a value of none of its JSON types, which its check
// may accept, is refused as the decoder words it.
func (g *general) readScalarUnion(t *model.Type) []jen.Code {
	name := g.names[t]
	var cases []jen.Code
	for _, s := range t.Scalars {
		value := &model.Type{Kind: scalarKinds[s]}
		cases = append(cases, jen.Case(g.rt(kindOfMember(value))).Block(jen.Return(jen.Id(name).Values(
			jen.Id("Type").Op(":").Lit(s),
			jen.Id(scalarFields[s]).Op(":").Add(g.readBase(value, jen.Id("v"))),
		))))
	}
	first := &model.Type{Kind: scalarKinds[t.Scalars[0]]}
	return []jen.Code{
		jen.Switch(jen.Id("v").Dot(g.rtm("kind"))).Block(cases...),
		jen.Id("r").Dot(g.rtm("holdsAs")).Call(jen.Id("v"), g.rt(kindOfMember(first)), jen.Lit("type"), rawLit("must be "+typePhrase(t))),
		jen.Return(jen.Id(name).Values()),
	}
}

// writeScalarUnion writes scalar union x by its Type, as its encoder does.
func (g *general) writeScalarUnion(t *model.Type) jen.Code {
	var cases []jen.Code
	for _, s := range t.Scalars {
		cases = append(cases, jen.Case(jen.Lit(s)).Block(g.writeBase(&model.Type{Kind: scalarKinds[s]}, jen.Id("x").Dot(scalarFields[s]))))
	}
	return jen.Switch(jen.Id("x").Dot("Type")).Block(append(cases, jen.Default().Block(
		jen.Id("e").Dot(g.rtm("fail")).Call(jen.Add(rawLit(badScalarType(t))).Op("+").Qual("strconv", "Quote").Call(jen.Id("x").Dot("Type"))),
		jen.Id("e").Dot(g.rtm("null")).Call(),
	))...)
}

// checkHolds reports whether t's check accepts only values of the JSON
// type t holds: its type rule names that type alone, or an enum rule lists
// only strings.
func checkHolds(t *model.Type) bool {
	ch := checksOf(t)
	if ch == nil || ch.PassesNull() {
		return false
	}
	if r := typeRule(ch); r != nil {
		return r.Phrase() == typeWord(t)
	}
	for _, r := range ch.Rules {
		if e, ok := r.(*model.EnumRule); ok && t.Kind == model.KindEnum {
			return !slices.ContainsFunc(e.Values, func(l *model.Literal) bool { return l.JSON[0] != '"' })
		}
	}
	return false
}

// readWrapper renders the value-tree reader of name, the wrapper of
// member m of a union: m's value, whose check may be the union's.
func (g *general) readWrapper(f *jen.Group, m *model.Type, name string) {
	f.Add(doc(fmt.Sprintf("read%s reads %s from a checked value.", name, withArticle(name))))
	var body []jen.Code
	if _, named := g.names[m]; !named {
		body = g.refuseOther(m) // a named member's reader refuses it
	}
	body = append(body, jen.Return(jen.Id(name).Call(g.read(m, jen.Id("v")))))
	f.Add(g.readerFunc("read" + name).Id(name).Block(body...))
	f.Line()
}

// writeWrapper renders the value-tree writer of name, the wrapper of
// member m of a union.
func (g *general) writeWrapper(f *jen.Group, m *model.Type, name string) {
	f.Add(doc(fmt.Sprintf("write%s writes %s.", name, withArticle(name))))
	f.Add(g.encoderFunc("write"+name, jen.Id("x").Id(name)).Block(g.write(m, jen.Add(g.goType(m)).Call(jen.Id("x")))))
	f.Line()
}

// refuseOther is the statement returning the zero value where v is not
// of the JSON type that t, a scalar, holds, refused as t's decoder words
// it (reader.holdsAs); none where t is no scalar. t's check may accept
// what t does not hold: null for a nullable's element (Label beside
// NullLabel), a number for a union's string member (whose check is the
// union's); read as the zero value, it would be written back as another
// value ("", 0, false).
func (g *general) refuseOther(t *model.Type) []jen.Code {
	kind, ok := map[model.Kind]string{model.KindString: "kindString", model.KindEnum: "kindString",
		model.KindInteger: "kindNumber", model.KindNumber: "kindNumber", model.KindBoolean: "kindBoolean"}[t.Kind]
	if !ok || checkHolds(t) {
		return nil
	}
	keyword, words := "type", "must be "+typeWord(t)
	if t.Kind == model.KindEnum && !saysType(t) {
		keyword, words = "enum", "must be one of "+enumValues(t)
	}
	return []jen.Code{jen.If(jen.Op("!").Id("r").Dot(g.rtm("holdsAs")).Call(jen.Id("v"), g.rt(kind), jen.Lit(keyword), rawLit(words))).Block(jen.Return(zeroLit(t)))}
}

func (g *general) readObject(t *model.Type) []jen.Code {
	var cases []jen.Code
	for _, fl := range t.Fields {
		if !g.isField(t, fl) {
			// No field holds it: the check has read it. An open object's
			// Extra does not hold it either.
			if !t.Closed {
				cases = append(cases, jen.Case(jen.Lit(fl.Name)))
			}
			continue
		}
		var val jen.Code
		if t.Select != nil && fl == t.Select.Field {
			val = g.runtimeCall("r", g.tree.call(g.selectName(t)), jen.List(jen.Id("m"), jen.Id("v")))
		} else {
			val = g.read(fl.Type, jen.Id("m"))
		}
		var set []jen.Code
		switch g.fieldPresence(fl) {
		case nilAbsent, nullPointer:
			set = []jen.Code{jen.Id("x").Op(":=").Add(val), jen.Id("out").Dot(g.fields[fl]).Op("=").Op("&").Id("x")}
		default:
			set = []jen.Code{jen.Id("out").Dot(g.fields[fl]).Op("=").Add(val)}
		}
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(set...))
	}
	if !t.Closed {
		if t.Additional != nil {
			extra := jen.Id("out").Dot(g.extra[t])
			set := jen.Add(extra).Dot("Set").Call(jen.Id("k"), g.read(t.Additional, jen.Id("m")))
			if g.native {
				set = jen.Add(extra).Op("=").Add(g.rt("setNative")).Call(extra, jen.Id("k"), g.read(t.Additional, jen.Id("m")))
			}
			cases = append(cases, jen.Default().Block(set))
		} else {
			cases = append(cases, jen.Default().Block(jen.Id("out").Dot(g.extra[t]).Op("=").Append(jen.Id("out").Dot(g.extra[t]), jen.Id("r").Dot(g.rtm("member")).Call(jen.Id("k"), jen.Id("m")))))
		}
	}
	body := []jen.Code{jen.Var().Id("out").Id(g.names[t]), g.holds(g.rt("kindObject"))}
	if len(cases) > 0 {
		body = append(body, jen.Id("v").Dot(g.rtm("inDocOrder")).Call(jen.Func().Params(jen.Id("i").Int()).Block(
			jen.List(jen.Id("k"), jen.Id("m")).Op(":=").List(jen.Id("v").Dot(g.rtm("keys")).Index(jen.Id("i")), jen.Id("v").Dot(g.rtm("vals")).Index(jen.Id("i"))),
			jen.Id("r").Dot(g.rtm("push")).Call(jen.Id("k")),
			jen.Switch(jen.Id("k")).Block(cases...),
			jen.Id("r").Dot(g.rtm("pop")).Call(),
		)))
	}
	return append(body,
		jen.Id("out").Dot("keys").Op("=").Add(g.rt("keyOrder")).Call(jen.Id("v"), jen.Id(g.keysName(t))),
		jen.Return(jen.Id("out")),
	)
}

// holds is the statement returning out, the zero value, where v is not
// of JSON type kind (reader.holds).
func (g *general) holds(kind jen.Code) jen.Code {
	return jen.If(jen.Op("!").Id("r").Dot(g.rtm("holds")).Call(jen.Id("v"), kind)).Block(jen.Return(jen.Id("out")))
}

// returnMember is the statements returning v read as member m of union u:
// in its wrapper, or a pointer to its struct, or as it is.
func (g *general) returnMember(u, m *model.Type) []jen.Code {
	if w, ok := g.wrappers[wrapKey{u, m}]; ok {
		return []jen.Code{jen.Return(jen.Id(w).Call(g.read(m, jen.Id("v"))))}
	}
	if m.Kind == model.KindObject {
		return []jen.Code{jen.Id("x").Op(":=").Add(g.read(m, jen.Id("v"))), jen.Return(jen.Op("&").Id("x"))}
	}
	return []jen.Code{jen.Return(g.read(m, jen.Id("v")))}
}

func (g *general) readUnion(t *model.Type) []jen.Code {
	ret := func(m *model.Type) []jen.Code { return g.returnMember(t, m) }
	var body []jen.Code
	switch t.By {
	case model.ByKind:
		var cases []jen.Code
		for _, m := range t.Members {
			if k := kindOfMember(m); k != "" {
				cases = append(cases, jen.Case(g.rt(k)).Block(ret(m)...))
			} else {
				// The member holding the kinds the others do not: the
				// switch returns in every case.
				cases = append(cases, jen.Default().Block(ret(m)...))
				return append(body, jen.Switch(jen.Id("v").Dot(g.rtm("kind"))).Block(cases...))
			}
		}
		body = append(body, jen.Switch(jen.Id("v").Dot(g.rtm("kind"))).Block(cases...))
	case model.ByTag:
		var cases []jen.Code
		for _, m := range t.Members {
			cases = append(cases, jen.Case(memberTags(t, m)...).Block(ret(m)...))
		}
		body = append(body,
			jen.If(jen.Id("i").Op(":=").Id("v").Dot(g.rtm("member")).Call(jen.Lit(t.Discriminator)), jen.Id("i").Op(">=").Lit(0)).Block(
				jen.Switch(jen.Id("v").Dot(g.rtm("vals")).Index(jen.Id("i")).Dot(g.rtm("str"))).Block(cases...),
			))
	default:
		return g.tryMembers(t, ret, g.matches, jen.Return(jen.Nil()))
	}
	return append(body, jen.Return(jen.Nil()))
}

// tryMembers tries the members of union t, read by trial, in turn on v:
// the first to accept it is the one read (then). A member that accepts
// every value ends the tries; else none is found (none).
func (g *general) tryMembers(t *model.Type, then func(m *model.Type) []jen.Code, accepts func(*model.Check) jen.Code, none jen.Code) []jen.Code {
	var body []jen.Code
	for i, m := range t.Members {
		var conds []jen.Code
		if k := kindOfMember(m); k != "" {
			conds = append(conds, jen.Id("v").Dot(g.rtm("kind")).Op("==").Add(g.rt(k)))
		}
		if t.Trials[i] != nil {
			conds = append(conds, accepts(t.Trials[i]))
		}
		if len(conds) == 0 {
			// A member that accepts every value: the others are not tried.
			return append(body, then(m)...)
		}
		cond := conds[0]
		if len(conds) == 2 {
			cond = jen.Add(conds[0]).Op("&&").Add(conds[1])
		}
		body = append(body, jen.If(cond).Block(then(m)...))
	}
	return append(body, none)
}

// matches is the condition that the checked value v is one check ch
// accepts.
func (g *general) matches(ch *model.Check) jen.Code {
	return jen.Id("r").Dot(g.rtm("matches")).Call(jen.Id(g.check[ch]), jen.Id("v"))
}

// whichName is the function naming the member of union t, read by trial,
// that Unmarshal reads a value as.
func (g *general) whichName(t *model.Type) string {
	return g.helperName(t, "which", "which"+g.names[t], true)
}

// whichFunc renders whichName's function: Marshal asks it whether a member
// it wrote would be read back as itself (encoder.readsAs).
func (g *general) whichFunc(f *jen.Group, t *model.Type) {
	f.Add(doc(fmt.Sprintf("%s names the member of %s that Unmarshal reads a checked value as, \"\" for none.", g.whichName(t), g.names[t])))
	name := func(m *model.Type) []jen.Code { return []jen.Code{jen.Return(jen.Lit(g.memberName(t, m)))} }
	f.Func().Id(g.whichName(t)).Params(jen.Id("r").Op("*").Add(g.rt("reader")), jen.Id("v").Op("*").Add(g.rt("value"))).String().Block(
		g.tryMembers(t, name, g.matches, jen.Return(jen.Lit("")))...)
	f.Line()
}

// selectName is the function reading the property of object t that its
// Select types.
func (g *general) selectName(t *model.Type) string {
	return g.helperName(t, "select", "read"+g.names[t]+g.fields[t.Select.Field], g.imported)
}

// selectFunc renders the function reading the property of object t that
// the value of another property picks the type of (model.Select): v is
// the property's value, holder the object's. A value no case names is the
// Else type's.
func (g *general) selectFunc(f *jen.Group, t *model.Type) {
	sel := t.Select
	u := sel.Field.Type
	f.Add(doc(fmt.Sprintf("%s reads the %s of %s from a checked value, as its %s says.", g.selectName(t), sel.Field.Name, withArticle(g.names[t]), sel.By.Name)))
	sig := g.runtimeFunc(jen.Id("r").Op("*").Add(g.rt("reader")), g.selectName(t),
		jen.List(jen.Id("v"), jen.Id("holder")).Op("*").Add(g.rt("value"))).Add(g.goType(u))
	f.Add(sig.Block(g.readSelect(u, sel, "holder")...))
	f.Line()
}

// readSelect reads union t, whose member the value of property sel.By of
// the object holder picks.
func (g *general) readSelect(t *model.Type, sel *model.Select, holder string) []jen.Code {
	ret := func(m *model.Type) []jen.Code { return g.returnMember(t, m) }
	var cases []jen.Code
	empty := false
	for _, c := range sel.Cases {
		cases = append(cases, jen.Case(jen.Lit(c.Value)).Block(ret(c.Type)...))
		empty = empty || c.Value == ""
	}
	by := jen.Id(holder).Dot(g.rtm("vals")).Index(jen.Id("i"))
	cond := jen.Id("i").Op(">=").Lit(0)
	if empty {
		// The string "" is not a number's or an object's value.
		cond = jen.Add(cond).Op("&&").Add(by.Clone()).Dot(g.rtm("kind")).Op("==").Add(g.rt("kindString"))
	}
	body := []jen.Code{
		jen.If(jen.Id("i").Op(":=").Id(holder).Dot(g.rtm("member")).Call(jen.Lit(sel.By.Name)), cond).Block(
			jen.Switch(jen.Add(by).Dot(g.rtm("str"))).Block(cases...),
		),
	}
	if sel.Else == nil {
		return append(body, jen.Return(jen.Nil()))
	}
	return append(body, ret(sel.Else)...)
}

// kindOfMember is the runtime's constant for the JSON type a union member
// holds, "" when it may hold any.
func kindOfMember(m *model.Type) string {
	if m.Kind == model.KindRaw && m.RawType == "object" {
		// The JSON text of an object (the dialect's object of no
		// property): objects only.
		return "kindObject"
	}
	switch kindWord(m) {
	case "String":
		return "kindString"
	case "Integer", "Number":
		return "kindNumber"
	case "Boolean":
		return "kindBoolean"
	case "Array":
		return "kindArray"
	case "Object":
		return "kindObject"
	case "Null":
		return "kindNull"
	}
	return ""
}

// memberTags are the values of the tag of union t that pick member m: a
// member that is a union of its own takes its objects' tags.
func memberTags(t, m *model.Type) []jen.Code {
	var tags []jen.Code
	for _, leaf := range m.Leaves() {
		tag, _ := tagOf(leaf, t.Discriminator)
		tags = append(tags, jen.Lit(tag))
	}
	return tags
}

// tagOf is a member object's value of the union's discriminator.
func tagOf(m *model.Type, tag string) (string, bool) {
	f := m.Field(tag)
	if f == nil || f.Const == nil {
		return "", false
	}
	return *f.Const, true
}

func (g *general) readTuple(t *model.Type) []jen.Code {
	body := []jen.Code{jen.Var().Id("out").Id(g.names[t]), g.holds(g.rt("kindArray"))}
	// The item's index is a step of the path an error names (an integer
	// the Go type cannot hold).
	push := func(i jen.Code) jen.Code { return jen.Id("r").Dot(g.rtm("pushIndex")).Call(i) }
	pop := jen.Id("r").Dot(g.rtm("pop")).Call()
	for i, it := range t.Tuple {
		field := jen.Id("out").Dot(fmt.Sprintf("Item%d", i))
		val := g.read(it, jen.Id("v").Dot(g.rtm("items")).Index(jen.Lit(i)))
		set := []jen.Code{push(jen.Lit(i)), jen.Add(field).Op("=").Add(val), pop}
		if i >= t.MinItems && !absentAsZero(it) {
			set = []jen.Code{push(jen.Lit(i)), jen.Id("x").Op(":=").Add(val), jen.Add(field).Op("=").Op("&").Id("x"), pop}
		}
		body = append(body, jen.If(jen.Len(jen.Id("v").Dot(g.rtm("items"))).Op(">").Lit(i)).Block(set...))
	}
	if t.Rest != nil {
		rest := jen.For(jen.List(jen.Id("i"), jen.Id("it")).Op(":=").Range().Id("v").Dot(g.rtm("items")).Index(jen.Lit(len(t.Tuple)).Op(":"))).Block(
			push(jen.Lit(len(t.Tuple)).Op("+").Id("i")),
			jen.Id("out").Dot("Rest").Op("=").Append(jen.Id("out").Dot("Rest"), g.read(t.Rest, jen.Id("it"))),
			pop,
		)
		if len(t.Tuple) > 0 {
			// A tuple may have fewer items than its schema types.
			rest = jen.If(jen.Len(jen.Id("v").Dot(g.rtm("items"))).Op(">").Lit(len(t.Tuple))).Block(rest)
		}
		body = append(body, rest)
	}
	return append(body, jen.Return(jen.Id("out")))
}

// writeFunc renders the method writing a defined type.
func (g *general) writeFunc(f *jen.Group, t *model.Type) {
	name := g.names[t]
	param := jen.Id("x").Id(name)
	if t.Kind == model.KindObject {
		param = jen.Id("x").Op("*").Id(name)
	}
	sig := g.encoderFunc(g.writeName(t), param)
	f.Add(doc(fmt.Sprintf("%s writes %s.", g.writeName(t), withArticle(name))))
	block := func(body ...jen.Code) jen.Code {
		if g.recursive[t] {
			// A Go value of it may contain itself: writing stops at the
			// depth limit (the path's, which the members and items
			// push), with an error, not at the end of the stack.
			body = append([]jen.Code{jen.If(jen.Id("e").Dot(g.rtm("cycled")).Call()).Block(jen.Return())}, body...)
		}
		return sig.Block(body...)
	}
	switch t.Kind {
	case model.KindObject:
		body := []jen.Code{jen.If(jen.Id("x").Op("==").Nil()).Block(
			jen.Id("e").Dot(g.rtm("fail")).Call(jen.Lit("must not be nil")),
			jen.Id("e").Dot(g.rtm("null")).Call(),
			jen.Return(),
		)}
		f.Add(block(append(body, g.writeObject(t, g.treeWrite, false)...)...))
	case model.KindUnion:
		f.Add(block(g.writeUnion(t, g.treeWrite, jen.Id("x"))))
	case model.KindTuple:
		f.Add(block(g.writeTuple(t, g.treeWrite)...))
	case model.KindScalarUnion:
		f.Add(block(g.writeScalarUnion(t)))
	case model.KindEnum:
		f.Add(block(jen.Id("e").Dot(g.rtm("str")).Call(jen.String().Call(jen.Id("x")))))
	case model.KindMap:
		if g.native {
			f.Add(block(g.writeBase(t, jen.Add(g.baseType(t)).Call(jen.Id("x")))))
			break
		}
		f.Add(block(g.writeBase(t, jen.Id("x").Dot("Map"))))
	default:
		base := g.writeBase(t, jen.Id("x"))
		if t.Kind != model.KindLiteral && t.Kind != model.KindRaw {
			base = g.writeBase(t, jen.Add(g.baseType(t)).Call(jen.Id("x")))
		}
		f.Add(block(base))
	}
	f.Line()
}

// writeTuple is the body writing x, a tuple of type t, with w: its items
// in order, up to the first absent one, then the rest.
func (g *general) writeTuple(t *model.Type, w valueWriter) []jen.Code {
	var body []jen.Code
	body = append(body, jen.Id("e").Dot(g.rtm("buf")).Op("=").Append(jen.Id("e").Dot(g.rtm("buf")), jen.LitRune('[')))
	// The item's index is a step of the path an error names.
	item := func(i jen.Code, write jen.Code) []jen.Code {
		return []jen.Code{
			jen.Id("e").Dot(g.rtm("item")).Call(),
			jen.Id("e").Dot(g.rtm("pushIndex")).Call(i),
			write,
			jen.Id("e").Dot(g.rtm("pop")).Call(),
		}
	}
	for i, it := range t.Tuple {
		field := jen.Id("x").Dot(fmt.Sprintf("Item%d", i))
		switch {
		case i < t.MinItems:
			body = append(body, item(jen.Lit(i), w(it, field, false))...)
		case absentAsZero(it):
			zero := jen.Nil()
			if it.Kind == model.KindEnum {
				zero = jen.Lit("")
			}
			body = append(body, jen.If(jen.Add(field).Op("==").Add(zero)).Block(jen.Goto().Id("done")))
			body = append(body, item(jen.Lit(i), w(it, field, false))...)
		default:
			body = append(body, jen.If(jen.Add(field).Op("==").Nil()).Block(jen.Goto().Id("done")))
			body = append(body, item(jen.Lit(i), w(it, field, true))...)
		}
	}
	if t.Rest != nil {
		body = append(body, jen.For(jen.List(jen.Id("i"), jen.Id("it")).Op(":=").Range().Id("x").Dot("Rest")).Block(
			item(jen.Lit(len(t.Tuple)).Op("+").Id("i"), w(t.Rest, jen.Id("it"), false))...,
		))
	}
	if len(t.Tuple) > t.MinItems {
		body = append(body, jen.Id("done").Op(":"))
	}
	body = append(body, jen.Id("e").Dot(g.rtm("buf")).Op("=").Append(jen.Id("e").Dot(g.rtm("buf")), jen.LitRune(']')))
	return body
}

// valueWriter is the statement writing x, a value of t, or the one x
// points to (at): the value-tree writer's (treeWrite) or the one-pass
// encoder's (onePass.writeValue).
type valueWriter func(t *model.Type, x jen.Code, at bool) jen.Code

// treeWrite is the value-tree writer's valueWriter.
func (g *general) treeWrite(t *model.Type, x jen.Code, at bool) jen.Code {
	if at {
		return g.writeAt(t, x)
	}
	return g.write(t, x)
}

// writeUnion is the switch writing v, a value of union t, as the member
// it holds (x in each case), with w.
func (g *general) writeUnion(t *model.Type, w valueWriter, v jen.Code) jen.Code {
	cases := g.unionCases(t, w)
	cases = append(cases, jen.Default().Block(
		jen.Id("e").Dot(g.rtm("fail")).Call(jen.Lit("must be one of "+g.names[t]+"'s members, not nil")),
		jen.Id("e").Dot(g.rtm("null")).Call(),
	))
	return jen.Switch(jen.Id("x").Op(":=").Add(v).Assert(jen.Type())).Block(cases...)
}

// unionCases are the cases of writeUnion of union u, a member each. A
// member that is a union of its own, told apart by the same tag and
// written as its members are, is written through: its members' cases are
// u's, one type switch instead of two (the canonical ModelPayload of
// CompleteModelPayload and PartialModelPayload).
func (g *general) unionCases(u *model.Type, w valueWriter) []jen.Code {
	var cases []jen.Code
	for i, m := range u.Members {
		if g.writtenThrough(u, m) {
			cases = append(cases, g.unionCases(m, w)...)
			continue
		}
		var write jen.Code
		if _, wrapped := g.wrappers[wrapKey{u, m}]; wrapped {
			write = w(m, jen.Add(g.goType(m)).Call(jen.Id("x")), false)
		} else {
			write = w(m, jen.Id("x"), m.Kind == model.KindObject)
		}
		cases = append(cases, jen.Case(jen.Id(g.memberName(u, m))).Block(g.writeMember(u, i, write)...))
	}
	return cases
}

// writtenThrough reports whether member m of union u is written as one of
// its members is (sameTagUnion): where the one-pass encoder writes m, with
// nothing checked whole.
func (g *general) writtenThrough(u, m *model.Type) bool {
	return g.sameTagUnion(u, m) && (g.one == nil || g.one.encodes[m] && !g.one.bridged(m) && len(g.one.deferCheck(m, "e")) == 0)
}

// sameTagUnion reports whether member m of union u, both told apart by
// one tag, is a union whose check is its oneOf alone (tagRule), held as
// itself (no wrapper): what reading or writing m does, u's reader and
// writer can do for each of m's members, the tag looked for once.
func (g *general) sameTagUnion(u, m *model.Type) bool {
	_, wrapped := g.wrappers[wrapKey{u, m}]
	return u.By == model.ByTag && m.Kind == model.KindUnion && m.Select == nil && m.By == model.ByTag &&
		m.Discriminator == u.Discriminator && !wrapped && tagRule(m) != nil
}

// writeMember writes member i of union t (write) so that Marshal refuses
// a value Unmarshal would read back as another member: one that another
// member tried before it accepts too, or one whose own property picks
// another (model.BySelect; a sibling property that picks is checked by the
// holder, see writeObject). Members told apart by a tag (a required const,
// which no field holds: each writes its own) or by their JSON type need no
// check.
func (g *general) writeMember(t *model.Type, i int, write jen.Code) []jen.Code {
	m := t.Members[i]
	switch {
	case t.By == model.BySelect && t.Select != nil && m.Kind == model.KindObject:
		by := m.Field(t.Select.By.Name)
		if cond := g.picks(t.Select, t, m, by); cond != nil {
			return []jen.Code{jen.Id("e").Dot(g.rtm("picked")).Call(cond, jen.Lit(by.Name)), write}
		}
	case t.By == model.ByTrial:
		if trialTag(t, i) != "" || closedApart(t, i) {
			// Its tag, or what it cannot hold, tells it apart: no other
			// member accepts it.
			return []jen.Code{write}
		}
		own := jen.Nil()
		if t.Trials[i] != nil {
			own = jen.Id(g.check[t.Trials[i]])
		}
		return []jen.Code{
			jen.Id("start").Op(":=").Len(jen.Id("e").Dot(g.rtm("buf"))),
			write,
			jen.Id("e").Dot(g.rtm("readsAs")).Call(jen.Id("start"), jen.Lit(g.memberName(t, m)), own, jen.Id(g.tree.call(g.whichName(t)))),
		}
	}
	return []jen.Code{write}
}

// trialTag is a property that tells member i of union t, read by trial,
// apart from the others without reading it back: m writes its own tag, a
// required const that no field holds (taggedBy), and every other member
// refuses an object with such a tag (refuses). "" when there is none.
func trialTag(t *model.Type, i int) string {
	m := t.Members[i]
	leaves := m.Leaves()
	if t.Trials[i] == nil || len(leaves) == 0 {
		return ""
	}
next:
	for _, f := range leaves[0].Fields {
		if !f.Required || f.Const == nil || !taggedBy(m, f.Name) {
			continue
		}
		own, ok := model.TagValues(t.Trials[i], f.Name)
		if !ok {
			continue
		}
		for j := range t.Members {
			if j != i && !refuses(t, j, f.Name, own) {
				continue next
			}
		}
		return f.Name
	}
	return ""
}

// closedApart reports whether member i of union t, read by trial, is told
// apart from the others by what it cannot hold: a closed object, it never
// writes a property that each other member requires (model.TagValues), or
// the others are not objects.
func closedApart(t *model.Type, i int) bool {
	m := t.Members[i]
	if m.Kind != model.KindObject || !m.Closed {
		return false
	}
	for j, n := range t.Members {
		if j == i {
			continue
		}
		if k := kindOfMember(n); k != "" && k != "kindObject" {
			continue
		}
		if !requiresOther(t.Trials[j], n, m) {
			return false
		}
	}
	return true
}

// requiresOther reports whether check ch, of union member n, requires an
// object to have a property that m does not declare.
func requiresOther(ch *model.Check, n, m *model.Type) bool {
	if ch == nil {
		return false
	}
	for _, leaf := range n.Leaves() {
		for _, f := range leaf.Fields {
			if _, ok := model.TagValues(ch, f.Name); ok && f.Required && m.Field(f.Name) == nil {
				return true
			}
		}
	}
	return false
}

// refuses reports whether member j of union t, read by trial, refuses
// every object whose property tag holds one of values: it is not an
// object, its check allows tag other values only, or it is a closed object
// without the property.
func refuses(t *model.Type, j int, tag string, values []string) bool {
	m := t.Members[j]
	if k := kindOfMember(m); k != "" && k != "kindObject" {
		return true
	}
	if m.Kind == model.KindObject && m.Closed && m.Field(tag) == nil {
		return true
	}
	if t.Trials[j] == nil {
		return false
	}
	theirs, ok := model.TagValues(t.Trials[j], tag)
	if !ok {
		return false
	}
	for _, v := range values {
		if slices.Contains(theirs, v) {
			return false
		}
	}
	return true
}

// taggedBy reports whether the writer of m makes sure the tag it writes
// is its own: an object whose Go field holds the tag's const (compared
// before it is written), or a union of such objects told apart by the
// same tag.
func taggedBy(m *model.Type, tag string) bool {
	switch m.Kind {
	case model.KindObject:
		_, ok := tagOf(m, tag)
		return ok
	case model.KindUnion:
		if m.By != model.ByTag || m.Discriminator != tag {
			return false
		}
		for _, n := range m.Members {
			if !taggedBy(n, tag) {
				return false
			}
		}
		return true
	}
	return false
}

// readBack reports whether Marshal reads back a member of union t that it
// writes to learn whether Unmarshal would read it as that member (whichX).
func (g *general) readBack(t *model.Type) bool {
	if t.Kind != model.KindUnion || t.By != model.ByTrial {
		return false
	}
	for i := range t.Members {
		if trialTag(t, i) == "" && !closedApart(t, i) {
			return true
		}
	}
	return false
}

// picks is the condition that the value of sel.By, which the Go field by
// of x holds, picks member m of union u, as Unmarshal reads it
// (readSelect); nil when the Go field cannot tell.
func (g *general) picks(sel *model.Select, u, m *model.Type, by *model.Field) jen.Code {
	if by == nil || by.Type.Kind != model.KindString && by.Type.Kind != model.KindEnum {
		return nil
	}
	if isConstant(by) {
		// No field holds it: m writes the one value it has.
		if g.constPicks(sel, u, m, *by.Const) {
			return nil
		}
		return jen.False()
	}
	field := func() *jen.Statement { return jen.Id("x").Dot(g.fields[by]) }
	value, present := field, jen.Code(nil)
	switch g.fieldPresence(by) {
	case always, zeroAbsent:
		// An absent enum's "" is none of the cases' values.
	case nilAbsent:
		value = func() *jen.Statement { return jen.Op("*").Add(field()) }
		present = field().Op("!=").Nil()
	default:
		return nil
	}
	var own, others []jen.Code
	for _, c := range sel.Cases {
		if g.memberName(u, c.Type) == g.memberName(u, m) {
			own = append(own, value().Op("==").Lit(c.Value))
		}
		others = append(others, value().Op("!=").Lit(c.Value))
	}
	var cond jen.Code
	if len(own) > 0 {
		cond = jen.Add(joinConds(own, "||"))
		if present != nil {
			cond = jen.Add(present).Op("&&").Parens(cond)
		}
	}
	if sel.Else != nil && g.memberName(u, sel.Else) == g.memberName(u, m) {
		none := jen.Add(joinConds(others, "&&"))
		if present != nil {
			none = field().Op("==").Nil().Op("||").Add(none)
		}
		if cond == nil {
			return none
		}
		cond = jen.Add(cond).Op("||").Add(none)
	}
	return cond
}

// constPicks reports whether value, of sel.By, picks member m of union u
// as Unmarshal reads it (readSelect).
func (g *general) constPicks(sel *model.Select, u, m *model.Type, value string) bool {
	for _, c := range sel.Cases {
		if c.Value == value {
			return g.memberName(u, c.Type) == g.memberName(u, m)
		}
	}
	return sel.Else != nil && g.memberName(u, sel.Else) == g.memberName(u, m)
}

// joinConds joins conditions with op (&& or ||).
func joinConds(conds []jen.Code, op string) *jen.Statement {
	out := jen.Add(conds[0])
	for _, c := range conds[1:] {
		out = out.Op(op).Add(c)
	}
	return out
}

// picked checks, once the property of object t that t.Select types is
// written, that the value of the property that picks its type picks the
// Go type it holds.
func (g *general) picked(t *model.Type) jen.Code {
	sel := t.Select
	u := sel.Field.Type
	var cases []jen.Code
	for _, m := range u.Members {
		if cond := g.picks(sel, u, m, sel.By); cond != nil {
			cases = append(cases, jen.Case(jen.Id(g.memberName(u, m))).Block(jen.Id("e").Dot(g.rtm("picked")).Call(cond, jen.Lit(sel.By.Name))))
		}
	}
	if len(cases) == 0 {
		return jen.Null()
	}
	return jen.Switch(jen.Id("x").Dot(g.fields[sel.Field]).Assert(jen.Type())).Block(cases...)
}

// writeObject is the body writing *x, an object of type t, with w. Where
// checked (the one-pass encoder), it refuses as well what the check of the
// whole would: a required property that is absent.
func (g *general) writeObject(t *model.Type, w valueWriter, checked bool) []jen.Code {
	var cases, before []jen.Code
	var members []objectMember // in schema order
	for _, fl := range t.Fields {
		field := jen.Id("x").Dot(g.fields[fl])
		switch {
		case isConstant(fl):
			field = jen.Lit(*fl.Const) // no field holds it
		case derived(t, fl):
			field = jen.Id("x").Dot(g.fields[fl]).Call() // the method that gives it
		}
		var check jen.Code = jen.Null()
		if t.Select != nil && fl == t.Select.Field && fl.Type.Kind == model.KindUnion && !derived(t, t.Select.By) {
			check = g.picked(t)
		}
		// The property's name is a step of the path an error names.
		key := "," + wtf8.Quote(fl.Name) + ":"
		value := func(write jen.Code) []jen.Code {
			return []jen.Code{jen.Id("e").Dot(g.rtm("push")).Call(jen.Lit(fl.Name)), write, check, jen.Id("e").Dot(g.rtm("pop")).Call()}
		}
		member := func(write jen.Code) []jen.Code {
			return append([]jen.Code{g.appendText(key)}, value(write)...)
		}
		var m objectMember
		switch g.fieldPresence(fl) {
		case nilAbsent, nullPointer:
			m.code = []jen.Code{jen.If(jen.Add(field).Op("!=").Nil()).Block(member(w(fl.Type, field, true))...)}
			if checked && fl.Required {
				before = append(before, jen.If(jen.Add(field).Op("==").Nil()).Block(
					jen.Id("e").Dot(g.rtm("failRule")).Call(jen.Lit("required"), jen.Lit("missing required property "+wtf8.Quote(fl.Name)))))
			}
		case zeroAbsent:
			zero := jen.Add(field).Op("!=").Nil()
			if fl.Type.Kind == model.KindEnum {
				zero = jen.Add(field).Op("!=").Lit("")
			}
			m.code = []jen.Code{jen.If(zero).Block(member(w(fl.Type, field, false))...)}
		default:
			m.text = key
			if text, ok := constantText(fl); ok {
				m.text += text
			} else {
				m.code = value(w(fl.Type, field, false))
			}
		}
		body := m.code
		if m.text != "" {
			body = append([]jen.Code{g.appendText(m.text)}, m.code...)
		}
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(body...))
		members = append(members, m)
	}
	extraNames := jen.Nil()
	if !t.Closed {
		extra := jen.Id("x").Dot(g.extra[t])
		if t.Additional != nil {
			extraNames = jen.Id("e").Dot(g.rtm("extraKeys")).Call(jen.Id(g.keysName(t)), jen.Add(extra).Dot("Keys").Call())
			get := jen.Add(extra).Dot("Get").Call(jen.Id("k"))
			if g.native {
				extraNames, get = jen.Id("e").Dot(g.rtm("extraKeys")).Call(jen.Id(g.keysName(t)), g.rt("sortedMapKeys").Call(extra)), jen.Add(extra).Index(jen.Id("k"))
			}
			cases = append(cases, jen.Default().Block(
				jen.If(jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Add(get), jen.Id("ok")).Block(
					jen.Id("e").Dot(g.rtm("member")).Call(jen.Id("k")),
					jen.Id("e").Dot(g.rtm("push")).Call(jen.Id("k")),
					w(t.Additional, jen.Id("v"), false),
					jen.Id("e").Dot(g.rtm("pop")).Call(),
				)))
		} else {
			extraNames = jen.Id("e").Dot(g.rtm("undeclared")).Call(jen.Id(g.keysName(t)), extra)
			cases = append(cases, jen.Default().Block(jen.Id("e").Dot(g.rtm("writeMember")).Call(extra, jen.Id("k"))))
		}
	}
	// Each member is written after a comma; endObject turns the first
	// into the '{'.
	inOrder := jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Add(g.rt("objectOrder")).Call(jen.Id("x").Dot("keys"), jen.Id(g.keysName(t)), extraNames)).Block(
		jen.Switch(jen.Id("k")).Block(cases...),
	)
	if t.Closed {
		// Most objects are written in schema order (read so, or made):
		// then the members one after another, with no list of names.
		inOrder = jen.If(jen.Len(jen.Id("x").Dot("keys")).Op("==").Lit(0)).Block(g.inSchemaOrder(members)...).Else().Block(inOrder)
	}
	return append(before,
		jen.Id("start").Op(":=").Len(jen.Id("e").Dot(g.rtm("buf"))),
		inOrder,
		jen.Id("e").Dot(g.rtm("endObject")).Call(jen.Id("start")),
	)
}

// objectMember is how writeObject writes a property: text, where it is
// never absent, what starts it (its name, and its value when it has but
// one), then code.
type objectMember struct {
	text string
	code []jen.Code
}

// inSchemaOrder writes members one after another, the text of those next
// to each other in one append.
func (g *general) inSchemaOrder(members []objectMember) []jen.Code {
	var code []jen.Code
	text := ""
	for _, m := range members {
		text += m.text
		if len(m.code) == 0 {
			continue
		}
		if text != "" {
			code = append(code, g.appendText(text))
			text = ""
		}
		code = append(code, m.code...)
	}
	if text != "" {
		code = append(code, g.appendText(text))
	}
	return code
}

// appendText is the statement writing text.
func (g *general) appendText(text string) jen.Code {
	return jen.Id("e").Dot(g.rtm("buf")).Op("=").Append(jen.Id("e").Dot(g.rtm("buf")), jen.Add(rawLit(text)).Op("..."))
}

// constantText is the JSON of property f when it has one value only, a
// string its type checks no other way (see constString): as the encoder
// would write it, and as the object's keys are written (wtf8.Quote).
func constantText(f *model.Field) (string, bool) {
	if !isConstant(f) {
		return "", false
	}
	want, _, ok := constString(f.Type)
	if !ok || want != *f.Const {
		return "", false
	}
	return wtf8.Quote(want), true
}

// jsonMethods renders MarshalJSON and UnmarshalJSON of a defined type (or
// a union member wrapper), checked against the type's own check: with the
// one-pass codec where it reads and writes the type (onePass.jsonWrite,
// jsonRead), else as a value tree.
func (g *general) jsonMethods(f *jen.File, t *model.Type, name string) {
	if t.Kind == model.KindUnion && name == g.names[t] {
		return
	}
	check := jen.Nil()
	if t.Check != nil {
		check = jen.Id(g.check[t.Check])
	}
	var marshalBody, unmarshalBody []jen.Code
	if g.one != nil {
		marshalBody, unmarshalBody = g.one.jsonWrite(t, name, check), g.one.jsonRead(t, name)
	}
	if marshalBody == nil {
		write := g.write(t, jen.Id("x"))
		if name != g.names[t] {
			// A union member wrapper.
			write = g.runtimeCall("e", g.tree.call("write"+name), jen.Id("x"))
		}
		marshalBody = []jen.Code{jen.Return(g.rt("marshal").Call(jen.Func().Params(jen.Id("e").Op("*").Add(g.rt("encoder"))).Block(write), check))}
	}
	if unmarshalBody == nil {
		read := g.read(t, jen.Id("v"))
		if name != g.names[t] {
			read = g.runtimeCall("r", g.tree.call("read"+name), jen.Id("v"))
		}
		unmarshalBody = []jen.Code{jen.Return(g.rt("unmarshal").Call(jen.Id("data"), check, jen.Func().Params(jen.Id("r").Op("*").Add(g.rt("reader")), jen.Id("v").Op("*").Add(g.rt("value"))).Block(
			jen.Op("*").Id("x").Op("=").Add(read),
		)))}
	}
	f.Add(doc(fmt.Sprintf("MarshalJSON writes x as Marshal writes a value%s.", checkedAs(t, name))))
	f.Func().Params(jen.Id("x").Id(name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(marshalBody...)
	f.Line()
	refused := ""
	if nullUnheld(t) && name == g.names[t] {
		refused = fmt.Sprintf(", except null, which %s does not hold", withArticle(name))
	}
	f.Add(doc(fmt.Sprintf("UnmarshalJSON reads data as Unmarshal reads a value%s%s.", checkedAs(t, name), refused)))
	f.Func().Params(jen.Id("x").Op("*").Id(name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(unmarshalBody...)
	f.Line()
}

// nullUnheld reports whether t's check accepts null, which its Go type
// does not hold: t is the element of a nullable.
func nullUnheld(t *model.Type) bool {
	switch t.Kind {
	case model.KindString, model.KindEnum, model.KindInteger, model.KindNumber, model.KindBoolean,
		model.KindObject, model.KindArray, model.KindMap:
		ch := checksOf(t)
		return ch != nil && ch.PassesNull()
	}
	return false
}

// checkedAs ends the doc of the json methods of t, whose Go type is name:
// what they check a value against, t's check, or, for a type the shaper
// made without one (an enum of several schemas' values, say, whose pointer
// is its first schema's), what its Go type holds.
func checkedAs(t *model.Type, name string) string {
	switch {
	case t.Check != nil:
		return ", checked against " + t.Pointer
	case t.Kind == model.KindEnum:
		return ": one of " + name + "'s values"
	}
	return ": any JSON value " + name + " holds"
}

// nullFuncs renders the reading and writing of a Null wrapper.
func (g *general) nullFuncs(f *jen.File, n *generalNull) {
	g.tree.render(f, "read"+n.name, func(f *jen.Group) {
		f.Add(doc(fmt.Sprintf("read%s reads %s or null.", n.name, withArticle(g.display(n.elem)))))
		f.Add(g.readerFunc("read"+n.name)).Id(n.name).Block(
			jen.If(jen.Id("v").Dot(g.rtm("kind")).Op("==").Add(g.rt("kindNull"))).Block(jen.Return(jen.Id(n.name).Values(jen.Dict{jen.Id("Null"): jen.True()}))),
			jen.Return(jen.Id(n.name).Values(jen.Dict{jen.Id("Value"): g.read(n.elem, jen.Id("v"))})),
		)
		f.Line()
	})
	g.tree.render(f, "write"+n.name, func(f *jen.Group) {
		f.Add(doc(fmt.Sprintf("write%s writes %s or null.", n.name, withArticle(g.display(n.elem)))))
		f.Add(g.encoderFunc("write"+n.name, jen.Id("x").Id(n.name))).Block(
			jen.If(jen.Id("x").Dot("Null")).Block(jen.Id("e").Dot(g.rtm("null")).Call(), jen.Return()),
			g.write(n.elem, jen.Id("x").Dot("Value")),
		)
		f.Line()
	})
}
