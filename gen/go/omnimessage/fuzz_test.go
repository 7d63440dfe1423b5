package omnimessage

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/omnigen-dev/omnigen/internal/engine"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzCorpus holds interesting inputs of FuzzUnmarshal, one raw file each
// (the file is the input); they are added as seeds.
var fuzzCorpus = filepath.Join(testdata, "fuzz", "FuzzUnmarshal")

// FuzzUnmarshal checks that Unmarshal never panics, that Validate says what
// Unmarshal says, and that whatever Unmarshal accepts the schema validator
// accepts too, as it does what Marshal writes from it; Marshal's output reads
// back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	entries, err := os.ReadDir(fuzzCorpus)
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(fuzzCorpus, e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, file := range []string{"valid.jsonl", "invalid.jsonl"} {
		for _, v := range loadVectors(f, file) {
			f.Add([]byte(v.Message))
		}
	}
	for _, line := range traceLines(f, filepath.Join(testdata, "traces", "realistic.jsonl")) {
		if len(line) < 4096 {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		given := bytes.Clone(data)
		m, err := Unmarshal(data)
		if verr := Validate(data); (err == nil) != (verr == nil) || (err != nil && err.Error() != verr.Error()) {
			t.Fatalf("Unmarshal says %v, Validate %v", err, verr)
		}
		if !bytes.Equal(data, given) {
			t.Fatalf("Unmarshal or Validate wrote into the document:\n%q\n%q", given, data)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Pointer != "" && !strings.HasPrefix(e.Pointer, "/")) || e.Message == "" {
				t.Fatalf("error %#v", err)
			}
			// What the schema accepts, Unmarshal accepts too, but for the
			// documented exceptions.
			if engine.Validate(data) == nil && !extraRejection(e.Message) && !hasDuplicateKey(data) && utf8.Valid(data) {
				t.Fatalf("Unmarshal rejects what the schema accepts: %v\n%q", err, data)
			}
			return
		}
		if serr := engine.Validate(data); serr != nil {
			t.Fatalf("Unmarshal accepts what the schema rejects: %v\n%q", serr, data)
		}
		out, err := Marshal(m)
		if err != nil {
			t.Fatalf("Marshal of what Unmarshal accepted: %v", err)
		}
		if serr := engine.Validate(out); serr != nil {
			t.Fatalf("Marshal wrote what the schema rejects: %v\n%s", serr, out)
		}
		m2, err := Unmarshal(out)
		if err != nil {
			t.Fatalf("Unmarshal of what Marshal wrote: %v\n%s", err, out)
		}
		out2, err := Marshal(m2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not a fixed point: %v\n%s\n%s", err, out, out2)
		}
	})
}

// hasDuplicateKey reports whether some object of data has a key twice. Such
// input is rejected whatever else is wrong with it, but the decoder reports
// the first problem in document order, which may come before the second key
// (a bad first value), so the message alone does not tell.
func hasDuplicateKey(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				if seen[key] {
					return true
				}
				seen[key] = true
				if walk() {
					return true
				}
			}
			dec.Token()
		case json.Delim('['):
			for dec.More() {
				if walk() {
					return true
				}
			}
			dec.Token()
		}
		return false
	}
	return walk()
}

// extraRejection reports whether msg is one of the problems Unmarshal
// rejects beyond the schema (see the package documentation).
func extraRejection(msg string) bool {
	for _, s := range []string{"duplicate property", "invalid UTF-8", "JavaScript", "levels deep"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// The corpus files that are valid messages round trip to what
// JSON.stringify(parseOmniMessage(file)) writes: JSON.stringify's spelling,
// the keys in the order they came in (array-index keys of an opaque value
// too, which JSON.parse would put first); this pins a few of them.
func TestFuzzCorpusOutputs(t *testing.T) {
	want := map[string]string{
		"payload-before-type":  `{"payload":{"text":"hi","role":"user","type":"text"},"origin":["s"],"type":"model_msg","timestamp":"2026-07-18T03:10:22.531Z"}`,
		"lone-surrogates":      `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"a\ud83d b\ude00 c😀 \udfff\ud800"}}`,
		"control-escapes":      "{\"timestamp\":\"2026-07-18T03:10:22.531Z\",\"type\":\"model_msg\",\"payload\":{\"type\":\"text\",\"role\":\"user\",\"text\":\"\\u0000\\u001f\\b\\f\\n\\r\\t/\\\"\\\\\x7f\u2028\u2029<>&\"}}",
		"fidelity-odd-numbers": `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","fidelity":{"n":[1,0,1e+308,0,12345678901234567000,1,1e+21,1e-7],"s":"é"}}}`,
		"fidelity-index-keys":  `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"","fidelity":{"b":1,"10":2,"2":3,"01":4,"4294967295":5,"4294967294":6}}}`,
		"counts-integer-forms": `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"token_usage","session":{"cache_read":1,"cache_write":100,"output":0,"total":5},"request":{"cache_read":0,"cache_write":0,"output":0,"total":1152921504606847000}}}`,
		"abort-reason-forms":   `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"reason":"","type":"abort"}}`,
	}
	for name, w := range want {
		data, err := os.ReadFile(filepath.Join(fuzzCorpus, name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Unmarshal(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		out, err := Marshal(m)
		if err != nil || string(out) != w {
			t.Errorf("%s: %v\n got %s\nwant %s", name, err, out, w)
		}
	}
	for _, name := range []string{"fidelity-duplicate-key", "duplicate-envelope-key", "invalid-utf8", "raw-control-char", "torn-line", "trailing-data", "empty", "counts-out-of-int64", "wrong-family",
		"fidelity-infinite", "counts-rounded-by-javascript", "counts-written-otherwise", "counts-fraction-lost",
		"counts-underflow", "fidelity-1001-deep"} {
		data, err := os.ReadFile(filepath.Join(fuzzCorpus, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Unmarshal(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
