package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/overlay"
	canonicalschema "github.com/omnigen-dev/omnigen/schema"
)

// The canonical schema through the one front end (the shaper, making the
// dialect's choices of types: model/shapes_dialect.go) has the canonical
// package's Go types and x-omnigen API: every exported type, field,
// constant, function and method of types.go, builders.go, guards.go and
// aggregate.go, bodies included, and the methods that seal its unions
// (JSON text is []byte in both: the general emitter holds it so for any
// schema in the dialect). A type, field, kind or builder the two paths
// give differently fails here, declaration by declaration.
func TestCanonicalShapedAPI(t *testing.T) {
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
		return apiDecls(t, files)
	}
	dialect, general := api(false), api(true)
	if len(dialect) < 150 {
		t.Fatalf("%d exported declarations in the dialect's package, want the canonical package's (more than 150)", len(dialect))
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

// Every golden case in the dialect, compiled the general way and rendered
// by the general emitter, against the dialect's package: the exported
// declarations of types.go, builders.go, guards.go and aggregate.go (the
// types and the x-omnigen API) that one has and the other has not, listed in
// testdata/model/dialect-api/<case>.txt (go test ./internal/gen/golang
// -run DialectAPIShaped -update rewrites them). What stands between the
// dialect's schemas and the general path's Go (issue 20) shows there, and
// a change that brings the two closer, or drives them apart, shows in the
// diff. The canonical schema's list is empty (TestCanonicalShapedAPI).
func TestDialectAPIShaped(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, path := range paths {
		name := filepath.Base(filepath.Dir(path))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		dialect, err := model.LoadData(data, path, model.LoadOptions{})
		if err != nil || dialect.Program != nil {
			continue // not in the dialect
		}
		dialectFiles, err := Generate(dialect, Options{Package: "x"})
		if err != nil {
			continue // refused in the dialect
		}
		shaped, err := model.LoadData(data, path, model.LoadOptions{General: true})
		if err != nil {
			t.Errorf("%s: the dialect takes it, the general way refuses it: %v", name, err)
			continue
		}
		shapedFiles, err := Generate(shaped, Options{Package: "x"})
		if err != nil {
			t.Errorf("%s: the dialect's Go emitter takes it, the general one refuses it: %v", name, err)
			continue
		}
		compared++
		got := apiDifferences(apiDecls(t, dialectFiles), apiDecls(t, shapedFiles))
		file := filepath.Join(repo, "testdata", "model", "dialect-api", name+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: %v (run with -update to write it)", name, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s: the two Go APIs differ otherwise than %s says (run with -update to rewrite it):\n%s", name, file, got)
		}
	}
	if compared < 8 {
		t.Fatalf("%d golden cases in the dialect compared, want at least 8", compared)
	}
}

// apiDecls are the exported declarations of a package's types and
// x-omnigen API (types.go, builders.go, guards.go, aggregate.go), sorted.
func apiDecls(t *testing.T, files []gen.File) []string {
	t.Helper()
	var decls []string
	for _, f := range files {
		switch f.Path {
		case "types.go", "builders.go", "guards.go", "aggregate.go":
			decls = append(decls, exportedDecls(t, f.Content)...)
		}
	}
	slices.Sort(decls)
	return decls
}

// apiDifferences lists the declarations only the dialect's package has,
// then those only the general path's has, after a count of each.
func apiDifferences(dialect, shaped []string) string {
	only := func(a, b []string) []string {
		var out []string
		for _, d := range a {
			if _, found := slices.BinarySearch(b, d); !found {
				out = append(out, d)
			}
		}
		return out
	}
	var b strings.Builder
	onlyDialect, onlyShaped := only(dialect, shaped), only(shaped, dialect)
	fmt.Fprintf(&b, "%d exported declarations of types and x-omnigen API in the dialect's package, %d in the general path's; %d only in the dialect's, %d only in the general path's\n",
		len(dialect), len(shaped), len(onlyDialect), len(onlyShaped))
	for _, d := range onlyDialect {
		fmt.Fprintf(&b, "\n--- dialect only\n%s\n", d)
	}
	for _, d := range onlyShaped {
		fmt.Fprintf(&b, "\n+++ general only\n%s\n", d)
	}
	return b.String()
}
