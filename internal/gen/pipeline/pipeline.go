// Package pipeline reads a schema into the model that every output of one
// run is rendered from, and checks what the model alone cannot: that a
// builder's default and set values pass their property's check. Every
// schema is compiled one way (model.Load); one that asks for the x-omnigen
// dialect gets its choices of types and its annotations, any other,
// however it is written (a root $ref to an open object or to a number,
// closed objects with const tags, a property named "7up"), none. So no
// schema is refused or typed otherwise for how it looks, and Go, TypeScript
// and the docs always come from the same model.
package pipeline

import (
	"os"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Load reads the schema file at path (the embedded canonical schema when
// path is empty) as model.Load does.
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
	s, err := model.LoadData(data, path, opts)
	if err != nil {
		return nil, err
	}
	if err := checkBuilderValues(s); err != nil {
		return nil, err
	}
	return s, nil
}
