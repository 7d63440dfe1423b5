package omnimessage

import (
	"encoding/json"
	"testing"
)

// The benchmarks read or write every line of the bench Trace per iteration;
// MB/s is of Trace bytes. The Map ones are the baseline: encoding/json into
// and from map[string]any, on the same lines.

func benchLines(b *testing.B) ([][]byte, int64) {
	lines := traceLines(b, benchTrace)
	var n int64
	for _, l := range lines {
		n += int64(len(l)) + 1
	}
	return lines, n
}

func BenchmarkUnmarshal(b *testing.B) {
	lines, n := benchLines(b)
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if _, err := Unmarshal(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	lines, n := benchLines(b)
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if err := Validate(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	lines, n := benchLines(b)
	msgs := make([]Message, len(lines))
	for i, l := range lines {
		m, err := Unmarshal(l)
		if err != nil {
			b.Fatal(err)
		}
		msgs[i] = m
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range msgs {
			if _, err := Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMapUnmarshal(b *testing.B) {
	lines, n := benchLines(b)
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			var m map[string]any
			if err := json.Unmarshal(l, &m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMapMarshal(b *testing.B) {
	lines, n := benchLines(b)
	maps := make([]map[string]any, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal(l, &maps[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range maps {
			if _, err := json.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}
