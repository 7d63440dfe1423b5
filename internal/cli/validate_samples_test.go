package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The golden cases that keep the findings of their samples in
// samples/errors.txt: omnigen validate --schema <case>/schema.json on every
// sample reports exactly those lines (one per *.invalid.json, none for the
// others), which the code generated from the schema reports too
// (TestGoldenSamples in internal/gen/typescript holds Go and TypeScript to
// the same problem). "go test ./internal/cli -run ValidateSamples -update"
// rewrites them.
func TestValidateSamplesFindings(t *testing.T) {
	t.Chdir(moduleRoot)
	files, err := filepath.Glob(filepath.Join("testdata", "gen", "*", "samples", "errors.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/gen/*/samples/errors.txt")
	}
	for _, want := range files {
		dir := filepath.Dir(want)
		t.Run(filepath.Base(filepath.Dir(dir)), func(t *testing.T) {
			samples, err := filepath.Glob(filepath.Join(dir, "*.json"))
			if err != nil {
				t.Fatal(err)
			}
			invalid := 0
			for _, s := range samples {
				if strings.HasSuffix(s, ".invalid.json") {
					invalid++
				}
			}
			args := append([]string{"--quiet", "--schema", filepath.Join(filepath.Dir(dir), "schema.json")}, samples...)
			code, stdout, stderr := validateCmd(t, "", args...)
			if code != ExitFailed && invalid > 0 || code == ExitUsage {
				t.Fatalf("exit code %d\n%s", code, stderr)
			}
			var lines []string
			if stdout != "" {
				lines = strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			}
			for _, line := range lines {
				if !strings.Contains(line, ".invalid.json:1: ") {
					t.Errorf("a finding that is not on an invalid sample: %s", line)
				}
			}
			if len(lines) != invalid {
				t.Errorf("%d findings on %d invalid samples:\n%s", len(lines), invalid, stdout)
			}
			if updateGolden() {
				if err := os.WriteFile(want, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			w, err := os.ReadFile(want)
			if err != nil {
				t.Fatal(err)
			}
			if stdout != string(w) {
				t.Errorf("findings differ from %s (run with -update to rewrite it):\n%s", want, diffLines(string(w), stdout))
			}
		})
	}
}
