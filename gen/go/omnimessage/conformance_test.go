package omnimessage

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/omnigen-dev/omnigen/internal/engine"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/schema"
)

// testdata is the repository's testdata directory.
var testdata = filepath.Join("..", "..", "..", "testdata")

// vector is one line of testdata/conformance/valid.jsonl or invalid.jsonl;
// Message keeps the exact bytes of the message.
type vector struct {
	Name    string          `json:"name"`
	Pointer *string         `json:"pointer"`
	Message json.RawMessage `json:"message"`
	line    int
}

func loadVectors(t testing.TB, file string) []vector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, "conformance", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []vector
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var v vector
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		// json.RawMessage of a field is the exact text, without surrounding
		// whitespace; the vectors are written without any.
		v.line = i + 1
		out = append(out, v)
	}
	return out
}

// Every valid vector decodes, validates and re-encodes to the same bytes.
func TestConformanceValidRoundTrip(t *testing.T) {
	vectors := loadVectors(t, "valid.jsonl")
	if len(vectors) == 0 {
		t.Fatal("no valid vectors")
	}
	for _, v := range vectors {
		m, err := Unmarshal(v.Message)
		if err != nil {
			t.Errorf("valid.jsonl:%d %s: %v", v.line, v.Name, err)
			continue
		}
		if err := Validate(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: Validate: %v", v.line, v.Name, err)
		}
		out, err := Marshal(m)
		if err != nil {
			t.Errorf("valid.jsonl:%d %s: Marshal: %v", v.line, v.Name, err)
			continue
		}
		if !bytes.Equal(out, v.Message) {
			t.Errorf("valid.jsonl:%d %s: round trip differs\n got %s\nwant %s", v.line, v.Name, out, v.Message)
		}
	}
}

// Every invalid vector is rejected, by Unmarshal and Validate alike, with an
// *Error at the vector's pointer.
func TestConformanceInvalid(t *testing.T) {
	vectors := loadVectors(t, "invalid.jsonl")
	if len(vectors) == 0 {
		t.Fatal("no invalid vectors")
	}
	for _, v := range vectors {
		if v.Pointer == nil {
			t.Errorf("invalid.jsonl:%d %s: no pointer", v.line, v.Name)
			continue
		}
		_, err := Unmarshal(v.Message)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("invalid.jsonl:%d %s: got %v, want an *Error at %q", v.line, v.Name, err, *v.Pointer)
			continue
		}
		if e.Pointer != *v.Pointer || e.Message == "" {
			t.Errorf("invalid.jsonl:%d %s: error at %q (%s), want %q", v.line, v.Name, e.Pointer, e.Message, *v.Pointer)
		}
		verr := Validate(v.Message)
		if verr == nil || verr.Error() != err.Error() {
			t.Errorf("invalid.jsonl:%d %s: Validate says %v, Unmarshal %v", v.line, v.Name, verr, err)
		}
	}
}

// Unmarshal reports what the schema validator (internal/schema) reports,
// pointer, message and keyword, so that either can stand for the other.
func TestConformanceInvalidMatchesSchemaValidator(t *testing.T) {
	for _, v := range loadVectors(t, "invalid.jsonl") {
		_, err := Unmarshal(v.Message)
		serr := engine.Validate(v.Message)
		var e *Error
		var se *schema.Error
		if !errors.As(err, &e) || !errors.As(serr, &se) || e.Keyword == "" ||
			e.Pointer != se.Pointer || schema.WithKeyword(e.Keyword, e.Message) != se.Message {
			t.Errorf("invalid.jsonl:%d %s:\n Unmarshal: %#v\n    schema: %v", v.line, v.Name, err, serr)
		}
	}
}
