package anyunions

import (
	"bytes"
	"testing"
)

// Hand-written: whatever Unmarshal reads, it reads without panicking, as
// Validate judges it, and Marshal writes it back so that it reads back the
// same (make fuzz runs it; go test runs the seeds).
func FuzzUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{"payload":{"kind":"created","name":"a"},"binding":"queue-7"}`,
		`{"payload":{"kind":"created","name":"a"},"binding":{"topic":"t","extra":1}}`,
		`{"payload":{"kind":"created","name":"a"},"retry":3,"id":"e-1","target":{"host":"h","port":80},"note":["a","b"]}`,
		`{"payload":{"id":7,"kind":"deleted","soft":true,"by":"me"},"retry":{"backoff":"exp","attempts":2},"id":42,"target":{"socket":"/run/s"},"note":null}`,
		`{"payload":{"kind":"created","name":"a"},"id":1.5}`,
		`{"payload":{"kind":"created","name":"a"},"mode":{"level":2}}`,
		`{"payload":{"kind":"created","name":"a"},"mode":"disable"}`,
		`{"payload":{"kind":"moved","to":"/b"}}`,
		`{"payload":{"name":"a"}}`,
		`{"note":"x","payload":{"kind":"created","name":"b"}}`,
		`{"payload":{"kind":"renamed","name":""}}`,
		`{"payload":5}`,
		`{"payload":{"kind":"copied","name":"a"}}`,
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
