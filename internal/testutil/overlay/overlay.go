// Package overlay writes the overlay files of go build -overlay for tests
// that build code against a package generated otherwise than the committed
// one (an evolved schema, another path through the generator), without
// touching the repository.
package overlay

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// Package writes, in dir, the files and an overlay that gives the package
// directory pkg the generated files files in place of its own: each
// replaces the file of its name or is added, and a generated file of pkg
// (one that begins with gen.Header) that files lack is deleted; hand-written
// files, its tests, stay. extra replaces other files by path. It returns
// the overlay's path, for go build, vet or test -overlay.
func Package(t testing.TB, dir, pkg string, files []gen.File, extra map[string][]byte) string {
	t.Helper()
	replace := map[string]string{}
	put := func(target string, content []byte) {
		src := filepath.Join(dir, fmt.Sprintf("%d-%s", len(replace), filepath.Base(target)))
		if err := os.WriteFile(src, content, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[target] = src
	}
	for target, content := range extra {
		put(target, content)
	}
	for _, f := range files {
		put(filepath.Join(pkg, f.Path), f.Content)
	}
	committed, err := filepath.Glob(filepath.Join(pkg, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range committed {
		content, err := os.ReadFile(path)
		if _, ok := replace[path]; !ok && err == nil && gen.IsGenerated(content) {
			replace[path] = ""
		}
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(file, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}
