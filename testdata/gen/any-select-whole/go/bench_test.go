package anyselectwhole

import (
	"os"
	"path/filepath"
	"testing"
)

// Hand-written: the speed of this case's package on its valid samples
// (make general-bench).

func validSamples(b *testing.B) [][]byte {
	files, err := filepath.Glob(filepath.Join("..", "samples", "*.json"))
	if err != nil {
		b.Fatal(err)
	}
	var docs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		if Validate(data) == nil {
			docs = append(docs, data)
		}
	}
	if len(docs) == 0 {
		b.Skip("no valid sample in ../samples")
	}
	return docs
}

// BenchmarkUnmarshal reads every valid sample once an op.
func BenchmarkUnmarshal(b *testing.B) {
	docs := validSamples(b)
	for b.Loop() {
		for _, d := range docs {
			if _, err := Unmarshal(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkValidate validates every valid sample once an op.
func BenchmarkValidate(b *testing.B) {
	docs := validSamples(b)
	for b.Loop() {
		for _, d := range docs {
			if err := Validate(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkMarshal writes every valid sample once an op.
func BenchmarkMarshal(b *testing.B) {
	var values []Form
	for _, d := range validSamples(b) {
		v, err := Unmarshal(d)
		if err != nil {
			b.Fatal(err)
		}
		values = append(values, v)
	}
	for b.Loop() {
		for _, v := range values {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}
