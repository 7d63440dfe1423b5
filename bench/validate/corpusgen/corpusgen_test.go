package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/engine"
)

func writeCorpus(t *testing.T, cfg config) (string, stats) {
	t.Helper()
	dir := t.TempDir()
	st, err := generate(cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, st
}

func corpusFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in %s (%v)", dir, err)
	}
	sort.Strings(files)
	return files
}

func lines(t *testing.T, file string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("%s: empty or no final newline", file)
	}
	return bytes.Split(data[:len(data)-1], []byte("\n"))
}

// TestCorpusValid generates a small corpus of each kind and checks every line
// against the canonical schema and the profile's rules.
func TestCorpusValid(t *testing.T) {
	for _, cfg := range []config{
		{Seed: 7, Profile: "trace", Size: 3e6, Images: true, ImageShare: 0.5},
		{Seed: 7, Profile: "stream", Size: 3e6, Images: true, ImageShare: 0.5},
		{Seed: 7, Profile: "trace", Size: 2e6},
		{Seed: 7, Profile: "stream", Size: 3e6},
	} {
		t.Run(fmt.Sprintf("%s-images=%v", cfg.Profile, cfg.Images), func(t *testing.T) {
			dir, st := writeCorpus(t, cfg)
			var n, images int64
			kinds := map[string]int{}
			for _, f := range corpusFiles(t, dir) {
				ls := lines(t, f)
				for i, l := range ls {
					if err := engine.Validate(l); err != nil {
						t.Fatalf("%s:%d: %v\n%.300s", filepath.Base(f), i+1, err, l)
					}
					if bytes.Contains(l, []byte(`"images":["data:image/png;base64,`)) {
						images++
					}
					var m msg
					if err := json.Unmarshal(l, &m); err != nil {
						t.Fatal(err)
					}
					k := m.kind()
					if m.Type == "session_meta" {
						k = "session_meta"
					}
					kinds[k]++
				}
				n += int64(len(ls))
				var err error
				if cfg.Profile == "trace" {
					err = checkTrace(ls)
				} else {
					err = checkStream(ls)
				}
				if err != nil {
					t.Errorf("%s: %v", filepath.Base(f), err)
				}
			}
			if n != st.Lines {
				t.Errorf("lines: counted %d, stats say %d", n, st.Lines)
			}
			if cfg.Images && images == 0 || !cfg.Images && images != 0 {
				t.Errorf("images=%v but %d image lines", cfg.Images, images)
			}
			want := []string{"text", "thinking", "tool_call", "tool_call_output", "request_begin", "request_end", "token_usage", "subagent"}
			if cfg.Profile == "trace" {
				want = append(want, "session_meta")
			} else {
				want = append(want, "partial_text", "partial_thinking", "partial_tool_call")
			}
			for _, k := range want {
				if kinds[k] == 0 {
					t.Errorf("no %s message in the corpus", k)
				}
			}
			t.Logf("%d files, %d lines, %d bytes, %d image lines, kinds %v", st.Files, st.Lines, st.Bytes, images, kinds)
		})
	}
}

func TestDeterministic(t *testing.T) {
	sum := func(cfg config) string {
		dir, _ := writeCorpus(t, cfg)
		h := sha256.New()
		for _, f := range corpusFiles(t, dir) {
			data, _ := os.ReadFile(f)
			fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(data))
			h.Write(data)
		}
		return fmt.Sprintf("%x", h.Sum(nil))
	}
	for _, p := range []string{"trace", "stream"} {
		cfg := config{Seed: 3, Profile: p, Size: 1.5e6, Images: true, ImageShare: 0.5}
		a, b := sum(cfg), sum(cfg)
		if a != b {
			t.Errorf("%s: two runs with seed 3 differ", p)
		}
		cfg.Seed = 4
		if sum(cfg) == a {
			t.Errorf("%s: seeds 3 and 4 give the same corpus", p)
		}
	}
}

func TestSizeAndImageShare(t *testing.T) {
	for _, p := range []string{"trace", "stream"} {
		dir, st := writeCorpus(t, config{Seed: 1, Profile: p, Size: 30e6, Images: true, ImageShare: 0.5})
		kinds := map[string]int{}
		for _, f := range corpusFiles(t, dir) {
			ls := lines(t, f)
			for i, l := range ls {
				if err := engine.Validate(l); err != nil {
					t.Fatalf("%s:%d: %v", filepath.Base(f), i+1, err)
				}
				kinds[decode(l).kind()]++
			}
			check := checkStream
			if p == "trace" {
				check = checkTrace
			}
			if err := check(ls); err != nil {
				t.Errorf("%s: %v", filepath.Base(f), err)
			}
		}
		for _, k := range []string{"compaction_begin", "compaction_end", "subagent", "approval_decision"} {
			if kinds[k] == 0 {
				t.Errorf("%s: no %s in 30 MB", p, k)
			}
		}
		if p == "trace" {
			if m, _ := filepath.Glob(filepath.Join(dir, "*_002.jsonl")); len(m) == 0 {
				t.Errorf("trace: no <session>_002.jsonl after a compaction")
			}
		}
		if st.Bytes < 30e6 || st.Bytes > 36e6 {
			t.Errorf("%s: %d bytes for a 30 MB target", p, st.Bytes)
		}
		share := float64(st.ImageBytes) / float64(st.Bytes)
		if share < 0.3 || share > 0.7 {
			t.Errorf("%s: image share %.2f, want about 0.5", p, share)
		}
		if st.MaxLine < 700_000 {
			t.Errorf("%s: longest line %d, want ~1 MB image lines", p, st.MaxLine)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"200MB": 200e6, "2mb": 2e6, "1.5GB": 1.5e9, "500KB": 500e3, "1234": 1234} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MB", "-1MB", "x"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) accepted", in)
		}
	}
}

// msg is the part of a message the rule checks read.
type msg struct {
	Type    string         `json:"type"`
	Origin  *[]string      `json:"origin"`
	Payload map[string]any `json:"payload"`
}

func (m msg) p(k string) string { s, _ := m.Payload[k].(string); return s }

func decode(l []byte) msg {
	var m msg
	if err := json.Unmarshal(l, &m); err != nil {
		panic(err)
	}
	return m
}

func (m msg) kind() string { return m.p("type") }

// checkTrace applies the Trace rules of reference-behavior.md to one file.
func checkTrace(ls [][]byte) error {
	open := false
	calls := map[string]bool{}
	answered := map[string]bool{}
	for i, l := range ls {
		m := decode(l)
		n := i + 1
		if (m.Type == "session_meta") != (i == 0) {
			return fmt.Errorf("line %d: session_meta must be line 1 and only there", n)
		}
		if m.Origin != nil {
			return fmt.Errorf("line %d: origin in a Trace", n)
		}
		k := m.kind()
		switch {
		case strings.HasPrefix(k, "partial_"):
			return fmt.Errorf("line %d: %s in a Trace", n, k)
		case k == "request_begin":
			if open {
				return fmt.Errorf("line %d: request_begin inside a request", n)
			}
			open = true
		case k == "request_end":
			if !open {
				return fmt.Errorf("line %d: request_end without request_begin", n)
			}
			open = false
		case k == "tool_call":
			calls[m.p("tool_call_id")] = true
		case k == "approval_decision":
			id := m.p("tool_call_id")
			if !calls[id] || answered[id] {
				return fmt.Errorf("line %d: approval_decision for %s not between its call and output", n, id)
			}
		case k == "tool_call_output":
			id := m.p("tool_call_id")
			if !calls[id] || answered[id] {
				return fmt.Errorf("line %d: tool_call_output for %s with no earlier call, or answered twice", n, id)
			}
			answered[id] = true
		}
	}
	if open {
		return fmt.Errorf("request not ended at end of file")
	}
	return nil
}

var contentField = map[string]string{
	"partial_text": "text", "partial_thinking": "thinking",
	"partial_tool_call": "arguments", "partial_tool_call_output": "output",
}

// checkStream applies the stream rules to one file: start → delta* → stop,
// then the complete message with the concatenated content; origin never
// empty; session_meta only from a child session.
func checkStream(ls [][]byte) error {
	var seg *msg
	var content strings.Builder
	var images any
	expectComplete := false
	for i, l := range ls {
		m := decode(l)
		n := i + 1
		if m.Origin != nil && len(*m.Origin) == 0 {
			return fmt.Errorf("line %d: empty origin", n)
		}
		if m.Type == "session_meta" && m.Origin == nil {
			return fmt.Errorf("line %d: session_meta in the main session's stream", n)
		}
		k := m.kind()
		if field, partial := contentField[k]; partial {
			ev := m.p("event_type")
			if expectComplete {
				return fmt.Errorf("line %d: %s where the complete message should follow a stop", n, k)
			}
			if ev == "start" {
				if seg != nil {
					return fmt.Errorf("line %d: start while a segment is open", n)
				}
				mm := m
				seg = &mm
				content.Reset()
				images = nil
			} else if seg == nil || seg.kind() != k || seg.p("tool_call_id") != m.p("tool_call_id") || !reflect.DeepEqual(seg.Origin, m.Origin) {
				return fmt.Errorf("line %d: %s %s with no open segment", n, k, ev)
			}
			content.WriteString(m.p(field))
			if im, ok := m.Payload["images"]; ok {
				images = im
			}
			if ev == "stop" {
				expectComplete = true
			}
			continue
		}
		if seg != nil && !expectComplete {
			return fmt.Errorf("line %d: %s inside an open %s segment", n, k, seg.kind())
		}
		if expectComplete {
			want := strings.TrimPrefix(seg.kind(), "partial_")
			if k != want || m.p("tool_call_id") != seg.p("tool_call_id") || !reflect.DeepEqual(seg.Origin, m.Origin) {
				return fmt.Errorf("line %d: %s after the stop of %s", n, k, seg.kind())
			}
			if got := m.p(contentField[seg.kind()]); got != content.String() {
				return fmt.Errorf("line %d: complete %s differs from the concatenated pieces", n, k)
			}
			if !reflect.DeepEqual(m.Payload["images"], images) {
				return fmt.Errorf("line %d: complete images differ from the streamed set", n)
			}
			seg, expectComplete = nil, false
		}
	}
	if seg != nil {
		return fmt.Errorf("segment %s left open at end of file", seg.kind())
	}
	return nil
}
