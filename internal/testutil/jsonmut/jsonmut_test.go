package jsonmut

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The mutants of a seed are the same for the same generator, and they mix
// what the differential tests need: JSON that differs from the seed, and
// text that is not JSON.
func TestNext(t *testing.T) {
	seed, ok := Parse([]byte(`{"type":"text","n":1,"items":[true,null,"a"],"o":{"k":"v"}}`))
	if !ok {
		t.Fatal("the seed is not read")
	}
	if _, ok := Parse([]byte(`{"a":`)); ok {
		t.Error("Parse reads text that is not JSON")
	}
	mutants := func() [][]byte {
		m := New(7, append(seed.Words(), "other"))
		var out [][]byte
		for range 1000 {
			out = append(out, m.Next([]*Value{seed}))
		}
		return out
	}
	a, b := mutants(), mutants()
	changed, broken := 0, 0
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("mutant %d differs between two runs: %q and %q", i, a[i], b[i])
		}
		switch {
		case !json.Valid(a[i]):
			broken++
		case !bytes.Equal(a[i], []byte(`{"type":"text","n":1,"items":[true,null,"a"],"o":{"k":"v"}}`)):
			changed++
		}
	}
	if changed < 500 || broken < 20 {
		t.Errorf("of 1000 mutants, %d are other JSON and %d are not JSON: want at least 500 and 20", changed, broken)
	}
}
