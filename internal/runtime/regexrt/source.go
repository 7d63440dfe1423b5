package regexrt

import _ "embed" // Source

// Source is regex.go, the file of this package that a generated package
// carries (the generator copies it, with its own package clause).
//
//go:embed regex.go
var Source string
