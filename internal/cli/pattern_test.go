package cli

import (
	"strings"
	"testing"
)

// A dialect schema's pattern is read as ECMA-262 reads it by omnigen
// validate --schema too (the schema engine's patterns are the generated
// code's matcher): ^\S+$ refuses U+00A0, which Go's regexp takes for a
// character that is not white space. The generated Go and TypeScript of
// the same schema agree (testdata/gen/go-downstream/go/downstream_test.go,
// and JavaScript's own RegExp).
func TestValidateSchemaPatternIsECMA(t *testing.T) {
	line := func(task string) string {
		return `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"task_finished","task":"` + task + `","outcome":"completed"}}` + "\n"
	}
	input := line("ship-it") + line(`ship\u00a0it`) + line("ship\u00a0it")
	code, stdout, stderr := validateCmd(t, input, "--quiet", "--schema", "testdata/gen/go-downstream/schema.json")
	if code != ExitFailed {
		t.Fatalf("exit code %d, want %d\n%s%s", code, ExitFailed, stdout, stderr)
	}
	got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(got) != 2 || !strings.HasPrefix(got[0], "<stdin>:2: /payload/task: ") || !strings.HasPrefix(got[1], "<stdin>:3: /payload/task: ") {
		t.Errorf("findings:\n%s\nwant one at /payload/task on lines 2 and 3", stdout)
	}
}
