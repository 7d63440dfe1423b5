// Package trace is this module's own copy of the OmniMessage types, generated
// from the canonical schema omnigen embeds; every other file is generated.
package trace

//go:generate go run github.com/omnigen-dev/omnigen/cmd/omnigen generate --go-out . --go-package trace
