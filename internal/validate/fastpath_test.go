package validate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// FuzzValidate compares the FastChecker with the engine on every line.
func init() { comparedCheckers = append(comparedCheckers, NewFastChecker()) }

// Every conformance vector gets the same verdict from the generated
// Validate as from the engine, and the FastChecker reports exactly the
// engine's finding.
func TestFastPathAgreesOnVectors(t *testing.T) {
	engine := NewEngineChecker(schema.CanonicalValidator())
	fast := NewFastChecker()
	for _, file := range []string{"valid", "invalid"} {
		for _, v := range vectors(t, "testdata/conformance/"+file+".jsonl") {
			want := engine.Check(v.Message)
			if (want == nil) != (file == "valid") {
				t.Errorf("%s vector %s: the engine says %v", file, v.Name, want)
			}
			compareFastPath(t, v.Message, want)
			if got := fast.Check(v.Message); !sameError(got, want) {
				t.Errorf("%s vector %s: FastChecker says %v, the engine %v", file, v.Name, got, want)
			}
		}
	}
}

// compareFastPath fails when the generated decoder and the engine (whose
// answer is want) disagree about a line the reader accepts, and when the
// generated decoder vouches for a line the reader rejects. The one
// disagreement allowed is documented in gen/go/omnimessage: it rejects
// numbers beyond float64 and int64 that the schema allows (FastChecker then
// asks the engine, which accepts them).
func compareFastPath(t testing.TB, line []byte, want *schema.Error) {
	t.Helper()
	err := omnimessage.Validate(line)
	var sc scanner
	if prob := sc.check(line); prob != nil {
		if err == nil {
			t.Fatalf("%.200q: the generated Validate accepts what the reader rejects (%s)", line, prob.message)
		}
		return
	}
	switch {
	case err == nil && want != nil:
		t.Fatalf("%.200q: the generated Validate accepts it, the engine says %v", line, want)
	case err != nil && want == nil && !strings.Contains(err.Error(), "out of range of"):
		t.Fatalf("%.200q: the generated Validate says %v, the engine accepts it", line, err)
	}
}

// FuzzFastPath compares the generated decoder with the engine on single
// lines (see compareFastPath): cheaper per input than FuzzValidate, so the
// fuzzer goes deeper into the schema. Its seeds are the conformance vectors,
// the corpora of FuzzFastPath and FuzzUnmarshal, and the realistic Trace.
func FuzzFastPath(f *testing.F) {
	addCorpus(f, "testdata/fuzz/FuzzFastPath")
	addCorpus(f, "testdata/fuzz/FuzzUnmarshal")
	for _, file := range []string{"valid", "invalid"} {
		for _, v := range vectors(f, "testdata/conformance/"+file+".jsonl") {
			f.Add([]byte(v.Message))
		}
	}
	for _, line := range bytes.Split(readRepoFile(f, "testdata/traces/realistic.jsonl"), []byte("\n")) {
		f.Add(line)
	}
	engine := NewEngineChecker(schema.CanonicalValidator())
	f.Fuzz(func(t *testing.T, line []byte) {
		var sc scanner
		if sc.check(line) != nil {
			compareFastPath(t, line, nil)
			return
		}
		compareFastPath(t, line, engine.Check(line))
	})
}
