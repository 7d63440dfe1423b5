package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func init() {
	// Another test file of this package may define -update too.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files")
	}
}

func updateGolden() bool {
	return flag.Lookup("update").Value.(flag.Getter).Get().(bool)
}

// moduleRoot is the absolute path of the module root.
var moduleRoot, _ = filepath.Abs("../..")

// validateCmd runs "omnigen validate args..." from the module root, so that
// file names in the output are the ones a user types.
func validateCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(moduleRoot)
	var out, errOut bytes.Buffer
	code = Main(append([]string{"validate"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

const (
	bad     = "testdata/validate/bad/"
	traces  = "testdata/traces/"
	streams = "testdata/streams/"
)

var goldenCases = []struct {
	name  string
	stdin string
	args  []string
	code  int
}{
	{name: "bad-inputs", code: ExitFailed, args: []string{
		bad + "not-json.jsonl", bad + "trailing-data.jsonl", bad + "invalid-utf8.jsonl",
		bad + "duplicate-key.jsonl", bad + "bom.jsonl", bad + "bom-invalid.jsonl", bad + "crlf.jsonl",
		bad + "blank-lines.jsonl", bad + "empty.jsonl", bad + "torn-last-line.jsonl",
		bad + "no-final-newline.jsonl", bad + "deep-nesting.jsonl", bad + "schema-invalid.jsonl",
		bad + "compressed.jsonl.gz", bad + "gzip-without-suffix.jsonl"}},
	{name: "io-errors", code: ExitUsage, args: []string{bad + "truncated.jsonl.gz", bad + "corrupt.jsonl.gz", bad + "crlf.jsonl"}},
	{name: "trace-rules", code: ExitFailed, args: []string{"--profile", "trace",
		traces + "rules/meta-first.jsonl.bad", traces + "rules/meta-once.jsonl.bad", traces + "rules/no-partials.jsonl.bad",
		traces + "rules/no-origin.jsonl.bad", traces + "rules/requests-paired.jsonl.bad", traces + "rules/request-open-at-end.jsonl.bad",
		traces + "rules/output-answers-call.jsonl.bad", traces + "rules/output-once.jsonl.bad", traces + "rules/approval-order.jsonl.bad",
		traces + "rules/malformed-middle.jsonl.bad", traces + "rules/torn-last-line.jsonl", traces + "realistic.jsonl"}},
	{name: "stream-rules", code: ExitFailed, args: []string{"--profile", "stream",
		streams + "rules/segments.jsonl.bad", streams + "rules/complete-after-stop.jsonl.bad", streams + "rules/content.jsonl.bad",
		streams + "rules/open-at-end.jsonl.bad", streams + "rules/origin-empty.jsonl.bad", streams + "rules/meta-first.jsonl.bad",
		streams + "realistic.jsonl"}},
	{name: "max-errors", code: ExitFailed, args: []string{"--max-errors", "4", bad + "schema-invalid.jsonl", bad + "not-json.jsonl"}},
	{name: "stdin", code: ExitFailed, args: []string{"--profile", "trace"},
		stdin: `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"tool_call","role":"user","name":"bash","arguments":"{}","tool_call_id":"c1"}}` + "\n"},
}

// The findings of each case, in each format, are the golden files of
// testdata/validate/golden ("go test ./internal/cli/ -update" rewrites them).
func TestValidateGolden(t *testing.T) {
	for _, tc := range goldenCases {
		for _, format := range []string{"text", "json", "github"} {
			t.Run(tc.name+"/"+format, func(t *testing.T) {
				args := append([]string{"--format", format}, tc.args...)
				code, stdout, stderr := validateCmd(t, tc.stdin, args...)
				if code != tc.code {
					t.Errorf("exit code %d, want %d; stderr:\n%s", code, tc.code, stderr)
				}
				got := stdout + fmt.Sprintf("-- exit code %d --\n", code)
				path := filepath.Join("testdata", "validate", "golden", tc.name+"."+format)
				if updateGolden() {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run with -update to write it)", err)
				}
				if got != string(want) {
					t.Errorf("output differs from %s (run with -update to rewrite it):\n%s", path, diffLines(string(want), got))
				}
			})
		}
	}
}

// diffLines shows the first lines where want and got differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			fmt.Fprintf(&sb, "line %d:\n- %s\n+ %s\n", i+1, a, b)
			if sb.Len() > 2000 {
				break
			}
		}
	}
	return sb.String()
}

var summaryLine = regexp.MustCompile(`(?m)^omnigen validate: [0-9,]+ lines? in [0-9,]+ files?: [0-9,]+ valid, [0-9,]+ invalid, [0-9,]+ warnings?; [0-9.]+ [kMGT]?B in [0-9.]+s \([0-9.]+ MB/s\)`)

func TestValidateExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // a regular expression the output must match ("" : empty)
		stderr string // a regular expression the standard error must match
	}{
		{name: "valid Traces", args: []string{"--profile", "trace", traces + "realistic.jsonl", traces + "realistic_002.jsonl",
			traces + "session-2026-07-18-031544-e5f6a7b8.jsonl", traces + "rules"}, code: ExitOK,
			stdout: `^testdata/traces/rules/torn-last-line.jsonl:4: /timestamp: warning: torn last line`,
			stderr: `: 1\d\d lines in 1\d files: 1\d\d valid, 0 invalid, 2 warnings`},
		{name: "valid stream", args: []string{"--profile", "stream", streams + "realistic.jsonl"}, code: ExitOK},
		{name: "conformance vectors are not messages", args: []string{"testdata/conformance/valid.jsonl"}, code: ExitFailed, stdout: `missing required property "timestamp"`},
		{name: "warnings only", args: []string{bad + "blank-lines.jsonl"}, code: ExitOK, stdout: `warning: blank line`,
			stderr: `6 lines in 1 file: 3 valid, 0 invalid, 3 warnings`},
		{name: "empty file", args: []string{bad + "empty.jsonl"}, code: ExitOK, stdout: `note: empty file`, stderr: `0 lines in 1 file`},
		{name: "invalid", args: []string{bad + "schema-invalid.jsonl"}, code: ExitFailed, stdout: `/payload/role: must be "assistant", got "user" \(const\)`},
		{name: "truncated gzip", args: []string{bad + "truncated.jsonl.gz"}, code: ExitUsage, stdout: `truncated`, stderr: `1 file could not be read`},
		{name: "missing file", args: []string{bad + "missing.jsonl"}, code: ExitUsage, stderr: `omnigen: .*missing.jsonl: no such file`},
		{name: "directory with no JSONL", args: []string{"testdata/validate/nojsonl"}, code: ExitUsage,
			stderr: `omnigen: testdata/validate/nojsonl: a directory with no \*\.jsonl or \*\.jsonl\.gz file in it or below it`},
		{name: "unknown profile", args: []string{"--profile", "log", traces}, code: ExitUsage, stderr: `--profile must be one of message, trace, stream, got "log"`},
		{name: "unknown format", args: []string{"--format", "xml", traces}, code: ExitUsage, stderr: `--format must be one of text, json, github`},
		{name: "negative max-errors", args: []string{"--max-errors", "-1", traces}, code: ExitUsage, stderr: `--max-errors`},
		{name: "missing schema", args: []string{"--schema", "nope.schema.json", traces}, code: ExitUsage, stderr: `--schema`},
		{name: "stdin by default", stdin: "{}\n", code: ExitFailed, stdout: `^<stdin>:1: /timestamp: missing required property "timestamp"`},
		{name: "stdin as -", stdin: "", args: []string{"-"}, code: ExitOK, stdout: `<stdin>: note: empty file`},
		{name: "quiet", args: []string{"-q", bad + "crlf.jsonl"}, code: ExitOK, stderr: `^$`},
		{name: "max errors", args: []string{"--max-errors", "1", bad + "schema-invalid.jsonl"}, code: ExitFailed,
			stdout: `/payload/role: must be "assistant"`, stderr: `omnigen validate: 4 more findings not shown \(--max-errors 1\)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := validateCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			if tt.stdout == "" && stdout != "" {
				t.Errorf("stdout:\n%s\nwant none", stdout)
			}
			if tt.stdout != "" && !regexp.MustCompile(tt.stdout).MatchString(stdout) {
				t.Errorf("stdout:\n%s\nwant a match for %s", stdout, tt.stdout)
			}
			if tt.stderr != "" && !regexp.MustCompile(tt.stderr).MatchString(stderr) {
				t.Errorf("stderr:\n%s\nwant a match for %s", stderr, tt.stderr)
			}
			quiet := len(tt.args) > 0 && tt.args[0] == "-q"
			if tt.code != ExitUsage && !quiet && !summaryLine.MatchString(stderr) {
				t.Errorf("no summary line on stderr:\n%s", stderr)
			}
		})
	}
}

// A downstream schema that extends the canonical one by its $id works, and
// its own rules apply.
func TestValidateDownstreamSchema(t *testing.T) {
	dir := t.TempDir()
	ext := filepath.Join(dir, "ext.schema.json")
	os.WriteFile(ext, []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.com/ext.schema.json",
  "$ref": "https://omnigen.dev/schema/omnimessage.schema.json",
  "properties": {"origin": {"maxItems": 1}}
}`), 0o644)
	nested := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","origin":["a","b"],"payload":{"type":"text","role":"user","text":"hi"}}` + "\n"
	code, stdout, _ := validateCmd(t, nested, "--schema", ext, "--profile", "stream")
	if code != ExitFailed || !strings.Contains(stdout, "<stdin>:1: /origin:") {
		t.Errorf("exit code %d, stdout %q; want the extension's maxItems to reject origin", code, stdout)
	}
	code, stdout, stderr := validateCmd(t, "", "--schema", ext, "--profile", "stream", streams+"realistic.jsonl")
	if code != ExitOK {
		t.Errorf("exit code %d, stdout %q, stderr %q; want the realistic stream valid under the extension", code, stdout, stderr)
	}
}

func TestValidateHelp(t *testing.T) {
	code, stdout, _ := validateCmd(t, "", "--help")
	for _, want := range []string{"Exit codes: 0 every line valid", "--profile", "--format", "--max-errors", "--schema", "<stdin>", "*.jsonl.gz"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if code != ExitOK {
		t.Errorf("exit code %d", code)
	}
}
