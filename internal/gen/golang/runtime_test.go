package golang

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// The runtime sources are written out without formatting (formatRuntime), so
// each must be exactly what gofmt writes, with the generated header too.
func TestRuntimeSourcesAreFormatted(t *testing.T) {
	for name, src := range runtimeSources() {
		got, err := formatRuntime(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := format.Source([]byte(gen.Header + "\n\n" + src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != string(want) {
			t.Errorf("%s is not gofmt-clean with the generated header: run gofmt -w on it", name)
		}
	}
}

// declaredNames reads lines; go/parser is the judge of what a source declares.
func TestDeclaredNamesAgreesWithTheParser(t *testing.T) {
	for name, src := range runtimeSources() {
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					want = append(want, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						want = append(want, s.Name.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							want = append(want, n.Name)
						}
					}
				}
			}
		}
		if got := declaredNames(src); !slices.Equal(got, want) {
			t.Errorf("%s: declaredNames gives %v\nthe parser %v", name, got, want)
		}
		if len(want) == 0 {
			t.Errorf("%s declares nothing: the test reads the wrong source", name)
		}
	}
}

// runtimeSources are the embedded runtime sources, by their path under
// internal/runtime.
func runtimeSources() map[string]string {
	return map[string]string{
		"jsonrt/json.go":     runtimeSource,
		"jsonrt/check.go":    checkRuntimeSource,
		"jsonrt/ordered.go":  orderedRuntimeSource,
		"jsonrt/shape.go":    shapeRuntimeSource,
		"jsonrt/members.go":  membersRuntimeSource,
		"regexrt/regex.go":   regexRuntimeSource,
		"formatrt/format.go": formatRuntimeSource,
		"streamrt/stream.go": streamSource,
	}
}
