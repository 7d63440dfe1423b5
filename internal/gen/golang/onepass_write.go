package golang

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// The one-pass encoder of a schema outside the dialect: Marshal writes
// each value that the one-pass decoder reads (newReader) with the encoder
// of its type, which checks as it writes what the decoder checks as it
// reads, and checks whole, with its type's check, a value whose decoder
// checks it whole (deferred) or reads it as a tree (bridged, written by
// the value-tree writer). The objects and unions are written as the
// value-tree writer writes them (writeObject, writeUnion), their values
// by their encoders. The encoder only decides whether what it wrote is
// valid: a value it finds wrong is written again with the rules quiet and
// checked whole (encode in the runtime), so that Marshal's error is the
// program's, worded and ranked as TypeScript's.

// writeValue is the one-pass encoder's valueWriter.
func (g *onePass) writeValue(t *model.Type, x jen.Code, at bool) jen.Code {
	if t.Kind == model.KindUnion && t.Select == nil && !g.encodes[t] {
		// The property another picks the type of (the one union the
		// decoder does not read as such), written as the member it
		// holds: the holder checks that the picking property picks it
		// (picked), as its decoder reads the member that property picks.
		return g.writeUnion(t, g.writeValue, x)
	}
	if g.bridged(t) {
		write := g.treeWrite(t, x, at)
		ch := checksOf(t)
		if ch == nil {
			return write
		}
		return e().Dot("bridged").Call(jen.Func().Params(jen.Id("e").Op("*").Id("encoder")).Block(write), jen.Id(g.check[ch]))
	}
	v := jen.Add(x)
	switch {
	case t.Kind == model.KindObject && !at:
		v = jen.Op("&").Add(x)
	case t.Kind != model.KindObject && at:
		v = jen.Op("*").Add(x)
	}
	return g.encodeValue(t, v)
}

// kindEncoder renders the encoder of t, of a schema outside the dialect,
// where its kind has one of its own here: objects, unions, nullables and
// maps, and tuples, literals and null, checked whole (checkedAsValue).
// Arrays, enums and scalars have the dialect's (typeCodec).
func (g *onePass) kindEncoder(f *jen.File, t *model.Type) {
	if !g.encodes[t] {
		return
	}
	param := g.goType(t)
	var body []jen.Code
	if g.recursive[t] {
		// A Go value of it may contain itself: see writeFunc.
		body = append(body, jen.If(e().Dot("cycled").Call()).Block(jen.Return()))
	}
	switch t.Kind {
	case model.KindObject:
		param = jen.Op("*").Id(g.names[t])
		body = append(body, jen.If(jen.Id("x").Op("==").Nil()).Block(
			e().Dot("fail").Call(jen.Lit("must not be nil")),
			e().Dot("null").Call(),
			jen.Return(),
		))
		body = append(body, g.writeObject(t, g.writeValue, true)...)
	case model.KindUnion:
		body = append(body, g.writeUnion(t, g.writeValue, jen.Id("x")))
	case model.KindNullable:
		null := e().Dot("null").Call()
		if ch := checksOf(t); ch != nil && !ch.PassesNull() {
			null = e().Dot("nullChecked").Call(jen.Id(g.check[ch]))
		}
		body = append(body,
			jen.If(jen.Id("x").Dot("Null")).Block(null, jen.Return()),
			g.writeValue(t.Elem, jen.Id("x").Dot("Value"), false))
	case model.KindMap:
		m, write := jen.Id("x"), "writeMap"
		if _, named := g.names[t]; named && !g.native {
			m = jen.Id("x").Dot("Map")
		}
		if g.native {
			write = "writeNativeMap" // its keys sorted
		}
		item := jen.Func().Params(jen.Id("e").Op("*").Id("encoder"), jen.Id("x").Add(g.goType(t.Elem))).Block(g.writeValue(t.Elem, jen.Id("x"), false))
		body = append(body, jen.Id(write).Call(jen.Id("e"), m, item))
	case model.KindTuple:
		body = append(body, g.writeTuple(t, g.writeValue)...)
	case model.KindLiteral, model.KindNull:
		body = append(body, g.writeBase(t, jen.Id("x")))
	default:
		return
	}
	g.encodeFuncOf(f, t, "x", param, body...)
}

// marshalRoot is the body of Marshal of a schema outside the dialect that
// the one-pass encoder writes: the root, v, written and checked (see
// marshalVia); check is the program's root check.
func (g *onePass) marshalRoot(v, check jen.Code) []jen.Code {
	return g.marshalVia(g.checkedRoot("e", g.writeValue(g.s.Root, v, false)), check)
}

// jsonWrite is the body of MarshalJSON of name, t's Go type or the
// wrapper of t as a union's member, whose value is x, where the one-pass
// encoder writes t (see marshalVia; check is t's check); nil where it does
// not.
func (g *onePass) jsonWrite(t *model.Type, name string, check jen.Code) []jen.Code {
	if !g.encodes[t] {
		return nil
	}
	x := jen.Id("x")
	if name != g.names[t] {
		x = jen.Add(g.goType(t)).Call(x)
	}
	return g.marshalVia([]jen.Code{g.writeValue(t, x, false)}, check)
}

// inUnion reports whether t is a member of one of the schema's unions.
func (g *onePass) inUnion(t *model.Type) bool {
	return slices.ContainsFunc(g.s.Types, func(u *model.Type) bool { return u.Kind == model.KindUnion && u != t && u.Contains(t) })
}

// marshalVia is the body of a function that writes a value with encode,
// the one-pass encoder (encode in the runtime): what it finds valid is
// written; else it is written again, the rules quiet, and checked whole
// with check, for the program's report.
func (g *onePass) marshalVia(encode []jen.Code, check jen.Code) []jen.Code {
	return []jen.Code{jen.Return(jen.Id("encode").Call(jen.Func().Params(jen.Id("e").Op("*").Id("encoder")).Block(encode...), check))}
}

// jsonRead is the body of UnmarshalJSON of name, t's Go type or the
// wrapper of t as a union's member, where the one-pass decoder reads t,
// checked with t's check (run on the whole value where the decoder does
// not word it as the check does, see below; an enum the shaper made of a
// oneOf's members' values has no check of its own, and its decoder checks
// its values); nil where t has no check of its own but is no enum. Where
// t's check accepts a value t does not hold (null for a nullable's
// element, a number for a union's string member), the decoder refuses it
// as a value of another type.
func (g *onePass) jsonRead(t *model.Type, name string) []jen.Code {
	ch := checksOf(t)
	if !g.decodes[t] || ch == nil && t.Kind != model.KindEnum {
		return nil
	}
	v := jen.Id("v")
	if name != g.names[t] {
		v = jen.Id(name).Call(v)
	}
	var whole *model.Check
	member := (name != g.names[t] || g.inUnion(t)) && !checkHolds(t)
	if (g.asElem[t] || member) && g.deferred[t] != ch {
		// Planned as a nullable's element, whose decoder words a value
		// of another type as the nullable's check does ("must be null or
		// object"), or a union's member whose check (the union's)
		// accepts values t does not hold, and may say more of them than
		// t's decoder: the check, run on what it read, words what it
		// refuses, as Unmarshal words it.
		whole = ch
	}
	return append(g.readData(t, false, whole),
		jen.If(jen.Err().Op(":=").Id("d").Dot("finish").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("x").Op("=").Add(v),
		jen.Return(jen.Nil()),
	)
}
