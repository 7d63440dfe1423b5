package anyselect

import (
	"bytes"
	"testing"
)

// Hand-written: whatever Unmarshal reads, it reads without panicking, as
// Validate judges it, and Marshal writes it back so that it reads back the
// same (make fuzz runs it; go test runs the seeds).
func FuzzUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{"body":{"r":2.5,"type":"circle","color":"red"},"kind":"shape"}`,
		`{"kind":"login","at":1,"body":{"user":"ada","ok":true}}`,
		`{"kind":"deploy","body":{"user":"","anything":[1,{"x":null}]},"reply":{"status":"ok","detail":"done"}}`,
		`{"kind":"login","body":{"user":"bo"},"reply":{"detail":{"code":7,"message":"no","extra":true},"status":"error"}}`,
		`{"kind":"shape","body":{"type":"triangle"}}`,
		`{"body":{"user":"x"},"kind":"login","body":{}}`,
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
