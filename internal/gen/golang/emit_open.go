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
// back.

// openFuncs names the functions of codec.go that read and write the
// members an open object does not declare.
type openFuncs struct {
	undeclared, readMember, memberOrder, repeatedMember, writeMember string
}

// nameOpen names what the open objects need beyond their Extra field
// (typeNames): the Member type, and the functions of codec.go that read
// and write members.
func (g *generator) nameOpen() error {
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
			g.openFns = openFuncs{
				undeclared: g.unexported("undeclared"), readMember: g.unexported("readMember"),
				memberOrder: g.unexported("memberOrder"), repeatedMember: g.unexported("repeatedMember"),
				writeMember: g.unexported("writeMember"),
			}
		}
		g.openNames[t] = g.unexported(lowerName(g.names[t]) + "Names")
	}
	return nil
}

// memberDecl declares the Member type.
func (g *generator) memberDecl(f *jen.File) {
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

// openField is the Extra field of an open object.
func (g *generator) openField(t *model.Type) []jen.Code {
	name, ok := g.extra[t]
	if !ok {
		return nil
	}
	return []jen.Code{
		doc(name + " holds the members the schema does not declare, in document order, as exact JSON."),
		jen.Id(name).Index().Id(g.member).Tag(skipTag(g.tags)),
	}
}

// openDecls renders what reading and writing members needs: the names of
// each open object's properties in the order Marshal writes them, and the
// functions.
func (g *generator) openDecls(f *jen.File) {
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
	fns := g.openFns
	undeclared, readMember, memberOrder, repeated, writeMember := fns.undeclared, fns.readMember, fns.memberOrder, fns.repeatedMember, fns.writeMember
	member := g.member
	ms := func() *jen.Statement { return jen.Id("ms") }

	f.Add(doc(undeclared + " follows the members of an object being read that its schema does not declare: where each one's key was, and, once there are many, their names."))
	f.Type().Id(undeclared).Struct(
		jen.Id("at").Index().Int(),
		jen.Id("index").Map(jen.String()).Int(),
	)
	f.Line()

	f.Add(doc(readMember + " reads the value of the member whose key the decoder has just read, which the object's schema does not declare, into *ms; a name given twice is reported as the decoder reports it in opaque JSON. The caller pops the name."))
	f.Func().Params(jen.Id("d").Op("*").Id("decoder")).Id(readMember).Params(ms().Op("*").Index().Id(member), jen.Id("u").Op("*").Id(undeclared)).Block(
		jen.Id("name").Op(":=").String().Call(jen.Id("d").Dot("key")),
		jen.If(jen.Id("u").Dot("index").Op("==").Nil().Op("&&").Len(jen.Op("*").Add(ms())).Op(">=").Lit(manyMembers)).Block(
			jen.Id("u").Dot("index").Op("=").Make(jen.Map(jen.String()).Int(), jen.Lit(2*manyMembers)),
			jen.For(jen.List(jen.Id("i"), jen.Id("m")).Op(":=").Range().Op("*").Add(ms())).Block(
				jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("u").Dot("index").Index(jen.Id("m").Dot("Name")), jen.Op("!").Id("ok")).Block(
					jen.Id("u").Dot("index").Index(jen.Id("m").Dot("Name")).Op("=").Id("i"),
				),
			),
		),
		jen.Id("earlier").Op(":=").Lit(-1),
		jen.If(jen.Id("u").Dot("index").Op("!=").Nil()).Block(
			jen.If(jen.List(jen.Id("i"), jen.Id("ok")).Op(":=").Id("u").Dot("index").Index(jen.Id("name")), jen.Id("ok")).Block(
				jen.Id("earlier").Op("=").Id("i"),
			).Else().Block(
				jen.Id("u").Dot("index").Index(jen.Id("name")).Op("=").Len(jen.Op("*").Add(ms())),
			),
		).Else().Block(
			jen.For(jen.List(jen.Id("i"), jen.Id("m")).Op(":=").Range().Op("*").Add(ms())).Block(
				jen.If(jen.Id("m").Dot("Name").Op("==").Id("name")).Block(jen.Id("earlier").Op("=").Id("i"), jen.Break()),
			),
		),
		jen.If(jen.Id("earlier").Op(">=").Lit(0)).Block(
			jen.Id("d").Dot("duplicate").Call(jen.Id("d").Dot("key"), jen.Id("u").Dot("at").Index(jen.Id("earlier")), jen.Id("d").Dot("keyStart")),
		),
		jen.Id("u").Dot("at").Op("=").Append(jen.Id("u").Dot("at"), jen.Id("d").Dot("keyStart")),
		jen.Id("d").Dot("push").Call(jen.Id("name")),
		jen.Op("*").Add(ms()).Op("=").Append(jen.Op("*").Add(ms()), jen.Id(member).Values(jen.Dict{
			jen.Id("Name"):  jen.Id("name"),
			jen.Id("Value"): jen.Id("d").Dot("raw").Call(jen.False()),
		})),
	)
	f.Line()

	f.Add(doc(memberOrder + " is the order to write an open object's members in: order holds, in the order they were read in, the positions of its properties in names and, for each member the schema does not declare, len(names); the properties set since follow in names' order, then the members of ms not read. The key order is kept, as the TypeScript parse function keeps it, names that are array indexes included."))
	f.Func().Id(memberOrder).Params(jen.Id("order").String(), jen.Id("names").Index().String(), ms().Index().Id(member)).Index().Int().Block(
		jen.Id("n").Op(":=").Len(jen.Id("names")),
		jen.Id("out").Op(":=").Make(jen.Index().Int(), jen.Lit(0), jen.Id("n").Op("+").Len(ms())),
		jen.Id("done").Op(":=").Make(jen.Index().Bool(), jen.Id("n")),
		jen.Id("k").Op(":=").Lit(0),
		jen.For(jen.List(jen.Id("_"), jen.Id("r")).Op(":=").Range().Id("order")).Block(
			jen.Switch(jen.Id("at").Op(":=").Int().Call(jen.Id("r")), jen.Empty()).Block(
				jen.Case(jen.Id("at").Op(">=").Lit(0).Op("&&").Id("at").Op("<").Id("n").Op("&&").Op("!").Id("done").Index(jen.Id("at"))).Block(
					jen.Id("done").Index(jen.Id("at")).Op("=").True(),
					jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("at")),
				),
				jen.Case(jen.Id("at").Op("==").Id("n").Op("&&").Id("k").Op("<").Len(ms())).Block(
					jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("n").Op("+").Id("k")),
					jen.Id("k").Op("++"),
				),
			),
		),
		jen.For(jen.Id("at").Op(":=").Range().Id("n")).Block(
			jen.If(jen.Op("!").Id("done").Index(jen.Id("at"))).Block(jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("at"))),
		),
		jen.For(jen.Id("k").Op("<").Len(ms())).Block(
			jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("n").Op("+").Id("k")),
			jen.Id("k").Op("++"),
		),
		jen.Return(jen.Id("out")),
	)
	f.Line()

	f.Add(doc(repeated + " is the index in ms of a member whose name is one of names or of a member before it, which Unmarshal would refuse as a property given twice; -1 when there is none."))
	f.Func().Id(repeated).Params(jen.Id("names").Index().String(), ms().Index().Id(member)).Int().Block(
		jen.If(jen.Len(jen.Id("names")).Op("+").Len(ms()).Op("<=").Lit(manyMembers)).Block(
			jen.Comment("A few names: looking back costs less than a map."),
			jen.For(jen.List(jen.Id("i"), jen.Id("m")).Op(":=").Range().Add(ms())).Block(
				jen.If(jen.Qual("slices", "Contains").Call(jen.Id("names"), jen.Id("m").Dot("Name"))).Block(jen.Return(jen.Id("i"))),
				jen.For(jen.List(jen.Id("_"), jen.Id("o")).Op(":=").Range().Add(ms()).Index(jen.Empty(), jen.Id("i"))).Block(
					jen.If(jen.Id("o").Dot("Name").Op("==").Id("m").Dot("Name")).Block(jen.Return(jen.Id("i"))),
				),
			),
			jen.Return(jen.Lit(-1)),
		),
		jen.Id("seen").Op(":=").Make(jen.Map(jen.String()).Bool(), jen.Len(jen.Id("names")).Op("+").Len(ms())),
		jen.For(jen.List(jen.Id("_"), jen.Id("name")).Op(":=").Range().Id("names")).Block(jen.Id("seen").Index(jen.Id("name")).Op("=").True()),
		jen.For(jen.List(jen.Id("i"), jen.Id("m")).Op(":=").Range().Add(ms())).Block(
			jen.If(jen.Id("seen").Index(jen.Id("m").Dot("Name"))).Block(jen.Return(jen.Id("i"))),
			jen.Id("seen").Index(jen.Id("m").Dot("Name")).Op("=").True(),
		),
		jen.Return(jen.Lit(-1)),
	)
	f.Line()

	f.Add(doc(writeMember + " writes m after a comma, as a member the object's schema does not declare."))
	f.Func().Params(jen.Id("e").Op("*").Id("encoder")).Id(writeMember).Params(jen.Id("m").Id(member)).Block(
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), jen.LitRune(',')),
		jen.Id("e").Dot("str").Call(jen.Id("m").Dot("Name")),
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), jen.LitRune(':')),
		jen.Id("e").Dot("push").Call(jen.Id("m").Dot("Name")),
		jen.Id("e").Dot("raw").Call(jen.Id("m").Dot("Value"), jen.False()),
		jen.Id("e").Dot("pop").Call(),
	)
	f.Line()
}

// manyMembers is the count of undeclared members from which the decoder
// looks for a repeated name in a map rather than among those before.
const manyMembers = 32

// openMember renders the reading of an open object's undeclared member
// in the decoder's switch on the key, and what it records of the order.
func (g *generator) openMember(t *model.Type) []jen.Code {
	return []jen.Code{
		jen.Id("order").Dot("keys").Op("=").Append(jen.Id("order").Dot("keys"), jen.Rune().Call(jen.Lit(len(t.Fields)))),
		d().Dot(g.openFns.readMember).Call(jen.Op("&").Id("v").Dot(g.extra[t]), jen.Op("&").Id("members")),
	}
}

// openEncoder renders the writing of an open object: its members in the
// order memberOrder gives, each after a comma, endObject turning the
// first into the '{'. A member that the schema declares, or that is
// given twice, fails: Unmarshal would refuse it.
func (g *generator) openEncoder(t *model.Type, fields []*model.Field) []jen.Code {
	extra := jen.Id("v").Dot(g.extra[t])
	names := jen.Id(g.openNames[t])
	cases := append(g.propertyCases(t, fields), jen.Default().Block(e().Dot(g.openFns.writeMember).Call(jen.Add(extra).Index(jen.Id("at").Op("-").Lit(len(fields))))))
	return []jen.Code{
		jen.If(jen.Id("k").Op(":=").Id(g.openFns.repeatedMember).Call(names.Clone(), extra.Clone()), jen.Id("k").Op(">=").Lit(0)).Block(
			e().Dot("push").Call(jen.Add(extra).Index(jen.Id("k")).Dot("Name")),
			e().Dot("fail").Call(jen.Lit("duplicate property ").Op("+").Id("jsQuote").Call(jen.Add(extra).Index(jen.Id("k")).Dot("Name"))),
			e().Dot("pop").Call(),
		),
		jen.Id("start").Op(":=").Len(jen.Id("e").Dot("buf")),
		jen.For(jen.List(jen.Id("_"), jen.Id("at")).Op(":=").Range().Id(g.openFns.memberOrder).Call(jen.Id("v").Dot("order"), names.Clone(), extra.Clone())).Block(
			jen.Switch(jen.Id("at")).Block(cases...),
		),
		e().Dot("endObject").Call(jen.Id("start")),
	}
}

// isOpen reports whether t keeps the members its schema does not declare.
func (g *generator) isOpen(t *model.Type) bool {
	_, ok := g.extra[t]
	return ok
}
