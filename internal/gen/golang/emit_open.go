package golang

import (
	"fmt"

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

// nameOpen names what the open objects need beyond their Extra field
// (typeNames): the Member type, and the list of each one's properties. The
// functions that read and write members are the runtime's (members.go).
func (g *onePass) nameOpen() error {
	for _, t := range g.s.Types {
		if t.Kind != model.KindObject || t.Closed {
			continue
		}
		if g.member == "" {
			for _, n := range []string{"Member", "ExtraMember", "UndeclaredMember"} {
				if _, taken := g.exported[n]; !taken {
					g.member = n
					break
				}
			}
			if g.member == "" {
				return errorf(t.Pointer, "the Go names Member, ExtraMember and UndeclaredMember, one of which holds the members an open object does not declare, are all taken; rename a definition with x-omnigen names.go")
			}
			if err := g.export(g.member, t.Pointer); err != nil {
				return err
			}
		}
		g.openNames[t] = g.unexported(lowerName(g.names[t]) + "Names")
	}
	return nil
}

// memberDecl declares the Member type.
func (g *onePass) memberDecl(f *jen.File) {
	if g.member == "" {
		return
	}
	f.Add(doc(g.member + " is a member of an object that its schema does not declare: its name, and its value as exact JSON."))
	f.Type().Id(g.member).Struct(
		jen.Id("Name").String(),
		jen.Id("Value").Qual("encoding/json", "RawMessage"),
	)
	f.Line()
}

// openDecls renders the names of each open object's properties in the
// order Marshal writes them.
func (g *onePass) openDecls(f *jen.File) {
	if g.member == "" {
		return
	}
	for _, t := range g.s.Types {
		name, ok := g.openNames[t]
		if !ok || !(g.decodes[t] || g.encodes[t]) {
			continue
		}
		var names []jen.Code
		for _, fl := range jsOrder(t.Fields) {
			names = append(names, jen.Lit(fl.Name))
		}
		f.Add(doc(fmt.Sprintf("%s lists the properties of %s in the order Marshal writes them.", name, g.names[t])))
		f.Var().Id(name).Op("=").Index().String().Values(names...)
		f.Line()
	}
}

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
// a type of their own (additionalProperties), held in a Map, in a schema
// outside the dialect.
func (g *onePass) typedExtra(t *model.Type) bool {
	return !g.dialect && t.Additional != nil
}

// memberReader is the decoder's method reading an undeclared member: as it
// is written in the dialect, without white space elsewhere (as the
// value-tree codec keeps it).
func (g *onePass) memberReader() string {
	if g.dialect {
		return "readUndeclared"
	}
	return "readMember"
}

// openEncoder renders the writing of an open object: its members in the
// order memberOrder gives, each after a comma, endObject turning the
// first into the '{'. A member that the schema declares, or that is
// given twice, fails: Unmarshal would refuse it.
func (g *onePass) openEncoder(t *model.Type, fields []*model.Field) []jen.Code {
	extra := jen.Id("v").Dot(g.extra[t])
	names := jen.Id(g.openNames[t])
	cases := append(g.propertyCases(t, fields), jen.Default().Block(e().Dot("writeUndeclared").Call(jen.Add(extra).Index(jen.Id("at").Op("-").Lit(len(fields))))))
	return []jen.Code{
		jen.If(jen.Id("k").Op(":=").Id("repeatedMember").Call(names.Clone(), extra.Clone()), jen.Id("k").Op(">=").Lit(0)).Block(
			e().Dot("push").Call(jen.Add(extra).Index(jen.Id("k")).Dot("Name")),
			e().Dot("fail").Call(jen.Lit("duplicate property ").Op("+").Id("jsQuote").Call(jen.Add(extra).Index(jen.Id("k")).Dot("Name"))),
			e().Dot("pop").Call(),
		),
		jen.Id("start").Op(":=").Len(jen.Id("e").Dot("buf")),
		jen.For(jen.List(jen.Id("_"), jen.Id("at")).Op(":=").Range().Id("memberOrder").Call(jen.Id("v").Dot("order"), names.Clone(), extra.Clone())).Block(
			jen.Switch(jen.Id("at")).Block(cases...),
		),
		e().Dot("endObject").Call(jen.Id("start")),
	}
}

// isOpen reports whether t keeps the members its schema does not declare.
func (g *onePass) isOpen(t *model.Type) bool {
	_, ok := g.extra[t]
	return ok
}
