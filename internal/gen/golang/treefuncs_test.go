package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// treeFunc names the value-tree codec's functions in a generated package:
// its readers, writers and the trials of union members.
var treeFunc = regexp.MustCompile(`^(read|write|which)[A-Z]`)

// No golden package carries a value-tree function that nothing in it
// calls, directly or through other such functions (treeFuncs): the
// one-pass codec is the package's codec, the tree only where something
// still reads or writes one. That the package has every function it
// calls, TestGoldenCompiles says.
func TestNoUncalledTreeFuncs(t *testing.T) {
	checked := 0
	for _, dir := range goldenCases(t) {
		files, _ := filepath.Glob(filepath.Join(dir, "go", "*.go"))
		fset := token.NewFileSet()
		declared := map[string]token.Pos{}
		// uses are the names each top-level declaration uses: a tree
		// function's by its name, every other's by "".
		uses := map[string][]string{}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				from := ""
				if fn, ok := decl.(*ast.FuncDecl); ok && treeFunc.MatchString(fn.Name.Name) && filepath.Base(path) == "codec.go" {
					from = fn.Name.Name
					declared[from] = fn.Pos()
				}
				ast.Inspect(decl, func(n ast.Node) bool {
					if fn, ok := n.(*ast.FuncDecl); ok {
						ast.Inspect(fn.Body, func(n ast.Node) bool {
							if id, ok := n.(*ast.Ident); ok {
								uses[from] = append(uses[from], id.Name)
							}
							return true
						})
						return false
					}
					if id, ok := n.(*ast.Ident); ok {
						uses[from] = append(uses[from], id.Name)
					}
					return true
				})
			}
		}
		live := map[string]bool{}
		var visit func(string)
		visit = func(from string) {
			for _, name := range uses[from] {
				if _, ok := declared[name]; ok && !live[name] {
					live[name] = true
					visit(name)
				}
			}
		}
		visit("")
		for name, pos := range declared {
			checked++
			if !live[name] {
				t.Errorf("%s: nothing outside the value-tree codec calls %s", fset.Position(pos), name)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no value-tree function in any golden package: the test checks nothing")
	}
}
