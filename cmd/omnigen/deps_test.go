package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The schema engine is what tests and fuzzers hold the generated checks to;
// the binary must not link it: its package init (meta-schemas compiled,
// about 1.7 MB and 8 ms) would be paid by every command, --version
// included, and validate --schema runs the schema's check program instead.
func TestBinaryLeavesOutTheSchemaEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "github.com/santhosh-tekuri/jsonschema") || strings.HasSuffix(pkg, "/internal/engine") {
			t.Errorf("omnigen links %s", pkg)
		}
	}
}
