package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/runtime/rtname"
)

// In a directory with an omnigen.yaml, generate and generate --check need
// no flag, find the file from a subdirectory, and flags override it.
func TestGenerateFromConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\ngenerate:\n  go:\n    out: gen/goproto\n    package: proto\n  docs:\n    out: docs\n")
	sub := filepath.Join(dir, "gen", "goproto")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := generateIn(t, sub)
	if code != ExitOK || !strings.Contains(stdout, "wrote types.go\n") || !strings.Contains(stdout, "wrote ../../docs/omnimessage.md\n") {
		t.Fatalf("generate from a subdirectory: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(readFile(t, filepath.Join(sub, "types.go")), "\npackage proto\n") {
		t.Error("generate.go.package was not used")
	}
	if code, stdout, _ := generateIn(t, dir, "--check"); code != ExitOK || stdout != "" {
		t.Errorf("--check in sync: exit %d, %q", code, stdout)
	}
	// An output flag replaces the file's outputs; --go-package its name.
	code, stdout, _ = generateIn(t, dir, "--ts-out", "web")
	if code != ExitOK || strings.Contains(stdout, "gen/goproto") || !strings.Contains(stdout, "wrote web/src/types.ts") {
		t.Errorf("--ts-out: exit %d; want only the TypeScript written\n%s", code, stdout)
	}
	if code, stdout, _ := generateIn(t, dir, "--check", "--go-package", "other"); code != ExitFailed || !strings.Contains(stdout, "+package other") {
		t.Errorf("--go-package over the file's: exit %d\n%.500s", code, stdout)
	}
	// A drifted file, in each format.
	writeFile(t, filepath.Join(sub, "guards.go"), strings.Replace(readFile(t, filepath.Join(sub, "guards.go")), "reports whether", "tells whether", 1))
	code, stdout, _ = generateIn(t, dir, "--check", "--format", "github")
	if want := regexp.MustCompile(`^::error file=gen/goproto/guards\.go,line=\d+,title=omnigen generate --check::gen/goproto/guards\.go is out of sync with the schema: run omnigen generate\n$`); code != ExitFailed || !want.MatchString(stdout) {
		t.Errorf("--format github: exit %d\n%s", code, stdout)
	}
	// Errors are reported in the chosen format too.
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: nope.json\ngenerate:\n  docs:\n    out: docs\n")
	code, stdout, stderr = generateIn(t, dir, "--check", "--format", "json")
	var doc struct {
		Error struct{ Message, File string }
	}
	if code != ExitUsage || json.Unmarshal([]byte(stdout), &doc) != nil || !strings.Contains(doc.Error.Message, "nope.json") || !strings.Contains(stderr, "nope.json") {
		t.Errorf("a missing schema, --format json: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = generateIn(t, dir, "--check", "--format", "github")
	if code != ExitUsage || !strings.HasPrefix(stdout, "::error ") || !strings.Contains(stdout, "title=omnigen generate::") {
		t.Errorf("a missing schema, --format github: exit %d, stdout %q", code, stdout)
	}
	// A malformed file is a usage error naming its line.
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\ngenerate:\n  go:\n    dir: x\n")
	if code, _, stderr := generateIn(t, dir); code != ExitUsage || !strings.Contains(stderr, `omnigen.yaml:4: generate.go: unknown key "dir"`) {
		t.Errorf("a malformed file: exit %d, %q", code, stderr)
	}
	// --config names another file.
	other := filepath.Join(t.TempDir(), "other.yaml")
	writeFile(t, other, "version: 1\ngenerate:\n  ts:\n    out: ts\n")
	if code, stdout, stderr := generateIn(t, dir, "--config", other); code != ExitOK || !strings.Contains(stdout, "ts/src/index.ts") {
		t.Errorf("--config: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(other), "ts", "src", "index.ts")); err != nil {
		t.Errorf("--config: the output is not beside the file: %v", err)
	}
}

// init writes a file that generate reads, and never overwrites one.
func TestInit(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := run(t, "", "init", "--go-out", "gen/omni", "--docs-out", "docs", "--against", "main")
	if code != ExitOK || stdout != "wrote omnigen.yaml\n" {
		t.Fatalf("init: exit %d, %q %q", code, stdout, stderr)
	}
	file := readFile(t, filepath.Join(dir, "omnigen.yaml"))
	for _, want := range []string{"version: 1\n", "# schema: \"https://omnigen.dev/schema/omnimessage.schema.json\"\n", "    out: gen/omni", "  # ts:\n", "  against: main\n", "# ref-map:"} {
		if !strings.Contains(file, want) {
			t.Errorf("omnigen.yaml lacks %q:\n%s", want, file)
		}
	}
	if code, stdout, stderr := run(t, "", "generate"); code != ExitOK || !strings.Contains(stdout, "wrote gen/omni/types.go") || !strings.Contains(stdout, "wrote docs/omnimessage.md") {
		t.Errorf("generate after init: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := run(t, "", "init"); code != ExitUsage || !strings.Contains(stderr, "already exists") {
		t.Errorf("init over a file: exit %d, %q", code, stderr)
	}
	if code, _, _ := run(t, "", "init", "--force", "--go-out", "gen/go"); code != ExitUsage {
		t.Errorf("init with a Go output whose name is a keyword: exit %d, want 2", code)
	}
	if code, _, _ := run(t, "", "init", "--force"); code != ExitOK || !strings.Contains(readFile(t, filepath.Join(dir, "omnigen.yaml")), "# generate:\n") {
		t.Errorf("init --force: exit %d", code)
	}
}

// breaking --against a git ref compares the configured schema at that ref
// with the working tree's, in a repository with two commits.
func TestBreakingAgainstGitRef(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=omnigen", "-c", "user.email=omnigen@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	canonical := readFile(t, filepath.Join(checkoutRoot(t), "schema", "omnimessage.schema.json"))
	schemaFile := filepath.Join(dir, "schema", "proto.schema.json")
	writeFile(t, schemaFile, canonical)
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema/proto.schema.json\nbreaking:\n  against: main\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "v1")
	git("checkout", "-q", "-b", "feature")
	// The second commit is the README's evolved schema: 5 breaking changes,
	// 3 compatible.
	edited := readFile(t, filepath.Join(checkoutRoot(t), "testdata", "breaking", "evolved.schema.json"))
	writeFile(t, schemaFile, edited)
	git("commit", "-q", "-am", "v2")
	sub := filepath.Join(dir, "schema")
	t.Chdir(sub) // the file is found from below, and paths are the repository's

	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"config's against", []string{"breaking"}, ExitFailed, "changes from main:schema/proto.schema.json to proto.schema.json: "},
		{"config's against, wire", []string{"breaking", "--category", "wire"}, ExitFailed, "8 changes from main:schema/proto.schema.json to proto.schema.json: 5 breaking, 3 compatible"},
		{"a ref", []string{"breaking", "--against", "HEAD~1"}, ExitFailed, "PROPERTY_REMOVED"},
		{"buf's form", []string{"breaking", "--against", "../.git#branch=main"}, ExitFailed, "from main:schema/proto.schema.json"},
		{"ref=", []string{"breaking", "--against", "../.git#ref=HEAD"}, ExitOK, "no changes from HEAD:schema/proto.schema.json"},
		{"the same commit", []string{"breaking", "--against", "feature"}, ExitOK, "no changes"},
		{"REF:PATH still", []string{"breaking", "--against", "main:schema/proto.schema.json"}, ExitFailed, "5 breaking"},
	} {
		code, stdout, stderr := run(t, "", c.args...)
		if code != c.code || !strings.Contains(stdout, c.want) {
			t.Errorf("%s: exit %d, want %d and %q\n%s%s", c.name, code, c.code, c.want, stdout, stderr)
		}
	}
	// GitHub annotations at the change's line in the working tree's file.
	code, stdout, _ := run(t, "", "breaking", "--format", "github")
	line := 1 + strings.Count(edited[:strings.Index(edited, `"error_message": {`)], "\n")
	want := "::notice file=proto.schema.json,line=" + strconv.Itoa(line) + ",title=omnigen breaking (PROPERTY_ADDED_OPTIONAL)::#/$defs/RequestEndPayload/properties/error_message: compatible (object widening): "
	if code != ExitFailed || !strings.Contains(stdout, want) || !strings.Contains(stdout, "::error file=proto.schema.json,title=omnigen breaking (PROPERTY_REMOVED)::") {
		t.Errorf("--format github: exit %d\n%s\nwant a line starting %q", code, stdout, want)
	}
	for _, c := range []struct{ against, want string }{
		{"no-such-branch", "--against no-such-branch: no such file, and not a commit of the git repository"},
		{".git#branch=", `"branch=" needs a value`},
		{".git#commit=abc", `unknown key "commit"`},
	} {
		if code, _, stderr := run(t, "", "breaking", "--against", c.against); code != ExitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("--against %s: exit %d, stderr %q; want 2 and %q", c.against, code, stderr, c.want)
		}
	}
}

func TestPointerLine(t *testing.T) {
	doc := []byte("{\n  \"a\": {\n    \"b\": [\n      1,\n      {\"c~/\": 2}\n    ]\n  },\n  \"d\": 3\n}\n")
	for ptr, want := range map[string]int{"#": 1, "#/a": 2, "#/a/b": 3, "#/a/b/0": 4, "#/a/b/1": 5, "#/a/b/1/c~0~1": 5, "#/d": 8, "#/x": 0, "#/a/b/2": 0, "other.json#/a": 0} {
		if got := pointerLine(doc, ptr); got != want {
			t.Errorf("pointerLine(%s) = %d, want %d", ptr, got, want)
		}
	}
}

// validate: --include, the JSON summary, and a missing file in the chosen
// format.
func TestValidateIncludeAndFormats(t *testing.T) {
	dir := t.TempDir()
	line := readFile(t, filepath.Join(checkoutRoot(t), "testdata", "traces", "realistic.jsonl"))
	line = line[:strings.IndexByte(line, '\n')+1]
	writeFile(t, filepath.Join(dir, "a.ndjson"), line)
	writeFile(t, filepath.Join(dir, "sub", "b.jsonl"), line+line)
	code, _, stderr := run(t, "", "validate", "--include", "*.ndjson", dir)
	if code != ExitOK || !strings.Contains(stderr, "1 line in 1 file") {
		t.Errorf("--include *.ndjson: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(t, "", "validate", dir)
	if code != ExitOK || !strings.Contains(stderr, "2 lines in 1 file") {
		t.Errorf("default include: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(t, "", "validate", "--include", "*.none", dir)
	if code != ExitUsage || !strings.Contains(stderr, "no *.none file") {
		t.Errorf("--include matching nothing: exit %d, %q", code, stderr)
	}
	code, stdout, stderr := run(t, "", "validate", "--format", "json", dir)
	var sum struct{ Files, Lines, Valid, Invalid int }
	if code != ExitOK || stdout != "" || json.Unmarshal([]byte(stderr), &sum) != nil || sum.Lines != 2 || sum.Valid != 2 || sum.Files != 1 {
		t.Errorf("--format json summary: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	missing := filepath.Join(dir, "nope.jsonl")
	code, stdout, _ = run(t, "", "validate", "--format", "json", missing)
	var f struct{ File, Rule, Severity string }
	if code != ExitUsage || json.Unmarshal([]byte(stdout), &f) != nil || f.File != missing || f.Rule != "io" || f.Severity != "error" {
		t.Errorf("a missing file, --format json: exit %d, stdout %q", code, stdout)
	}
	code, stdout, _ = run(t, "", "validate", "--format", "github", missing)
	if code != ExitUsage || !strings.HasPrefix(stdout, "::error file="+missing+",title=omnigen validate (io)::") {
		t.Errorf("a missing file, --format github: exit %d, stdout %q", code, stdout)
	}
}

// The small things a new user meets.
func TestHelpVersionAndCompletion(t *testing.T) {
	if code, stdout, _ := run(t, "", "--version"); code != ExitOK || !strings.HasPrefix(stdout, "omnigen ") {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
	_, v, _ := run(t, "", "version")
	if _, stdout, _ := run(t, "", "--version"); stdout != v {
		t.Errorf("--version printed %q, version %q", stdout, v)
	}
	if code, stdout, stderr := run(t, "", "help", "nosuch"); code != ExitUsage || stdout != "" || !strings.Contains(stderr, `unknown help topic "nosuch"`) {
		t.Errorf("help nosuch: exit %d, %q, %q", code, stdout, stderr)
	}
	if code, stdout, _ := run(t, "", "help", "validate"); code != ExitOK || !strings.Contains(stdout, "--include") {
		t.Errorf("help validate: exit %d", code)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "validate", "--profile", ""}, "message\ntrace\nstream\n"},
		{[]string{"__complete", "validate", "--format", ""}, "text\njson\ngithub\n"},
		{[]string{"__complete", "generate", "--format", ""}, "text\njson\ngithub\n"},
	} {
		_, stdout, _ := run(t, "", c.args...)
		if !strings.HasPrefix(stdout, c.want) {
			t.Errorf("%v completed %q, want %q", c.args, stdout, c.want)
		}
	}
}

// The reference is under the drift check: a schema edit that changes it
// fails generate --check with the diff of the page.
func TestDocsDriftAfterSchemaEdit(t *testing.T) {
	dir := t.TempDir()
	canonical := readFile(t, filepath.Join(checkoutRoot(t), "schema", "omnimessage.schema.json"))
	writeFile(t, filepath.Join(dir, "proto.schema.json"), canonical)
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: proto.schema.json\ngenerate:\n  docs:\n    out: docs\n")
	if code, _, stderr := generateIn(t, dir); code != ExitOK {
		t.Fatalf("generate: exit %d, %s", code, stderr)
	}
	if code, stdout, _ := generateIn(t, dir, "--check"); code != ExitOK || stdout != "" {
		t.Fatalf("--check in sync: exit %d\n%s", code, stdout)
	}
	edited := strings.Replace(canonical, `"enum": ["allow", "deny"]`, `"enum": ["allow", "deny", "forbidden"]`, 1)
	if edited == canonical {
		t.Fatal("the schema has no ApprovalDecision enum to edit")
	}
	writeFile(t, filepath.Join(dir, "proto.schema.json"), edited)
	code, stdout, stderr := generateIn(t, dir, "--check")
	if code != ExitFailed || !strings.Contains(stdout, "--- a/docs/omnimessage.md\n") || !strings.Contains(stdout, "+A string, one of: `allow`, `deny`, `forbidden`.\n") {
		t.Errorf("--check after the edit: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}

// validate takes its schema, profile and include from omnigen.yaml; flags
// override them.
func TestValidateFromConfig(t *testing.T) {
	root := checkoutRoot(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), readFile(t, filepath.Join(root, "testdata", "downstream", "schema.json")))
	writeFile(t, filepath.Join(dir, "traces", "tasks.ndjson"), readFile(t, filepath.Join(root, "testdata", "downstream", "trace.jsonl")))
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\nvalidate:\n  profile: trace\n  include: [\"*.ndjson\"]\n")
	t.Chdir(dir)
	if code, stdout, stderr := run(t, "", "validate", "traces"); code != ExitOK || !strings.Contains(stderr, "25 lines in 1 file: 25 valid") {
		t.Errorf("with the file's schema and include: exit %d\n%s%s", code, stdout, stderr)
	}
	// The canonical schema by its $id does not know task_finished.
	code, stdout, _ := run(t, "", "validate", "--quiet", "--schema", "https://omnigen.dev/schema/omnimessage.schema.json", "traces")
	if code != ExitFailed || !strings.Contains(stdout, `unknown type "task_finished"`) {
		t.Errorf("--schema over the file's: exit %d\n%s", code, stdout)
	}
	// The trace profile applies: a partial is not allowed in a Trace.
	partial := `{"timestamp":"2026-07-19T09:00:08.080Z","type":"model_msg","payload":{"type":"partial_text","role":"assistant","event_type":"start","text":""}}` + "\n"
	if code, stdout, _ := run(t, partial, "validate", "--quiet", "-"); code != ExitFailed || !strings.Contains(stdout, "a Trace holds no streaming partials") {
		t.Errorf("the file's profile: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := run(t, partial, "validate", "--quiet", "--profile", "stream", "-"); code != ExitFailed || strings.Contains(stdout, "a Trace") || !strings.Contains(stdout, "segment never stopped") {
		t.Errorf("--profile stream over the file's: exit %d\n%s", code, stdout)
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nvalidate:\n  profile: traces\n")
	if code, _, stderr := run(t, "", "validate", "-"); code != ExitUsage || !strings.Contains(stderr, `omnigen.yaml:3: validate.profile must be one of message, trace, stream, got "traces"`) {
		t.Errorf("a bad profile in the file: exit %d, %q", code, stderr)
	}
}

// omnigen.yaml says how to read the schema: its ref-map resolves a remote
// $ref to a local file, root-name names the root, and assert-formats makes
// format an assertion; flags override it.
func TestGenerateReadsSchemaOptionsFromConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
		"properties": {"item": {"$ref": "https://example.com/schemas/item.json"}, "at": {"type": "string", "format": "date"}}}`)
	writeFile(t, filepath.Join(dir, "third_party", "item.json"), `{"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}`)
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\nref-map:\n  - https://example.com/schemas/=third_party\nroot-name: Order\nassert-formats: true\ngenerate:\n  go:\n    out: order\n")
	t.Chdir(dir)
	if code, _, stderr := run(t, "", "generate"); code != ExitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	types := readFile(t, filepath.Join(dir, "order", "types.go"))
	for _, want := range []string{"type Order struct {", "Item *Item `json:\"item,omitempty\"`\n"} {
		if !strings.Contains(types, want) {
			t.Errorf("order/types.go lacks %q:\n%s", want, types)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "order", "format.go")); err != nil {
		t.Errorf("assert-formats: no format.go: %v", err)
	}
	if code, _, stderr := run(t, "", "generate", "--root-name", "Purchase"); code != ExitOK || !strings.Contains(readFile(t, filepath.Join(dir, "order", "types.go")), "type Purchase struct {") {
		t.Errorf("--root-name over the file's: exit %d\n%s", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "orders.jsonl"), `{"item":{"id":1},"at":"2026-02-30"}`+"\n")
	if code, stdout, _ := run(t, "", "validate", "--quiet", "--schema", "schema.json", "orders.jsonl"); code != ExitFailed || !strings.Contains(stdout, `/at: "2026-02-30" is not a valid date`) {
		t.Errorf("validate with the file's ref-map and assert-formats: exit %d\n%s", code, stdout)
	}
}

// generate.go.tags and --go-tags choose the struct tag keys of the Go
// fields; a key that cannot be one is a usage error naming where it was
// given.
func TestGenerateGoTags(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\ngenerate:\n  go:\n    out: proto\n    tags: [json, yaml]\n")
	if code, stdout, stderr := generateIn(t, dir); code != ExitOK {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	types := readFile(t, filepath.Join(dir, "proto", "types.go"))
	if !strings.Contains(types, "`json:\"timestamp\" yaml:\"timestamp\"`") || !strings.Contains(types, "`json:\"origin,omitempty\" yaml:\"origin,omitempty\"`") {
		t.Errorf("generate.go.tags [json, yaml] did not tag the fields:\n%.2000s", types)
	}
	code, stdout, _ := generateIn(t, dir, "--check", "--go-tags", "json")
	if code != ExitFailed || !strings.Contains(stdout, "+\tTimestamp Timestamp `json:\"timestamp\"`") {
		t.Errorf("--go-tags json over the file's: exit %d\n%.1000s", code, stdout)
	}
	code, stdout, _ = generateIn(t, dir, "--check", "--go-tags=")
	if code != ExitFailed || !strings.Contains(stdout, "+\tTimestamp Timestamp\n") {
		t.Errorf("--go-tags= (none): exit %d\n%.1000s", code, stdout)
	}
	if code, _, stderr := generateIn(t, dir, "--go-tags", "json,a b"); code != ExitUsage || !strings.Contains(stderr, `--go-tags: "a b" is not a struct tag key`) {
		t.Errorf("a bad --go-tags: exit %d, %q", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\ngenerate:\n  go:\n    out: proto\n    tags: [\"json:\"]\n")
	if code, _, stderr := generateIn(t, dir); code != ExitUsage || !strings.Contains(stderr, `omnigen.yaml:5: generate.go.tags: "json:" is not a struct tag key`) {
		t.Errorf("a bad generate.go.tags: exit %d, %q", code, stderr)
	}
}

// generate.go.maps and --go-maps choose how Go holds maps.
func TestGenerateGoMaps(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), `{"type": "object", "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}}}`)
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\ngenerate:\n  go:\n    out: labels\n    maps: native\n")
	if code, stdout, stderr := generateIn(t, dir); code != ExitOK {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	if types := readFile(t, filepath.Join(dir, "labels", "types.go")); !strings.Contains(types, "Labels map[string]string `json:\"labels,omitempty\"`") {
		t.Errorf("generate.go.maps native: no Go map\n%.3000s", types)
	}
	if code, stdout, _ := generateIn(t, dir, "--check", "--go-maps", "ordered"); code != ExitFailed || !strings.Contains(stdout, "+\tLabels *Map[string]") {
		t.Errorf("--go-maps ordered over the file's: exit %d\n%.2000s", code, stdout)
	}
	if code, _, stderr := generateIn(t, dir, "--go-maps", "sorted"); code != ExitUsage || !strings.Contains(stderr, `--go-maps: "sorted" is not a way to hold maps: ordered or native`) {
		t.Errorf("a bad --go-maps: exit %d, %q", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\ngenerate:\n  go:\n    out: labels\n    maps: hash\n")
	if code, _, stderr := generateIn(t, dir); code != ExitUsage || !strings.Contains(stderr, `omnigen.yaml:6: generate.go.maps must be ordered or native, got "hash"`) {
		t.Errorf("a bad generate.go.maps: exit %d, %q", code, stderr)
	}
}

// generate.go.runtime and --go-runtime say where the Go runtime is.
func TestGenerateGoRuntime(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), `{"type": "object", "properties": {"name": {"type": "string", "pattern": "^[a-z]+$"}}}`)
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\ngenerate:\n  go:\n    out: names\n    runtime: import\n")
	if code, stdout, stderr := generateIn(t, dir); code != ExitOK {
		t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	if codec := readFile(t, filepath.Join(dir, "names", "codec.go")); !strings.Contains(codec, `import "github.com/omnigen-dev/omnigen/runtime/omnigenrt"`) ||
		!strings.Contains(codec, fmt.Sprintf("omnigenrt.EnforceVersion(%d - omnigenrt.MinVersion)", rtname.Version)) {
		t.Errorf("generate.go.runtime import: no import of the runtime or no version check\n%.3000s", codec)
	}
	if _, err := os.Stat(filepath.Join(dir, "names", "json.go")); !os.IsNotExist(err) {
		t.Errorf("generate.go.runtime import wrote json.go: %v", err)
	}
	if code, stdout, _ := generateIn(t, dir, "--check", "--go-runtime", "copy"); code != ExitFailed || !strings.Contains(stdout, "json.go") {
		t.Errorf("--go-runtime copy over the file's: exit %d\n%.2000s", code, stdout)
	}
	if code, _, stderr := generateIn(t, dir, "--go-runtime", "shared"); code != ExitUsage || !strings.Contains(stderr, `--go-runtime: "shared" is not a place for the runtime: copy or import`) {
		t.Errorf("a bad --go-runtime: exit %d, %q", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: schema.json\ngenerate:\n  go:\n    out: names\n    runtime: vendor\n")
	if code, _, stderr := generateIn(t, dir); code != ExitUsage || !strings.Contains(stderr, `omnigen.yaml:6: generate.go.runtime must be copy or import, got "vendor"`) {
		t.Errorf("a bad generate.go.runtime: exit %d, %q", code, stderr)
	}
	// The dialect's packages copy the runtime: import is refused, clearly.
	if code, _, stderr := generateIn(t, t.TempDir(), "--go-out", "omnimessage", "--go-runtime", "import"); code != ExitUsage || !strings.Contains(stderr, "generate it with the runtime copy") {
		t.Errorf("--go-runtime import for the canonical schema: exit %d, %q", code, stderr)
	}
}

// format asserts by draft: drafts 4 to 7 assert it, 2019-09 and 2020-12
// do not; --assert-formats and assert-formats in omnigen.yaml say true or
// false for every draft.
func TestAssertFormatsByDraft(t *testing.T) {
	dir := t.TempDir()
	for draft, meta := range map[string]string{"7": "http://json-schema.org/draft-07/schema#", "2020": "https://json-schema.org/draft/2020-12/schema"} {
		writeFile(t, filepath.Join(dir, "d"+draft+".json"), `{"$schema": "`+meta+`", "type": "object", "properties": {"at": {"type": "string", "format": "date"}}}`)
	}
	writeFile(t, filepath.Join(dir, "lines.jsonl"), `{"at":"2026-02-30"}`+"\n")
	t.Chdir(dir)
	for _, c := range []struct {
		schema string
		args   []string
		want   int
	}{
		{"d7.json", nil, ExitFailed},
		{"d2020.json", nil, ExitOK},
		{"d7.json", []string{"--assert-formats=false"}, ExitOK},
		{"d2020.json", []string{"--assert-formats"}, ExitFailed},
		{"d2020.json", []string{"--assert-formats=true"}, ExitFailed},
	} {
		args := append([]string{"validate", "--quiet", "--schema", c.schema}, c.args...)
		if code, stdout, stderr := run(t, "", append(args, "lines.jsonl")...); code != c.want {
			t.Errorf("%v: exit %d, want %d\n%s%s", args, code, c.want, stdout, stderr)
		}
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nassert-formats: false\n")
	if code, stdout, _ := run(t, "", "validate", "--quiet", "--schema", "d7.json", "lines.jsonl"); code != ExitOK {
		t.Errorf("assert-formats: false in omnigen.yaml: exit %d\n%s", code, stdout)
	}
	if code, _, _ := run(t, "", "validate", "--quiet", "--assert-formats", "--schema", "d7.json", "lines.jsonl"); code != ExitFailed {
		t.Errorf("--assert-formats over the file's false: exit %d", code)
	}
}

// Schema files that refer to each other by $id are given together: more
// --schema flags, or schemas: in omnigen.yaml (files or directories); the
// order they come in changes nothing, and without them the reference is
// the clear error it was.
func TestSchemasByID(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "order.json"), `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/schemas/order.json", "type": "object",
		"properties": {"ship": {"$ref": "https://example.com/schemas/address.json"}, "items": {"type": "array", "items": {"$ref": "item.json"}}}}`)
	writeFile(t, filepath.Join(dir, "shared", "address.yaml"), "$id: https://example.com/schemas/address.json\ntitle: Address\ntype: object\nrequired: [street]\nproperties:\n  street: {type: string}\n")
	writeFile(t, filepath.Join(dir, "shared", "nested", "item.json"), `{"$id": "https://example.com/schemas/item.json", "type": "object", "properties": {"sku": {"type": "string"}}}`)
	writeFile(t, filepath.Join(dir, "orders.jsonl"), `{"ship":{"street":"Main"},"items":[{"sku":"a"}]}`+"\n"+`{"ship":{"street":1}}`+"\n")
	t.Chdir(dir)
	if code, _, stderr := run(t, "", "generate", "--schema", "order.json", "--go-out", "out"); code != ExitUsage || !strings.Contains(stderr, "cannot resolve https://example.com/schemas/address.json: omnigen never fetches over the network") {
		t.Errorf("without the other files: exit %d, %q", code, stderr)
	}
	if code, _, stderr := run(t, "", "generate", "--schema", "order.json", "--schema", "shared", "--go-out", "out"); code != ExitOK {
		t.Fatalf("--schema order.json --schema shared: exit %d\n%s", code, stderr)
	}
	first := readFile(t, filepath.Join(dir, "out", "types.go"))
	if !strings.Contains(first, "Ship *Address") || !strings.Contains(first, "Items []Item") {
		t.Errorf("the types of the other files were not used:\n%.3000s", first)
	}
	if code, _, stderr := run(t, "", "generate", "--schema", "order.json", "--schema", "shared/nested/item.json", "--schema", "shared/address.yaml", "--go-out", "out", "--check"); code != ExitOK {
		t.Errorf("the same files, named one by one in another order: exit %d\n%s", code, stderr)
	}
	if code, stdout, _ := run(t, "", "validate", "--quiet", "--schema", "order.json", "--schema", "shared", "orders.jsonl"); code != ExitFailed || !strings.Contains(stdout, "orders.jsonl:2: /ship/street: must be string") {
		t.Errorf("validate with the other files: exit %d\n%s", code, stdout)
	}
	writeFile(t, filepath.Join(dir, "omnigen.yaml"), "version: 1\nschema: order.json\nschemas: [shared]\ngenerate:\n  go:\n    out: out\n")
	if code, _, stderr := run(t, "", "generate", "--check"); code != ExitOK {
		t.Errorf("schemas: in omnigen.yaml: exit %d\n%s", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "shared", "copy.json"), `{"$id": "https://example.com/schemas/item.json"}`)
	if code, _, stderr := run(t, "", "generate", "--check"); code != ExitUsage || !strings.Contains(stderr, `$id "https://example.com/schemas/item.json" is also the $id of`) {
		t.Errorf("two files with one $id: exit %d, %q", code, stderr)
	}
}

// A schema whose x-omnigen annotations (or a reference to the canonical
// schema) ask for the dialect, but whose types the dialect cannot hold, is
// refused at the construct, and the error says what asked for the dialect
// and where: the user sees which annotation to move or drop.
func TestGenerateSaysWhatAskedForTheDialect(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/Thing",
		"$defs": {"Thing": {"type": "object", "properties": {"name": {"type": "string"}, "kind": {"$ref": "#/$defs/Kind"}},
			"x-omnigen": {"names": {"go": "Thing"}, "builders": [{"name": "makeThing", "params": [{"name": "name", "field": "name"}]}]}},
			"Kind": {"type": "string", "x-omnigen": {"names": {"go": "Thing"}}}}}`)
	code, _, stderr := generateIn(t, dir, "--schema", "schema.json", "--go-out", "thing")
	if code != ExitUsage || !strings.Contains(stderr, `go: schema.json:4:61: #/$defs/Kind/x-omnigen/names/go: the Go name Thing is already taken`) ||
		!strings.Contains(stderr, `; the x-omnigen dialect applies because of x-omnigen "builders" at #/$defs/Thing/x-omnigen`) {
		t.Errorf("exit %d, %q", code, stderr)
	}
}
