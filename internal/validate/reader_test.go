package validate

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// Each awkward input of testdata/validate/bad gets its defined answer.
func TestBadInputs(t *testing.T) {
	const dir = "testdata/validate/bad/"
	tests := []struct {
		file                  string
		profile               Profile
		lines, valid, invalid int64
		warned                int64
		ioErrors              int
		want                  []string
		message               string // words of the first finding's message
	}{
		{file: "not-json.jsonl", lines: 5, valid: 2, invalid: 3,
			want:    []string{"2 error syntax /", "3 error syntax /", "4 error syntax /2"},
			message: "invalid JSON: unexpected character 'h' at col 2"},
		{file: "trailing-data.jsonl", lines: 5, valid: 2, invalid: 3,
			want:    []string{"1 error syntax /", "2 error syntax /", "4 error syntax /"},
			message: "invalid JSON: data after the value at col 176 (character 'x')"},
		{file: "invalid-utf8.jsonl", lines: 7, valid: 3, invalid: 4,
			want:    []string{"2 error encoding /payload/text", "3 error encoding /payload/text", "4 error encoding /payload/text", "5 error encoding /"},
			message: "invalid UTF-8 at col 112 (byte 0xff)"},
		{file: "duplicate-key.jsonl", lines: 5, valid: 1, invalid: 4,
			want:    []string{"1 error duplicate /type", "2 error duplicate /payload/role", "3 error duplicate /payload/fidelity/sig/k", "4 error duplicate /payload/text"},
			message: `duplicate key "type" (first at col 41, again at col 60): the object is ambiguous`},
		{file: "bom.jsonl", lines: 2, valid: 1, invalid: 1,
			want:    []string{"1 error encoding /"},
			message: "byte-order mark at the start of the file"},
		{file: "bom-invalid.jsonl", lines: 2, valid: 1, invalid: 1,
			want: []string{"1 error encoding /", "1 error schema /payload/role"}},
		{file: "crlf.jsonl", lines: 3, valid: 3},
		{file: "blank-lines.jsonl", lines: 6, valid: 3, warned: 3,
			want:    []string{"2 warning blank /", "4 warning blank /", "6 warning blank /"},
			message: "blank line"},
		{file: "empty.jsonl", want: []string{"0 notice empty /"}, message: "empty file: 0 lines"},
		{file: "torn-last-line.jsonl", lines: 3, valid: 2, invalid: 1,
			want:    []string{"3 error syntax /timestamp"},
			message: "the last line has no final newline: is it torn?"},
		{file: "torn-last-line.jsonl", profile: ProfileTrace, lines: 3, invalid: 1, warned: 1, valid: 1,
			want: []string{"1 error trace /type", "3 warning syntax /timestamp"}},
		{file: "no-final-newline.jsonl", lines: 2, valid: 2},
		{file: "deep-nesting.jsonl", lines: 3, valid: 2, invalid: 1,
			want:    []string{"2 error syntax /payload/fidelity/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0"},
			message: "nesting deeper than 1000 levels"},
		{file: "schema-invalid.jsonl", lines: 6, valid: 1, invalid: 5,
			want:    []string{"2 error schema /payload/role", "3 error schema /payload/type", "4 error schema /timestamp", "5 error schema /payload/session/total", "6 error schema /"},
			message: `must be "assistant", got "user" (const)`},
		{file: "compressed.jsonl.gz", lines: 3, valid: 3},
		{file: "gzip-without-suffix.jsonl", lines: 3, valid: 3},
		{file: "truncated.jsonl.gz", lines: 1377, valid: 1377, ioErrors: 1,
			want:    []string{"0 error io /"},
			message: "read error after line 1377: unexpected end of the gzip stream (the file is truncated)"},
		{file: "corrupt.jsonl.gz", lines: 3, valid: 3, ioErrors: 1,
			want:    []string{"0 error io /"},
			message: "gzip: invalid checksum (the file is corrupt)"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+string(tt.profile), func(t *testing.T) {
			sum, findings := runFiles(t, Options{Profile: tt.profile}, dir+tt.file)
			checkCounts(t, sum)
			got := [5]int64{sum.Lines, sum.Valid, sum.Invalid, sum.Warned, int64(sum.IOErrors)}
			if want := [5]int64{tt.lines, tt.valid, tt.invalid, tt.warned, int64(tt.ioErrors)}; got != want {
				t.Errorf("lines, valid, invalid, warned, I/O errors = %v, want %v", got, want)
			}
			if got := shortAll(findings); !equalLists(got, append([]string{}, tt.want...)) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
			if tt.message != "" && (len(findings) == 0 || !strings.Contains(findings[0].Message, tt.message)) {
				t.Errorf("first finding %+v, want a message with %q", findings, tt.message)
			}
		})
	}
}

func TestLineEndingsAndBlankLines(t *testing.T) {
	msg := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`
	tests := []struct {
		data                          string
		lines, valid, invalid, warned int64
	}{
		{"", 0, 0, 0, 0},
		{"\n", 1, 0, 0, 1},
		{"\r\n", 1, 0, 0, 1},
		{" \t \n", 1, 0, 0, 1},
		{msg, 1, 1, 0, 0},
		{msg + "\n", 1, 1, 0, 0},
		{msg + "\r\n", 1, 1, 0, 0},
		{msg + "\r", 1, 1, 0, 0},
		{msg + "\n\n", 2, 1, 0, 1},
		{msg + "\r\n" + msg + "\n" + msg, 3, 3, 0, 0},
		{msg + "\r\r\n", 1, 1, 0, 0}, // "\r" is JSON whitespace
		{"\r" + msg + "\n", 1, 1, 0, 0},
		{msg + "\n\x00\n", 2, 1, 1, 0},
	}
	for _, tt := range tests {
		sum, findings := runData(t, []byte(tt.data), Options{})
		checkCounts(t, sum)
		if got, want := [4]int64{sum.Lines, sum.Valid, sum.Invalid, sum.Warned}, [4]int64{tt.lines, tt.valid, tt.invalid, tt.warned}; got != want {
			t.Errorf("%q: lines, valid, invalid, warned = %v, want %v (%q)", tt.data, got, want, shortAll(findings))
		}
	}
}

// bigLine is a valid tool_call_output of about n bytes, its image a data URL
// (escaped, it is longer still).
func bigLine(n int, escaped bool) []byte {
	var b bytes.Buffer
	b.WriteString(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"`)
	if escaped {
		for b.Len() < n/2 {
			b.WriteString(`line of output\n`)
		}
	}
	b.WriteString(`","images":["data:image/png;base64,`)
	chunk := []byte("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPQYGDIi2JgcGOo6ImqAAAP4AMN2WL25QAAAABJRU5ErkJggg")
	for b.Len() < n {
		b.Write(chunk)
	}
	b.WriteString(`"],"tool_call_id":"toolu_01"}}`)
	return b.Bytes()
}

// A line of 64 MB is one line like any other, and so is an error at its end.
func TestLongLines(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MB lines")
	}
	line := bigLine(64<<20, false)
	var data []byte
	data = append(append(data, line...), '\n')
	data = append(append(data, line[:len(line)-2]...), "}}}\n"...)
	data = append(data, line...) // no final newline
	sum, findings := runData(t, data, Options{Profile: ProfileStream})
	checkCounts(t, sum)
	if sum.Lines != 3 || sum.Valid != 2 || sum.Invalid != 1 || sum.Bytes != int64(len(data)) {
		t.Errorf("summary %+v, want 3 lines, 2 valid, 1 invalid, %d bytes", sum, len(data))
	}
	if got := shortAll(findings); !equalLists(got, []string{"2 error syntax /"}) {
		t.Errorf("findings %q", got)
	}
}

// Peak memory stays under 3 × the longest line + 64 MB, for a file of long
// lines whose strings are plain or full of escapes. Run in a child process,
// whose peak resident size the kernel reports.
func TestLongLinesMemory(t *testing.T) {
	if os.Getenv("OMNIGEN_MEMORY_CHILD") != "" {
		inputs, err := Inputs([]string{os.Getenv("OMNIGEN_MEMORY_CHILD")})
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Run(inputs, Options{Profile: ProfileStream})
		if err != nil || sum.Valid != sum.Lines {
			t.Fatalf("%v %v", sum, err)
		}
		// The peak of this process since its exec (the rusage of a child
		// counts the parent's memory at the fork), in kB.
		fmt.Println("PEAK", peakRSS(t)>>10)
		return
	}
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("needs Linux and a few hundred MB")
	}
	for _, escaped := range []bool{false, true} {
		line := bigLine(48<<20, escaped)
		path := filepath.Join(t.TempDir(), "long.jsonl")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			f.Write(line)
			f.Write([]byte("\n"))
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestLongLinesMemory$")
		cmd.Env = append(os.Environ(), "OMNIGEN_MEMORY_CHILD="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		var peak int64
		for _, l := range strings.Split(string(out), "\n") {
			if kb, ok := strings.CutPrefix(l, "PEAK "); ok {
				peak, _ = strconv.ParseInt(kb, 10, 64)
				peak <<= 10
			}
		}
		if peak == 0 {
			t.Fatalf("child did not report its peak:\n%s", out)
		}
		limit := 3*int64(len(line)) + 64<<20
		t.Logf("escaped=%v: line %d MB, peak RSS %d MB, limit %d MB", escaped, len(line)>>20, peak>>20, limit>>20)
		if peak > limit {
			t.Errorf("escaped=%v: peak RSS %d MB > 3 × %d MB + 64 MB", escaped, peak>>20, len(line)>>20)
		}
	}
}

func TestInputs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.jsonl", "a/z.jsonl.gz", "a.jsonl", "a/b/c.jsonl", "notes.txt", "x.json", "a/y.JSONL"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	inputs, err := Inputs([]string{dir, "-", filepath.Join(dir, "notes.txt"), filepath.Join(dir, "b.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range inputs {
		got = append(got, strings.TrimPrefix(filepath.ToSlash(in.Name), filepath.ToSlash(dir)+"/"))
	}
	// sorted by path, "a.jsonl" before "a/…" ('.' < '/'); b.jsonl once
	want := []string{"a.jsonl", "a/b/c.jsonl", "a/z.jsonl.gz", "b.jsonl", StdinName, "notes.txt"}
	if !equalLists(got, want) {
		t.Errorf("inputs %q, want %q", got, want)
	}
	if in, _ := Inputs(nil); len(in) != 1 || in[0].Name != StdinName {
		t.Errorf("no argument: %+v, want standard input", in)
	}
	empty := filepath.Join(dir, "a", "b", "empty")
	os.Mkdir(empty, 0o755)
	if _, err := Inputs([]string{empty}); err == nil || !strings.Contains(err.Error(), "no *.jsonl or *.jsonl.gz file") {
		t.Errorf("a directory without JSONL: %v", err)
	}
	if _, err := Inputs([]string{filepath.Join(dir, "missing.jsonl")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// Findings come out in input order across files and batches, whatever order
// the workers finish in.
func TestFindingsInInputOrder(t *testing.T) {
	good := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`
	var data bytes.Buffer
	var want []string
	for i := 1; i <= 20000; i++ {
		if i%7 == 0 {
			fmt.Fprintf(&data, "{\"n\":%d}\n", i)
			want = append(want, strconv.Itoa(i)+" error schema /timestamp")
		} else {
			data.WriteString(good + "\n")
		}
	}
	for _, workers := range []int{1, 3, 8} {
		sum, findings := runData(t, data.Bytes(), Options{Workers: workers})
		checkCounts(t, sum)
		if got := shortAll(findings); !equalLists(got, want) {
			t.Errorf("%d workers: %d findings out of order or missing", workers, len(got))
		}
	}
}

func TestMaxErrors(t *testing.T) {
	data := strings.Repeat("{}\n", 10) + "\n"
	sum, findings := runData(t, []byte(data), Options{MaxErrors: 3})
	if len(findings) != 3 || sum.Suppressed != 8 || sum.Errors != 10 || sum.Invalid != 10 || sum.Warned != 1 {
		t.Errorf("%d findings, summary %+v; want 3 shown, 8 suppressed, 10 invalid", len(findings), sum)
	}
}

// A reporter that cannot write stops the run with its error.
func TestReporterError(t *testing.T) {
	r, _ := NewReporter("text", failingWriter{})
	inputs := []Input{{Name: StdinName, Size: -1}}
	_, err := Run(inputs, Options{Reporter: r, Stdin: strings.NewReader(strings.Repeat("{}\n", 100000))})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Run: %v, want the writer's error", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Gzip is recognised by its magic bytes on standard input too, and a gzip
// stream of several members is read whole.
func TestGzipStdin(t *testing.T) {
	good := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}` + "\n"
	var buf bytes.Buffer
	for range 2 {
		zw := gzip.NewWriter(&buf)
		io.WriteString(zw, good+good)
		zw.Close()
	}
	sum, findings := runData(t, buf.Bytes(), Options{})
	if sum.Lines != 4 || sum.Valid != 4 || len(findings) != 0 {
		t.Errorf("summary %+v, findings %q", sum, shortAll(findings))
	}
}

// A long line whose start already makes it invalid is rejected with the
// finding the whole line would get, its bytes counted but not kept, and the
// lines after it are read as usual.
func TestDoomedLongLine(t *testing.T) {
	long := func(start string) []byte {
		return append([]byte(start), bytes.Repeat([]byte("a"), 3<<20)...)
	}
	good := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`
	for _, tt := range []struct {
		data    []byte
		profile Profile
		want    []string
		message string
	}{
		{data: append(append(long("x"), '\n'), good+"\n"...),
			want: []string{"1 error syntax /"}, message: "invalid JSON: unexpected character 'x' at col 1, expected a value"},
		{data: append(append([]byte("\xef\xbb\xbf"), long(`{"a":1,"a":`)...), "\n"+good...),
			want: []string{"1 error encoding /", "1 error duplicate /a"}},
		{data: append(append([]byte(good+"\n"), long("{\"payload\":{\"text\":\"\x01")...), '\n'),
			want: []string{"2 error syntax /payload/text"}, message: "control character U+0001"},
		{data: long(`{"p":[1,]`), profile: ProfileTrace,
			want: []string{"1 warning syntax /p/1"}, message: "torn last line"},
		{data: long(`{"p":"`)}, // not doomed: the string goes on
	} {
		sum, findings := runData(t, tt.data, Options{Profile: tt.profile, Workers: 2})
		checkCounts(t, sum)
		if sum.Bytes != int64(len(tt.data)) {
			t.Errorf("%.20q: %d bytes counted, want %d", tt.data, sum.Bytes, len(tt.data))
		}
		if tt.want == nil {
			tt.want = []string{"1 error syntax /p"}
		}
		if got := shortAll(findings); !equalLists(got, tt.want) {
			t.Errorf("%.20q: findings %q, want %q", tt.data, got, tt.want)
		}
		if tt.message != "" && (len(findings) == 0 || !strings.Contains(findings[0].Message, tt.message)) {
			t.Errorf("%.20q: %+v, want a message with %q", tt.data, findings, tt.message)
		}
	}
}

// Lines longer than a batch and shorter than collectFrom are read in blocks
// that the worker joins: each is one line, with its BOM, "\r\n", missing
// final newline and error at the end told as for any line, whether read from
// a file or from a pipe, and a read error within one drops it.
func TestJoinedLongLines(t *testing.T) {
	good := []byte(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`)
	var data []byte
	add := func(parts ...[]byte) {
		for _, p := range parts {
			data = append(data, p...)
		}
	}
	add(bom, bigLine(300<<10, false), []byte("\n")) // 1: BOM
	add(bigLine(3<<20, true), []byte("\r\n"))       // 2: "\r\n"
	add(good, []byte("\n"))                         // 3
	line, at4 := bigLine(1<<20+7, false), len(data)
	add(line[:len(line)-2], []byte("}}}\n"))                     // 4: error at its end
	add(bigLine(2<<20, false), []byte("\n"), good, []byte("\n")) // 5, 6: in one read
	add(bigLine(5<<20, false))                                   // 7: no final newline
	want := []string{"1 error encoding /", "4 error syntax /"}

	path := filepath.Join(t.TempDir(), "joined.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	inputs, err := Inputs([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 3} {
		for _, from := range []string{"file", "pipe"} {
			c := &collect{}
			opts := Options{Reporter: c, Workers: workers, Stdin: iotest.HalfReader(bytes.NewReader(data))}
			in := []Input{{Name: StdinName, Size: -1}}
			if from == "file" {
				in = inputs
			}
			sum, err := Run(in, opts)
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, sum)
			if sum.Lines != 7 || sum.Valid != 5 || sum.Invalid != 2 || sum.Bytes != int64(len(data)) {
				t.Errorf("%s, %d workers: summary %+v, want 7 lines, 5 valid, 2 invalid, %d bytes", from, workers, sum, len(data))
			}
			if got := shortAll(c.findings); !equalLists(got, want) {
				t.Errorf("%s, %d workers: findings %q, want %q", from, workers, got, want)
			}
		}
	}

	// A read error within line 4: lines 1 to 3 are reported, then the error.
	cut := at4 + len(line)/2
	c := &collect{}
	sum, err := Run([]Input{{Name: StdinName, Size: -1}}, Options{Reporter: c,
		Stdin: io.MultiReader(bytes.NewReader(data[:cut]), iotest.ErrReader(errors.New("disk on fire")))})
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, sum)
	got := shortAll(c.findings)
	if sum.Lines != 3 || sum.IOErrors != 1 || !equalLists(got, []string{"1 error encoding /", "0 error io /"}) ||
		!strings.Contains(c.findings[1].Message, "read error after line 3: disk on fire") {
		t.Errorf("summary %+v, findings %q (%+v)", sum, got, c.findings)
	}
}
