package streamrt

// This file is the JSON Lines runtime of a generated package: a Decoder that
// reads one Root per line and an Encoder that writes one per line. It
// depends on the schema only through Root, Unmarshal and Marshal, which the
// generated package declares (stand_in.go does here); omnigen renames Root
// to the root type's name when it copies this file into a package.

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strconv"
)

// ErrTornLine is what a LineError about a torn last line wraps: the stream
// ended without a final newline in a line that is not JSON, as a writer that
// stops mid-line (a crash) leaves it. A Trace reader ignores such a line.
var ErrTornLine = errors.New("torn last line: no final newline and not valid JSON")

// LineError is a line that Decode could not decode: its number (1 for the
// first line) and why. Err is the *Error of Unmarshal, naming the JSON
// pointer of the problem, or ErrTornLine.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Err.Error() }

func (e *LineError) Unwrap() error { return e.Err }

// Decoder reads a JSON Lines stream (a Trace, a capture of a stream), one
// Root per line, as json.Decoder reads JSON values. Lines may be of any
// length; a CRLF line ending is accepted.
type Decoder struct {
	r *bufio.Reader
	// line counts the lines read; buf holds the last one.
	line int
	buf  []byte
	// err is the read error that ends the stream, once met.
	err error
}

// NewDecoder returns a decoder reading from r. It reads ahead in r.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{r: bufio.NewReaderSize(r, 64<<10)}
}

// Decode reads the next line and decodes it as Unmarshal does. At the end
// of the stream it returns io.EOF. A line that does not decode gives a
// *LineError with the line's number, and the next call reads the next line,
// so a caller may report it and go on. A last line with no final newline
// that is not JSON gives a *LineError wrapping ErrTornLine (check with
// errors.Is); a last line with no final newline that decodes is a Root like
// any other. An error reading r is returned as it is, and again by every
// later call.
func (d *Decoder) Decode() (Root, error) {
	var zero Root
	if d.err != nil {
		return zero, d.err
	}
	d.buf = d.buf[:0]
	for {
		chunk, err := d.r.ReadSlice('\n')
		d.buf = append(d.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			d.err = err
			if len(d.buf) == 0 {
				return zero, err
			}
			if err != io.EOF {
				return zero, err
			}
		}
		break
	}
	d.line++
	v, err := Unmarshal(d.buf)
	if err == nil {
		return v, nil
	}
	if d.err == io.EOF && !json.Valid(d.buf) {
		err = ErrTornLine
	}
	return zero, &LineError{Line: d.line, Err: err}
}

// Line is the number of the line the last Decode read (0 before the first).
func (d *Decoder) Line() int { return d.line }

// Encoder writes Roots to a JSON Lines stream, one per line.
type Encoder struct {
	w io.Writer
}

// NewEncoder returns an encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// Encode writes v as Marshal writes it followed by a newline, in one Write
// call: on a file opened with O_APPEND, lines written by several writers
// never interleave, and a crash leaves at most the last line torn. Nothing
// is written when v does not marshal. An Encoder is not safe for concurrent
// use; give each writer its own.
func (e *Encoder) Encode(v Root) error {
	line, err := Marshal(v)
	if err != nil {
		return err
	}
	_, err = e.w.Write(append(line, '\n'))
	return err
}
