package validate

import (
	"bytes"
	"encoding/json"
	"testing"
)

type vector struct {
	Name    string          `json:"name"`
	Pointer string          `json:"pointer"`
	Message json.RawMessage `json:"message"`
}

func vectors(t testing.TB, path string) []vector {
	t.Helper()
	var out []vector
	for _, line := range bytes.Split(bytes.TrimSpace(readRepoFile(t, path)), []byte("\n")) {
		var v vector
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	return out
}

// Every conformance vector, as a line of a JSON Lines file, gets the answer
// the schema gives it: valid ones are accepted, invalid ones rejected with
// the pointer the vector names.
func TestConformanceVectors(t *testing.T) {
	valid := vectors(t, "testdata/conformance/valid.jsonl")
	var data []byte
	for _, v := range valid {
		data = append(append(data, v.Message...), '\n')
	}
	sum, findings := runData(t, data, Options{})
	if sum.Valid != int64(len(valid)) || len(findings) != 0 {
		for _, f := range findings {
			t.Errorf("valid vector %s: %s", valid[f.Line-1].Name, f.Message)
		}
		t.Fatalf("%d of %d valid vectors accepted", sum.Valid, len(valid))
	}

	invalid := vectors(t, "testdata/conformance/invalid.jsonl")
	data = nil
	for _, v := range invalid {
		data = append(append(data, v.Message...), '\n')
	}
	sum, findings = runData(t, data, Options{})
	checkCounts(t, sum)
	if sum.Invalid != int64(len(invalid)) {
		t.Errorf("%d of %d invalid vectors rejected", sum.Invalid, len(invalid))
	}
	got := map[int]Finding{}
	for _, f := range findings {
		if _, dup := got[f.Line]; dup {
			t.Errorf("vector %s: more than one finding", invalid[f.Line-1].Name)
		}
		got[f.Line] = f
	}
	for i, v := range invalid {
		f, ok := got[i+1]
		switch {
		case !ok:
			t.Errorf("invalid vector %s: accepted", v.Name)
		case f.Pointer != v.Pointer || f.Rule != RuleSchema:
			t.Errorf("invalid vector %s: %s at %q, want a schema error at %q", v.Name, f.Message, f.Pointer, v.Pointer)
		}
	}
}
