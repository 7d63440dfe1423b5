package anytuples

import (
	"bytes"
	"testing"
)

// Hand-written: whatever Unmarshal reads, it reads without panicking, as
// Validate judges it, and Marshal writes it back so that it reads back the
// same (make fuzz runs it; go test runs the seeds).
func FuzzUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{"range":[1]}`,
		`{"point":[1.5,2,-3],"row":["r",1,null,2.5],"range":[1,10,"inclusive"]}`,
		`{"point":[1,2,3,4]}`,
		`{"tags":["a"]}`,
		`{"pair":["x",1]}`,
		`{"point":[0,0],"row":["empty"],"range":[0,0]}`,
		`{"tags":["a","primary"],"pair":["x"]}`,
		`{"tags":["primary","b","primary"]}`,
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
