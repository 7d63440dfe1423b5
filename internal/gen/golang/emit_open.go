package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Open objects: an object whose schema does not say
// "additionalProperties": false keeps the members it does not declare, in
// its Extra field, as exact JSON in document order ([]Member), and
// Marshal writes them back where they came, after the declared members
// read before them: the key order is kept, as the generated TypeScript
// keeps it. The decoder records, in the value's order, an extra member as
// the position just past the declared ones (n); memberOrder reads that
// back. The functions are the runtime's (jsonrt/members.go).

// openMember renders the reading of an open object's undeclared member
// in the decoder's switch on the key, and what it records of the order.
func (g *onePass) openMember(t *model.Type) []jen.Code {
	keep := jen.Id("order").Dot("keys").Op("=").Append(jen.Id("order").Dot("keys"), jen.Rune().Call(jen.Lit(len(t.Fields))))
	if g.typedExtra(t) {
		// A member of the type additionalProperties gives, kept in a Map
		// in document order; at is where each key came, for a key given
		// twice.
		if g.native {
			return []jen.Code{keep, jen.Id("readNativeExtra").Call(jen.Id("d"), jen.Op("&").Id("v").Dot(g.extra[t]), jen.Op("&").Id("keys"), g.elemReader(t.Additional))}
		}
		return []jen.Code{keep, jen.Id("readExtraMember").Call(jen.Id("d"), jen.Op("&").Id("v").Dot(g.extra[t]), jen.Op("&").Id("at"), g.elemReader(t.Additional))}
	}
	return []jen.Code{keep, d().Dot(g.memberReader()).Call(jen.Op("&").Id("v").Dot(g.extra[t]), jen.Op("&").Id("members"))}
}

// openDecl is what the decoder of open object t declares to read its
// undeclared members (openMember).
func (g *onePass) openDecl(t *model.Type) jen.Code {
	switch {
	case g.typedExtra(t) && g.native:
		return jen.Var().Id("keys").Id("nativeKeys")
	case g.typedExtra(t):
		return jen.Var().Id("at").Index().Int()
	}
	return jen.Var().Id("members").Id("undeclared")
}

// typedExtra reports whether the undeclared members of open object t have
// a type of their own (additionalProperties), held in a Map.
func (g *onePass) typedExtra(t *model.Type) bool {
	return t.Additional != nil
}

// memberReader is the decoder's method reading an undeclared member: as it
// is written for a schema in the dialect, whose JSON text is exact; without
// white space for any other (as the value-tree codec keeps it).
func (g *onePass) memberReader() string {
	if g.s.Annotated {
		return "readUndeclared"
	}
	return "readMember"
}

// isOpen reports whether t keeps the members its schema does not declare.
func (g *onePass) isOpen(t *model.Type) bool {
	_, ok := g.extra[t]
	return ok
}
