package golang

import (
	"os"
	"path/filepath"
	"testing"
)

func TestZZWrite(t *testing.T) {
	dir := os.Getenv("ZZ_DIR")
	if dir == "" {
		t.Skip()
	}
	files, err := generateCaseOpts(t, filepath.Join(repo, "testdata/gen", os.Getenv("ZZ_CASE")), func(o *Options) { o.unusedTree = true })
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dir, 0o755)
	for _, f := range files {
		os.WriteFile(filepath.Join(dir, f.Path), f.Content, 0o644)
	}
}
