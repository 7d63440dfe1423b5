package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A schema error names the file, line and column of what is wrong, then its
// pointer in that file, whichever stage found it: the compiler (a keyword
// of another document), the model (an x-omnigen annotation) or an emitter
// (a name the Go package takes).
func TestSchemaErrorsAreLocated(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "sub", "main.json"), `{"$ref": "#/$defs/A", "$defs": {"A": {"type": "object",
  "properties": {"c": {"$ref": "common.json#/$defs/C"}}}}}`)
	writeFile(t, filepath.Join(dir, "sub", "common.json"), "{\"$defs\": {\n  \"C\": {\"type\": \"string\", \"pattern\": \"(\"}}}")
	writeFile(t, filepath.Join(dir, "names.json"), `{"$ref": "#/$defs/A", "$defs": {
  "A": {"type": "object", "properties": {"a": {"type": "string"}},
    "x-omnigen": {"names": {"go": "Validate"}}}}}`)
	writeFile(t, filepath.Join(dir, "builder.json"), `{"$ref": "#/$defs/A", "$defs": {
  "A": {"type": "object", "properties": {"a": {"type": "string"}},
    "x-omnigen": {"builders": [{"name": "Oops"}]}}}}`)
	writeFile(t, filepath.Join(dir, "builder.yaml"), "$ref: '#/$defs/A'\n$defs:\n  A:\n    type: object\n    properties: {a: {type: string}}\n    x-omnigen:\n      builders: [{name: Oops}]\n")
	for _, c := range []struct{ schema, want string }{
		{"sub/main.json", `schema: sub/common.json:2:38: #/$defs/C/pattern: invalid ECMA-262 regular expression "("`},
		{"names.json", `go: names.json:3:35: #/$defs/A/x-omnigen/names/go: the root type would be named Validate`},
		{"builder.json", `schema: builder.json:3:41: #/$defs/A/x-omnigen/builders/0/name: must be a lowerCamelCase identifier, got "Oops"`},
		{"builder.yaml", `schema: builder.yaml:7:25: #/$defs/A/x-omnigen/builders/0/name: must be a lowerCamelCase identifier`},
	} {
		code, stdout, stderr := generateIn(t, dir, "--schema", c.schema, "--go-out", "out", "--go-package", "p")
		if code != ExitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit code %d, stderr %q; want %d and …%s", c.schema, code, stderr, ExitUsage, c.want)
		}
	}
	t.Chdir(dir)
	code, _, stderr := run(t, "", "validate", "--schema", "sub/main.json", os.DevNull)
	if want := `--schema: sub/common.json:2:38: #/$defs/C/pattern: invalid`; code != ExitUsage || !strings.Contains(stderr, want) {
		t.Errorf("validate: exit code %d, stderr %q; want %d and …%s", code, stderr, ExitUsage, want)
	}
}
