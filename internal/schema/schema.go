// Package schema loads a JSON Schema document (the canonical OmniMessage schema
// by default), compiles it with santhosh-tekuri/jsonschema, and validates JSON
// values against it, reporting one precise finding per problem: the JSON
// pointer of the failing value and a message about the payload the value claims
// to be.
package schema

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// CanonicalID is the $id of the canonical schema. A downstream schema may
// $ref it by this URL without having a copy on disk.
const CanonicalID = canonical.ID

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
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
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

// Compile compiles doc as JSON Schema draft 2020-12 (the default draft for a
// document without $schema). The canonical schema is always available to $ref
// by its $id, and files are loaded relative to doc's own location.
func Compile(doc *Document) (*Validator, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseRegexpEngine(ecmaRegexp)
	if doc.ID != CanonicalID {
		if err := c.AddResource(CanonicalID, Canonical().JSON); err != nil {
			return nil, err
		}
	}
	if err := c.AddResource(doc.ID, doc.JSON); err != nil {
		return nil, err
	}
	sch, err := c.Compile(doc.ID)
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	docs := []*Document{doc}
	if doc.ID != CanonicalID {
		docs = append(docs, Canonical())
	}
	return &Validator{schema: sch, unions: findUnions(docs...)}, nil
}

var (
	canonicalOnce      sync.Once
	canonicalValidator *Validator
)

// CanonicalValidator returns the embedded schema, compiled once.
func CanonicalValidator() *Validator {
	canonicalOnce.Do(func() {
		v, err := Compile(Canonical())
		if err != nil {
			panic(fmt.Sprintf("embedded schema: %v", err))
		}
		canonicalValidator = v
	})
	return canonicalValidator
}

// Validate checks one JSON document (one JSONL line, without its newline)
// against the canonical schema. The error, if any, is an *Error.
func Validate(line []byte) error {
	return CanonicalValidator().Validate(line)
}

// ecmaRegexp compiles a "pattern" as JSON Schema reads it, an ECMA-262
// regular expression, with the matcher the generated code uses: Go's
// regexp reads some patterns otherwise (\S matches U+00A0 in ECMA-262, not
// in RE2).
func ecmaRegexp(pattern string) (jsonschema.Regexp, error) {
	a, err := regexrt.Analyze(pattern)
	if err != nil {
		return nil, err
	}
	return ecmaPattern{source: pattern, match: a.Matcher()}, nil
}

// ecmaPattern is a compiled pattern, as the schema engine asks for one.
type ecmaPattern struct {
	source string
	match  func(string) bool
}

func (p ecmaPattern) MatchString(s string) bool { return p.match(s) }
func (p ecmaPattern) String() string            { return p.source }
