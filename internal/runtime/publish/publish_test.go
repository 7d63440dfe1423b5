package publish

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/runtime/rtname"
	"github.com/omnigen-dev/omnigen/internal/testutil/golden"
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
	golden.Check(t, dir, files, *update, "go test ./internal/runtime/publish -update")
}

// The version check of generated code compiles against a runtime of its
// version, and not against one older (or newer) than it supports.
func TestVersionCheck(t *testing.T) {
	check := func(version int) error {
		guard := fmt.Sprintf("package omnigenrt\n\nconst (\n\t_ = EnforceVersion(%[1]d - MinVersion)\n\t_ = EnforceVersion(MaxVersion - %[1]d)\n)\n", version)
		fset := token.NewFileSet()
		var files []*ast.File
		for _, src := range []string{docFile(), guard} {
			f, err := parser.ParseFile(fset, "", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		_, err := (&types.Config{}).Check(rtname.Package, fset, files, nil)
		return err
	}
	if err := check(rtname.Version); err != nil {
		t.Errorf("version %d: %v", rtname.Version, err)
	}
	if err := check(rtname.Version + 1); err == nil {
		t.Errorf("code of version %d compiles against a runtime of version %d", rtname.Version+1, rtname.Version)
	}
	if err := check(rtname.MinVersion - 1); err == nil {
		t.Errorf("code of version %d compiles against a runtime that supports %d at the oldest", rtname.MinVersion-1, rtname.MinVersion)
	}
}
