package library

import (
	"os"
	"path/filepath"
	"testing"
)

// Hand-written: the speed of a package generated from a schema outside
// the dialect, on the case's valid samples (make general-bench).

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
		b.Fatal("no valid sample")
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
	var values []Branch
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

// BenchmarkUnmarshalJSON reads every valid sample once an op with the
// root type's UnmarshalJSON, the method encoding/json calls.
func BenchmarkUnmarshalJSON(b *testing.B) {
	docs := validSamples(b)
	for b.Loop() {
		for _, d := range docs {
			var v Branch
			if err := v.UnmarshalJSON(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkMarshalJSON writes every valid sample once an op with the root
// type's MarshalJSON.
func BenchmarkMarshalJSON(b *testing.B) {
	var values []Branch
	for _, d := range validSamples(b) {
		v, err := Unmarshal(d)
		if err != nil {
			b.Fatal(err)
		}
		values = append(values, v)
	}
	for b.Loop() {
		for _, v := range values {
			if _, err := v.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
