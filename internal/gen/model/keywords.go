package model

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// The keywords of a schema object, each compiled into a rule in its
// draft's meaning. The order of the steps is the order of the rules.

// keywords compiles one schema object's keywords into rules.
type keywords struct {
	c     *compiler
	s     *resolve.Schema
	o     *resolve.Object
	ctx   scope
	rules []Rule
}

func (k *keywords) add(r Rule) { k.rules = append(k.rules, r) }

func (k *keywords) has(kw string) bool { return k.o.Has(kw) }

func (k *keywords) errorf(kw, format string, args ...any) error {
	return k.s.Errorf(jsonptr.Escape(kw), format, args...)
}

func (k *keywords) draft() resolve.Draft { return k.s.Draft }

func (k *keywords) vocab(v resolve.Vocab) bool { return k.s.Vocab&v != 0 }

// compile adds the rules in a fixed order: references, then assertions on
// the value's type, numbers, strings, arrays and objects, then the
// in-place applicators, and the unevaluated keywords last, which must see
// what everything else evaluated.
func (k *keywords) compile() error {
	steps := []func() error{k.refs}
	if k.draft() <= resolve.Draft7 && k.has("$ref") {
		// Before 2019-09, $ref takes the place of every keyword beside it.
		return k.refs()
	}
	if k.vocab(resolve.VocabValidation) {
		steps = append(steps, k.types, k.enum, k.constant, k.numbers, k.strings)
	}
	steps = append(steps, k.format, k.arrays, k.objects)
	if k.vocab(resolve.VocabApplicator) {
		steps = append(steps, k.combinators)
	}
	if k.draft() >= resolve.Draft2019 && k.vocab(resolve.VocabUnevaluated) {
		steps = append(steps, k.unevaluated)
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (k *keywords) refs() error {
	for _, kw := range []string{"$ref", "$recursiveRef", "$dynamicRef"} {
		ref, ok := k.o.Values[kw].(string)
		if !ok {
			if k.has(kw) {
				return k.errorf(kw, "must be a string")
			}
			continue
		}
		if kw == "$recursiveRef" && k.draft() != resolve.Draft2019 || kw == "$dynamicRef" && k.draft() < resolve.Draft2020 {
			continue
		}
		t, err := k.c.set.Resolve(k.s, kw, ref)
		if err != nil {
			return err
		}
		switch kw {
		case "$dynamicRef":
			if name, ok := anchorName(ref); ok && t.DynamicAnchor == name {
				t = k.scoped(t, name)
			}
		case "$recursiveRef":
			if t.Resource == t && t.RecursiveAnchor {
				t = k.scoped(t, "")
			}
		}
		k.add(&RefRule{Key: kw, Check: k.c.check(t, k.c.enter(k.ctx, t.Resource), "")})
	}
	return nil
}

// scoped is the schema the dynamic scope defines for anchor name, the one
// a dynamic reference whose static target is t looks up: t where the scope
// defines none. One other than t makes the program Scoped: the type made
// of t is not what the reference checks there.
func (k *keywords) scoped(t *resolve.Schema, name string) *resolve.Schema {
	d, ok := k.ctx[name]
	if !ok {
		return t
	}
	if d != t {
		k.c.prog.Scoped = true
	}
	return d
}

func (k *keywords) types() error {
	v, ok := k.o.Values["type"]
	if !ok {
		return nil
	}
	var names []any
	switch x := v.(type) {
	case string:
		names = []any{x}
	case []any:
		if len(x) == 0 {
			// Every draft's meta-schema asks for at least one.
			return k.errorf("type", "must be a type name or a non-empty array of them")
		}
		names = x
	default:
		return k.errorf("type", "must be a type name or an array of them")
	}
	r := &TypeRule{}
	for _, n := range names {
		s, _ := n.(string)
		switch t := JSONType(s); t {
		case TypeNull, TypeBoolean, TypeObject, TypeArray, TypeNumber, TypeString, TypeInteger:
			r.Types = append(r.Types, t)
		default:
			if s == "any" && k.draft() == resolve.Draft4 {
				return nil
			}
			return k.errorf("type", "unknown type %s", resolve.Compact(n))
		}
	}
	k.add(r)
	if k.c.opts.ExactIntegers && slices.Contains(r.Types, TypeInteger) && !slices.Contains(r.Types, TypeNumber) {
		k.add(&ExactIntegerRule{})
	}
	return nil
}

func (k *keywords) enum() error {
	v, ok := k.o.Values["enum"]
	if !ok {
		return nil
	}
	vals, ok := v.([]any)
	if !ok {
		return k.errorf("enum", "must be an array")
	}
	r := &EnumRule{}
	for _, e := range vals {
		r.Values = append(r.Values, k.c.literal(e))
	}
	k.add(r)
	return nil
}

func (k *keywords) constant() error {
	if v, ok := k.o.Values["const"]; ok && k.draft() >= resolve.Draft6 {
		k.add(&ConstRule{Value: k.c.literal(v)})
	}
	return nil
}

func (c *compiler) literal(v any) *Literal {
	text := resolve.Compact(v)
	if l, ok := c.literals[string(text)]; ok {
		return l
	}
	l := &Literal{Index: len(c.prog.Literals), JSON: text, Value: v}
	c.literals[string(text)] = l
	c.prog.Literals = append(c.prog.Literals, l)
	return l
}

func (k *keywords) number(kw string) (Number, bool, error) {
	v, ok := k.o.Values[kw]
	if !ok {
		return Number{}, false, nil
	}
	n, ok := v.(json.Number)
	if !ok {
		return Number{}, false, k.errorf(kw, "must be a number")
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil && !math.IsInf(f, 0) {
		return Number{}, false, k.errorf(kw, "must be a number: %v", err)
	}
	return Number{Text: string(n), Value: f}, true, nil
}

// count reads a non-negative integer keyword (2.0 is one).
func (k *keywords) count(kw string) (int, bool, error) {
	n, ok, err := k.number(kw)
	if err != nil || !ok {
		return 0, ok, err
	}
	if n.Value < 0 || n.Value != math.Trunc(n.Value) {
		return 0, false, k.errorf(kw, "must be a non-negative integer, got %s", n.Text)
	}
	if n.Value > math.MaxInt32 {
		return math.MaxInt32, true, nil
	}
	return int(n.Value), true, nil
}

// counts adds the rule that rule makes for each keyword of a min/max pair
// of counts that the schema has.
func (k *keywords) counts(minKw, maxKw string, rule func(kw string, max bool, n int) Rule) error {
	for _, b := range [...]struct {
		kw  string
		max bool
	}{{minKw, false}, {maxKw, true}} {
		n, ok, err := k.count(b.kw)
		if err != nil {
			return err
		}
		if ok {
			k.add(rule(b.kw, b.max, n))
		}
	}
	return nil
}

func (k *keywords) numbers() error {
	for _, b := range []struct {
		kw  string
		max bool
	}{{"minimum", false}, {"maximum", true}} {
		n, ok, err := k.number(b.kw)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		exclusive := false
		if k.draft() == resolve.Draft4 {
			ex := "exclusiveMinimum"
			if b.max {
				ex = "exclusiveMaximum"
			}
			if v, ok := k.o.Values[ex]; ok {
				if exclusive, ok = v.(bool); !ok {
					return k.errorf(ex, "must be a boolean in draft 4")
				}
			}
		}
		k.add(&BoundRule{Key: b.kw, Limit: n, Max: b.max, Exclusive: exclusive})
	}
	if k.draft() >= resolve.Draft6 {
		for _, b := range []struct {
			kw  string
			max bool
		}{{"exclusiveMinimum", false}, {"exclusiveMaximum", true}} {
			if _, isBool := k.o.Values[b.kw].(bool); isBool {
				continue // a draft 4 form in a later draft: read as nothing
			}
			n, ok, err := k.number(b.kw)
			if err != nil {
				return err
			}
			if ok {
				k.add(&BoundRule{Key: b.kw, Limit: n, Max: b.max, Exclusive: true})
			}
		}
	}
	n, ok, err := k.number("multipleOf")
	if err != nil {
		return err
	}
	if ok {
		if n.Value <= 0 {
			return k.errorf("multipleOf", "must be greater than 0, got %s", n.Text)
		}
		k.add(&MultipleOfRule{By: n})
	}
	return nil
}

func (k *keywords) strings() error {
	if err := k.counts("minLength", "maxLength", func(_ string, max bool, n int) Rule { return &LengthRule{Max: max, N: n} }); err != nil {
		return err
	}
	if v, ok := k.o.Values["pattern"]; ok {
		src, ok := v.(string)
		if !ok {
			return k.errorf("pattern", "must be a string")
		}
		p, err := k.c.pattern(src)
		if err != nil {
			return k.errorf("pattern", "%v", err)
		}
		k.add(&PatternRule{Pattern: p})
	}
	return nil
}

func (c *compiler) pattern(src string) (*Pattern, error) {
	if p, ok := c.patterns[src]; ok {
		return p, nil
	}
	flags, err := analyzePattern(src)
	if err != nil {
		return nil, err
	}
	p := &Pattern{Index: len(c.prog.Patterns), Source: src, Flags: flags}
	c.patterns[src] = p
	c.prog.Patterns = append(c.prog.Patterns, p)
	return p, nil
}

func (k *keywords) format() error {
	name, ok := k.o.Values["format"].(string)
	if !ok || !k.c.opts.Formats.assert(k.s.Draft, k.vocab(resolve.VocabFormatAssertion)) {
		return nil
	}
	for _, f := range FormatNames {
		if f == name {
			k.c.formats[name] = true
			k.add(&FormatRule{Format: name})
		}
	}
	return nil
}

// sub returns the check of the subschema at kw (and the rest of rel), and
// whether it is the true schema (nil check) or the false one (deny).
func (k *keywords) sub(rel string) (ch *Check, deny bool, err error) {
	if s := k.c.set.Sub(k.s, rel); s != nil {
		if b, ok := s.Bool(); ok {
			return nil, !b, nil
		}
		if o := s.Object(); o != nil && len(o.Keys) == 0 {
			return nil, false, nil
		}
	}
	ch, err = k.c.child(k.s, k.ctx, rel)
	if err != nil {
		return nil, false, err
	}
	switch {
	case ch.IsTrue():
		return nil, false, nil
	case ch.IsFalse():
		return nil, true, nil
	}
	return ch, false, nil
}

func (k *keywords) arrays() error {
	if k.vocab(resolve.VocabApplicator) {
		if err := k.items(); err != nil {
			return err
		}
		if err := k.contains(); err != nil {
			return err
		}
	}
	if !k.vocab(resolve.VocabValidation) {
		return nil
	}
	if err := k.counts("minItems", "maxItems", func(kw string, max bool, n int) Rule { return &CountRule{Key: kw, Max: max, N: n} }); err != nil {
		return err
	}
	if u, ok := k.o.Values["uniqueItems"]; ok {
		b, ok := u.(bool)
		if !ok {
			return k.errorf("uniqueItems", "must be a boolean")
		}
		if b {
			k.add(&UniqueRule{})
		}
	}
	return nil
}

func (k *keywords) items() error {
	prefixKey := "prefixItems"
	if k.draft() < resolve.Draft2020 {
		prefixKey = "items"
	}
	prefix := 0
	if list, ok := k.o.Values[prefixKey].([]any); ok {
		r := &PrefixItemsRule{Key: prefixKey}
		for i := range list {
			ch, deny, err := k.sub(prefixKey + "/" + strconv.Itoa(i))
			if err != nil {
				return err
			}
			r.Checks = append(r.Checks, ch)
			r.Deny = append(r.Deny, deny)
		}
		prefix = len(list)
		k.add(r)
	} else if k.draft() >= resolve.Draft2020 {
		if list, ok := k.o.Values["items"].([]any); ok {
			// An array "items" in a 2020-12 schema: read as prefixItems,
			// what it meant before.
			r := &PrefixItemsRule{Key: "items"}
			for i := range list {
				ch, deny, err := k.sub("items/" + strconv.Itoa(i))
				if err != nil {
					return err
				}
				r.Checks = append(r.Checks, ch)
				r.Deny = append(r.Deny, deny)
			}
			k.add(r)
			return nil
		}
	}
	restKey := "items"
	if k.draft() < resolve.Draft2020 {
		restKey = ""
		if _, isList := k.o.Values["items"].([]any); isList {
			restKey = "additionalItems"
		} else if k.has("items") {
			restKey = "items"
		}
	}
	if restKey == "" || !k.has(restKey) {
		return nil
	}
	if _, isList := k.o.Values[restKey].([]any); isList {
		return nil
	}
	ch, deny, err := k.sub(restKey)
	if err != nil {
		return err
	}
	k.add(&ItemsRule{Key: restKey, From: prefix, Check: ch, Deny: deny})
	return nil
}

func (k *keywords) contains() error {
	if !k.has("contains") || k.draft() < resolve.Draft6 {
		return nil
	}
	ch, deny, err := k.sub("contains")
	if err != nil {
		return err
	}
	r := &ContainsRule{Check: ch, Min: 1, Never: deny, Marks: k.draft() >= resolve.Draft2020}
	if k.draft() >= resolve.Draft2019 && k.vocab(resolve.VocabValidation) {
		if n, ok, err := k.count("minContains"); err != nil {
			return err
		} else if ok {
			r.Min = n
		}
		if n, ok, err := k.count("maxContains"); err != nil {
			return err
		} else if ok {
			r.Max = &n
		}
	}
	k.add(r)
	return nil
}

func (k *keywords) objects() error {
	if k.vocab(resolve.VocabValidation) {
		if err := k.required(); err != nil {
			return err
		}
	}
	if k.vocab(resolve.VocabApplicator) {
		for _, step := range []func() error{k.properties, k.propertyNames} {
			if err := step(); err != nil {
				return err
			}
		}
	}
	if err := k.dependencies(); err != nil {
		return err
	}
	if !k.vocab(resolve.VocabValidation) {
		return nil
	}
	return k.counts("minProperties", "maxProperties", func(kw string, max bool, n int) Rule {
		return &CountRule{Key: kw, Properties: true, Max: max, N: n}
	})
}

func (k *keywords) required() error {
	v, ok := k.o.Values["required"]
	if !ok {
		return nil
	}
	names, err := stringList(v)
	if err != nil {
		return k.errorf("required", "%v", err)
	}
	if len(names) > 0 {
		k.add(&RequiredRule{Names: names})
	}
	return nil
}

func stringList(v any) ([]string, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("must be an array of strings")
	}
	var out []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, fmt.Errorf("must be an array of strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func (k *keywords) properties() error {
	var known []string
	if props := k.o.Obj("properties"); props != nil {
		r := &PropertiesRule{}
		for _, name := range props.Keys {
			ch, deny, err := k.sub("properties/" + jsonptr.Escape(name))
			if err != nil {
				return err
			}
			r.Props = append(r.Props, &PropCheck{Name: name, Check: ch, Deny: deny})
			known = append(known, name)
		}
		// Checked in name order, as the schema engine reports them: of
		// two problems as deep, the one at the first name is named.
		slices.SortStableFunc(r.Props, func(a, b *PropCheck) int { return jsonptr.Compare(a.Name, b.Name) })
		k.add(r)
	}
	var patterns []*Pattern
	if props := k.o.Obj("patternProperties"); props != nil {
		r := &PatternPropertiesRule{}
		for _, src := range props.Keys {
			p, err := k.c.pattern(src)
			if err != nil {
				return k.errorf("patternProperties", "%q: %v", src, err)
			}
			ch, deny, err := k.sub("patternProperties/" + jsonptr.Escape(src))
			if err != nil {
				return err
			}
			r.Props = append(r.Props, &PatternCheck{Pattern: p, Check: ch, Deny: deny})
			patterns = append(patterns, p)
		}
		k.add(r)
	}
	if k.has("additionalProperties") {
		ch, deny, err := k.sub("additionalProperties")
		if err != nil {
			return err
		}
		k.add(&AdditionalRule{Known: known, Patterns: patterns, Check: ch, Deny: deny})
	}
	return nil
}

func (k *keywords) propertyNames() error {
	if !k.has("propertyNames") || k.draft() < resolve.Draft6 {
		return nil
	}
	ch, deny, err := k.sub("propertyNames")
	if err != nil {
		return err
	}
	if ch != nil || deny {
		k.add(&PropertyNamesRule{Check: ch, Deny: deny})
	}
	return nil
}

// dependencies compiles "dependentRequired" and "dependentSchemas"
// (2019-09 and later) and "dependencies" (before), whose array values are
// the first and schema values the second.
func (k *keywords) dependencies() error {
	type dep struct {
		kw, name string
		val      any
	}
	var deps []dep
	add := func(kw string) {
		if m := k.o.Obj(kw); m != nil {
			for _, name := range m.Keys {
				deps = append(deps, dep{kw, name, m.Values[name]})
			}
		}
	}
	if k.draft() <= resolve.Draft7 {
		add("dependencies")
	} else {
		add("dependentRequired")
		add("dependentSchemas")
	}
	for _, d := range deps {
		if list, isList := d.val.([]any); isList || d.kw == "dependentRequired" {
			if !k.vocab(resolve.VocabValidation) {
				continue
			}
			names, err := stringList(list)
			if err != nil {
				return k.errorf(d.kw+"/"+jsonptr.Escape(d.name), "%v", err)
			}
			if len(names) > 0 {
				k.add(&DependentRequiredRule{Key: d.kw, If: d.name, Then: names})
			}
			continue
		}
		if !k.vocab(resolve.VocabApplicator) {
			continue
		}
		ch, deny, err := k.sub(d.kw + "/" + jsonptr.Escape(d.name))
		if err != nil {
			return err
		}
		if ch != nil || deny {
			k.add(&DependentSchemaRule{Key: d.kw, If: d.name, Check: ch, Deny: deny})
		}
	}
	return nil
}

func (k *keywords) list(kw string) ([]*Check, error) {
	v, ok := k.o.Values[kw]
	if !ok {
		return nil, nil
	}
	items, ok := v.([]any)
	if !ok || len(items) == 0 {
		return nil, k.errorf(kw, "must be a non-empty array of schemas")
	}
	var out []*Check
	for i := range items {
		ch, err := k.c.child(k.s, k.ctx, kw+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out = append(out, ch)
	}
	return out, nil
}

func (k *keywords) combinators() error {
	all, err := k.list("allOf")
	if err != nil {
		return err
	}
	if all != nil {
		k.add(&AllOfRule{Checks: all})
	}
	anyOf, err := k.list("anyOf")
	if err != nil {
		return err
	}
	if anyOf != nil {
		k.add(&AnyOfRule{Checks: anyOf, Closest: k.closest("anyOf")})
	}
	oneOf, err := k.list("oneOf")
	if err != nil {
		return err
	}
	if oneOf != nil {
		k.add(&OneOfRule{Checks: oneOf, Closest: k.closest("oneOf")})
	}
	if k.has("not") {
		ch, err := k.c.child(k.s, k.ctx, "not")
		if err != nil {
			return err
		}
		k.add(&NotRule{Check: ch})
	}
	if k.has("if") && k.draft() >= resolve.Draft7 {
		r := &IfRule{}
		if r.Tag = tagTest(k.c.set.Sub(k.s, "if")); r.Tag == nil {
			if r.If, err = k.c.child(k.s, k.ctx, "if"); err != nil {
				return err
			}
		}
		for _, b := range []struct {
			kw  string
			dst **Check
		}{{"then", &r.Then}, {"else", &r.Else}} {
			if !k.has(b.kw) {
				continue
			}
			if *b.dst, err = k.c.child(k.s, k.ctx, b.kw); err != nil {
				return err
			}
		}
		k.add(r)
	}
	return nil
}

func (k *keywords) unevaluated() error {
	for _, u := range []struct {
		kw    string
		items bool
	}{{"unevaluatedItems", true}, {"unevaluatedProperties", false}} {
		if !k.has(u.kw) {
			continue
		}
		ch, deny, err := k.sub(u.kw)
		if err != nil {
			return err
		}
		k.add(&UnevaluatedRule{Items: u.items, Check: ch, Deny: deny})
	}
	return nil
}

// tagTest reads an "if" schema that is exactly {"properties": {K:
// {"const": S}}, "required": [K]}, S a string, where all three keywords
// assert (TagTest); nil for any other.
func tagTest(s *resolve.Schema) *TagTest {
	const both = resolve.VocabApplicator | resolve.VocabValidation
	if s == nil {
		return nil
	}
	o := s.Object()
	if o == nil || len(o.Keys) != 2 || s.Vocab&both != both {
		return nil
	}
	props, required := o.Obj("properties"), o.Arr("required")
	if props == nil || len(props.Keys) != 1 || len(required) != 1 || required[0] != props.Keys[0] {
		return nil
	}
	name := props.Keys[0]
	p := props.Obj(name)
	if p == nil || len(p.Keys) != 1 {
		return nil
	}
	value, ok := p.Values["const"].(string)
	if !ok {
		return nil
	}
	return &TagTest{Name: name, Value: value}
}
