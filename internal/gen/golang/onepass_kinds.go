package golang

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// The kinds only a schema outside the dialect has, read by its one-pass
// decoder (newReader): unions told apart by JSON type, tag or trial,
// tuples, literals and null. Each value is checked whole with its type's
// check (checkedAsValue), whose words a union's closest member or a
// tuple's item decides; the decoder reads the value as the member or items
// the value-tree codec reads it as (general_codec.go).

// kindCodec renders the decoder of t when it is of one of these kinds,
// and reports whether it was.
func (g *onePass) kindCodec(f *jen.File, t *model.Type) bool {
	if g.dialect {
		return false
	}
	switch t.Kind {
	case model.KindUnion:
		g.decodeFunc(f, t, nil, g.goType(t), g.unionRead(t)...)
	case model.KindTuple:
		g.decodeFunc(f, t, nil, g.goType(t), g.tupleRead(t)...)
	case model.KindLiteral:
		g.decodeFunc(f, t, nil, g.goType(t), jen.Return(g.conv(t, g.literalRead(t))))
	case model.KindNull:
		g.decodeFunc(f, t, nil, g.goType(t), d().Dot("readNull").Call(), jen.Return(g.conv(t, jen.Id("Null").Values())))
	default:
		return false
	}
	return true
}

// literalRead reads a value of literal t as its Go type's base.
func (g *onePass) literalRead(t *model.Type) jen.Code {
	if _, named := g.names[t]; named {
		return g.scalarRead(literalKind(t), false)
	}
	return g.scalarRead(model.KindRaw, false)
}

// unionRead is the body of the decoder of union t: the member the
// value-tree codec reads a value as (readUnion), picked by the first byte
// of the value, its tag or the trial of its members, nil for none.
func (g *onePass) unionRead(t *model.Type) []jen.Code {
	// A value no member reads is read as JSON, which says what is wrong
	// with it that the check cannot (a key given twice).
	none := []jen.Code{d().Dot("value").Call(jen.Nil()), jen.Return(jen.Nil())}
	switch t.By {
	case model.ByKind:
		var cases []jen.Code
		for _, m := range t.Members {
			first := firstBytes(kindOfMember(m))
			if first == nil {
				// The member holding the kinds the others do not.
				cases = append(cases, jen.Default().Block(g.memberRead(t, m)...))
				return []jen.Code{jen.Switch(jen.Id("c").Op(":=").Id("d").Dot("peek").Call(), jen.Empty()).Block(cases...)}
			}
			cases = append(cases, jen.Case(first).Block(g.memberRead(t, m)...))
		}
		return append([]jen.Code{jen.Switch(jen.Id("c").Op(":=").Id("d").Dot("peek").Call(), jen.Empty()).Block(cases...)}, none...)
	case model.ByTag:
		var cases []jen.Code
		for _, m := range t.Members {
			cases = append(cases, jen.Case(memberTags(t, m)...).Block(g.memberRead(t, m)...))
		}
		return append([]jen.Code{
			jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("d").Dot("tagged").Call(jen.Lit(t.Discriminator)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
			jen.Switch(jen.String().Parens(jen.Id("tag"))).Block(cases...),
		}, none...)
	}
	index := func(m *model.Type) []jen.Code { return []jen.Code{jen.Return(jen.Lit(slices.Index(t.Members, m)))} }
	trial := func(ch *model.Check) jen.Code { return jen.Id(g.check[ch]).Call(jen.Id("c"), jen.Id("v"), jen.Nil()) }
	pick := jen.Func().Params(jen.Id("c").Op("*").Id("checker"), jen.Id("v").Op("*").Id("value")).Int().Block(
		g.tryMembers(t, index, trial, jen.Return(jen.Lit(-1)))...)
	var cases []jen.Code
	for i, m := range t.Members {
		cases = append(cases, jen.Case(jen.Lit(i)).Block(g.memberRead(t, m)...))
	}
	return []jen.Code{jen.Switch(d().Dot("which").Call(pick)).Block(cases...), jen.Return(jen.Nil())}
}

// firstBytes is the condition on c, the first byte of a value, that it is
// of the runtime's kind k; nil for "" (any kind).
func firstBytes(k string) jen.Code {
	c := jen.Id("c")
	switch k {
	case "kindString":
		return c.Op("==").Add(runeLit('"'))
	case "kindNumber":
		return c.Op("==").Add(runeLit('-')).Op("||").Id("c").Op(">=").Add(runeLit('0')).Op("&&").Id("c").Op("<=").Add(runeLit('9'))
	case "kindBoolean":
		return c.Op("==").Add(runeLit('t')).Op("||").Id("c").Op("==").Add(runeLit('f'))
	case "kindArray":
		return c.Op("==").Add(runeLit('['))
	case "kindObject":
		return c.Op("==").Add(runeLit('{'))
	case "kindNull":
		return c.Op("==").Add(runeLit('n'))
	}
	return nil
}

// memberRead is the statements returning the next value read as member
// m of union u: in its wrapper, or a pointer to its struct, or as it is
// (returnMember's).
func (g *onePass) memberRead(u, m *model.Type) []jen.Code {
	w, wrapped := g.wrappers[wrapKey{u, m}]
	switch {
	case m.Kind == model.KindObject && wrapped:
		return append(g.readVar(m), jen.Return(jen.Id(w).Call(jen.Id("x"))))
	case m.Kind == model.KindObject:
		return append(g.readVar(m), jen.Return(jen.Op("&").Id("x")))
	case wrapped:
		return []jen.Code{jen.Return(jen.Id(w).Call(g.decodeExpr(m)))}
	}
	return []jen.Code{jen.Return(g.decodeExpr(m))}
}

// tupleRead is the body of the decoder of tuple t: its items by position,
// those past the ones it types into Rest, or skipped where it has none
// (readTuple).
func (g *onePass) tupleRead(t *model.Type) []jen.Code {
	var cases []jen.Code
	for i, it := range t.Tuple {
		field := func() *jen.Statement { return jen.Id("v").Dot(fmt.Sprintf("Item%d", i)) }
		set := []jen.Code{g.decodeInto(it, field())}
		if i >= t.MinItems && !absentAsZero(it) {
			set = append(g.readVar(it), field().Op("=").Op("&").Id("x"))
		}
		cases = append(cases, jen.Case(jen.Lit(i)).Block(set...))
	}
	rest := []jen.Code{d().Dot("value").Call(jen.Nil())}
	if t.Rest != nil {
		rest = append(g.readVar(t.Rest), jen.Id("v").Dot("Rest").Op("=").Append(jen.Id("v").Dot("Rest"), jen.Id("x")))
	}
	item := rest
	if len(cases) > 0 {
		item = []jen.Code{jen.Switch(jen.Id("i")).Block(append(cases, jen.Default().Block(rest...))...)}
	}
	loop := append([]jen.Code{d().Dot("pushIndex").Call(jen.Id("i"))}, item...)
	return []jen.Code{
		jen.Var().Id("v").Add(g.goType(t)),
		jen.If(jen.Op("!").Id("d").Dot("beginArray").Call()).Block(jen.Return(jen.Id("v"))),
		jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextItem").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(
			append(loop, d().Dot("pop").Call())...,
		),
		jen.Return(jen.Id("v")),
	}
}

// readVar is the statements reading the next value as t into a new
// variable x.
func (g *onePass) readVar(t *model.Type) []jen.Code {
	if t.Kind == model.KindObject && !g.bridged(t) {
		return []jen.Code{jen.Var().Id("x").Add(g.goType(t)), g.decodeInto(t, jen.Id("x"))}
	}
	return []jen.Code{jen.Id("x").Op(":=").Add(g.decodeExpr(t))}
}
