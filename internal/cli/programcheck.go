package cli

import (
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// programChecker checks lines against a schema outside the x-omnigen
// dialect by running its check program, the very rules its generated code
// runs, so that `omnigen validate --schema` and the generated Unmarshal
// give the same verdict and the same finding.
type programChecker struct {
	checks *jsonrt.Checks
}

func newProgramChecker(s *model.Schema) (*programChecker, error) {
	cs, err := jsonrt.Interpret(s.Program, formatFuncs)
	if err != nil {
		return nil, err
	}
	return &programChecker{checks: cs}, nil
}

// formatFuncs are the format checks asserted with --assert-formats: those
// the generated code runs.
var formatFuncs = func() map[string]func(string) bool {
	m := map[string]func(string) bool{"regex": regexrt.FormatRegex}
	for _, name := range formatrt.Names {
		m[name] = formatrt.Check(name)
	}
	return m
}()

// Check implements validate.LineChecker.
func (c *programChecker) Check(line []byte) *schema.Error {
	err := c.checks.Validate(0, line)
	if err == nil {
		return nil
	}
	return &schema.Error{Pointer: jsonrt.Pointer(err), Message: schema.WithKeyword(jsonrt.Keyword(err), jsonrt.Message(err))}
}
