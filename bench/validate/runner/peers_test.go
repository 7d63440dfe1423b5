package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// TestPeersAgreeWithConformanceVectors checks that every peer validator
// accepts each valid conformance vector and rejects each invalid one, so the
// benchmark compares validators that answer the same question (ajv needs its
// $dynamicRef workaround for that). It needs bench/node_modules (npm ci
// --prefix bench) and skips without it.
func TestPeersAgreeWithConformanceVectors(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	schema := filepath.Join(root, "schema", "omnimessage.schema.json")
	mods := filepath.Join(root, "bench", "node_modules")
	if _, err := os.Stat(filepath.Join(mods, "ajv")); err != nil {
		t.Skip("bench/node_modules not installed (npm ci --prefix bench)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found")
	}
	dir := t.TempDir()
	valid := extract(t, filepath.Join(root, "testdata", "conformance", "valid.jsonl"), filepath.Join(dir, "valid.jsonl"))
	invalid := extract(t, filepath.Join(root, "testdata", "conformance", "invalid.jsonl"), filepath.Join(dir, "invalid.jsonl"))

	naive := filepath.Join(dir, "naive")
	if out, err := exec.Command("go", "build", "-o", naive, "../naive").CombinedOutput(); err != nil {
		t.Fatalf("go build naive: %v\n%s", err, out)
	}
	arch := map[string]string{"amd64": "x86_64", "arm64": "arm64"}[runtime.GOARCH]
	sourcemeta := filepath.Join(mods, "@sourcemeta", "jsonschema", "build", "github-releases", "jsonschema-"+runtime.GOOS+"-"+arch)

	counts := regexp.MustCompile(`(\d+) lines, (\d+) invalid|(\d+) validated, \d+ passed, (\d+) failed`)
	peers := map[string]func(file string) []string{
		"ajv":        func(f string) []string { return []string{"node", filepath.Join("..", "ajv.mjs"), schema, f} },
		"naive":      func(f string) []string { return []string{naive, schema, f} },
		"sourcemeta": func(f string) []string { return []string{sourcemeta, "validate", "--fast", "--continue", schema, f} },
	}
	for name, argv := range peers {
		t.Run(name, func(t *testing.T) {
			for _, tc := range []struct {
				file        string
				lines, want int
			}{{filepath.Join(dir, "valid.jsonl"), valid, 0}, {filepath.Join(dir, "invalid.jsonl"), invalid, invalid}} {
				a := argv(tc.file)
				out, _ := exec.Command(a[0], a[1:]...).CombinedOutput()
				m := counts.FindSubmatch(out)
				if m == nil {
					t.Fatalf("%s: no counts in the output:\n%.2000s", filepath.Base(tc.file), out)
				}
				lines, bad := atoi(m[1])+atoi(m[3]), atoi(m[2])+atoi(m[4])
				if lines != tc.lines || bad != tc.want {
					t.Errorf("%s: %d lines, %d invalid; want %d lines, %d invalid", filepath.Base(tc.file), lines, bad, tc.lines, tc.want)
				}
			}
		})
	}
}

func atoi(b []byte) int { n, _ := strconv.Atoi(string(b)); return n }

// extract writes the "message" of each vector, byte for byte, one per line.
func extract(t *testing.T, from, to string) int {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 64<<20)
	n := 0
	for sc.Scan() {
		var v struct {
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(out, "%s\n", v.Message)
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}
