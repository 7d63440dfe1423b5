package validate

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/engine"
)

// The benchmarks run only with -bench (make go-bench). MB/s is of JSON
// Lines bytes. BenchmarkRun validates testdata/traces/bench-trace.jsonl
// through the whole pipeline, or, when OMNIGEN_BENCH_DIR names a directory
// (such as a corpus of bench/run.sh under bench/.corpus), every JSONL file
// below it, with the stream profile when its name says "stream":
//
//	OMNIGEN_BENCH_DIR=$(ls -d bench/.corpus/trace-images-*200MB*) \
//	    go test -run '^$' -bench Run -cpuprofile cpu.out ./internal/validate

const benchTrace = "testdata/traces/bench-trace.jsonl"

func benchInputs(b *testing.B) ([]Input, int64) {
	arg := filepath.Join(repoRoot, benchTrace)
	if dir := os.Getenv("OMNIGEN_BENCH_DIR"); dir != "" {
		arg = dir
	}
	inputs, err := Inputs([]string{arg})
	if err != nil {
		b.Fatal(err)
	}
	var n int64
	for _, in := range inputs {
		st, err := os.Stat(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		n += st.Size()
	}
	return inputs, n
}

func benchmarkRun(b *testing.B, opts Options) {
	inputs, n := benchInputs(b)
	b.SetBytes(n)
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		sum, err := Run(inputs, opts)
		if err != nil {
			b.Fatal(err)
		}
		if sum.Invalid > 0 {
			b.Fatalf("%d invalid lines", sum.Invalid)
		}
	}
	// CPU time is what the profiles add, and on a shared machine a steadier
	// measure than the wall time.
	b.ReportMetric(float64((processCPU()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the user and system time of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkRun(b *testing.B) {
	profile := ProfileTrace
	if strings.Contains(filepath.Base(os.Getenv("OMNIGEN_BENCH_DIR")), "stream") {
		profile = ProfileStream
	}
	for _, p := range []Profile{ProfileMessage, profile} {
		b.Run(string(p), func(b *testing.B) { benchmarkRun(b, Options{Profile: p}) })
	}
}

// BenchmarkRunEngine is the same run with the generic engine as checker.
func BenchmarkRunEngine(b *testing.B) {
	if os.Getenv("OMNIGEN_BENCH_DIR") != "" {
		b.Skip("the engine is too slow for a corpus")
	}
	benchmarkRun(b, Options{Checker: engine.NewChecker(engine.CanonicalValidator())})
}

// BenchmarkCheck compares the checkers line by line, without the pipeline.
func BenchmarkCheck(b *testing.B) {
	data := readRepoFile(b, benchTrace)
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	for _, c := range []struct {
		name string
		c    LineChecker
	}{
		{"fast", NewFastChecker()},
		{"engine", engine.NewChecker(engine.CanonicalValidator())},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					if e := c.c.Check(l); e != nil {
						b.Fatal(e)
					}
				}
			}
		})
	}
}

// BenchmarkAccept checks lines with the fast path alone, by kind: image
// lines (over 512 KiB, nearly all base64) and the others (text, often full
// of escapes). "all" goes through up to 64 MB of each, read from memory;
// "cached" repeats the first MiB, which stays in the core's cache. Run it
// on a corpus with images (OMNIGEN_BENCH_DIR, as for BenchmarkRun).
func BenchmarkAccept(b *testing.B) {
	inputs, _ := benchInputs(b)
	const imageLine, most, cached = 512 << 10, 64 << 20, 1 << 20
	var kinds [2][][]byte // images, text
	var sizes [2]int
	for _, in := range inputs {
		if strings.HasSuffix(in.Path, ".gz") {
			continue
		}
		data, err := os.ReadFile(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
			k := 1
			if len(l) > imageLine {
				k = 0
			}
			if sizes[k] < most {
				kinds[k] = append(kinds[k], l)
				sizes[k] += len(l)
			}
		}
	}
	fast := NewFastChecker()
	for k, kind := range []string{"images", "text"} {
		lines := kinds[k]
		n := 0
		for i, l := range lines {
			if n += len(l); n >= cached {
				lines = lines[:i+1]
				break
			}
		}
		for _, c := range []struct {
			name  string
			lines [][]byte
		}{{kind + "/all", kinds[k]}, {kind + "/cached", lines}} {
			b.Run(c.name, func(b *testing.B) {
				if len(c.lines) == 0 {
					b.Skip("no such lines")
				}
				var n int64
				for _, l := range c.lines {
					n += int64(len(l))
				}
				b.SetBytes(n)
				for b.Loop() {
					for _, l := range c.lines {
						if !fast.Accept(l) {
							b.Fatal("a line is not valid")
						}
					}
				}
			})
		}
	}
}

// BenchmarkRejected puts the cost of a rejected line beside that of the same
// line when valid (issue 16: at most 2×), both through the whole pipeline
// with the text reporter (to io.Discard), in turns within one benchmark.
// The lines come from testdata/traces/bench-trace.jsonl: a short one, the
// median one and the longest one (a tool output of 200 kB), each repeated
// into about 4 MB. "early" spoils the timestamp, the first member, so the
// decoder stops at once; "late" adds an unknown member at the end of the
// envelope, so that the whole line is read before the schema rejects it.
// It reports ns/valid and ns/rejected per line, and their ratio.
func BenchmarkRejected(b *testing.B) {
	data := readRepoFile(b, benchTrace)
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	byLen := slices.Clone(lines)
	slices.SortStableFunc(byLen, func(x, y []byte) int { return len(x) - len(y) })
	picks := []struct {
		name string
		line []byte
	}{
		{"short", byLen[len(byLen)/10]},
		{"median", byLen[len(byLen)/2]},
		{"longest", byLen[len(byLen)-1]},
	}
	spoil := map[string]func([]byte) []byte{
		"early": func(l []byte) []byte {
			return bytes.Replace(l, []byte(`"timestamp":"2`), []byte(`"timestamp":"X`), 1)
		},
		"late": func(l []byte) []byte {
			return append(bytes.TrimSuffix(slices.Clone(l), []byte("}")), []byte(`,"bogus":1}`)...)
		},
	}
	for _, p := range picks {
		for _, how := range []string{"early", "late"} {
			b.Run(p.name+"/"+how, func(b *testing.B) {
				bad := spoil[how](p.line)
				if bytes.Equal(bad, p.line) {
					b.Fatal("the line was not spoilt")
				}
				n := max(1, (4<<20)/len(p.line))
				valid := bytes.Repeat(append(slices.Clone(p.line), '\n'), n)
				rejected := bytes.Repeat(append(bad, '\n'), n)
				var tv, tr time.Duration
				for b.Loop() {
					tv += timeRun(b, valid, 0)
					tr += timeRun(b, rejected, int64(n))
				}
				iters := float64(b.N) * float64(n)
				b.ReportMetric(float64(tv.Nanoseconds())/iters, "ns/valid")
				b.ReportMetric(float64(tr.Nanoseconds())/iters, "ns/rejected")
				b.ReportMetric(float64(tr)/float64(tv), "rejected/valid")
			})
		}
	}
}

// timeRun validates data as standard input with the text reporter writing
// to io.Discard, checks that it has that many invalid lines, and returns how
// long it took.
func timeRun(b *testing.B, data []byte, invalid int64) time.Duration {
	rep, err := NewReporter("text", io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	sum, err := Run([]Input{{Name: StdinName, Size: -1}}, Options{Stdin: bytes.NewReader(data), Reporter: rep})
	d := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	if sum.Invalid != invalid {
		b.Fatalf("%d invalid lines, want %d", sum.Invalid, invalid)
	}
	return d
}
