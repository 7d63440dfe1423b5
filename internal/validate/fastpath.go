package validate

import (
	"sync"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// FastChecker checks lines against the embedded canonical schema with the
// validating decoder generated from that schema (gen/go/omnimessage): it
// reads a line in one pass without building a value, tens of times faster
// than the generic engine, which is what makes "omnigen validate" keep up
// with the disk. It knows only the canonical schema, so a run with --schema
// uses the engine alone.
//
// The engine stays the authority and the one source of error text: a line
// the generated code rejects is checked again by the engine, whose finding
// (pointer and message) is reported. Should the engine accept it, the two
// disagree — a bug in the generator, which FuzzValidate looks for — and the
// line is valid, as the engine says. (The generated decoder also rejects
// numbers beyond float64 and int64 that the schema allows; those lines take
// the same way and are valid.)
//
// The engine is compiled when the first line is rejected (a few
// milliseconds, which a run of valid lines does not pay).
type FastChecker struct {
	engine func() *EngineChecker
}

// NewFastChecker returns the FastChecker of the canonical schema.
func NewFastChecker() *FastChecker {
	return &FastChecker{engine: sync.OnceValue(func() *EngineChecker {
		return NewEngineChecker(schema.CanonicalValidator())
	})}
}

// Accept reports whether the generated decoder accepts line, which it does
// only for one well-formed JSON value in valid UTF-8, with no duplicate key
// and no nesting deeper than encoding/json's limit (the reader's own checks),
// that the schema allows. The worker calls it on the raw line, so that a
// valid line is read once.
func (c *FastChecker) Accept(line []byte) bool {
	return omnimessage.Validate(line) == nil
}

// Check implements LineChecker.
func (c *FastChecker) Check(line []byte) *schema.Error {
	if omnimessage.Validate(line) == nil {
		return nil
	}
	return c.engine().Check(line)
}
