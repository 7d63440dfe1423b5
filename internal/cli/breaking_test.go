package cli_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/cli"
	"github.com/omnigen-dev/omnigen/schema"
)

// "make update" runs every package's tests with -update; register the flag
// unless another test file of the package has.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

// breakingRun runs omnigen with args and returns its exit code and output.
func breakingRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := cli.Main(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// breakingSchema writes the canonical schema, edited by edit, to dir/name and
// returns its path.
func breakingSchema(t *testing.T, dir, name string, edit func(defs map[string]any)) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(schema.Canonical))
	dec.UseNumber()
	var d map[string]any
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(d["$defs"].(map[string]any))
	}
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func breakingDef(defs map[string]any, name string) map[string]any {
	return defs[name].(map[string]any)
}

func breakingProps(defs map[string]any, name string) map[string]any {
	return breakingDef(defs, name)["properties"].(map[string]any)
}

// renameMessage renames request_end's message to error_message.
func renameMessage(defs map[string]any) {
	p := breakingProps(defs, "RequestEndPayload")
	p["error_message"] = p["message"]
	delete(p, "message")
	b := breakingDef(defs, "RequestEndPayload")["x-omnigen"].(map[string]any)["builders"].([]any)[0].(map[string]any)
	b["params"].([]any)[1].(map[string]any)["field"] = "error_message"
}

func addSender(defs map[string]any) {
	breakingProps(defs, "TextPayload")["sender"] = map[string]any{"type": "string"}
}

func addForbidden(defs map[string]any) {
	e := breakingDef(defs, "ApprovalDecision")
	e["enum"] = append(e["enum"].([]any), "forbidden")
}

func TestBreakingExitCodes(t *testing.T) {
	dir := t.TempDir()
	canon := breakingSchema(t, dir, "canon.json", nil)
	renamed := breakingSchema(t, dir, "renamed.json", renameMessage)
	sender := breakingSchema(t, dir, "sender.json", addSender)
	forbidden := breakingSchema(t, dir, "forbidden.json", addForbidden)
	required := breakingSchema(t, dir, "required.json", func(defs map[string]any) {
		d := breakingDef(defs, "TextPayload")
		d["required"] = append(d["required"].([]any), "stop_reason")
	})
	retyped := breakingSchema(t, dir, "retyped.json", func(defs map[string]any) {
		breakingProps(defs, "SubagentPayload")["session_id"].(map[string]any)["type"] = "integer"
	})
	// A project file that names no schema: NEW is the embedded one.
	noSchema := filepath.Join(dir, "omnigen.yaml")
	os.WriteFile(noSchema, []byte("version: 1\n"), 0o644)
	invalid := filepath.Join(dir, "invalid.json")
	// A schema of the dialect (it has x-omnigen annotations) that breaks its
	// rules; an unknown keyword alone is an annotation, as in any schema.
	os.WriteFile(invalid, []byte(`{"$ref": "#/$defs/A", "$defs": {"A": {"type": "object", "properties": {}, "x-omnigen": {"bogus": 1}}}}`), 0o644)

	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings
		stderr string
	}{
		{"no change", []string{"breaking", "--against", canon, canon}, 0, []string{"no changes from"}, ""},
		{"embedded NEW", []string{"breaking", "--against", canon, "--config", noSchema}, 0, []string{"to the embedded canonical schema"}, ""},
		{"rename", []string{"breaking", "--against", canon, renamed}, 1, []string{
			"#/$defs/RequestEndPayload/properties/message: breaking PROPERTY_REMOVED",
			"#/$defs/RequestEndPayload/properties/error_message: compatible (object widening) PROPERTY_ADDED_OPTIONAL",
			"#/$defs/RequestEndPayload/properties/message: breaking NAME_REMOVED: Go: field RequestEndPayload.Message was removed",
			"6 changes from " + canon + " to " + renamed + ": 3 breaking, 3 compatible (wire: 1 breaking, 1 compatible; api: 2 breaking, 2 compatible)"}, ""},
		{"optional sender", []string{"breaking", "--against", canon, sender}, 0, []string{"#/$defs/TextPayload/properties/sender: compatible (object widening) PROPERTY_ADDED_OPTIONAL"}, ""},
		{"enum widening", []string{"breaking", "--against", canon, forbidden}, 0, []string{`#/$defs/ApprovalDecision/enum/2: compatible (enum widening) ENUM_VALUE_ADDED: ApprovalDecision gained the value "forbidden"`}, ""},
		{"enum narrowing", []string{"breaking", "--against", forbidden, "--config", noSchema}, 1, []string{"#/$defs/ApprovalDecision/enum/2: breaking ENUM_VALUE_REMOVED"}, ""},
		{"made required", []string{"breaking", "--against", canon, required}, 1, []string{"PROPERTY_MADE_REQUIRED"}, ""},
		{"type changed", []string{"breaking", "--against", canon, retyped}, 1, []string{"TYPE_CHANGED"}, ""},
		{"missing --against", []string{"breaking", canon, "--config", noSchema}, 2, nil, "--against OLD is required"},
		{"bad format", []string{"breaking", "--against", canon, "--format", "xml"}, 2, nil, `--format must be one of text, json, github, got "xml"`},
		{"too many args", []string{"breaking", "--against", canon, canon, canon}, 2, nil, "accepts at most 1 arg"},
		{"missing file", []string{"breaking", "--against", filepath.Join(dir, "nope.json"), "--config", noSchema}, 2, nil, "nope.json: no such file"},
		{"invalid schema", []string{"breaking", "--against", invalid}, 2, nil, `invalid.json:1:98: #/$defs/A/x-omnigen/bogus: unknown x-omnigen key "bogus"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := breakingRun(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			if tc.stderr != "" && !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr lacks %q: %s", tc.stderr, stderr)
			}
			if tc.code != 2 && stderr != "" {
				t.Errorf("unexpected stderr: %s", stderr)
			}
		})
	}
}

func TestBreakingJSON(t *testing.T) {
	dir := t.TempDir()
	canon := breakingSchema(t, dir, "canon.json", nil)
	evolved := breakingSchema(t, dir, "evolved.json", func(defs map[string]any) {
		renameMessage(defs)
		addSender(defs)
		addForbidden(defs)
	})
	code, stdout, stderr := breakingRun(t, "breaking", "--against", canon, evolved, "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	var r struct {
		Old, New             string
		Breaking, Compatible int
		Changes              []struct{ Pointer, Rule, Severity, Widening, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	// The wire changes (1 breaking, 3 compatible), and in Go and TypeScript
	// each a name removed and three added.
	if r.Old != canon || r.New != evolved || r.Breaking != 3 || r.Compatible != 9 || len(r.Changes) != 12 {
		t.Errorf("report: %+v", r)
	}
	for _, c := range r.Changes {
		if c.Rule == "ENUM_VALUE_ADDED" && (c.Severity != "compatible" || c.Widening != "enum widening") {
			t.Errorf("enum value: %+v", c)
		}
	}
	code, stdout, _ = breakingRun(t, "breaking", "--against", canon, canon, "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"changes": []`) {
		t.Errorf("no change: exit %d\n%s", code, stdout)
	}
}

// TestBreakingGitRef reads the old schema from a commit of a temporary repo.
func TestBreakingGitRef(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=omnigen", "-c", "user.email=omnigen@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	breakingSchema(t, dir, "omnimessage.schema.json", nil)
	git("add", "omnimessage.schema.json")
	git("commit", "-q", "-m", "v1")
	t.Chdir(dir)

	// Unchanged working tree.
	if code, stdout, stderr := breakingRun(t, "breaking", "--against", "HEAD:omnimessage.schema.json", "omnimessage.schema.json"); code != 0 || !strings.Contains(stdout, "no changes") {
		t.Errorf("unchanged: exit %d\n%s%s", code, stdout, stderr)
	}
	// A compatible edit, then a breaking one, in the working tree.
	breakingSchema(t, dir, "omnimessage.schema.json", addForbidden)
	if code, stdout, stderr := breakingRun(t, "breaking", "--against", "HEAD:./omnimessage.schema.json", "omnimessage.schema.json"); code != 0 || !strings.Contains(stdout, "enum widening") {
		t.Errorf("compatible: exit %d\n%s%s", code, stdout, stderr)
	}
	breakingSchema(t, dir, "omnimessage.schema.json", renameMessage)
	code, stdout, stderr := breakingRun(t, "breaking", "--against", "HEAD:omnimessage.schema.json", "omnimessage.schema.json")
	if code != 1 || !strings.Contains(stdout, "PROPERTY_REMOVED") {
		t.Errorf("breaking: exit %d\n%s%s", code, stdout, stderr)
	}
	// Both sides from git.
	git("commit", "-q", "-a", "-m", "v2")
	if code, stdout, stderr := breakingRun(t, "breaking", "--against", "HEAD~1:omnimessage.schema.json", "HEAD:omnimessage.schema.json"); code != 1 || !strings.Contains(stdout, "PROPERTY_REMOVED") {
		t.Errorf("two refs: exit %d\n%s%s", code, stdout, stderr)
	}
	// A schema error in the old side is placed in it, as of the commit.
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{\"$ref\": \"#/$defs/A\", \"$defs\": {\n  \"A\": {\"type\": []}}}"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "bad.json")
	git("commit", "-q", "-m", "bad")
	if code, _, stderr := breakingRun(t, "breaking", "--against", "HEAD:bad.json", "omnimessage.schema.json"); code != 2 ||
		!strings.Contains(stderr, "HEAD:bad.json:2:17: #/$defs/A/type: must be a type name") {
		t.Errorf("a bad old schema: exit %d, stderr %q", code, stderr)
	}
	// git failures are errors, exit 2, with git's message.
	for _, arg := range []string{"HEAD:nope.json", "no-such-branch:omnimessage.schema.json"} {
		code, _, stderr := breakingRun(t, "breaking", "--against", arg)
		if code != 2 || !strings.Contains(stderr, "git show "+arg) {
			t.Errorf("%s: exit %d, stderr %q", arg, code, stderr)
		}
	}
}
