package streamrt

import _ "embed" // Source

// Source is stream.go, the JSON Lines runtime every generated package
// carries, its stand-in root type renamed by the generator.
//
//go:embed stream.go
var Source string
