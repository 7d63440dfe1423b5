package pipeline

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
)

// FuzzGenerate feeds schema documents, mutated from the golden cases and
// the dialect's error cases, through everything generate does with one:
// load (resolve, compile, shape, or the dialect's model), then render Go
// and TypeScript. A schema is input like any other: whatever it holds,
// omnigen reports an error or writes code, never panics or hangs, and the
// Go it writes parses and is the same from one run to the next.
//
//	go test ./internal/gen/pipeline -run '^$' -fuzz FuzzGenerate -fuzztime 2m
//
// The fuzzer's finds worth keeping are in testdata/fuzz/FuzzGenerate.
func FuzzGenerate(f *testing.F) {
	for _, pattern := range []string{"testdata/gen/*/schema.json", "testdata/gen/go-errors/*.json"} {
		files, err := filepath.Glob(filepath.Join(repo, pattern))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		// A file of its own, so that relative references resolve in an
		// empty directory and read nothing of the repository.
		path := filepath.Join(dir, "schema.json")
		s, err := LoadData(data, path, model.LoadOptions{})
		if err != nil {
			return
		}
		files, err := golang.Generate(s, golang.Options{Package: "p"})
		if err == nil {
			for _, file := range files {
				if _, err := parser.ParseFile(token.NewFileSet(), file.Path, file.Content, parser.SkipObjectResolution); err != nil {
					t.Fatalf("generated %s does not parse: %v\n%s", file.Path, err, file.Content)
				}
			}
			// The same schema gives the same bytes, run after run.
			s2, err := LoadData(data, path, model.LoadOptions{})
			if err != nil {
				t.Fatalf("loaded once, refused the second time: %v", err)
			}
			again, err := golang.Generate(s2, golang.Options{Package: "p"})
			if err != nil || len(again) != len(files) {
				t.Fatalf("generated again: %d files, %v; first %d", len(again), err, len(files))
			}
			for i := range files {
				if files[i].Path != again[i].Path || !bytes.Equal(files[i].Content, again[i].Content) {
					t.Fatalf("%s differs between two runs", files[i].Path)
				}
			}
		}
		_, _ = typescript.Generate(s, typescript.Options{})
	})
}
