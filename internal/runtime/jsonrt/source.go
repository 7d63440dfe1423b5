package jsonrt

import _ "embed" // the sources below

// The files of this package that generated packages carry (the generator
// copies them, with their own package clause): the JSON runtime every
// package has (json.go); the runtime of the checks of a schema outside the
// x-omnigen dialect (check.go); the types and their reading and writing
// that such a schema's typed code uses (ordered.go, shape.go); the dialect's
// rule of integers, for checks that have it (exact.go); the members an open
// object of the dialect does not declare (members.go). interp.go,
// line.go and value.go (omnigen validate's reader), shown.go and this file
// are the tool's own.
var (
	//go:embed json.go
	JSONSource string
	//go:embed check.go
	CheckSource string
	//go:embed exact.go
	ExactSource string
	//go:embed ordered.go
	OrderedSource string
	//go:embed shape.go
	ShapeSource string
	//go:embed members.go
	MembersSource string
)
