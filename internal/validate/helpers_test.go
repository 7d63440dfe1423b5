package validate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the module root, relative to this package.
const repoRoot = "../.."

// collect is a Reporter that keeps the findings.
type collect struct{ findings []Finding }

func (c *collect) Report(f Finding) error { c.findings = append(c.findings, f); return nil }
func (c *collect) Flush() error           { return nil }

// short writes a finding as "LINE severity rule POINTER", which the tests
// compare; messages are compared by the golden files of the CLI tests.
func short(f Finding) string {
	return fmt.Sprintf("%d %s %s %s", f.Line, f.Severity, f.Rule, displayPointer(f.Pointer))
}

func shortAll(fs []Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, short(f))
	}
	return out
}

// runData validates data as standard input.
func runData(t testing.TB, data []byte, opts Options) (*Summary, []Finding) {
	t.Helper()
	c := &collect{}
	opts.Reporter = c
	opts.Stdin = bytes.NewReader(data)
	sum, err := Run([]Input{{Name: StdinName, Size: -1}}, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum, c.findings
}

// runFiles validates paths (relative to the module root).
func runFiles(t testing.TB, opts Options, paths ...string) (*Summary, []Finding) {
	t.Helper()
	var args []string
	for _, p := range paths {
		args = append(args, filepath.Join(repoRoot, p))
	}
	inputs, err := Inputs(args)
	if err != nil {
		t.Fatalf("Inputs: %v", err)
	}
	c := &collect{}
	opts.Reporter = c
	sum, err := Run(inputs, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum, c.findings
}

// checkCounts asserts that every line is counted once.
func checkCounts(t testing.TB, sum *Summary) {
	t.Helper()
	if sum.Lines != sum.Valid+sum.Invalid+sum.Warned {
		t.Errorf("lines %d != valid %d + invalid %d + warned %d", sum.Lines, sum.Valid, sum.Invalid, sum.Warned)
	}
}

func readRepoFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func equalLists(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}
