package jsonrt

import (
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
)

// testFormats are the format checks the generated code runs, for programs
// that assert formats (drafts 4 to 7 do by default), as omnigen validate
// --schema gives them.
func testFormats() map[string]func(string) bool {
	m := map[string]func(string) bool{"regex": regexrt.FormatRegex}
	for _, name := range formatrt.Names {
		m[name] = formatrt.Check(name)
	}
	return m
}
