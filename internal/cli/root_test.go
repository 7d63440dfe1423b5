package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/schema"
)

// run executes omnigen with args and returns its exit code and output.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// Every command, like gh's and kubectl's, explains itself: a short and a
// long description and examples.
func TestEveryCommandIsDocumented(t *testing.T) {
	root := NewRootCommand(nil, nil, nil)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		if c.Short == "" || c.Long == "" {
			t.Errorf("%q lacks a short or long description", c.CommandPath())
		}
		if c.Example == "" && c.Runnable() && !strings.HasPrefix(c.CommandPath(), "omnigen completion") {
			t.Errorf("%q has no examples", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	code, stdout, stderr := run(t, "", "frobnicate")
	if code != ExitUsage || stdout != "" || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("code %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestUnknownFlagIsAUsageError(t *testing.T) {
	code, _, stderr := run(t, "", "version", "--frobnicate")
	if code != ExitUsage || !strings.Contains(stderr, "frobnicate") {
		t.Errorf("code %d, stderr %q", code, stderr)
	}
}

func TestSchemaPrintsTheEmbeddedSchema(t *testing.T) {
	code, stdout, _ := run(t, "", "schema")
	if code != ExitOK || stdout != string(schema.Canonical) {
		t.Errorf("code %d; printed %d bytes, want the %d embedded bytes", code, len(stdout), len(schema.Canonical))
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := run(t, "", "version")
	if code != ExitOK || !strings.HasPrefix(stdout, "omnigen ") {
		t.Errorf("code %d, stdout %q", code, stdout)
	}
	code, stdout, _ = run(t, "", "version", "--format", "json")
	var v versionInfo
	if code != ExitOK || json.Unmarshal([]byte(stdout), &v) != nil || v.Version == "" || v.Go == "" {
		t.Errorf("code %d, stdout %q", code, stdout)
	}
	if code, _, _ := run(t, "", "version", "--format", "yaml"); code != ExitUsage {
		t.Errorf("--format yaml: code %d, want %d", code, ExitUsage)
	}
}

func TestCompletion(t *testing.T) {
	code, stdout, _ := run(t, "", "completion", "bash")
	if code != ExitOK || !strings.Contains(stdout, "omnigen") {
		t.Errorf("code %d, %d bytes", code, len(stdout))
	}
}

// A pointer's tokens are unescaped (RFC 6901): ~1 is /, ~0 is ~, and ~01
// is ~1.
func TestLookupPointerEscapes(t *testing.T) {
	doc := []byte(`{"a/b": {"m~n": [1, 2], "~1": 3}}`)
	for ptr, want := range map[string]string{"#/a~1b/m~0n/1": "2", "/a~1b/~01": "3"} {
		got, err := lookupPointer(doc, ptr)
		if err != nil || string(got) != want {
			t.Errorf("lookupPointer(%s) = %s, %v; want %s", ptr, got, err, want)
		}
	}
	if _, err := lookupPointer(doc, "/a/b"); err == nil {
		t.Errorf("lookupPointer(/a/b) found a value: a/b is one key, /a/b two")
	}
}

func TestSchemaPointer(t *testing.T) {
	code, stdout, _ := run(t, "", "schema", "--pointer", "#/$defs/StopReason/enum")
	want := "[\n  \"completed\",\n  \"failed\",\n  \"aborted\",\n  \"timeout\",\n  \"malformed\",\n  \"auth\"\n]\n"
	if code != ExitOK || stdout != want {
		t.Errorf("code %d, printed\n%s\nwant\n%s", code, stdout, want)
	}
	// Keys come out in schema order, not sorted.
	_, stdout, _ = run(t, "", "schema", "--pointer", "/$defs/TextPayload/properties")
	if i, j := strings.Index(stdout, `"type"`), strings.Index(stdout, `"role"`); i < 0 || j < i {
		t.Errorf("properties not in schema order:\n%s", stdout)
	}
	for _, p := range []string{"/$defs/Nope", "/$defs/StopReason/enum/6", "/$defs/StopReason/description/x", "nope"} {
		code, stdout, stderr := run(t, "", "schema", "--pointer", p)
		if code != ExitUsage || stdout != "" || !strings.Contains(stderr, p) {
			t.Errorf("--pointer %s: code %d, stdout %q, stderr %q; want exit 2 naming the pointer on stderr only", p, code, stdout, stderr)
		}
	}
}
