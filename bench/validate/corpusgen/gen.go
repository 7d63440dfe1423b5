package main

import (
	"os"
	"path/filepath"
	"time"
)

// config says what corpus to write.
type config struct {
	Seed       uint64
	Profile    string  // "trace" or "stream"
	Size       int64   // target bytes
	Images     bool    // tool outputs with base64 images
	ImageShare float64 // target share of the bytes in image lines
}

// stats describe a written corpus.
type stats struct {
	Files      int
	Lines      int64
	Bytes      int64
	ImageLines int64
	ImageBytes int64
	MaxLine    int
}

type corpus struct {
	cfg    config
	r      *rng
	t      texter
	dir    string
	now    int64 // milliseconds since the epoch; only moves forward
	st     stats
	stream bool
	err    error
}

type provider struct {
	name, model string
	window      any
	reasoning   string // signature, encrypted or field
	callPrefix  string
}

var providers = []provider{
	{"anthropic", "claude-sonnet-4-5", 200000, "signature", "toolu_01"},
	{"anthropic", "claude-opus-4-1", 200000, "signature", "toolu_01"},
	{"openai", "gpt-5", "400k", "encrypted", "call_"},
	{"openai", "gpt-5-mini", 400000, "encrypted", "call_"},
	{"deepseek", "deepseek-reasoner", 128000, "field", "call_"},
	{"openrouter", "qwen/qwen3-coder", 262144, "field", "call_"},
}

// generate writes the corpus into dir, which must exist.
func generate(cfg config, dir string) (stats, error) {
	c := &corpus{cfg: cfg, r: newRNG(cfg.Seed), dir: dir, stream: cfg.Profile == "stream"}
	c.t = texter{c.r}
	c.now = time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC).UnixMilli() + int64(c.r.intn(86400000))
	for c.st.Bytes < cfg.Size && c.err == nil {
		remaining := cfg.Size - c.st.Bytes
		var target int64
		if cfg.Images {
			target = int64(c.r.logBetween(1_500_000, 12_000_000))
		} else {
			target = int64(c.r.logBetween(300_000, 6_000_000))
		}
		if target > remaining {
			target = max(remaining, 100_000)
		}
		s := c.newSession(nil, 0)
		if c.stream {
			// The main session's stream: no session_meta, no origin.
			s.out = newFile("stream-" + s.id + ".jsonl")
		}
		s.run(target)
		if c.stream {
			c.flush(s.out)
		}
	}
	return c.st, c.err
}

// flush writes a finished file to disk.
func (c *corpus) flush(f *file) {
	if c.err != nil {
		return
	}
	if err := os.WriteFile(filepath.Join(c.dir, f.name), f.buf.Bytes(), 0o644); err != nil {
		c.err = err
		return
	}
	c.st.Files++
	f.buf.Reset()
}

// timestamp advances the clock by lo..hi milliseconds and formats it the way
// Date.prototype.toISOString does.
func (c *corpus) timestamp(lo, hi int) string {
	c.now += int64(c.r.between(lo, hi))
	return time.UnixMilli(c.now).UTC().Format("2006-01-02T15:04:05.000Z")
}

func (c *corpus) sessionID() string {
	t := time.UnixMilli(c.now).UTC()
	return "session-" + t.Format("2006-01-02-150405") + "-" + c.r.str(hexDigits, 8)
}
