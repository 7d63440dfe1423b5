package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// guardsFile renders the envelope's guards and the unions' guards.
func (g *generator) guardsFile() *jen.File {
	env := g.s.Envelope
	var unionGuards []*model.Type
	for _, t := range g.s.Types {
		if t.Guard != nil {
			unionGuards = append(unionGuards, t)
		}
	}
	if len(unionGuards) == 0 && (env == nil || len(env.Guards) == 0) {
		return nil
	}
	f := g.newFile()
	if env != nil {
		sel := env.Type.Select
		for _, gd := range env.Guards {
			name := g.helperNames[gd.Name]
			var kind jen.Code
			for i, v := range sel.By.Type.Values {
				if v == gd.Kind {
					kind = jen.Id(g.consts[sel.By.Type][i])
				}
			}
			isKind := jen.Id("msg").Dot(g.fields[sel.By]).Call().Op("==").Add(kind)
			var body []jen.Code
			if gd.Unless != nil {
				// As the schema says it: the kind, and not the other union.
				notOther := jen.Op("!").Id(g.helperNames[gd.Unless.Guard.Name]).Call(jen.Id("msg").Dot(g.fields[env.Payload]))
				body = []jen.Code{jen.Return(isKind.Op("&&").Add(notOther))}
			} else if gd.Payload != nil {
				body = []jen.Code{
					jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("msg").Dot(g.fields[env.Payload]).Assert(jen.Id(g.names[gd.Payload])),
					jen.Return(jen.Id("ok").Op("&&").Add(isKind)),
				}
			} else {
				body = []jen.Code{jen.Return(isKind)}
			}
			f.Add(doc(sentence(name, gd.Description, true)))
			f.Func().Id(name).Params(jen.Id("msg").Id(g.names[env.Type])).Bool().Block(body...)
			f.Line()
		}
	}
	for _, t := range unionGuards {
		name := g.helperNames[t.Guard.Name]
		param, typ := g.guardParam(t)
		f.Add(doc(sentence(name, t.Guard.Description, true)))
		f.Func().Id(name).Params(jen.Id(param).Add(typ)).Bool().Block(
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id(param).Assert(jen.Id(g.names[t])),
			jen.Return(jen.Id("ok")),
		)
		f.Line()
	}
	return f
}

// guardParam is the parameter of a union's guard: a value of the widest
// union that holds it (the envelope's payload union when it is in it).
func (g *generator) guardParam(t *model.Type) (string, *jen.Statement) {
	if env := g.s.Envelope; env != nil && t.IsMemberOf(env.Payload.Type) && t != env.Payload.Type {
		return local(env.Payload.Name), jen.Id(g.names[env.Payload.Type])
	}
	top := t
	for len(top.Unions) > 0 {
		top = top.Unions[0]
	}
	if top == t {
		return "v", jen.Any()
	}
	return local(top.Name), jen.Id(g.names[top])
}
