// Package typescript renders the intermediate model (internal/gen/model) as
// a TypeScript module: the types, the builders, the guards, the partial
// aggregator and the checks, each in its own file under src/, re-exported by
// src/index.ts. The checks of every schema, the x-omnigen dialect's
// included, are rendered from its check program (general.go) and run on the
// dependency-free runtime written beside them (checks.ts, json.ts).
//
// It knows no protocol: every name comes from the model (a type's name, or
// its x-omnigen "names" override for "ts"; builder, guard and helper names
// as the schema writes them), and every behaviour from the model's
// annotations. The output is deterministic and laid out as prettier's
// default options print it.
package typescript

import (
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Options tunes the output. The zero value is the default.
type Options struct {
	// Prefix, for a schema outside the x-omnigen dialect, makes its module
	// share a directory with other schemas' modules: the exported names
	// start with it (the root type, and is<Root>, validate<Root>,
	// parse<Root>, <Root>Error after it), the file names start with it in
	// lower case ("src/g3_validate.ts"), and the check runtime and
	// index.ts are left out (write the runtime once with GeneralRuntime).
	Prefix string
}

// Lang is the key of the TypeScript entry in x-omnigen "names" overrides.
const Lang = "ts"

// errorf reports a construct of the model that cannot be rendered in
// TypeScript, with the JSON pointer of its schema.
func errorf(ptr, format string, args ...any) *model.Error {
	return model.Errorf(ptr, format, args...)
}

// Generate renders s as TypeScript files with paths relative to the module
// directory (src/types.ts, src/builders.ts, …, src/index.ts).
func Generate(s *model.Schema, opts Options) ([]gen.File, error) {
	if !s.Annotated {
		g, err := newGeneral(s, opts)
		if err != nil {
			return nil, err
		}
		return g.files()
	}
	e, err := newEmitter(s)
	if err != nil {
		return nil, err
	}
	type part struct {
		name string
		emit func() (string, error)
	}
	parts := []part{
		{"types", e.typesFile},
		{"builders", e.buildersFile},
		{"guards", e.guardsFile},
		{"aggregate", e.aggregateFile},
	}
	var checks *general
	if s.Root != nil {
		if checks, err = newDialectChecks(e); err != nil {
			return nil, err
		}
		parts = append(parts, part{"validate", checks.validateFile})
	}
	var files []gen.File
	var modules []string
	for _, p := range parts {
		body, err := p.emit()
		if err != nil {
			return nil, err
		}
		if body == "" {
			continue
		}
		modules = append(modules, p.name)
		files = append(files, gen.File{Path: "src/" + p.name + ".ts", Content: []byte(body)})
	}
	if checks != nil {
		files = append(files, runtimeFiles()...)
		if len(checks.prog.Formats) > 0 {
			files = append(files, formatsFile())
		}
	}
	files = append(files, gen.File{Path: "src/index.ts", Content: []byte(e.indexFile(modules))})
	return files, nil
}

// emitter holds the names every file shares.
type emitter struct {
	s *model.Schema
	// names maps every named type to its TypeScript name.
	names map[*model.Type]string
	// exports maps every exported identifier to what it is, to catch
	// collisions.
	exports map[string]string
	// envelope is s.Envelope; envOf names the interface of its fields
	// ("OmniMessageOf"), envKind the type pairing kinds with payloads
	// ("OmniMessageKind"), payloadParam the envelope's type parameter.
	envelope     *model.Envelope
	envOf        string
	envKind      string
	payloadParam string
	// used collects the type names the file being rendered refers to, for
	// its imports.
	used map[string]bool
	// inPlace writes a type in place, and a named type's alias, as any
	// schema's are written (general_types.go).
	inPlace *general
}

// name is the TypeScript name of the named type t, noted as used.
func (e *emitter) name(t *model.Type) string {
	n := e.names[t]
	if e.used != nil {
		e.used[n] = true
	}
	return n
}

// use notes an exported type name as used and returns it.
func (e *emitter) use(n string) string {
	if e.used != nil {
		e.used[n] = true
	}
	return n
}

// globals are names the generated code uses unqualified; a type may not
// shadow them.
var globals = map[string]bool{
	"Array": true, "Boolean": true, "Date": true, "Error": true, "JSON": true, "Map": true,
	"Number": true, "Object": true, "Partial": true, "ReadonlySet": true, "Record": true,
	"RegExp": true, "Set": true, "String": true, "Symbol": true, "Iterable": true,
}

// privateNames are the module-level helpers of the generated files; no
// exported name may take them.
var privateNames = []string{
	// builders.ts
	"currentTimestamp", "isFilled",
	// guards.ts, aggregate.ts
	"tagIn", "Fragment", "fragmentKey", "fragmentOf", "phaseOf", "merge", "complete",
}

func newEmitter(s *model.Schema) (*emitter, error) {
	e := &emitter{s: s, names: map[*model.Type]string{}, exports: map[string]string{}, envelope: s.Envelope}
	e.inPlace = newRenderer(s)
	e.inPlace.names, e.inPlace.value = e.names, "unknown"
	e.inPlace.named = func(n string) { e.use(n) }
	for _, t := range s.Types {
		name := t.Name
		if o, ok := t.Names[Lang]; ok && o != "" {
			name = o
		}
		if !isIdentifierName(name) || reservedWords[name] {
			return nil, errorf(t.Pointer, "%q is not a TypeScript type name; give one with x-omnigen names {%q: …}", name, Lang)
		}
		if _, named := t.Names[Lang]; globals[name] && !named {
			// A name the generated code uses (Object, Map, Array): the type
			// is numbered, as in the code of any other schema.
			base := name
			for i := 2; globals[name] || e.exports[name] != ""; i++ {
				name = base + strconv.Itoa(i)
			}
		} else if globals[name] {
			return nil, errorf(t.Pointer, "the TypeScript name %q given by x-omnigen names would shadow a name the generated code uses; give another", name)
		}
		if err := e.export(name, "type "+t.Pointer, t.Pointer); err != nil {
			return nil, err
		}
		e.names[t] = name
	}
	if env := s.Envelope; env != nil {
		e.envOf = e.names[env.Type] + "Of"
		e.envKind = e.names[env.Type] + "Kind"
		if err := e.export(e.envOf, "the fields of the envelope", env.Type.Pointer); err != nil {
			return nil, err
		}
		if err := e.export(e.envKind, "the kind of each payload", env.Type.Pointer); err != nil {
			return nil, err
		}
		e.payloadParam = "P"
		if s.Lookup("P") != nil {
			e.payloadParam = "TPayload"
		}
		for _, a := range env.Aliases {
			if !isIdentifierName(a.Name) || reservedWords[a.Name] || globals[a.Name] {
				return nil, errorf(env.Type.Pointer+"/x-omnigen", "alias %q is not a TypeScript name the generated code can export", a.Name)
			}
			if err := e.export(a.Name, "the alias "+a.Name, env.Type.Pointer+"/x-omnigen"); err != nil {
				return nil, err
			}
		}
	}
	for _, b := range s.Builders {
		if name := builderName(b); !isIdentifierName(name) || reservedWords[name] {
			return nil, errorf(b.Target.Pointer+"/x-omnigen/builders", "%q is not a TypeScript function name; give one with x-omnigen names {%q: …}", name, Lang)
		}
		if err := e.export(builderName(b), "builder "+b.Name, b.Target.Pointer+"/x-omnigen/builders"); err != nil {
			return nil, err
		}
		if b.Style == model.Object {
			if err := e.export(argsName(b), "the arguments of builder "+b.Name, b.Target.Pointer+"/x-omnigen/builders"); err != nil {
				return nil, err
			}
		}
		if b.HasOptions() {
			if err := e.export(optionsName(b), "the options of builder "+b.Name, b.Target.Pointer+"/x-omnigen/builders"); err != nil {
				return nil, err
			}
		}
	}
	for _, t := range s.Types {
		for _, h := range []*model.Helper{t.Guard, t.Zero, t.Sum} {
			if h != nil {
				if err := e.export(h.Name, "helper "+h.Name, t.Pointer+"/x-omnigen"); err != nil {
					return nil, err
				}
			}
		}
	}
	if env := s.Envelope; env != nil {
		for _, p := range env.Prepend {
			if err := e.export(p.Name, "helper "+p.Name, env.Type.Pointer+"/x-omnigen/prepend"); err != nil {
				return nil, err
			}
		}
		for _, g := range env.Guards {
			if err := e.export(g.Name, "guard "+g.Name, env.Type.Pointer+"/x-omnigen/guards"); err != nil {
				return nil, err
			}
		}
	}
	if len(s.Aggregates) > 0 {
		for _, n := range []string{aggregatorClass, aggregateAllName} {
			if err := e.export(n, "the partial aggregator", s.Aggregates[0].Partial.Pointer+"/x-omnigen/aggregate"); err != nil {
				return nil, err
			}
		}
	}
	if s.Root != nil {
		root := e.names[s.Root]
		for _, n := range []string{"parse" + root, "is" + root, "validate" + root, root + "Error"} {
			if err := e.export(n, "the runtime check of "+root, s.Root.Pointer); err != nil {
				return nil, err
			}
		}
	}
	return e, nil
}

func (e *emitter) export(name, what, ptr string) error {
	for _, p := range privateNames {
		if p == name {
			return errorf(ptr, "the TypeScript name %q is taken by a helper of the generated code; give another", name)
		}
	}
	if prev, ok := e.exports[name]; ok {
		return errorf(ptr, "the TypeScript name %q is used twice: by %s and by %s", name, prev, what)
	}
	e.exports[name] = what
	return nil
}

// argsName is the interface of an object-style builder's argument.
func argsName(b *model.Builder) string {
	n := builderName(b)
	return strings.ToUpper(n[:1]) + n[1:] + "Args"
}

// builderName is the TypeScript name of a builder: its x-omnigen "names"
// override for "ts", or the name the schema gives it.
func builderName(b *model.Builder) string {
	if n := b.Names[Lang]; n != "" {
		return n
	}
	return b.Name
}

// optionsName is the interface of a positional builder's options object.
func optionsName(b *model.Builder) string {
	n := builderName(b)
	return strings.ToUpper(n[:1]) + n[1:] + "Options"
}

// typeRef is the TypeScript type expression of a reference to t, written
// as any schema's types are (general_types.go).
func (e *emitter) typeRef(t *model.Type) string {
	return e.inPlace.typeExpr(t).flat()
}

// fieldType is the type of a field's value: its const, or its type.
func (e *emitter) fieldType(f *model.Field) string {
	if f.Const != nil {
		return str(*f.Const)
	}
	return e.typeRef(f.Type)
}

// tagProperty is the property that tells the leaves of u apart (the
// model's Discriminator), or "" when they are not told apart by one const
// property with distinct values.
func tagProperty(u *model.Type) string {
	if u.Discriminator != "" {
		return u.Discriminator
	}
	name := ""
	seen := map[string]bool{}
	for _, l := range u.Leaves() {
		if l.Kind != model.KindObject || l.Tag == nil || (name != "" && l.Tag.Name != name) || seen[l.TagValue()] {
			return ""
		}
		name = l.Tag.Name
		seen[l.TagValue()] = true
	}
	return name
}

// tagValues lists the tag values of u's leaves in order.
func tagValues(u *model.Type) []string {
	var out []string
	for _, l := range u.Leaves() {
		out = append(out, u.TagIn(l))
	}
	return out
}

// lowerFirst turns a type name into a value name: "StopReason" → "stopReason".
func lowerFirst(s string) string {
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	switch {
	case i == 0:
		return s
	case i == 1 || i == len(s):
		return strings.ToLower(s[:i]) + s[i:]
	default:
		// "HTTPHeader" → "httpHeader"
		return strings.ToLower(s[:i-1]) + s[i-1:]
	}
}

// imports writes import lines for the names used from each module.
func imports(w *writer, typeOnly bool, module string, names map[string]bool) {
	if len(names) == 0 {
		return
	}
	list := make([]string, 0, len(names))
	for n := range names {
		list = append(list, n)
	}
	sort.Strings(list)
	kw := "import "
	if typeOnly {
		kw = "import type "
	}
	flat := kw + "{ " + strings.Join(list, ", ") + " } from " + str(module) + ";"
	if w.fits(flat) {
		w.line(flat)
		return
	}
	w.open(kw + "{")
	for _, n := range list {
		w.line(n + ",")
	}
	w.close("} from " + str(module) + ";")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// file assembles a generated file: the header, the imports, the body.
func file(header func(w *writer), body *writer) string {
	var w writer
	w.line(gen.Header)
	w.line("")
	if header != nil {
		var h writer
		header(&h)
		if h.buf.Len() > 0 {
			w.buf.Write(h.buf.Bytes())
			w.line("")
		}
	}
	out := body.buf.String()
	out = strings.TrimRight(out, "\n") + "\n"
	return w.buf.String() + out
}

func (e *emitter) indexFile(modules []string) string {
	var w writer
	w.line(gen.Header)
	w.line("")
	desc := e.s.Description
	if desc == "" {
		desc = e.s.Title
	}
	if desc != "" {
		w.doc(desc, "@packageDocumentation")
		w.line("")
	}
	for _, m := range modules {
		w.linef("export * from %s;", str("./"+m+".js"))
	}
	return w.buf.String()
}

// article puts "a" or "an" before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
