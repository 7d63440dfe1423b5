// Package pipeline reads a schema into the model that every output of one
// run is rendered from. It picks the front end once, for all languages: a
// schema in the x-omnigen dialect's shape gets the dialect's model only when
// both emitters can render it; any other, however it is written (a root
// $ref to an open object or to a number, a property named "7up"), is
// compiled as any schema is. So no schema is refused for how it looks, and
// Go and TypeScript always come from the same model.
package pipeline

import (
	"os"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
)

// Load reads the schema file at path (the embedded canonical schema when
// path is empty) as model.Load does, and picks its front end.
func Load(path string, opts model.LoadOptions) (*model.Schema, error) {
	if path == "" {
		// The canonical schema: the dialect's own.
		s, err := model.Load("", opts)
		if err == nil {
			err = checkBuilderValues(s)
		}
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return LoadData(data, path, opts)
}

// LoadData is Load of data read as the file at path.
func LoadData(data []byte, path string, opts model.LoadOptions) (*model.Schema, error) {
	opts.Renders = Renders
	s, err := model.LoadData(data, path, opts)
	if err != nil {
		return nil, err
	}
	if err := checkBuilderValues(s); err != nil {
		return nil, err
	}
	return s, nil
}

// Renders reports whether both emitters render the dialect's model s.
func Renders(s *model.Schema) bool { return golang.Renders(s) && typescript.Renders(s) }
