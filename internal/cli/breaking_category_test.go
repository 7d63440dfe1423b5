package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// --category chooses what is compared, and the exit code follows what was
// compared: api-evolved.schema.json renames a Go builder (breaking for
// callers) and changes no data.
func TestBreakingCategories(t *testing.T) {
	const old, new = "../../schema/omnimessage.schema.json", "../../testdata/breaking/api-evolved.schema.json"
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"both by default", nil, 1, []string{
			"breaking BUILDER_RENAMED: Go: builder ApprovalDecisionMessage was renamed to Decide",
			"compatible PARAM_ADDED_OPTIONAL: TypeScript: userText gained the optional argument fidelity",
			"(wire: 0 breaking, 0 compatible; api: 1 breaking, 3 compatible)"}, ""},
		{"wire only", []string{"--category", "wire"}, 0, []string{"no changes from"}, ""},
		{"api only", []string{"--category", "api"}, 1, []string{"4 changes from " + old + " to " + new + ": 1 breaking, 3 compatible\n"}, ""},
		{"both listed", []string{"--category", "api,wire"}, 1, []string{"(wire: 0 breaking"}, ""},
		{"repeated", []string{"--category", "wire", "--category", "api"}, 1, []string{"api: 1 breaking"}, ""},
		{"unknown", []string{"--category", "file"}, 2, nil, `--category must be wire or api, got "file"`},
		{"empty", []string{"--category", ""}, 2, nil, "--category"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"breaking", "--against", old, new}, tc.args...)
			code, stdout, stderr := breakingRun(t, args...)
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
		})
	}

	code, stdout, _ := breakingRun(t, "breaking", "--against", old, new, "--format", "json")
	var r struct {
		Categories           []string
		Breaking, Compatible int
		Changes              []struct{ Category, Rule, Severity string }
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s", code, err, stdout)
	}
	if strings.Join(r.Categories, ",") != "wire,api" || r.Breaking != 1 || r.Compatible != 3 || len(r.Changes) != 4 {
		t.Errorf("report %+v", r)
	}
	for _, c := range r.Changes {
		if c.Category != "api" {
			t.Errorf("change %+v", c)
		}
	}
}
