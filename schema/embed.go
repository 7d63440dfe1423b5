// Package schema holds the canonical OmniMessage JSON Schema, the one source of
// truth that every type, builder, guard and validator in omnigen comes from.
package schema

import _ "embed"

// FileName is the canonical schema's file name, the name it is known by when
// another schema refers to it.
const FileName = "omnimessage.schema.json"

// ID is the canonical schema's $id, by which any schema refers to it and
// omnigen.yaml names the embedded one (a test checks it is the file's).
const ID = "https://omnigen.dev/schema/omnimessage.schema.json"

// Canonical is the canonical schema, byte for byte as committed.
//
//go:embed omnimessage.schema.json
var Canonical []byte
