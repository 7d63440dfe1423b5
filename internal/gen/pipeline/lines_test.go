package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// maxLine is the longest line, in characters, generated code may have: a
// long literal or table is written across lines as a person would.
const maxLine = 160

// No generated line of the committed outputs (the canonical packages and
// the golden cases, which the emitters' golden tests hold to what they
// generate) is longer than maxLine. The tests written beside them by hand
// are not generated and not held to it.
func TestGoldenLineLength(t *testing.T) {
	var paths []string
	for _, pattern := range []string{
		"gen/go/omnimessage/*.go",
		"gen/ts/src/*.ts",
		"testdata/gen/*/go/*.go",
		"testdata/gen/*/ts/src/*.ts",
	} {
		matches, err := filepath.Glob(filepath.Join(repo, pattern))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, matches...)
	}
	checked := map[string]int{}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, ".test.ts") {
			continue
		}
		content, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !gen.IsGenerated(content) {
			continue
		}
		checked[filepath.Ext(path)]++
		for i, line := range strings.Split(string(content), "\n") {
			if n := utf8.RuneCountInString(line); n > maxLine {
				t.Errorf("%s:%d: %d characters (at most %d): %.80s…", path, i+1, n, maxLine, line)
			}
		}
	}
	if checked[".go"] < 20 || checked[".ts"] < 20 {
		t.Errorf("checked %d Go and %d TypeScript files; want the golden outputs of both", checked[".go"], checked[".ts"])
	}
}
