package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// An entry below a directory argument that cannot be read (here a symbolic
// link that loops) is one I/O finding: the other files are still checked,
// and the exit code says 2 at the end.
func TestValidateDirectoryWithUnreadableEntry(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.jsonl", filepath.Join(dir, "loop.jsonl")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := validateCmd(t, "", dir)
	if code != ExitUsage {
		t.Errorf("exit code %d, want %d", code, ExitUsage)
	}
	for _, want := range []string{
		`(?m)^.*/a\.jsonl:1: /timestamp: missing required property "timestamp" \(required\)$`,
		`(?m)^.*/loop\.jsonl: cannot follow the symbolic link: too many levels of symbolic links$`,
	} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("stdout:\n%s\nwant a match for %s", stdout, want)
		}
	}
	if !regexp.MustCompile(`1 line in 2 files: 0 valid, 1 invalid, .*; 1 file could not be read`).MatchString(stderr) {
		t.Errorf("stderr:\n%s", stderr)
	}
}
