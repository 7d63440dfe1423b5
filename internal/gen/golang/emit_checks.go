package golang

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
)

// checksFile renders the program: its patterns and literals, and a
// function per check; nil for a package with no program.
func (g *general) checksFile() *jen.File {
	if g.prog == nil {
		return nil
	}
	f := g.newFile()
	p := g.prog
	for _, pat := range p.Patterns {
		g.patternDecls(f, pat)
	}
	if len(p.Literals) > 0 {
		// Parsed when a check first needs them, not when the package is
		// loaded: a program that never runs costs nothing.
		var values []jen.Code
		for _, l := range p.Literals {
			values = append(values, g.rt("parseValue").Call(jen.Index().Byte().Call(rawLit(string(l.JSON)))))
		}
		table := jen.Index(jen.Lit(len(values))).Op("*").Add(g.rt("value"))
		f.Add(doc(g.literals + " gives the schema's const and enum values, parsed once, when a check first needs them."))
		f.Var().Id(g.literals).Op("=").Qual("sync", "OnceValue").Call(jen.Func().Params().Op("*").Add(table.Clone()).Block(
			jen.Return(jen.Op("&").Add(table).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, values...)),
		))
		f.Line()
	}
	for _, ch := range p.Checks {
		if ch.Forward() == nil {
			g.checkFunc(f, ch)
		}
	}
	for _, cl := range g.closests {
		g.closestDecl(f, cl)
	}
	return f
}

// closestRef is the argument of anyOf and oneOf that says which member a
// value none accepts was meant for.
func (g *general) closestRef(cl *model.Closest) jen.Code {
	if cl == nil {
		return jen.Nil()
	}
	return jen.Op("&").Id(g.closest[cl])
}

// stringValues is the composite literal {"a", "b"} of strings, its type
// left to the enclosing literal.
func stringValues(vs []string) jen.Code {
	lits := make([]jen.Code, len(vs))
	for i, v := range vs {
		lits[i] = jen.Lit(v)
	}
	return jen.Values(lits...)
}

// closestDecl declares a Closest as the runtime's closest.
func (g *general) closestDecl(f *jen.File, cl *model.Closest) {
	fields := jen.Dict{}
	if cl.Tag != "" {
		var tags []jen.Code
		for _, vs := range cl.Tags {
			tags = append(tags, stringValues(vs))
		}
		fields[jen.Id(g.rtm("tag"))] = jen.Lit(cl.Tag)
		fields[jen.Id(g.rtm("tags"))] = listOf(jen.Index().Index().String(), tags)
	}
	var kinds []jen.Code
	for _, ts := range cl.Kinds {
		var bits []string
		for _, n := range ts {
			bits = append(bits, "type"+exported(n))
		}
		kinds = append(kinds, g.typeSet(bits))
	}
	fields[jen.Id(g.rtm("kinds"))] = listOf(jen.Index().Add(g.rt("typeSet")), kinds)
	text := fmt.Sprintf("%s says which member a value that none accepts was meant for.", g.closest[cl])
	if cl.Dispatch != nil {
		var members []jen.Code
		for _, vs := range cl.Dispatch {
			if vs == nil {
				members = append(members, jen.Nil())
			} else {
				members = append(members, stringValues(vs))
			}
		}
		fields[jen.Id(g.rtm("dispatch"))] = listOf(jen.Index().Index().String(), members)
		text += " An object is tried only on the members its tag allows (dispatch)."
	}
	f.Add(doc(text))
	f.Var().Id(g.closest[cl]).Op("=").Add(g.rt("closest")).Values(fields)
	f.Line()
}

// patternDecls renders a pattern's matchers: Go's regexp on its RE2
// translation, the ECMA-262 matcher of regex.go where the translation is
// not exact on every string (or there is none), and the function choosing
// between the two.
func (g *general) patternDecls(f *jen.File, pat *model.Pattern) {
	if g.declared[pat] {
		return // already, for a check or a decoder before
	}
	g.declared[pat] = true
	if d, ok := g.dfa[pat]; ok {
		patternMatcher(f, g.pattern[pat], pat.Source, d)
		f.Line()
		return
	}
	a := g.analyzed[pat]
	re2, ok := a.RE2()
	if ok {
		f.Add(doc(fmt.Sprintf("%s is the pattern %s for Go's regexp.", g.pattern[pat], pat.Source)))
		f.Var().Id(g.pattern[pat]).Op("=").Qual("regexp", "MustCompile").Call(rawLit(re2))
	}
	if name, ok := g.ecma[pat]; ok {
		why := a.Backtracker()
		if why == "" {
			why = "for the strings Go's regexp reads otherwise (" + a.RE2Guard().String() + ")"
		}
		f.Add(doc(fmt.Sprintf("%s matches the pattern %s as ECMA-262 does: %s.", name, pat.Source, why)))
		f.Var().Id(name).Op("=").Add(g.rt("mustCompileECMA")).Call(rawLit(pat.Source), jen.Lit(a.Unicode()))
	}
	if name, ok := g.guarded[pat]; ok {
		f.Add(doc(fmt.Sprintf("%s reports whether s matches the pattern %s: with Go's regexp when it reads s as JavaScript does.", name, pat.Source)))
		f.Func().Id(name).Params(jen.Id("s").String()).Bool().Block(
			jen.If(jen.Op("!").Add(g.rt(a.RE2Guard().Func())).Call(jen.Id("s"))).Block(jen.Return(jen.Id(g.ecma[pat]).Dot(g.rtm("matchString")).Call(jen.Id("s")))),
			jen.Return(jen.Id(g.pattern[pat]).Dot("MatchString").Call(jen.Id("s"))),
		)
	}
	f.Line()
}

// matcher is the function that matches a pattern.
func (g *general) matcher(pat *model.Pattern) jen.Code {
	if name, ok := g.guarded[pat]; ok {
		return jen.Id(name)
	}
	if name, ok := g.pattern[pat]; ok {
		if _, ok := g.dfa[pat]; ok {
			return jen.Id(name).Types(jen.String())
		}
		return jen.Id(name).Dot("MatchString")
	}
	return jen.Id(g.ecma[pat]).Dot(g.rtm("matchString"))
}

// checkFunc renders one check.
func (g *general) checkFunc(f *jen.File, ch *model.Check) {
	name := g.check[ch]
	f.Add(doc(fmt.Sprintf("%s checks a value against %s.", name, ch.Loc)))
	params := jen.Params(jen.Id("c").Op("*").Add(g.rt("checker")), jen.Id("v").Op("*").Add(g.rt("value")), jen.Id("ev").Op("*").Add(g.rt("evaluated")))
	switch {
	case ch.IsTrue():
		f.Func().Id(name).Add(params).Bool().Block(jen.Return(jen.True()))
		f.Line()
		return
	case ch.IsFalse():
		f.Func().Id(name).Add(params).Bool().Block(jen.Return(g.rt("alwaysFalse").Call(jen.Id("c"), jen.Id("v"), jen.Id("ev"))))
		f.Line()
		for _, r := range ch.Rules {
			g.knownFunc(f, ch, r)
		}
		return
	}
	own := ch.Own()
	evName := "ev"
	if own {
		evName = "own"
	}
	groups := groupRules(ch.Rules)
	// One rule, one assertion: a function that returns it.
	if !own && len(groups) == 1 && len(groups[0].rules) == 1 && len(g.assertions(groups[0].rules[0], evName)) == 1 {
		gr := groups[0]
		expr := g.assertions(gr.rules[0], evName)[0]
		if gr.kind != "" {
			expr = jen.Id("v").Dot(g.rtm("kind")).Op("!=").Add(g.rt(kindConst(gr.kind))).Op("||").Add(expr)
		}
		f.Func().Id(name).Add(params).Bool().Block(jen.Return(expr))
		f.Line()
	} else {
		var body []jen.Code
		if own {
			body = append(body, jen.Id("own").Op(":=").Add(g.rt("newEvaluated")).Call(jen.Id("v")))
		}
		body = append(body, jen.Id("ok").Op(":=").True())
		for _, gr := range groups {
			var stmts []jen.Code
			for _, r := range gr.rules {
				for _, a := range g.assertions(r, evName) {
					stmts = append(stmts, jen.If(jen.Op("!").Add(a).Op("&&").Id("c").Dot(g.rtm("stop")).Call(jen.Op("&").Id("ok"))).Block(jen.Return(jen.False())))
				}
			}
			if gr.kind == "" {
				body = append(body, stmts...)
			} else {
				body = append(body, jen.If(jen.Id("v").Dot(g.rtm("kind")).Op("==").Add(g.rt(kindConst(gr.kind)))).Block(stmts...))
			}
		}
		if own {
			body = append(body, jen.If(jen.Id("ok").Op("&&").Id("ev").Op("!=").Nil()).Block(jen.Id("ev").Dot(g.rtm("merge")).Call(jen.Id("own"))))
		}
		body = append(body, jen.Return(jen.Id("ok")))
		f.Func().Id(name).Add(params).Bool().Block(body...)
		f.Line()
	}
	for _, r := range ch.Rules {
		g.knownFunc(f, ch, r)
	}
}

// ruleGroup is a run of rules that apply to values of one kind ("" for
// all), rendered under one test of the kind.
type ruleGroup struct {
	kind  model.JSONType
	rules []model.Rule
}

func groupRules(rules []model.Rule) []ruleGroup {
	var out []ruleGroup
	for _, r := range rules {
		k := model.Applies(r)
		if n := len(out); n > 0 && out[n-1].kind == k {
			out[n-1].rules = append(out[n-1].rules, r)
			continue
		}
		out = append(out, ruleGroup{kind: k, rules: []model.Rule{r}})
	}
	return out
}

func kindConst(t model.JSONType) string {
	return "kind" + exported(string(t))
}

// fnRef is the function of a check, nil for none.
func (g *general) fnRef(ch *model.Check) jen.Code {
	if ch == nil {
		return jen.Nil()
	}
	return jen.Id(g.check[ch])
}

func (g *general) fnRefs(chs []*model.Check) []jen.Code {
	var out []jen.Code
	for _, ch := range chs {
		out = append(out, g.fnRef(ch))
	}
	return out
}

// number renders a float64 constant.
func number(f float64) jen.Code {
	switch {
	case math.IsInf(f, 1):
		return jen.Qual("math", "Inf").Call(jen.Lit(1))
	case math.IsInf(f, -1):
		return jen.Qual("math", "Inf").Call(jen.Lit(-1))
	}
	return jen.Op(strconv.FormatFloat(f, 'g', -1, 64))
}

// assertions are the boolean expressions a rule comes down to: one for
// most rules, one per schema for allOf.
func (g *general) assertions(r model.Rule, evName string) []jen.Code {
	c, v, ev := jen.Id("c"), jen.Id("v"), jen.Id(evName)
	call := func(method string, args ...jen.Code) []jen.Code {
		return []jen.Code{argsOf(jen.Id("c").Dot(g.rtm(method)), append([]jen.Code{jen.Id("v")}, args...))}
	}
	switch r := r.(type) {
	case *model.RefRule:
		return []jen.Code{jen.Id(g.check[r.Check]).Call(c, v, ev)}
	case *model.TypeRule:
		var set []string
		for _, t := range r.Types {
			set = append(set, "type"+exported(string(t)))
		}
		return call("isType", g.typeSet(set), jen.Lit(r.Phrase()))
	case *model.ExactIntegerRule:
		return call("exactInteger")
	case *model.ConstRule:
		return call("constant", g.literalRef(r.Value))
	case *model.EnumRule:
		if from, to, ok := g.literalRun(r.Values); ok {
			// The values stand in the table one after the other: a slice
			// of it, made at no cost each time the check runs.
			return call("enum", jen.Id(g.literals).Call().Index(jen.Lit(from), jen.Lit(to)))
		}
		var lits []jen.Code
		for _, l := range r.Values {
			lits = append(lits, g.literalRef(l))
		}
		return call("enum", listOf(jen.Index().Op("*").Add(g.rt("value")), lits))
	case *model.BoundRule:
		return call(r.Comparison(), jen.Lit(r.Key), number(r.Limit.Value))
	case *model.MultipleOfRule:
		return call("multipleOf", number(r.By.Value))
	case *model.LengthRule:
		return call(r.Keyword(), jen.Lit(r.N))
	case *model.PatternRule:
		return call("pattern", g.matcher(r.Pattern), rawLit(r.Pattern.Source))
	case *model.FormatRule:
		fn := formatrt.Funcs[r.Format]
		if r.Format == "regex" {
			fn = "formatRegex"
		}
		return call("format", jen.Lit(r.Format), g.rt(fn))
	case *model.CountRule:
		return call(r.Keyword(), jen.Lit(r.N))
	case *model.UniqueRule:
		return call("unique")
	case *model.ItemsRule:
		if r.Deny {
			return call("noItems", jen.Lit(r.Key), jen.Lit(r.From))
		}
		return call("items", jen.Lit(r.From), g.fnRef(r.Check), ev)
	case *model.PrefixItemsRule:
		fns := listOf(jen.Index().Add(g.rt("checkFunc")), g.fnRefs(r.Checks))
		if n, ok := r.AtMost(); ok {
			return call("prefixItemsAtMost", jen.Lit(r.Key), jen.Lit(n), fns, ev)
		}
		return call("prefixItems", fns, ev)
	case *model.ContainsRule:
		fn := g.fnRef(r.Check)
		if r.Never {
			fn = g.rt("alwaysFalse")
		}
		max := jen.Qual("math", "MaxInt")
		if r.Max != nil {
			max = jen.Lit(*r.Max)
		}
		want := []jen.Code{jen.Id(g.rtm("min")).Op(":").Lit(r.Min), jen.Id(g.rtm("max")).Op(":").Add(max)}
		if r.Marks {
			want = append(want, jen.Id(g.rtm("marks")).Op(":").True())
		}
		return call("contains", fn, g.rt("matches").Values(want...), ev)
	case *model.PropertiesRule:
		var props []jen.Code
		for _, p := range r.Props {
			props = append(props, jen.Values(keyed("name", jen.Lit(p.Name), p.Check, p.Deny, g)...))
		}
		return call("properties", listOf(jen.Index().Add(g.rt("property")), props), ev)
	case *model.PatternPropertiesRule:
		var props []jen.Code
		for _, p := range r.Props {
			props = append(props, jen.Values(keyed("match", g.matcher(p.Pattern), p.Check, p.Deny, g)...))
		}
		return call("patternProperties", listOf(jen.Index().Add(g.rt("patternProperty")), props), ev)
	case *model.AdditionalRule:
		known := jen.Nil()
		if name, ok := g.known[r]; ok {
			known = jen.Id(name)
		}
		if r.Deny {
			return call("noAdditional", known)
		}
		return call("additional", known, g.fnRef(r.Check), ev)
	case *model.PropertyNamesRule:
		if r.Deny {
			return call("noPropertyNames")
		}
		return call("propertyNames", g.fnRef(r.Check))
	case *model.RequiredRule:
		return call("required", strList(r.Names))
	case *model.DependentRequiredRule:
		return call("dependentRequired", jen.Lit(r.Key), jen.Lit(r.If), strList(r.Then))
	case *model.DependentSchemaRule:
		if r.Deny {
			return call("noProperty", jen.Lit(r.Key), jen.Lit(r.If))
		}
		return call("dependentSchema", jen.Lit(r.If), g.fnRef(r.Check), ev)
	case *model.AllOfRule:
		var out []jen.Code
		for _, ch := range r.Checks {
			out = append(out, jen.Id(g.check[ch]).Call(c, v, ev))
		}
		return out
	case *model.AnyOfRule:
		return call("anyOf", append([]jen.Code{ev, g.closestRef(r.Closest)}, g.fnRefs(r.Checks)...)...)
	case *model.OneOfRule:
		return call("oneOf", append([]jen.Code{ev, g.closestRef(r.Closest)}, g.fnRefs(r.Checks)...)...)
	case *model.NotRule:
		return call("not", g.fnRef(r.Check))
	case *model.IfRule:
		if r.Tag != nil {
			return call("ifTag", ev, jen.Lit(r.Tag.Name), jen.Lit(r.Tag.Value), g.fnRef(r.Then), g.fnRef(r.Else))
		}
		return call("ifThenElse", ev, g.fnRef(r.If), g.fnRef(r.Then), g.fnRef(r.Else))
	case *model.UnevaluatedRule:
		switch {
		case r.Deny && r.Items:
			return call("noUnevaluatedItems", ev)
		case r.Deny:
			return call("noUnevaluatedProperties", ev)
		}
		return call(r.Keyword(), ev, g.fnRef(r.Check))
	}
	panic(fmt.Sprintf("golang: no rendering of %T", r))
}

// keyed renders the fields of a property or patternProperty entry, in
// declaration order, leaving out the zero ones.
func keyed(first string, value jen.Code, ch *model.Check, deny bool, g *general) []jen.Code {
	fields := []jen.Code{jen.Id(g.rtm(first)).Op(":").Add(value)}
	if ch != nil {
		fields = append(fields, jen.Id(g.rtm("fn")).Op(":").Id(g.check[ch]))
	}
	if deny {
		fields = append(fields, jen.Id(g.rtm("deny")).Op(":").True())
	}
	return fields
}

func strList(names []string) jen.Code {
	var items []jen.Code
	for _, n := range names {
		items = append(items, jen.Lit(n))
	}
	return listOf(jen.Index().String(), items)
}

// knownFunc renders, for an additionalProperties rule, the function that
// tells the properties "properties" and "patternProperties" cover.
func (g *general) knownFunc(f *jen.File, ch *model.Check, r model.Rule) {
	a, ok := r.(*model.AdditionalRule)
	if !ok {
		return
	}
	name, ok := g.known[a]
	if !ok {
		return
	}
	var body []jen.Code
	if len(a.Known) > 0 {
		var names []jen.Code
		for _, k := range a.Known {
			names = append(names, jen.Lit(k))
		}
		body = append(body, jen.Switch(jen.Id("name")).Block(jen.Case(caseValues(names)).Block(jen.Return(jen.True()))))
	}
	var match []jen.Code
	for _, p := range a.Patterns {
		match = append(match, jen.Add(g.matcher(p)).Call(jen.Id("name")))
	}
	if len(match) == 0 {
		body = append(body, jen.Return(jen.False()))
	} else {
		body = append(body, jen.Return(joinConds(match, "||")))
	}
	f.Add(doc(fmt.Sprintf("%s reports whether the properties or patternProperties of %s cover the property name.", name, ch.Loc)))
	f.Func().Id(name).Params(jen.Id("name").String()).Bool().Block(body...)
	f.Line()
}

// caseValues are the values of a case clause: on one line when they fit
// in 140 characters, else wrapped onto lines of about 100, so that a
// generated line stays within a reader's screen.
func caseValues(values []jen.Code) jen.Code {
	var texts []string
	for _, v := range values {
		texts = append(texts, jen.Add(v).GoString())
	}
	if len(strings.Join(texts, ", ")) <= 140 {
		return jen.List(values...)
	}
	var lines []string
	line := ""
	for _, text := range texts {
		if line != "" && len(line)+len(text) > 100 {
			lines, line = append(lines, line), ""
		}
		if line != "" {
			line += " "
		}
		line += text + ","
	}
	lines = append(lines, strings.TrimSuffix(line, ","))
	return jen.Op(strings.Join(lines, "\n"))
}

// literalRef is the expression of literal l of the program.
func (g *general) literalRef(l *model.Literal) jen.Code {
	return jen.Id(g.literals).Call().Index(jen.Lit(g.literal[l]))
}

// literalRun is where lits stand in the literal table, [from, to), when
// they stand there one after the other.
func (g *general) literalRun(lits []*model.Literal) (from, to int, ok bool) {
	if len(lits) == 0 {
		return 0, 0, false
	}
	from = g.literal[lits[0]]
	for i, l := range lits {
		if g.literal[l] != from+i {
			return 0, 0, false
		}
	}
	return from, from + len(lits), true
}

// argsOf is the call of fn with args, on one line where that is short,
// else an argument a line, as listOf.
func argsOf(fn *jen.Statement, args []jen.Code) *jen.Statement {
	oneLine := fn.Clone().Call(args...)
	if len(oneLine.GoString()) <= 100 {
		return oneLine
	}
	return fn.Custom(jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}, args...)
}

// listOf is a composite literal of type typ: on one line when it is
// short, else an element a line, so that a generated line stays within a
// reader's screen.
func listOf(typ *jen.Statement, elems []jen.Code) *jen.Statement {
	oneLine := typ.Clone().Values(elems...)
	if len(oneLine.GoString()) <= 80 {
		return oneLine
	}
	return typ.Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, elems...)
}
