package validate

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"unicode/utf8"

	"github.com/klauspost/compress/gzip"
)

// The reader reads an input straight into the buffers of its batches (no
// line-length limit, no copy through an intermediate buffer), cuts them
// into lines, and carries the start of an unfinished line over to the next
// batch. A line longer than a batch is read in blocks and joined into a
// buffer of exactly its size, which becomes a batch of its own.

const (
	minRead   = 32 << 10 // the least room a read is given
	blockSize = 1 << 20  // the blocks a long line is read in
	rawBuffer = 64 << 10 // buffer over the input as stored (gzip magic, gzip input)
)

// countingReader counts the bytes read from an input as stored.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

func (p *pipeline) open(in Input) (io.Reader, func(), error) {
	if in.Path == "" {
		if p.opts.Stdin == nil {
			return nil, nil, errors.New("no standard input")
		}
		return p.opts.Stdin, func() {}, nil
	}
	return openFile(in.Path)
}

// source returns the reader of an input's JSON Lines: the input itself, or
// its decompression (by an inflater) when it starts with the gzip magic
// bytes. closeFn closes the input; the inflater calls it when it is done.
// file says that the input is a file rather than standard input.
func (p *pipeline) source(raw io.Reader, closeFn func(), file bool) (io.Reader, *inflater) {
	cr := countingReader{raw, &p.rawRead}
	if p.raw == nil {
		p.raw = bufio.NewReaderSize(cr, rawBuffer)
	} else {
		p.raw.Reset(cr)
	}
	magic, err := p.raw.Peek(2)
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		if file && err == nil {
			// A file's reads never return bytes and an error at once:
			// the buffer holds no error to give before the file's own.
			return plainReader{p.raw, cr}, nil
		}
		return p.raw, nil
	}
	// The inflater reads the buffer on its own goroutine: the next input
	// gets a new one.
	f := p.startInflater(p.raw, closeFn)
	p.raw = nil
	return f, f
}

// plainReader reads an input that is not compressed: what its buffer holds
// (what was read to look for the gzip magic), then straight from the input
// into the reader's own buffers, with no copy through the buffer.
type plainReader struct {
	buf *bufio.Reader
	in  io.Reader
}

func (r plainReader) Read(b []byte) (int, error) {
	if r.buf.Buffered() > 0 {
		return r.buf.Read(b)
	}
	return r.in.Read(b)
}

func gzipError(err error) error { return fmt.Errorf("gzip: %w", err) }

// openInput returns the reader of input idx's JSON Lines, whether they are
// decompressed, and what to call once it is no longer read.
func (p *pipeline) openInput(idx int, in Input) (io.Reader, bool, func(), error) {
	f := p.takeAhead(idx)
	if f == nil {
		raw, closeFn, err := p.open(in)
		if err != nil {
			return nil, false, nil, err
		}
		var src io.Reader
		if src, f = p.source(raw, closeFn, in.Path != ""); f == nil {
			return src, false, closeFn, nil
		}
	}
	if err := f.headError(); err != nil {
		f.close()
		return nil, true, nil, err
	}
	return f, true, f.close, nil
}

// readInput reads one input into batches and returns how many lines it had.
func (p *pipeline) readInput(idx int, in Input) (int, error) {
	src, gz, closeFn, err := p.openInput(idx, in)
	if err != nil {
		return 0, err
	}
	defer closeFn()
	// From a pipe, lines are handed on as soon as they are complete rather
	// than when a batch is full, so that a live stream is checked live.
	live := in.Path == "" && !gz
	p.live = live
	defer func() { p.live = false }()

	n := 0               // lines read
	carry := p.carry[:0] // the start of an unfinished line
	defer func() {
		if cap(carry) <= keepBuffer {
			p.carry = carry[:0]
		}
	}()
	for {
		p.waitBudget()
		if p.stop.Load() {
			return n, nil
		}
		b := p.newBatch(idx, n+1)
		if need := len(carry) + minRead; cap(b.buf) < need {
			b.buf = make([]byte, 0, max(need, p.batchSize+minRead))
		}
		b.buf = append(b.buf, carry...)
		carry = carry[:0]
		var rerr error
		// A batch holds at most batchSize bytes (even in a bigger buffer),
		// so that the unfinished line it carries fits the next one.
		for len(b.buf) < p.batchSize {
			if cap(b.buf) < p.batchSize {
				b.buf = append(b.buf, make([]byte, p.batchSize+minRead-len(b.buf))...)[:len(b.buf)]
			}
			room := b.buf[len(b.buf):p.batchSize]
			m, err := src.Read(room)
			b.buf = b.buf[:len(b.buf)+m]
			if err != nil {
				rerr = err
				break
			}
			if live && m < len(room) && bytes.IndexByte(room[:m], '\n') >= 0 {
				break
			}
		}
		if rerr == nil && bytes.IndexByte(b.buf, '\n') < 0 && p.doomed(b.buf, n == 0) {
			// One line fills the batch, and what it starts with already
			// makes it invalid: the batch keeps that much of it, the rest
			// is read and dropped.
			skipped, nl, err := p.skipLine(src, &carry)
			if err != nil && err != io.EOF {
				p.recycle(b) // a line cut short by a read error is no line
				return n, readError(err, n)
			}
			p.addLine(b, 0, len(b.buf), false)
			l := &b.lines[0]
			l.cut, l.noNewline = true, !nl
			b.bytes += skipped
			n++
			p.send(b)
			if err == io.EOF {
				return n, nil
			}
			continue
		}
		if rerr == nil && bytes.IndexByte(b.buf, '\n') < 0 {
			// One line fills the batch: it becomes a batch of its own.
			var line []byte
			var blocks [][]byte
			var keptPrefix bool
			line, blocks, keptPrefix, carry, rerr = p.readLong(src, b.buf, carry)
			if !keptPrefix && cap(b.buf) <= keepBuffer {
				// The batch's own buffer is free again: the next batch
				// reads into it (its lines and results go with it).
				select {
				case p.free <- &batch{buf: b.buf[:0], lines: b.lines[:0], res: b.res[:0]}:
					b.lines, b.res = nil, nil
				default:
				}
			}
			b.buf = line
			if blocks != nil {
				// The line is in blocks, which the worker joins (see
				// pipeline.join): the copy is not the reader's.
				if rerr != nil && rerr != io.EOF {
					// A line cut short by a read error is no line.
					p.dropBlocks(blocks)
					p.recycle(b)
					return n, readError(rerr, n)
				}
				b.blocks, b.nl = blocks, rerr == nil
				for _, blk := range blocks {
					b.bytes += int64(len(blk))
				}
				n++
				p.send(b)
				if rerr == io.EOF {
					return n, nil
				}
				continue
			}
		}
		end := rerr == io.EOF
		if rerr != nil && !end {
			// Lines cut short by a read error are not lines.
			if last := bytes.LastIndexByte(b.buf, '\n'); last >= 0 {
				b.buf = b.buf[:last+1]
			} else {
				b.buf = b.buf[:0]
			}
		}
		lines, rest, more := p.cut(b, end)
		n += lines
		for more {
			// More lines than a batch takes: the rest of the buffer goes
			// to batches of their own, which share it (so none gives it
			// back for reuse), each sent when the budget allows.
			next := p.newShell(idx, n+1)
			next.buf = b.buf[rest:len(b.buf):len(b.buf)]
			b.buf = b.buf[:rest:rest]
			b.shared, next.shared = true, true
			p.send(b)
			p.waitBudget()
			if p.stop.Load() {
				return n, nil
			}
			b = next
			lines, rest, more = p.cut(b, end)
			n += lines
		}
		if !end && rerr == nil {
			// The unfinished last line goes on in the next batch.
			carry = append(carry, b.buf[rest:]...)
		}
		if len(b.lines) > 0 {
			p.send(b)
		} else {
			p.recycle(b)
		}
		switch {
		case end:
			return n, nil
		case rerr != nil:
			return n, readError(rerr, n)
		}
	}
}

// cut records the lines of b.buf: every line ended by "\n", and at the end
// of the input the text after the last one, up to maxBatchLines of them. It
// returns how many there are, where the text after them starts, and whether
// lines are left in it for another batch.
func (p *pipeline) cut(b *batch, atEnd bool) (int, int, bool) {
	start := 0
	for len(b.lines) < maxBatchLines {
		k := bytes.IndexByte(b.buf[start:], '\n')
		if k < 0 {
			if atEnd && start < len(b.buf) {
				p.addLine(b, start, len(b.buf), false)
				start = len(b.buf)
			}
			return len(b.lines), start, false
		}
		p.addLine(b, start, start+k+1, true)
		start += k + 1
	}
	more := bytes.IndexByte(b.buf[start:], '\n') >= 0 || (atEnd && start < len(b.buf))
	return len(b.lines), start, more
}

// addLine records the line at b.buf[start:end], its "\n" included when nl.
func (p *pipeline) addLine(b *batch, start, end int, nl bool) {
	b.bytes += int64(end - start)
	b.lines = append(b.lines, newLineRef(b.buf, start, end, nl, b.first+len(b.lines) == 1))
}

// newLineRef returns the line at buf[start:end], its "\n" included when nl;
// first says that it is the first line of its input.
func newLineRef(buf []byte, start, end int, nl, first bool) lineRef {
	l := lineRef{start: start, end: end, noNewline: !nl}
	if nl {
		l.end--
	}
	if l.end > l.start && buf[l.end-1] == '\r' {
		l.end--
	}
	if first && bytes.HasPrefix(buf[l.start:l.end], bom) {
		l.start += len(bom)
		l.bom = true
	}
	return l
}

// doomed reports whether a line that starts with prefix (with no "\n" in it)
// is invalid whatever follows: the reader's checks find a problem in its
// first doomWindow bytes that more bytes cannot undo (not that it ends early,
// and not in its last bytes, which may be a character cut in two). A gzip
// file that inflates to a gigabyte of zero bytes is then rejected without
// holding it whole. first says that prefix starts the input (and may start
// with a byte-order mark). Only the window is read: the reader does this on
// one goroutine, for every line longer than a batch.
func (p *pipeline) doomed(prefix []byte, first bool) bool {
	if first {
		prefix = bytes.TrimPrefix(prefix, bom)
	}
	prefix = prefix[:min(len(prefix), doomWindow)]
	prob := p.sc.Check(prefix)
	return prob != nil && !prob.Early && prob.Offset+utf8.UTFMax <= len(prefix)
}

// doomWindow is how much of a long line doomed reads.
const doomWindow = 64 << 10

// skipLine reads the rest of a line and drops it, returning how many bytes
// it had (its "\n" included) and whether it ended with one; what follows the
// line is appended to *carry. The error is io.EOF for a last line without
// "\n".
func (p *pipeline) skipLine(src io.Reader, carry *[]byte) (int64, bool, error) {
	if p.skipBuf == nil {
		p.skipBuf = make([]byte, minRead)
	}
	var n int64
	for {
		m, err := src.Read(p.skipBuf)
		if k := bytes.IndexByte(p.skipBuf[:m], '\n'); k >= 0 {
			*carry = append(*carry, p.skipBuf[k+1:m]...)
			return n + int64(k) + 1, true, nil
		}
		n += int64(m)
		if err != nil {
			return n, false, err
		}
	}
}

// readLong reads the rest of a line whose beginning, with no "\n" in it, is
// prefix (a batch's buffer). It returns the line (with its "\n" when it has
// one) either in one buffer (line) or, when it took more than one and is
// shorter than collectFrom, in the blocks it was read in, which the worker
// that checks it joins (see pipeline.join). keptPrefix says that prefix's
// array is no longer the caller's (line or blocks hold it, or it was given
// back). It also returns what was read after the line
// (appended to carry), and the error that ended reading, if any (io.EOF for a
// last line without "\n").
func (p *pipeline) readLong(src io.Reader, prefix, carry []byte) (line []byte, blocks [][]byte, keptPrefix bool, rest []byte, err error) {
	// The spare buffer of an earlier long line is read into directly while
	// it has room: long lines in a row cost no copy. Without one, the
	// prefix's own buffer is the first block.
	buf := prefix
	keptPrefix = true
	if spare := p.takeSpare(); spare != nil {
		buf, keptPrefix = append(spare, prefix...), false
	}
	total := len(prefix)
	for {
		if blocks == nil && len(buf) == cap(buf) {
			blocks = [][]byte{buf}
		}
		if blocks != nil {
			last := blocks[len(blocks)-1]
			if len(last) == cap(last) {
				blocks = append(blocks, p.newBlock())
			}
			buf = blocks[len(blocks)-1]
		}
		// A read stops within a batch's size of what it has: what follows
		// the line is carried to the next batch, whose buffer it must fit.
		room := buf[len(buf):cap(buf)]
		if len(room) > p.batchSize {
			room = room[:p.batchSize]
		}
		m, rerr := src.Read(room)
		read := buf[len(buf) : len(buf)+m]
		buf = buf[:len(buf)+m]
		if blocks != nil {
			blocks[len(blocks)-1] = buf
		}
		if k := bytes.IndexByte(read, '\n'); k >= 0 {
			total += k + 1
			rest = append(carry, read[k+1:]...)
			buf = buf[:len(buf)-(m-k-1)]
			if blocks != nil {
				blocks[len(blocks)-1] = buf
			}
			err = nil
			break
		}
		total += m
		if rerr != nil {
			err = rerr
			break
		}
	}
	p.memory.longLine(total)
	if blocks == nil {
		return buf, nil, keptPrefix, rest, err
	}
	if total < collectFrom {
		return nil, blocks, keptPrefix, rest, err
	}
	line = joinBlocks(make([]byte, 0, spareSize(total)), blocks)
	p.dropBlocks(blocks) // prefix's array too, when it was the first block
	// The schema engine copies a long string once per union branch that
	// has its property, all at once: collect the garbage of the blocks and
	// of the last long line first, so that it does not pile up under this
	// one.
	runtime.GC()
	return line, nil, keptPrefix, rest, err
}

// spareSize is the capacity of the buffer a long line of n bytes is joined
// into. With room to spare, the buffer can take the next long line too once
// it is kept (long lines of a file have about the same length, give or take
// a factor of two): a line that fits the spare is read into it with no join.
func spareSize(n int) int {
	switch {
	case 2*n <= spareSmall:
		return 2 * n
	case n < spareSmall:
		return n + n/4
	}
	return n
}

// joinBlocks appends the blocks to buf.
func joinBlocks(buf []byte, blocks [][]byte) []byte {
	for _, blk := range blocks {
		buf = append(buf, blk...)
	}
	return buf
}

// join puts the blocks of b's long line together into one buffer (a spare
// one when it fits), and records the line. The worker that checks b does it,
// so that the copy runs beside the reader rather than on its goroutine.
func (p *pipeline) join(b *batch) {
	total := 0
	for _, blk := range b.blocks {
		total += len(blk)
	}
	buf := p.takeSpare()
	if cap(buf) < total {
		if buf != nil {
			p.keepSpare(buf)
		}
		buf = make([]byte, 0, spareSize(total))
	}
	b.buf = joinBlocks(buf, b.blocks)
	p.dropBlocks(b.blocks)
	b.blocks = nil
	b.lines = append(b.lines[:0], newLineRef(b.buf, 0, len(b.buf), b.nl, b.first == 1))
}

// newBlock returns an empty block of blockSize to read a long line into.
func (p *pipeline) newBlock() []byte {
	select {
	case blk := <-p.blocks:
		return blk
	default:
		return make([]byte, 0, blockSize)
	}
}

// dropBlocks gives the blocks of a long line back: a batch's buffer (the
// first block, without a spare) to the batches, the others to newBlock, as
// many as each keeps.
func (p *pipeline) dropBlocks(blocks [][]byte) {
	for i, blk := range blocks {
		blocks[i] = nil
		switch {
		case cap(blk) == blockSize:
			select {
			case p.blocks <- blk[:0]:
			default:
			}
		case cap(blk) <= keepBuffer:
			select {
			case p.free <- &batch{buf: blk[:0]}:
			default:
			}
		default:
			p.keepSpare(blk[:0])
		}
	}
}

// collectFrom is the length from which a long line is joined by the reader
// and preceded by a garbage collection.
const collectFrom = 8 << 20

// Long lines usually come in runs (an image after an image), and a line is
// often read while the ones before it are still being checked: buffers of
// lines of at most spareSmall bytes are kept for the next long lines, up to
// spareBudget bytes in all, but only one buffer of a longer line, so that
// what is kept stays within the memory bound.
const (
	spareBudget = 2 * spareSmall
	spareSmall  = collectFrom
)

// keepSpare keeps buf, the buffer of a long line that has been reported, for
// a later long line.
func (p *pipeline) keepSpare(buf []byte) {
	p.spareMu.Lock()
	defer p.spareMu.Unlock()
	if cap(buf) > spareSmall || len(p.spares) == 0 {
		p.spares = append(p.spares[:0], buf)
		return
	}
	if cap(p.spares[0]) > spareSmall {
		return
	}
	total := 0
	for _, s := range p.spares {
		total += cap(s)
	}
	if total+cap(buf) <= spareBudget {
		p.spares = append(p.spares, buf)
		return
	}
	for i, s := range p.spares {
		if cap(s) < cap(buf) {
			p.spares[i] = buf
			return
		}
	}
}

// takeSpare returns the largest buffer kept by keepSpare, emptied, or nil.
func (p *pipeline) takeSpare() []byte {
	p.spareMu.Lock()
	defer p.spareMu.Unlock()
	best := -1
	for i, s := range p.spares {
		if best < 0 || cap(s) > cap(p.spares[best]) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	s := p.spares[best]
	p.spares = append(p.spares[:best], p.spares[best+1:]...)
	return s[:0]
}

func readError(err error, lines int) error {
	what := err.Error()
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		what = "unexpected end of the gzip stream (the file is truncated)"
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader):
		what += " (the file is corrupt)"
	}
	return fmt.Errorf("read error after line %d: %s; the rest of the input was not read", lines, what)
}
