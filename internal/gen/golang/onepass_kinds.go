package golang

import (
	"fmt"
	"slices"
	"strings"

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
	switch {
	case t.Select != nil:
		return g.selectedRead(t, none)
	case t.By == model.ByKind:
		var cases []jen.Code
		for _, m := range t.Members {
			first := firstBytes(kindOfMember(m))
			if first == nil {
				// The member holding the kinds the others do not: the
				// switch returns in every case.
				cases = append(cases, jen.Default().Block(g.memberRead(t, m)...))
				none = nil
				break
			}
			cases = append(cases, jen.Case(first).Block(g.memberRead(t, m)...))
		}
		if phrase, ok := kindRule(t); ok && none != nil {
			// Of no member's type: the check's words.
			none = []jen.Code{d().Dot("mismatch").Call(jen.Lit(phrase)), jen.Return(jen.Nil())}
		}
		return append([]jen.Code{jen.Switch(jen.Id("c").Op(":=").Id("d").Dot("peek").Call(), jen.Empty()).Block(cases...)}, none...)
	case t.By == model.ByTag:
		if cl := tagRule(t); cl != nil {
			return g.taggedRead(t, cl)
		}
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

// selectedRead is the body of the decoder of union t, whose own property
// picks the member: read ahead (decoder.selector), its string value picks
// the member as the value-tree codec picks it (readSelect), else t's Else
// type, else none; the union's check, whole, words the rest.
func (g *onePass) selectedRead(t *model.Type, none []jen.Code) []jen.Code {
	sel := t.Select
	var cases []jen.Code
	for _, c := range sel.Cases {
		cases = append(cases, jen.Case(jen.Lit(c.Value)).Block(g.memberRead(t, c.Type)...))
	}
	body := []jen.Code{jen.If(jen.List(jen.Id("b"), jen.Id("ok")).Op(":=").Id("d").Dot("selector").Call(jen.Lit(sel.By.Name)), jen.Id("ok")).Block(
		jen.Switch(jen.String().Parens(jen.Id("b"))).Block(cases...),
	)}
	if sel.Else != nil {
		return append(body, g.memberRead(t, sel.Else)...)
	}
	return append(body, none...)
}

// tagRule is the closest member of the oneOf of union t, told apart by its
// tag, where that is its check's one rule and words a failure as the decoder does reading the
// tag and then the member it picks (taggedRead): every member an object
// that its tag names, checked by its type's check. Nil otherwise: the union
// is checked whole.
func tagRule(t *model.Type) *model.Closest {
	if t.By != model.ByTag {
		return nil
	}
	checks, cl, oneOf := memberRule(t)
	if !oneOf || cl.Tag != t.Discriminator || len(cl.Tags) != len(t.Members) {
		return nil
	}
	for i, m := range t.Members {
		var tags []string
		for _, leaf := range m.Leaves() {
			tag, ok := tagOf(leaf, t.Discriminator)
			if !ok || leaf.Kind != model.KindObject {
				return nil
			}
			tags = append(tags, tag)
		}
		if !sameCheck(checks[i], m.Check) || !slices.Equal(tags, cl.Tags[i]) || !slices.Equal(cl.Kinds[i], model.TypeSet{"object"}) {
			return nil
		}
	}
	return cl
}

// memberRule is the anyOf or oneOf that is the one rule of union t's
// check, one check and closest kinds a member, and whether it is a oneOf;
// nil checks where there is none.
func memberRule(t *model.Type) (checks []*model.Check, cl *model.Closest, oneOf bool) {
	ch := checksOf(t)
	if ch == nil || len(ch.Rules) != 1 {
		return nil, nil, false
	}
	switch r := ch.Rules[0].(type) {
	case *model.OneOfRule:
		checks, cl, oneOf = r.Checks, r.Closest, true
	case *model.AnyOfRule:
		checks, cl = r.Checks, r.Closest
	}
	if cl == nil || len(checks) != len(t.Members) || len(cl.Kinds) != len(t.Members) {
		return nil, nil, false
	}
	return checks, cl, oneOf
}

// kindRule reports whether union t, told apart by JSON type, has an anyOf
// or oneOf as its check's one rule that words a failure as the decoder
// does reading the member the value's first byte picks: each member of a
// JSON type of its own (not integer: 1.0 is a number too), checked by its
// type's check. phrase names the members' types as the check does when a
// value is of none of them ("number or string"). Otherwise the union is
// checked whole.
func kindRule(t *model.Type) (phrase string, ok bool) {
	if t.By != model.ByKind {
		return "", false
	}
	checks, cl, _ := memberRule(t)
	if checks == nil {
		return "", false
	}
	held := map[string]bool{}
	for i, m := range t.Members {
		word := typeWord(m)
		switch m.Kind {
		case model.KindString, model.KindNumber, model.KindBoolean, model.KindArray, model.KindObject:
		case model.KindNull:
			word = "null"
		default:
			return "", false
		}
		if held[word] || !slices.Equal(cl.Kinds[i], model.TypeSet{word}) || !sameCheck(checks[i], m.Check) {
			return "", false
		}
		held[word] = true
	}
	// In the order the checks name types (check.go's typeSetNames).
	var names []string
	for _, n := range []string{"null", "boolean", "object", "array", "number", "string"} {
		if held[n] {
			names = append(names, n)
		}
	}
	return strings.Join(names, " or "), true
}

// taggedRead is the body of the decoder of union t whose oneOf, its
// closest member cl, the decoder checks as it reads (tagRule): the member
// its tag names, read and checked as that member's type; the words of an
// object without the tag or with another are the check's (closest.none in
// the runtime).
func (g *onePass) taggedRead(t *model.Type, cl *model.Closest) []jen.Code {
	list := rawLit(quotedTags(slices.Concat(cl.Tags...)))
	return []jen.Code{
		jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("d").Dot("tag").Call(jen.Lit(t.Discriminator), list),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
		jen.Switch(jen.String().Parens(jen.Id("tag"))).Block(g.taggedCases(t)...),
		d().Dot("badTag").Call(jen.Lit(t.Discriminator), jen.Id("tag"), list),
		jen.Return(jen.Nil()),
	}
}

// taggedCases are the cases of taggedRead of union u, a member's tags
// each. A member that is a union of its own, told apart by the same tag
// and read as taggedRead reads it, is read through: its members' cases
// are u's, so that the tag is looked for once (the canonical ModelPayload
// of CompleteModelPayload and PartialModelPayload).
func (g *onePass) taggedCases(u *model.Type) []jen.Code {
	var cases []jen.Code
	for _, m := range u.Members {
		if g.sameTagUnion(u, m) && g.decodes[m] && !g.bridged(m) && len(g.deferCheck(m, "d")) == 0 {
			cases = append(cases, g.taggedCases(m)...)
			continue
		}
		cases = append(cases, jen.Case(memberTags(u, m)...).Block(g.memberRead(u, m)...))
	}
	return cases
}

// selectable reports whether the one-pass decoder reads object t, whose
// property sel.By picks the type of property sel.Field (model.Select):
// where the Go field of sel.By holds a string, set when the property is
// present (its "" not a case's value unless it is always there), and the
// selected property is a union member of which the decoder reads.
func (g *onePass) selectable(t *model.Type) bool {
	sel := t.Select
	if sel.Field == nil || sel.By == nil || sel.Field.Type.Kind != model.KindUnion {
		return false
	}
	if k := sel.By.Type.Kind; k != model.KindString && k != model.KindEnum {
		return false
	}
	switch g.fieldPresence(sel.Field) {
	case always, zeroAbsent:
	default:
		return false
	}
	switch g.fieldPresence(sel.By) {
	case always, nilAbsent:
		return true
	case zeroAbsent:
		return !slices.ContainsFunc(sel.Cases, func(c *model.Case) bool { return c.Value == "" })
	}
	return false
}

// selectTyped reports whether ch, the check of the property of object t
// that its selector picks the type of, says no more than that it is an
// object, which each member the selector may pick is: reading the member
// checks it (the selected property is "typed", propsTyped).
func selectTyped(t *model.Type, ch *model.Check) bool {
	ch = forwarded(ch)
	if ch == nil || len(ch.Rules) != 1 {
		return false
	}
	r, ok := ch.Rules[0].(*model.TypeRule)
	if !ok || len(r.Types) != 1 || r.Types[0] != model.TypeObject {
		return false
	}
	for _, m := range t.Select.Field.Type.Members {
		for _, leaf := range m.Leaves() {
			if leaf.Kind != model.KindObject {
				return false
			}
		}
	}
	return true
}

// selectRead renders the function reading the property of object t that
// its selector picks the type of (selectable), once the selector is read:
// the member the value of the selector picks, as the value-tree codec
// picks it (readSelect), the Else type's for another value, else nil.
func (g *onePass) selectRead(f *jen.File, t *model.Type) {
	sel := t.Select
	u := sel.Field.Type
	by := jen.Id("v").Dot(g.fields[sel.By])
	param := jen.Id("v").Op("*").Id(g.names[t])
	if derived(t, sel.By) {
		// No field holds it: the decoder has read it (objectDecoder).
		by, param = jen.Id("kind"), jen.Id("kind").Add(g.goType(sel.By.Type))
	} else if g.fieldPresence(sel.By) == nilAbsent {
		by = jen.Op("*").Add(by)
	}
	var cases []jen.Code
	for _, c := range sel.Cases {
		cases = append(cases, jen.Case(jen.Lit(c.Value)).Block(g.memberRead(u, c.Type)...))
	}
	body := []jen.Code{jen.Switch(by).Block(cases...)}
	if g.fieldPresence(sel.By) == nilAbsent {
		body = []jen.Code{jen.If(jen.Id("v").Dot(g.fields[sel.By]).Op("!=").Nil()).Block(body...)}
	}
	switch {
	case sel.Else != nil:
		body = append(body, g.memberRead(u, sel.Else)...)
	case selectTyped(t, t.PropertyCheck(sel.Field.Name)):
		// The object its own schema asks for, checked as the decoder
		// checks the members.
		body = append(body, d().Dot("anyObject").Call(), jen.Return(jen.Nil()))
	default:
		body = append(body, d().Dot("value").Call(jen.Nil()), jen.Return(jen.Nil()))
	}
	f.Add(doc(fmt.Sprintf("%s decodes the %s of %s, as its %s picks.", g.choose[t], sel.Field.Name, withArticle(g.names[t]), sel.By.Name)))
	f.Func().Params(jen.Id("d").Op("*").Id("decoder")).Id(g.choose[t]).Params(param).Add(g.goType(u)).Block(body...)
	f.Line()
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
	if m.Kind == model.KindObject {
		keep := jen.Return(jen.Op("&").Id("x"))
		if wrapped {
			keep = jen.Return(jen.Id(w).Call(jen.Id("x")))
		}
		read := append(g.readVar(m), keep)
		if g.bridged(m) {
			return read
		}
		// A decoder that only validates reads the member on the stack
		// and keeps nothing: no allocation per value (decodeMember).
		validate := jen.If(d().Dot("noCopy")).Block(append(g.readVar(m), jen.Return(jen.Nil()))...)
		return append([]jen.Code{validate}, read...)
	}
	if wrapped {
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
