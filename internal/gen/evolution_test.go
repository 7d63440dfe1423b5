package gen_test

// The protocol evolves by editing the schema alone. These tests edit a copy
// of the canonical schema the way the protocol grows, regenerate, and run
// real code against what comes out:
//
//   - TestEvolutionKeepsCallers makes additive edits (a new optional param
//     on a builder that had none and on one that had some, a new optional
//     property, a new payload type with its builder, a new enum value) and
//     compiles and runs the repository's existing callers unchanged against
//     the regenerated code: the tests and examples of gen/go/omnimessage
//     (with the Go tool's -overlay, which puts the new generated files and
//     the new schema in place of the committed ones without touching the
//     checkout), go vet of every package that imports it, and gen/ts's
//     tests.
//   - TestEvolutionVocabulary uses the options object and omitWhen, and
//     checks what the Go and TypeScript builders write, byte for byte,
//     against the expected JSON.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
	"github.com/omnigen-dev/omnigen/internal/testutil/jsondoc"
	"github.com/omnigen-dev/omnigen/internal/testutil/overlay"
	"github.com/omnigen-dev/omnigen/schema"
)

// repo is the repository root, from this package's directory.
var repo = func() string {
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		panic(err)
	}
	return abs
}()

// evolve returns the canonical schema after edit, and its model.
func evolve(t *testing.T, edit func(defs *jsondoc.Object)) ([]byte, *model.Schema) {
	t.Helper()
	v, err := jsondoc.Decode(schema.Canonical)
	if err != nil {
		t.Fatal(err)
	}
	doc := v.(*jsondoc.Object)
	edit(doc.Obj("$defs"))
	data := jsondoc.Encode(doc)
	s, err := model.Build(data, "")
	if err != nil {
		t.Fatalf("the evolved schema does not build: %v\n%s", err, data)
	}
	return data, s
}

// addParam appends a param to the builder of def named builder (in its
// "params", or its "options" when key says so).
func addParam(defs *jsondoc.Object, def, builder, key string, param *jsondoc.Object) {
	for _, b := range defs.Obj(def, "x-omnigen").Arr("builders") {
		b := b.(*jsondoc.Object)
		if b.Get("name") == builder {
			list, _ := b.Get(key).([]any)
			b.Set(key, append(list, param))
			return
		}
	}
	panic("no builder " + builder)
}

// additive is the first set of edits: nothing a reader or a caller of the
// current generated code could notice.
func additive(defs *jsondoc.Object) {
	// A new optional property, filled by a new optional param of a builder
	// that has optional params (textMessage) and of one that has none
	// (userText).
	defs.Obj("TextPayload", "properties").Set("sender", jsondoc.New("type", "string", "description", "Who sent it, when not the role's usual sender."))
	addParam(defs, "TextPayload", "textMessage", "params", jsondoc.New("name", "sender", "field", "sender", "optional", true))
	addParam(defs, "TextPayload", "userText", "params", jsondoc.New("name", "fidelity", "field", "fidelity", "omitEmpty", true))
	// A new enum value.
	e := defs.Obj("ApprovalDecision")
	e.Set("enum", append(e.Arr("enum"), "escalate"))
	// A new payload type with its builder, in the event union.
	defs.Set("NotePayload", jsondoc.New(
		"description", "A note the user pinned to the session.",
		"type", "object",
		"properties", jsondoc.New(
			"type", jsondoc.New("const", "note", "description", "The payload type: note."),
			"text", jsondoc.New("type", "string", "description", "The note."),
			"pinned", jsondoc.New("type", "boolean", "description", "Whether it stays on top."),
		),
		"required", []any{"type", "text"},
		"additionalProperties", false,
		"x-omnigen", jsondoc.New("builders", []any{jsondoc.New(
			"name", "note",
			"description", "Builds a note event.",
			"params", []any{jsondoc.New("name", "text", "field", "text"), jsondoc.New("name", "pinned", "field", "pinned", "optional", true)},
		)}),
	))
	u := defs.Obj("EventPayload")
	u.Set("oneOf", append(u.Arr("oneOf"), jsondoc.New("$ref", "#/$defs/NotePayload")))
}

func TestEvolutionKeepsCallers(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the evolution test, which compiles and runs the Go and TypeScript callers against regenerated code")
	}
	data, s := evolve(t, additive)
	goFiles, err := golang.Generate(s, golang.Options{Package: "omnimessage"})
	if err != nil {
		t.Fatal(err)
	}
	tsFiles, err := typescript.Generate(s, typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The edits show in the generated code: the callers below run against
	// something new.
	for _, want := range []string{"func UserText(text string, opts ...UserTextOptions) Message", "\tSender *string\n", "func Note(text string, opts ...NoteOptions) Message", `ApprovalDecisionEscalate ApprovalDecision = "escalate"`} {
		if !contains(goFiles, want) {
			t.Errorf("the generated Go lacks %q", want)
		}
	}
	for _, want := range []string{"export function userText(\n  text: string,\n  fidelity?: Fidelity,\n)", "  sender?: string,\n", "export function note(text: string, pinned?: boolean)", `"escalate"`} {
		if !contains(tsFiles, want) {
			t.Errorf("the generated TypeScript lacks %q", want)
		}
	}
	t.Run("go", func(t *testing.T) { goCallers(t, data, goFiles) })
	t.Run("typescript", func(t *testing.T) { tsCallers(t, tsFiles) })
}

func contains(files []gen.File, s string) bool {
	for _, f := range files {
		if bytes.Contains(f.Content, []byte(s)) {
			return true
		}
	}
	return false
}

// goCallers builds and vets every package, and runs the tests and examples
// of gen/go/omnimessage, with the evolved schema and its generated package
// overlaid on the committed ones.
func goCallers(t *testing.T, schemaData []byte, files []gen.File) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	overlayFile := overlay.Package(t, t.TempDir(), filepath.Join(repo, "gen", "go", "omnimessage"), files,
		map[string][]byte{filepath.Join(repo, "schema", "omnimessage.schema.json"): schemaData})
	// The packages that import gen/go/omnimessage are vetted (so compiled);
	// its own tests and examples run.
	for _, args := range [][]string{
		{"vet", "./gen/go/omnimessage", "./bench/tracegen", "./internal/validate"},
		{"test", "-count=1", "./gen/go/omnimessage"},
	} {
		args = append([]string{args[0], "-overlay", overlayFile}, args[1:]...)
		cmd := exec.Command(goTool, args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// tsCallers compiles gen/ts's tests, unchanged, against the evolved module
// and runs them, in a copy of gen/ts laid out as in the repository (the
// tests read testdata/ by a relative path).
func tsCallers(t *testing.T, files []gen.File) {
	tsDir := filepath.Join(repo, "gen", "ts")
	tsc := filepath.Join(tsDir, "node_modules", ".bin", "tsc")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(tsc); serr != nil || err != nil {
		t.Skip("no TypeScript toolchain in gen/ts/node_modules (make setup installs it) or no node")
	}
	root := t.TempDir()
	mod := filepath.Join(root, "gen", "ts")
	copyFiles(t, tsDir, mod, "package.json", "tsconfig.json")
	tests, _ := filepath.Glob(filepath.Join(tsDir, "test", "*.ts"))
	for _, path := range tests {
		copyFiles(t, filepath.Dir(path), filepath.Join(mod, "test"), filepath.Base(path))
	}
	for _, f := range files {
		write(t, filepath.Join(mod, f.Path), f.Content)
	}
	for link, target := range map[string]string{
		filepath.Join(mod, "node_modules"): filepath.Join(tsDir, "node_modules"),
		filepath.Join(root, "testdata"):    filepath.Join(repo, "testdata"),
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	run(t, mod, tsc, "-p", ".")
	tests, _ = filepath.Glob(filepath.Join(mod, "build", "test", "*.test.js"))
	if len(tests) == 0 {
		t.Fatal("no compiled tests")
	}
	run(t, mod, node, append([]string{"--test"}, tests...)...)
}

func copyFiles(t *testing.T, from, to string, names ...string) {
	t.Helper()
	for _, name := range names {
		content, err := os.ReadFile(filepath.Join(from, name))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(to, name), content)
	}
}

func write(t *testing.T, path string, content []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs a command in dir and returns its standard output; a failure
// fails the test with everything the command wrote.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "OMNIGEN_UPDATE=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", filepath.Base(name), strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// vocabulary is the second set of edits: a builder with positional params
// and an options object (x-omnigen "options"), params left out for one value
// (omitWhen), and an aggregate that completes through the new builder.
func vocabulary(defs *jsondoc.Object) {
	defs.Obj("TextPayload", "properties").Set("sender", jsondoc.New("type", "string", "description", "Who sent it, when not the user."))
	tp := defs.Obj("TextPayload", "x-omnigen")
	tp.Set("builders", append(tp.Arr("builders"), jsondoc.New(
		"name", "chat",
		"description", "Builds a text message; sender is written only when it is not user.",
		"params", []any{jsondoc.New("name", "role", "field", "role"), jsondoc.New("name", "text", "field", "text")},
		"options", []any{
			jsondoc.New("name", "stopReason", "field", "stop_reason", "default", "completed"),
			jsondoc.New("name", "sender", "field", "sender", "default", "user", "omitWhen", "user"),
			jsondoc.New("name", "fidelity", "field", "fidelity", "omitEmpty", true),
		},
	)))
	defs.Obj("PartialTextPayload", "x-omnigen", "aggregate").Set("into", "chat")
	defs.Set("NotePayload", jsondoc.New(
		"description", "A note.",
		"type", "object",
		"properties", jsondoc.New(
			"type", jsondoc.New("const", "note"),
			"text", jsondoc.New("type", "string"),
			"pinned", jsondoc.New("type", "boolean"),
			"priority", jsondoc.New("type", "integer"),
		),
		"required", []any{"type", "text"},
		"additionalProperties", false,
		"x-omnigen", jsondoc.New("builders", []any{jsondoc.New(
			"name", "note",
			"params", []any{jsondoc.New("name", "text", "field", "text")},
			"options", []any{
				jsondoc.New("name", "pinned", "field", "pinned", "default", false, "omitWhen", false),
				jsondoc.New("name", "priority", "field", "priority", "omitWhen", json.Number("0")),
			},
		)}),
	))
	u := defs.Obj("EventPayload")
	u.Set("oneOf", append(u.Arr("oneOf"), jsondoc.New("$ref", "#/$defs/NotePayload")))
}

// vocabularyCalls are the same calls in Go and TypeScript, and the bytes each
// must write (the timestamp fixed at 2026-07-18T03:10:22.531Z).
var vocabularyCalls = []struct{ goCall, tsCall, want string }{
	{`Chat(RoleUser, "hi")`, `chat("user", "hi")`,
		`"type":"model_msg","payload":{"type":"text","role":"user","text":"hi","stop_reason":"completed"}}`},
	{`Chat(RoleAssistant, "yo", ChatOptions{Sender: &bot})`, `chat("assistant", "yo", { sender: "bot" })`,
		`"type":"model_msg","payload":{"type":"text","role":"assistant","text":"yo","stop_reason":"completed","sender":"bot"}}`},
	{`Chat(RoleAssistant, "yo", ChatOptions{Sender: &user, StopReason: StopReasonAborted, Fidelity: Fidelity(` + "`" + `{"k":1}` + "`" + `)})`,
		`chat("assistant", "yo", { sender: "user", stopReason: "aborted", fidelity: { k: 1 } })`,
		`"type":"model_msg","payload":{"type":"text","role":"assistant","text":"yo","stop_reason":"aborted","fidelity":{"k":1}}}`},
	{`Chat(RoleUser, "", ChatOptions{Fidelity: Fidelity("{}")})`, `chat("user", "", { fidelity: {} })`,
		`"type":"model_msg","payload":{"type":"text","role":"user","text":"","stop_reason":"completed"}}`},
	{`Note("n")`, `note("n")`,
		`"type":"event_msg","payload":{"type":"note","text":"n"}}`},
	{`Note("n", NoteOptions{Pinned: false, Priority: &zero})`, `note("n", { pinned: false, priority: 0 })`,
		`"type":"event_msg","payload":{"type":"note","text":"n"}}`},
	{`Note("n", NoteOptions{Pinned: true, Priority: &two})`, `note("n", { pinned: true, priority: 2 })`,
		`"type":"event_msg","payload":{"type":"note","text":"n","pinned":true,"priority":2}}`},
	{`AggregateAll([]Message{PartialText(StreamEventTypeStart, PartialTextOptions{Text: "a"}), PartialText(StreamEventTypeStop, PartialTextOptions{Text: "b", StopReason: StopReasonTimeout})})[0]`,
		`aggregateAll([partialText("start", "a"), partialText("stop", "b", "timeout")])[0]!`,
		`"type":"model_msg","payload":{"type":"text","role":"assistant","text":"ab","stop_reason":"timeout"}}`},
}

func TestEvolutionVocabulary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the evolution test, which compiles and runs Go and TypeScript")
	}
	_, s := evolve(t, vocabulary)
	const ts = `{"timestamp":"2026-07-18T03:10:22.531Z",`
	var want strings.Builder
	for _, c := range vocabularyCalls {
		want.WriteString(ts + c.want + "\n")
	}
	t.Run("go", func(t *testing.T) {
		goTool, err := exec.LookPath("go")
		if err != nil {
			t.Skip("no go tool on PATH")
		}
		files, err := golang.Generate(s, golang.Options{Package: "evolved"})
		if err != nil {
			t.Fatal(err)
		}
		mod := t.TempDir()
		write(t, filepath.Join(mod, "go.mod"), []byte("module evolved\n\ngo 1.24\n"))
		for _, f := range files {
			write(t, filepath.Join(mod, f.Path), f.Content)
		}
		var main strings.Builder
		main.WriteString("package evolved\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\n// Print writes what each call builds.\nfunc Print() {\n")
		main.WriteString("\tNow = func() time.Time { return time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC) }\n")
		main.WriteString("\tbot, user, zero, two := \"bot\", \"user\", int64(0), int64(2)\n\t_, _, _, _ = bot, user, zero, two\n")
		for _, c := range vocabularyCalls {
			fmt.Fprintf(&main, "\tif b, err := Marshal(%s); err != nil {\n\t\tfmt.Println(err)\n\t} else {\n\t\tfmt.Println(string(b))\n\t}\n", c.goCall)
		}
		main.WriteString("}\n")
		write(t, filepath.Join(mod, "print.go"), []byte(main.String()))
		write(t, filepath.Join(mod, "cmd", "print", "main.go"), []byte("package main\n\nimport \"evolved\"\n\nfunc main() { evolved.Print() }\n"))
		cmd := exec.Command(goTool, "run", "./cmd/print")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go run: %v\n%s", err, out)
		}
		compareLines(t, string(out), want.String())
	})
	t.Run("typescript", func(t *testing.T) {
		tsDir := filepath.Join(repo, "gen", "ts")
		tsc := filepath.Join(tsDir, "node_modules", ".bin", "tsc")
		node, err := exec.LookPath("node")
		if _, serr := os.Stat(tsc); serr != nil || err != nil {
			t.Skip("no TypeScript toolchain in gen/ts/node_modules (make setup installs it) or no node")
		}
		files, err := typescript.Generate(s, typescript.Options{})
		if err != nil {
			t.Fatal(err)
		}
		mod := t.TempDir()
		for _, f := range files {
			write(t, filepath.Join(mod, f.Path), f.Content)
		}
		write(t, filepath.Join(mod, "package.json"), []byte(`{"type": "module"}`+"\n"))
		write(t, filepath.Join(mod, "tsconfig.json"), []byte(`{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022"], "module": "ES2022", "moduleResolution": "Bundler",
    "types": [], "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
    "verbatimModuleSyntax": true, "skipLibCheck": true, "rootDir": ".", "outDir": "dist"
  },
  "include": ["src", "check.ts"]
}
`))
		var check strings.Builder
		check.WriteString("import { aggregateAll, chat, note, partialText, type OmniMessage } from \"./src/index.js\";\n\n")
		check.WriteString("declare const console: { log(...args: unknown[]): void };\n\n")
		check.WriteString("const at = (msg: OmniMessage): string => JSON.stringify({ ...msg, timestamp: \"2026-07-18T03:10:22.531Z\" });\n")
		for _, c := range vocabularyCalls {
			fmt.Fprintf(&check, "console.log(at(%s));\n", c.tsCall)
		}
		write(t, filepath.Join(mod, "check.ts"), []byte(check.String()))
		run(t, mod, tsc, "-p", ".")
		compareLines(t, run(t, mod, node, "dist/check.js"), want.String())
	})
}

func compareLines(t *testing.T, got, want string) {
	t.Helper()
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, gl, wl)
		}
	}
}
