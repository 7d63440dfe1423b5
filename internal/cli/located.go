package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// locatedError is a schema error placed in its file: "schema.json:3:5:
// #/$defs/A/x-omnigen/names/go: the Go name …", which editors and CI
// annotations follow to the line.
type locatedError struct {
	file      string
	line, col int
	// fragment is the error's pointer within its file.
	fragment string
	err      *model.Error
}

func (e *locatedError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.file, e.line, e.col, e.fragment, e.err.Message)
}

func (e *locatedError) Unwrap() error { return e.err }

// located is err placed in its file when it is a *model.Error whose
// document is a file: the root document (schema, the path as
// the user gave it) for a pointer that starts at "#", or the file its
// pointer names ("common.json#/$defs/X"), as a path or relative to the root
// document's folder. Any other error, or one in a document that is not a
// file here (the embedded canonical schema, a URL), is err.
func located(err error, schema string) error {
	var me *model.Error
	if !errors.As(err, &me) || !strings.Contains(me.Pointer, "#") {
		return err
	}
	doc, _, _ := strings.Cut(me.Pointer, "#")
	var files []string
	switch {
	case doc == "" && schema != "":
		files = []string{schema}
	case doc == "" || strings.Contains(doc, "://") || strings.HasPrefix(doc, "urn:"):
		return err // the embedded schema, or one known by a URL or URN
	default:
		files = []string{doc, filepath.Join(filepath.Dir(schema), doc)}
	}
	for _, file := range files {
		if data, rerr := os.ReadFile(file); rerr == nil {
			return place(me, display(file), data)
		}
	}
	return err
}

// place is me placed in data, the text of the document its pointer starts
// in, which the user knows as file.
func place(me *model.Error, file string, data []byte) error {
	locate := jsonptr.Locate
	if ext := strings.ToLower(filepath.Ext(file)); ext == ".yaml" || ext == ".yml" {
		locate = jsonptr.LocateYAML
	}
	_, fragment, _ := strings.Cut(me.Pointer, "#")
	line, col, _ := locate(data, fragment)
	return &locatedError{file: file, line: line, col: col, fragment: "#" + fragment, err: me}
}
