package typescript

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
)

// checksSource is the runtime of the checks of a schema outside the
// x-omnigen dialect, written as src/checks.ts beside validate.ts: the twin
// of the Go runtime's check.go. jsonSource, written as src/json.ts, reads
// and writes JSON keeping what JSON.parse loses: the twin of the Go
// runtime's json.go and shape.go.
var (
	//go:embed checks.ts
	checksSource string
	//go:embed rt/json.ts
	jsonSource string
)

// runtimeExports are the names checks.ts and json.ts export, which the
// generated validate.ts may import: no generated name may take them. Found
// when first needed, not when omnigen starts (every run pays for init).
var runtimeExports = sync.OnceValue(func() []string {
	re := regexp.MustCompile(`(?m)^export (?:function|class|interface|type|const) ([A-Za-z0-9_$]+)`)
	var names []string
	for _, src := range []string{checksSource, jsonSource} {
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			names = append(names, m[1])
		}
	}
	return names
})

// The format checks (rt/format.ts) and the regex format (rt/regex.ts),
// written as src/formats.ts when formats assert: the twins of the Go
// runtime's format.go and regex.go.
var (
	//go:embed rt/format.ts
	formatSource string
	//go:embed rt/regex.ts
	regexSource string
)

// formatFuncs names the function of each format in src/formats.ts, as in
// the Go runtime.
var formatFuncs = func() map[string]string {
	m := map[string]string{"regex": "formatRegex"}
	for name, fn := range formatrt.Funcs {
		m[name] = fn
	}
	return m
}()

// formatsFile is src/formats.ts: the format checks, exported for
// validate.ts.
func formatsFile() gen.File {
	names := make([]string, 0, len(formatFuncs))
	for _, fn := range formatFuncs {
		names = append(names, fn)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(gen.Header + "\n\n" + strings.TrimSpace(formatSource) + "\n\n" + strings.TrimSpace(regexSource) + "\n\nexport {\n")
	for _, n := range names {
		b.WriteString("  " + n + ",\n")
	}
	b.WriteString("};\n")
	return gen.File{Path: "src/formats.ts", Content: []byte(b.String())}
}

// GeneralRuntime is the runtime the modules generated with Options.Prefix
// share, written once: src/checks.ts, src/json.ts and src/formats.ts.
func GeneralRuntime() []gen.File {
	return append(runtimeFiles(), formatsFile())
}

// runtimeFiles are src/checks.ts and src/json.ts.
func runtimeFiles() []gen.File {
	return []gen.File{
		{Path: "src/checks.ts", Content: []byte(gen.Header + "\n\n" + checksSource)},
		{Path: "src/json.ts", Content: []byte(gen.Header + "\n\n" + jsonSource)},
	}
}

// general renders the checks of a schema's check program, one function per
// check calling the rule methods of the check runtime (checks.ts), as the Go
// renderer does, with parse<Root> reading through the JSON runtime
// (json.ts). For a schema outside the x-omnigen dialect it renders the types
// of its model too (general_types.go) and stringify<Root>; for a dialect
// schema (newDialectChecks) the emitter renders the rest of the module.
type general struct {
	s *model.Schema
	// prog is s.Program, the program rendered.
	prog *model.Program
	// dialect is set for the checks of a dialect schema (newDialectChecks):
	// parse<Root> keeps the text's key order for JSON.stringify, and there
	// is no stringify<Root>.
	dialect bool
	// exactIntegers is set when the program asks for integers (a "type"
	// of integer but not number, or the dialect's rule of integers,
	// model.ExactIntegerRule): parse<Root> notes the numbers JavaScript
	// reads as others, so that 1e-400 is no integer.
	exactIntegers bool
	// current is the check being rendered; tables are the constants its
	// rules' arrays and objects become, written before its function, so
	// that a check makes none of them each time it runs.
	current *model.Check
	tables  []table
	// prefix starts the exported names and the file names (Options.Prefix).
	prefix string
	// root is the root type, value the JSON value type; rootType is what
	// validate.ts calls the root type (root, unless the runtime takes it).
	root, value, rootType string
	// check, pattern and literal name the function or constant of each.
	check   map[*model.Check]string
	pattern map[*model.Pattern]string
	literal map[*model.Literal]string
	// known names each AdditionalRule's function telling known properties.
	known map[*model.AdditionalRule]string
	// closest names the Closest const of each anyOf and oneOf that has
	// one, closests lists them in the order met.
	closest  map[*model.Closest]string
	closests []*model.Closest
	taken    map[string]bool
	// uses lists the names of checks.ts validate.ts uses, jsonUses those of
	// json.ts, formatUses the format checks.
	uses, jsonUses, formatUses map[string]bool
	// names are the TypeScript names of the defined types; named, when
	// set, is told each name a type in place refers to.
	names map[*model.Type]string
	named func(name string)
	// refers lists, for each check rendered, the checks and Closest
	// constants its function refers to.
	refers map[*model.Check][]any
}

func newGeneral(s *model.Schema, opts Options) (*general, error) {
	g := newRenderer(s)
	g.prefix = opts.Prefix
	if g.prefix != "" && !isIdentifierName(g.prefix) {
		return nil, fmt.Errorf("typescript: prefix %q is not a TypeScript name", g.prefix)
	}
	for _, n := range runtimeExports() {
		g.taken[n] = true
	}
	g.root = RootName(s, opts)
	g.value = g.prefix + "JsonValue"
	if !isIdentifierName(g.root) || reservedWords[g.root] {
		return nil, errorf(s.Root.Pointer, "%q is not a TypeScript type name; give one with x-omnigen names {%q: …} or the root name", g.root, Lang)
	}
	g.rootType = g.root
	for i := 1; g.taken[g.rootType]; i++ {
		// A name of the runtime, which validate.ts imports: it imports the
		// root type under another name.
		g.rootType = g.root + "Type"
		if i > 1 {
			g.rootType += strconv.Itoa(i)
		}
	}
	// A root named as a global (Object, NaN: isNaN) or a name of the
	// module is numbered, as any other type is.
	for base, i := g.root, 2; rootTaken(g, g.rootType); i++ {
		g.root = base + strconv.Itoa(i)
		g.rootType = g.root
	}
	for _, n := range []string{g.rootType, g.value, "is" + g.root, "validate" + g.root, "parse" + g.root, "stringify" + g.root, g.root + "Error"} {
		g.taken[n] = true
	}
	if g.root == g.value {
		return nil, errorf(s.Root.Pointer, "the root type would be named %s, which the JSON value type takes; give it another name", g.root)
	}
	for n := range globals {
		g.taken[n] = true
	}
	if err := g.typeNames(); err != nil {
		return nil, err
	}
	g.nameProgram()
	return g, nil
}

// newDialectChecks renders the checks of a schema of the x-omnigen dialect,
// its Program, as validate.ts beside the types, builders, guards and
// aggregator the emitter e renders: parse<Root>, is<Root>, validate<Root>
// and <Root>Error, named after the emitter's root type. It is the renderer
// that writes the emitter's types in place (e.inPlace), its program's
// names taken now.
func newDialectChecks(e *emitter) (*general, error) {
	s := e.s
	if s.Program == nil || len(s.Program.Roots) == 0 {
		return nil, errorf(s.Root.Pointer, "typescript: the schema has no check program for its root")
	}
	g := e.inPlace
	g.dialect = true
	for _, n := range runtimeExports() {
		g.taken[n] = true
	}
	g.root = e.names[s.Root]
	g.rootType = g.root
	for i := 2; g.taken[g.rootType]; i++ {
		// A name of the runtime, which validate.ts imports: it imports the
		// root type under another name.
		g.rootType = g.root + "Type" + strconv.Itoa(i)
	}
	for n := range e.exports {
		g.taken[n] = true
	}
	for n := range globals {
		g.taken[n] = true
	}
	g.taken[g.rootType] = true
	g.nameProgram()
	return g, nil
}

// newRenderer is a general for s, its names still to take.
func newRenderer(s *model.Schema) *general {
	return &general{
		s: s, prog: s.Program,
		check: map[*model.Check]string{}, pattern: map[*model.Pattern]string{},
		literal: map[*model.Literal]string{}, known: map[*model.AdditionalRule]string{}, closest: map[*model.Closest]string{},
		taken: map[string]bool{}, uses: map[string]bool{}, jsonUses: map[string]bool{}, formatUses: map[string]bool{},
		names: map[*model.Type]string{},
	}
}

// nameProgram names the functions and constants of the program's checks,
// patterns, literals, known properties and closest members.
func (g *general) nameProgram() {
	// A check that only forwards to another is that one (model.Forward),
	// whose function takes the name first.
	for _, ch := range g.prog.Checks {
		if ch.Forward() == nil {
			g.check[ch] = g.unique("check" + ch.Name)
		}
	}
	for _, ch := range g.prog.Checks {
		if to := ch.Forward(); to != nil {
			g.check[ch] = g.check[to]
		}
	}
	for _, p := range g.prog.Patterns {
		g.pattern[p] = g.unique(fmt.Sprintf("pattern%d", p.Index))
	}
	for _, l := range g.prog.Literals {
		g.literal[l] = g.unique(fmt.Sprintf("literal%d", l.Index))
	}
	for _, ch := range g.prog.Checks {
		for _, r := range ch.Rules {
			switch r := r.(type) {
			case *model.ExactIntegerRule:
				g.exactIntegers = true
			case *model.TypeRule:
				if slices.Contains(r.Types, model.TypeInteger) && !slices.Contains(r.Types, model.TypeNumber) {
					g.exactIntegers = true
				}
			}
			if a, ok := r.(*model.AdditionalRule); ok && (len(a.Known) > 0 || len(a.Patterns) > 0) {
				g.known[a] = g.unique("known" + ch.Name)
			}
			if cl, _ := model.Union(r); cl != nil {
				g.closest[cl] = g.unique("closest" + ch.Name)
				g.closests = append(g.closests, cl)
			}
		}
	}
}

// RootName is the TypeScript name of the root type of a schema outside the
// dialect: its x-omnigen "ts" name, else the model's, after the prefix.
// parse<Root>, stringify<Root>, is<Root>, validate<Root> and <Root>Error
// are named after it.
func RootName(s *model.Schema, opts Options) string {
	root := s.Root.Name
	if o := s.Root.Names[Lang]; o != "" {
		root = o
	}
	return opts.Prefix + root
}

// unique takes a module-level name made of name, numbered when it is taken.
func (g *general) unique(name string) string {
	n := name
	for i := 2; g.taken[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	g.taken[n] = true
	return n
}

// fileName is a module's file under src/, the prefix first when there is one.
func (g *general) fileName(name string) string {
	if g.prefix == "" {
		return name
	}
	return strings.ToLower(g.prefix) + "_" + name
}

func (g *general) files() ([]gen.File, error) {
	validate, err := g.validateFile()
	if err != nil {
		return nil, err
	}
	files := []gen.File{
		{Path: "src/" + g.fileName("types") + ".ts", Content: []byte(g.typesFile())},
		{Path: "src/" + g.fileName("validate") + ".ts", Content: []byte(validate)},
	}
	if g.prefix == "" {
		files = append(files, runtimeFiles()...)
		if len(g.prog.Formats) > 0 {
			files = append(files, formatsFile())
		}
		e := &emitter{s: g.s}
		files = append(files, gen.File{Path: "src/index.ts", Content: []byte(e.indexFile([]string{"types", "validate"}))})
	}
	return files, nil
}

// maxLiteralDepth is how deeply a literal of the program may nest arrays
// and objects to be written as a TypeScript literal.
const maxLiteralDepth = 32

// jsonDepth is how deeply v (as resolve.Decode reads JSON) nests arrays and
// objects: 0 for a scalar.
func jsonDepth(v any) int {
	depth := 0
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			depth = max(depth, jsonDepth(e))
		}
		return depth + 1
	case *resolve.Object:
		for _, k := range v.Keys {
			depth = max(depth, jsonDepth(v.Values[k]))
		}
		return depth + 1
	}
	return 0
}

func (g *general) validateFile() (string, error) {
	var body writer
	p := g.prog
	for _, pat := range p.Patterns {
		body.doc(fmt.Sprintf("%s matches the pattern %s.", g.pattern[pat], pat.Source))
		body.assign("const "+g.pattern[pat]+" =", "/"+regexBody(pat.Source)+"/"+pat.Flags)
	}
	if len(p.Patterns) > 0 {
		body.line("")
	}
	for _, l := range p.Literals {
		head := "const " + g.literal[l] + ": " + g.value + " ="
		if jsonDepth(l.Value) > maxLiteralDepth {
			// tsc infers the type of an array or object literal and runs
			// out of stack comparing one a few hundred levels deep (or
			// parsing it) with JsonValue: such a value is parsed.
			body.assign(head, "JSON.parse("+str(string(l.JSON))+") as "+g.value)
			continue
		}
		if n := jsonNode(l.Value); isAtom(n) {
			body.assign(head, n.flat())
		} else {
			body.declare(head, n)
		}
	}
	if len(p.Literals) > 0 {
		body.line("")
	}
	funcs := map[*model.Check]*writer{}
	imported := map[*model.Check][3]map[string]bool{}
	g.refers = map[*model.Check][]any{}
	for _, ch := range p.Checks {
		if ch.Forward() != nil {
			continue
		}
		// What the function imports counts only if it is written.
		outer := [3]map[string]bool{g.uses, g.jsonUses, g.formatUses}
		g.uses, g.jsonUses, g.formatUses = map[string]bool{}, map[string]bool{}, map[string]bool{}
		funcs[ch] = &writer{}
		if err := g.checkFunc(funcs[ch], ch); err != nil {
			return "", err
		}
		imported[ch] = [3]map[string]bool{g.uses, g.jsonUses, g.formatUses}
		g.uses, g.jsonUses, g.formatUses = outer[0], outer[1], outer[2]
	}
	g.current = nil
	used := g.reached(p.Roots)
	for ch, maps := range imported {
		if used[ch] {
			for i, into := range []map[string]bool{g.uses, g.jsonUses, g.formatUses} {
				for n := range maps[i] {
					into[n] = true
				}
			}
		}
	}
	for _, cl := range g.closests {
		if used[cl] {
			g.closestDecl(&body, cl)
		}
	}
	for _, ch := range p.Checks {
		if w := funcs[ch]; w != nil && used[ch] {
			body.buf.Write(w.buf.Bytes())
		}
	}

	root := g.check[p.Roots[0]]
	errName := g.root + "Error"
	var w writer
	errorClass(&w, g.root)
	w.line("")
	g.jsonUses["parse"] = true
	args, param := []string{"text", root}, "text"
	if g.dialect || g.exactIntegers {
		args = append(args, g.readingDecl(&w))
	}
	if g.dialect {
		param, args[0] = "line", "line"
		w.doc("Parses one JSON text (one JSONL line) and checks it against the schema, and against what the Go package generated from the same schema rejects beyond it: arrays and objects nested more than 1000 levels, a key given twice, a number JavaScript reads as Infinity, an integer JavaScript would write back as another number. Throws " + article(errName) + " naming the deepest problem by its JSON pointer and keyword; for a text that is not JSON, the message and byte offset of the Go package. The value it returns keeps the text's key order, so that JSON.stringify writes the line back as it came whenever it was written as JSON.stringify writes, whatever its key order.")
	} else {
		w.doc("Parses one JSON text (one JSONL line) and checks it against the schema. Throws " + article(errName) + " naming the deepest problem by its JSON pointer and keyword. The value is what JSON.parse makes of the text, and remembers what JSON.parse loses of it, the order of keys such as \"16\" and \"b\" (which JavaScript lists otherwise), for stringify" + g.root + ".")
	}
	w.signature("export function parse"+g.root, []string{param + ": string"}, ": "+g.rootType)
	w.call("const { value, problem } = ", "parse", args, ";")
	w.open("if (problem !== undefined) {")
	w.call("throw new ", errName, []string{"problem.pointer", "problem.message", "problem.keyword"}, ";")
	w.close("}")
	w.line("return value as " + g.rootType + ";")
	w.close("}")
	if !g.dialect {
		// The dialect's values are written back in order by plain
		// JSON.stringify (ReadOptions.inOrder).
		w.line("")
		g.jsonUses["stringify"] = true
		w.doc("Writes value as JSON, as JSON.stringify does, but in the key order of the text parse" + g.root + " read it from (keys added since come after); so that stringify" + g.root + "(parse" + g.root + "(text)) is text for any text JSON.stringify wrote, whatever its key order. A number is written as JavaScript writes its value (1.50 as 1.5). It checks value first: throws " + article(errName) + " when it is not " + article(g.root) + ".")
		w.signature("export function stringify"+g.root, []string{"value: " + g.rootType}, ": string")
		w.call("const { text, problem } = ", "stringify", []string{"value", root}, ";")
		w.open("if (problem !== undefined) {")
		w.call("throw new ", errName, []string{"problem.pointer", "problem.message", "problem.keyword"}, ";")
		w.close("}")
		w.line("return text;")
		w.close("}")
	}
	w.line("")
	g.uses["accepts"] = true
	w.doc("Reports whether value is " + article(g.root) + ": exactly what the schema accepts.")
	w.signature("export function is"+g.root, []string{"value: unknown"}, ": value is "+g.rootType)
	w.call("return ", "accepts", []string{root, "value"}, ";")
	w.close("}")
	w.line("")
	g.uses["check"] = true
	w.doc("Checks value against the schema: undefined when it is " + article(g.root) + ", else the deepest problem (the first of equally deep ones).")
	w.signature("export function validate"+g.root, []string{"value: unknown"}, ": "+errName+" | undefined")
	w.call("const problem = ", "check", []string{root, "value"}, ";")
	w.open("if (problem === undefined) {")
	w.line("return undefined;")
	w.close("}")
	w.call("return new ", errName, []string{"problem.pointer", "problem.message", "problem.keyword"}, ";")
	w.close("}")
	w.line("")
	w.buf.Write(body.buf.Bytes())

	uses := g.uses
	types := "./" + g.fileName("types") + ".js"
	return file(func(h *writer) {
		imports(h, false, "./checks.js", uses)
		imports(h, false, "./json.js", g.jsonUses)
		if len(g.formatUses) > 0 {
			imports(h, false, "./formats.js", g.formatUses)
		}
		typeNames := map[string]bool{g.root: true}
		if g.rootType != g.root {
			typeNames = map[string]bool{g.root + " as " + g.rootType: true}
		}
		if len(p.Literals) > 0 && !g.dialect {
			typeNames[g.value] = true
		}
		imports(h, true, types, typeNames)
	}, &w), nil
}

// readingDecl writes the constant of the ReadOptions parse<Root> reads
// with, before parse<Root>, and returns its name.
func (g *general) readingDecl(w *writer) string {
	name := g.unique("reading")
	g.jsonUses["type ReadOptions"] = true
	var opts []string
	if g.dialect {
		opts = append(opts, "inOrder: true")
	}
	if g.exactIntegers {
		opts = append(opts, "exactIntegers: true")
	}
	w.doc("How parse" + g.root + " reads a text (see ReadOptions).")
	w.line("const " + name + ": ReadOptions = { " + strings.Join(opts, ", ") + " };")
	w.line("")
	return name
}

func isAtom(n node) bool {
	_, ok := n.(atom)
	return ok
}

// use notes a runtime name as used and returns it.
// closestRef is the argument of anyOf and oneOf that says which member a
// value none accepts was meant for.
func (g *general) closestRef(cl *model.Closest) node {
	if cl == nil {
		return atom("undefined")
	}
	g.refer(cl)
	return atom(g.closest[cl])
}

// refer notes that the check being rendered refers to x, a check or a
// Closest.
func (g *general) refer(x any) {
	if g.current != nil {
		g.refers[g.current] = append(g.refers[g.current], x)
	}
}

// reached is what the functions of roots refer to, directly or not: the
// checks and Closest constants validate.ts declares. A check no root
// reaches (one the program keeps for a type, a type of the dialect's
// that its guards tell apart by tag) is left out.
func (g *general) reached(roots []*model.Check) map[any]bool {
	seen := map[any]bool{}
	var visit func(x any)
	visit = func(x any) {
		if ch, ok := x.(*model.Check); ok {
			x = resolved(ch)
		}
		if seen[x] {
			return
		}
		seen[x] = true
		if ch, ok := x.(*model.Check); ok {
			for _, y := range g.refers[ch] {
				visit(y)
			}
		}
	}
	for _, r := range roots {
		visit(r)
	}
	return seen
}

// resolved is the check whose function ch's name stands for: ch, or the
// one it forwards to.
func resolved(ch *model.Check) *model.Check {
	for to := ch.Forward(); to != nil; to = ch.Forward() {
		ch = to
	}
	return ch
}

// closestDecl declares a Closest (the Go twin is golang's closestDecl).
func (g *general) closestDecl(w *writer, cl *model.Closest) {
	var kinds array
	for _, ts := range cl.Kinds {
		var bits bitOr
		for _, n := range ts {
			bits = append(bits, atom(g.use("Types")+"."+n))
		}
		switch len(bits) {
		case 0:
			kinds = append(kinds, atom("0"))
		case 1:
			kinds = append(kinds, bits[0])
		default:
			kinds = append(kinds, bits)
		}
	}
	var fields object
	if cl.Tag != "" {
		var tags array
		for _, vs := range cl.Tags {
			tags = append(tags, strArray(vs))
		}
		fields = append(fields, field{key: "tag", val: atom(str(cl.Tag))}, field{key: "tags", val: tags})
	}
	fields = append(fields, field{key: "kinds", val: kinds})
	doc := fmt.Sprintf("%s says which member a value that none accepts was meant for.", g.closest[cl])
	if cl.Dispatch != nil {
		var dispatch array
		for _, vs := range cl.Dispatch {
			if vs == nil {
				dispatch = append(dispatch, atom("null"))
			} else {
				dispatch = append(dispatch, strArray(vs))
			}
		}
		fields = append(fields, field{key: "dispatch", val: dispatch})
		doc += " An object is tried only on the members its tag allows (dispatch)."
	}
	w.doc(doc)
	w.declare("const "+g.closest[cl]+" =", fields)
	w.line("")
}

func (g *general) use(name string) string {
	g.uses[name] = true
	return name
}

// runtimeTypes are the types of the check runtime a table may be of.
var runtimeTypes = map[string]bool{"Property": true, "PatternProperty": true, "CheckFunc": true}

// table is a module-level constant a check's rule refers to.
type table struct {
	head  string // "const propertiesAddress: Property[] ="
	value node
}

// table makes value, a rule's array literal, a constant of the module named
// after kind and the current check: the name to refer to it. elem is the
// type of its elements, written when always is set or the array is empty
// (TypeScript cannot tell it then), and imported from the check runtime
// when it is one of its types.
func (g *general) table(kind, elem string, always bool, value array) node {
	name := g.unique(kind + g.current.Name)
	head := "const " + name
	if always || len(value) == 0 {
		if runtimeTypes[elem] {
			g.use("type " + elem)
		}
		head += ": " + elem + "[]"
	}
	g.tables = append(g.tables, table{head: head + " =", value: value})
	return atom(name)
}

// checkFunc writes the function of one check, after the constants its
// rules refer to, and the functions that tell its additionalProperties
// rules the known properties.
func (g *general) checkFunc(out *writer, ch *model.Check) error {
	g.current, g.tables = ch, nil
	w := &writer{}
	if err := g.checkBody(w, ch); err != nil {
		return err
	}
	for _, t := range g.tables {
		out.declare(t.head, t.value)
	}
	if len(g.tables) > 0 {
		out.line("")
	}
	out.buf.Write(w.buf.Bytes())
	return nil
}

// checkBody writes the function of check ch and its known-property
// functions.
func (g *general) checkBody(w *writer, ch *model.Check) error {
	name := g.check[ch]
	w.doc(fmt.Sprintf("%s checks a value against %s.", name, ch.Loc))
	w.signature("function "+name, []string{"c: " + g.use("Checker"), "v: unknown", "ev?: " + g.use("Evaluated")}, ": boolean")
	switch {
	case ch.IsTrue():
		w.line("return true;")
		w.close("}")
		w.line("")
		return nil
	case ch.IsFalse():
		w.line("return " + g.use("alwaysFalse") + "(c);")
		w.close("}")
		w.line("")
		return nil
	}
	own := ch.Own()
	evName := "ev"
	if own {
		evName = "own"
	}
	groups := ch.Groups()
	first, err := g.assertions(groups[0].Rules[0], evName)
	if err != nil {
		return err
	}
	if !own && len(groups) == 1 && len(groups[0].Rules) == 1 && len(first) == 1 {
		// One rule, one assertion: a function that returns it.
		x := first[0]
		if k := groups[0].Type; k != "" {
			x = or{g.notKind(k), x}
		}
		w.returns(x)
	} else {
		if own {
			w.line("const own = new Evaluated();")
		}
		w.line("let ok = true;")
		for _, gr := range groups {
			if gr.Type != "" {
				w.ifOpen(g.isKind(gr.Type))
			}
			for _, r := range gr.Rules {
				as, err := g.assertions(r, evName)
				if err != nil {
					return err
				}
				for _, a := range as {
					w.ifOpen(not{a})
					w.line("ok = false;")
					w.line("if (!c.explain) return false;")
					w.close("}")
				}
			}
			if gr.Type != "" {
				w.close("}")
			}
		}
		if own {
			w.open("if (ok && ev !== undefined) {")
			w.line("ev.merge(own);")
			w.close("}")
		}
		w.line("return ok;")
	}
	w.close("}")
	w.line("")
	for _, r := range ch.Rules {
		g.knownFunc(w, ch, r)
	}
	return nil
}

// isKind is the test that v is of JSON type t; notKind its negation.
func (g *general) isKind(t model.JSONType) node {
	switch t {
	case model.TypeArray:
		return atom("Array.isArray(v)")
	case model.TypeObject:
		return atom(g.use("isObject") + "(v)")
	}
	return atom("typeof v === " + str(string(t)))
}

func (g *general) notKind(t model.JSONType) node {
	switch t {
	case model.TypeArray:
		return atom("!Array.isArray(v)")
	case model.TypeObject:
		return atom("!" + g.use("isObject") + "(v)")
	}
	return atom("typeof v !== " + str(string(t)))
}

// fnRef is the function of a check, undefined for none.
func (g *general) fnRef(ch *model.Check) node {
	if ch == nil {
		return atom("undefined")
	}
	return atom(g.fnName(ch))
}

// fnName is the name of the function of check ch, noted as referred to.
func (g *general) fnName(ch *model.Check) string {
	g.refer(ch)
	return g.check[ch]
}

func (g *general) fnRefs(chs []*model.Check) []node {
	out := make([]node, len(chs))
	for i, ch := range chs {
		out[i] = g.fnRef(ch)
	}
	return out
}

func integer(n int) node { return atom(strconv.Itoa(n)) }

func strNode(s string) node { return atom(str(s)) }

func strArray(names []string) array {
	out := make(array, len(names))
	for i, n := range names {
		out[i] = strNode(n)
	}
	return out
}

// rootTaken reports whether a root type named rootType, or one of the
// names made from the root's, would shadow a name the generated code uses.
func rootTaken(g *general, rootType string) bool {
	for _, n := range []string{rootType, "is" + g.root, "validate" + g.root, "parse" + g.root, "stringify" + g.root, g.root + "Error"} {
		if globals[n] || g.taken[n] {
			return true
		}
	}
	return false
}

// jsNumber writes a float64 as JavaScript reads it back exactly: the
// shortest text, in exponent form below 1e-6 and from 1e21 on (as
// JavaScript writes numbers, without the "+" prettier drops).
func jsNumber(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	sign := ""
	if exp[0] == '-' {
		sign = "-"
	}
	return mant + "e" + sign + strings.TrimLeft(exp[1:], "0")
}

// assertions are the boolean expressions a rule comes down to: one for most
// rules, one per schema for allOf. The rendering is the Go renderer's, rule
// for rule (golang/emit_checks.go).
func (g *general) assertions(r model.Rule, evName string) ([]node, error) {
	c, v, ev := atom("c"), atom("v"), atom(evName)
	method := func(name string, args ...node) []node {
		return []node{call{fn: "c." + name, args: append([]node{v}, args...)}}
	}
	switch r := r.(type) {
	case *model.RefRule:
		return []node{call{fn: g.fnName(r.Check), args: []node{c, v, ev}}}, nil
	case *model.TypeRule:
		var set bitOr
		for _, t := range r.Types {
			set = append(set, atom(g.use("Types")+"."+string(t)))
		}
		var types node = set
		if len(set) == 1 {
			types = set[0]
		}
		return method("isType", types, strNode(r.Phrase())), nil
	case *model.ExactIntegerRule:
		return method("exactInteger"), nil
	case *model.ConstRule:
		return method("constant", atom(g.literal[r.Value])), nil
	case *model.EnumRule:
		lits := make(array, len(r.Values))
		for i, l := range r.Values {
			lits[i] = atom(g.literal[l])
		}
		return method("enum", g.table("enum", "unknown", false, lits)), nil
	case *model.BoundRule:
		return method(r.Comparison(), strNode(r.Key), atom(jsNumber(r.Limit.Value))), nil
	case *model.MultipleOfRule:
		return method("multipleOf", atom(jsNumber(r.By.Value))), nil
	case *model.LengthRule:
		return method(r.Keyword(), integer(r.N)), nil
	case *model.PatternRule:
		return method("pattern", atom(g.pattern[r.Pattern]), strNode(r.Pattern.Source)), nil
	case *model.FormatRule:
		fn := formatFuncs[r.Format]
		g.formatUses[fn] = true
		return method("format", strNode(r.Format), atom(fn)), nil
	case *model.CountRule:
		return method(r.Keyword(), integer(r.N)), nil
	case *model.UniqueRule:
		return method("unique"), nil
	case *model.ItemsRule:
		if r.Deny {
			return method("noItems", strNode(r.Key), integer(r.From)), nil
		}
		return method("items", integer(r.From), g.fnRef(r.Check), ev), nil
	case *model.PrefixItemsRule:
		fns := g.table("prefixItems", "CheckFunc", false, array(g.fnRefs(r.Checks)))
		if n, ok := r.AtMost(); ok {
			return method("prefixItemsAtMost", strNode(r.Key), integer(n), fns, ev), nil
		}
		return method("prefixItems", fns, ev), nil
	case *model.ContainsRule:
		fn := g.fnRef(r.Check)
		if r.Never {
			fn = atom(g.use("alwaysFalse"))
		}
		var max node = atom("Infinity")
		if r.Max != nil {
			max = integer(*r.Max)
		}
		want := object{{"min", integer(r.Min)}, {"max", max}}
		if r.Marks {
			want = append(want, field{"marks", atom("true")})
		}
		return method("contains", fn, want, ev), nil
	case *model.PropertiesRule:
		if each := g.eachProperty(r, ev); each != nil {
			return each, nil
		}
		props := make(array, len(r.Props))
		for i, p := range r.Props {
			props[i] = g.entry(field{"name", strNode(p.Name)}, p.Check, p.Deny)
		}
		return method("properties", g.table("properties", "Property", true, props), ev), nil
	case *model.PatternPropertiesRule:
		props := make(array, len(r.Props))
		for i, p := range r.Props {
			props[i] = g.entry(field{"match", atom(g.pattern[p.Pattern])}, p.Check, p.Deny)
		}
		return method("patternProperties", g.table("patternProperties", "PatternProperty", true, props), ev), nil
	case *model.AdditionalRule:
		known := node(atom("undefined"))
		if name, ok := g.known[r]; ok {
			known = atom(name)
		}
		if r.Deny {
			return method("noAdditional", known), nil
		}
		return method("additional", known, g.fnRef(r.Check), ev), nil
	case *model.PropertyNamesRule:
		if r.Deny {
			return method("noPropertyNames"), nil
		}
		return method("propertyNames", g.fnRef(r.Check)), nil
	case *model.RequiredRule:
		return method("required", g.table("required", "string", false, strArray(r.Names))), nil
	case *model.DependentRequiredRule:
		return method("dependentRequired", strNode(r.Key), strNode(r.If), g.table("dependentRequired", "string", false, strArray(r.Then))), nil
	case *model.DependentSchemaRule:
		if r.Deny {
			return method("noProperty", strNode(r.Key), strNode(r.If)), nil
		}
		return method("dependentSchema", strNode(r.If), g.fnRef(r.Check), ev), nil
	case *model.AllOfRule:
		out := make([]node, len(r.Checks))
		for i, ch := range r.Checks {
			out[i] = call{fn: g.fnName(ch), args: []node{c, v, ev}}
		}
		return out, nil
	case *model.AnyOfRule:
		return method("anyOf", ev, g.closestRef(r.Closest), g.table("anyOf", "CheckFunc", false, array(g.fnRefs(r.Checks)))), nil
	case *model.OneOfRule:
		return method("oneOf", ev, g.closestRef(r.Closest), g.table("oneOf", "CheckFunc", false, array(g.fnRefs(r.Checks)))), nil
	case *model.NotRule:
		return method("not", g.fnRef(r.Check)), nil
	case *model.IfRule:
		if r.Tag != nil {
			return method("ifTag", ev, strNode(r.Tag.Name), strNode(r.Tag.Value), g.fnRef(r.Then), g.fnRef(r.Else)), nil
		}
		return method("ifThenElse", ev, g.fnRef(r.If), g.fnRef(r.Then), g.fnRef(r.Else)), nil
	case *model.UnevaluatedRule:
		switch {
		case r.Deny && r.Items:
			return method("noUnevaluatedItems", ev), nil
		case r.Deny:
			return method("noUnevaluatedProperties", ev), nil
		}
		return method(r.Keyword(), ev, g.fnRef(r.Check)), nil
	}
	return nil, fmt.Errorf("typescript: no rendering of %T", r)
}

// eachProperty is a properties rule as one call of the runtime's property
// for each property, in order, when every property has a schema (not the
// false one): V8 then sees which function each call makes. nil otherwise,
// for the table the runtime's properties takes.
func (g *general) eachProperty(r *model.PropertiesRule, ev node) []node {
	out := make([]node, len(r.Props))
	for i, p := range r.Props {
		if p.Check == nil || p.Deny {
			return nil
		}
		out[i] = call{fn: "c.property", args: []node{atom("v"), strNode(p.Name), atom(g.fnName(p.Check)), ev}}
	}
	return out
}

// entry is an entry of a properties or patternProperties table: its first
// field, then fn and deny, the zero ones left out.
func (g *general) entry(first field, ch *model.Check, deny bool) node {
	out := object{first}
	if ch != nil {
		out = append(out, field{"fn", atom(g.fnName(ch))})
	}
	if deny {
		out = append(out, field{"deny", atom("true")})
	}
	return out
}

// knownFunc writes, for an additionalProperties rule, the function that
// tells the properties "properties" and "patternProperties" cover.
func (g *general) knownFunc(w *writer, ch *model.Check, r model.Rule) {
	a, ok := r.(*model.AdditionalRule)
	if !ok {
		return
	}
	name, ok := g.known[a]
	if !ok {
		return
	}
	w.doc(fmt.Sprintf("%s reports whether the properties or patternProperties of %s cover the property name.", name, ch.Loc))
	w.open("function " + name + "(name: string): boolean {")
	if len(a.Known) > 0 {
		w.open("switch (name) {")
		for i, k := range a.Known {
			w.line("case " + str(k) + ":")
			if i == len(a.Known)-1 {
				w.indent++
				w.line("return true;")
				w.indent--
			}
		}
		w.close("}")
	}
	var match or
	for _, p := range a.Patterns {
		match = append(match, atom(g.pattern[p]+".test(name)"))
	}
	switch len(match) {
	case 0:
		w.line("return false;")
	case 1:
		w.returns(match[0])
	default:
		w.returns(match)
	}
	w.close("}")
	w.line("")
}

// errorClass writes the class <root>Error of a check's problem: its JSON
// pointer, the schema keyword it breaks, and what is wrong.
func errorClass(w *writer, root string) {
	name := root + "Error"
	w.doc("A value that is not " + article("valid "+root) + ": pointer says where (an RFC 6901 JSON pointer, \"\" for the whole value), keyword which keyword of the schema it breaks, and detail what.")
	w.open("export class " + name + " extends Error {")
	w.doc("Where the problem is: the JSON pointer of the offending value, of a missing property, or of an unknown one.")
	w.line("readonly pointer: string;")
	w.doc("The schema keyword the value breaks (\"minimum\"); \"\" for a text that is not JSON, or a rule of JavaScript's (a key given twice).")
	w.line("readonly keyword: string;")
	w.doc("What the problem is.")
	w.line("readonly detail: string;")
	w.line("")
	w.open(`constructor(pointer: string, detail: string, keyword = "") {`)
	w.line(`super((pointer === "" ? "/" : pointer) + ": " + detail);`)
	w.line("this.name = " + str(name) + ";")
	w.line("this.pointer = pointer;")
	w.line("this.keyword = keyword;")
	w.line("this.detail = detail;")
	w.close("}")
	w.close("}")
}

// regexBody escapes a JSON Schema pattern for a regular expression literal.
func regexBody(p string) string {
	if p == "" {
		// "//" would start a comment: the empty pattern as JavaScript
		// writes it (new RegExp("").source).
		return "(?:)"
	}
	var b strings.Builder
	escaped := false
	for _, r := range p {
		switch {
		case escaped:
			escaped = false
			b.WriteRune(r)
		case r == '\\':
			escaped = true
			b.WriteRune(r)
		case r == '/':
			b.WriteString(`\/`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == 0x2028:
			b.WriteString(`\u2028`)
		case r == 0x2029:
			b.WriteString(`\u2029`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
