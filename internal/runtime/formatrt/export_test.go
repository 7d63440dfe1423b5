package formatrt

import (
	"go/parser"
	"go/token"
	"os"
	"sort"
	"testing"
)

// Funcs and Names list every format format.go checks, under the names of
// its functions, and Check finds each.
func TestExportedNames(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "format.go", mustRead(t, "format.go"), 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, obj := range f.Scope.Objects {
		declared[obj.Name] = true
	}
	var names []string
	for name, fn := range Funcs {
		names = append(names, name)
		if !declared[fn] {
			t.Errorf("Funcs[%q] = %s, which format.go does not declare", name, fn)
		}
		if Check(name) == nil {
			t.Errorf("Check(%q) is nil", name)
		}
	}
	sort.Strings(names)
	if len(names) != len(Names) {
		t.Errorf("Funcs has %d formats, Names %d", len(names), len(Names))
	}
	for i := range names {
		if i < len(Names) && names[i] != Names[i] {
			t.Errorf("Names[%d] = %q, Funcs has %q", i, Names[i], names[i])
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
