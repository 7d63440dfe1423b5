package schema

// Error is one validation finding: where (a JSON pointer into the validated
// value) and what.
type Error struct {
	// Pointer is the RFC 6901 pointer of the failing value ("" for the root).
	// For a missing property it names the property that should be there; for
	// an unknown property, the property that should not.
	Pointer string
	// Message says what is wrong, and which keyword in parentheses (see
	// WithKeyword), as the generated code words it.
	Message string
}

func (e *Error) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return p + ": " + e.Message
}

// WithKeyword is a finding's message as omnigen validate prints it, the
// keyword after it: "must be string, got number (type)".
func WithKeyword(keyword, msg string) string {
	if keyword == "" {
		return msg
	}
	return msg + " (" + keyword + ")"
}
