// Package rtname names the public runtime that Go code generated with
// --go-runtime import uses (runtime/omnigenrt): its import path, its
// version, and the exported name it gives each name of the internal
// runtimes. The generator of that package (internal/runtime/publish) and
// the Go emitter (internal/gen/golang) both read it, so that they agree.
package rtname

import (
	"unicode"
	"unicode/utf8"
)

// Path is the import path of the public runtime.
const Path = "github.com/omnigen-dev/omnigen/runtime/omnigenrt"

// Package is its package name.
const Package = "omnigenrt"

// Version is the version of the code the Go emitter writes for the public
// runtime, and the newest that runtime supports: generated code checks it
// at compile time (omnigenrt's EnforceVersion), so that a package generated
// by a newer omnigen does not build against an older runtime. Bump it when
// generated code starts to call something the runtime did not have.
const Version = 5

// MinVersion is the oldest version of generated code that the runtime of
// this module still builds with: raise it when the runtime drops or changes
// something that code generated for an older version calls.
const MinVersion = 1

// renamed are the names whose exported form is not the name with its first
// letter upper-cased, because that would clash with a name the runtime
// already has or change what a standard interface sees.
var renamed = map[string]string{
	// decoder.peek returns a byte; go vet wants a Peek like bufio's.
	"peek": "PeekByte",
	// checker.format, the rule, is not fmt.Formatter's Format.
	"format": "CheckFormat",
}

// renamedTop are those of top-level names only.
var renamedTop = map[string]string{
	// json.go's member, a property it writes, is not ordered.go's Member.
	"member": "WrittenMember",
}

// ExportTop is the exported name of a top-level name of the internal
// runtimes (a type, function, variable or constant).
func ExportTop(name string) string {
	if n, ok := renamedTop[name]; ok {
		return n
	}
	return Export(name)
}

// Export is the exported name of a method or field of the internal
// runtimes: name itself when it is exported, else name with its first
// letter upper-cased (save the few in renamed).
func Export(name string) string {
	if n, ok := renamed[name]; ok {
		return n
	}
	r, size := utf8.DecodeRuneInString(name)
	if unicode.IsUpper(r) || r == '_' {
		return name
	}
	return string(unicode.ToUpper(r)) + name[size:]
}
