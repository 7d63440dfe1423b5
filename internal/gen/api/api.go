// Package api describes what the code generated from a schema offers its
// callers in one language: the exported names (types, fields, enum values,
// builders and their parameters, helpers, the runtime's entry points), each
// tied to the schema construct it comes from. The emitters produce a
// Surface (golang.API, typescript.API); package breaking compares two.
package api

// Kind says what a Symbol is.
type Kind string

// The kinds of symbols.
const (
	// KindType is a named type; Type is its declaration's shape.
	KindType Kind = "type"
	// KindField is a field (Go) or property (TypeScript) of a named type.
	KindField Kind = "field"
	// KindValue is an enum value (a Go constant, a TypeScript literal).
	KindValue Kind = "value"
	// KindBuilder is a builder function; Params says how it is called.
	KindBuilder Kind = "builder"
	// KindName is any other exported name: a function, class, variable or
	// a type of the runtime.
	KindName Kind = "name"
)

// Surface is the exported API of one generated package or module.
type Surface struct {
	// Lang names the language as messages print it: "Go", "TypeScript".
	Lang    string
	Symbols []*Symbol
}

// Symbol is one exported name.
type Symbol struct {
	// Key identifies the symbol across versions of a schema by what it comes
	// from there ("type TextPayload", "builder textMessage", "field
	// TextPayload.text"), so that a name given in the schema ("names") can
	// change while the key stays.
	Key  string
	Kind Kind
	// Name is the name callers write: "TextPayload", "TextPayload.Text",
	// "textMessage".
	Name string
	// Type is what the name stands for, as the language writes it: a
	// field's type ("*string", "string | undefined"), a type's shape
	// ("struct", "int64"), an enum value's text, a builder's result.
	Type string
	// Owner is the key of the symbol this one belongs to (a field's type,
	// the builder of an options struct), "" for none.
	Owner string
	// Pointer locates the construct in the schema.
	Pointer string
	// Params says how a builder is called, in order.
	Params []Param
}

// Param is one parameter of a builder.
type Param struct {
	// Key is the param's name in the schema: its identity.
	Key string
	// Name is how the caller writes it: the parameter (whose name does not
	// matter to a caller when it is positional) or the member.
	Name string
	Type string
	// Positional params are arguments in order; the others are members of
	// an object argument (a Go options struct, a TypeScript argument or
	// options object).
	Positional bool
	// Required params must be given.
	Required bool
	Pointer  string
}
