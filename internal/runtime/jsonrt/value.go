package jsonrt

// This file is not written into generated packages: it reads values of a
// line that LineScanner.Check has accepted, for omnigen validate's trace and
// stream rules. Its functions trust the syntax and do not check it again.

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// Unquote appends the decoded content of a JSON string body (without its
// quotes) to dst. A \u escape of a lone surrogate becomes U+FFFD, as in
// encoding/json (a key, which JSON.parse keeps it in, is read by
// decoder.keyAt). It copies 8 bytes at a time up to the next backslash (the
// decoded content is never longer than the body, so the room it makes for
// the body is enough).
func Unquote(dst, s []byte) []byte {
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
			r := Hex4(s[i+2 : i+6])
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if d := utf16.DecodeRune(r, Hex4(s[i+2:i+6])); d != utf8.RuneError {
						n += utf8.EncodeRune(out[n:], d)
						i += 6
						continue
					}
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

// Hex4 is the value of the 4 hex digits that start b (those of a \u
// escape of an accepted line).
func Hex4(b []byte) rune {
	r, _ := hex4(b, 0)
	return r
}

// SkipString returns the index after the string whose opening quote is at
// data[i].
func SkipString(data []byte, i int) int {
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

// skipStringLong goes on with SkipString from j, a byte outside any escape
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

// SkipValue returns the index after the value starting at data[i].
func SkipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return SkipString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				j = SkipString(data, j) - 1
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

// SkipWS returns the index of the first byte at or after i in data that is
// not whitespace (len(data) if none).
func SkipWS(data []byte, i int) int { return skipWS(data, i) }

// Members calls fn for each member of the object at data[i] with its decoded
// key (valid during the call) and where its value starts; fn returns where
// the value ends, or -1 to have it skipped. Members returns the index after
// the object.
func Members(data []byte, i int, fn func(key []byte, start int) int) int {
	var scratch []byte
	i = skipWS(data, i+1)
	for i < len(data) && data[i] == '"' {
		end := SkipString(data, i)
		key := data[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			scratch = Unquote(scratch[:0], key)
			key = scratch
		}
		i = skipWS(data, end)
		i = skipWS(data, i+1) // ':'
		vend := fn(key, i)
		if vend < 0 {
			vend = SkipValue(data, i)
		}
		i = skipWS(data, vend)
		if i < len(data) && data[i] == ',' {
			i = skipWS(data, i+1)
		}
	}
	return i + 1
}
