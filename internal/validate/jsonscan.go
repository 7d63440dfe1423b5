package validate

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth is the deepest nesting of arrays and objects a line may have; it is
// encoding/json's limit, so the schema engine never sees a value it would
// refuse to decode.
const maxDepth = 10000

// problemKind classifies why a line is not one well-formed JSON value.
type problemKind uint8

const (
	// probSyntax: not JSON (including a line that ends early and data after
	// the value). A last line with this problem is torn.
	probSyntax problemKind = iota + 1
	// probUTF8: bytes that are not UTF-8.
	probUTF8
	// probDuplicate: an object with the same key twice.
	probDuplicate
	// probDepth: nesting deeper than maxDepth.
	probDepth
)

// jsonProblem says why a line is not exactly one well-formed JSON value.
type jsonProblem struct {
	kind    problemKind
	pointer string // the value being read when the problem was found
	message string
}

// frame is one open object or array while scanning.
type frame struct {
	object   bool
	index    int    // array: index of the current item
	key      []byte // object: decoded key of the current member, nil between members
	firstKey int    // object: index in scanner.keys of its first key
	set      map[string]int
}

// scanner checks that a line is exactly one JSON value (RFC 8259), in valid
// UTF-8, with no duplicate key in any object, without building the value. A
// scanner is reused line after line by one goroutine.
type scanner struct {
	stack []frame
	keys  [][]byte // keys of the open objects, in order
	cols  []int    // column of each key in keys
}

// keysBeforeSet is how many keys an object may have before duplicates are
// looked up in a map rather than by a linear scan.
const keysBeforeSet = 16

// check returns nil when data is one well-formed JSON value surrounded only
// by whitespace.
func (s *scanner) check(data []byte) *jsonProblem {
	s.stack = s.stack[:0]
	s.keys = s.keys[:0]
	s.cols = s.cols[:0]
	n := len(data)
	i := skipWS(data, 0)

value:
	if i >= n {
		return s.early(true, "a value")
	}
	switch c := data[i]; {
	case c == '{':
		if p := s.push(true, i); p != nil {
			return p
		}
		i = skipWS(data, i+1)
		if i < n && data[i] == '}' {
			s.pop()
			i++
			goto after
		}
		goto key
	case c == '[':
		if p := s.push(false, i); p != nil {
			return p
		}
		i = skipWS(data, i+1)
		if i < n && data[i] == ']' {
			s.pop()
			i++
			goto after
		}
		goto value
	case c == '"':
		end, _, p := s.scanString(data, i)
		if p != nil {
			return p
		}
		i = end
		goto after
	case c == 't':
		if p := s.literal(data, i, "true"); p != nil {
			return p
		}
		i += 4
		goto after
	case c == 'f':
		if p := s.literal(data, i, "false"); p != nil {
			return p
		}
		i += 5
		goto after
	case c == 'n':
		if p := s.literal(data, i, "null"); p != nil {
			return p
		}
		i += 4
		goto after
	case c == '-' || (c >= '0' && c <= '9'):
		end, p := s.number(data, i)
		if p != nil {
			return p
		}
		i = end
		goto after
	default:
		return s.unexpected(data, i, true, "a value")
	}

key:
	if i >= n {
		return s.early(false, "a string key")
	}
	if data[i] != '"' {
		return s.unexpected(data, i, false, "a string key")
	}
	{
		end, escaped, p := s.scanString(data, i)
		if p != nil {
			return p
		}
		k := data[i+1 : end-1]
		if escaped {
			k = unquote(nil, k)
		}
		if p := s.addKey(k, i); p != nil {
			return p
		}
		i = skipWS(data, end)
		if i >= n {
			return s.early(true, "':' after the key")
		}
		if data[i] != ':' {
			return s.unexpected(data, i, true, "':' after the key")
		}
		i = skipWS(data, i+1)
		goto value
	}

after:
	if len(s.stack) == 0 {
		i = skipWS(data, i)
		if i < n {
			return &jsonProblem{kind: probSyntax, message: fmt.Sprintf("invalid JSON: data after the value at col %d (%s)", i+1, describe(data, i))}
		}
		return nil
	}
	i = skipWS(data, i)
	if top := &s.stack[len(s.stack)-1]; top.object {
		if i >= n {
			return s.early(false, "',' or '}'")
		}
		switch data[i] {
		case ',':
			top.key = nil
			i = skipWS(data, i+1)
			goto key
		case '}':
			s.pop()
			i++
			goto after
		}
		return s.unexpected(data, i, false, "',' or '}'")
	} else {
		if i >= n {
			return s.early(false, "',' or ']'")
		}
		switch data[i] {
		case ',':
			top.index++
			i = skipWS(data, i+1)
			goto value
		case ']':
			s.pop()
			i++
			goto after
		}
		return s.unexpected(data, i, false, "',' or ']'")
	}
}

func (s *scanner) push(object bool, at int) *jsonProblem {
	if len(s.stack) >= maxDepth {
		return &jsonProblem{kind: probDepth, pointer: s.pointer(true),
			message: fmt.Sprintf("invalid JSON: nesting deeper than %d levels at col %d", maxDepth, at+1)}
	}
	s.stack = append(s.stack, frame{object: object, firstKey: len(s.keys)})
	return nil
}

func (s *scanner) pop() {
	top := s.stack[len(s.stack)-1]
	if top.object {
		s.keys = s.keys[:top.firstKey]
		s.cols = s.cols[:top.firstKey]
	}
	s.stack = s.stack[:len(s.stack)-1]
}

// addKey records the key of a new member of the innermost object, or reports
// it as a duplicate.
func (s *scanner) addKey(k []byte, at int) *jsonProblem {
	top := &s.stack[len(s.stack)-1]
	top.key = k
	first := -1
	if top.set != nil {
		if c, ok := top.set[string(k)]; ok {
			first = c
		} else {
			top.set[string(k)] = at
		}
	} else {
		for j := top.firstKey; j < len(s.keys); j++ {
			if string(s.keys[j]) == string(k) {
				first = s.cols[j]
				break
			}
		}
		if first < 0 && len(s.keys)-top.firstKey >= keysBeforeSet {
			top.set = make(map[string]int, 2*keysBeforeSet)
			for j := top.firstKey; j < len(s.keys); j++ {
				top.set[string(s.keys[j])] = s.cols[j]
			}
			top.set[string(k)] = at
		}
	}
	if first >= 0 {
		return &jsonProblem{kind: probDuplicate, pointer: s.pointer(true),
			message: fmt.Sprintf("duplicate key %s (first at col %d, again at col %d): the object is ambiguous", strconv.Quote(string(k)), first+1, at+1)}
	}
	s.keys = append(s.keys, k)
	s.cols = append(s.cols, at)
	return nil
}

// maxPointerDepth is the most reference tokens a pointer in a finding has: a
// problem deeper than that is reported at its ancestor at that depth.
const maxPointerDepth = 32

// pointer is the JSON pointer of the value being read; with member false,
// that of the innermost container rather than of its current member.
func (s *scanner) pointer(member bool) string {
	var sb strings.Builder
	for d := range s.stack {
		f := &s.stack[d]
		if (d == len(s.stack)-1 && !member) || d == maxPointerDepth {
			break
		}
		if f.object {
			if f.key == nil {
				break
			}
			sb.WriteByte('/')
			sb.WriteString(escapeToken(string(f.key)))
		} else {
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(f.index))
		}
	}
	return sb.String()
}

// early reports a line that ends before the value is complete.
func (s *scanner) early(member bool, want string) *jsonProblem {
	return &jsonProblem{kind: probSyntax, pointer: s.pointer(member),
		message: "invalid JSON: the line ends early, expected " + want}
}

func (s *scanner) unexpected(data []byte, i int, member bool, want string) *jsonProblem {
	kind := probSyntax
	if c := data[i]; c >= utf8.RuneSelf {
		if r, size := utf8.DecodeRune(data[i:]); r == utf8.RuneError && size == 1 {
			kind = probUTF8
		}
	}
	return &jsonProblem{kind: kind, pointer: s.pointer(member),
		message: fmt.Sprintf("invalid JSON: unexpected %s at col %d, expected %s", describe(data, i), i+1, want)}
}

func (s *scanner) literal(data []byte, i int, word string) *jsonProblem {
	for k := 0; k < len(word); k++ {
		if i+k >= len(data) {
			return s.early(true, word)
		}
		if data[i+k] != word[k] {
			return s.unexpected(data, i+k, true, word)
		}
	}
	return nil
}

// number scans a number at data[i] and returns the index after it.
func (s *scanner) number(data []byte, i int) (int, *jsonProblem) {
	n := len(data)
	if data[i] == '-' {
		i++
	}
	digits := func(what string) *jsonProblem {
		if i >= n {
			return s.early(true, what)
		}
		if data[i] < '0' || data[i] > '9' {
			return s.unexpected(data, i, true, what)
		}
		for i < n && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		return nil
	}
	switch {
	case i < n && data[i] == '0':
		i++
	default:
		if p := digits("a digit"); p != nil {
			return 0, p
		}
	}
	if i < n && data[i] == '.' {
		i++
		if p := digits("a digit after the decimal point"); p != nil {
			return 0, p
		}
	}
	if i < n && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < n && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if p := digits("a digit in the exponent"); p != nil {
			return 0, p
		}
	}
	return i, nil
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plain reports whether none of the 8 bytes in w needs a second look inside
// a string: no quote, backslash, control character or non-ASCII byte.
func plain(w uint64) bool {
	if w&msb != 0 {
		return false
	}
	lt := (w - lsb*0x20) & ^w & msb
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	return lt|((q-lsb)&^q&msb)|((b-lsb)&^b&msb) == 0
}

// scanString checks the string starting with the quote at data[i] and
// returns the index after its closing quote and whether it has escapes.
func (s *scanner) scanString(data []byte, i int) (end int, escaped bool, p *jsonProblem) {
	n := len(data)
	j := i + 1
	for {
		for j+8 <= n && plain(binary.LittleEndian.Uint64(data[j:])) {
			j += 8
		}
		if j >= n {
			return 0, false, s.early(true, "the end of a string")
		}
		c := data[j]
		switch {
		case c == '"':
			return j + 1, escaped, nil
		case c == '\\':
			escaped = true
			if j+1 >= n {
				return 0, false, s.early(true, "an escape sequence")
			}
			switch data[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k >= n {
						return 0, false, s.early(true, "4 hex digits after \\u")
					}
					if !isHex(data[k]) {
						return 0, false, s.unexpected(data, k, true, "4 hex digits after \\u")
					}
				}
				j += 6
			default:
				return 0, false, s.unexpected(data, j+1, true, "an escape character (one of \"\\/bfnrtu) after '\\'")
			}
		case c < 0x20:
			return 0, false, &jsonProblem{kind: probSyntax, pointer: s.pointer(true),
				message: fmt.Sprintf("invalid JSON: control character U+%04X in a string at col %d (it must be escaped)", c, j+1)}
		case c < utf8.RuneSelf:
			j++
		default:
			if !utf8.FullRune(data[j:]) {
				return 0, false, s.early(true, "the end of a string")
			}
			r, size := utf8.DecodeRune(data[j:])
			if r == utf8.RuneError && size == 1 {
				return 0, false, &jsonProblem{kind: probUTF8, pointer: s.pointer(true),
					message: fmt.Sprintf("invalid UTF-8 at col %d (byte 0x%02x)", j+1, c)}
			}
			j += size
		}
	}
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func skipWS(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// describe names the character at data[i] for a message.
func describe(data []byte, i int) string {
	c := data[i]
	switch {
	case c > 0x20 && c < 0x7f:
		return "character " + strconv.QuoteRune(rune(c))
	case c < utf8.RuneSelf:
		return fmt.Sprintf("character U+%04X", c)
	}
	r, size := utf8.DecodeRune(data[i:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("byte 0x%02x (invalid UTF-8)", c)
	}
	return fmt.Sprintf("character U+%04X", r)
}

// escapeToken escapes one reference token of a JSON pointer (RFC 6901).
func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}
