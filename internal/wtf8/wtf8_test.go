package wtf8

import (
	"testing"
	"unicode/utf8"
)

func TestSurrogateRoundTrip(t *testing.T) {
	for r := rune(0xD800); r <= 0xDFFF; r++ {
		s := string(AppendSurrogate(nil, r))
		if utf8.ValidString(s) {
			t.Fatalf("%U: %q is valid UTF-8", r, s)
		}
		got, ok := Surrogate("x"+s, 1)
		if !ok || got != r {
			t.Fatalf("%U: read back as %U %v", r, got, ok)
		}
	}
	for _, s := range []string{"\u00e9", "\ud7ff", "\ue000", "\xed\x9f\xbf", "\xed\xa0", ""} {
		if _, ok := Surrogate(s, 0); ok {
			t.Errorf("%q read as a surrogate", s)
		}
	}
}

func TestRunes(t *testing.T) {
	var got []rune
	for _, r := range Runes("a\xed\xa0\x80\u00e9\xff") {
		got = append(got, r)
	}
	if want := []rune{'a', 0xD800, 0xE9, utf8.RuneError}; string(got) != string(want) || len(got) != len(want) {
		t.Errorf("Runes = %U, want %U", got, want)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"a\"b\\c":            `"a\"b\\c"`,
		"\b\f\n\r\t\x01\x7f": `"\b\f\n\r\t\u0001` + "\x7f" + `"`,
		"\u2028é😀":           "\"\u2028é😀\"",
		"x\xed\xa0\x80y":     `"x\ud800y"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
