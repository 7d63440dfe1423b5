package rootscalars

import (
	"errors"
	"testing"
)

// The root's own rule (a code of six characters at most), beside the
// $ref that names its type, holds of what Marshal writes as of what
// Unmarshal reads.
func TestRootSaysMore(t *testing.T) {
	if _, err := Unmarshal([]byte(`"T-12345"`)); err == nil {
		t.Errorf("Unmarshal of a code of seven characters: no error")
	}
	for _, c := range []struct {
		v    Ticket
		want string
	}{
		{TicketString("T-1234"), `"T-1234"`},
		{TicketInteger(1234567), `1234567`},
	} {
		if got, err := Marshal(c.v); err != nil || string(got) != c.want {
			t.Errorf("Marshal(%+v): %s, %v; want %s", c.v, got, err, c.want)
		}
	}
	_, err := Marshal(TicketString("T-12345"))
	var perr *Error
	if !errors.As(err, &perr) || perr.Pointer != "" || perr.Keyword != "maxLength" || perr.Message != "must be at most 6 characters long, got 7" {
		t.Errorf("Marshal of a code of seven characters: %v", err)
	}
}
