// Package conformance reads the conformance vectors of testdata/conformance
// (valid.jsonl, invalid.jsonl) for the tests that hold an implementation
// to them.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Vector is one line of a vectors file. Message keeps the exact bytes of
// the message as written in the file.
type Vector struct {
	Name    string          `json:"name"`
	Pointer *string         `json:"pointer"`
	Message json.RawMessage `json:"message"`
	// Line is the vector's line in its file.
	Line int `json:"-"`
}

// Load reads file ("valid.jsonl" or "invalid.jsonl") of the conformance
// directory of the repository at repo. It refuses a file that does not end
// with a newline, and a line that is not one vector with a name and a
// message and nothing else.
func Load(repo, file string) ([]Vector, error) {
	data, err := os.ReadFile(filepath.Join(repo, "testdata", "conformance", file))
	if err != nil {
		return nil, err
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("%s: must end with a newline", file)
	}
	var out []Vector
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var v Vector
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%s:%d: trailing data after the vector", file, i+1)
		}
		if v.Name == "" || v.Message == nil {
			return nil, fmt.Errorf("%s:%d: a vector needs a name and a message", file, i+1)
		}
		v.Line = i + 1
		out = append(out, v)
	}
	return out, nil
}
