package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// The check program the dialect's model carries (model.Schema.Checks, which
// the TypeScript emitter renders) gives the generated Go package's answer on
// every conformance vector: it accepts the valid ones, and rejects each
// invalid one with Go's pointer, keyword and message.
func TestDialectChecksAgreeWithGo(t *testing.T) {
	s, err := model.Load("", model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Annotated || s.Program == nil {
		t.Fatalf("the canonical schema must be the dialect's and carry its checks: dialect %v, Program %v", s.Annotated, s.Program != nil)
	}
	cs, err := jsonrt.Interpret(s.Program, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vectors(t, "testdata/conformance/valid.jsonl") {
		if err := cs.Validate(0, v.Message); err != nil {
			t.Errorf("%s: the checks refuse it: %v", v.Name, err)
		}
	}
	invalid := vectors(t, "testdata/conformance/invalid.jsonl")
	for _, v := range invalid {
		_, err := omnimessage.Unmarshal(v.Message)
		var ge *omnimessage.Error
		if !errors.As(err, &ge) {
			t.Errorf("%s: Go says %v", v.Name, err)
			continue
		}
		pe := cs.Validate(0, v.Message)
		if pe == nil {
			t.Errorf("%s: the checks accept it", v.Name)
			continue
		}
		got := [3]string{jsonrt.Pointer(pe), jsonrt.Keyword(pe), jsonrt.Message(pe)}
		if want := [3]string{ge.Pointer, ge.Keyword, ge.Message}; got != want {
			t.Errorf("%s: Go says %q, the checks %q", v.Name, want, got)
		}
	}
}

// On the differential test's mutants, the dialect's check program gives Go's
// verdict, and on a line that is JSON JavaScript reads back as it is, Go's
// pointer, keyword and message, the dialect's rule of integers included
// (model.ExactIntegerRule): every line is compared.
func TestDialectChecksMutants(t *testing.T) {
	s, err := model.Load("", model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := jsonrt.Interpret(s.Program, nil)
	if err != nil {
		t.Fatal(err)
	}
	compared, integers := 0, 0
	for i, m := range makeMutants(t, 5000, 1) {
		_, gerr := omnimessage.Unmarshal(m)
		perr := cs.Validate(0, m)
		var ge *omnimessage.Error
		errors.As(gerr, &ge)
		if (gerr == nil) != (perr == nil) {
			t.Errorf("mutant %d %.200q: Go says %v, the checks %v", i+1, m, gerr, perr)
			continue
		}
		if ge == nil || !ge.WellFormed {
			continue
		}
		compared++
		if dialectInteger(ge) {
			integers++
		}
		got := [3]string{jsonrt.Pointer(perr), jsonrt.Keyword(perr), jsonrt.Message(perr)}
		if want := [3]string{ge.Pointer, ge.Keyword, ge.Message}; got != want {
			t.Errorf("mutant %d %.200q: Go says %q, the checks %q", i+1, m, want, got)
		}
	}
	if compared < 1000 || integers == 0 {
		t.Errorf("only %d problems compared, %d by the integer rule", compared, integers)
	}
	t.Logf("%d problems compared, %d of them by the integer rule", compared, integers)
}

// dialectInteger reports whether Go may refuse a number by the dialect's own
// rule of integers: an int64 that JavaScript writes back unchanged, from a
// text that is an integer (1e-400 and 1.0000000000000001 are not).
func dialectInteger(e *omnimessage.Error) bool {
	return strings.HasPrefix(e.Message, "must be an integer in the int64 range") ||
		(e.Keyword == "type" && e.Message == "must be integer, got number")
}
