package anyobjects

import (
	"bytes"
	"testing"
)

// Hand-written: whatever Unmarshal reads, it reads without panicking, as
// Validate judges it, and Marshal writes it back so that it reads back the
// same (make fuzz runs it; go test runs the seeds).
func FuzzUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{"id":"inv-1","items":[{"sku":"a-1","quantity":2,"price":9.99,"color":"red","size":{"w":1,"h":2}},{"quantity":1,"sku":"b-2"}],"counts":{"a-1":2,"10":4,"2":1,"b-2":1},"labels":{"zone":"north","aisle":"4"},"owner":null,"location":{"shelf":null,"site":"lyon"},"extra":{"retries":3,"1":true,"nested":{"big":12345678901234567890}},"metrics":{"name":"m","p50":1.5,"3":2},"audited":false}`,
		`{"items":[],"id":"inv-2","location":null,"owner":"ops"}`,
		`{"id":"inv-3","items":[],"location":{"site":"lyon","floor":2}}`,
		// A member of typed additionalProperties given twice.
		`{"id":"i","items":[],"metrics":{"a":1,"name":"x","a":3}}`,
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
