package golang

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/wtf8"
)

// quotedTags lists tags for messages: sorted, each as JSON.stringify
// writes it.
func quotedTags(tags []string) string {
	tags = slices.Sorted(slices.Values(tags))
	for i, tag := range tags {
		tags[i] = wtf8.Quote(tag)
	}
	return strings.Join(tags, ", ")
}

// runeLit is a Go rune literal: '{'.
func runeLit(r rune) jen.Code { return jen.Op(strconv.QuoteRune(r)) }

// rawLit is a Go string literal, backquoted when it can be; a long one is
// cut into pieces a line (see splitLit).
func rawLit(s string) jen.Code { return rawLits(s) }

// rawLits is rawLit of the parts joined; when that is long, each part
// starts a line of its own.
func rawLits(parts ...string) jen.Code {
	s := strings.Join(parts, "")
	quote := func(s string) string { return "`" + s + "`" }
	if strings.ContainsAny(s, "`\r") || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f || r == 0xfeff }) {
		quote = strconv.Quote
	}
	if len(quote(s)) <= litWidth+2 {
		parts = []string{s}
	}
	var pieces []string
	for _, p := range parts {
		for _, piece := range splitLit(p, quote) {
			pieces = append(pieces, quote(piece))
		}
	}
	return joinLines(pieces)
}

// typeCodec renders the decoder and encoder of t; objects, unions,
// nullables and maps, tuples, literals and null are written with encoders
// of their own (kindEncoder).
func (g *onePass) typeCodec(f *jen.File, t *model.Type) {
	if !g.kindCodec(f, t) {
		g.ownCodec(f, t)
	}
	g.kindEncoder(f, t)
}

// ownCodec renders the decoder and encoder of t, of a kind kindCodec
// does not render: objects, enums, unions told apart by a tag, arrays
// and scalars.
func (g *onePass) ownCodec(f *jen.File, t *model.Type) {
	dec, enc := g.decodes[t], g.encodes[t]
	switch t.Kind {
	case model.KindObject:
		if dec {
			g.objectDecoder(f, t)
			if t.Select != nil {
				g.selectRead(f, t)
			}
		}
	case model.KindEnum:
		g.enumCodec(f, t)
	case model.KindUnion:
		switch {
		case dec && t.Discriminator != "":
			g.unionDecoder(f, t)
		case dec:
			g.trialDecoder(f, t)
		}
		if enc {
			g.unionEncoder(f, t)
		}
	case model.KindScalarUnion:
		g.scalarUnionCodec(f, t)
	case model.KindArray:
		g.arrayCodec(f, t)
	case model.KindNullable:
		g.nullableDecoder(f, t)
	case model.KindMap:
		g.mapDecoder(f, t)
	default:
		g.scalarCodec(f, t)
	}
}

// what names t in a comment.
func (g *onePass) what(t *model.Type) string {
	if t.Name != "" {
		return article(g.names[t]) + " " + g.names[t]
	}
	name := g.goType(t).GoString()
	return article(name) + " " + name
}

// withArticle is w after its indefinite article: an Int64, a Person.
func withArticle(w string) string { return article(w) + " " + w }

func article(w string) string {
	if w != "" && strings.ContainsRune("AEIOUaeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

func (g *onePass) decodeFunc(f *jen.File, t *model.Type, params []jen.Code, result jen.Code, body ...jen.Code) {
	if !g.decodes[t] {
		return
	}
	body = append(g.deferCheck(t, "d"), body...)
	f.Add(doc(fmt.Sprintf("decode%s decodes %s.", g.fn[t], g.what(t))))
	stmt := f.Func().Params(jen.Id("d").Op("*").Id("decoder")).Id("decode" + g.fn[t]).Params(params...)
	if result != nil {
		stmt.Add(result)
	}
	stmt.Block(body...)
	f.Line()
}

func (g *onePass) encodeFunc(f *jen.File, t *model.Type, param jen.Code, body ...jen.Code) {
	g.encodeFuncOf(f, t, "v", param, body...)
}

// encodeFuncOf renders the encoder of t, whose parameter is name.
func (g *onePass) encodeFuncOf(f *jen.File, t *model.Type, name string, param jen.Code, body ...jen.Code) {
	if !g.encodes[t] {
		return
	}
	body = append(g.deferCheck(t, "e"), body...)
	f.Add(doc(fmt.Sprintf("encode%s writes %s.", g.fn[t], g.what(t))))
	f.Func().Params(jen.Id("e").Op("*").Id("encoder")).Id("encode" + g.fn[t]).Params(jen.Id(name).Add(param)).Block(body...)
	f.Line()
}

// keepsOrder says whether values of t remember the order their properties
// were read in: objects of more than one property.
func keepsOrder(t *model.Type) bool { return len(t.Fields) > 1 || !t.Closed }

// positions maps each property of t to its position in the order Marshal
// writes them: the index in seen, and what readOrder records; schema
// order (its keys variable).
func (g *onePass) positions(t *model.Type) map[*model.Field]int {
	index := map[*model.Field]int{}
	for i, fl := range t.Fields {
		index[fl] = i
	}
	return index
}

func (g *onePass) objectDecoder(f *jen.File, t *model.Type) {
	sel := t.Select
	index := g.positions(t)
	ordered := keepsOrder(t)
	body := []jen.Code{jen.If(jen.Op("!").Id("d").Dot("beginObject").Call()).Block(jen.Return())}
	open := g.isOpen(t)
	if open {
		body = append(body, g.openDecl(t), jen.Var().Id("order").Id("readOrder"))
	}
	if len(t.Fields) == 0 && open {
		body = append(body, jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextKey").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(
			append(g.openMember(t), d().Dot("pop").Call())...),
			g.keepOrder(t))
		g.decodeFunc(f, t, []jen.Code{jen.Id("v").Op("*").Id(g.names[t])}, nil, body...)
		return
	}
	if len(t.Fields) == 0 {
		body = append(body, jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextKey").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(
			d().Dot("unknown").Call()))
		g.decodeFunc(f, t, []jen.Code{jen.Id("v").Op("*").Id(g.names[t])}, nil, body...)
		return
	}
	body = append(body, jen.Var().Id("seen").Index(jen.Lit(len(t.Fields))).Bool())
	if ordered && !open {
		body = append(body, jen.Var().Id("order").Id("readOrder"))
	}
	// The selector's value: kind where no field holds it (derived), else
	// the Go field v holds (selectRead).
	selector := jen.Id("kind")
	byLocal := sel != nil && !g.isField(t, sel.By)
	if byLocal {
		body = append(body, jen.Var().Id("kind").Id(g.names[sel.By.Type]))
	} else if sel != nil {
		selector = jen.Id("v")
	}
	if sel != nil {
		body = append(body, jen.Id("deferred").Op(":=").Lit(-1))
	}
	var cases []jen.Code
	for _, fl := range t.Fields {
		i := index[fl]
		stmts := []jen.Code{d().Dot("field").Call(jen.Op("&").Id("seen").Index(jen.Lit(i)), jen.Lit(fl.Name))}
		switch {
		case open:
			// Every property is recorded: the undeclared members are
			// placed among them.
			stmts = append(stmts, jen.Id("order").Dot("disorder").Call(jen.Id("seen").Index(jen.Empty(), jen.Empty()), jen.Lit(i)))
		case ordered:
			stmts = append(stmts, jen.Id("order").Dot("add").Call(jen.Id("seen").Index(jen.Empty(), jen.Empty()), jen.Lit(i)))
		}
		switch {
		case isConstant(fl):
			// No field holds it: read, checked, and dropped.
			stmts = append(stmts, g.decodeExpr(fl.Type))
		case byLocal && fl == sel.By:
			stmts = append(stmts, jen.Id("kind").Op("=").Add(g.decodeExpr(fl.Type)))
		case sel != nil && fl == sel.Field:
			stmts = append(stmts, d().Dot("selected").Call(), jen.If(jen.Id("seen").Index(jen.Lit(index[sel.By]))).Block(
				jen.Id("v").Dot(g.fields[fl]).Op("=").Id("d").Dot(g.choose[t]).Call(selector),
			).Else().Block(
				jen.Id("deferred").Op("=").Id("d").Dot("mark").Call(),
				d().Dot("skip").Call(),
			))
		default:
			stmts = append(stmts, g.decodeField(fl)...)
		}
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(stmts...))
	}
	if open {
		cases = append(cases, jen.Default().Block(g.openMember(t)...))
	} else {
		cases = append(cases, jen.Default().Block(d().Dot("unknown").Call(), jen.Continue()))
	}
	body = append(body, jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextKey").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(
		jen.Switch(jen.String().Parens(jen.Id("d").Dot("key"))).Block(cases...),
		d().Dot("pop").Call(),
	))
	if sel != nil {
		body = append(body, jen.If(jen.Id("deferred").Op(">=").Lit(0)).Block(
			jen.Id("back").Op(":=").Id("d").Dot("at").Call(jen.Id("deferred")),
			d().Dot("push").Call(jen.Lit(sel.Field.Name)),
			d().Dot("selected").Call(),
			jen.Id("v").Dot(g.fields[sel.Field]).Op("=").Id("d").Dot(g.choose[t]).Call(selector),
			d().Dot("pop").Call(),
			d().Dot("at").Call(jen.Id("back")),
		))
	}
	for _, fl := range required(t) {
		body = append(body, d().Dot("required").Call(jen.Id("seen").Index(jen.Lit(index[fl])), jen.Lit(fl.Name)))
	}
	if ordered {
		body = append(body, g.keepOrder(t))
	}
	g.decodeFunc(f, t, []jen.Code{jen.Id("v").Op("*").Id(g.names[t])}, nil, body...)
}

// keepOrder is the statement keeping in v what readOrder has followed of
// the order of its properties: the keys (readOrder.names), with the
// undeclared members' names in their places.
func (g *onePass) keepOrder(t *model.Type) jen.Code {
	switch {
	case g.typedExtra(t) && g.native:
		return jen.Id("v").Dot("keys").Op("=").Id("nativeNames").Call(jen.Op("&").Id("order"), jen.Id("d"), jen.Id(g.keysName(t)), jen.Op("&").Id("keys"))
	case g.typedExtra(t):
		return jen.Id("v").Dot("keys").Op("=").Id("mapNames").Call(jen.Op("&").Id("order"), jen.Id("d"), jen.Id(g.keysName(t)), jen.Op("&").Id("v").Dot(g.extra[t]))
	}
	extra := jen.Nil()
	if g.isOpen(t) {
		extra = jen.Id("v").Dot(g.extra[t])
	}
	return jen.Id("v").Dot("keys").Op("=").Id("order").Dot("names").Call(jen.Id("d"), jen.Id(g.keysName(t)), extra)
}

// required lists t's required fields in the order its check's "required"
// rule names them: of several that are missing, the decoder reports the
// first, as the checks do.
func required(t *model.Type) []*model.Field {
	var out []*model.Field
	if t.Check != nil {
		for _, r := range t.Check.Rules {
			if r, ok := r.(*model.RequiredRule); ok {
				for _, name := range r.Names {
					if fl := t.Field(name); fl != nil && !slices.Contains(out, fl) {
						out = append(out, fl)
					}
				}
			}
		}
	}
	for _, fl := range t.Fields {
		if fl.Required && !slices.Contains(out, fl) {
			out = append(out, fl)
		}
	}
	return out
}

// decodeField decodes the value of property fl into v.
func (g *onePass) decodeField(fl *model.Field) []jen.Code {
	field := func() *jen.Statement { return jen.Id("v").Dot(g.fields[fl]) }
	if g.bridged(fl.Type) || fl.Type.Kind == model.KindNullable {
		// Read by its own function, or whole by the value-tree codec.
		switch g.fieldPresence(fl) {
		case nilAbsent, nullPointer:
			return []jen.Code{jen.Id("x").Op(":=").Add(g.decodeExpr(fl.Type)), field().Op("=").Op("&").Id("x")}
		}
		return []jen.Code{field().Op("=").Add(g.decodeExpr(fl.Type))}
	}
	switch g.fieldPresence(fl) {
	case always, zeroAbsent:
		return []jen.Code{g.decodeInto(fl.Type, field())}
	case nilAbsent:
		if fl.Type.Kind == model.KindObject {
			return []jen.Code{
				field().Op("=").New(g.goType(fl.Type)),
				d().Dot("decode" + g.fn[fl.Type]).Call(field()),
			}
		}
		return []jen.Code{
			jen.Id("x").Op(":=").Add(g.decodeExpr(fl.Type)),
			field().Op("=").Op("&").Id("x"),
		}
	}
	null := g.nullName(fl.Type)
	wrap := func(c jen.Code) *jen.Statement {
		if g.fieldPresence(fl) == nullPointer {
			return jen.Op("&").Add(c)
		}
		return jen.Add(c)
	}
	value := []jen.Code{field().Op("=").Add(wrap(jen.Id(null).Values(kv("Value", g.decodeExpr(fl.Type)))))}
	if fl.Type.Kind == model.KindObject {
		value = []jen.Code{
			jen.Var().Id("x").Id(null),
			d().Dot("decode" + g.fn[fl.Type]).Call(jen.Op("&").Id("x").Dot("Value")),
			field().Op("=").Add(wrap(jen.Id("x"))),
		}
	}
	isNull := d().Dot("null").Call()
	if fn := g.nullCheck(fl); fn != nil {
		isNull = d().Dot("nullChecked").Call(fn)
	}
	return []jen.Code{jen.If(isNull).Block(
		field().Op("=").Add(wrap(jen.Id(null).Values(kv("Null", jen.True())))),
	).Else().Block(value...)}
}

// enumValues lists the values of enum t for a message, as the check
// runtime's enum says them.
func enumValues(t *model.Type) string {
	quoted := make([]string, len(t.Values))
	for i, v := range t.Values {
		quoted[i] = wtf8.Quote(v)
	}
	return strings.Join(quoted, ", ")
}

func (g *onePass) enumCodec(f *jen.File, t *model.Type) {
	var dcases, ecases []jen.Code
	for i, v := range t.Values {
		dcases = append(dcases, jen.Case(jen.Lit(v)).Block(jen.Return(jen.Id(g.consts[t][i]))))
		ecases = append(ecases, jen.Case(jen.Id(g.consts[t][i])).Block(
			jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), jen.Add(rawLit(wtf8.Quote(v))).Op("..."))))
	}
	values := enumValues(t)
	read := jen.Id("d").Dot("strBytes").Call()
	if !saysType(t) {
		// Another value breaks the enum, the one rule there is.
		read = jen.Id("d").Dot("enumBytes").Call(rawLit(values))
	}
	g.decodeFunc(f, t, nil, jen.Id(g.names[t]),
		jen.List(jen.Id("b"), jen.Id("ok")).Op(":=").Add(read),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Lit(""))),
		jen.Switch(jen.String().Parens(jen.Id("b"))).Block(dcases...),
		d().Dot("enumError").Call(jen.Id("b"), rawLit(values)),
		jen.Return(jen.Lit("")),
	)
	ecases = append(ecases, jen.Default().Block(
		e().Dot("failRule").Call(jen.Lit("enum"), jen.Add(rawLit("must be one of "+values+", got ")).Op("+").Id("quote").Call(jen.String().Parens(jen.Id("v")))),
		e().Dot("str").Call(jen.String().Parens(jen.Id("v"))),
	))
	g.encodeFunc(f, t, jen.Id(g.names[t]), jen.Switch(jen.Id("v")).Block(ecases...))
}

// saysType reports whether t's check has a type rule: without one, the
// check runtime reports a value of another type as breaking t's other rules.
func saysType(t *model.Type) bool {
	return checksOf(t) == nil || typeRule(checksOf(t)) != nil
}

// typeRule is the type rule of check ch, nil for none.
func typeRule(ch *model.Check) *model.TypeRule {
	if ch == nil {
		return nil
	}
	for _, r := range ch.Rules {
		if r, ok := r.(*model.TypeRule); ok {
			return r
		}
	}
	return nil
}

func (g *onePass) unionDecoder(f *jen.File, t *model.Type) {
	list := g.tagLists[t]
	var cases []jen.Code
	for _, leaf := range t.Leaves() {
		cases = append(cases, jen.Case(jen.Lit(t.TagIn(leaf))).Block(g.decodeMember(leaf, jen.Id("v").Op("=").Id("p"))))
	}
	cases = append(cases, jen.Default().Block(d().Dot("badTag").Call(jen.Lit(t.Discriminator), jen.Id("tag"), jen.Id(list))))
	g.decodeFunc(f, t, nil, jen.Id(g.names[t]),
		jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("d").Dot("tag").Call(jen.Lit(t.Discriminator), jen.Id(list)),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
		jen.Var().Id("v").Id(g.names[t]),
		jen.Switch(jen.String().Parens(jen.Id("tag"))).Block(cases...),
		jen.Return(jen.Id("v")),
	)
}

// decodeMember decodes member m of a union, then, unless the decoder only
// validates, keeps p, the *m it read. A decoder that only validates reads
// the member into a value on the stack: no allocation per line.
func (g *onePass) decodeMember(m *model.Type, keep jen.Code) jen.Code {
	return jen.If(jen.Id("d").Dot("noCopy")).Block(
		jen.Var().Id("p").Id(g.names[m]),
		d().Dot("decode"+g.fn[m]).Call(jen.Op("&").Id("p")),
	).Else().Block(
		jen.Id("p").Op(":=").New(jen.Id(g.names[m])),
		d().Dot("decode"+g.fn[m]).Call(jen.Id("p")),
		keep,
	)
}

func (g *onePass) unionEncoder(f *jen.File, t *model.Type) {
	var cases []jen.Code
	for _, leaf := range t.Leaves() {
		cases = append(cases, jen.Case(jen.Op("*").Id(g.names[leaf])).Block(e().Dot("encode"+g.fn[leaf]).Call(jen.Id("v"))))
	}
	cases = append(cases, jen.Default().Block(
		e().Dot("fail").Call(jen.Lit("missing: the "+g.names[t]+" is nil")),
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), jen.Lit("null").Op("...")),
	))
	g.encodeFunc(f, t, jen.Id(g.names[t]), jen.Switch(jen.Id("v").Op(":=").Id("v").Assert(jen.Type())).Block(cases...))
}

func (g *onePass) scalarUnionCodec(f *jen.File, t *model.Type) {
	name := g.names[t]
	want := typePhrase(t)
	var dcases, ecases []jen.Code
	for _, s := range t.Scalars {
		var cond jen.Code
		var read jen.Code
		switch s {
		case "string":
			cond, read = firstBytes("kindString"), d().Dot("str").Call()
		case "number":
			cond, read = firstBytes("kindNumber"), d().Dot("float").Call()
		case "integer":
			cond, read = firstBytes("kindNumber"), d().Dot("integerOf").Call(jen.Lit(want))
		case "boolean":
			cond, read = firstBytes("kindBoolean"), d().Dot("boolean").Call()
		}
		dcases = append(dcases, jen.Case(cond).Block(jen.Return(jen.Id(name).Values(
			kv("Type", jen.Lit(s)), kv(scalarFields[s], read),
		))))
		var write jen.Code
		switch s {
		case "string":
			write = e().Dot("str").Call(jen.Id("v").Dot("String"))
		case "number":
			write = e().Dot("number").Call(jen.Id("v").Dot("Number"))
		case "integer":
			write = e().Dot("integer").Call(jen.Id("v").Dot("Integer"))
		case "boolean":
			write = e().Dot("boolean").Call(jen.Id("v").Dot("Boolean"))
		}
		ecases = append(ecases, jen.Case(jen.Lit(s)).Block(write))
	}
	g.decodeFunc(f, t, nil, jen.Id(name),
		jen.Switch(jen.Id("c").Op(":=").Id("d").Dot("peek").Call(), jen.Empty()).Block(dcases...),
		d().Dot("mismatch").Call(jen.Lit(want)),
		jen.Return(jen.Id(name).Values()),
	)
	ecases = append(ecases, jen.Default().Block(
		e().Dot("fail").Call(jen.Add(rawLit(badScalarType(t))).Op("+").Qual("strconv", "Quote").Call(jen.Id("v").Dot("Type"))),
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), jen.Lit("null").Op("...")),
	))
	g.encodeFunc(f, t, jen.Id(name), jen.Switch(jen.Id("v").Dot("Type")).Block(ecases...))
}

// typePhrase names the JSON types of t's values as its check's type rule
// does ("integer or string").
func typePhrase(t *model.Type) string {
	if r := typeRule(t.Check); r != nil {
		return r.Phrase()
	}
	return strings.Join(t.Scalars, " or ")
}

func (g *onePass) arrayCodec(f *jen.File, t *model.Type) {
	typ := g.goType(t)
	item := t.Items
	var add jen.Code
	var addMore []jen.Code
	if item.Kind == model.KindObject && !g.bridged(item) {
		add = jen.Id("v").Op("=").Append(jen.Id("v"), g.goType(item).Values())
		addMore = []jen.Code{d().Dot("decode" + g.fn[item]).Call(jen.Op("&").Id("v").Index(jen.Len(jen.Id("v")).Op("-").Lit(1)))}
	} else {
		add = jen.Id("v").Op("=").Append(jen.Id("v"), g.decodeExpr(item))
	}
	loop := []jen.Code{d().Dot("pushIndex").Call(jen.Id("i")), add}
	loop = append(loop, addMore...)
	loop = append(loop, d().Dot("pop").Call())
	body := []jen.Code{
		jen.If(jen.Op("!").Id("d").Dot("beginArray").Call()).Block(jen.Return(jen.Nil())),
		jen.Id("v").Op(":=").Add(typ.Clone()).Values(),
		jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextItem").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(loop...),
	}
	body = append(body, g.valueChecks(t, "d", jen.Id("v"), false)...)
	body = append(body, jen.Return(jen.Id("v")))
	g.decodeFunc(f, t, nil, typ.Clone(), body...)
	if !g.encodes[t] {
		return
	}

	value := jen.Id("item")
	rangeVars := jen.List(jen.Id("i"), jen.Id("item"))
	if item.Kind == model.KindObject {
		value = jen.Op("&").Id("v").Index(jen.Id("i"))
		rangeVars = jen.Id("i")
	}
	ebody := g.valueChecks(t, "e", jen.Id("v"), false)
	ebody = append(ebody,
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), runeLit('[')),
		jen.For(rangeVars.Op(":=").Range().Id("v")).Block(
			jen.If(jen.Id("i").Op(">").Lit(0)).Block(jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), runeLit(','))),
			e().Dot("pushIndex").Call(jen.Id("i")),
			g.writeValue(item, value, item.Kind == model.KindObject),
			e().Dot("pop").Call(),
		),
		jen.Id("e").Dot("buf").Op("=").Append(jen.Id("e").Dot("buf"), runeLit(']')),
	)
	g.encodeFunc(f, t, typ.Clone(), ebody...)
}

// conv converts expr, of t's base type, to t's Go type when t is named.
func (g *onePass) conv(t *model.Type, expr jen.Code) *jen.Statement {
	if _, named := g.names[t]; named {
		return jen.Id(g.names[t]).Call(expr)
	}
	return jen.Add(expr)
}

// base converts v, of t's Go type, to its base type when t is named.
func (g *onePass) base(t *model.Type, v *jen.Statement, typ *jen.Statement) *jen.Statement {
	if _, named := g.names[t]; named {
		return typ.Call(v)
	}
	return v
}

func (g *onePass) scalarCodec(f *jen.File, t *model.Type) {
	typ := g.goType(t)
	v := jen.Id("v")
	switch t.Kind {
	case model.KindString:
		dbody := []jen.Code{
			jen.List(jen.Id("b"), jen.Id("ok")).Op(":=").Id("d").Dot("strBytes").Call(),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Lit(""))),
		}
		want, typed, isConst := constString(t)
		if isConst && !typed {
			// Any other value breaks the const, not a type.
			dbody = []jen.Code{d().Dot("constant").Call(jen.Lit(want))}
		}
		dbody = append(dbody, g.valueChecks(t, "d", jen.Id("b"), true)...)
		switch {
		case isConst && !typed:
			dbody = append(dbody, jen.Return(g.conv(t, jen.Lit(want))))
		case isConst:
			dbody = append(dbody,
				jen.If(jen.String().Parens(jen.Id("b")).Op("!=").Lit(want)).Block(
					d().Dot("failShown").Call(jen.Lit("const"), jen.Lit(constWords(want)), jen.Id("b"), jen.Lit(""))),
				jen.Return(g.conv(t, d().Dot("text").Call(jen.Id("b")))))
		default:
			dbody = append(dbody, jen.Return(g.conv(t, d().Dot("text").Call(jen.Id("b")))))
		}
		g.decodeFunc(f, t, nil, typ.Clone(), dbody...)
		s := g.base(t, v.Clone(), jen.String())
		ebody := g.valueChecks(t, "e", s, false)
		if isConst {
			ebody = append(ebody, jen.If(s.Clone().Op("!=").Lit(want)).Block(
				failCall("e", "const", jen.Lit(constWords(want)).Op("+").Id("quote").Call(s.Clone()))))
		}
		ebody = append(ebody, e().Dot("str").Call(s.Clone()))
		g.encodeFunc(f, t, typ.Clone(), ebody...)
	case model.KindInteger, model.KindNumber:
		read, write, base := g.integerReader(), "integer", jen.Int64()
		if t.Kind == model.KindNumber {
			read, write, base = "float", "number", jen.Float64()
		}
		dbody := []jen.Code{jen.Id("v").Op(":=").Id("d").Dot(read).Call()}
		checks := g.valueChecks(t, "d", jen.Id("v"), false)
		if read == "wideInteger" && len(checks) > 0 {
			// Its bounds compare the number, as the checks do: beyond
			// int64 too, and with a number's words.
			asNumber := *t
			asNumber.Kind = model.KindNumber
			dbody = []jen.Code{jen.List(jen.Id("v"), jen.Id("f")).Op(":=").Id("d").Dot("wideNumber").Call()}
			checks = g.valueChecks(&asNumber, "d", jen.Id("f"), false)
		}
		dbody = append(dbody, checks...)
		dbody = append(dbody, jen.Return(g.conv(t, jen.Id("v"))))
		g.decodeFunc(f, t, nil, typ.Clone(), dbody...)
		n := g.base(t, v.Clone(), base)
		ebody := []jen.Code{}
		if t.Name != "" && len(valueRules(t)) > 0 {
			ebody = append(ebody, jen.Id("n").Op(":=").Add(n))
			n = jen.Id("n")
		}
		ebody = append(ebody, g.valueChecks(t, "e", n.Clone(), false)...)
		ebody = append(ebody, e().Dot(write).Call(n.Clone()))
		g.encodeFunc(f, t, typ.Clone(), ebody...)
	case model.KindBoolean:
		g.decodeFunc(f, t, nil, typ.Clone(), jen.Return(g.conv(t, d().Dot("boolean").Call())))
		g.encodeFunc(f, t, typ.Clone(), e().Dot("boolean").Call(g.base(t, v.Clone(), jen.Bool())))
	case model.KindRaw:
		obj := t.RawType == "object"
		g.decodeFunc(f, t, nil, typ.Clone(), jen.Return(g.conv(t, g.scalarRead(model.KindRaw, obj))))
		g.encodeFunc(f, t, typ.Clone(), e().Dot("raw").Call(v.Clone(), jen.Lit(obj)))
	}
}

// constString is the string that the check of string type t asks for
// ("const"), where that is all it asks, and whether it asks for a string
// first ("type"), which words a value of another type: its decoder checks
// it as it reads.
func constString(t *model.Type) (want string, typed, ok bool) {
	ch := checksOf(t)
	if t.Kind != model.KindString || ch == nil || len(ch.Rules) == 0 || len(ch.Rules) > 2 {
		return "", false, false
	}
	if len(ch.Rules) == 2 {
		r, isType := ch.Rules[0].(*model.TypeRule)
		if !isType || len(r.Types) != 1 || r.Types[0] != model.TypeString {
			return "", false, false
		}
	}
	c, isConst := ch.Rules[len(ch.Rules)-1].(*model.ConstRule)
	if !isConst {
		return "", false, false
	}
	want, ok = c.Value.Value.(string)
	return want, len(ch.Rules) == 2, ok
}

// constWords is the start of the message of a string other than want,
// which the string, quoted, ends.
func constWords(want string) string {
	return "must be " + wtf8.Quote(want) + ", got "
}

// valueChecks renders the rules on one value of t's check (valueRules), in
// the check's order, as the checks of any schema run them, with the
// runtime's words: v is the value read (an []byte when isBytes, in the
// decoder), or written, and recv "d" or "e" says which.
func (g *onePass) valueChecks(t *model.Type, recv string, v *jen.Statement, isBytes bool) []jen.Code {
	var code []jen.Code
	counted := false
	for _, r := range valueRules(t) {
		var failed, msg jen.Code
		switch r := r.(type) {
		case *model.LengthRule:
			if !counted {
				code = append(code, jen.Id("n").Op(":=").Id("textLength").Call(v.Clone()))
				counted = true
			}
			op, words := most(r.Max)
			failed = jen.Id("n").Op(op).Lit(r.N)
			msg = jen.Id("lengthMessage").Call(jen.Lit(words), jen.Lit(r.N), jen.Id("n"))
		case *model.CountRule:
			op, words := most(r.Max)
			failed = jen.Len(v.Clone()).Op(op).Lit(r.N)
			msg = jen.Id("countMessage").Call(jen.Lit(words), jen.Lit(r.N), jen.Lit("item"), jen.Lit("items"), jen.Len(v.Clone()))
		case *model.BoundRule:
			failed, msg = g.bound(t, r, v)
		case *model.PatternRule:
			code = append(code, jen.If(jen.Op("!").Add(g.matchCall(r.Pattern, v, isBytes))).Block(g.patternFail(recv, r.Pattern.Source, v, isBytes)))
			continue
		}
		code = append(code, jen.If(failed).Block(failCall(recv, r.Keyword(), msg)))
	}
	return code
}

// checksValue reports whether the decoder of t checks a rule on its values
// once it has read one (valueRules, constString): an anonymous type too has
// a function of its own for it.
func checksValue(t *model.Type) bool {
	_, _, isConst := constString(t)
	return len(valueRules(t)) > 0 || isConst
}

// valueRules are the rules of t's check on the value itself, which its
// decoder checks once it has read the value: the rest of the check is
// the shape the decoder reads (type, properties, items, members).
func valueRules(t *model.Type) []model.Rule {
	ch := checksOf(t)
	if ch == nil {
		return nil
	}
	var out []model.Rule
	for _, r := range ch.Rules {
		switch r.(type) {
		case *model.BoundRule, *model.LengthRule, *model.PatternRule, *model.CountRule:
			if bears(t, r) && inlineRule(t, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// jsonType is the JSON type of t's values, as model.Applies names it: a
// rule on another says nothing of t. It is "" for a type of several.
func jsonType(t *model.Type) model.JSONType {
	switch {
	case t.Kind == model.KindString || t.Kind == model.KindEnum:
		return model.TypeString
	case t.Kind == model.KindInteger || t.Kind == model.KindNumber:
		return model.TypeNumber
	case t.Kind == model.KindBoolean:
		return model.TypeBoolean
	case t.Kind == model.KindArray:
		return model.TypeArray
	case t.Kind == model.KindObject || t.Kind == model.KindMap || t.Kind == model.KindUnion || t.RawType == "object":
		return model.TypeObject
	}
	return ""
}

// boundWords are how messages say a model.BoundRule's comparison.
var boundWords = map[string]string{"atLeast": "at least ", "atMost": "at most ", "greaterThan": "greater than ", "lessThan": "less than "}

// most is the test that breaks a minimum count (minLength, minItems) or,
// when max, a maximum, and how messages say the limit.
func most(max bool) (op, words string) {
	if max {
		return ">", "at most "
	}
	return "<", "at least "
}

// bound renders the test that n (an int64 or a float64, as t's kind says)
// breaks r, and the message saying so.
func (g *onePass) bound(t *model.Type, r *model.BoundRule, n *jen.Statement) (failed, msg jen.Code) {
	op := map[string]string{"atLeast": "<", "atMost": ">", "greaterThan": "<=", "lessThan": ">="}[r.Comparison()]
	limit := r.Limit.Value
	lhs, rhs, got := n.Clone(), number(limit), jen.String().Call(jen.Id("appendNumber").Call(jen.Nil(), n.Clone()))
	if t.Kind == model.KindInteger {
		got = jen.Qual("strconv", "FormatInt").Call(n.Clone(), jen.Lit(10))
		if limit == math.Trunc(limit) && math.Abs(limit) < 1<<53 {
			rhs = jen.Op(strconv.FormatInt(int64(limit), 10))
		} else {
			lhs = jen.Float64().Call(n.Clone())
		}
	}
	return lhs.Op(op).Add(rhs), jen.Id("boundMessage").Call(jen.Lit(boundWords[r.Comparison()]), number(limit), got)
}

// patternFail records that s does not match the pattern src. The decoder,
// which has bytes, writes the message out only if it is reported.
func (g *onePass) patternFail(recv, src string, s *jen.Statement, isBytes bool) jen.Code {
	tail := jen.Id("patternWords").Op("+").Add(rawLit(src))
	if isBytes {
		return d().Dot("failShown").Call(jen.Lit("pattern"), jen.Lit(""), s.Clone(), tail)
	}
	return failCall(recv, "pattern", jen.Id("quote").Call(s.Clone()).Op("+").Add(tail))
}

// failCall records a failed check of keyword by the decoder (recv "d") or
// the encoder ("e"), whose error names the keyword as Unmarshal's does.
func failCall(recv, keyword string, msg jen.Code) jen.Code {
	if recv == "d" {
		return d().Dot("fail").Call(jen.Lit(keyword), msg)
	}
	return jen.Id(recv).Dot("failRule").Call(jen.Lit(keyword), msg)
}
