// Package wtf8 reads and writes the lone surrogates that a JSON string may
// hold ("\ud800": JavaScript keeps it, encoding/json makes it U+FFFD) in a
// Go string, as WTF-8: the three bytes UTF-8 would give the code point if
// it allowed one. The generated code's runtime holds them so (jsonrt); the
// generator does too, so that a schema's "const": "\ud800" means that
// string, as it does to JavaScript.
package wtf8

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"
)

// Surrogate reports whether s[i:] starts with a surrogate code point in
// WTF-8 (0xED 0xA0–0xBF 0x80–0xBF), and which.
func Surrogate(s string, i int) (rune, bool) {
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), true
	}
	return 0, false
}

// AppendSurrogate appends the WTF-8 bytes of r, a surrogate code point
// (U+D800–U+DFFF).
func AppendSurrogate(b []byte, r rune) []byte {
	return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}

// Runes yields the code points of s with their byte offsets, as ranging
// over s does, but a lone surrogate in WTF-8 as its code point
// (U+D800–U+DFFF) rather than as three utf8.RuneError.
func Runes(s string) iter.Seq2[int, rune] {
	return func(yield func(int, rune) bool) {
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if lone, ok := Surrogate(s, i); ok {
				r, size = lone, 3
			}
			if !yield(i, r) {
				return
			}
			i += size
		}
	}
}

// Quote is s as JSON.stringify writes a string: '"', '\\' and the control
// characters escaped (\b \f \n \r \t, \u00xx for the others), a lone
// surrogate as its escape, every other character as it is.
func Quote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range Runes(s) {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\b':
			sb.WriteString(`\b`)
		case r == '\f':
			sb.WriteString(`\f`)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r >= 0xD800 && r <= 0xDFFF:
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
