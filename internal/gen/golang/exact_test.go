package golang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// A program compiled with the dialect's rule of integers renders to a
// package that carries exact.go and gives the interpreter's answer, problem
// for problem; without the rule, the package has no exact.go.
func TestExactIntegersRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	schema := []byte(`{"type": "object", "properties": {"n": {"type": ["integer", "null"]}}}`)
	lines := []string{`{"n":1}`, `{"n":1.0}`, `{"n":1e2}`, `{"n":1.5}`, `{"n":1e-400}`, `{"n":1.0000000000000001}`,
		`{"n":9007199254740993}`, `{"n":9223372036854775808}`, `{"n":1e19}`, `{"n":-9007199254740992}`, `{"n":null}`}
	compile := func(exact bool) *model.Schema {
		set := resolve.NewSet(resolve.Options{DefaultDraft: resolve.Draft2020})
		root, err := set.LoadBytes(schema, "urn:exact")
		if err != nil {
			t.Fatal(err)
		}
		s, err := model.Compiled(set, root, "Root", model.CompileOptions{NameRoot: true, ExactIntegers: exact})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	plain, err := Generate(compile(false), Options{Package: "exact"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range plain {
		if f.Path == "exact.go" {
			t.Error("a package without the rule carries exact.go")
		}
	}
	s := compile(true)
	files, err := Generate(s, Options{Package: "main"})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := jsonrt.Interpret(s.Program, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range lines {
		pe := cs.Validate(0, []byte(l))
		if pe == nil {
			want = append(want, "ok")
			continue
		}
		want = append(want, jsonrt.Pointer(pe)+"|"+jsonrt.Keyword(pe)+"|"+jsonrt.Message(pe))
	}
	if !strings.Contains(strings.Join(want, "\n"), "|type|must be null or integer, got number") || !strings.Contains(strings.Join(want, "\n"), "|type|must be an integer in the int64 range") {
		t.Fatalf("the interpreter does not apply the rule: %q", want)
	}
	dir := t.TempDir()
	carries := false
	for _, f := range files {
		carries = carries || f.Path == "exact.go"
		if err := os.WriteFile(filepath.Join(dir, f.Path), f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !carries {
		t.Fatal("the package with the rule does not carry exact.go")
	}
	main := "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tfor _, l := range []string{" +
		`"` + strings.Join(func() []string {
		var q []string
		for _, l := range lines {
			q = append(q, strings.ReplaceAll(l, `"`, `\"`))
		}
		return q
	}(), `", "`) + `"` + "} {\n\t\tvar e *Error\n\t\tif err := Validate([]byte(l)); err == nil {\n\t\t\tfmt.Println(\"ok\")\n\t\t} else if errors.As(err, &e) {\n\t\t\tfmt.Println(e.Pointer + \"|\" + e.Keyword + \"|\" + e.Message)\n\t\t} else {\n\t\t\tfmt.Println(err)\n\t\t}\n\t}\n}\n"
	for name, content := range map[string]string{"main_test_prog.go": main, "go.mod": "module exact\n\ngo 1.24\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the generated Go says\n%s\nthe interpreter\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
