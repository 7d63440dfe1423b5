package validate

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progress draws one status line on a terminal, rewritten in place: how much
// of the input has been read (of how much, when the sizes are known), the
// rate, and the input being read. It appears only once a run has lasted
// progressDelay, so small inputs never show it.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	total   int64 // -1 when some input's size is unknown
	read    *atomic.Int64
	current *atomic.Pointer[string]
	start   time.Time
	shown   bool
	done    chan struct{}
	wg      sync.WaitGroup
}

const (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
	progressWidth = 79
)

func newProgress(w io.Writer, inputs []Input, read *atomic.Int64, current *atomic.Pointer[string], start time.Time) *progress {
	p := &progress{w: w, read: read, current: current, start: start, done: make(chan struct{})}
	for _, in := range inputs {
		if in.Size < 0 {
			p.total = -1
			break
		}
		p.total += in.Size
	}
	p.wg.Add(1)
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return
		case now := <-t.C:
			if now.Sub(p.start) >= progressDelay {
				p.draw(now)
			}
		}
	}
}

func (p *progress) draw(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	read := p.read.Load()
	secs := now.Sub(p.start).Seconds()
	var sb strings.Builder
	sb.WriteString("validating ")
	if p.total > 0 {
		pct := min(100*float64(read)/float64(p.total), 100)
		fmt.Fprintf(&sb, "%3.0f%% %s / %s", pct, humanBytes(read), humanBytes(p.total))
	} else {
		sb.WriteString(humanBytes(read))
	}
	fmt.Fprintf(&sb, "  %.1f MB/s", float64(read)/1e6/secs)
	if name := p.current.Load(); name != nil {
		sb.WriteString("  ")
		sb.WriteString(*name)
	}
	line := sb.String()
	if r := []rune(line); len(r) > progressWidth {
		line = string(r[:progressWidth-1]) + "…"
	}
	io.WriteString(p.w, "\r"+line+"\x1b[K")
	p.shown = true
}

// clearLocked erases the status line; the caller holds mu.
func (p *progress) clearLocked() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
	p.mu.Lock()
	p.clearLocked()
	p.mu.Unlock()
}

// humanBytes writes a byte count in decimal units: 512 B, 12.3 MB.
func humanBytes(n int64) string {
	const unit = 1000
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	f := float64(n)
	for _, u := range []string{"kB", "MB", "GB", "TB"} {
		f /= unit
		if f < unit || u == "TB" {
			return fmt.Sprintf("%.1f %s", f, u)
		}
	}
	return ""
}

// group writes n with thousands separators: 1,234,567.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var sb strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(c)
	}
	if neg {
		return "-" + sb.String()
	}
	return sb.String()
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return group(n) + " " + word + "s"
}
