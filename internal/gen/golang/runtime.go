package golang

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"regexp"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// runtimeSource is the schema-independent JSON runtime every generated
// package carries as json.go. It is a real package (jsonrt) so that it is
// compiled and tested on its own.
//
//go:embed jsonrt/json.go
var runtimeSource string

// streamSource is the JSON Lines runtime every generated package carries as
// stream.go: a Decoder and an Encoder of the root type, which it calls Root.
// It is a real package (streamrt) with stand-ins for the root type and the
// entry points, so that it is compiled and tested on its own.
//
//go:embed streamrt/stream.go
var streamSource string

// rootWord is the stand-in root type's name in streamSource, in code and
// comments ("Roots" too).
var rootWord = regexp.MustCompile(`\bRoot(s?)\b`)

// streamFile is the JSON Lines runtime as a file of package pkg, for the
// root type named root.
func streamFile(pkg, root string) ([]byte, error) {
	src := strings.Replace(streamSource, "package streamrt\n", "package "+pkg+"\n", 1)
	src = rootWord.ReplaceAllString(src, root+"$1")
	out, err := format.Source([]byte(gen.Header + "\n\n" + src))
	if err != nil {
		return nil, fmt.Errorf("format stream.go: %w", err)
	}
	return out, nil
}

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
	var names []string
	names = append(names, declaredNames("json.go", runtimeSource)...)
	names = append(names, declaredNames("stream.go", streamSource)...)
	return names
}

// declaredNames lists the top-level names that the Go source src declares.
func declaredNames(file, src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution)
	if err != nil {
		panic("golang: the embedded runtime " + file + " does not parse: " + err.Error())
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
