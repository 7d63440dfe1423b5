package formatrt

import _ "embed" // Source

// Source is format.go, the file of this package that a generated package
// carries (the generator copies it, with its own package clause).
//
//go:embed format.go
var Source string
