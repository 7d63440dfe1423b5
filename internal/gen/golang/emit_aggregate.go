package golang

import (
	"encoding/json"
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// aggregateFile renders PartialAggregator, which folds the partial
// payloads that have an x-omnigen aggregate into complete messages.
func (g *generator) aggregateFile() *jen.File {
	if len(g.s.Aggregates) == 0 {
		return nil
	}
	env := g.s.Envelope
	msg := g.names[env.Type]
	payloadUnion := g.names[env.Payload.Type]
	payload := g.fields[env.Payload]
	f := g.newFile()

	var partials []string
	for _, a := range g.s.Aggregates {
		partials = append(partials, "*"+g.names[a.Partial])
	}
	f.Add(doc(fmt.Sprintf(`PartialAggregator folds streamed partial messages (%s) into the complete messages they stand for. The zero value is ready to use.

A message that is not a partial passes through Push unchanged, in order. A partial belongs to the open fragment of its type (and key, for a partial that has one): start opens a fragment (completing an open one of the same type and key first, whose place in the opening order the new one takes) and counts as its first piece, delta adds a piece, stop adds the last piece and completes the fragment; a delta or stop with no open fragment opens one. The complete message is built with a builder, so it has a fresh timestamp and no value for what the partials do not carry.`, gen.JoinOr(partials, "and"))))
	f.Type().Id("PartialAggregator").Struct(
		jen.Id("open").Index().Id("openFragment"),
	)
	f.Line()
	f.Comment("openFragment is a fragment that has not stopped yet.")
	f.Type().Id("openFragment").Struct(
		jen.Id("tag").String(),
		jen.Id("key").String(),
		jen.Id("state").Id("fragment"),
	)
	f.Line()
	f.Comment("fragment accumulates the pieces of one streamed fragment.")
	f.Type().Id("fragment").Interface(
		jen.Id("add").Params(jen.Id("p").Id(payloadUnion)),
		jen.Id("complete").Params().Id(msg),
	)
	f.Line()

	var cases []jen.Code
	var fresh []jen.Code
	for _, a := range g.s.Aggregates {
		name := g.aggregateFragment(f, a)
		key := jen.Lit("")
		if a.Key != nil {
			key = jen.Id("v").Dot(g.fields[a.Key])
		}
		cases = append(cases, jen.Case(jen.Op("*").Id(g.names[a.Partial])).Block(
			jen.List(jen.Id("tag"), jen.Id("key"), jen.Id("phase")).Op("=").List(jen.Lit(a.Partial.TagValue()), key, jen.String().Parens(jen.Id("v").Dot(g.fields[a.Phase]))),
		))
		fresh = append(fresh, jen.Case(jen.Lit(a.Partial.TagValue())).Block(jen.Return(jen.New(jen.Id(name)))))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Index().Id(msg).Values(jen.Id("msg")))))

	f.Add(doc("Push adds msg and returns the messages that are now complete: msg itself when it is not a partial, the completed message when msg stops a fragment (or starts one while another of the same type and key is open), else none."))
	f.Func().Params(jen.Id("a").Op("*").Id("PartialAggregator")).Id("Push").Params(jen.Id("msg").Id(msg)).Index().Id(msg).Block(
		jen.Var().List(jen.Id("tag"), jen.Id("key"), jen.Id("phase")).String(),
		jen.Switch(jen.Id("v").Op(":=").Id("msg").Dot(payload).Assert(jen.Type())).Block(cases...),
		jen.Var().Id("out").Index().Id(msg),
		jen.Id("i").Op(":=").Id("a").Dot("find").Call(jen.Id("tag"), jen.Id("key")),
		jen.Switch().Block(
			jen.Case(jen.Id("i").Op(">=").Lit(0).Op("&&").Id("phase").Op("==").Lit("start")).Block(
				jen.Comment("The open fragment completes, and the new one takes its place in"),
				jen.Comment("the opening order."),
				jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("a").Dot("open").Index(jen.Id("i")).Dot("state").Dot("complete").Call()),
				jen.Id("a").Dot("open").Index(jen.Id("i")).Dot("state").Op("=").Id("newFragment").Call(jen.Id("tag")),
			),
			jen.Case(jen.Id("i").Op("<").Lit(0)).Block(
				jen.Id("a").Dot("open").Op("=").Append(jen.Id("a").Dot("open"), jen.Id("openFragment").Values(
					kv("tag", jen.Id("tag")), kv("key", jen.Id("key")), kv("state", jen.Id("newFragment").Call(jen.Id("tag"))))),
				jen.Id("i").Op("=").Len(jen.Id("a").Dot("open")).Op("-").Lit(1),
			),
		),
		jen.Id("a").Dot("open").Index(jen.Id("i")).Dot("state").Dot("add").Call(jen.Id("msg").Dot(payload)),
		jen.If(jen.Id("phase").Op("==").Lit("stop")).Block(
			jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("a").Dot("close").Call(jen.Id("i"))),
		),
		jen.Return(jen.Id("out")),
	)
	f.Line()

	f.Add(doc("Flush completes the fragments still open, in the order they were first opened (a fragment restarted by a start keeps the place of the one it replaced), and forgets them."))
	f.Func().Params(jen.Id("a").Op("*").Id("PartialAggregator")).Id("Flush").Params().Index().Id(msg).Block(
		jen.Var().Id("out").Index().Id(msg),
		jen.For(jen.List(jen.Id("_"), jen.Id("o")).Op(":=").Range().Id("a").Dot("open")).Block(
			jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("o").Dot("state").Dot("complete").Call()),
		),
		jen.Id("a").Dot("open").Op("=").Nil(),
		jen.Return(jen.Id("out")),
	)
	f.Line()

	f.Comment("find returns the index of the open fragment of tag and key, or -1.")
	f.Func().Params(jen.Id("a").Op("*").Id("PartialAggregator")).Id("find").Params(jen.List(jen.Id("tag"), jen.Id("key")).String()).Int().Block(
		jen.For(jen.List(jen.Id("i"), jen.Id("o")).Op(":=").Range().Id("a").Dot("open")).Block(
			jen.If(jen.Id("o").Dot("tag").Op("==").Id("tag").Op("&&").Id("o").Dot("key").Op("==").Id("key")).Block(jen.Return(jen.Id("i"))),
		),
		jen.Return(jen.Lit(-1)),
	)
	f.Line()

	f.Comment("close completes the open fragment i and forgets it.")
	f.Func().Params(jen.Id("a").Op("*").Id("PartialAggregator")).Id("close").Params(jen.Id("i").Int()).Id(msg).Block(
		jen.Id("m").Op(":=").Id("a").Dot("open").Index(jen.Id("i")).Dot("state").Dot("complete").Call(),
		jen.Id("a").Dot("open").Op("=").Append(jen.Id("a").Dot("open").Index(jen.Empty(), jen.Id("i")), jen.Id("a").Dot("open").Index(jen.Id("i").Op("+").Lit(1), jen.Empty()).Op("...")),
		jen.Return(jen.Id("m")),
	)
	f.Line()

	f.Comment("newFragment returns an empty fragment for partials of type tag.")
	f.Func().Id("newFragment").Params(jen.Id("tag").String()).Id("fragment").Block(
		jen.Switch(jen.Id("tag")).Block(fresh...),
		jen.Return(jen.Nil()),
	)
	f.Line()

	f.Add(doc("AggregateAll pushes each of msgs through a new PartialAggregator, then flushes it, and returns every message that came out, in order."))
	f.Func().Id("AggregateAll").Params(jen.Id("msgs").Index().Id(msg)).Index().Id(msg).Block(
		jen.Var().Id("a").Id("PartialAggregator"),
		jen.Var().Id("out").Index().Id(msg),
		jen.For(jen.List(jen.Id("_"), jen.Id("m")).Op(":=").Range().Id("msgs")).Block(
			jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("a").Dot("Push").Call(jen.Id("m")).Op("...")),
		),
		jen.Return(jen.Append(jen.Id("out"), jen.Id("a").Dot("Flush").Call().Op("..."))),
	)
	f.Line()
	return f
}

// aggField is what a fragment keeps of one partial property.
type aggField struct {
	f    *model.Field
	name string // the fragment's field
	// appended fields are strings.Builders.
	appended bool
}

// aggregateFragment renders the fragment type of one aggregate and returns
// its name.
func (g *generator) aggregateFragment(f *jen.File, a *model.Aggregate) string {
	name := g.fragmentNames[a]
	var fields []aggField
	var decls []jen.Code
	addField := func(fl *model.Field, appended bool) {
		af := aggField{f: fl, name: local(fl.Name), appended: appended}
		fields = append(fields, af)
		if appended {
			decls = append(decls, jen.Id(af.name).Qual("strings", "Builder"))
		} else {
			decls = append(decls, jen.Id(af.name).Add(g.fieldType(fl)))
		}
	}
	var add []jen.Code
	add = append(add, jen.Id("v").Op(":=").Id("p").Assert(jen.Op("*").Id(g.names[a.Partial])))
	isAppend := map[*model.Field]bool{}
	for _, fl := range a.Append {
		isAppend[fl] = true
	}
	isOverride := map[*model.Field]bool{}
	for _, fl := range a.Override {
		isOverride[fl] = true
	}
	for _, fl := range a.Partial.Fields {
		if fl.Const != nil || fl == a.Phase {
			continue
		}
		src := jen.Id("v").Dot(g.fields[fl])
		switch {
		case isAppend[fl]:
			addField(fl, true)
			dst := jen.Id("f").Dot(local(fl.Name))
			if g.fieldPresence(fl) == always {
				add = append(add, dst.Dot("WriteString").Call(src))
			} else {
				add = append(add, jen.If(src.Clone().Op("!=").Nil()).Block(dst.Dot("WriteString").Call(jen.Op("*").Add(src.Clone()))))
			}
		case isOverride[fl]:
			addField(fl, false)
			add = append(add, jen.If(g.notEmpty(fl.ValueType(), src.Clone())).Block(jen.Id("f").Dot(local(fl.Name)).Op("=").Add(src.Clone())))
		default: // the key and the latest fields
			addField(fl, false)
			assign := jen.Id("f").Dot(local(fl.Name)).Op("=").Add(src.Clone())
			if g.fieldPresence(fl) == always || g.fieldPresence(fl) == nullValue {
				add = append(add, assign)
			} else {
				add = append(add, jen.If(g.notAbsent(fl, src.Clone())).Block(assign))
			}
		}
	}
	f.Add(doc(fmt.Sprintf("%s accumulates %s pieces into the message %s makes.", name, g.names[a.Partial], g.builders[a.Into].name)))
	f.Type().Id(name).Struct(decls...)
	f.Line()
	f.Func().Params(jen.Id("f").Op("*").Id(name)).Id("add").Params(jen.Id("p").Id(g.names[g.s.Envelope.Payload.Type])).Block(add...)
	f.Line()

	// complete passes each kept property to the param that fills the
	// property of the same name.
	byName := map[string]aggField{}
	for _, af := range fields {
		byName[af.f.Name] = af
	}
	info := g.builders[a.Into]
	var pre, args, members []jen.Code
	for _, pi := range info.params {
		af, ok := byName[pi.p.Field.Name]
		var value jen.Code
		switch {
		case constOf(a.Partial, pi) != nil:
			// The partial's fixed value (its role) is the message's.
			value, _ = g.literal(pi.p.Field.ValueType(), constOf(a.Partial, pi), "")
			ok = true
		case !ok:
			value = zeroValue(pi)
		case af.appended:
			value = jen.Id("f").Dot(af.name).Dot("String").Call()
			if pi.typ.GoString()[0] == '*' {
				tmp := af.name + "Value"
				pre = append(pre, jen.Id(tmp).Op(":=").Add(value))
				value = jen.Op("&").Id(tmp)
			}
		default:
			value = jen.Id("f").Dot(af.name)
			src, dst := g.fieldType(af.f).GoString(), pi.typ.GoString()
			switch {
			case src == dst:
			case "*"+src == dst:
				value = jen.Op("&").Id("f").Dot(af.name)
			}
		}
		switch {
		case pi.positional:
			args = append(args, value)
		case ok:
			members = append(members, kv(pi.name, value))
		}
	}
	if len(members) > 0 {
		args = append(args, jen.Id(info.options).Values(lines(members)...))
	}
	call := jen.Id(info.name).Call(args...)
	body := append(pre, jen.Return(call))
	f.Func().Params(jen.Id("f").Op("*").Id(name)).Id("complete").Params().Id(g.names[g.s.Envelope.Type]).Block(body...)
	f.Line()
	return name
}

// constOf is the JSON of the const value the partial has for the property
// the param fills, nil when it has none.
func constOf(partial *model.Type, pi *paramInfo) json.RawMessage {
	f := partial.Field(pi.p.Field.Name)
	if f == nil || f.Const == nil || f == partial.Tag {
		return nil
	}
	b, _ := json.Marshal(*f.Const)
	return b
}

// zeroValue is the Go zero value of a param's type.
func zeroValue(pi *paramInfo) jen.Code {
	s := pi.typ.GoString()
	switch {
	case s[0] == '*', s[0] == '[':
		return jen.Nil()
	case s == "string":
		return jen.Lit("")
	}
	if t := pi.p.Field.ValueType(); t.Kind != model.KindObject && t.Kind != model.KindScalarUnion {
		return zeroLit(t)
	}
	return pi.typ.Clone().Values()
}

// nameAggregates checks every aggregate and names its fragment type.
func (g *generator) nameAggregates() error {
	g.fragmentNames = map[*model.Aggregate]string{}
	if len(g.s.Aggregates) == 0 {
		return nil
	}
	env := g.s.Envelope
	ptrOf := func(a *model.Aggregate) string { return a.Partial.Pointer + "/x-omnigen/aggregate" }
	if env == nil {
		return errorf(ptrOf(g.s.Aggregates[0]), "aggregation needs an envelope: the partials and the complete messages are envelopes")
	}
	for _, name := range []string{"PartialAggregator", "AggregateAll"} {
		if err := g.export(name, ptrOf(g.s.Aggregates[0])); err != nil {
			return err
		}
	}
	for _, n := range []string{"openFragment", "fragment", "newFragment"} {
		if g.taken[n] {
			return errorf(ptrOf(g.s.Aggregates[0]), "internal name %s is taken", n)
		}
		g.taken[n] = true
	}
	for _, a := range g.s.Aggregates {
		if a.Key != nil && g.fieldPresence(a.Key) != always {
			return errorf(ptrOf(a)+"/key", "the key must be a required string")
		}
		for _, pi := range g.builders[a.Into].params {
			if c := constOf(a.Partial, pi); c != nil {
				if _, err := g.literal(pi.p.Field.ValueType(), c, ptrOf(a)+"/into"); err != nil {
					return err
				}
			}
		}
		for _, fl := range a.Partial.Fields {
			if fl.Const != nil || fl == a.Phase {
				continue
			}
			if g.fieldPresence(fl) == nullValue || g.fieldPresence(fl) == nullPointer {
				return errorf(ptrOf(a), "aggregating a nullable property (%q) is not supported", fl.Name)
			}
			pi := g.builders[a.Into].param(fl.Name)
			if pi == nil {
				continue
			}
			into := pi.p.Field.ValueType()
			if into != fl.ValueType() && !(into.Name == "" && fl.ValueType().Name == "" && into.Kind == fl.ValueType().Kind && into.Kind != model.KindArray) {
				return errorf(ptrOf(a)+"/into", "%s's %q and %s's %q have different types", a.Partial.Name, fl.Name, a.Into.Target.Name, fl.Name)
			}
			if !g.isAppended(a, fl) {
				src, dst := g.fieldType(fl).GoString(), pi.typ.GoString()
				if src != dst && "*"+src != dst {
					return errorf(ptrOf(a)+"/into", "cannot pass %s's %q (%s) to %s's %s (%s)", a.Partial.Name, fl.Name, src, a.Into.Name, pi.p.Name, dst)
				}
			}
		}
		g.fragmentNames[a] = g.unexported(lowerName(g.names[a.Partial]) + "Fragment")
	}
	return nil
}

func (g *generator) isAppended(a *model.Aggregate, fl *model.Field) bool {
	for _, x := range a.Append {
		if x == fl {
			return true
		}
	}
	return false
}

// param returns the builder's param filling the property named field.
func (b *builderInfo) param(field string) *paramInfo {
	for _, pi := range b.params {
		if pi.p.Field.Name == field {
			return pi
		}
	}
	return nil
}
