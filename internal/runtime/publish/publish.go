// Package publish writes runtime/omnigenrt, the public runtime that Go
// code generated with --go-runtime import uses, from the internal runtimes
// that copy mode copies into every package (jsonrt's json.go, check.go,
// ordered.go and shape.go, regexrt's regex.go, formatrt's format.go): the
// same files, in one package, with every top-level name, method and field
// exported as rtname.Export names it, and doc.go with the version that
// generated code checks. Nothing of the runtime is written twice by hand:
// TestPublicRuntimeUpToDate holds the committed package to what Files
// returns (go test ./internal/runtime/publish -update rewrites it).
package publish

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/rtname"
)

// Dir is the public runtime's directory, from the repository root.
const Dir = "runtime/omnigenrt"

// sources are the runtime files the public package is made of, in the
// order copy mode writes them.
var sources = []struct{ name, source string }{
	{"json.go", jsonrt.JSONSource},
	{"check.go", jsonrt.CheckSource},
	{"ordered.go", jsonrt.OrderedSource},
	{"shape.go", jsonrt.ShapeSource},
	{"format.go", formatrt.Source},
	{"regex.go", regexrt.Source},
}

// stdMethods are method names that standard interfaces (fmt, encoding,
// io, sort, errors) or go vet give a meaning: an unexported method renamed
// to one of them would change what the standard library does with its
// type, so Files refuses it (rtname's renamed table gives it another name).
var stdMethods = map[string]bool{
	"Error": true, "String": true, "GoString": true, "Format": true, "Unwrap": true, "Is": true, "As": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
	"MarshalBinary": true, "UnmarshalBinary": true, "GobEncode": true, "GobDecode": true,
	"Read": true, "Write": true, "Close": true, "ReadFrom": true, "WriteTo": true, "Seek": true,
	"ReadByte": true, "WriteByte": true, "UnreadByte": true, "ReadRune": true, "UnreadRune": true,
	"Peek": true, "Scan": true, "Len": true, "Less": true, "Swap": true,
}

// Files returns the files of the public runtime, paths relative to Dir.
func Files() ([]gen.File, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, s := range sources {
		f, err := parser.ParseFile(fset, s.name, s.source, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		f.Name.Name = rtname.Package
		files = append(files, f)
	}
	imp := importer.Default()
	before, pkg, err := resolved(fset, files, imp)
	if err != nil {
		return nil, err
	}
	if err := rename(files, before, fieldOwners(pkg)); err != nil {
		return nil, err
	}
	var out []gen.File
	texts := map[string]string{}
	for i, f := range files {
		var buf bytes.Buffer
		buf.WriteString(gen.Header + "\n\n")
		if err := format.Node(&buf, fset, f); err != nil {
			return nil, fmt.Errorf("print %s: %w", sources[i].name, err)
		}
		src, err := format.Source(buf.Bytes())
		if err != nil {
			return nil, fmt.Errorf("format %s: %w", sources[i].name, err)
		}
		texts[sources[i].name] = string(src)
		out = append(out, gen.File{Path: sources[i].name, Content: src})
	}
	if err := sameMeaning(before, texts, imp); err != nil {
		return nil, err
	}
	out = append([]gen.File{{Path: "doc.go", Content: []byte(docFile())}}, out...)
	return out, nil
}

// use is an identifier and the object it declares or refers to (nil for
// the package name and the blank identifier).
type use struct {
	id  *ast.Ident
	obj types.Object
}

// resolved type-checks files as one package and lists their identifiers,
// in source order, with their objects.
func resolved(fset *token.FileSet, files []*ast.File, imp types.Importer) ([]use, *types.Package, error) {
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(rtname.Package, fset, files, info)
	if err != nil {
		return nil, nil, fmt.Errorf("type-check the runtime: %w", err)
	}
	var uses []use
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				// An embedded field's identifier both defines the field and
				// names the type: the type is what it is renamed with.
				obj := info.Uses[id]
				if obj == nil {
					obj = info.Defs[id]
				}
				// A field or method of an instance of a generic type is
				// the generic type's.
				switch o := obj.(type) {
				case *types.Var:
					obj = o.Origin()
				case *types.Func:
					obj = o.Origin()
				}
				uses = append(uses, use{id, obj})
			}
			return true
		})
	}
	return uses, pkg, nil
}

// fieldOwners maps the fields of the package's named struct types to
// their type.
func fieldOwners(pkg *types.Package) map[*types.Var]*types.Named {
	owners := map[*types.Var]*types.Named{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if st, ok := n.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				owners[st.Field(i)] = n
			}
		}
	}
	return owners
}

// rename exports, in place, every identifier that names a top-level
// object, a method or a field of the runtime, and the first word of the
// doc comment of a declaration that names it.
func rename(files []*ast.File, uses []use, owners map[*types.Var]*types.Named) error {
	// Two top-level names of one exported name: the error lists them all.
	var clashes []string
	seen := map[string]types.Object{}
	for _, u := range uses {
		if !own(u.obj) || u.obj.Parent() != u.obj.Pkg().Scope() {
			continue
		}
		name := rtname.ExportTop(u.obj.Name())
		if other, ok := seen[name]; ok && other != u.obj && other.Exported() != u.obj.Exported() {
			clash := fmt.Sprintf("%s and %s", other.Name(), u.obj.Name())
			if other.Exported() {
				clash = fmt.Sprintf("%s and %s", u.obj.Name(), other.Name())
			}
			if !slices.Contains(clashes, clash) {
				clashes = append(clashes, clash)
			}
		}
		seen[name] = u.obj
	}
	if len(clashes) > 0 {
		return fmt.Errorf("the runtime's names %s would have one exported name: give one another name in rtname", strings.Join(clashes, ", "))
	}
	for _, u := range uses {
		if !own(u.obj) || !renamable(u.obj) || ofExportedType(u.obj, owners) {
			continue
		}
		name := exportName(u.obj)
		if fn, ok := u.obj.(*types.Func); ok && fn.Type().(*types.Signature).Recv() != nil && !u.obj.Exported() && stdMethods[name] {
			return fmt.Errorf("the runtime's method %s would be exported as %s, which the standard library gives a meaning: give it another name in rtname", u.obj.Name(), name)
		}
		u.id.Name = name
	}
	for _, f := range files {
		for _, d := range f.Decls {
			var doc *ast.CommentGroup
			var name string
			switch d := d.(type) {
			case *ast.FuncDecl:
				doc, name = d.Doc, d.Name.Name
			case *ast.GenDecl:
				if len(d.Specs) == 1 {
					switch s := d.Specs[0].(type) {
					case *ast.TypeSpec:
						doc, name = d.Doc, s.Name.Name
					case *ast.ValueSpec:
						doc, name = d.Doc, s.Names[0].Name
					}
				}
			}
			if doc == nil {
				continue
			}
			c := doc.List[0]
			word := strings.TrimPrefix(c.Text, "// ")
			if end := strings.IndexAny(word, " ,.:;"); end > 0 {
				word = word[:end]
			}
			if word != name && (rtname.Export(word) == name || rtname.ExportTop(word) == name) {
				c.Text = "// " + name + c.Text[len("// ")+len(word):]
			}
		}
	}
	return nil
}

// exportName is the exported name of one of the runtime's objects.
func exportName(obj types.Object) string {
	if obj.Parent() == obj.Pkg().Scope() {
		return rtname.ExportTop(obj.Name())
	}
	return rtname.Export(obj.Name())
}

// own tells whether obj is declared by the runtime (not by the standard
// library or the universe).
func own(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == rtname.Package
}

// ofExportedType tells whether obj is a field or method of a type the
// runtime exports already (Map, Member, Error, Null): what such a type
// keeps to itself stays so.
func ofExportedType(obj types.Object, owners map[*types.Var]*types.Named) bool {
	var t types.Type
	switch o := obj.(type) {
	case *types.Func:
		if recv := o.Type().(*types.Signature).Recv(); recv != nil {
			t = recv.Type()
		}
	case *types.Var:
		if n := owners[o]; n != nil {
			t = n
		}
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Exported()
}

// renamable tells whether obj is what rename exports: a top-level object
// (not init), a method or a field.
func renamable(obj types.Object) bool {
	if obj.Exported() || obj.Name() == "_" {
		return false
	}
	switch o := obj.(type) {
	case *types.Var:
		return o.IsField() || o.Parent() == o.Pkg().Scope()
	case *types.Func:
		return o.Type().(*types.Signature).Recv() != nil || o.Name() != "init"
	case *types.TypeName, *types.Const:
		return obj.Parent() == obj.Pkg().Scope()
	}
	return false
}

// sameMeaning type-checks the renamed files and holds every identifier to
// the object it named before: the renaming must be a one-to-one map of the
// runtime's objects, so that no new name is captured by another
// declaration (a local variable, a method the type had already).
func sameMeaning(before []use, texts map[string]string, imp types.Importer) error {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, s := range sources {
		f, err := parser.ParseFile(fset, s.name, texts[s.name], parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	after, _, err := resolved(fset, files, imp)
	if err != nil {
		return err
	}
	if len(after) != len(before) {
		return fmt.Errorf("the renamed runtime has %d identifiers, the runtime %d", len(after), len(before))
	}
	to := map[types.Object]types.Object{}
	from := map[types.Object]types.Object{}
	for i, b := range before {
		a := after[i].obj
		if (a == nil) != (b.obj == nil) {
			return fmt.Errorf("%s: renamed %s resolves differently", fset.Position(after[i].id.Pos()), after[i].id.Name)
		}
		if a == nil {
			continue
		}
		if prev, ok := to[b.obj]; ok && prev != a || from[a] != nil && from[a] != b.obj {
			return fmt.Errorf("%s: exporting %s as %s changes what it refers to", fset.Position(after[i].id.Pos()), b.obj.Name(), a.Name())
		}
		to[b.obj], from[a] = a, b.obj
	}
	return nil
}

// docFile is doc.go: the package comment and the version check.
func docFile() string {
	var b strings.Builder
	b.WriteString(gen.Header + "\n\n")
	b.WriteString(`// Package omnigenrt is the runtime of the Go code that omnigen generates
// with --go-runtime import: reading and writing JSON as JavaScript does, the
// checks of a JSON Schema, ordered maps, the ECMA-262 regular expressions and
// the format checks. A generated package holds its own types, codecs and
// checks, and calls this package for the rest; without the option, each
// generated package carries its own unexported copy of the same code.
//
// Its exported names are there for generated code: a program calls the
// generated package (Validate, Unmarshal, Marshal) and uses its types, of
// which Error, Map, Member and Null are aliases of this package's.
//
// This package is generated, by internal/runtime/publish, from the runtimes
// under internal/runtime; do not edit it.
package omnigenrt

`)
	fmt.Fprintf(&b, `// The versions of generated code this runtime builds with. A generated
// package declares
//
//	const (
//		_ = omnigenrt.EnforceVersion(%[1]d - omnigenrt.MinVersion)
//		_ = omnigenrt.EnforceVersion(omnigenrt.MaxVersion - %[1]d)
//	)
//
// with its own version, %[1]d here: against a runtime too old for it (or too
// new), a constant turns negative and the package does not compile.
const (
	// MaxVersion is the version of the code that the omnigen of this module
	// generates, the newest this runtime supports.
	MaxVersion = %[1]d
	// MinVersion is the oldest version of generated code it still supports.
	MinVersion = %[2]d
)

// EnforceVersion is the type a negative version difference does not convert
// to.
type EnforceVersion uint
`, rtname.Version, rtname.MinVersion)
	return b.String()
}
