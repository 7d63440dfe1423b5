package golang

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// The one-pass codec reads and writes a value in one pass and checks, as
// it goes, the rules that give the value its shape (type, properties,
// items, the tagged union, the select) and the simple rules on one value
// (bounds, lengths, counts of items, a pattern). A type whose check has any
// other rule (not, if/then/else, multipleOf, uniqueItems, format,
// dependentRequired, propertyNames, contains, minProperties, a rule on an
// enum or on JSON text) defers to the program: its decode and encode
// functions run the check of its schema, rendered as for any schema
// (emit_checks.go), on the text they read or wrote (decoder.checked and
// encoder.checked in jsonrt/check.go). The program is the one renderer of
// those rules; the single pass stays for the rest. A nullable field's null,
// which reaches no decoder of its type, is checked with its property's
// check where that may refuse null (model.Check.PassesNull).

// checksOf is the check t's values are checked with, what it forwards to.
func checksOf(t *model.Type) *model.Check {
	return forwarded(t.Check)
}

// sameCheck reports whether checks a and b are one, or both accept
// every value (nil, or true).
func sameCheck(a, b *model.Check) bool {
	a, b = forwarded(a), forwarded(b)
	accepts := func(ch *model.Check) bool { return ch == nil || ch.Always != nil && *ch.Always }
	return a == b || accepts(a) && accepts(b)
}

// forwarded is what check ch forwards to, or ch.
func forwarded(ch *model.Check) *model.Check {
	if ch == nil {
		return nil
	}
	if to := ch.Forward(); to != nil {
		return to
	}
	return ch
}

// inlineRule reports whether the codec of t checks rule r as it reads and
// writes t's values.
func inlineRule(t *model.Type, r model.Rule) bool {
	if t.Kind == model.KindRaw {
		// JSON text is read as any value, or as any object (null is the
		// nullable field's): no other rule of its schema (required, items,
		// a type of several) is checked by reading it.
		tr, ok := r.(*model.TypeRule)
		if !ok || t.RawType != "object" {
			return false
		}
		for _, k := range tr.Types {
			if k != model.TypeObject && k != model.TypeNull {
				return false
			}
		}
		return true
	}
	switch r := r.(type) {
	case *model.TypeRule:
		// An enum's decoder reads a string: where the schema lets null
		// through the type and refuses it by the enum, the check says so.
		return t.Kind != model.KindEnum || !slices.Contains(r.Types, model.TypeNull)
	case *model.RefRule:
		return true
	case *model.ExactIntegerRule:
		return t.Kind == model.KindInteger || t.Kind == model.KindScalarUnion
	case *model.ConstRule:
		_, _, isConst := constString(t)
		return t.Kind == model.KindEnum || isConst
	case *model.EnumRule:
		return t.Kind == model.KindEnum
	case *model.PropertiesRule:
		// Each property the object declares is a field, read as its type.
		return t.Kind == model.KindObject && !slices.ContainsFunc(r.Props, func(p *model.PropCheck) bool {
			return p.Deny || t.Field(p.Name) == nil
		})
	case *model.RequiredRule:
		return t.Kind == model.KindObject && !slices.ContainsFunc(r.Names, func(n string) bool { return t.Field(n) == nil })
	case *model.AdditionalRule:
		if t.Kind == model.KindMap {
			// Every member is an element, read as its type.
			return !r.Deny && len(r.Known) == 0 && len(r.Patterns) == 0 && sameCheck(r.Check, t.Elem.Check)
		}
		if t.Kind == model.KindObject && t.Additional != nil {
			// Every undeclared member is read as the type of
			// additionalProperties.
			return !r.Deny && len(r.Patterns) == 0 && sameCheck(r.Check, t.Additional.Check) && declaresKnown(t, r.Known)
		}
		// Closed to the fields it has, and only those.
		return r.Check == nil && (!r.Deny || t.Kind == model.KindObject && t.Closed && len(r.Patterns) == 0 &&
			!slices.ContainsFunc(t.Fields, func(f *model.Field) bool { return !slices.Contains(r.Known, f.Name) }))
	case *model.ItemsRule:
		return t.Kind == model.KindArray && r.From == 0 && !r.Deny
	case *model.AllOfRule:
		// The if/then of a select, unless an absent selector leaves a
		// then to the check (model.Select.Vacuous).
		return t.Select != nil && !t.Select.Vacuous
	case *model.OneOfRule:
		// A union told apart by a tag; one decoded by trial leaves the
		// rule to the program.
		return t.Kind == model.KindUnion && t.Discriminator != ""
	case *model.LengthRule, *model.BoundRule, *model.PatternRule:
		return valueKind(t)
	case *model.CountRule:
		return valueKind(t) && !r.Properties
	}
	return false
}

// declaresKnown reports whether known, the properties additionalProperties
// leaves alone, are the fields of object t.
func declaresKnown(t *model.Type, known []string) bool {
	if len(known) != len(t.Fields) {
		return false
	}
	for _, f := range t.Fields {
		if !slices.Contains(known, f.Name) {
			return false
		}
	}
	return true
}

// valueKind reports whether the codec checks the rules on t's values
// itself: the bounds, lengths, counts and pattern of a string, number or
// array.
func valueKind(t *model.Type) bool {
	switch t.Kind {
	case model.KindString, model.KindInteger, model.KindNumber, model.KindArray:
		return true
	}
	return false
}

// defers reports whether t's codec leaves a rule of t's check that bears
// on t's values to the program; a check that accepts no value (false) is
// the program's too.
func defers(t *model.Type) bool {
	ch := checksOf(t)
	if ch == nil {
		return false
	}
	for _, r := range ch.Rules {
		if bears(t, r) && !inlineRule(t, r) {
			return true
		}
	}
	return ch.IsFalse()
}

// bears reports whether rule r can fail for a value of t: a rule on values
// of another JSON type than t's says nothing of t.
func bears(t *model.Type, r model.Rule) bool {
	own, k := jsonType(t), model.Applies(r)
	return own == "" || k == "" || k == own
}

// nullCheck is the function null is checked with as the value of fl,
// where null may break its property's check; nil for none.
func (g *onePass) nullCheck(fl *model.Field) jen.Code {
	if ch, ok := g.nullChecks[fl]; ok {
		return jen.Id(g.check[ch])
	}
	return nil
}

// checkedRoot is code, the statements that read or write the root (recv
// "d" or "e"), followed by the root's own check (wholeCheck) of what they
// read or wrote; code alone where the root has none.
func (g *onePass) checkedRoot(recv string, code ...jen.Code) []jen.Code {
	return g.checkedWith(recv, g.wholeCheck(), code...)
}

// checkedWith is code, which reads or writes a value (recv "d" or "e"),
// and then ch run on that value: nil ch, code alone.
func (g *onePass) checkedWith(recv string, ch *model.Check, code ...jen.Code) []jen.Code {
	if ch == nil {
		return code
	}
	out := []jen.Code{jen.Id("start").Op(":=").Id(recv).Dot("startCheck").Call()}
	out = append(out, code...)
	return append(out, jen.Id(recv).Dot("checked").Call(jen.Id("start"), jen.Id(g.check[ch])))
}

// wholeCheck is the check the entry points run on the whole root, beside
// what its decoder and encoder check: the program's root where it is
// neither the root type's check nor one its codec runs (deferred). Nil for
// none.
func (g *onePass) wholeCheck() *model.Check {
	whole := forwarded(g.prog.Roots[0])
	if whole == checksOf(g.s.Root) || g.deferred[g.s.Root] == whole {
		return nil
	}
	return g.prog.Roots[0]
}

// deferCheck is the statement that starts t's decode function (recv "d")
// or encode function ("e") when t defers to the program: it runs t's
// check on the value once the function has read or written it.
func (g *onePass) deferCheck(t *model.Type, recv string) []jen.Code {
	ch, ok := g.deferred[t]
	if !ok {
		return nil
	}
	return []jen.Code{jen.Defer().Id(recv).Dot("checked").Call(jen.Id(recv).Dot("startCheck").Call(), jen.Id(g.check[ch]))}
}

// trialDecoder renders the decoder of a union decoded by trial: the member
// whose check alone accepts the value, decoded as the tagged union's are;
// nil when none or several do, which t's check reports.
func (g *onePass) trialDecoder(f *jen.File, t *model.Type) {
	oneOf := oneOfRule(checksOf(t))
	var fns, cases []jen.Code
	for i, m := range t.Members {
		fns = append(fns, jen.Id(g.check[oneOf.Checks[i]]))
		var read jen.Code
		if m.Kind == model.KindUnion {
			// A union within: its own decoder picks its member.
			read = jen.Id("v").Op("=").Add(d().Dot("decode" + g.fn[m]).Call())
		} else {
			read = g.decodeMember(m, jen.Id("v").Op("=").Id("p"))
		}
		cases = append(cases, jen.Case(jen.Lit(i)).Block(read))
	}
	g.decodeFunc(f, t, nil, jen.Id(g.names[t]),
		jen.Var().Id("v").Id(g.names[t]),
		jen.Switch(d().Dot("member").Call(fns...)).Block(cases...),
		jen.Return(jen.Id("v")),
	)
}

// oneOfRule is the oneOf of check ch.
func oneOfRule(ch *model.Check) *model.OneOfRule {
	for _, r := range ch.Rules {
		if o, ok := r.(*model.OneOfRule); ok {
			return o
		}
	}
	panic("golang: a union decoded by trial without its oneOf")
}
