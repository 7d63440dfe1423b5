package publish

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

var update = flag.Bool("update", false, "rewrite runtime/omnigenrt")

// The committed public runtime is what Files writes from the internal
// runtimes, byte for byte: a change to a runtime reaches it only through
// the generator (go test ./internal/runtime/publish -update, or make update).
func TestPublicRuntimeUpToDate(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "..", filepath.FromSlash(Dir))
	if *update {
		if _, err := gen.Write(dir, files); err != nil {
			t.Fatal(err)
		}
	}
	changes, err := gen.Compare(dir, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		t.Errorf("%s: %s is %s (go test ./internal/runtime/publish -update rewrites it)\n%s", dir, c.Path, c.Kind, c.Diff)
	}
}
