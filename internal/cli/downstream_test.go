package cli

// The downstream story of the README and issue 6, tested the way a
// downstream repository lives it. These tests sit in internal/cli, beside
// the command tests, because what they test is the CLI as others run it:
// omnigen validate --schema and omnigen generate --schema on a downstream
// schema (in process), and go:generate directives that go run cmd/omnigen in
// a module of its own (out of process, with the real go tool).
//
// The fixtures are in testdata/downstream: schema.json references the
// canonical schema by its $id and adds a task_finished event through the
// $dynamicAnchor EventPayload extension point (as the golden case
// testdata/gen/go-downstream does, whose go/downstream_test.go covers the
// generated Go API: builders, guards, rejection under model_msg);
// trace.jsonl is a Trace that uses it; module/ holds the hand-written files
// of the downstream module.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The downstream schema validates a Trace that uses task_finished; the
// canonical schema does not know it, and the extension's own rules apply.
func TestDownstreamSchemaValidates(t *testing.T) {
	t.Chdir(checkoutRoot(t))
	const schema, trace = "testdata/downstream/schema.json", "testdata/downstream/trace.jsonl"
	code, stdout, stderr := run(t, "", "validate", "--schema", schema, "--profile", "trace", trace)
	if code != ExitOK || stdout != "" || !strings.Contains(stderr, "25 lines in 1 file: 25 valid, 0 invalid") {
		t.Errorf("with the downstream schema: exit code %d, stdout %q, stderr %q; want every line valid", code, stdout, stderr)
	}

	code, stdout, _ = run(t, "", "validate", "--profile", "trace", trace)
	var found []string
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if m := regexp.MustCompile(`^testdata/downstream/trace\.jsonl:(\d+): /payload/type: unknown type "task_finished"`).FindStringSubmatch(line); m != nil {
			found = append(found, m[1])
		} else {
			t.Errorf("canonical schema: unexpected finding %q", line)
		}
	}
	if code != ExitFailed || strings.Join(found, ",") != "13,21,25" {
		t.Errorf("canonical schema: exit code %d, task_finished rejected on lines %v; want 1 and lines 13, 21, 25\n%s", code, found, stdout)
	}

	const ok = `{"timestamp":"2026-07-19T09:00:08.080Z","type":"event_msg","payload":{"type":"task_finished","outcome":"achieved","rounds":2,"tokens_used":4482}}`
	for _, c := range []struct{ from, to, pointer string }{
		{`"outcome":"achieved"`, `"outcome":"won"`, "/payload/outcome"},
		{`"rounds":2`, `"rounds":-1`, "/payload/rounds"},
		{`"tokens_used":4482`, `"tokens_used":4482.5`, "/payload/tokens_used"},
		{`,"tokens_used":4482`, ``, "/payload/tokens_used"},
		{`"rounds":2`, `"rounds":2,"task":"ship it"`, "/payload/task"},
		{`"type":"event_msg"`, `"type":"model_msg"`, "/payload/type"},
	} {
		line := strings.Replace(ok, c.from, c.to, 1) + "\n"
		code, stdout, _ := run(t, line, "validate", "--schema", schema, "-")
		if code != ExitFailed || !strings.HasPrefix(stdout, "<stdin>:1: "+c.pointer+":") {
			t.Errorf("%s: exit code %d, stdout %q; want 1 naming %s", c.to, code, stdout, c.pointer)
		}
	}
	if code, stdout, _ := run(t, ok+"\n", "validate", "--schema", schema, "-"); code != ExitOK {
		t.Errorf("the unedited task_finished line: exit code %d, stdout %q", code, stdout)
	}
}

// generate --schema on the downstream schema gives TypeScript whose event
// union, envelope and runtime check include task_finished; with the
// TypeScript toolchain of gen/ts installed (make setup), a program using the
// module type-checks and runs. The Go side is compiled and run by
// TestDownstreamModule.
func TestDownstreamSchemaGeneratesTypeScript(t *testing.T) {
	root := checkoutRoot(t)
	dir := t.TempDir()
	code, _, stderr := generateIn(t, dir, "--schema", filepath.Join(root, "testdata", "downstream", "schema.json"),
		"--go-out", "tasks", "--ts-out", "ts")
	if code != ExitOK {
		t.Fatalf("exit code %d, stderr %q", code, stderr)
	}
	for file, wants := range map[string][]string{
		"ts/src/types.ts": {
			"export type TaskEventPayload = EventPayload | TaskFinishedPayload;\n",
			"export type OmniPayload = SessionMetaPayload | ModelPayload | TaskEventPayload;\n",
			"      : P extends TaskEventPayload\n        ? { type: \"event_msg\"; payload: P }\n",
			"export type TaskOutcome = \"achieved\" | \"abandoned\" | \"failed\";\n",
			"export type EventMessage = OmniMessage<TaskEventPayload>;\n",
			"export interface TaskFinishedPayload {\n  /** The payload type: task_finished. */\n  type: \"task_finished\";\n" +
				"  /** How the task ended. */\n  outcome: TaskOutcome;\n",
			"  rounds: number;\n", "  tokens_used: number;\n",
		},
		"ts/src/validate.ts": {"function checkTaskFinishedPayload(\n", "const oneOfTaskEventPayload = [checkEventPayload, checkTaskFinishedPayload];\n"},
		"ts/src/guards.ts":   {"export function isEventMessage(msg: OmniMessage): msg is EventMessage {\n"},
		"tasks/types.go":     {"type TaskFinishedPayload struct {\n", "func (*TaskFinishedPayload) isTaskEventPayload() "},
	} {
		content := readFile(t, filepath.Join(dir, file))
		for _, want := range wants {
			if !strings.Contains(content, want) {
				t.Errorf("%s lacks\n%s", file, want)
			}
		}
	}

	tsc := filepath.Join(root, "gen", "ts", "node_modules", ".bin", "tsc")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(tsc); serr != nil || err != nil {
		t.Skip("no TypeScript toolchain in gen/ts/node_modules (make setup installs it) or no node: the generated TypeScript is not compiled")
	}
	writeFile(t, filepath.Join(dir, "ts", "package.json"), `{"type": "module"}`+"\n")
	writeFile(t, filepath.Join(dir, "ts", "tsconfig.json"), `{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022"], "module": "ES2022", "moduleResolution": "Bundler",
    "types": [], "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
    "verbatimModuleSyntax": true, "skipLibCheck": true, "rootDir": ".", "outDir": "dist"
  },
  "include": ["src", "check.ts"]
}
`)
	writeFile(t, filepath.Join(dir, "ts", "check.ts"), `import {
  isEventMessage,
  parseOmniMessage,
  validateOmniMessage,
  type TaskEventPayload,
  type TaskFinishedPayload,
  type OmniMessage,
} from "./src/index.js";

declare const console: { log(...args: unknown[]): void };

const line =
  '{"timestamp":"2026-07-19T09:00:08.080Z","type":"event_msg","payload":{"type":"task_finished","outcome":"achieved","rounds":2,"tokens_used":4482}}';
const msg: OmniMessage = parseOmniMessage(line);
if (isEventMessage(msg) && msg.payload.type === "task_finished") {
  // The event union narrows to the downstream payload.
  const task: TaskFinishedPayload = msg.payload;
  console.log(task.outcome, task.rounds + task.tokens_used, JSON.stringify(msg) === line);
}
const failed: TaskEventPayload = { type: "task_finished", outcome: "failed", rounds: 0, tokens_used: 0 };
const message: OmniMessage<TaskFinishedPayload> = { timestamp: "2026-07-19T09:00:09.000Z", type: "event_msg", payload: failed };
// @ts-expect-error: "won" is not a TaskOutcome.
const won: TaskFinishedPayload = { type: "task_finished", outcome: "won", rounds: 0, tokens_used: 0 };
console.log(validateOmniMessage(message) === undefined, validateOmniMessage({ ...message, payload: won })?.pointer);
`)
	for _, args := range [][]string{{tsc, "-p", "."}, {node, "dist/check.js"}} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = filepath.Join(dir, "ts")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(args[0]), err, out)
		}
		if want := "achieved 4484 true\ntrue /payload/outcome\n"; args[0] == node && string(out) != want {
			t.Errorf("node printed %q, want %q", out, want)
		}
	}
}

// goMod is the downstream module's go.mod before the README's steps: the
// module and a replace of omnigen by this checkout, which stands for the
// version "go get -tool" asks for.
const goMod = `module example.com/downstream

go 1.24

replace github.com/omnigen-dev/omnigen => %q
`

// TestDownstreamModule does what README.md's downstream section shows, step
// by step, in a new module (testdata/downstream/module, with omnigen
// replaced by this checkout): go get -tool, go mod tidy, go generate (the
// tasks package from the module's omnigen.yaml, the trace package from the
// canonical schema by its $id), go build and go vet; then a program reads
// Traces with each generated package's Decoder and writes them back with its
// Encoder byte for byte, one of them with a 64 MB line and a torn last line;
// and go tool omnigen generate --check runs as the downstream CI would.
//
// It runs offline: GOPROXY=off, and go.sum is this module's (the downstream
// needs a subset of its modules), so the module cache that go mod download
// filled for this repository (make setup) is enough.
func TestDownstreamModule(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the downstream module test, which runs go get -tool, go mod tidy, go generate, go build, go vet and go run in a temporary module")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	root := checkoutRoot(t)
	mod := t.TempDir()
	copyTree(t, filepath.Join(root, "testdata", "downstream", "module"), mod)
	for from, to := range map[string]string{
		"go.sum":                          "go.sum",
		"testdata/downstream/schema.json": "schema/tasks.schema.json",
		"testdata/downstream/trace.jsonl": "testdata/tasks.jsonl",
		"testdata/traces/realistic.jsonl": "testdata/realistic.jsonl",
	} {
		writeFile(t, filepath.Join(mod, to), readFile(t, filepath.Join(root, filepath.FromSlash(from))))
	}
	writeFile(t, filepath.Join(mod, "go.mod"), fmt.Sprintf(goMod, filepath.ToSlash(root)))

	env := append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local",
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	goRun := func(args ...string) (stdout, stderr string, err error) {
		t.Helper()
		start := time.Now()
		cmd := exec.Command(goTool, args...)
		cmd.Dir, cmd.Env = mod, env
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		t.Logf("go %s: %.1fs", strings.Join(args, " "), time.Since(start).Seconds())
		return out.String(), errOut.String(), err
	}
	must := func(args ...string) string {
		t.Helper()
		stdout, stderr, err := goRun(args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, stdout, stderr)
		}
		return stdout
	}

	// README.md: go get -tool …/cmd/omnigen@VERSION, then go mod tidy.
	must("get", "-tool", "github.com/omnigen-dev/omnigen/cmd/omnigen@v0.0.0")
	// go mod tidy also wants the modules that the tests of omnigen's
	// dependencies import (dlclark/regexp2, for jsonschema's tests), which
	// go mod download does not fetch: offline on a fresh machine it cannot
	// find them, even in this repository. -e lets it finish without them;
	// nothing here builds them, and the steps below check what tidy wrote.
	must("mod", "tidy", "-e")
	goModText := readFile(t, filepath.Join(mod, "go.mod"))
	for _, want := range []string{"\ntool github.com/omnigen-dev/omnigen/cmd/omnigen\n", "github.com/omnigen-dev/omnigen v0.0.0"} {
		if !strings.Contains(goModText, want) {
			t.Errorf("go.mod after go get -tool and go mod tidy lacks %q:\n%s", want, goModText)
		}
	}
	if got := must("tool", "omnigen", "--version"); !strings.HasPrefix(got, "omnigen v0.0.0 ") {
		t.Errorf("go tool omnigen --version printed %q", got)
	}
	must("generate", "./...")
	for _, pkg := range []string{"trace", "tasks"} {
		if !strings.Contains(readFile(t, filepath.Join(mod, pkg, "types.go")), "\npackage "+pkg+"\n") {
			t.Errorf("go generate did not write %s/types.go in package %s", pkg, pkg)
		}
	}
	if !strings.Contains(readFile(t, filepath.Join(mod, "tasks", "types.go")), "type TaskFinishedPayload struct {") {
		t.Error("tasks/types.go, generated from omnigen.yaml's schema, lacks TaskFinishedPayload")
	}
	must("build", "./...")
	must("vet", "./...")

	// The canonical package reads a real Trace, every line back byte for byte.
	got := must("run", ".", "trace", "testdata/realistic.jsonl")
	total, counts := traceCounts(t, filepath.Join(mod, "testdata", "realistic.jsonl"))
	checkSummary(t, got, "testdata/realistic.jsonl", total, counts, "")

	// The same Trace with a 64 MB line (a tool output with one image) and a
	// torn last line: no line-length limit, the torn line told apart.
	big := filepath.Join(mod, "testdata", "big.jsonl")
	image := "data:image/png;base64," + strings.Repeat("iVBORw0K", 8<<20)
	bigLine := `{"timestamp":"2026-07-18T03:10:30.000Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"a screenshot","images":["` + image + `"],"tool_call_id":"call_big","stop_reason":"completed"}}` + "\n"
	torn := `{"timestamp":"2026-07-18T03:10:31.000Z","type":"model_msg","payload":{"type":"text","ro`
	writeFile(t, big, readFile(t, filepath.Join(mod, "testdata", "realistic.jsonl"))+bigLine+torn)
	got = must("run", ".", "trace", "testdata/big.jsonl")
	counts["model_msg ToolCallOutputPayload"]++
	checkSummary(t, got, "testdata/big.jsonl", total+1, counts, fmt.Sprintf("testdata/big.jsonl:%d: torn last line ignored\n", total+2))
	if len(bigLine) < 64<<20 {
		t.Fatalf("the long line is %d bytes, want at least 64 MB", len(bigLine))
	}

	// The downstream package decodes task_finished as TaskFinishedPayload.
	got = must("run", ".", "tasks", "testdata/tasks.jsonl")
	if want := `testdata/tasks.jsonl: 25 messages, each re-marshalled byte for byte
    1 event_msg ApprovalDecisionPayload
    4 event_msg RequestBeginPayload
    4 event_msg RequestEndPayload
    3 event_msg TaskFinishedPayload
    3 event_msg TokenUsagePayload
    6 model_msg TextPayload
    1 model_msg ThinkingPayload
    1 model_msg ToolCallOutputPayload
    1 model_msg ToolCallPayload
    1 session_meta SessionMetaPayload
tasks: 1 achieved, 1 abandoned, 1 failed; 4 rounds, 6882 tokens
`; got != want {
		t.Errorf("go run . tasks testdata/tasks.jsonl printed\n%s\nwant\n%s", got, want)
	}
	// The canonical package does not know task_finished.
	_, stderr, err := goRun("run", ".", "trace", "testdata/tasks.jsonl")
	if want := `testdata/tasks.jsonl:line 13: /payload/type: unknown type "task_finished"`; err == nil || !strings.Contains(stderr, want) {
		t.Errorf("go run . trace testdata/tasks.jsonl: %v, stderr %q; want it to fail with %q", err, stderr, want)
	}
	// The downstream CI gate, with no flags: omnigen.yaml says what to check.
	must("tool", "omnigen", "generate", "--check")
	writeFile(t, filepath.Join(mod, "schema", "tasks.schema.json"),
		strings.Replace(readFile(t, filepath.Join(mod, "schema", "tasks.schema.json")), `"abandoned"`, `"abandoned", "postponed"`, 1))
	if stdout, _, err := goRun("tool", "omnigen", "generate", "--check"); err == nil || !strings.Contains(stdout, "+\tTaskOutcomePostponed") {
		t.Errorf("generate --check after a schema edit: %v; want exit 1 and a diff adding TaskOutcomePostponed:\n%.2000s", err, stdout)
	}
}

// checkSummary checks what the downstream program printed for file: the
// count of messages, the count of each kind, and then tail.
func checkSummary(t *testing.T, got, file string, total int, counts map[string]int, tail string) {
	t.Helper()
	head, rest, _ := strings.Cut(got, "\n")
	if want := fmt.Sprintf("%s: %d messages, each re-marshalled byte for byte", file, total); head != want {
		t.Errorf("go run . trace %s printed %q first, want %q", file, head, want)
	}
	if !strings.HasSuffix(rest, tail) {
		t.Errorf("go run . trace %s printed\n%s\nwant it to end with %q", file, rest, tail)
	}
	rest = strings.TrimSuffix(rest, tail)
	printed := map[string]int{}
	for _, line := range strings.Split(strings.TrimSuffix(rest, "\n"), "\n") {
		var n int
		var typ, payload string
		if _, err := fmt.Sscanf(line, "%d %s %s", &n, &typ, &payload); err != nil {
			t.Errorf("go run . trace %s printed %q: %v", file, line, err)
		}
		printed[typ+" "+payload] = n
	}
	if !reflect.DeepEqual(printed, counts) {
		t.Errorf("go run . trace %s counted\n%v\nwant\n%v", file, printed, counts)
	}
}

// traceCounts counts the messages of a Trace by their type and payload type,
// without the generated code, the payload type spelled as its Go type is
// (tool_call_output: ToolCallOutputPayload, image_url: ImageURLPayload).
func traceCounts(t *testing.T, path string) (total int, counts map[string]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	goNames := map[string]string{"image_url": "ImageURLPayload"}
	counts = map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		total++
		var m struct {
			Type    string `json:"type"`
			Payload struct {
				Type string `json:"type"`
			} `json:"payload"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		tag := m.Payload.Type
		if tag == "" {
			tag = m.Type
		}
		name, ok := goNames[tag]
		if !ok {
			for _, word := range strings.Split(tag, "_") {
				name += strings.ToUpper(word[:1]) + word[1:]
			}
			name += "Payload"
		}
		counts[m.Type+" "+name]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return total, counts
}

// copyTree copies the files under from to the directory to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		writeFile(t, filepath.Join(to, rel), readFile(t, path))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
