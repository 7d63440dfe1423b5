package validate

import (
	"errors"
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
	if s.Program != nil || s.Checks == nil {
		t.Fatalf("the canonical schema must be the dialect's and carry its checks: Program %v, Checks %v", s.Program != nil, s.Checks != nil)
	}
	cs, err := jsonrt.Interpret(s.Checks, nil)
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
