// Package fastpath is the validating decoder of the canonical schema that
// "omnigen validate" runs (validate.FastChecker): Validate reads a line in
// one pass, without building a value, and its *Error names the pointer and
// says the words the schema engine would.
//
// Its other files are generated: they are the types.go, codec.go and json.go
// that the Go emitter writes for the canonical schema (gen/go/omnimessage),
// in a package of this name and without the rest of that package (builders,
// guards, aggregator, encoding/json interop, stream), which Validate does not
// need. They are committed, and only a test rewrites them:
//
//	go test ./internal/gen/golang -run TestFastPathUpToDate -update
//
// which, without -update, fails when they differ from what the emitter
// makes now. "omnigen generate" never writes here, and omnigen imports
// nothing it generates into gen/: a broken gen/go/omnimessage cannot stop
// the tool that regenerates it from building.
package fastpath
