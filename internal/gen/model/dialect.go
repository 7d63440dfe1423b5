package model

import (
	"os"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

// A schema in omnigen's dialect is compiled and shaped as any schema is,
// with the dialect's rule of integers and its choices of types
// (shapes_dialect.go), and its x-omnigen annotations are attached to the
// shaped types (annotate.go), each checked where it stands. No schema is
// refused for how it is written; an annotation that cannot mean what it
// says is an error at its pointer.

// BuildFile reads the schema at path and builds its model. An empty path
// builds the embedded canonical schema.
func BuildFile(path string) (*Schema, error) {
	if path == "" {
		return Build(canonical.Canonical, "")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Build(data, path)
}

// Build builds the model of the schema document data, read from path ("" for
// the embedded canonical schema). Its documents are read and its references
// resolved by internal/resolve, as any schema's are: other files relative to
// path, the canonical schema by its $id (canonical.ID), any document by the
// $id it gives itself.
func Build(data []byte, path string) (*Schema, error) {
	return BuildWith(data, path, LoadOptions{})
}

// BuildWith is Build reading documents as opts says (RefMap, Schemas):
// the dialect's model of any schema, whether or not it asks for the
// dialect (Load gives it only to one that does).
func BuildWith(data []byte, path string, opts LoadOptions) (*Schema, error) {
	name := path
	if name == "" {
		name = canonical.FileName
	}
	return general(data, name, opts, true)
}
