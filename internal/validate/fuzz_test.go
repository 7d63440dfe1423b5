package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// fuzzCorpus is where the interesting inputs of FuzzValidate are kept: raw
// files, or files in the format "go test" writes to testdata/fuzz (moved
// there from this package's own testdata/fuzz/FuzzValidate).
const fuzzCorpus = "testdata/fuzz/FuzzValidate"

// comparedCheckers are checkers that must answer every well-formed line
// exactly as the schema engine does; a faster LineChecker registers itself
// here (from a test file of this package) to be compared on every input.
var comparedCheckers []LineChecker

// FuzzValidate feeds arbitrary bytes as a file to every profile: the run
// never panics, every line is counted once, the reader's own checks agree
// with encoding/json, and the decoded value with the schema engine's; the
// generated decoder of the fast path gives the engine's verdict on every
// line (see compareFastPath), and every compared checker its finding.
func FuzzValidate(f *testing.F) {
	addCorpus(f, fuzzCorpus)
	for _, dir := range []string{"testdata/validate/bad", "testdata/traces/rules", "testdata/streams/rules"} {
		entries, _ := os.ReadDir(filepath.Join(repoRoot, dir))
		for _, e := range entries {
			f.Add(readRepoFile(f, filepath.Join(dir, e.Name())))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range []Profile{ProfileMessage, ProfileTrace, ProfileStream} {
			sum, findings := runData(t, data, Options{Profile: p, Workers: 2})
			checkCounts(t, sum)
			gz := len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b
			if want := countLines(data); !gz && sum.Lines != want {
				t.Fatalf("%s: %d lines counted, the input has %d", p, sum.Lines, want)
			}
			if !gz && sum.Bytes != int64(len(data)) {
				t.Fatalf("%s: %d bytes counted, the input has %d", p, sum.Bytes, len(data))
			}
			for _, f := range findings {
				if f.Rule == RuleInternal {
					t.Fatalf("%s: line %d: %s", p, f.Line, f.Message)
				}
				if int64(f.Line) > sum.Lines {
					t.Fatalf("%s: a finding on line %d of %d", p, f.Line, sum.Lines)
				}
			}
		}
		if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
			return
		}
		engine := engine.NewChecker(engine.CanonicalValidator())
		for i, line := range bytes.Split(data, []byte("\n")) {
			line = bytes.TrimSuffix(line, []byte("\r"))
			if i == 0 {
				line = bytes.TrimPrefix(line, bom)
			}
			if isBlank(line) {
				continue
			}
			compareWithReference(t, line)
			var sc jsonrt.LineScanner
			if sc.Check(line) != nil {
				compareFastPath(t, line, nil)
				continue
			}
			want := engine.Check(line)
			compareFastPath(t, line, want)
			for _, c := range comparedCheckers {
				if got := c.Check(line); !sameError(got, want) && !jsRule(got) {
					t.Fatalf("%.80q: %T says %v, the engine %v", line, c, got, want)
				}
			}
		}
	})
}

// sameError reports whether two findings are the same: the engine gives one
// finding per line whatever the order of its maps (see internal/schema), so
// a checker that agrees with it gives exactly that one.
func sameError(a, b *schema.Error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// addCorpus adds every file of dir (relative to the module root) as a seed:
// its bytes, or its value when it is in the format "go test" writes.
func addCorpus(f *testing.F, dir string) {
	entries, err := os.ReadDir(filepath.Join(repoRoot, dir))
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		data := readRepoFile(f, filepath.Join(dir, e.Name()))
		if v, ok := goFuzzValue(data); ok {
			data = v
		}
		f.Add(data)
	}
}

// countLines is how many lines data has: one per "\n", and one more for text
// after the last.
func countLines(data []byte) int64 {
	n := int64(bytes.Count(data, []byte("\n")))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// goFuzzValue reads a corpus file in the format of "go test fuzz v1" with
// one []byte value.
func goFuzzValue(data []byte) ([]byte, bool) {
	s, ok := strings.CutPrefix(string(data), "go test fuzz v1\n")
	if !ok {
		return nil, false
	}
	s = strings.TrimSpace(s)
	s, ok = strings.CutPrefix(s, "[]byte(")
	if !ok {
		return nil, false
	}
	v, err := strconv.Unquote(strings.TrimSuffix(s, ")"))
	if err != nil {
		return nil, false
	}
	return []byte(v), true
}
