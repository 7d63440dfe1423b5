package anynullabledefs

import (
	"bytes"
	"testing"
)

// Hand-written: whatever Unmarshal reads, it reads without panicking, as
// Validate judges it, and Marshal writes it back so that it reads back the
// same (make fuzz runs it; go test runs the seeds).
func FuzzUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{"label":"far too long"}`,
		`{"lamp":5}`,
		`{"lamp":{"watts":0}}`,
		`{"mark":null}`,
		`{"lamp":null,"label":null,"spare":null}`,
		`{"sole":null}`,
		`{"lamp":{"watts":40},"label":"desk","sole":"top","spare":{},"mark":"set"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Unmarshal(data)
		verr := Validate(data)
		if verr != nil {
			if err == nil || err.Error() != verr.Error() {
				t.Fatalf("Validate says %v, Unmarshal %v", verr, err)
			}
			return
		}
		if err != nil {
			return // a value its Go type cannot hold
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatalf("Marshal of what Unmarshal read: %v", err)
		}
		w, err := Unmarshal(out)
		if err != nil {
			t.Fatalf("Unmarshal of what Marshal wrote (%s): %v", out, err)
		}
		again, err := Marshal(w)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("written %s, then %s (%v)", out, again, err)
		}
	})
}
