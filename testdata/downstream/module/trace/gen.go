// Package trace is this module's own copy of the OmniMessage types, generated
// from the canonical schema omnigen embeds (named by its $id, since the
// module's omnigen.yaml names the module's own schema); every other file is
// generated.
package trace

//go:generate go tool omnigen generate --schema https://omnigen.dev/schema/omnimessage.schema.json --go-out . --go-package trace
