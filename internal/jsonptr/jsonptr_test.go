package jsonptr

import "testing"

func TestEscape(t *testing.T) {
	for token, want := range map[string]string{"": "", "a": "a", "a/b": "a~1b", "m~n": "m~0n", "~1": "~01", "/~": "~1~0"} {
		if got := Escape(token); got != want {
			t.Errorf("Escape(%q) = %q, want %q", token, got, want)
		}
		if got := Unescape(want); got != token {
			t.Errorf("Unescape(%q) = %q, want %q", want, got, token)
		}
	}
}
