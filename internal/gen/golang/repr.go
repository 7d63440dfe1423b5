package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// presence says how a field's Go value tells whether the property is
// present, and whether it is null.
type presence int

const (
	// always: a required property, always written.
	always presence = iota
	// zeroAbsent: an optional property whose Go zero value (nil, or "" for an
	// enum that has no "" value) means absent.
	zeroAbsent
	// nilAbsent: an optional property held by a pointer; nil means absent.
	nilAbsent
	// nullValue: a required nullable scalar, held by a Null wrapper.
	nullValue
	// nullPointer: an optional nullable scalar, held by a *Null wrapper; nil
	// means absent.
	nullPointer
)

// notAbsent is the condition under which an optional field is written.
func (g *onePass) notAbsent(f *model.Field, field *jen.Statement) *jen.Statement {
	if f.Type.Kind == model.KindEnum && g.fieldPresence(f) == zeroAbsent {
		return field.Op("!=").Lit("")
	}
	return field.Op("!=").Nil()
}

// d and e are the decoder and encoder receivers of the generated code.
func d() *jen.Statement { return jen.Id("d") }
func e() *jen.Statement { return jen.Id("e") }

// decodeExpr is an expression that decodes the next value as t (which is
// not an object: objects decode into a pointer, see decodeInto).
func (g *onePass) decodeExpr(t *model.Type) *jen.Statement {
	if fn, ok := g.fn[t]; ok {
		return d().Dot("decode" + fn).Call()
	}
	if g.bridged(t) {
		return g.readChecked(t)
	}
	return g.scalarRead(t.Kind, t.RawType == "object")
}

// scalarRead is an expression that reads the next value as a scalar of
// kind k, or as JSON text (an object's, when object is set).
func (g *onePass) scalarRead(k model.Kind, object bool) *jen.Statement {
	switch k {
	case model.KindString:
		return d().Dot("str").Call()
	case model.KindInteger:
		return d().Dot(g.integerReader()).Call()
	case model.KindNumber:
		return d().Dot("float").Call()
	case model.KindBoolean:
		return d().Dot("boolean").Call()
	case model.KindRaw:
		if !g.s.Annotated {
			// As the value-tree codec keeps it: without white space.
			return d().Dot("rawValue").Call(jen.Lit(object))
		}
		// A schema in the dialect keeps it as its exact text, as the
		// canonical package always has.
		return d().Dot("raw").Call(jen.Lit(object))
	}
	panic("golang: no decoder for " + k.String())
}

// decodeInto decodes the next value into target, an addressable value of
// t's Go type.
func (g *onePass) decodeInto(t *model.Type, target *jen.Statement) jen.Code {
	if t.Kind == model.KindObject && !g.bridged(t) {
		return d().Dot("decode" + g.fn[t]).Call(jen.Op("&").Add(target))
	}
	return target.Op("=").Add(g.decodeExpr(t))
}

// encodeValue writes value, of t's Go type (a pointer for an object).
func (g *onePass) encodeValue(t *model.Type, value *jen.Statement) jen.Code {
	if fn, ok := g.fn[t]; ok {
		return e().Dot("encode" + fn).Call(value)
	}
	switch t.Kind {
	case model.KindString:
		return e().Dot("str").Call(value)
	case model.KindInteger:
		return e().Dot("integer").Call(value)
	case model.KindNumber:
		return e().Dot("number").Call(value)
	case model.KindBoolean:
		return e().Dot("boolean").Call(value)
	case model.KindRaw:
		return e().Dot("raw").Call(value, jen.Lit(t.RawType == "object"))
	}
	panic("golang: no encoder for " + t.Kind.String())
}
