package model

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// CompileOptions tune Compile.
type CompileOptions struct {
	// AssertFormats makes "format" an assertion for the formats omnigen
	// knows (FormatNames); by default it is an annotation, as the
	// specification says, unless a 2019-09 or 2020-12 meta-schema asks
	// for assertion.
	AssertFormats bool
}

// FormatNames lists the formats that can assert.
var FormatNames = []string{
	"date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname",
	"ipv4", "ipv6", "iri", "iri-reference", "json-pointer", "regex", "relative-json-pointer",
	"time", "uri", "uri-reference", "uri-template", "uuid",
}

// RootSchema is a schema to compile as a root, and the name of its check.
type RootSchema struct {
	Schema *resolve.Schema
	Name   string
}

// Compile compiles the roots, schemas of set, into one Program. Every
// keyword of every draft is compiled; unknown keywords are annotations and
// are left out. An error names the schema location of a keyword whose
// value is malformed, or of a reference that cannot be resolved.
func Compile(set *resolve.Set, roots []RootSchema, opts CompileOptions) (*Program, error) {
	c := newCompiler(set, opts)
	if err := c.findAnchors(roots); err != nil {
		return nil, err
	}
	for _, r := range roots {
		c.prog.Roots = append(c.prog.Roots, c.rootCheck(r))
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	return c.prog, nil
}

func newCompiler(set *resolve.Set, opts CompileOptions) *compiler {
	return &compiler{
		set: set, opts: opts, prog: &Program{at: map[*resolve.Schema]*Check{}},
		checks: map[string]*Check{}, names: map[string]bool{},
		patterns: map[string]*Pattern{}, literals: map[string]*Literal{}, formats: map[string]bool{},
	}
}

func (c *compiler) rootCheck(r RootSchema) *Check {
	return c.check(r.Schema, c.enter(scope{}, r.Schema.Resource), r.Name)
}

// finish fills every check made so far and checks the program as a whole.
func (c *compiler) finish() error {
	for len(c.queue) > 0 {
		job := c.queue[0]
		c.queue = c.queue[1:]
		if err := c.fill(job); err != nil {
			return err
		}
	}
	c.prog.Formats = c.prog.Formats[:0]
	for f := range c.formats {
		c.prog.Formats = append(c.prog.Formats, f)
	}
	sort.Strings(c.prog.Formats)
	c.track()
	return c.loops()
}

type compiler struct {
	set  *resolve.Set
	opts CompileOptions
	prog *Program
	// checks are keyed by location and dynamic scope.
	checks map[string]*Check
	names  map[string]bool
	queue  []job
	// dynamic lists the anchor names $dynamicRef and $recursiveRef ("")
	// look up in the dynamic scope.
	dynamic  []string
	patterns map[string]*Pattern
	literals map[string]*Literal
	formats  map[string]bool
	// schemas maps each check to its schema, for the loop check's messages.
	schemas map[*Check]*resolve.Schema
}

type job struct {
	check  *Check
	schema *resolve.Schema
	ctx    scope
}

// scope is what the dynamic scope decides: for each anchor name a dynamic
// reference looks up, the schema the outermost resource entered so far
// defines for it. Only the first resource to define a name counts, so a
// scope changes at most once per name and checks are specialised to few.
type scope map[string]*resolve.Schema

func (s scope) key() string {
	if len(s) == 0 {
		return ""
	}
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString("|" + n + "=" + s[n].Doc.URI + "#" + s[n].Ptr)
	}
	return b.String()
}

// enter returns the scope after evaluation enters resource res.
func (c *compiler) enter(s scope, res *resolve.Schema) scope {
	var out scope
	for _, name := range c.dynamic {
		if _, ok := s[name]; ok {
			continue
		}
		var def *resolve.Schema
		if name == "" {
			if res.RecursiveAnchor {
				def = res
			}
		} else {
			def = c.set.DynamicAnchor(res, name)
		}
		if def == nil {
			continue
		}
		if out == nil {
			out = make(scope, len(s)+1)
			for k, v := range s {
				out[k] = v
			}
		}
		out[name] = def
	}
	if out == nil {
		return s
	}
	return out
}

// findAnchors loads every document the roots reach and lists the names
// dynamic references look up.
func (c *compiler) findAnchors(roots []RootSchema) error {
	seen := map[*resolve.Schema]bool{}
	var visit func(s *resolve.Schema) error
	visit = func(s *resolve.Schema) error {
		if seen[s] {
			return nil
		}
		seen[s] = true
		o := s.Object()
		if o == nil {
			return nil
		}
		for _, kw := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
			ref, ok := o.Values[kw].(string)
			if !ok {
				continue
			}
			t, err := c.set.Resolve(s, kw, ref)
			if err != nil {
				return err
			}
			switch kw {
			case "$dynamicRef":
				if name, ok := anchorName(ref); ok {
					c.addDynamic(name)
				}
			case "$recursiveRef":
				c.addDynamic("")
			}
			if err := visit(t); err != nil {
				return err
			}
		}
		for _, sub := range c.subschemas(s) {
			if err := visit(sub); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range roots {
		if err := visit(r.Schema); err != nil {
			return err
		}
	}
	return nil
}

func (c *compiler) addDynamic(name string) {
	for _, n := range c.dynamic {
		if n == name {
			return
		}
	}
	c.dynamic = append(c.dynamic, name)
	sort.Strings(c.dynamic)
}

// anchorName returns the plain-name fragment of a reference.
func anchorName(ref string) (string, bool) {
	_, frag, ok := strings.Cut(ref, "#")
	if !ok || frag == "" || strings.HasPrefix(frag, "/") {
		return "", false
	}
	return frag, true
}

// subschemas lists the subschemas of s that walk registered.
func (c *compiler) subschemas(s *resolve.Schema) []*resolve.Schema {
	var out []*resolve.Schema
	o := s.Object()
	if o == nil {
		return nil
	}
	for _, k := range o.Keys {
		switch v := o.Values[k].(type) {
		case *resolve.Object:
			if sub := c.set.Sub(s, resolve.Escape(k)); sub != nil {
				out = append(out, sub)
				continue
			}
			for _, name := range v.Keys {
				if sub := c.set.Sub(s, resolve.Escape(k)+"/"+resolve.Escape(name)); sub != nil {
					out = append(out, sub)
				}
			}
		case []any:
			for i := range v {
				if sub := c.set.Sub(s, resolve.Escape(k)+"/"+strconv.Itoa(i)); sub != nil {
					out = append(out, sub)
				}
			}
		case bool:
			if sub := c.set.Sub(s, resolve.Escape(k)); sub != nil {
				out = append(out, sub)
			}
		}
	}
	return out
}

// check returns the check of s in scope ctx, creating it (to be filled
// later) the first time; name is a name for it when it has none of its own.
func (c *compiler) check(s *resolve.Schema, ctx scope, name string) *Check {
	key := s.Doc.URI + "#" + s.Ptr + ctx.key()
	if ch, ok := c.checks[key]; ok {
		return ch
	}
	if name == "" {
		name = c.nameOf(s)
	}
	ch := &Check{Index: len(c.prog.Checks), Name: c.unique(name), Loc: s.Loc(), Draft: s.Draft.String()}
	c.checks[key] = ch
	c.prog.Checks = append(c.prog.Checks, ch)
	if _, ok := c.prog.at[s]; !ok {
		c.prog.at[s] = ch
	}
	if c.schemas == nil {
		c.schemas = map[*Check]*resolve.Schema{}
	}
	c.schemas[ch] = s
	c.queue = append(c.queue, job{check: ch, schema: s, ctx: ctx})
	return ch
}

func (c *compiler) unique(name string) string {
	n := name
	for i := 2; c.names[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	c.names[n] = true
	return n
}

// nameOf derives a check's name from its location: a definition's name, or
// the name of the nearest definition or document above it followed by the
// way down ("Package" "Repository" → "PackageRepository").
func (c *compiler) nameOf(s *resolve.Schema) string {
	tokens := strings.Split(s.Ptr, "/")[1:]
	name := docName(s.Doc)
	for i := 0; i < len(tokens); i++ {
		tok := resolve.Unescape(tokens[i])
		next := ""
		if i+1 < len(tokens) {
			next = resolve.Unescape(tokens[i+1])
		}
		switch tok {
		case "$defs", "definitions":
			if next != "" {
				name = identifier(next)
				i++
			}
		case "properties", "patternProperties", "dependentSchemas", "dependencies":
			if next != "" {
				name += identifier(next)
				i++
			}
		case "items", "prefixItems":
			name += "Item"
			if _, err := strconv.Atoi(next); err == nil {
				name += next
				i++
			}
		case "allOf", "anyOf", "oneOf":
			name += identifier(tok)
			if next != "" {
				name += next
				i++
			}
		case "additionalProperties":
			name += "Value"
		default:
			name += identifier(tok)
		}
	}
	if name == "" {
		return "Schema"
	}
	return name
}

// docName names a document's root: its title, else its file name.
func docName(d *resolve.Document) string {
	if o, ok := d.JSON.(*resolve.Object); ok {
		if t := identifier(o.Str("title")); t != "" {
			return t
		}
	}
	base := d.URI[strings.LastIndexAny(d.URI, "/:")+1:]
	base = strings.TrimSuffix(strings.TrimSuffix(base, ".json"), ".schema")
	if n := identifier(base); n != "" {
		return n
	}
	return "Schema"
}

// identifier turns any text into PascalCase ASCII letters and digits,
// never starting with a digit: "tool_call-id" → "ToolCallId".
func identifier(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			if up {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r)
			up = false
		case r >= '0' && r <= '9':
			if b.Len() == 0 {
				b.WriteByte('N')
			}
			b.WriteRune(r)
			up = true
		default:
			up = true
		}
	}
	return b.String()
}

// child returns the check of the subschema of s at rel.
func (c *compiler) child(s *resolve.Schema, ctx scope, rel string) (*Check, error) {
	sub := c.set.Sub(s, rel)
	if sub == nil {
		return nil, s.Errorf(rel, "is not a schema")
	}
	return c.check(sub, c.enter(ctx, sub.Resource), ""), nil
}

// fill compiles the rules of a check.
func (c *compiler) fill(j job) error {
	s, ch := j.schema, j.check
	if b, ok := s.Bool(); ok {
		ch.Always = &b
		return nil
	}
	k := &keywords{c: c, s: s, o: s.Object(), ctx: j.ctx}
	if err := k.compile(); err != nil {
		return err
	}
	ch.Rules = k.rules
	if len(ch.Rules) == 0 {
		t := true
		ch.Always = &t
	}
	return nil
}

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
	return k.s.Errorf(resolve.Escape(kw), format, args...)
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
				if d, ok := k.ctx[name]; ok {
					t = d
				}
			}
		case "$recursiveRef":
			if t.Resource == t && t.RecursiveAnchor {
				if d, ok := k.ctx[""]; ok {
					t = d
				}
			}
		}
		k.add(&RefRule{Key: kw, Check: k.c.check(t, k.c.enter(k.ctx, t.Resource), "")})
	}
	return nil
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
	for _, b := range []struct {
		kw  string
		max bool
	}{{"minLength", false}, {"maxLength", true}} {
		n, ok, err := k.count(b.kw)
		if err != nil {
			return err
		}
		if ok {
			k.add(&LengthRule{Max: b.max, N: n})
		}
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
	flags, re2, err := analyzePattern(src)
	if err != nil {
		return nil, err
	}
	p := &Pattern{Index: len(c.prog.Patterns), Source: src, Flags: flags, RE2: re2}
	c.patterns[src] = p
	c.prog.Patterns = append(c.prog.Patterns, p)
	return p, nil
}

func (k *keywords) format() error {
	name, ok := k.o.Values["format"].(string)
	if !ok || !(k.c.opts.AssertFormats || k.vocab(resolve.VocabFormatAssertion)) {
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
	for _, b := range []struct {
		kw  string
		max bool
	}{{"minItems", false}, {"maxItems", true}} {
		n, ok, err := k.count(b.kw)
		if err != nil {
			return err
		}
		if ok {
			k.add(&CountRule{Key: b.kw, Max: b.max, N: n})
		}
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
	for _, b := range []struct {
		kw  string
		max bool
	}{{"minProperties", false}, {"maxProperties", true}} {
		n, ok, err := k.count(b.kw)
		if err != nil {
			return err
		}
		if ok {
			k.add(&CountRule{Key: b.kw, Properties: true, Max: b.max, N: n})
		}
	}
	return nil
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
			ch, deny, err := k.sub("properties/" + resolve.Escape(name))
			if err != nil {
				return err
			}
			r.Props = append(r.Props, &PropCheck{Name: name, Check: ch, Deny: deny})
			known = append(known, name)
		}
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
			ch, deny, err := k.sub("patternProperties/" + resolve.Escape(src))
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
				return k.errorf(d.kw+"/"+resolve.Escape(d.name), "%v", err)
			}
			if len(names) > 0 {
				k.add(&DependentRequiredRule{Key: d.kw, If: d.name, Then: names})
			}
			continue
		}
		if !k.vocab(resolve.VocabApplicator) {
			continue
		}
		ch, deny, err := k.sub(d.kw + "/" + resolve.Escape(d.name))
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
		k.add(&AnyOfRule{Checks: anyOf})
	}
	oneOf, err := k.list("oneOf")
	if err != nil {
		return err
	}
	if oneOf != nil {
		k.add(&OneOfRule{Checks: oneOf})
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
		if r.If, err = k.c.child(k.s, k.ctx, "if"); err != nil {
			return err
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

// inPlace lists the checks a rule applies to the same value.
func inPlace(r Rule) []*Check {
	switch r := r.(type) {
	case *RefRule:
		return []*Check{r.Check}
	case *AllOfRule:
		return r.Checks
	case *AnyOfRule:
		return r.Checks
	case *OneOfRule:
		return r.Checks
	case *NotRule:
		return []*Check{r.Check}
	case *IfRule:
		var out []*Check
		for _, ch := range []*Check{r.If, r.Then, r.Else} {
			if ch != nil {
				out = append(out, ch)
			}
		}
		return out
	case *DependentSchemaRule:
		if r.Check != nil {
			return []*Check{r.Check}
		}
	}
	return nil
}

// track marks the checks that must record what they evaluate: those an
// unevaluated keyword's check applies to the same value, at any depth of
// in-place applicators (but "not", whose annotations are dropped).
func (c *compiler) track() {
	var visit func(ch *Check)
	visit = func(ch *Check) {
		for _, r := range ch.Rules {
			if _, isNot := r.(*NotRule); isNot {
				continue
			}
			for _, next := range inPlace(r) {
				if !next.Tracks {
					next.Tracks = true
					visit(next)
				}
			}
		}
	}
	for _, ch := range c.prog.Checks {
		for _, r := range ch.Rules {
			if _, ok := r.(*UnevaluatedRule); ok {
				visit(ch)
				break
			}
		}
	}
}

// loops rejects a schema whose in-place applicators lead back to where
// they started: evaluation would apply it to the same value for ever.
func (c *compiler) loops() error {
	const (
		unseen = iota
		active
		done
	)
	state := make([]int, len(c.prog.Checks))
	var visit func(ch *Check) *Check
	visit = func(ch *Check) *Check {
		state[ch.Index] = active
		for _, r := range ch.Rules {
			for _, next := range inPlace(r) {
				switch state[next.Index] {
				case active:
					return next
				case unseen:
					if l := visit(next); l != nil {
						return l
					}
				}
			}
		}
		state[ch.Index] = done
		return nil
	}
	for _, ch := range c.prog.Checks {
		if state[ch.Index] == unseen {
			if l := visit(ch); l != nil {
				return c.schemas[l].Errorf("", "the schema applies itself to the same value through $ref or a combinator without going into it: evaluation would never end")
			}
		}
	}
	return nil
}
