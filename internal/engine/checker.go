package engine

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/omnigen-dev/omnigen/internal/schema"
)

// Checker checks the lines of a JSON Lines file with a compiled schema, as
// omnigen validate's line checkers do (validate.LineChecker): the tests hold
// the generated code and the check program to its findings.
type Checker struct {
	Validator *Validator
}

// NewChecker returns a Checker backed by v.
func NewChecker(v *Validator) *Checker { return &Checker{Validator: v} }

// Check decodes line, which the reader has found well-formed, and validates
// it.
func (c *Checker) Check(line []byte) *schema.Error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return &schema.Error{Message: "not valid JSON: " + err.Error()}
	}
	err := c.Validator.ValidateValue(v)
	if err == nil {
		return nil
	}
	var se *schema.Error
	if errors.As(err, &se) {
		return se
	}
	return &schema.Error{Message: err.Error()}
}

// Limit is about how many bytes the engine takes to check a line of n bytes
// holding values JSON values (each a slot of its array or map and a boxed
// value, and the line's short strings copied), and how many it may take: with
// a line of each in flight on two workers, peak memory stays under omnigen
// validate's promise of 3 × the longest line + 64 MB. A line dense with small
// values (a 100 MB array of numbers would take 3 GB) is not given to it.
func (c *Checker) Limit(n, values int) (cost, budget int64) {
	return 64*int64(values) + int64(n), 16<<20 + int64(n)/2
}
