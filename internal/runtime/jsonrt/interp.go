package jsonrt

// This file is not written into generated packages: it runs a model's
// check program directly, through the same rule methods the generated
// code calls, for `omnigen validate --schema` and for tests that compare
// the generated code with the program.

import (
	"fmt"
	"math"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
)

// Checks is a model.Program ready to run.
type Checks struct {
	fns   []checkFunc
	roots []checkFunc
}

// Formats are the format checks the generated code runs, by name
// (formatrt's, and "regex", regexrt's): what omnigen validate --schema
// gives Interpret, as do the tests that compare the program with the
// generated code.
func Formats() map[string]func(string) bool {
	m := map[string]func(string) bool{"regex": regexrt.FormatRegex}
	for _, name := range formatrt.Names {
		m[name] = formatrt.Check(name)
	}
	return m
}

// Interpret prepares p to run. formats gives the function of each format
// the program asserts.
func Interpret(p *model.Program, formats map[string]func(string) bool) (*Checks, error) {
	in := &interpreter{p: p, formats: formats, out: &Checks{fns: make([]checkFunc, len(p.Checks))}}
	for _, pat := range p.Patterns {
		a, err := regexrt.Analyze(pat.Source)
		if err != nil {
			return nil, err
		}
		in.patterns = append(in.patterns, a.Matcher())
	}
	for _, l := range p.Literals {
		in.literals = append(in.literals, parseValue(l.JSON))
	}
	for _, f := range p.Formats {
		if formats[f] == nil {
			return nil, fmt.Errorf("format %q: no function given", f)
		}
	}
	for _, ch := range p.Checks {
		in.out.fns[ch.Index] = in.compile(ch)
	}
	for _, r := range p.Roots {
		in.out.roots = append(in.out.roots, in.out.fns[r.Index])
	}
	return in.out, nil
}

// Validate checks the JSON text data against root i: nil when valid, else
// an *Error naming the deepest problem.
func (cs *Checks) Validate(i int, data []byte) error {
	_, _, err := check(data, cs.roots[i])
	return err
}

// Check checks data against one check of the program, as a value of its
// own (its pointers start at the value).
func (cs *Checks) Check(ch *model.Check, data []byte) error {
	_, _, err := check(data, cs.fns[ch.Index])
	return err
}

// Pointer, Keyword and Message take an *Error apart, for callers outside
// this package.
func Pointer(err error) string { return err.(*Error).Pointer }

// Keyword is the keyword of an *Error.
func Keyword(err error) string { return err.(*Error).Keyword }

// Message is the message of an *Error.
func Message(err error) string { return err.(*Error).Message }

type interpreter struct {
	p        *model.Program
	formats  map[string]func(string) bool
	patterns []func(string) bool
	literals []*value
	out      *Checks
}

// fn is the function of a check, looked up when called: checks refer to
// each other in cycles.
func (in *interpreter) fn(ch *model.Check) checkFunc {
	if ch == nil {
		return nil
	}
	fns := in.out.fns
	return func(c *checker, v *value, ev *evaluated) bool { return fns[ch.Index](c, v, ev) }
}

func (in *interpreter) compile(ch *model.Check) checkFunc {
	if ch.Always != nil {
		if *ch.Always {
			return func(*checker, *value, *evaluated) bool { return true }
		}
		return alwaysFalse
	}
	own := ch.Own()
	rules := make([]func(c *checker, v *value, ev *evaluated) bool, len(ch.Rules))
	for i, r := range ch.Rules {
		rules[i] = in.rule(r)
		if t := model.Applies(r); t != "" {
			rules[i] = on(kindOf[t], rules[i])
		}
	}
	return func(c *checker, v *value, ev *evaluated) bool {
		local := ev
		if own {
			local = newEvaluated(v)
		}
		ok := true
		for _, r := range rules {
			if !r(c, v, local) && c.stop(&ok) {
				return false
			}
		}
		if own && ok && ev != nil {
			ev.merge(local)
		}
		return ok
	}
}

// kindOf is the kind of values of each type a rule applies to.
var kindOf = map[model.JSONType]kind{
	model.TypeNumber: kindNumber, model.TypeString: kindString, model.TypeArray: kindArray, model.TypeObject: kindObject,
}

// on makes a rule apply to values of one kind only.
func on(k kind, f func(c *checker, v *value, ev *evaluated) bool) func(c *checker, v *value, ev *evaluated) bool {
	return func(c *checker, v *value, ev *evaluated) bool { return v.kind != k || f(c, v, ev) }
}

func (in *interpreter) rule(r model.Rule) func(c *checker, v *value, ev *evaluated) bool {
	switch r := r.(type) {
	case *model.RefRule:
		return in.fn(r.Check)
	case *model.TypeRule:
		set := TypeSet(r.Types)
		want := r.Phrase()
		return func(c *checker, v *value, _ *evaluated) bool { return c.isType(v, set, want) }
	case *model.ExactIntegerRule:
		return func(c *checker, v *value, _ *evaluated) bool { return c.exactInteger(v) }
	case *model.ConstRule:
		lit := in.literals[r.Value.Index]
		return func(c *checker, v *value, _ *evaluated) bool { return c.constant(v, lit) }
	case *model.EnumRule:
		var lits []*value
		for _, l := range r.Values {
			lits = append(lits, in.literals[l.Index])
		}
		return func(c *checker, v *value, _ *evaluated) bool { return c.enum(v, lits) }
	case *model.BoundRule:
		return func(c *checker, v *value, _ *evaluated) bool {
			switch r.Comparison() {
			case "atMost":
				return c.atMost(v, r.Key, r.Limit.Value)
			case "greaterThan":
				return c.greaterThan(v, r.Key, r.Limit.Value)
			case "lessThan":
				return c.lessThan(v, r.Key, r.Limit.Value)
			}
			return c.atLeast(v, r.Key, r.Limit.Value)
		}
	case *model.MultipleOfRule:
		return func(c *checker, v *value, _ *evaluated) bool { return c.multipleOf(v, r.By.Value) }
	case *model.LengthRule:
		if r.Max {
			return func(c *checker, v *value, _ *evaluated) bool { return c.maxLength(v, r.N) }
		}
		return func(c *checker, v *value, _ *evaluated) bool { return c.minLength(v, r.N) }
	case *model.PatternRule:
		match := in.patterns[r.Pattern.Index]
		return func(c *checker, v *value, _ *evaluated) bool { return c.pattern(v, match, r.Pattern.Source) }
	case *model.FormatRule:
		valid := in.formats[r.Format]
		return func(c *checker, v *value, _ *evaluated) bool { return c.format(v, r.Format, valid) }
	case *model.CountRule:
		return count(r)
	case *model.UniqueRule:
		return func(c *checker, v *value, _ *evaluated) bool { return c.unique(v) }
	case *model.ItemsRule:
		if r.Deny {
			return func(c *checker, v *value, _ *evaluated) bool { return c.noItems(v, r.Key, r.From) }
		}
		fn := in.fn(r.Check)
		return func(c *checker, v *value, ev *evaluated) bool { return c.items(v, r.From, fn, ev) }
	case *model.PrefixItemsRule:
		fns := in.fns(r.Checks)
		if n, ok := r.AtMost(); ok {
			return func(c *checker, v *value, ev *evaluated) bool { return c.prefixItemsAtMost(v, r.Key, n, fns, ev) }
		}
		return func(c *checker, v *value, ev *evaluated) bool { return c.prefixItems(v, fns, ev) }
	case *model.ContainsRule:
		fn, want := in.fn(r.Check), matches{min: r.Min, max: math.MaxInt, marks: r.Marks}
		if r.Never {
			fn = alwaysFalse
		}
		if r.Max != nil {
			want.max = *r.Max
		}
		return func(c *checker, v *value, ev *evaluated) bool { return c.contains(v, fn, want, ev) }
	case *model.PropertiesRule:
		var props []property
		for _, p := range r.Props {
			props = append(props, property{name: p.Name, fn: in.fn(p.Check), deny: p.Deny})
		}
		return func(c *checker, v *value, ev *evaluated) bool { return c.properties(v, props, ev) }
	case *model.PatternPropertiesRule:
		var props []patternProperty
		for _, p := range r.Props {
			props = append(props, patternProperty{match: in.patterns[p.Pattern.Index], fn: in.fn(p.Check), deny: p.Deny})
		}
		return func(c *checker, v *value, ev *evaluated) bool { return c.patternProperties(v, props, ev) }
	case *model.AdditionalRule:
		known := map[string]bool{}
		for _, k := range r.Known {
			known[k] = true
		}
		var pats []func(string) bool
		for _, p := range r.Patterns {
			pats = append(pats, in.patterns[p.Index])
		}
		isKnown := func(k string) bool {
			if known[k] {
				return true
			}
			for _, m := range pats {
				if m(k) {
					return true
				}
			}
			return false
		}
		if r.Deny {
			return func(c *checker, v *value, _ *evaluated) bool { return c.noAdditional(v, isKnown) }
		}
		fn := in.fn(r.Check)
		return func(c *checker, v *value, ev *evaluated) bool { return c.additional(v, isKnown, fn, ev) }
	case *model.PropertyNamesRule:
		if r.Deny {
			return func(c *checker, v *value, _ *evaluated) bool { return c.noPropertyNames(v) }
		}
		fn := in.fn(r.Check)
		return func(c *checker, v *value, _ *evaluated) bool { return c.propertyNames(v, fn) }
	case *model.RequiredRule:
		return func(c *checker, v *value, _ *evaluated) bool { return c.required(v, r.Names) }
	case *model.DependentRequiredRule:
		return func(c *checker, v *value, _ *evaluated) bool {
			return c.dependentRequired(v, r.Key, r.If, r.Then)
		}
	case *model.DependentSchemaRule:
		if r.Deny {
			return func(c *checker, v *value, _ *evaluated) bool { return c.noProperty(v, r.Key, r.If) }
		}
		fn := in.fn(r.Check)
		return func(c *checker, v *value, ev *evaluated) bool { return c.dependentSchema(v, r.If, fn, ev) }
	case *model.AllOfRule:
		fns := in.fns(r.Checks)
		return func(c *checker, v *value, ev *evaluated) bool {
			ok := true
			for _, fn := range fns {
				if !fn(c, v, ev) && c.stop(&ok) {
					return false
				}
			}
			return ok
		}
	case *model.AnyOfRule:
		fns, cl := in.fns(r.Checks), closestOf(r.Closest)
		return func(c *checker, v *value, ev *evaluated) bool { return c.anyOf(v, ev, cl, fns...) }
	case *model.OneOfRule:
		fns, cl := in.fns(r.Checks), closestOf(r.Closest)
		return func(c *checker, v *value, ev *evaluated) bool { return c.oneOf(v, ev, cl, fns...) }
	case *model.NotRule:
		fn := in.fn(r.Check)
		return func(c *checker, v *value, _ *evaluated) bool { return c.not(v, fn) }
	case *model.IfRule:
		then, otherwise := in.fn(r.Then), in.fn(r.Else)
		if tag := r.Tag; tag != nil {
			return func(c *checker, v *value, ev *evaluated) bool {
				return c.ifTag(v, ev, tag.Name, tag.Value, then, otherwise)
			}
		}
		cond := in.fn(r.If)
		return func(c *checker, v *value, ev *evaluated) bool { return c.ifThenElse(v, ev, cond, then, otherwise) }
	case *model.UnevaluatedRule:
		return in.unevaluated(r)
	}
	panic(fmt.Sprintf("jsonrt: no rule for %T", r))
}

// count is the rule of "minItems", "maxItems", "minProperties" or
// "maxProperties".
func count(r *model.CountRule) func(c *checker, v *value, ev *evaluated) bool {
	rule := (*checker).minItems
	switch r.Keyword() {
	case "maxItems":
		rule = (*checker).maxItems
	case "minProperties":
		rule = (*checker).minProperties
	case "maxProperties":
		rule = (*checker).maxProperties
	}
	return func(c *checker, v *value, _ *evaluated) bool { return rule(c, v, r.N) }
}

// unevaluated is the rule of "unevaluatedProperties" or "unevaluatedItems".
func (in *interpreter) unevaluated(r *model.UnevaluatedRule) func(c *checker, v *value, ev *evaluated) bool {
	fn := in.fn(r.Check)
	switch {
	case r.Items && r.Deny:
		return func(c *checker, v *value, ev *evaluated) bool { return c.noUnevaluatedItems(v, ev) }
	case r.Items:
		return func(c *checker, v *value, ev *evaluated) bool { return c.unevaluatedItems(v, ev, fn) }
	case r.Deny:
		return func(c *checker, v *value, ev *evaluated) bool { return c.noUnevaluatedProperties(v, ev) }
	}
	return func(c *checker, v *value, ev *evaluated) bool { return c.unevaluatedProperties(v, ev, fn) }
}

func (in *interpreter) fns(chs []*model.Check) []checkFunc {
	out := make([]checkFunc, len(chs))
	for i, ch := range chs {
		out[i] = in.fn(ch)
	}
	return out
}

// TypeSet returns the typeSet of types.
func TypeSet(types []model.JSONType) typeSet {
	var set typeSet
	for _, t := range types {
		switch t {
		case model.TypeNull:
			set |= typeNull
		case model.TypeBoolean:
			set |= typeBoolean
		case model.TypeObject:
			set |= typeObject
		case model.TypeArray:
			set |= typeArray
		case model.TypeNumber:
			set |= typeNumber
		case model.TypeString:
			set |= typeString
		case model.TypeInteger:
			set |= typeInteger
		}
	}
	return set
}

// closestOf is the runtime's form of a model.Closest.
func closestOf(m *model.Closest) *closest {
	if m == nil {
		return nil
	}
	cl := &closest{tag: m.Tag, tags: m.Tags, dispatch: m.Dispatch}
	for _, ts := range m.Kinds {
		cl.kinds = append(cl.kinds, typeSetOf(ts))
	}
	return cl
}

// typeSetOf is the runtime's set of the types named.
func typeSetOf(names model.TypeSet) typeSet {
	var t typeSet
	for _, n := range names {
		t |= typeBits[n]
	}
	return t
}

// typeBits are the runtime's type bits by name.
var typeBits = map[string]typeSet{"null": typeNull, "boolean": typeBoolean, "object": typeObject, "array": typeArray,
	"number": typeNumber, "string": typeString, "integer": typeInteger}
