// Package golden holds a directory of committed generated files to what a
// generator makes now: the drift check, and the -update that rewrites it,
// of every test that owns generated files (gen/, docs/, runtime/omnigenrt,
// internal/validate/fastpath, the golden cases of testdata/gen).
package golden

import (
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// Check fails t for every file of dir that differs from files, is missing,
// or is generated and not among files, with its unified diff and regen,
// the command that rewrites dir. With update it first brings dir in line
// with files (gen.Write) and logs what it changed.
func Check(t testing.TB, dir string, files []gen.File, update bool, regen string) {
	t.Helper()
	if update {
		changes, err := gen.Write(dir, files)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range changes {
			t.Logf("%s %s", c.Kind, filepath.Join(dir, c.Path))
		}
	}
	changes, err := gen.Compare(dir, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		t.Errorf("%s is %s (%s rewrites it, or make update; review the diff)\n%s", filepath.Join(dir, c.Path), c.Kind, regen, c.Diff)
	}
}
