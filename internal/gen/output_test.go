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
