package cli

import (
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// programChecker checks lines against a schema by running its check
// program, the very rules its generated code runs (for a schema in the
// x-omnigen dialect, with the dialect's rule of integers), so that
// `omnigen validate --schema` and the generated Unmarshal give the same
// verdict and the same finding.
type programChecker struct {
	checks *jsonrt.Checks
}

func newProgramChecker(s *model.Schema) (*programChecker, error) {
	cs, err := jsonrt.Interpret(s.Program, jsonrt.Formats())
	if err != nil {
		return nil, err
	}
	return &programChecker{checks: cs}, nil
}

// Check implements validate.LineChecker.
func (c *programChecker) Check(line []byte) *schema.Error {
	err := c.checks.Validate(0, line)
	if err == nil {
		return nil
	}
	return &schema.Error{Pointer: jsonrt.Pointer(err), Message: schema.WithKeyword(jsonrt.Keyword(err), jsonrt.Message(err))}
}

// Limit says about how many bytes checking a line of n bytes holding values
// JSON values costs (the program reads the line into a tree of values, about
// 190 bytes of peak memory each, measured on a 30 MB array of numbers), and
// how many it may take: with a line of each in flight on two workers, peak
// memory stays under omnigen validate's promise of 3 × the longest line +
// 64 MB. A line over budget is not checked (validate.RuleLimit).
func (c *programChecker) Limit(n, values int) (cost, budget int64) {
	return 192*int64(values) + int64(n), 16<<20 + int64(n)/2
}
