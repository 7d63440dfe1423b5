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

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"9", "10", -1}, {"10", "9", 1}, {"10", "a", -1}, {"b", "a", 1}, {"a", "a", 0}, {"01", "1", 0}, {"-1", "0", -1},
	} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
