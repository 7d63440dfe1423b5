package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func genFile(path, body string) File {
	return File{Path: path, Content: []byte(Header + "\n\n" + body)}
}

func TestWriteThenCompareIsInSync(t *testing.T) {
	dir := t.TempDir()
	files := []File{genFile("a.go", "package a\n"), genFile("src/b.ts", "export {};\n")}
	changes, err := Write(dir, files)
	if err != nil || len(changes) != 2 {
		t.Fatalf("first write: %v, %+v", err, changes)
	}
	changes, err = Compare(dir, files)
	if err != nil || len(changes) != 0 {
		t.Fatalf("after writing: %v, %+v", err, changes)
	}
}

func TestCompareReportsChangedMissingAndExtra(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, []File{genFile("a.go", "package a\n"), genFile("old.go", "package a\n")}); err != nil {
		t.Fatal(err)
	}
	// Hand-written files beside generated ones are never reported or touched.
	hand := filepath.Join(dir, "hand.go")
	os.WriteFile(hand, []byte("package a\n"), 0o644)

	next := []File{genFile("a.go", "package a\n\nvar X = 1\n"), genFile("new.go", "package a\n")}
	changes, err := Compare(dir, next)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range changes {
		got[c.Path] = c.Kind
	}
	want := map[string]string{"a.go": "changed", "new.go": "missing", "old.go": "extra"}
	if len(got) != len(want) {
		t.Fatalf("changes %v, want %v", got, want)
	}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("%s: %q, want %q", p, got[p], k)
		}
	}
	for _, c := range changes {
		if c.Path == "a.go" && !strings.Contains(c.Diff, "+var X = 1") {
			t.Errorf("the diff of a.go does not show the new line:\n%s", c.Diff)
		}
	}

	if _, err := Write(dir, next); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.go")); !os.IsNotExist(err) {
		t.Errorf("old.go was not removed")
	}
	if _, err := os.Stat(hand); err != nil {
		t.Errorf("the hand-written file was touched: %v", err)
	}
	if changes, _ := Compare(dir, next); len(changes) != 0 {
		t.Errorf("not in sync after writing: %+v", changes)
	}
}

func TestRefusesToOverwriteAHandWrittenFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a // mine\n"), 0o644)
	if _, err := Write(dir, []File{genFile("a.go", "package a\n")}); err == nil {
		t.Fatal("overwrote a file without the generated header")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	if string(b) != "package a // mine\n" {
		t.Errorf("the file changed: %q", b)
	}
}

// Go and TypeScript may share an output directory: the generated files of
// one language are never stale for the other.
func TestLanguagesShareADirectory(t *testing.T) {
	dir := t.TempDir()
	goFiles := []File{genFile("a.go", "package a\n")}
	tsFiles := []File{genFile("src/b.ts", "export {};\n")}
	for _, files := range [][]File{goFiles, tsFiles} {
		if _, err := Write(dir, files); err != nil {
			t.Fatal(err)
		}
	}
	for _, files := range [][]File{goFiles, tsFiles} {
		if changes, err := Compare(dir, files); err != nil || len(changes) != 0 {
			t.Errorf("%s: %v, %+v", files[0].Path, err, changes)
		}
	}
	// A .ts file the TypeScript files no longer hold is still stale.
	os.WriteFile(filepath.Join(dir, "old.ts"), []byte(Header+"\n"), 0o644)
	if changes, _ := Compare(dir, tsFiles); len(changes) != 1 || changes[0].Path != "old.ts" || changes[0].Kind != "extra" {
		t.Errorf("changes %+v, want old.ts extra", changes)
	}
}

func TestUnifiedNamesTheFiles(t *testing.T) {
	for _, c := range []struct {
		path     string
		from, to []byte
		want     string
	}{
		{"gen/a.go", []byte("x\n"), []byte("y\n"), "--- a/gen/a.go\n+++ b/gen/a.go\n@@ -1 +1 @@\n-x\n+y\n"},
		{"a.go", nil, []byte("y\n"), "--- /dev/null\n+++ b/a.go\n@@ -0,0 +1 @@\n+y\n"},
		{"/tmp/a.go", []byte("x\n"), nil, "--- /tmp/a.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"},
	} {
		if got := Unified(c.path, c.from, c.to); got != c.want {
			t.Errorf("Unified(%q):\n%s\nwant\n%s", c.path, got, c.want)
		}
	}
}

func TestUnifiedMarksAMissingFinalNewline(t *testing.T) {
	got := Unified("a.go", []byte("x\ny"), []byte("x\ny\n"))
	want := "--- a/a.go\n+++ b/a.go\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
