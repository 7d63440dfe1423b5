package regexrt

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// topLevelNames are the names a file declares at the top level.
func topLevelNames(t *testing.T, path string) (names []string, imports []string) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		imports = append(imports, p)
	}
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
	return names, imports
}

// TestRuntimeFile checks what copying regex.go into a generated package
// needs: unexported names, all prefixed, none shared with the JSON runtime,
// and the standard library only.
func TestRuntimeFile(t *testing.T) {
	names, imports := topLevelNames(t, "regex.go")
	entry := map[string]bool{"compileECMA": true, "mustCompileECMA": true, "formatRegex": true}
	for _, n := range names {
		if !strings.HasPrefix(n, "ecma") && !entry[n] {
			t.Errorf("regex.go declares %s: its top-level names must begin with ecma", n)
		}
	}
	for _, want := range []string{"compileECMA", "mustCompileECMA", "formatRegex", "ecmaValidUTF8", "ecmaBMPOnly"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("regex.go does not declare %s", want)
		}
	}
	for _, imp := range imports {
		if strings.Contains(imp, ".") || imp == "unsafe" || imp == "C" || imp == "reflect" {
			t.Errorf("regex.go imports %s: generated code uses the standard library only (no unsafe, cgo or reflect)", imp)
		}
	}
	jsonNames, _ := topLevelNames(t, filepath.Join("..", "jsonrt", "json.go"))
	for _, a := range names {
		for _, b := range jsonNames {
			if a == b {
				t.Errorf("regex.go and jsonrt/json.go both declare %s", a)
			}
		}
	}
	for _, g := range []Guard{GuardUTF8, GuardBMP} {
		found := false
		for _, n := range names {
			found = found || n == g.Func()
		}
		if !found {
			t.Errorf("Guard %v names %s, which regex.go does not declare", g, g.Func())
		}
	}
}

// TestBudget: a catastrophic pattern the machine cannot memoize (a
// back-reference) stops at the budget with ecmaErrBudget, in bounded time;
// matchString says false.
func TestBudget(t *testing.T) {
	re := mustCompileECMA(`^(a|a)+(b)\2$`, true)
	s := strings.Repeat("a", 40) + "c"
	start := time.Now()
	_, err := re.test(s)
	if !errors.Is(err, ecmaErrBudget) {
		t.Fatalf("test: %v, want ecmaErrBudget", err)
	}
	if re.matchString(s) {
		t.Error("matchString past the budget: true")
	}
	// The machine is reusable after a budget error.
	if ok, err := re.test("aabb"); !ok || err != nil {
		t.Errorf("after a budget error: %v %v", ok, err)
	}
	t.Logf("budget reached in %v", time.Since(start))
}

// TestMemoized: what would be exponential in a plain backtracker (and in
// JavaScript) is linear when the program is memoized.
func TestMemoized(t *testing.T) {
	for _, p := range []string{`^(a+)+$`, `^(a|a)*$`, `^([A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*)*$`,
		`^(?!x)(\w+\s?)*$`, `^(a|aa){2,5}b`} {
		re := mustCompileECMA(p, true)
		if !re.memo {
			t.Errorf("%s: not memoized", p)
		}
		for _, s := range []string{strings.Repeat("a", 5000) + "!", strings.Repeat("ab.", 3000) + "\r\n"} {
			if _, err := re.test(s); err != nil {
				t.Errorf("%s on %d characters: %v", p, len(s), err)
			}
		}
	}
}

// TestDeep: nesting is bounded at parse time, and long strings run on the
// machine's own stack, never the goroutine's.
func TestDeep(t *testing.T) {
	deep := strings.Repeat("(", 10000) + strings.Repeat(")", 10000)
	if _, err := compileECMA(deep, true); err == nil || !strings.Contains(err.Error(), "nest") {
		t.Errorf("10000 nested groups: %v", err)
	}
	if _, err := Analyze(deep); err == nil {
		t.Error("Analyze accepts 10000 nested groups")
	}
	ok := strings.Repeat("(", 499) + "a" + strings.Repeat(")", 499)
	if _, err := compileECMA(ok, true); err != nil {
		t.Errorf("499 nested groups: %v", err)
	}
	for _, p := range []string{`^(?:a|b)*c$`, `^(?:(a)|b)*c$`, `^(?:ab)*?c$`, `(?<=(?:a|b)*)c$`, `^(?:a|b|){1,}c$`} {
		n := 100000
		if p == `^(?:a|b)*c$` {
			n = 1000000
		}
		if ok, err := mustCompileECMA(p, true).test(strings.Repeat("ab", n/2) + "c"); !ok || err != nil {
			t.Errorf("%s on %d characters: %v %v", p, n, ok, err)
		}
	}
}
