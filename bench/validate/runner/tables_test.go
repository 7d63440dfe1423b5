package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseSelfTimed(t *testing.T) {
	for _, tc := range []struct {
		out           string
		bytes, docs   int64
		seconds       float64
		wantErrPrefix string
	}{
		{out: "bytes=3051048 seconds=0.002425917 docs=3672\n", bytes: 3051048, docs: 3672, seconds: 0.002425917},
		{out: "a warning first\n\nbytes=10 docs=2 seconds=1.5\n\n", bytes: 10, docs: 2, seconds: 1.5},
		{out: "bytes=10 seconds=1.5 docs=2\ntrailing words", wantErrPrefix: "want bytes=N"},
		{out: "bytes=10 seconds=1.5\n", wantErrPrefix: "want bytes=N"},
		{out: "bytes=10 seconds=0 docs=2\n", wantErrPrefix: "want bytes=N"},
		{out: "bytes=10 seconds=x docs=2\n", wantErrPrefix: "want bytes=N"},
		{out: "bytes=10 bytes=11 seconds=1 docs=2\n", wantErrPrefix: "want bytes=N"},
		{out: "bytes=10 seconds=1 docs=2 lines=3\n", wantErrPrefix: "want bytes=N"},
		{out: "", wantErrPrefix: "want bytes=N"},
	} {
		bytes, docs, seconds, err := parseSelfTimed([]byte(tc.out))
		if tc.wantErrPrefix != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.wantErrPrefix) {
				t.Errorf("%q: err %v, want one starting %q", tc.out, err, tc.wantErrPrefix)
			}
			continue
		}
		if err != nil || bytes != tc.bytes || docs != tc.docs || seconds != tc.seconds {
			t.Errorf("%q: %d bytes, %d docs, %g s, %v; want %d, %d, %g", tc.out, bytes, docs, seconds, err, tc.bytes, tc.docs, tc.seconds)
		}
	}
}

func TestSelfTime(t *testing.T) {
	c := &corpus{name: "x", bytes: 1000, lines: 4}
	if d, status := selfTime([]byte("bytes=1000 seconds=0.25 docs=4\n"), c); status != "ok" || d != 250*time.Millisecond {
		t.Errorf("whole corpus: %v, %q; want 250ms, ok", d, status)
	}
	for out, want := range map[string]string{
		"bytes=999 seconds=0.25 docs=4\n":  "FAILED: parsed 999 bytes, 4 documents; the corpus has 1000 bytes, 4 lines",
		"bytes=1000 seconds=0.25 docs=3\n": "FAILED: parsed 1000 bytes, 3 documents; the corpus has 1000 bytes, 4 lines",
		"oops\n":                           `FAILED: want bytes=N seconds=S docs=D last, got "oops"`,
	} {
		if d, status := selfTime([]byte(out), c); status != want || d != 0 {
			t.Errorf("%q: %v, %q; want 0, %q", out, d, status, want)
		}
	}
}

func TestPrintIssue22(t *testing.T) {
	cs := []*corpus{
		{name: "trace-images", profile: "trace", kind: "full"},
		{name: "trace-images.gz", profile: "trace", kind: "gzip"},
		{name: "stream-noimages", profile: "stream", kind: "full"},
	}
	best := map[string]float64{
		"trace-images/" + toolSimdjson:                            2000,
		"trace-images/omnigen --profile message, GOMAXPROCS=1":    1500,
		"trace-images/omnigen --profile message":                  2700,
		"trace-images/omnigen --profile trace, GOMAXPROCS=1":      1350,
		"trace-images/omnigen --profile trace":                    2295,
		"trace-images.gz/omnigen --profile message":               900,
		"stream-noimages/omnigen --profile message, GOMAXPROCS=1": 400,
		"stream-noimages/omnigen --profile message":               600,
		"stream-noimages/omnigen --profile stream":                330,
		"stream-noimages/omnigen --profile stream, GOMAXPROCS=1":  220,
		// Rows the tables do not read.
		"stream-noimages/omnigen --profile message, GOMAXPROCS=2": 999,
		"trace-images.gz/omnigen --profile message, GOMAXPROCS=1": 999,
		"stream-noimages/omnigen --profile PROFILE, GOMAXPROCS=1": 999,
	}
	var b strings.Builder
	printIssue22(&b, cs, best, 2)
	want := `### Ratios (issue 22; best runs, side by side)

simdjson: ` + "`dom::parser::parse_many`" + `, one thread, its own timer around the parse alone, the file already in memory.
omnigen: the whole process, reading included, with GOMAXPROCS=1 (1 core) and without (2 cores). MB/s:

| corpus | simdjson parse | message, 1 core | message, 2 cores | profile, 1 core | profile, 2 cores |
|---|--:|--:|--:|--:|--:|
| trace-images | 2000.0 | 1500.0 | 2700.0 | 1350.0 | 2295.0 |
| stream-noimages | – | 400.0 | 600.0 | 220.0 | 330.0 |

| corpus | message, 1 core ÷ simdjson (≥ 1.0) | profile ÷ message, 1 core (≥ 0.85) | profile ÷ message, 2 cores (≥ 0.85) | message: 2 cores ÷ 1 core (≥ 1.7) | profile: 2 cores ÷ 1 core (≥ 1.7) |
|---|--:|--:|--:|--:|--:|
| trace-images | 0.75 | 0.90 | 0.85 | 1.80 | 1.70 |
| stream-noimages | – | 0.55 | 0.55 | 1.50 | 1.50 |

`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
