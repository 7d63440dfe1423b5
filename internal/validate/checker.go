package validate

import (
	"errors"

	"github.com/omnigen-dev/omnigen/internal/schema"
)

// LineChecker checks one line against the schema. It is the seam where a
// faster checker (for example a validating decoder generated from the
// schema) replaces the generic schema engine; whichever is used, it must
// accept exactly the lines the engine accepts and report the same finding.
//
// The line it is given has already passed the reader's own checks: it is
// exactly one JSON value in valid UTF-8, with no duplicate key at any depth,
// no nesting deeper than 10000 levels, and no byte-order mark or line ending.
// Check is called from many goroutines at once and must not keep line (or
// anything pointing into it) after it returns; it returns nil when the line
// is valid.
type LineChecker interface {
	Check(line []byte) *schema.Error
}

// wholeLineChecker is a LineChecker that can also vouch for a line the
// reader has not checked: when Accept reports true, the line is exactly one
// well-formed JSON value in valid UTF-8 with no duplicate key and no nesting
// deeper than the reader allows, and it is valid against the schema, so the
// reader's own checks (a second pass over the line) are skipped. When it
// reports false, the line takes the usual way: the reader's checks, then
// Check.
type wholeLineChecker interface {
	LineChecker
	Accept(line []byte) bool
}

// EngineChecker is the generic LineChecker: it decodes the line and
// validates it with the compiled schema (santhosh-tekuri/jsonschema).
type EngineChecker struct {
	Validator *schema.Validator
}

// NewEngineChecker returns a LineChecker backed by v.
func NewEngineChecker(v *schema.Validator) *EngineChecker {
	return &EngineChecker{Validator: v}
}

// Check implements LineChecker.
func (c *EngineChecker) Check(line []byte) *schema.Error {
	err := c.Validator.ValidateValue(decodeValue(line))
	if err == nil {
		return nil
	}
	var se *schema.Error
	if errors.As(err, &se) {
		return se
	}
	return &schema.Error{Message: err.Error()}
}
