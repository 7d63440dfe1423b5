// Package schema loads a JSON Schema document (the canonical OmniMessage schema
// by default) for the commands that read its annotations, and holds the one
// finding a check of a line reports (Error). Checking is elsewhere: the
// generated code, the check program (internal/runtime/jsonrt), and, in tests,
// the schema engine (internal/engine).
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// Document is a loaded schema: its source bytes, its decoded JSON and where it
// came from.
type Document struct {
	// Path is the file the schema was read from, or "" for the embedded one.
	Path string
	// Source is the schema's bytes as read.
	Source []byte
	// JSON is the decoded schema (numbers as json.Number).
	JSON any
	// ID is the URL the schema is compiled under: its $id, or a file URL.
	ID string
}

// Canonical returns the embedded canonical schema.
func Canonical() *Document {
	doc, err := Parse(canonical.Canonical, "")
	if err != nil {
		// The embedded schema is tested; failing here is a build defect.
		panic(fmt.Sprintf("embedded schema: %v", err))
	}
	return doc
}

// Load reads a schema file. An empty path means the embedded canonical schema.
func Load(path string) (*Document, error) {
	if path == "" {
		return Canonical(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse decodes schema bytes that were read from path ("" when embedded).
func Parse(data []byte, path string) (*Document, error) {
	text := data
	if resolve.IsYAML(path) {
		y, err := resolve.DecodeYAML(data)
		if err != nil {
			return nil, fmt.Errorf("%s: not a YAML document JSON Schema can be read from: %w", path, err)
		}
		text = resolve.Compact(y)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	if err == nil && dec.More() {
		err = errors.New("data after the schema")
	}
	if err != nil {
		name := path
		if name == "" {
			name = "embedded schema"
		}
		return nil, fmt.Errorf("%s: not JSON: %w", name, err)
	}
	doc := &Document{Path: path, Source: data, JSON: v}
	if obj, ok := v.(map[string]any); ok {
		if id, ok := obj["$id"].(string); ok {
			doc.ID = id
		}
	}
	if doc.ID == "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		doc.ID = "file://" + filepath.ToSlash(abs)
	}
	return doc, nil
}
