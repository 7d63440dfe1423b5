package validate

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// Options configure Run.
type Options struct {
	// Schema is the schema document; nil means the embedded canonical one.
	// The stream rules read its x-omnigen aggregate annotations.
	Schema *schema.Document
	// Checker checks each line; nil means a FastChecker, when Schema is nil
	// (the canonical schema). Any other schema needs one (the CLI gives its
	// check program, or the schema engine).
	Checker LineChecker
	// Profile selects the rules on top of the schema ("" is message).
	Profile Profile
	// Reporter prints the findings; nil prints nothing (Run still counts).
	Reporter Reporter
	// MaxErrors stops printing findings after that many errors have been
	// printed (0: no limit). Validation goes on, so the summary and the exit
	// code stay exact, and I/O errors are always printed.
	MaxErrors int
	// Stdin is read for the input named StdinName.
	Stdin io.Reader
	// Progress, when not nil, receives a progress line (rewritten in place
	// with "\r") once a run has taken a second. Give it a terminal only.
	Progress io.Writer
	// Workers is the number of lines checked at once; 0 means GOMAXPROCS.
	Workers int
}

// Summary counts what Run saw. Every line is counted exactly once, as valid,
// invalid or warned (Lines = Valid + Invalid + Warned).
type Summary struct {
	Files    int
	Lines    int64
	Valid    int64
	Invalid  int64
	Warned   int64
	Bytes    int64 // bytes of JSON Lines read (after gunzip)
	Elapsed  time.Duration
	Errors   int64 // error findings, printed or not
	Warnings int64 // warning findings, printed or not
	// Suppressed is how many findings MaxErrors kept from being printed.
	Suppressed int64
	// IOErrors is how many inputs could not be read to the end.
	IOErrors int
	// Unchecked is how many lines were not checked against the schema, as
	// their checks would have needed more memory than the bound allows
	// (RuleLimit; only with a schema other than the embedded one). They are
	// counted invalid.
	Unchecked int64
}

// String is the summary line printed at the end of a run.
func (s *Summary) String() string {
	secs := s.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(s.Bytes) / 1e6 / secs
	}
	out := fmt.Sprintf("%s in %s: %s valid, %s invalid, %s; %s in %.2fs (%.1f MB/s)",
		plural(s.Lines, "line"), plural(int64(s.Files), "file"),
		group(s.Valid), group(s.Invalid), plural(s.Warned, "warning"),
		humanBytes(s.Bytes), secs, rate)
	if s.IOErrors > 0 {
		out += fmt.Sprintf("; %s could not be read", plural(int64(s.IOErrors), "file"))
	}
	if s.Unchecked > 0 {
		out += fmt.Sprintf("; %s not checked (too much memory to check)", plural(s.Unchecked, "line"))
	}
	return out
}

// Tuning of the pipeline: how many bytes of lines may be in flight (read but
// not yet reported) at once, beyond one line longer than that, and how big a
// batch of lines handed to one worker is, in bytes and in lines. A line in
// flight costs lineCost besides its bytes (its place and its result), which
// counts against the same budget: ten million empty lines are 10 MB, but
// their results would be gigabytes.
const (
	inflightLimit = 8 << 20
	maxBatch      = 256 << 10
	minBatch      = 16 << 10
	maxBatchLines = 4096
	maxGroup      = 64      // batches handed to a worker at once (see pipeline.group)
	keepBuffer    = 1 << 20 // a batch buffer bigger than this is not reused
	keepBlocks    = 8       // blocks of long lines kept for reuse
	lineCost      = int(unsafe.Sizeof(lineRef{})+unsafe.Sizeof(lineResult{})) + 128
)

var bom = []byte{0xEF, 0xBB, 0xBF}

type batchKind uint8

const (
	batchLines batchKind = iota
	batchFileStart
	batchFileEnd
)

// batch is a run of consecutive lines of one input (or a marker of where an
// input starts or ends), checked by one worker and reported in order.
type batch struct {
	kind  batchKind
	input int
	first int // number of its first line
	buf   []byte
	lines []lineRef
	res   []lineResult
	// arena holds what the worker copies out of the lines for the rules
	// (see extractor.keep).
	arena []byte
	bytes int64 // input bytes it covers, line endings included
	// done is closed once the batch is checked: it is its group's (see
	// pipeline.group), closed when the whole group is.
	done chan struct{}

	// blocks, when not nil, hold one long line as the reader read it, to
	// be joined into buf by the worker (see pipeline.join); nl says that
	// it ends with "\n".
	blocks [][]byte
	nl     bool
	// charge is what the batch counts against the budget of bytes in
	// flight, fixed when it is sent.
	charge int

	// shared says that buf is a part of a buffer other batches hold parts
	// of: it is not reused.
	shared bool

	// batchFileEnd
	lineCount int
	ioErr     error
}

type lineRef struct {
	start, end int
	noNewline  bool // the last line of its input, with no final "\n"
	bom        bool // the input starts with a byte-order mark, stripped
	// cut says that the line goes on beyond end, with bytes not kept: its
	// start already makes it invalid (see pipeline.doomed).
	cut bool
}

type lineResult struct {
	cat       category
	unchecked bool // see Summary.Unchecked
	findings  []Finding
	wellOK    bool // one well-formed JSON value
	blank     bool
	torn      bool
	facts     facts
	hasFacts  bool
	malformed bool
}

// Run validates the inputs in order and reports every finding to
// opts.Reporter. The error is about the run itself (the reporter could not
// write, the schema has bad annotations); an input that cannot be read is a
// finding, counted in Summary.IOErrors.
func Run(inputs []Input, opts Options) (*Summary, error) {
	start := time.Now()
	table, err := canonicalAggregates()
	if opts.Schema != nil {
		table, err = aggregatesOf(opts.Schema)
	}
	if err != nil {
		return nil, err
	}
	checker := opts.Checker
	switch {
	case checker != nil:
	case opts.Schema == nil:
		checker = NewFastChecker()
	default:
		return nil, fmt.Errorf("a schema other than the canonical one needs its Checker")
	}
	if opts.Profile == "" {
		opts.Profile = ProfileMessage
	}
	switch opts.Profile {
	case ProfileMessage, ProfileTrace, ProfileStream:
	default:
		return nil, fmt.Errorf("unknown profile %q", opts.Profile)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	batchSize := inflightLimit / (4 * workers)
	batchSize = min(max(batchSize, minBatch), maxBatch)

	p := &pipeline{
		inputs:    inputs,
		opts:      opts,
		table:     table,
		checker:   checker,
		batchSize: batchSize,
		work:      make(chan []*batch, 2*workers),
		ordered:   make(chan []*batch, inflightLimit/minBatch),
		free:      make(chan *batch, 64),
		shells:    make(chan *batch, 16),
		chunks:    make(chan []byte, inflateBudget/inflateChunk),
		blocks:    make(chan []byte, keepBlocks),
	}
	p.budget.cond = sync.NewCond(&p.budget.mu)
	p.memory.start()
	defer p.memory.stop()
	var prog *progress
	if opts.Progress != nil {
		prog = newProgress(opts.Progress, inputs, &p.rawRead, &p.current, start)
	}

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{p: p, x: newExtractor(table, opts.Profile == ProfileStream)}
			w.whole, _ = checker.(wholeLineChecker)
			_, w.canonical = checker.(*FastChecker)
			for g := range p.work {
				for _, b := range g {
					w.run(b)
				}
				close(g[0].done)
				// The reader and the collector are woken on a worker's
				// processor (a send to the reader, a closed done) and
				// would wait there while the worker takes the next group
				// from the queue: yield to them, so that the reader keeps
				// the queue filled and the collector releases the budget.
				runtime.Gosched()
			}
		}()
	}
	go func() {
		p.readAll()
		close(p.work)
		close(p.ordered)
	}()

	c := &collector{p: p, sum: &Summary{Files: len(inputs)}, prog: prog, rules: newRules(opts.Profile, table)}
	werr := c.collect()
	wg.Wait()
	if prog != nil {
		prog.stop()
	}
	if opts.Reporter != nil {
		if err := opts.Reporter.Flush(); err != nil && werr == nil {
			werr = err
		}
	}
	c.sum.Elapsed = time.Since(start)
	return c.sum, werr
}

type pipeline struct {
	inputs    []Input
	opts      Options
	table     *aggregates
	checker   LineChecker
	batchSize int

	work    chan []*batch // to the workers, a group at a time
	ordered chan []*batch // to the collector, in input order, a group at a time
	free    chan *batch   // batches to reuse
	shells  chan *batch   // batches to reuse, without a buffer

	budget  budget
	rawRead atomic.Int64           // bytes read from the inputs as stored
	current atomic.Pointer[string] // name of the input being read

	stop atomic.Bool // the collector gave up (the reporter failed)

	spareMu sync.Mutex
	spares  [][]byte // buffers of the last long lines, to reuse (see keepSpare)

	carry  []byte      // the reader's buffer of an unfinished line, reused
	blocks chan []byte // blocks of long lines to reuse (see newBlock)

	// group gathers the reader's small batches (of small files) until
	// they make up a batch's worth of bytes, and hands them to one worker
	// at once, with one done channel, and to the collector at once with the
	// markers of where files start and end (pending): a directory of
	// thousands of small files then costs no more hand-offs between
	// goroutines (each a wake-up, often a system call) than one file of
	// the same bytes.
	group      []*batch
	groupBytes int
	pending    []*batch
	live       bool // the input being read is a pipe, checked as it comes

	sc      jsonrt.LineScanner // the reader's, to tell a doomed line (see doomed)
	skipBuf []byte             // the reader's buffer for the rest of a doomed line

	raw *bufio.Reader // the reader's buffer over the input as stored

	ahead  map[int]*inflater // inputs decompressed ahead (see prefetch)
	chunks chan []byte       // decompressed chunks to reuse
	gzPool sync.Pool         // gzip decompressors to reuse

	memory memoryLimit
}

// memoryLimit keeps the Go heap within the promise of "omnigen validate":
// peak memory under 3 × the longest line + 64 MB. A long line costs its
// buffer, a checker's copy of its longest string and, while it is
// read, its blocks; garbage from one long line must not pile up under the
// next, so the limit tells the collector when to work. A limit set by the
// user (GOMEMLIMIT) is left alone.
type memoryLimit struct {
	mu      sync.Mutex
	managed bool
	prev    int64
	longest int
}

const memoryHeadroom = 40 << 20

func (m *memoryLimit) start() {
	m.prev = debug.SetMemoryLimit(-1)
	m.managed = m.prev == math.MaxInt64
}

func (m *memoryLimit) longLine(n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.managed || n <= m.longest {
		return
	}
	m.longest = n
	debug.SetMemoryLimit(5*int64(n)/2 + memoryHeadroom)
}

func (m *memoryLimit) stop() {
	if m.managed && m.longest > 0 {
		debug.SetMemoryLimit(m.prev)
	}
}

// budget bounds the bytes of lines in flight: the reader waits for reported
// batches to be released before it reads more.
type budget struct {
	mu       sync.Mutex
	cond     *sync.Cond
	inflight int
}

func (b *budget) wait() {
	b.mu.Lock()
	for b.inflight >= inflightLimit {
		b.cond.Wait()
	}
	b.mu.Unlock()
}

func (b *budget) add(n int) {
	b.mu.Lock()
	b.inflight += n
	b.mu.Unlock()
}

func (b *budget) release(n int) {
	b.mu.Lock()
	b.inflight -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// newShell returns a batch without a buffer.
func (p *pipeline) newShell(input, first int) *batch {
	var b *batch
	select {
	case b = <-p.shells:
		b.lines = b.lines[:0]
	default:
		b = &batch{}
	}
	b.kind, b.input, b.first, b.bytes = batchLines, input, first, 0
	return b
}

func (p *pipeline) newBatch(input, first int) *batch {
	var b *batch
	select {
	case b = <-p.free:
		b.buf = b.buf[:0]
		b.lines = b.lines[:0]
		if cap(b.buf) < p.batchSize+minRead {
			b.buf = make([]byte, 0, p.batchSize+minRead)
		}
	default:
		select {
		case b = <-p.shells:
			b.lines = b.lines[:0]
		default:
			b = &batch{}
		}
		b.buf = make([]byte, 0, p.batchSize+minRead)
	}
	b.kind, b.input, b.first, b.bytes = batchLines, input, first, 0
	return b
}

func (p *pipeline) recycle(b *batch) {
	if b.kind != batchLines {
		return
	}
	if b.shared {
		b.buf, b.shared = nil, false
		select {
		case p.shells <- b:
		default:
		}
		return
	}
	if cap(b.buf) > keepBuffer {
		// The buffer of a long line is kept apart; the batch, with its
		// lines and results, is reused with a new buffer.
		p.keepSpare(b.buf[:0])
		b.buf = nil
		select {
		case p.shells <- b:
		default:
		}
		return
	}
	select {
	case p.free <- b:
	default:
	}
}

// cost is what b counts against the budget of bytes in flight.
func (b *batch) cost() int {
	n := cap(b.buf) + len(b.lines)*lineCost
	if b.blocks != nil {
		n += lineCost
		for _, blk := range b.blocks {
			n += cap(blk)
		}
	}
	return n
}

// send hands b on, to the workers (in a group) and to the collector.
func (p *pipeline) send(b *batch) {
	b.charge = b.cost()
	p.budget.add(b.charge)
	if len(p.group) == 0 {
		p.group = make([]*batch, 0, 8)
		b.done = make(chan struct{})
	} else {
		b.done = p.group[0].done
	}
	p.group = append(p.group, b)
	p.groupBytes += len(b.buf)
	p.sendOrdered(b)
}

// sendOrdered passes b, a batch or a marker, to the collector with the
// group.
func (p *pipeline) sendOrdered(b *batch) {
	p.pending = append(p.pending, b)
	if p.groupBytes >= p.batchSize || len(p.group) >= maxGroup || len(p.pending) >= 4*maxGroup || p.live {
		p.flush()
	}
}

// flush hands the gathered group to a worker and what is pending to the
// collector.
func (p *pipeline) flush() {
	if len(p.group) > 0 {
		p.work <- p.group
		p.group, p.groupBytes = nil, 0
	}
	if len(p.pending) > 0 {
		p.ordered <- p.pending
		p.pending = make([]*batch, 0, 16)
	}
}

// waitBudget waits until bytes in flight are under the limit, handing the
// gathered group on first if it must wait (the batches it waits for may be
// there).
func (p *pipeline) waitBudget() {
	p.budget.mu.Lock()
	full := p.budget.inflight >= inflightLimit
	p.budget.mu.Unlock()
	if full {
		p.flush()
	}
	p.budget.wait()
}

func (p *pipeline) readAll() {
	defer p.flush()
	defer p.stopAhead()
	for i, in := range p.inputs {
		if p.stop.Load() {
			return
		}
		p.prefetch(i)
		name := in.Name
		p.current.Store(&name)
		p.sendOrdered(&batch{kind: batchFileStart, input: i})
		if in.Err != nil || in.Note != "" {
			p.sendOrdered(&batch{kind: batchFileEnd, input: i, ioErr: in.Err})
			continue
		}
		lines, err := p.readInput(i, in)
		p.sendOrdered(&batch{kind: batchFileEnd, input: i, lineCount: lines, ioErr: err})
	}
}
