package validate

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// The inputs of issue 11, as a hostile user would write them: each must be
// validated within the memory promise of "omnigen validate" (peak RSS under
// 3 × the longest line + 64 MB), in time linear in its size. The tests run
// them at sizes CI can afford; BenchmarkHostile (make bench) at full size,
// printing the peak beside the bound and the time per MB.

// hostileCase is one such input: write writes it at scale n.
type hostileCase struct {
	name string
	// ci and full are the scales of the test and of the benchmark.
	ci, full int
	write    func(w *bufio.Writer, n int)
	gzip     bool
	opts     hostileOpts
	// bound, when set, is a tighter bound than the promise, in bytes, for
	// the line's size (longest) and the input's.
	bound func(longest int64) int64
	// want checks the summary.
	want func(t testing.TB, n int, sum hostileResult)
}

type hostileOpts struct {
	MaxErrors int
	Profile   string
	// Engine checks with the schema engine, as --schema does.
	Engine bool
}

// hostileResult is what the child reports.
type hostileResult struct {
	Peak, Lines, Valid, Invalid, Warned, Errors, Bytes int64
	Elapsed                                            time.Duration
	First                                              string // the first finding
}

const validMessage = `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`

// fidelityLine writes a thinking message whose fidelity has n keys, with the
// given role.
func fidelityLine(w *bufio.Writer, n int, role string) {
	fmt.Fprintf(w, `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":%q,"thinking":"","fidelity":{`, role)
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, `"k%d":%d`, i, i)
	}
	w.WriteString("}}}\n")
}

var hostileCases = []hostileCase{
	{name: "empty-lines", ci: 1_000_000, full: 10_000_000,
		write: func(w *bufio.Writer, n int) { w.WriteString(strings.Repeat("\n", n)) },
		want: func(t testing.TB, n int, r hostileResult) {
			if r.Lines != int64(n) || r.Warned != int64(n) {
				t.Errorf("%d lines, %d warned; want %d blank lines", r.Lines, r.Warned, n)
			}
		}},
	{name: "invalid-lines", ci: 500_000, full: 10_000_000,
		write: func(w *bufio.Writer, n int) { w.WriteString(strings.Repeat("1\n", n)) },
		want: func(t testing.TB, n int, r hostileResult) {
			if r.Invalid != int64(n) || r.First != "1 error schema / must be object, got number (type)" {
				t.Errorf("%d invalid, first %q; want %d invalid lines", r.Invalid, r.First, n)
			}
		}},
	{name: "invalid-lines-max-errors-1", ci: 500_000, full: 10_000_000, opts: hostileOpts{MaxErrors: 1},
		write: func(w *bufio.Writer, n int) { w.WriteString(strings.Repeat("1\n", n)) },
		want: func(t testing.TB, n int, r hostileResult) {
			if r.Invalid != int64(n) || r.Errors != int64(n) {
				t.Errorf("%d invalid, %d errors; want %d of each", r.Invalid, r.Errors, n)
			}
		}},
	{name: "array-of-objects", ci: 5 << 20, full: 30 << 20,
		write: func(w *bufio.Writer, n int) {
			w.WriteString("[{}" + strings.Repeat(",{}", n/3) + "]\n")
		},
		want: wantFirst("1 error schema / must be object, got array (type)")},
	{name: "array-of-numbers", ci: 10 << 20, full: 100 << 20,
		write: func(w *bufio.Writer, n int) {
			w.WriteString("[1" + strings.Repeat(",1", n/2) + "]\n")
		},
		want: wantFirst("1 error schema / must be object, got array (type)")},
	{name: "array-of-numbers-engine", ci: 10 << 20, full: 100 << 20, opts: hostileOpts{Engine: true},
		write: func(w *bufio.Writer, n int) {
			w.WriteString("[1" + strings.Repeat(",1", n/2) + "]\n")
		},
		want: func(t testing.TB, n int, r hostileResult) {
			if r.Invalid != 1 || !strings.HasPrefix(r.First, "1 error limit / not checked: checking its") {
				t.Errorf("%d invalid, first %q; want the line not checked", r.Invalid, r.First)
			}
		}},
	{name: "big-fidelity-bad-role", ci: 500_000, full: 600_000,
		write: func(w *bufio.Writer, n int) { fidelityLine(w, n, "user") },
		want:  wantFirst(`1 error schema /payload/role must be "assistant", got "user" (const)`)},
	{name: "million-keys", ci: 1_000_000, full: 1_000_000,
		write: func(w *bufio.Writer, n int) { fidelityLine(w, n, "assistant") },
		want: func(t testing.TB, n int, r hostileResult) {
			if r.Valid != 1 {
				t.Errorf("%d valid (%s), want the line valid", r.Valid, r.First)
			}
		}},
	{name: "gzip-zeros", ci: 256 << 20, full: 1 << 30, gzip: true,
		write: func(w *bufio.Writer, n int) {
			zeros := make([]byte, 1<<20)
			for range n >> 20 {
				w.Write(zeros)
			}
		},
		// The first byte decides: the line is not held, but read to its end.
		bound: func(int64) int64 { return 64 << 20 },
		want: func(t testing.TB, n int, r hostileResult) {
			wantFirst("1 error syntax / invalid JSON: unexpected character U+0000 at col 1, expected a value (the last line has no final newline: is it torn?)")(t, n, r)
			if r.Bytes != int64(n) {
				t.Errorf("%d bytes read, want %d", r.Bytes, n)
			}
		}},
}

func wantFirst(first string) func(t testing.TB, n int, r hostileResult) {
	return func(t testing.TB, n int, r hostileResult) {
		if r.Lines != 1 || r.First != first {
			t.Errorf("%d lines, first finding %q; want %q", r.Lines, r.First, first)
		}
	}
}

// runHostile writes the input of c at scale n to a temporary file and
// validates it in a child process (whose peak RSS the kernel counts from its
// start), returning what the child reports and the longest line.
func runHostile(t testing.TB, c hostileCase, n int) (hostileResult, int64) {
	dir := t.TempDir()
	path := filepath.Join(dir, c.name+".jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var out io.Writer = f
	var zw *gzip.Writer
	if c.gzip {
		zw, _ = gzip.NewWriterLevel(f, gzip.BestCompression)
		out = zw
	}
	cw := &longestLine{}
	w := bufio.NewWriterSize(io.MultiWriter(out, cw), 1<<20)
	c.write(w, n)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if zw != nil {
		zw.Close()
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHostileChild$", "-test.v")
	cmd.Env = append(os.Environ(), "OMNIGEN_HOSTILE_CHILD="+path,
		"OMNIGEN_HOSTILE_MAX_ERRORS="+strconv.Itoa(c.opts.MaxErrors), "OMNIGEN_HOSTILE_PROFILE="+c.opts.Profile,
		"OMNIGEN_HOSTILE_ENGINE="+strconv.FormatBool(c.opts.Engine))
	outb, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, outb)
	}
	var r hostileResult
	found := false
	for _, l := range strings.Split(string(outb), "\n") {
		if rest, ok := strings.CutPrefix(l, "HOSTILE "); ok {
			var elapsed int64
			_, err := fmt.Sscanf(rest, "%d %d %d %d %d %d %d %d", &r.Peak, &r.Lines, &r.Valid, &r.Invalid, &r.Warned, &r.Errors, &r.Bytes, &elapsed)
			if err != nil {
				t.Fatalf("child: %q: %v", l, err)
			}
			r.Elapsed = time.Duration(elapsed)
			found = true
		}
		if rest, ok := strings.CutPrefix(l, "FIRST "); ok {
			r.First = rest
		}
	}
	if !found {
		t.Fatalf("child did not report:\n%s", outb)
	}
	return r, cw.longest()
}

// longestLine measures the longest line written through it.
type longestLine struct{ max, cur int64 }

func (l *longestLine) Write(p []byte) (int, error) {
	b := p
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			l.cur += int64(len(b))
			break
		}
		l.cur += int64(i)
		l.max = max(l.max, l.cur)
		l.cur = 0
		b = b[i+1:]
	}
	return len(p), nil
}

func (l *longestLine) longest() int64 { return max(l.max, l.cur) }

// TestHostileChild is the child of runHostile: it validates the file as
// "omnigen validate" does, findings written as text to nowhere.
func TestHostileChild(t *testing.T) {
	path := os.Getenv("OMNIGEN_HOSTILE_CHILD")
	if path == "" {
		t.Skip("the child of TestHostileInputs and BenchmarkHostile")
	}
	maxErrors, _ := strconv.Atoi(os.Getenv("OMNIGEN_HOSTILE_MAX_ERRORS"))
	inputs, err := Inputs([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := NewReporter("text", io.Discard)
	first := &firstFinding{Reporter: text}
	opts := Options{Profile: Profile(os.Getenv("OMNIGEN_HOSTILE_PROFILE")), Reporter: first, MaxErrors: maxErrors}
	if os.Getenv("OMNIGEN_HOSTILE_ENGINE") == "true" {
		// As --schema does, with the canonical schema as the file.
		opts.Schema = schema.Canonical()
		opts.Checker = engine.NewChecker(engine.CanonicalValidator())
	}
	start := time.Now()
	sum, err := Run(inputs, opts)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("HOSTILE %d %d %d %d %d %d %d %d\n", peakRSS(t), sum.Lines, sum.Valid, sum.Invalid, sum.Warned, sum.Errors, sum.Bytes, elapsed)
	fmt.Printf("FIRST %s\n", first.first)
}

// firstFinding keeps the first finding, in the short form with its message.
type firstFinding struct {
	Reporter
	first string
}

func (f *firstFinding) Report(x Finding) error {
	if f.first == "" {
		f.first = short(x) + " " + x.Message
	}
	return f.Reporter.Report(x)
}

// peakRSS is the peak resident size of this process since it started, in
// bytes.
func peakRSS(t testing.TB) int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if kb, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(kb, "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n << 10
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}

// memoryBound is the promise of "omnigen validate".
func memoryBound(longest int64) int64 { return 3*longest + 64<<20 }

func TestHostileInputs(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("needs Linux (/proc) and a few hundred MB")
	}
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			r, longest := runHostile(t, c, c.ci)
			bound := memoryBound(longest)
			if c.bound != nil {
				bound = c.bound(longest)
			}
			t.Logf("longest line %.1f MB: peak RSS %.1f MB (bound %.1f MB) in %v",
				float64(longest)/1e6, float64(r.Peak)/1e6, float64(bound)/1e6, r.Elapsed)
			if r.Peak > bound {
				t.Errorf("peak RSS %.1f MB > %.1f MB", float64(r.Peak)/1e6, float64(bound)/1e6)
			}
			c.want(t, c.ci, r)
		})
	}
}

// BenchmarkHostile runs the inputs of TestHostileInputs at full size, once
// each: peak-MB is the child's peak RSS, bound-MB the promise (or the
// tighter bound of the case), s/MB the time per MB of input (as validated,
// after gunzip).
func BenchmarkHostile(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("needs Linux (/proc)")
	}
	for _, c := range hostileCases {
		b.Run(c.name, func(b *testing.B) {
			var r hostileResult
			var longest int64
			for range b.N {
				r, longest = runHostile(b, c, c.full)
			}
			bound := memoryBound(longest)
			if c.bound != nil {
				bound = c.bound(longest)
			}
			size, _ := inputSize(c)
			b.ReportMetric(float64(r.Peak)/1e6, "peak-MB")
			b.ReportMetric(float64(bound)/1e6, "bound-MB")
			b.ReportMetric(r.Elapsed.Seconds()/(float64(size)/1e6), "s/MB")
			c.want(b, c.full, r)
		})
	}
}

// inputSize is the size of c's input at full scale, as validated.
func inputSize(c hostileCase) (int64, error) {
	n := &countingWriter{}
	w := bufio.NewWriter(n)
	c.write(w, c.full)
	return n.n, w.Flush()
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += int64(len(b)); return len(b), nil }

// The schema engine's limit leaves ordinary lines to it: every line of the
// Traces and streams of testdata, images included, is checked by it.
func TestEngineLimitSparesOrdinaryLines(t *testing.T) {
	sum, findings := runFiles(t, Options{Schema: schema.Canonical(), Checker: engine.NewChecker(engine.CanonicalValidator())},
		"testdata/traces/realistic.jsonl", "testdata/traces/bench-trace.jsonl", "testdata/streams/realistic.jsonl")
	if sum.Unchecked != 0 || sum.Invalid != 0 || sum.Lines < 2000 {
		t.Errorf("%s; findings %q", sum, shortAll(findings))
	}
}
