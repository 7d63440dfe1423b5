// Command corpusgen writes a seeded, realistic JSON Lines corpus of OmniMessage
// messages for the validate benchmark (bench/run.sh):
//
//	go run ./bench/validate/corpusgen -seed 1 -profile trace -size 200MB -out bench/.corpus/trace
//
// -profile trace writes Trace files: one file per model context, each
// starting with its session_meta (<session>.jsonl, <session>_002.jsonl after
// a compaction, one more per Subagent), holding only complete messages and
// events, requests paired, every tool output after its call. -profile stream
// writes SDK/SSE streams, one file per main session: partial_* segments each
// followed by the complete message, Subagent messages tagged with origin.
// With -images (the default) about -image-share of the bytes are tool outputs
// carrying ~1 MB base64 PNG data URLs. The same flags write the same bytes.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	var (
		seed    = flag.Uint64("seed", 1, "random seed")
		profile = flag.String("profile", "trace", "trace or stream")
		size    = flag.String("size", "200MB", "target size (B, KB, MB, GB; powers of 1000)")
		images  = flag.Bool("images", true, "include tool outputs with ~1 MB base64 images")
		share   = flag.Float64("image-share", 0.5, "target share of bytes in image lines (with -images)")
		out     = flag.String("out", "", "output directory (must not exist; written atomically)")
	)
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *out == "" || (*profile != "trace" && *profile != "stream") || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: corpusgen -seed N -profile trace|stream -size 200MB [-images=false] -out DIR")
		os.Exit(2)
	}
	if _, err := os.Stat(*out); err == nil {
		fmt.Fprintf(os.Stderr, "corpusgen: %s exists; remove it first\n", *out)
		os.Exit(2)
	}
	tmp := *out + ".tmp"
	os.RemoveAll(tmp)
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(2)
	}
	cfg := config{Seed: *seed, Profile: *profile, Size: n, Images: *images, ImageShare: *share}
	start := time.Now()
	st, err := generate(cfg, tmp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	desc := fmt.Sprintf("profile=%s seed=%d size=%s images=%v image-share=%g\nfiles=%d lines=%d bytes=%d image_lines=%d image_line_bytes=%d max_line=%d\n",
		cfg.Profile, cfg.Seed, *size, cfg.Images, cfg.ImageShare, st.Files, st.Lines, st.Bytes, st.ImageLines, st.ImageBytes, st.MaxLine)
	if err := os.WriteFile(filepath.Join(tmp, "corpus.txt"), []byte(desc), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	if err := os.Rename(tmp, *out); err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "corpusgen: %s: %s(%.1fs)\n", *out, strings.ReplaceAll(desc, "\n", " "), time.Since(start).Seconds())
}

// parseSize reads "200MB", "2MB", "500KB", "1GB" or a byte count.
func parseSize(s string) (int64, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return int64(f * float64(mult)), nil
}
