package omnimessage

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/testutil/conformance"
)

// testdata is the repository's testdata directory.
var testdata = filepath.Join("..", "..", "..", "testdata")

// loadVectors reads testdata/conformance/file, strictly: one vector a
// line, with a name and a message.
func loadVectors(t testing.TB, file string) []conformance.Vector {
	t.Helper()
	vectors, err := conformance.Load(filepath.Join("..", "..", ".."), file)
	if err != nil {
		t.Fatal(err)
	}
	return vectors
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
			t.Errorf("valid.jsonl:%d %s: %v", v.Line, v.Name, err)
			continue
		}
		if err := Validate(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: Validate: %v", v.Line, v.Name, err)
		}
		out, err := Marshal(m)
		if err != nil {
			t.Errorf("valid.jsonl:%d %s: Marshal: %v", v.Line, v.Name, err)
			continue
		}
		if !bytes.Equal(out, v.Message) {
			t.Errorf("valid.jsonl:%d %s: round trip differs\n got %s\nwant %s", v.Line, v.Name, out, v.Message)
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
			t.Errorf("invalid.jsonl:%d %s: no pointer", v.Line, v.Name)
			continue
		}
		_, err := Unmarshal(v.Message)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("invalid.jsonl:%d %s: got %v, want an *Error at %q", v.Line, v.Name, err, *v.Pointer)
			continue
		}
		if e.Pointer != *v.Pointer || e.Message == "" {
			t.Errorf("invalid.jsonl:%d %s: error at %q (%s), want %q", v.Line, v.Name, e.Pointer, e.Message, *v.Pointer)
		}
		verr := Validate(v.Message)
		if verr == nil || verr.Error() != err.Error() {
			t.Errorf("invalid.jsonl:%d %s: Validate says %v, Unmarshal %v", v.Line, v.Name, verr, err)
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
			t.Errorf("invalid.jsonl:%d %s:\n Unmarshal: %#v\n    schema: %v", v.Line, v.Name, err, serr)
		}
	}
}
