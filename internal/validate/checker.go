package validate

import "github.com/omnigen-dev/omnigen/internal/schema"

// LineChecker checks one line against the schema: the generated decoder
// of the canonical schema (FastChecker, the default), a schema's check
// program (the CLI's --schema, whatever the schema's dialect), or, in tests,
// the schema engine (internal/engine), which the others must agree with,
// verdict and finding.
//
// The line it is given has already passed the reader's own checks: it is
// exactly one JSON value in valid UTF-8, with no duplicate key at any depth,
// no nesting deeper than jsonrt.MaxDepth (1000 levels), no
// number JavaScript reads as Infinity, and no byte-order mark or line ending.
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

// limitedChecker is a LineChecker that holds a whole line's values at once
// (the schema engine's, in tests): Limit says about how many bytes a line of
// n bytes and values JSON values costs it, and how many it may take; a line
// over budget is not checked (RuleLimit).
type limitedChecker interface {
	LineChecker
	Limit(n, values int) (cost, budget int64)
}
