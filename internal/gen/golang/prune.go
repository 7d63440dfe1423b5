package golang

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"slices"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// prune drops from the package's own files (own: its types, codec and
// x-omnigen files, not the runtimes it carries, nor the program's checks,
// which a test's value-tree functions call) the unexported functions and
// methods whose name nothing in the package names: the encoder of a
// constant that its object writes as text, the decoder and encoder of a
// union whose members its parent reads and writes through. The emitters
// plan a function per type where a type may need one; this keeps what is
// called, so that the package reads as written by hand. Names are compared
// as names, not resolved: a method is kept when any selector names it.
func prune(files []gen.File, own func(path string) bool) ([]gen.File, error) {
	// What the other files name does not change: counted once.
	others := map[string]int{}
	for _, f := range files {
		if own(f.Path) {
			continue
		}
		if _, err := countRefs(token.NewFileSet(), f, others); err != nil {
			return nil, err
		}
	}
	files = slices.Clone(files)
	for {
		fset := token.NewFileSet()
		refs := maps.Clone(others)
		parsed := map[int]*ast.File{}
		for i, f := range files {
			if !own(f.Path) {
				continue
			}
			af, err := countRefs(fset, f, refs)
			if err != nil {
				return nil, err
			}
			parsed[i] = af
		}
		dropped := false
		for i, af := range parsed {
			var cuts [][2]int // byte ranges, in order
			for _, d := range af.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Name.IsExported() || fd.Name.Name == "init" || fd.Name.Name == "_" || refs[fd.Name.Name] > 0 {
					continue
				}
				from := fd.Pos()
				if fd.Doc != nil {
					from = fd.Doc.Pos()
				}
				cuts = append(cuts, [2]int{fset.Position(from).Offset, fset.Position(fd.End()).Offset})
			}
			if len(cuts) == 0 {
				continue
			}
			dropped = true
			src := files[i].Content
			var out bytes.Buffer
			at := 0
			for _, c := range cuts {
				out.Write(src[at:c[0]])
				at = c[1]
			}
			out.Write(src[at:])
			formatted, err := format.Source(out.Bytes())
			if err != nil {
				return nil, err
			}
			files[i].Content = formatted
		}
		if !dropped {
			return files, nil
		}
	}
}

// countRefs parses f and counts in refs each identifier it names: all but
// the names its functions declare (their receivers, types and bodies
// name).
func countRefs(fset *token.FileSet, f gen.File, refs map[string]int) (*ast.File, error) {
	af, err := parser.ParseFile(fset, f.Path, f.Content, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.Inspect(af, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Recv != nil {
				ast.Inspect(n.Recv, countIdents(refs))
			}
			ast.Inspect(n.Type, countIdents(refs))
			if n.Body != nil {
				ast.Inspect(n.Body, countIdents(refs))
			}
			return false
		case *ast.Ident:
			refs[n.Name]++
		}
		return true
	})
	return af, nil
}

// countIdents counts each identifier it meets in refs.
func countIdents(refs map[string]int) func(ast.Node) bool {
	return func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			refs[id.Name]++
		}
		return true
	}
}
