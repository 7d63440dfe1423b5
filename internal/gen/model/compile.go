package model

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
)

// CompileOptions tune Compile.
type CompileOptions struct {
	// NameRoot gives the root the name Compiled is given even when it is a
	// definition with a name of its own (--root-name, and tests).
	NameRoot bool
	// Formats says whether "format" is an assertion, for the formats
	// omnigen knows (FormatNames).
	Formats Formats
	// ExactIntegers adds the dialect's rule of integers (ExactIntegerRule)
	// after every "type" that asks for an integer and not for any number.
	// Set for a schema in the dialect; ordinary schemas leave it off.
	ExactIntegers bool
	// DialectTypes makes the dialect's choices of types, types every
	// definition and attaches the x-omnigen annotations
	// (shapes_dialect.go): set, with ExactIntegers, for a schema in the
	// dialect.
	DialectTypes bool
	// AllDefinitions types every definition of the root document, as
	// well as what the root reaches: a schema change compares what a
	// definition that other schemas $ref says (omnigen breaking), where
	// generated code holds only what its root reaches.
	AllDefinitions bool
}

// Formats says whether "format" asserts or only annotates.
type Formats int

const (
	// FormatsByDraft follows each schema's draft, as the schema engine
	// does: drafts 4 to 7 assert formats; 2019-09 and 2020-12 treat them
	// as annotations unless the meta-schema's format-assertion vocabulary
	// is on.
	FormatsByDraft Formats = iota
	// FormatsAssert asserts formats in every draft (--assert-formats).
	FormatsAssert
	// FormatsAnnotate asserts none (--assert-formats=false).
	FormatsAnnotate
)

// assert reports whether format asserts in a schema of draft d whose
// meta-schema turns the format-assertion vocabulary on (vocab) or not.
func (f Formats) assert(d resolve.Draft, vocab bool) bool {
	switch f {
	case FormatsAssert:
		return true
	case FormatsAnnotate:
		return false
	}
	return d < resolve.Draft2019 || vocab
}

// FormatNames lists the formats that can assert: those of formatrt, and
// "regex", which regexrt checks.
var FormatNames = func() []string {
	names := append(slices.Clone(formatrt.Names), "regex")
	slices.Sort(names)
	return names
}()

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
		set: set, opts: opts, kinds: newKindFinder(set), prog: &Program{at: map[*resolve.Schema]*Check{}},
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
	c.prog.Scoped = c.prog.Scoped || c.scoped()
	c.track()
	c.dispatch()
	c.forwardNames()
	return c.loops()
}

// scoped reports whether some schema location has more than one check,
// one for each dynamic scope it is reached in (see Program.Scoped, which
// a dynamic reference resolved away from its static target sets too).
func (c *compiler) scoped() bool {
	seen := map[*resolve.Schema]bool{}
	for _, s := range c.schemas {
		if seen[s] {
			return true
		}
		seen[s] = true
	}
	return false
}

// forwardNames gives the name of a check that only forwards to another
// (Forward: a root that is only a "$ref", say) to the check it forwards
// to, when that one was numbered for it (Thing2 for Thing): renderers call
// the check forwarded to, which should read checkThing.
func (c *compiler) forwardNames() {
	for _, ch := range c.prog.Checks {
		to := ch.Forward()
		if to == nil {
			continue
		}
		if n, ok := strings.CutPrefix(to.Name, ch.Name); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			ch.Name, to.Name = to.Name, ch.Name
		}
	}
}

type compiler struct {
	set *resolve.Set
	// kinds finds the kinds of value a schema may accept.
	kinds *kindFinder
	opts  CompileOptions
	prog  *Program
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
			if sub := c.set.Sub(s, jsonptr.Escape(k)); sub != nil {
				out = append(out, sub)
				continue
			}
			for _, name := range v.Keys {
				if sub := c.set.Sub(s, jsonptr.Escape(k)+"/"+jsonptr.Escape(name)); sub != nil {
					out = append(out, sub)
				}
			}
		case []any:
			for i := range v {
				if sub := c.set.Sub(s, jsonptr.Escape(k)+"/"+strconv.Itoa(i)); sub != nil {
					out = append(out, sub)
				}
			}
		case bool:
			if sub := c.set.Sub(s, jsonptr.Escape(k)); sub != nil {
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
		tok := jsonptr.Unescape(tokens[i])
		next := ""
		if i+1 < len(tokens) {
			next = jsonptr.Unescape(tokens[i+1])
		}
		switch tok {
		case "$defs", "definitions":
			if next != "" {
				name = Pascal(next)
				i++
			}
		case "properties", "patternProperties", "dependentSchemas", "dependencies":
			if next != "" {
				name += Pascal(next)
				i++
			}
		case "items", "prefixItems":
			name += "Item"
			if _, err := strconv.Atoi(next); err == nil {
				name += next
				i++
			}
		case "allOf", "anyOf", "oneOf":
			name += Pascal(tok)
			if next != "" {
				name += next
				i++
			}
		case "additionalProperties":
			name += "Value"
		default:
			name += Pascal(tok)
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
		if t := Pascal(o.Str("title")); t != "" {
			return t
		}
	}
	base := d.URI[strings.LastIndexAny(d.URI, "/:")+1:]
	base = strings.TrimSuffix(strings.TrimSuffix(base, ".json"), ".schema")
	if n := Pascal(base); n != "" {
		return n
	}
	return "Schema"
}

// Pascal turns any text into PascalCase ASCII letters and digits, never
// starting with a digit: "tool_call-id" → "ToolCallId", "2fa" → "N2Fa".
// Every name the model makes from a schema's words is made by it; the
// emitters apply their own initialisms.
func Pascal(s string) string {
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
