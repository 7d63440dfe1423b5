package validate

import (
	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/validate/fastpath"
)

// FastChecker checks lines against the embedded canonical schema with the
// validating decoder generated from that schema (package fastpath, the
// codec of gen/go/omnimessage kept apart from gen/ for omnigen's use): it
// reads a line in one pass without building a value, tens of times faster
// than a checker that builds the value, which is what makes "omnigen
// validate" keep up with the disk. It knows only the canonical schema: a run
// with --schema runs that schema's check program.
//
// Its finding is the generated decoder's, which names the same pointer and
// says the same words as the schema engine would: the two are compared on
// every conformance vector and by FuzzValidate, FuzzFastPath and the
// differential test, the engine (internal/engine) being the authority. The
// engine is not asked for the canonical schema: on a hostile line (a 100 MB array, an object of a
// million keys) it builds the whole value, with tens of times the line's
// size in memory and time, where the decoder answers in one pass.
//
// Where the two differ, they do on purpose: the decoder also rejects what
// JavaScript would not write back as it was (see the package documentation
// of gen/go/omnimessage and README.md), so that "omnigen validate", the Go
// package and the TypeScript package give one verdict on every line.
type FastChecker struct{}

// NewFastChecker returns the FastChecker of the canonical schema.
func NewFastChecker() *FastChecker { return &FastChecker{} }

// Accept reports whether the generated decoder accepts line, which it does
// only for one well-formed JSON value in valid UTF-8, with no duplicate key
// and no nesting deeper than maxDepth (the reader's own checks), that the
// schema allows. The worker calls it on the raw line, so that a valid line is
// read once.
func (c *FastChecker) Accept(line []byte) bool {
	return fastpath.Validate(line) == nil
}

// Check implements LineChecker.
func (c *FastChecker) Check(line []byte) *schema.Error {
	e, _ := c.Find(line)
	return e
}

// Find is Check on a line the reader has not checked (see wholeLineChecker):
// the decoder's Error says whether it read the whole line well-formed.
func (c *FastChecker) Find(line []byte) (*schema.Error, bool) {
	err := fastpath.Validate(line)
	if err == nil {
		return nil, true
	}
	if e, ok := err.(*fastpath.Error); ok {
		return &schema.Error{Pointer: e.Pointer, Message: schema.WithKeyword(e.Keyword, e.Message)}, e.WellFormed
	}
	return &schema.Error{Message: err.Error()}, false
}
