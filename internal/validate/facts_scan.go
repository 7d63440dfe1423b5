package validate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// The stream rules compare the text of a complete message with the
// concatenation of its streamed pieces, as decoded text: two spellings of one
// text ("\u0041" and "A") are equal, and a lone surrogate reads as U+FFFD.
// Decoding every piece and every complete message to hash it was the larger
// part of the stream facts' cost. They are hashed instead in their canonical
// spelling: the decoded bytes with '"', '\\' and the control characters
// escaped (\b \f \n \r \t, \u00xx for the others), every other byte as it
// is. The spelling is one-to-one (an escape starts with a backslash, which
// is never written as itself) and byte by byte, so that the canonical
// spellings of pieces concatenate into that of their concatenation: equal
// hashes mean equal decoded text, as before. A string whose escapes are all
// \" \\ \b \f \n \r \t or \u00xx of another control character (lowercase),
// which is what JSON.stringify writes, is already in that spelling, and is
// hashed where it lies in the line; only a string with another \u escape or
// a \/ is decoded and spelled out again.

// scanString reads the string whose opening quote is at data[i], in a line
// the reader's checks or the generated decoder found well-formed. It returns
// the index after its closing quote, how much shorter its decoded text is
// than its body (esc), and whether one of its escapes is not in the canonical
// spelling (odd: a \/, or a \u other than \u00xx of a control character
// with no short escape). When odd is false the string is in its canonical
// spelling and esc is exact.
func scanString(data []byte, i int) (end, esc int, odd bool) {
	at, esc := scanText(data, i+1)
	for at+1 < len(data) && data[at] == '\\' {
		odd = true
		skip := 2
		if data[at+1] == 'u' {
			skip = 6
		}
		at, _ = scanText(data, min(at+skip, len(data)))
	}
	return min(at+1, len(data)), esc, odd
}

// scanText reads data from j, a byte of a string outside any escape, up to
// the string's closing quote or the first escape not in the canonical
// spelling, whichever comes first, and returns its index (len(data) when
// there is neither) and how much shorter the decoded text of data[j:at] is
// than it (1 for a two-character escape, 5 for \u00xx).
//
// It reads 64 bytes at a time, as the generated decoder's checkString does:
// masks of a block's backslashes and quotes tell which characters are
// escaped and where the string ends, and only the letter escape codes are
// looked at one by one. The last bytes of data are read from a padded copy.
// A long run without a quote or backslash (a base64 image) is skipped with
// IndexByte.
func scanText(data []byte, j int) (at, esc int) {
	// A short string, or the plain start of one, word by word.
	for range 2 {
		if j+8 > len(data) {
			break
		}
		w := binary.LittleEndian.Uint64(data[j:])
		if m := eqMask(w, lsb*'"') | eqMask(w, lsb*'\\'); m != 0 {
			if k := j + bits.TrailingZeros64(m)>>3; data[k] == '"' {
				return k, 0
			}
			break
		}
		j += 8
	}
	plain := 0
	var pad [64]byte
	for j < len(data) {
		var b *[64]byte
		if j+64 <= len(data) {
			b = (*[64]byte)(data[j : j+64])
		} else {
			clear(pad[:])
			copy(pad[:], data[j:])
			b = &pad
		}
		bs, q := blockMasks(b)
		if bs|q == 0 {
			if b == &pad {
				return len(data), esc
			}
			j += 64
			if plain++; plain == 4 {
				// A long plain run: find the next quote, and go on
				// with the blocks only if a backslash comes before it.
				k := bytes.IndexByte(data[j:], '"')
				if k < 0 {
					k = len(data) - j
				}
				if bytes.IndexByte(data[j:j+k], '\\') < 0 {
					return j + k, esc
				}
			}
			continue
		}
		// The block starts outside any escape. escaped marks the escape
		// codes, escape the backslashes that escape.
		var escaped, escape uint64
		if bs != 0 {
			codes := ((bs<<1 | oddBits) - bs) ^ oddBits
			escaped = codes ^ bs
			escape = codes & bs
		}
		in, next := ^uint64(0), j+64 // the string's bytes in the block
		closing := q &^ escaped
		if closing != 0 {
			n := bits.TrailingZeros64(closing)
			in, next = 1<<n-1, j+n
		} else if escape>>63 != 0 {
			// The last byte escapes the first of the next block:
			// start that block at it.
			in, next = 1<<63-1, j+63
		}
		for e := escaped & in &^ (bs | q); e != 0; e &= e - 1 {
			k := bits.TrailingZeros64(e) // k > 0: its backslash is in the block
			switch b[k] {
			case 'u':
				if canonicalControl(data, j+k+1) {
					esc += 4
					continue
				}
			case '/':
			default:
				continue
			}
			return j + k - 1, esc + bits.OnesCount64(escape&(1<<(k-1)-1))
		}
		esc += bits.OnesCount64(escape & in)
		if closing != 0 {
			return min(next, len(data)), esc
		}
		j = next
	}
	return len(data), esc
}

// canonicalControl reports whether the four hex digits at data[i:] are the
// canonical spelling of a control character that has no short escape:
// 00 then 0 or 1 and a lowercase hex digit, other than 08, 09, 0a, 0c, 0d.
func canonicalControl(data []byte, i int) bool {
	if i+4 > len(data) || data[i] != '0' || data[i+1] != '0' {
		return false
	}
	hi, lo := data[i+2], data[i+3]
	if hi != '0' && hi != '1' {
		return false
	}
	switch {
	case lo >= '0' && lo <= '9', lo >= 'a' && lo <= 'f':
	default:
		return false
	}
	if hi == '0' {
		switch lo {
		case '8', '9', 'a', 'c', 'd':
			return false
		}
	}
	return true
}

const oddBits = 0xaaaaaaaaaaaaaaaa

// blockMasks returns the masks of the backslashes and the quotes of a block,
// bit k for b[k].
func blockMasks(b *[64]byte) (bs, q uint64) {
	const bsl, quo = lsb * '\\', lsb * '"'
	w0 := binary.LittleEndian.Uint64(b[0:])
	w1 := binary.LittleEndian.Uint64(b[8:])
	w2 := binary.LittleEndian.Uint64(b[16:])
	w3 := binary.LittleEndian.Uint64(b[24:])
	w4 := binary.LittleEndian.Uint64(b[32:])
	w5 := binary.LittleEndian.Uint64(b[40:])
	w6 := binary.LittleEndian.Uint64(b[48:])
	w7 := binary.LittleEndian.Uint64(b[56:])
	b0, b1, b2, b3 := eqMask(w0, bsl), eqMask(w1, bsl), eqMask(w2, bsl), eqMask(w3, bsl)
	b4, b5, b6, b7 := eqMask(w4, bsl), eqMask(w5, bsl), eqMask(w6, bsl), eqMask(w7, bsl)
	q0, q1, q2, q3 := eqMask(w0, quo), eqMask(w1, quo), eqMask(w2, quo), eqMask(w3, quo)
	q4, q5, q6, q7 := eqMask(w4, quo), eqMask(w5, quo), eqMask(w6, quo), eqMask(w7, quo)
	if b0|b1|b2|b3|b4|b5|b6|b7 != 0 {
		bs = packMask(b0) | packMask(b1)<<8 | packMask(b2)<<16 | packMask(b3)<<24 |
			packMask(b4)<<32 | packMask(b5)<<40 | packMask(b6)<<48 | packMask(b7)<<56
	}
	if q0|q1|q2|q3|q4|q5|q6|q7 != 0 {
		q = packMask(q0) | packMask(q1)<<8 | packMask(q2)<<16 | packMask(q3)<<24 |
			packMask(q4)<<32 | packMask(q5)<<40 | packMask(q6)<<48 | packMask(q7)<<56
	}
	return bs, q
}

// lsb has the low bit, msb the top bit, and lo7 the other seven bits of
// every byte of a word set.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
	lo7 = 0x7f7f7f7f7f7f7f7f
)

// eqMask marks the bytes of w equal to those of c (a byte times lsb), with
// no carry between bytes.
func eqMask(w, c uint64) uint64 {
	x := w ^ c
	return ^(((x & lo7) + lo7) | x) & msb
}

// packMask packs the top bits of the bytes of m into the low 8 bits.
func packMask(m uint64) uint64 {
	return ((m >> 7) * 0x0102040810204080) >> 56
}

// canonicalText appends the canonical spelling of the string body s (see
// above) to dst, and returns it with the length of the decoded text. It
// decodes as jsonrt.Unquote does: a \u escape of a lone surrogate is U+FFFD.
func canonicalText(dst, s []byte) (out []byte, n int) {
	for k := 0; ; {
		at, esc := scanText(s, k)
		dst, n = append(dst, s[k:at]...), n+at-k-esc
		if at+1 >= len(s) || s[at] != '\\' {
			return append(dst, s[at:]...), n + len(s) - at
		}
		if s[at+1] == '/' {
			dst, n, k = append(dst, '/'), n+1, at+2
			continue
		}
		if at+6 > len(s) {
			return append(dst, s[at:]...), n + len(s) - at
		}
		r := jsonrt.Hex4(s[at+2 : at+6])
		k = at + 6
		if utf16.IsSurrogate(r) {
			if k+6 <= len(s) && s[k] == '\\' && s[k+1] == 'u' {
				if d := utf16.DecodeRune(r, jsonrt.Hex4(s[k+2:k+6])); d != utf8.RuneError {
					dst, n, k = utf8.AppendRune(dst, d), n+utf8.RuneLen(d), k+6
					continue
				}
			}
			r = utf8.RuneError
		}
		switch {
		case r == '"' || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r < 0x20:
			dst = appendControl(dst, byte(r))
		default:
			dst = utf8.AppendRune(dst, r)
		}
		n += utf8.RuneLen(r)
	}
}

// appendControl appends the canonical escape of a control character.
func appendControl(dst []byte, c byte) []byte {
	switch c {
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	const hex = "0123456789abcdef"
	return append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
}
