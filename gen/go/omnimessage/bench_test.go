package omnimessage

import (
	"encoding/json"
	"strconv"
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

// manyKeysLine is a valid thinking message whose fidelity object has n keys
// (about 20 bytes a member): each key must be told apart from all the
// others, which must cost the same per key however many there are.
func manyKeysLine(n int) []byte {
	line := []byte(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","fidelity":{`)
	for i := range n {
		if i > 0 {
			line = append(line, ',')
		}
		line = append(line, `"key`...)
		line = strconv.AppendInt(line, int64(i), 36)
		line = append(line, `":`...)
		line = strconv.AppendInt(line, int64(i), 10)
	}
	return append(line, "}}}"...)
}

// BenchmarkManyKeys decodes, validates and encodes one line of a million
// keys in one object (MB/s of the line, to compare with the Trace's).
func BenchmarkManyKeys(b *testing.B) {
	line := manyKeysLine(1_000_000)
	m, err := Unmarshal(line)
	if err != nil {
		b.Fatal(err)
	}
	for _, op := range []struct {
		name string
		run  func() error
	}{
		{"Unmarshal", func() error { _, err := Unmarshal(line); return err }},
		{"Validate", func() error { return Validate(line) }},
		{"Marshal", func() error { _, err := Marshal(m); return err }},
	} {
		b.Run(op.name, func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			b.ReportAllocs()
			for b.Loop() {
				if err := op.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A key costs Unmarshal, Validate and Marshal the same in an object of a
// hundred thousand keys as in a small one: no allocation per key (a map of
// the keys cost one each, and time that grew faster than the keys did).
// BenchmarkManyKeys measures the speed.
func TestManyKeysCostNoAllocationPerKey(t *testing.T) {
	const n = 100_000
	line := manyKeysLine(n)
	m, err := Unmarshal(line)
	if err != nil {
		t.Fatal(err)
	}
	for name, run := range map[string]func(){
		"Unmarshal": func() { Unmarshal(line) },
		"Validate":  func() { Validate(line) },
		"Marshal":   func() { Marshal(m) },
	} {
		if allocs := testing.AllocsPerRun(2, run); allocs > n/100 {
			t.Errorf("%s of %d keys: %.0f allocations", name, n, allocs)
		}
	}
}
