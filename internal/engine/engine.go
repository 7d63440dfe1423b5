// Package engine runs JSON Schema with santhosh-tekuri/jsonschema: the
// independent implementation that omnigen's tests and fuzzers hold the
// generated code and the check program against, with findings worded as
// those are; and what omnigen validate --schema runs for a schema in the
// x-omnigen dialect (see internal/cli's schemaChecker).
package engine

import (
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// Compile compiles doc as JSON Schema draft 2020-12 (the default draft for a
// document without $schema). The canonical schema is always available to $ref
// by its $id, and files are loaded relative to doc's own location.
func Compile(doc *schema.Document) (*Validator, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseRegexpEngine(ecmaRegexp)
	if doc.ID != canonical.ID {
		if err := c.AddResource(canonical.ID, schema.Canonical().JSON); err != nil {
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
	docs := []*schema.Document{doc}
	if doc.ID != canonical.ID {
		docs = append(docs, schema.Canonical())
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
		v, err := Compile(schema.Canonical())
		if err != nil {
			panic(fmt.Sprintf("embedded schema: %v", err))
		}
		canonicalValidator = v
	})
	return canonicalValidator
}

// Validate checks one JSON document (one JSONL line, without its newline)
// against the canonical schema. The error, if any, is an *schema.Error.
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
