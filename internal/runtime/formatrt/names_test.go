package formatrt

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/testutil/tsrun"
)

// runtimeName is what a top-level name of the runtime may be: it is copied
// into generated code, whose own names never start so.
var runtimeName = regexp.MustCompile(`^(checkFormat|format[A-Z]\w*|fmt[A-Z]\w*)$`)

// TestGoRuntimeCopyable checks what copying format.go into a generated
// package needs: unexported, prefixed top-level names, imports from the
// standard library, and nothing that runs at init (constants and functions
// only).
func TestGoRuntimeCopyable(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), goRuntimeFile, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") || path == "unsafe" {
			t.Errorf("import %q: the runtime uses the standard library only, and not unsafe", path)
		}
	}
	check := func(name string) {
		if !runtimeName.MatchString(name) {
			t.Errorf("top-level name %s: want checkFormat or a name starting with format or fmt", name)
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil || d.Name.Name == "init" {
				t.Errorf("func %s: no methods or init in the runtime", d.Name.Name)
			}
			check(d.Name.Name)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					check(s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						check(n.Name)
						if d.Tok != token.CONST {
							t.Errorf("var %s: only constants at package level (no init-time work)", n.Name)
						}
					}
				}
			}
		}
	}
}

// TestTypeScriptRuntimeCopyable checks the same of format.ts: every
// top-level declaration is a prefixed function or const, none exported, no
// import; and the file is formatted as prettier formats it.
func TestTypeScriptRuntimeCopyable(t *testing.T) {
	src, err := os.ReadFile(tsRuntimeFile)
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`^(function|const) (\w+)`)
	n := 0
	for i, line := range strings.Split(string(src), "\n") {
		if line == "" || line[0] == ' ' || line[0] == '}' || line[0] == ')' ||
			strings.HasPrefix(line, "//") || strings.HasPrefix(line, "/*") || strings.HasPrefix(line, " *") {
			continue
		}
		m := decl.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s:%d: want a top-level function or const, got %q", tsRuntimeFile, i+1, line)
			continue
		}
		n++
		if !runtimeName.MatchString(m[2]) {
			t.Errorf("%s:%d: top-level name %s: want checkFormat or a name starting with format or fmt", tsRuntimeFile, i+1, m[2])
		}
	}
	if n < 20 {
		t.Errorf("%s: only %d top-level declarations found", tsRuntimeFile, n)
	}
	tc, err := tsrun.Find()
	if err != nil {
		t.Skip("prettier check skipped: " + err.Error())
	}
	if err := tc.PrettierCheck(tsRuntimeFile); err != nil {
		t.Error(err)
	}
}
