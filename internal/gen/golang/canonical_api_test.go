package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/overlay"
	canonicalschema "github.com/omnigen-dev/omnigen/schema"
)

// The canonical schema through the one front end (the shaper, making the
// dialect's choices of types: model/shapes_dialect.go) has the canonical
// package's Go types: every exported type, field, constant and method of
// types.go, and the methods that seal its unions (JSON text is []byte in
// both: the general emitter holds it so for any schema in the dialect). A
// type, field or kind the two paths give differently fails here,
// declaration by declaration.
func TestCanonicalShapedTypes(t *testing.T) {
	api := func(general bool) []string {
		t.Helper()
		s, err := model.LoadData(canonicalschema.Canonical, "", model.LoadOptions{General: general})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Generate(s, Options{Package: "omnimessage"})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(files, func(f gen.File) bool { return f.Path == "types.go" })
		if i < 0 {
			t.Fatal("no types.go")
		}
		return exportedDecls(t, files[i].Content)
	}
	dialect, general := api(false), api(true)
	if len(dialect) < 60 {
		t.Fatalf("%d exported declarations in the dialect's types.go, want the canonical package's (more than 60)", len(dialect))
	}
	for _, d := range dialect {
		if _, found := slices.BinarySearch(general, d); !found {
			t.Errorf("the dialect declares, the general path does not:\n%s", d)
		}
	}
	for _, d := range general {
		if _, found := slices.BinarySearch(dialect, d); !found {
			t.Errorf("the general path declares, the dialect does not:\n%s", d)
		}
	}
}

// exportedDecls are the declarations of the Go file src that make its
// API, printed without comments and sorted: exported types (a struct with
// its exported fields only), constants and variables, and the methods of
// exported types (those that seal a union too).
func exportedDecls(t *testing.T, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "types.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	print := func(node any) {
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, node); err != nil {
			t.Fatal(err)
		}
		// A struct whose fields were all unexported prints as one
		// whose fields were none.
		out = append(out, emptyStruct.ReplaceAllString(b.String(), "struct{}"))
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					if !spec.Name.IsExported() {
						continue
					}
					if st, ok := spec.Type.(*ast.StructType); ok {
						st.Fields.List = slices.DeleteFunc(st.Fields.List, func(fl *ast.Field) bool {
							return len(fl.Names) > 0 && !fl.Names[0].IsExported()
						})
					}
					print(&ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{spec}})
				case *ast.ValueSpec:
					if slices.ContainsFunc(spec.Names, (*ast.Ident).IsExported) {
						print(&ast.GenDecl{Tok: d.Tok, Specs: []ast.Spec{spec}})
					}
				}
			}
		case *ast.FuncDecl:
			if d.Recv != nil && receiverExported(d.Recv) || d.Recv == nil && d.Name.IsExported() {
				print(d)
			}
		}
	}
	slices.Sort(out)
	return out
}

var emptyStruct = regexp.MustCompile(`struct \{\s*\}`)

// receiverExported reports whether a method's receiver is an exported
// type (T or *T).
func receiverExported(recv *ast.FieldList) bool {
	typ := recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	id, ok := typ.(*ast.Ident)
	return ok && id.IsExported()
}

// The canonical schema through the one front end and the general Go
// emitter (its types, its one-pass codec, and the x-omnigen API the
// dialect's emitters render over them: general_annotations.go) passes the
// canonical package's own tests, gen/go/omnimessage/*_test.go: builders,
// guards, the aggregator, conformance vectors, Traces, streams, key order
// and the reference's API. The package's files are swapped for the
// generated ones with go test -overlay, so that the tests, which import
// the package and internal ones, build in this module as they are.
func TestCanonicalShapedPassesCanonicalTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool on the canonical package's tests")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	s, err := model.LoadData(canonicalschema.Canonical, "", model.LoadOptions{General: true})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(s, Options{Package: "omnimessage"})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := filepath.Abs(filepath.Join(repo, "gen", "go", "omnimessage"))
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := overlay.Package(t, t.TempDir(), pkg, files, nil)
	cmd := exec.Command(goTool, "test", "-count=1", "-overlay", overlayFile, "./gen/go/omnimessage")
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the canonical package's tests on the general path's package: %v\n%s", err, out)
	}
}
