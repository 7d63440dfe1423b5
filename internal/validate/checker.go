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
// no nesting deeper than maxDepth (1000) levels, and no byte-order mark or
// line ending.
// Check is called from many goroutines at once and must not keep line (or
// anything pointing into it) after it returns; it returns nil when the line
// is valid.
type LineChecker interface {
	Check(line []byte) *schema.Error
}

// wholeLineChecker is a LineChecker that can also vouch for a line the
// reader has not checked: when Find returns nil, or a problem with
// wellFormed set, the line is exactly one well-formed JSON value in valid
// UTF-8 with no duplicate key, no number JavaScript reads as Infinity and no
// nesting deeper than the reader allows, so the reader's own checks (a
// second pass over the line) are skipped, and the problem, if any, is the
// line's schema finding. Otherwise the line takes the usual way, the
// reader's checks, and what Find returned is what Check would return, which
// is then not asked.
type wholeLineChecker interface {
	LineChecker
	Find(line []byte) (e *schema.Error, wellFormed bool)
}

// EngineChecker is the generic LineChecker: it decodes the line and
// validates it with the compiled schema (santhosh-tekuri/jsonschema).
type EngineChecker struct {
	Validator *schema.Validator
}

// engineCost is about how many bytes the engine takes to check a line of n
// bytes holding values JSON values: each a slot of its array or map and a
// boxed value, and the line's short strings copied.
func engineCost(n, values int) int64 { return 64*int64(values) + int64(n) }

// engineBudget is how many bytes the engine may take for one line of n
// bytes: with a line of each in flight on two workers, peak memory stays
// under the promise of 3 × the longest line + 64 MB. A line dense with small
// values (a 100 MB array of numbers would take 3 GB) is not given to it;
// see RuleLimit.
func engineBudget(n int) int64 { return 16<<20 + int64(n)/2 }

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
