package model

import "fmt"

// Error is a schema construct the model cannot represent, or a malformed
// x-omnigen annotation.
type Error struct {
	// Pointer locates the construct: "#/$defs/X/properties/y", prefixed by
	// the file name for a document other than the root.
	Pointer string
	Message string
}

func (e *Error) Error() string { return e.Pointer + ": " + e.Message }

// Errorf returns an *Error at ptr; the emitters use it too, so that every
// generator error has one type whichever stage found it.
func Errorf(ptr, format string, args ...any) *Error {
	return &Error{Pointer: ptr, Message: fmt.Sprintf(format, args...)}
}

func errorf(ptr, format string, args ...any) *Error { return Errorf(ptr, format, args...) }
