package main

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// The schema engine is what tests and fuzzers hold the generated checks to;
// the binary must not link it: its package init (meta-schemas compiled,
// about 1.7 MB and 8 ms) would be paid by every command, --version
// included, and validate --schema runs the schema's check program instead.
func TestBinaryLeavesOutTheSchemaEngine(t *testing.T) {
	for _, pkg := range deps(t) {
		if strings.HasPrefix(pkg, "github.com/santhosh-tekuri/jsonschema") || strings.HasSuffix(pkg, "/internal/engine") {
			t.Errorf("omnigen links %s", pkg)
		}
	}
}

// omnigen imports nothing it generates into gen/ (validate runs
// internal/validate/fastpath, which only a test rewrites): a broken
// "omnigen generate" of gen/go must not stop omnigen from building.
func TestBinaryLeavesOutGeneratedCode(t *testing.T) {
	for _, pkg := range deps(t) {
		if strings.HasPrefix(pkg, "github.com/omnigen-dev/omnigen/gen/") {
			t.Errorf("omnigen links %s, which omnigen generate writes", pkg)
		}
	}
}

// deps lists the packages the binary links.
func deps(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	return strings.Fields(string(out))
}

// initBudget is the most any omnigen package's init may allocate: tables a
// package needs whenever it is linked. Anything larger (a regexp, a table
// cut from a runtime's source, a help text) is built when first needed, so
// that every command, --version included, does not pay for it.
const initBudget = 20 << 10

// Each of omnigen's own packages allocates at most initBudget bytes in its
// init, as GODEBUG=inittrace=1 reports it for `omnigen --version`. The
// figures are counts of bytes, not times: the same on any machine.
func TestInitStaysSmall(t *testing.T) {
	bin := t.TempDir() + "/omnigen"
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(cmd.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("omnigen --version: %v\n%s", err, stderr.String())
	}
	seen := 0
	for _, line := range strings.Split(stderr.String(), "\n") {
		// init github.com/omnigen-dev/omnigen/internal/cli @12 ms, 0.049 ms clock, 3296 bytes, 41 allocs
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || !strings.HasPrefix(f[1], "github.com/omnigen-dev/omnigen/") || f[8] != "bytes," {
			continue
		}
		seen++
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("reading %q: %v", line, err)
		}
		if n > initBudget {
			t.Errorf("%s allocates %d bytes in init (at most %d): build what it needs when first needed", f[1], n, initBudget)
		}
	}
	if seen < 5 {
		t.Fatalf("inittrace named %d of omnigen's packages; the format may have changed:\n%s", seen, stderr.String())
	}
}
