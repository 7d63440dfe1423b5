package schema

import "testing"

func TestErrorString(t *testing.T) {
	for _, c := range []struct {
		e    Error
		want string
	}{
		{Error{Pointer: "", Message: "not valid JSON"}, "/: not valid JSON"},
		{Error{Pointer: "/payload/role", Message: "bad"}, "/payload/role: bad"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}
