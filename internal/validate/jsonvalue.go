package validate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// The functions in this file read values of a line that scanner.check has
// accepted: they trust the syntax and do not check it again.

// unquote appends the decoded content of a JSON string body (without its
// quotes) to dst. A \u escape of a lone surrogate becomes U+FFFD, as in
// encoding/json.
func unquote(dst, s []byte) []byte { return unescape(dst, s, false) }

// unquoteKey is unquote for an object key: a lone surrogate is kept as its
// WTF-8 bytes, so that "\ud800" and "\ud801" are two keys, as they are for
// JSON.parse and for the generated decoders.
func unquoteKey(dst, s []byte) []byte { return unescape(dst, s, true) }

// unescape is unquote, with lone surrogates kept when keep is set. It copies
// 8 bytes at a time up to the next backslash (the decoded content is never
// longer than the body, so the room it makes for the body is enough).
func unescape(dst, s []byte, keep bool) []byte {
	n := len(dst)
	if cap(dst)-n < len(s)+8 {
		dst = append(dst, make([]byte, len(s)+8)...)
	}
	out := dst[:cap(dst)]
	i := 0
	for i < len(s) {
		if i+8 <= len(s) {
			w := binary.LittleEndian.Uint64(s[i:])
			binary.LittleEndian.PutUint64(out[n:], w)
			x := w ^ backslashes
			m := (x - lsb) & ^x & msb // the first backslash, exactly
			if m == 0 {
				i += 8
				n += 8
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			i += k
			n += k
		} else if c := s[i]; c != '\\' {
			out[n] = c
			n++
			i++
			continue
		}
		switch c := s[i+1]; c {
		case 'b':
			out[n] = '\b'
		case 'f':
			out[n] = '\f'
		case 'n':
			out[n] = '\n'
		case 'r':
			out[n] = '\r'
		case 't':
			out[n] = '\t'
		case 'u':
			r := hex4(s[i+2 : i+6])
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if d := utf16.DecodeRune(r, hex4(s[i+2:i+6])); d != utf8.RuneError {
						n += utf8.EncodeRune(out[n:], d)
						i += 6
						continue
					}
				}
				if keep {
					out[n], out[n+1], out[n+2] = 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f
					n += 3
					continue
				}
				r = utf8.RuneError
			}
			n += utf8.EncodeRune(out[n:], r)
			continue
		default: // '"', '\\', '/'
			out[n] = c
		}
		n++
		i += 2
	}
	return out[:n]
}

const (
	backslashes = lsb * '\\'
	quotes      = lsb * '"'
)

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// skipString returns the index after the string whose opening quote is at
// data[i].
func skipString(data []byte, i int) int {
	// Word by word from escape to escape, while the string has them; a
	// long run without one (a base64 image) goes on with IndexByte.
	j := i + 1
	clean := 0
	for j+8 <= len(data) {
		w := binary.LittleEndian.Uint64(data[j:])
		x, y := w^quotes, w^backslashes
		m := ((x-lsb)&^x | (y-lsb)&^y) & msb // the first '"' or '\\', exactly
		if m == 0 {
			j += 8
			if clean++; clean == 8 {
				return skipStringLong(data, i, j)
			}
			continue
		}
		clean = 0
		j += bits.TrailingZeros64(m) >> 3
		if data[j] == '"' {
			return j + 1
		}
		j += 2
	}
	for j < len(data) {
		switch data[j] {
		case '"':
			return j + 1
		case '\\':
			j += 2
		default:
			j++
		}
	}
	return len(data)
}

// skipStringLong goes on with skipString from j, a byte outside any escape
// after one that is not a backslash.
func skipStringLong(data []byte, i, j int) int {
	for {
		k := bytes.IndexByte(data[j:], '"')
		if k < 0 {
			return len(data)
		}
		j += k
		b := j - 1
		for b > i && data[b] == '\\' {
			b--
		}
		if (j-1-b)%2 == 0 {
			return j + 1
		}
		j++
	}
}

// skipValue returns the index after the value starting at data[i].
func skipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				j = skipString(data, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(data)
	}
	j := i
	for j < len(data) {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return j
		}
		j++
	}
	return j
}

// members calls fn for each member of the object at data[i] with its decoded
// key (valid during the call) and where its value starts; fn returns where
// the value ends, or -1 to have it skipped. members returns the index after
// the object.
func members(data []byte, i int, fn func(key []byte, start int) int) int {
	var scratch []byte
	i = skipWS(data, i+1)
	for i < len(data) && data[i] == '"' {
		end := skipString(data, i)
		key := data[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			scratch = unquote(scratch[:0], key)
			key = scratch
		}
		i = skipWS(data, end)
		i = skipWS(data, i+1) // ':'
		vend := fn(key, i)
		if vend < 0 {
			vend = skipValue(data, i)
		}
		i = skipWS(data, vend)
		if i < len(data) && data[i] == ',' {
			i = skipWS(data, i+1)
		}
	}
	return i + 1
}
