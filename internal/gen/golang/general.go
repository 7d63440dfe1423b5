package golang

import (
	"bytes"
	"fmt"
	"go/token"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/rtname"
)

// general renders a schema: the types the shaper made of it
// (general_types.go), read in one pass by the one-pass decoder (one,
// onepass.go) or from the value tree its Program checked,
// written to that tree and checked (general_codec.go), and the checks of
// the Program, one function per check calling the rule methods of the
// check runtime (jsonrt/check.go).
type general struct {
	s *model.Schema
	// prog is s.Program, the program whose checks are rendered.
	prog *model.Program
	pkg  string
	// prefix starts every top-level name (Options.Prefix).
	prefix string
	// tags are the struct tag keys of the fields (Options.Tags).
	tags []string
	// native holds maps as Go maps (Options.Maps).
	native bool
	// imported says the runtime is the public package, not a copy
	// (Options.Runtime).
	imported bool
	root     string
	// check, pattern and literal name the function or variable of each.
	check   map[*model.Check]string
	pattern map[*model.Pattern]string
	// analyzed holds each pattern's analysis: its RE2 translation and guard,
	// or why it needs the ECMA-262 matcher (regexrt).
	analyzed map[*model.Pattern]*regexrt.Pattern
	// ecma names, for a pattern that needs it, the variable of its ECMA-262
	// matcher; guarded names the function choosing between it and regexp.
	ecma, guarded map[*model.Pattern]string
	// declared are the patterns whose matchers are declared already.
	declared map[*model.Pattern]bool
	// dfa holds the automaton of each pattern that one matches exactly as
	// ECMA-262 does (namePattern).
	dfa map[*model.Pattern]*dfa
	// regexRuntime and formatRuntime say whether regex.go and format.go
	// are needed.
	regexRuntime, formatRuntime bool
	// exactRuntime says whether exact.go is needed: the checks have the
	// dialect's rule of integers (model.ExactIntegerRule).
	exactRuntime bool
	literal      map[*model.Literal]int
	// literals names the function giving the program's literals, parsed
	// when first needed (checksFile).
	literals string
	// known names each AdditionalRule's function telling known properties.
	known map[*model.AdditionalRule]string
	// closest names the closest var of each anyOf and oneOf that has one,
	// and closests lists them in the order met.
	closest  map[*model.Closest]string
	closests []*model.Closest
	taken    map[string]bool
	// exported are the exported top-level names taken, each with what took
	// it: a pointer, or a phrase.
	exported map[string]string
	// member is the Go type of a member an open object does not declare.
	member string
	// names of defined types, fields, enum constants, the extra members'
	// field of open objects, and union member wrappers.
	names    map[*model.Type]string
	fields   map[*model.Field]string
	consts   map[*model.Type][]string
	extra    map[*model.Type]string
	wrappers map[wrapKey]string
	// outers are the unions each union is a member of.
	outers map[*model.Type][]*model.Type
	// selects are the Selects of the unions they type.
	selects map[*model.Type]*model.Select
	checkOf map[*model.Type]string
	// helpers names the keys, read and write helpers of defined types;
	// methods are the names the reader's and the encoder's methods take,
	// theirs in the runtime and the helpers', when those are methods.
	helpers map[helperKey]string
	methods map[string]bool
	// selfHolding are the required fields held by a pointer, as their type
	// holds their struct.
	selfHolding map[*model.Field]bool
	// recursive are the defined types a value of which may contain
	// another: their writers stop at the depth limit (writeFunc).
	recursive map[*model.Type]bool
	// nulls are the Null wrappers, by element name, in first-use order.
	nulls     map[string]*generalNull
	nullOrder []*generalNull
	// tree holds the value-tree codec's functions while codec.go is
	// rendered: those it carries are those something calls.
	tree *treeFuncs
	// unusedTree asks for the others, in treeTest (Options.unusedTree).
	unusedTree bool
	treeTest   *jen.File
	// one is the one-pass decoder, nil where the runtime is imported (see
	// newReader).
	one *onePass
}

func newGeneral(s *model.Schema, opts Options) (*general, error) {
	g := newRenderer(s, opts.Package)
	g.prefix, g.tags, g.native, g.imported = opts.Prefix, tagKeys(opts), opts.Maps == MapsNative, opts.Runtime == RuntimeImport
	g.unusedTree = opts.unusedTree
	g.member = "Member"
	pkg, err := goPackageName(opts.Package, s.Title)
	if err != nil {
		return nil, err
	}
	g.pkg = pkg
	g.reserve("the package's own", "Validate", "Unmarshal", "Marshal", "Error", "Member", "Map", "Null")
	for _, name := range runtimeNames() {
		g.taken[name] = true
		if isExportedIdent(name) {
			g.reserve("the package's own", name)
		}
	}
	for _, name := range checkRuntimeNames() {
		g.taken[name] = true
	}
	g.exactRuntime = exactIntegers(g.prog)
	if g.exactRuntime {
		if g.imported {
			return nil, errorf("#", "the dialect's rule of integers needs the package's own runtime, not a shared one")
		}
		for _, name := range exactRuntimeNames() {
			g.taken[name] = true
		}
	}
	if err := g.nameRoot(); err != nil {
		return nil, err
	}
	if err := g.nameProgram(); err != nil {
		return nil, err
	}
	if err := g.typeNames(); err != nil {
		return nil, err
	}
	if !g.imported {
		g.one = newReader(g)
	}
	return g, nil
}

// nameRoot names the root type: as x-omnigen names.go says, else after
// the schema's name; never as one of the package's functions.
func (g *general) nameRoot() error {
	root, ptr := g.s.Root.Names["go"], g.s.Root.Pointer+"/x-omnigen/names/go"
	if root == "" {
		root, ptr = exported(g.s.Root.Name), g.s.Root.Pointer
	}
	g.root = g.exportedName(root)
	for _, n := range []string{"Validate", "Unmarshal", "Marshal"} {
		if g.root == g.exportedName(n) {
			return errorf(ptr, "the root type would be named %s, which the package's functions take; give it another name", g.root)
		}
	}
	return nil
}

// exactIntegers reports whether p's checks have the dialect's rule of
// integers (model.ExactIntegerRule), which exact.go checks.
func exactIntegers(p *model.Program) bool {
	for _, ch := range p.Checks {
		for _, r := range ch.Rules {
			if _, ok := r.(*model.ExactIntegerRule); ok {
				return true
			}
		}
	}
	return false
}

// newRenderer is a general that renders the checks and the types of s, in
// package pkg, with no name taken yet.
func newRenderer(s *model.Schema, pkg string) *general {
	return &general{
		s: s, prog: s.Program, pkg: pkg,
		check: map[*model.Check]string{}, pattern: map[*model.Pattern]string{},
		analyzed: map[*model.Pattern]*regexrt.Pattern{}, ecma: map[*model.Pattern]string{}, guarded: map[*model.Pattern]string{},
		dfa: map[*model.Pattern]*dfa{}, declared: map[*model.Pattern]bool{}, literal: map[*model.Literal]int{}, known: map[*model.AdditionalRule]string{},
		closest: map[*model.Closest]string{}, taken: map[string]bool{}, exported: map[string]string{},
		names: map[*model.Type]string{}, fields: map[*model.Field]string{}, consts: map[*model.Type][]string{},
		extra: map[*model.Type]string{}, wrappers: map[wrapKey]string{}, outers: map[*model.Type][]*model.Type{},
		selects: map[*model.Type]*model.Select{}, checkOf: map[*model.Type]string{}, helpers: map[helperKey]string{},
		nulls: map[string]*generalNull{}, methods: map[string]bool{},
	}
}

// goPackageName is the name of the package: pkg, or, when that is empty,
// title in lower case, letters and digits only.
func goPackageName(pkg, title string) (string, error) {
	if pkg != "" {
		if !isIdent(pkg) || token.IsKeyword(pkg) {
			return "", errorf("#", "%q is not a Go package name", pkg)
		}
		return pkg, nil
	}
	pkg = strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return unicode.ToLower(r)
		}
		return -1
	}, title)
	if pkg == "" || !isIdent(pkg) || token.IsKeyword(pkg) {
		return "", errorf("#", "cannot make a Go package name from the title %q; set the package name", title)
	}
	return pkg, nil
}

// reserve takes exported top-level names for what by says.
func (g *general) reserve(by string, names ...string) {
	for _, n := range names {
		g.exported[n] = by
	}
}

// nameProgram names the functions and variables of the program's checks,
// patterns, literals, known properties and closest members, and notes the
// runtimes they need.
func (g *general) nameProgram() error {
	// A check that only forwards to another is that one (model.Forward),
	// whose function takes the name first.
	for _, ch := range g.prog.Checks {
		if ch.Forward() == nil {
			g.check[ch] = g.unexported("check" + ch.Name)
		}
	}
	for _, ch := range g.prog.Checks {
		if to := ch.Forward(); to != nil {
			g.check[ch] = g.check[to]
		}
	}
	for _, p := range g.prog.Patterns {
		if err := g.namePattern(p, fmt.Sprintf("pattern%d", p.Index)); err != nil {
			return errorf("#", "%v", err)
		}
	}
	for _, f := range g.prog.Formats {
		if f == "regex" {
			g.regexRuntime = true
		} else {
			g.formatRuntime = true
		}
	}
	for i, l := range g.prog.Literals {
		g.literal[l] = i
	}
	if len(g.prog.Literals) > 0 {
		g.literals = g.unexported("literals")
	}
	for _, ch := range g.prog.Checks {
		for _, r := range ch.Rules {
			if a, ok := r.(*model.AdditionalRule); ok && (len(a.Known) > 0 || len(a.Patterns) > 0) {
				g.known[a] = g.unexported("known" + ch.Name)
			}
			if cl, _ := model.Union(r); cl != nil {
				g.closest[cl] = g.unexported("closest" + ch.Name)
				g.closests = append(g.closests, cl)
			}
		}
	}
	return nil
}

// namePattern decides how pattern p is matched, with ECMA-262's verdict
// (JSON Schema's "pattern" is an ECMA-262 regular expression), and names
// what matches it after stem: the DFA (pattern.go), or Go's regexp, where
// the pattern's RE2 translation gives JavaScript's verdict on every string;
// Go's regexp on the strings it reads as JavaScript does and the ECMA-262
// matcher of regex.go on the others, where a guard tells them apart; else
// the matcher alone. A pattern named already keeps its names.
func (g *general) namePattern(p *model.Pattern, stem string) error {
	if _, ok := g.analyzed[p]; ok {
		return nil
	}
	a, err := regexrt.Analyze(p.Source)
	if err != nil {
		return err
	}
	g.analyzed[p] = a
	match := "match" + exported(stem)
	re2, ok := a.RE2()
	if ok && a.RE2Guard() == regexrt.GuardNone {
		if d, ok := patternDFA(re2); ok {
			// The automaton, where regexp gives ECMA-262's verdict on
			// every string: the same verdict, without regexp's cost.
			g.dfa[p], g.pattern[p] = d, g.unexported(match)
			return nil
		}
	}
	if ok {
		g.pattern[p] = g.unexported(stem)
	}
	if !ok || a.RE2Guard() != regexrt.GuardNone {
		g.ecma[p] = g.unexported(stem + "ECMA")
		g.regexRuntime = true
	}
	if ok && a.RE2Guard() != regexrt.GuardNone {
		g.guarded[p] = g.unexported(match)
	}
	return nil
}

// matchCall is the test that s (a string, or an []byte when isBytes)
// matches pattern p.
func (g *general) matchCall(p *model.Pattern, s *jen.Statement, isBytes bool) jen.Code {
	str := s.Clone()
	if isBytes {
		str = jen.String().Parens(s.Clone())
	}
	switch {
	case g.dfa[p] != nil:
		return jen.Id(g.pattern[p]).Call(s.Clone())
	case g.guarded[p] != "":
		return jen.Id(g.guarded[p]).Call(str)
	case g.pattern[p] != "" && isBytes:
		return jen.Id(g.pattern[p]).Dot("Match").Call(s.Clone())
	case g.pattern[p] != "":
		return jen.Id(g.pattern[p]).Dot("MatchString").Call(s.Clone())
	}
	return jen.Id(g.ecma[p]).Dot(g.rtm("matchString")).Call(str)
}

// exportedName is name with the prefix.
func (g *general) exportedName(name string) string {
	if g.prefix == "" {
		return name
	}
	return exported(g.prefix) + name
}

// unexported takes an unexported top-level name made of name (and the
// prefix), numbered when it is taken.
func (g *general) unexported(name string) string {
	if g.prefix != "" {
		name = lowerName(g.prefix) + exported(name)
	}
	return g.take(name)
}

// take takes the top-level name name, numbered when it is taken.
func (g *general) take(name string) string { return takeIn(g.taken, name) }

// takeIn takes name in the set of names taken, numbered when it is taken.
func takeIn(taken map[string]bool, name string) string {
	n := name
	for i := 2; taken[n]; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	taken[n] = true
	return n
}

// entry is the name of an entry point: Validate, or Validate<Prefix>
// when several schemas share the package.
func (g *general) entry(name string) string {
	if g.prefix == "" {
		return name
	}
	return name + exported(g.prefix)
}

func (g *general) files(withRuntime bool) ([]gen.File, error) {
	files, err := g.renderFiles([]fileStep{
		{"types.go", g.typesFile},
		{"codec.go", g.codecFile},
		{"checks.go", g.checksFile},
		// Made with codec.go, when asked for (Options.unusedTree).
		{treeTestFile, func() *jen.File { return g.treeTest }},
	})
	if err != nil {
		return nil, err
	}
	if g.s.Annotated {
		more, err := g.annotationFiles()
		if err != nil {
			return nil, err
		}
		files = append(files, more...)
	}
	if g.streams() {
		src, err := streamFile(g.pkg, g.root)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: "stream.go", Content: src})
	}
	own := map[string]bool{}
	for _, f := range files {
		// The checks are the program's, a function per check: the value-tree
		// codec's functions a test adds (Options.unusedTree) call them.
		own[f.Path] = f.Path != g.fileName(treeTestFile) && f.Path != "stream.go" && f.Path != g.fileName("checks.go")
	}
	if withRuntime && !g.imported {
		rt, err := generalRuntime(g.pkg, g.regexRuntime, g.formatRuntime, g.exactRuntime)
		if err != nil {
			return nil, err
		}
		files = append(files, rt...)
	}
	return prune(files, func(path string) bool { return own[path] })
}

// fileStep is a file of the package and the function that builds it
// (nil when the package has nothing for it).
type fileStep struct {
	name  string
	build func() *jen.File
}

// renderFiles renders, in turn, the file of each step that builds one.
func (g *general) renderFiles(steps []fileStep) ([]gen.File, error) {
	var files []gen.File
	for _, step := range steps {
		f := step.build()
		if f == nil {
			continue
		}
		src, err := render(step.name, f)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: g.fileName(step.name), Content: src})
	}
	return files, nil
}

// streams reports whether the package has the JSON Lines Decoder and
// Encoder of its root type (stream.go): a package several schemas share
// (Options.Prefix) has no one root.
func (g *general) streams() bool { return g.prefix == "" }

func (g *general) fileName(name string) string {
	if g.prefix == "" {
		return name
	}
	return lowerName(g.prefix) + "_" + name
}

// render renders a jennifer file, which formats it as gofmt does (once is
// enough: gofmt's output is its own fixed point, as TestFilesAreClean
// checks).
func render(name string, f *jen.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

func (g *general) newFile() *jen.File {
	f := jen.NewFile(g.pkg)
	f.HeaderComment(gen.Header)
	for _, p := range []string{"regexp", "strconv", "strings", "time", "unicode/utf8"} {
		f.ImportName(p, p[strings.LastIndex(p, "/")+1:])
	}
	if g.imported {
		f.ImportName(rtname.Path, rtname.Package)
	}
	return f
}
