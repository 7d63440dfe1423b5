package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// checkoutRoot is the absolute path of this checkout (the module root).
func checkoutRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// generateIn runs "omnigen generate args..." from dir, so that the paths it
// prints are the relative ones given.
func generateIn(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(dir)
	return run(t, "", append([]string{"generate"}, args...)...)
}

// outArgs generates the canonical Go package into go/ and the TypeScript
// module into ts/.
var outArgs = []string{"--go-out", "go", "--go-package", "omni", "--ts-out", "ts"}

// fileState is a file's content and modification time.
type fileState struct {
	content string
	mtime   time.Time
}

// snapshot records every file under dir, after setting each one's mtime to
// a fixed instant in the past: a file written since has a later one.
func snapshot(t *testing.T, dir string) map[string]fileState {
	t.Helper()
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	files := map[string]fileState{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if err := os.Chtimes(path, old, old); err != nil {
			return err
		}
		content, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = fileState{string(content), old}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// unchanged reports every file under dir that differs from before (its
// content or its mtime), was added or was removed.
func unchanged(t *testing.T, dir string, before map[string]fileState) {
	t.Helper()
	after := map[string]fileState{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		content, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		after[filepath.ToSlash(rel)] = fileState{string(content), info.ModTime().UTC()}
		return err
	})
	for path, b := range before {
		a, ok := after[path]
		switch {
		case !ok:
			t.Errorf("%s was removed", path)
		case a.content != b.content:
			t.Errorf("%s was rewritten with other content", path)
		case !a.mtime.Equal(b.mtime):
			t.Errorf("%s was written (mtime %v)", path, a.mtime)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok {
			t.Errorf("%s was created", path)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// generated generates the canonical outputs into a new directory and returns
// it; the generation must succeed.
func generated(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if code, _, stderr := generateIn(t, dir, outArgs...); code != ExitOK {
		t.Fatalf("generate: exit code %d, stderr %q", code, stderr)
	}
	return dir
}

// The first run writes the Go package and the TypeScript module and lists
// them; a second run into another directory writes the same bytes, and one
// into the same directory finds nothing to do and touches nothing.
func TestGenerateWritesGoAndTypeScript(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := generateIn(t, dir, outArgs...)
	if code != ExitOK || stderr != "" {
		t.Fatalf("exit code %d, stderr %q", code, stderr)
	}
	first := snapshot(t, dir)
	var listed []string
	for path, f := range first {
		listed = append(listed, "wrote "+path)
		if !strings.HasPrefix(f.content, gen.Header+"\n") {
			t.Errorf("%s does not start with the generated-code header", path)
		}
		switch {
		case strings.HasPrefix(path, "go/") && strings.HasSuffix(path, ".go"):
			if !strings.Contains(f.content, "\npackage omni\n") {
				t.Errorf("%s is not in package omni", path)
			}
		case strings.HasPrefix(path, "ts/src/") && strings.HasSuffix(path, ".ts"):
		default:
			t.Errorf("unexpected file %s", path)
		}
	}
	for _, want := range []string{"go/types.go", "go/codec.go", "ts/src/index.ts", "ts/src/types.ts"} {
		if _, ok := first[want]; !ok {
			t.Errorf("%s was not generated", want)
		}
	}
	sort.Strings(listed)
	if got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n"); !reflect.DeepEqual(got, listed) {
		t.Errorf("stdout lists\n%s\nwant\n%s", stdout, strings.Join(listed, "\n"))
	}

	again := t.TempDir()
	if code, _, _ := generateIn(t, again, outArgs...); code != ExitOK {
		t.Fatalf("second run: exit code %d", code)
	}
	for path, f := range first {
		if got := readFile(t, filepath.Join(again, path)); got != f.content {
			t.Errorf("%s differs from one run to the next", path)
		}
	}

	code, stdout, stderr = generateIn(t, dir, outArgs...)
	if code != ExitOK || stdout != "" || stderr != "" {
		t.Errorf("rerun: exit code %d, stdout %q, stderr %q; want 0 and no output", code, stdout, stderr)
	}
	unchanged(t, dir, first)
}

func TestGenerateCheckInSync(t *testing.T) {
	dir := generated(t)
	before := snapshot(t, dir)
	code, stdout, stderr := generateIn(t, dir, append([]string{"--check"}, outArgs...)...)
	if code != ExitOK || stdout != "" || stderr != "" {
		t.Errorf("exit code %d, stdout %q, stderr %q; want 0 and no output", code, stdout, stderr)
	}
	unchanged(t, dir, before)
}

// drift edits go/types.go, deletes go/codec.go and adds a stale generated
// go/stale.go beside hand-written files, and returns codec.go's content.
func drift(t *testing.T, dir string) (codec string) {
	t.Helper()
	types := filepath.Join(dir, "go", "types.go")
	writeFile(t, types, strings.Replace(readFile(t, types), "\npackage omni\n", "\npackage omni\n\n// edited by hand\n", 1))
	codec = readFile(t, filepath.Join(dir, "go", "codec.go"))
	if err := os.Remove(filepath.Join(dir, "go", "codec.go")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go", "stale.go"), gen.Header+"\n\npackage omni\n\nconst Stale = 1\n")
	writeFile(t, filepath.Join(dir, "go", "types_test.go"), "package omni\n")
	writeFile(t, filepath.Join(dir, "ts", "README.md"), "# hand-written\n")
	return codec
}

// --check on a drifted directory prints a diff per missing, changed and
// extra file, exits 1 and writes nothing; the diff, applied with git apply,
// brings the directory back in sync.
func TestGenerateCheckReportsDrift(t *testing.T) {
	dir := generated(t)
	codec := drift(t, dir)
	before := snapshot(t, dir)
	code, stdout, stderr := generateIn(t, dir, append([]string{"--check"}, outArgs...)...)
	if code != ExitFailed {
		t.Errorf("exit code %d, want %d", code, ExitFailed)
	}
	if want := "omnigen: 3 of 22 generated files out of sync with the schema; run omnigen generate\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	unchanged(t, dir, before)

	// One diff per file, in path order, each naming the file as given.
	heads := []string{
		"--- /dev/null\n+++ b/go/codec.go\n",
		"--- a/go/stale.go\n+++ /dev/null\n",
		"--- a/go/types.go\n+++ b/go/types.go\n",
	}
	last := -1
	for _, h := range heads {
		i := strings.Index(stdout, h)
		if i <= last {
			t.Errorf("stdout lacks %q after offset %d:\n%.2000s", h, last, stdout)
		}
		last = i
	}
	if strings.Count(stdout, "\n--- ") != 2 {
		t.Errorf("want exactly three diffs:\n%.2000s", stdout)
	}
	if !strings.Contains(stdout, "\n-// edited by hand\n") || !strings.Contains(stdout, "\n-const Stale = 1\n") {
		t.Errorf("the diffs do not show the edit and the stale file:\n%.3000s", stdout)
	}
	// The diff of the missing file is the whole file, line for line.
	if added := addedLines(stdout, "+++ b/go/codec.go\n"); added != codec {
		t.Errorf("the diff of go/codec.go adds %d bytes, the file has %d", len(added), len(codec))
	}

	git, err := exec.LookPath("git")
	if err != nil {
		return
	}
	apply := exec.Command(git, "apply", "-")
	apply.Dir, apply.Stdin = dir, strings.NewReader(stdout)
	if out, err := apply.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
	if code, stdout, _ := generateIn(t, dir, append([]string{"--check"}, outArgs...)...); code != ExitOK {
		t.Errorf("after git apply of the diff: exit code %d\n%.2000s", code, stdout)
	}
}

// addedLines is the text of the "+" lines of the diff whose header ends
// with head.
func addedLines(diff, head string) string {
	i := strings.Index(diff, head)
	if i < 0 {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(diff[i+len(head):], "\n") {
		switch {
		case strings.HasPrefix(line, "@@"):
		case strings.HasPrefix(line, "+"):
			b.WriteString(line[1:])
		default:
			return b.String()
		}
	}
	return b.String()
}

// Generating removes a generated file it no longer produces, and never
// touches anything else: hand-written files beside the generated ones, files
// that only mention the header, generated files in subdirectories.
func TestGenerateRemovesOnlyStaleGeneratedFiles(t *testing.T) {
	dir := generated(t)
	hand := map[string]string{
		"go/types_test.go":     "package omni\n",
		"go/doc.go":            "// Package omni.\npackage omni\n",
		"go/notes.go":          "// Copyright 2026.\n" + gen.Header + "\n\npackage omni\n",
		"go/sub/old.go":        gen.Header + "\n\npackage sub\n",
		"go/README.md":         gen.Header + "\n",
		"ts/README.md":         "# hand-written\n",
		"ts/src/extra.ts":      "export const extra = 1;\n",
		"ts/test/main.test.ts": gen.Header + "\n",
	}
	for path, content := range hand {
		writeFile(t, filepath.Join(dir, path), content)
	}
	writeFile(t, filepath.Join(dir, "go", "stale.go"), gen.Header+"\n\npackage omni\n")
	writeFile(t, filepath.Join(dir, "ts", "src", "stale.ts"), gen.Header+"\n\nexport {};\n")
	before := snapshot(t, dir)

	code, stdout, stderr := generateIn(t, dir, outArgs...)
	if want := "removed go/stale.go\nremoved ts/src/stale.ts\n"; code != ExitOK || stdout != want || stderr != "" {
		t.Errorf("exit code %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
	}
	delete(before, "go/stale.go")
	delete(before, "ts/src/stale.ts")
	for _, gone := range []string{"go/stale.go", "ts/src/stale.ts"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s was not removed: %v", gone, err)
		}
	}
	unchanged(t, dir, before)
}

// A hand-written file where a generated one goes is an error, and then
// nothing at all is written: every output directory is checked first.
func TestGenerateRefusesToOverwriteAHandWrittenFile(t *testing.T) {
	dir := generated(t)
	writeFile(t, filepath.Join(dir, "ts", "src", "types.ts"), "// mine\n")
	os.Remove(filepath.Join(dir, "go", "codec.go"))
	writeFile(t, filepath.Join(dir, "go", "stale.go"), gen.Header+"\n\npackage omni\n")
	before := snapshot(t, dir)
	for _, check := range []bool{false, true} {
		args := outArgs
		if check {
			args = append([]string{"--check"}, args...)
		}
		code, stdout, stderr := generateIn(t, dir, args...)
		if code != ExitUsage || stdout != "" || !strings.Contains(stderr, "ts/src/types.ts exists and was not generated by omnigen") {
			t.Errorf("--check=%v: exit code %d, stdout %q, stderr %q", check, code, stdout, stderr)
		}
	}
	unchanged(t, dir, before)
}

// The Go package and the TypeScript module may share a directory: neither
// removes the other's files.
func TestGenerateSharedOutputDirectory(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--go-out", "out", "--go-package", "omni", "--ts-out", "out"}
	if code, stdout, _ := generateIn(t, dir, args...); code != ExitOK || strings.Contains(stdout, "removed") {
		t.Fatalf("exit code %d, stdout\n%s", code, stdout)
	}
	if code, stdout, _ := generateIn(t, dir, append([]string{"--check"}, args...)...); code != ExitOK {
		t.Errorf("--check after generating: exit code %d\n%.2000s", code, stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "types.go")); err != nil {
		t.Error(err)
	}
}

// --format json prints one document of a fixed shape, in every mode.
func TestGenerateJSON(t *testing.T) {
	type change struct {
		Path string `json:"path"`
		Kind string `json:"kind"`
		Diff string `json:"diff"`
	}
	type report struct {
		Check   bool     `json:"check"`
		InSync  bool     `json:"in_sync"`
		Files   int      `json:"files"`
		Changes []change `json:"changes"`
	}
	decode := func(t *testing.T, stdout string) report {
		t.Helper()
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &keys); err != nil {
			t.Fatalf("not one JSON document: %v\n%s", err, stdout)
		}
		var names []string
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		if want := []string{"changes", "check", "files", "in_sync"}; !reflect.DeepEqual(names, want) {
			t.Errorf("keys %v, want %v", names, want)
		}
		if !bytes.HasPrefix(bytes.TrimSpace(keys["changes"]), []byte("[")) {
			t.Errorf("changes is %s, want an array", keys["changes"])
		}
		dec := json.NewDecoder(strings.NewReader(stdout))
		dec.DisallowUnknownFields()
		var r report
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	jsonArgs := append([]string{"--format", "json"}, outArgs...)
	checkArgs := append([]string{"--check"}, jsonArgs...)
	dir := t.TempDir()

	code, stdout, _ := generateIn(t, dir, jsonArgs...)
	r := decode(t, stdout)
	if code != ExitOK || r.Check || r.InSync || r.Files != 22 || len(r.Changes) != 22 {
		t.Errorf("first run: exit code %d, %+v", code, r)
	}
	for _, c := range r.Changes {
		if c.Kind != "missing" || c.Diff != "" {
			t.Errorf("first run: %+v; want missing, without a diff", c)
		}
	}

	code, stdout, _ = generateIn(t, dir, checkArgs...)
	if r := decode(t, stdout); code != ExitOK || !r.Check || !r.InSync || r.Files != 22 || len(r.Changes) != 0 {
		t.Errorf("--check in sync: exit code %d, %+v", code, r)
	}

	drift(t, dir)
	code, stdout, _ = generateIn(t, dir, checkArgs...)
	r = decode(t, stdout)
	var got []string
	for _, c := range r.Changes {
		got = append(got, c.Path+" "+c.Kind)
		if !strings.Contains(c.Diff, "/"+c.Path+"\n") {
			t.Errorf("%s: the diff does not name the file:\n%.300s", c.Path, c.Diff)
		}
	}
	want := []string{"go/codec.go missing", "go/stale.go extra", "go/types.go changed"}
	if code != ExitFailed || !r.Check || r.InSync || !reflect.DeepEqual(got, want) {
		t.Errorf("--check after drift: exit code %d, check %v, in_sync %v, changes %v; want 1 and %v", code, r.Check, r.InSync, got, want)
	}
}

// Usage errors, unreadable schemas and schemas the generators cannot
// represent exit 2 with the reason (and the JSON pointer) on stderr, print
// nothing on stdout and write nothing.
func TestGenerateErrors(t *testing.T) {
	root := checkoutRoot(t)
	bad := filepath.Join(t.TempDir(), "bad.json")
	writeFile(t, bad, `{"$ref": `)
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"unknown flag", []string{"--frobnicate", "--go-out", "out"}, "unknown flag: --frobnicate"},
		{"unknown format", []string{"--format", "yaml", "--go-out", "out"}, `--format must be one of text, json, github, got "yaml"`},
		{"no output", []string{"--check"}, "nothing to generate: give --go-out, --ts-out or --docs-out, or write an omnigen.yaml (omnigen init)"},
		{"argument", []string{"--go-out", "out", "schema.json"}, `unknown command "schema.json"`},
		{"package name", []string{"--go-out", "out", "--go-package", "Omni-Message"}, `"Omni-Message" is not a Go package name`},
		// The default package name is the directory's, and go is a keyword.
		{"keyword", []string{"--go-out", "gen/go"}, `"go" is not a Go package name; give one with --go-package`},
		{"missing schema", []string{"--schema", "nope.json", "--go-out", "out"}, "nope.json"},
		{"invalid schema", []string{"--schema", bad, "--ts-out", "ts"}, "bad.json"},
		// What an x-omnigen annotation asks for is checked, with its pointer
		// (a schema is never refused for its shape alone: see
		// internal/gen/pipeline).
		{"annotation", []string{"--schema", filepath.Join(root, "testdata/gen/go-errors/builder-default-type.json"), "--go-out", "out", "--ts-out", "ts"},
			`#/$defs/A/x-omnigen/builders/0/params/0/default: "five" is not a value of the property's type (integer)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			code, stdout, stderr := generateIn(t, dir, c.args...)
			if code != ExitUsage || stdout != "" || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit code %d, stdout %q, stderr %q; want %d and %q on stderr only", code, stdout, stderr, ExitUsage, c.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("wrote %d entries", len(entries))
			}
		})
	}
}

// The generate cache (gencache.go) answers only for outputs that are
// exactly what generating gives: a hand edit, a missing file, a stale
// generated file or a broken manifest is found as without it.
func TestGenerateCacheStaysExact(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	dir := t.TempDir()
	if code, _, stderr := generateIn(t, dir, outArgs...); code != 0 {
		t.Fatalf("generate exits %d: %s", code, stderr)
	}
	manifests, _ := filepath.Glob(filepath.Join(cache, "omnigen", "generate", "*"))
	if len(manifests) != 1 {
		t.Fatalf("generate left %d manifests in the cache, want 1 (is the build ID readable on this system?)", len(manifests))
	}
	check := func(want int, why string) {
		t.Helper()
		if code, stdout, stderr := generateIn(t, dir, append([]string{"--check"}, outArgs...)...); code != want {
			t.Fatalf("%s: generate --check exits %d, want %d\n%s%s", why, code, want, stdout, stderr)
		}
	}
	check(0, "in sync")
	types := filepath.Join(dir, "ts", "src", "types.ts")
	original := readFile(t, types)
	writeFile(t, types, original+"// a hand edit\n")
	check(1, "a hand edit")
	writeFile(t, types, original)
	check(0, "the edit undone")
	if err := os.Remove(types); err != nil {
		t.Fatal(err)
	}
	check(1, "a file removed")
	writeFile(t, types, original)
	stale := filepath.Join(dir, "go", "stale.go")
	writeFile(t, stale, "// Code generated by omnigen. DO NOT EDIT.\n\npackage omni\n")
	check(1, "a stale generated file")
	if err := os.Remove(stale); err != nil {
		t.Fatal(err)
	}
	writeFile(t, manifests[0], "broken\n")
	check(0, "a broken manifest")
	t.Setenv("OMNIGEN_NOCACHE", "1")
	writeFile(t, types, original+"// a hand edit\n")
	check(1, "a hand edit, no cache")
}
