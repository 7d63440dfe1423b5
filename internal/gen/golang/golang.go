// Package golang is omnigen's Go emitter: it renders a *model.Schema, with
// github.com/dave/jennifer, as one Go package that depends on the standard
// library only:
//
//   - types.go: a struct per object, a string type with constants and Valid
//     per enum, a sealed interface per union (its members implement an
//     unexported marker method; a nested union embeds its parents'), named
//     scalars, arrays and raw JSON values;
//   - codec.go: Unmarshal, Validate and Marshal of the root type, a
//     hand-written-style byte scanner that validates while it decodes (the
//     schema's types, required and unknown properties, enums, consts,
//     patterns, bounds) and an encoder that writes what JavaScript's
//     JSON.stringify writes;
//   - checks.go and check.go: when a type's schema has rules the codec does
//     not check as it reads, the checks of the program it runs on the
//     value's text, rendered as for any schema (emit_deferred.go);
//   - builders.go, guards.go, aggregate.go: the x-omnigen builders and
//     helpers, the guards and the partial aggregator, when the schema has
//     them;
//   - interop.go: MarshalJSON and UnmarshalJSON of every object type, and
//     the time.Time conversions of date-time strings (emit_interop.go);
//   - json.go: the schema-independent JSON runtime (package jsonrt, copied),
//     and members.go, the reading and writing of the members an open object
//     does not declare, when one is open;
//   - stream.go: the JSON Lines Decoder and Encoder of the root type
//     (package streamrt, copied with the root type's name).
//
// Nothing here knows a protocol: every name, builder, guard and rule comes
// from the model. A construct the emitter cannot render faithfully is an
// error naming its JSON pointer, never approximate code.
package golang

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// Options configure Generate.
type Options struct {
	// Package is the name of the generated package ("omnimessage"). Empty
	// means the schema's title in lower case, letters and digits only.
	Package string
	// Prefix, for a schema outside the x-omnigen dialect, makes its code
	// share a package with other schemas' code: every top-level name starts
	// with it, the entry points end with it (ValidateG12),
	// file names start with it, and the runtime is left out (write it once
	// with GeneralRuntime).
	Prefix string
	// Tags are the struct tag keys of every field that holds a property
	// (`json:"name,omitempty"`, without omitempty when it is required);
	// nil means DefaultTags, empty none.
	Tags []string
	// Maps says how an object whose members all have one type is held:
	// MapsOrdered (the default, "") as a Map, which keeps its key order so
	// that a document comes back byte for byte, or MapsNative as a Go map,
	// written back in sorted key order.
	Maps string
	// Runtime says where the runtime of the generated code is:
	// RuntimeCopy (the default, "") in the package itself, an unexported
	// copy on the standard library alone, or RuntimeImport in the public
	// package runtime/omnigenrt of the omnigen module, which the package
	// imports (and checks the version of at compile time). Import is for
	// schemas outside the x-omnigen dialect, without Prefix.
	Runtime string

	// unusedTree, for tests, adds the functions of the value-tree codec
	// that codec.go does not carry (treeFuncs) in a file of their own,
	// treeTestFile: the oracle the one-pass codec is compared with.
	unusedTree bool
}

const treeTestFile = "zz_tree_test.go"

// The values of Options.Runtime.
const (
	RuntimeCopy   = "copy"
	RuntimeImport = "import"
)

// CheckRuntime reports whether runtime is a value of Options.Runtime.
func CheckRuntime(runtime string) error {
	switch runtime {
	case "", RuntimeCopy, RuntimeImport:
		return nil
	}
	return fmt.Errorf("%q is not a place for the runtime: copy or import", runtime)
}

// The values of Options.Maps.
const (
	MapsOrdered = "ordered"
	MapsNative  = "native"
)

// CheckMaps reports whether maps is a value of Options.Maps.
func CheckMaps(maps string) error {
	switch maps {
	case "", MapsOrdered, MapsNative:
		return nil
	}
	return fmt.Errorf("%q is not a way to hold maps: ordered or native", maps)
}

// Generate renders s as the files of one Go package, with paths relative to
// the package directory, in a fixed order. Every file starts with
// gen.Header and is gofmt-clean. The error, for a schema the emitter cannot
// render, is a *model.Error naming the construct's pointer.
func Generate(s *model.Schema, opts Options) ([]gen.File, error) {
	if err := CheckRuntime(opts.Runtime); err != nil {
		return nil, err
	}
	if opts.Runtime == RuntimeImport && s.Program == nil {
		return nil, errorf("#", "a package of the x-omnigen dialect carries its own runtime: the runtime import is for schemas outside the dialect; generate it with the runtime copy")
	}
	if opts.Runtime == RuntimeImport && opts.Prefix != "" {
		return nil, fmt.Errorf("packages shared by several schemas (Prefix) copy the runtime")
	}
	s, err := s.Shaped()
	if err != nil {
		return nil, err
	}
	if s.Program != nil {
		g, err := newGeneral(s, opts)
		if err != nil {
			return nil, err
		}
		return g.files(opts.Prefix == "")
	}
	g, err := newGenerator(s, opts)
	if err != nil {
		return nil, err
	}
	files, err := g.renderFiles([]fileStep{
		{"types.go", g.typesFile},
		{"codec.go", g.codecFile},
		{"builders.go", g.buildersFile},
		{"guards.go", g.guardsFile},
		{"aggregate.go", g.aggregateFile},
		{"interop.go", g.interopFile},
		{"checks.go", g.checksFile},
	})
	if err != nil {
		return nil, err
	}
	rt, err := runtimeFile(g.pkg)
	if err != nil {
		return nil, err
	}
	files = append(files, gen.File{Path: "json.go", Content: rt})
	runtimes := []struct {
		name, source string
		needed       bool
	}{
		{"check.go", checkRuntimeSource, g.prog != nil},
		{"exact.go", exactRuntimeSource, g.exactRuntime},
		{"format.go", formatRuntimeSource, g.formatRuntime},
		{"regex.go", regexRuntimeSource, g.regexRuntime},
	}
	for _, r := range runtimes {
		if !r.needed {
			continue
		}
		src, err := runtimeAs(r.source, r.name, g.pkg)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: r.name, Content: src})
	}
	if g.member != "" {
		src, err := membersFile(g.pkg, g.member)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: "members.go", Content: src})
	}
	stream, err := streamFile(g.pkg, g.names[g.s.Root])
	if err != nil {
		return nil, err
	}
	files = append(files, gen.File{Path: "stream.go", Content: stream})
	return files, nil
}

// generator renders a schema of the x-omnigen dialect: its types, named and
// declared as any schema's are (the general of its onePass, in dialect
// mode), read and written in one pass (the onePass it embeds), and its
// x-omnigen builders, guards and aggregator.
type generator struct {
	*onePass
	// builders: Go names, their Args types, param names.
	builders map[*model.Builder]*builderInfo
	// helper names (guards, prepend, zero, sum) by schema name.
	helperNames map[string]string
	// now is the unexported function formatting the builders' timestamp.
	now string
	// fragmentNames names the aggregator's fragment type of each aggregate.
	fragmentNames map[*model.Aggregate]string
	// timeOf names the time.Time constructor of each date-time string type.
	timeOf map[*model.Type]string
}

func newGenerator(s *model.Schema, opts Options) (*generator, error) {
	pkg, err := goPackageName(opts.Package, s.Title)
	if err != nil {
		return nil, err
	}
	if err := checkRoot(s); err != nil {
		return nil, err
	}
	types := newTypes(s, pkg, tagKeys(opts))
	if err := types.nameRoot(); err != nil {
		return nil, err
	}
	if err := types.typeNames(); err != nil {
		return nil, err
	}
	codec, err := newOnePass(types)
	if err != nil {
		return nil, err
	}
	g := &generator{
		onePass:  codec,
		builders: map[*model.Builder]*builderInfo{}, helperNames: map[string]string{},
	}
	for _, step := range []func() error{g.nameExtras, g.nameTimes} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func errorf(ptr, format string, args ...any) error {
	return model.Errorf(ptr, format, args...)
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// checkTypes rejects what cannot be rendered faithfully and chooses the
// functions, patterns and wrappers the codec needs.
func (g *onePass) checkTypes() error {
	// Named types first take their function names, so that they keep them.
	for _, t := range g.s.Types {
		g.fn[t] = g.unexported("decode" + g.names[t])[len("decode"):]
		g.taken["encode"+g.fn[t]] = true
	}
	for _, t := range g.s.Types {
		if err := g.checkValueRules(t, g.names[t]); err != nil {
			return err
		}
		switch t.Kind {
		case model.KindObject:
			if err := g.checkObject(t); err != nil {
				return err
			}
		case model.KindArray:
			if err := g.visitAnon(t.Items, g.names[t]+"Item", t.Pointer+"/items"); err != nil {
				return err
			}
		case model.KindUnion:
			// Its members are objects and unions (the model makes any
			// other union JSON text).
			if t.Discriminator != "" {
				g.tagLists[t] = g.unexported(lowerName(g.names[t]) + "Tags")
			}
		}
	}
	return nil
}

func lowerName(s string) string {
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	if i > 1 && i < len(rs) {
		i-- // "URLPattern" → "urlPattern"
	}
	if i == 0 {
		i = 1
	}
	return strings.ToLower(string(rs[:i])) + string(rs[i:])
}

// checkValueRules names the matcher of the pattern of a type whose codec
// checks it (after base, the type's name) as the checks of any schema name
// theirs: the codec leaves the other rules on its values to the program
// (emit_deferred.go).
func (g *onePass) checkValueRules(t *model.Type, base string) error {
	if p := patternOf(t); p != nil {
		if err := g.namePattern(p, lowerName(base)+"Pattern"); err != nil {
			return errorf(t.Pointer+"/pattern", "%v", err)
		}
	}
	return nil
}

// visitAnon gives an anonymous array or constrained scalar its functions.
func (g *onePass) visitAnon(t *model.Type, base, ptr string) error {
	if t.Name != "" {
		return nil
	}
	if err := g.checkValueRules(t, base); err != nil {
		return err
	}
	switch t.Kind {
	case model.KindArray:
		g.fn[t] = g.unexported("decode" + base)[len("decode"):]
		g.taken["encode"+g.fn[t]] = true
		g.anon = append(g.anon, t)
		return g.visitAnon(t.Items, base+"Item", ptr+"/items")
	case model.KindScalarUnion:
		// A union of scalar types needs a struct: it is named as the model
		// names synthesized types, holder and property (TextNoteSize).
		g.names[t] = g.claim(base, ptr)
		g.fn[t] = g.unexported("decode" + g.names[t])[len("decode"):]
		g.taken["encode"+g.fn[t]] = true
		g.anon = append(g.anon, t)
		g.synth = append(g.synth, t)
		return nil
	case model.KindObject, model.KindEnum, model.KindUnion:
		return errorf(ptr, "an inline %s is not supported; move it to $defs", t.Kind)
	}
	if checksValue(t) || defers(t) {
		g.fn[t] = g.unexported("decode" + base)[len("decode"):]
		g.taken["encode"+g.fn[t]] = true
		g.anon = append(g.anon, t)
	}
	return nil
}

func (g *onePass) checkObject(t *model.Type) error {
	for _, f := range t.Fields {
		ptr := t.Pointer + "/properties/" + jsonptr.Escape(f.Name)
		if f.Const != nil {
			continue
		}
		if f.Nullable {
			// Of a kind a Null wrapper holds: the model makes a nullable
			// union JSON text.
			g.nullName(f.Type)
		}
		if err := g.visitAnon(f.Type, g.names[t]+g.fields[f], ptr); err != nil {
			return err
		}
	}
	if t.Select != nil {
		g.nameChooser(t)
	}
	return nil
}

// nameChooser names the chooser of a select, which the model keeps only
// where the codec can choose by it (model.selectProblem): the selecting
// field is a required enum with one case per value, the selected one a
// union every member of which is in exactly one case.
func (g *onePass) nameChooser(t *model.Type) {
	g.choose[t] = g.unexported("decode" + g.fields[t.Select.Field] + "Of" + g.names[t])
}

// checkRoot requires a root type that one document can hold.
func checkRoot(s *model.Schema) error {
	if s.Root == nil {
		return errorf("#", "the schema needs a top-level $ref naming the type one document holds")
	}
	return nil
}

// valueConst is the Go constant of value v of enum t.
func (g *onePass) valueConst(t *model.Type, v string) string {
	return g.consts[t][slices.Index(t.Values, v)]
}
