package golang

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// runtimeSource is the schema-independent JSON runtime every generated
// package carries as json.go. It is a real package (jsonrt) so that it is
// compiled and tested on its own.
//
//go:embed jsonrt/json.go
var runtimeSource string

// runtimeFile is the runtime as a file of package pkg.
func runtimeFile(pkg string) ([]byte, error) {
	src := strings.Replace(runtimeSource, "package jsonrt\n", "package "+pkg+"\n", 1)
	out, err := format.Source([]byte(gen.Header + "\n\n" + src))
	if err != nil {
		return nil, fmt.Errorf("format json.go: %w", err)
	}
	return out, nil
}

// runtimeNames lists the top-level names the runtime declares, which the
// generated code must not reuse.
func runtimeNames() []string {
	f, err := parser.ParseFile(token.NewFileSet(), "json.go", runtimeSource, parser.SkipObjectResolution)
	if err != nil {
		panic("golang: the embedded runtime does not parse: " + err.Error())
	}
	var names []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}
