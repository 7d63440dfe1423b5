package validate

import (
	"bufio"
	"errors"
	"io"
	"runtime"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// A gzip input is decompressed on a goroutine of its own (an inflater), so
// that decompression, the slowest part of reading it, runs beside the
// reader and the workers; and the next *.gz inputs are opened and
// decompressed ahead while the current one is read, so that several files
// are decompressed at once. What an inflater has decompressed waits in
// chunks, at most inflateBudget bytes of them for all the inflaters at
// once, until the reader takes them: memory stays bounded whatever the files
// hold and however many cores there are.
//
// The decompressor is github.com/klauspost/compress/gzip, a drop-in for
// compress/gzip (same stream format, same multistream default, same
// errors) that inflates about 1.3× as fast.

const (
	inflateChunk  = 256 << 10
	inflateBudget = 16 << 20 // decompressed bytes the inflaters may hold in all
)

// inflateChunks is how many chunks one inflater may hold: its share of
// inflateBudget (the current input and those decompressed ahead).
func inflateChunks() int { return inflateBudget / inflateChunk / (prefetchAhead() + 1) }

// prefetchAhead is how many *.gz inputs beyond the current one are
// decompressed ahead: one per core beyond the first, at most 3.
func prefetchAhead() int { return min(max(runtime.GOMAXPROCS(0)-1, 1), 3) }

// inflater decompresses one gzip input into chunks, in order.
type inflater struct {
	p     *pipeline
	ready chan struct{} // closed once the gzip header has been read (or not)
	head  error         // why the header could not be read
	out   chan []byte   // decompressed chunks
	err   error         // what ended decompression (io.EOF at the end), once out is closed
	quit  chan struct{} // closed when the reader gives the input up
	cur   []byte        // what is left of the chunk being read
	taken []byte        // the chunk being read, to give back
}

// startInflater decompresses raw, which starts with the gzip magic bytes;
// closeFn, when not nil, is called once raw is no longer read.
func (p *pipeline) startInflater(raw *bufio.Reader, closeFn func()) *inflater {
	f := p.newInflater()
	go f.run(func() (*bufio.Reader, error) { return raw, nil }, closeFn)
	return f
}

// prefetchFile opens in, a file named *.gz, and decompresses it ahead. A
// file that turns out not to be gzip is read as it is by the inflater too
// (through the same chunks), so that what the reader sees does not depend
// on the name.
func (p *pipeline) prefetchFile(in Input) *inflater {
	f := p.newInflater()
	closeFile := func() {}
	go f.run(func() (*bufio.Reader, error) {
		file, closeFn, err := openFile(in.Path)
		if err != nil {
			return nil, err
		}
		closeFile = closeFn
		return bufio.NewReaderSize(countingReader{file, &p.rawRead}, rawBuffer), nil
	}, func() { closeFile() })
	return f
}

func (p *pipeline) newInflater() *inflater {
	return &inflater{p: p, ready: make(chan struct{}), quit: make(chan struct{}),
		out: make(chan []byte, inflateChunks())}
}

// errOpen marks an error of opening a prefetched input (not a read error).
type errOpen struct{ error }

func (f *inflater) run(open func() (*bufio.Reader, error), closeFn func()) {
	defer close(f.out)
	if closeFn != nil {
		defer closeFn()
	}
	raw, err := open()
	if err != nil {
		f.head = errOpen{err}
		close(f.ready)
		return
	}
	var src io.Reader = raw
	if magic, _ := raw.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr := f.p.gzipReader()
		defer f.p.putGzipReader(zr)
		if err := zr.Reset(raw); err != nil {
			f.head = err
			close(f.ready)
			return
		}
		src = zr
	}
	close(f.ready)
	for {
		buf := f.p.chunk()
		n := 0
		var err error
		for n < len(buf) && err == nil {
			var m int
			m, err = src.Read(buf[n:])
			n += m
		}
		if n > 0 {
			select {
			case f.out <- buf[:n]:
			case <-f.quit:
				f.err = io.ErrClosedPipe
				return
			}
		}
		if err != nil {
			f.err = err
			return
		}
	}
}

// Read implements io.Reader over the decompressed chunks.
func (f *inflater) Read(b []byte) (int, error) {
	for len(f.cur) == 0 {
		if f.taken != nil {
			f.p.putChunk(f.taken)
			f.taken = nil
		}
		c, ok := <-f.out
		if !ok {
			return 0, f.err
		}
		f.cur, f.taken = c, c
	}
	n := copy(b, f.cur)
	f.cur = f.cur[n:]
	return n, nil
}

// close gives the input up: the inflater stops at its next chunk.
func (f *inflater) close() {
	select {
	case <-f.quit:
	default:
		close(f.quit)
	}
}

// chunk returns a buffer for decompressed bytes.
func (p *pipeline) chunk() []byte {
	select {
	case c := <-p.chunks:
		return c[:cap(c)]
	default:
		return make([]byte, inflateChunk)
	}
}

func (p *pipeline) putChunk(c []byte) {
	select {
	case p.chunks <- c:
	default:
	}
}

func (p *pipeline) gzipReader() *gzip.Reader {
	if zr, ok := p.gzPool.Get().(*gzip.Reader); ok {
		return zr
	}
	return new(gzip.Reader)
}

func (p *pipeline) putGzipReader(zr *gzip.Reader) { p.gzPool.Put(zr) }

// prefetch starts decompressing the *.gz inputs after input i, up to
// prefetchAhead of them.
func (p *pipeline) prefetch(i int) {
	for j := i + 1; j < len(p.inputs) && j <= i+prefetchAhead(); j++ {
		in := p.inputs[j]
		if p.ahead[j] != nil || in.Path == "" || in.Err != nil || in.Note != "" || !strings.HasSuffix(in.Path, ".gz") {
			continue
		}
		if p.ahead == nil {
			p.ahead = map[int]*inflater{}
		}
		p.ahead[j] = p.prefetchFile(in)
	}
}

// takeAhead returns the inflater started ahead for input i, if any.
func (p *pipeline) takeAhead(i int) *inflater {
	f := p.ahead[i]
	delete(p.ahead, i)
	return f
}

// stopAhead gives up the inputs decompressed ahead (the run stops).
func (p *pipeline) stopAhead() {
	for i, f := range p.ahead {
		f.close()
		delete(p.ahead, i)
	}
}

// openError is what readInput returns about an inflater's header: an input
// that could not be opened as it is, a bad gzip header as "gzip: …".
func (f *inflater) headError() error {
	<-f.ready
	var oe errOpen
	switch {
	case f.head == nil:
		return nil
	case errors.As(f.head, &oe):
		return oe.error
	}
	return gzipError(f.head)
}
