package jsonrt

// This file is not written into generated packages: it is the reader's check
// of omnigen validate, which tells, of a line that is not exactly one JSON
// value that JavaScript reads and writes back as it is, the first problem in
// the line, with where it is and in more words than a generated decoder
// says it ("not valid JSON ... at offset N"). It applies the rules of
// json.go (MaxDepth, isInfinite, keys as JSON.parse tells them apart, the
// repeated-key sort of firstRepeat) with the decoder's own code.

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// ProblemKind classifies why a line is not one well-formed JSON value.
type ProblemKind uint8

const (
	// ProblemSyntax: not JSON (including a line that ends early and data
	// after the value).
	ProblemSyntax ProblemKind = iota + 1
	// ProblemUTF8: bytes that are not UTF-8.
	ProblemUTF8
	// ProblemDuplicate: an object with the same key twice.
	ProblemDuplicate
	// ProblemDepth: nesting deeper than MaxDepth.
	ProblemDepth
	// ProblemNumber: a number JavaScript reads as Infinity.
	ProblemNumber
)

// Problem says why a line is not exactly one well-formed JSON value.
type Problem struct {
	Kind ProblemKind
	// Pointer is the value being read when the problem was found (at most
	// maxPointerDepth tokens deep).
	Pointer string
	// Message says what is wrong, and at which column (Offset+1, or where
	// the number or the repeated key starts).
	Message string
	// Offset is where in the line the problem was found; Early says that
	// the line ends before its value does (more bytes might make it valid).
	Offset int
	Early  bool
	again  int // ProblemDuplicate: offset of the key given again
}

// frame is one open object or array while a LineScanner scans.
type frame struct {
	object   bool
	index    int    // array: index of the current item
	key      []byte // object: decoded key of the current member, nil between members
	firstKey int    // object: index in LineScanner.keys of its first key
	// log is, for an object of manyKeys keys or more, where its key
	// entries start in LineScanner.log; -1 until then.
	log int
}

// LineScanner checks that a line is exactly one JSON value (RFC 8259), in
// valid UTF-8, with no duplicate key in any object, no number JavaScript
// reads as Infinity and no nesting deeper than MaxDepth, without building the
// value. A LineScanner is reused line after line by one goroutine.
type LineScanner struct {
	data  []byte // the line being checked
	stack []frame
	keys  [][]byte // keys of the open objects, in order
	cols  []int    // column of each key in keys
	// log holds the key entries of the open objects with many keys (see
	// decoder.keyEntry), which d sorts and reads (see decoder.firstRepeat).
	log []uint64
	d   decoder
	// values counts the values of the line checked last.
	values int
}

// Check returns nil when data is one well-formed JSON value surrounded only
// by whitespace. Of several problems, it reports the first in the line.
func (s *LineScanner) Check(data []byte) *Problem {
	s.data, s.d.data = data, data
	p := s.scan(data)
	if p != nil && len(s.log) > 0 {
		// An object of many keys still open may repeat a key before p.
		if r := s.repeat(); r != nil && (p.Kind != ProblemDuplicate || r.again < p.again) {
			p = r
		}
	}
	s.data, s.d.data = nil, nil
	return p
}

// Values is the number of JSON values in the line checked last, up to its
// first problem.
func (s *LineScanner) Values() int { return s.values }

func (s *LineScanner) scan(data []byte) *Problem {
	s.stack = s.stack[:0]
	s.keys = s.keys[:0]
	s.cols = s.cols[:0]
	s.log = s.log[:0]
	s.values = 0
	n := len(data)
	i := skipWS(data, 0)

value:
	s.values++
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
			var buf []byte
			k = s.d.keyAt(i, &buf)
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
			return &Problem{Kind: ProblemSyntax, Offset: i, Message: fmt.Sprintf("invalid JSON: data after the value at col %d (%s)", i+1, describe(data, i))}
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
			if p := s.pop(); p != nil {
				return p
			}
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

func (s *LineScanner) push(object bool, at int) *Problem {
	if len(s.stack) >= MaxDepth {
		return &Problem{Kind: ProblemDepth, Pointer: s.pointer(true), Offset: at,
			Message: fmt.Sprintf("nesting deeper than %d levels at col %d (the limit of the generated Go and TypeScript decoders)", MaxDepth, at+1)}
	}
	s.stack = append(s.stack, frame{object: object, firstKey: len(s.keys), log: -1})
	return nil
}

// pop closes the innermost array or object; an object of many keys is
// checked for a repeated key first, and the problem, if any, reported.
func (s *LineScanner) pop() *Problem {
	top := s.stack[len(s.stack)-1]
	if top.log >= 0 {
		if again, _ := s.d.firstRepeat(s.log[top.log:]); again >= 0 {
			return s.repeat()
		}
		s.log = s.log[:top.log]
	}
	if top.object {
		s.keys = s.keys[:top.firstKey]
		s.cols = s.cols[:top.firstKey]
	}
	s.stack = s.stack[:len(s.stack)-1]
	return nil
}

// addKey records the key of a new member of the innermost object, or reports
// it as a duplicate.
func (s *LineScanner) addKey(k []byte, at int) *Problem {
	top := &s.stack[len(s.stack)-1]
	top.key = k
	if top.log >= 0 {
		s.log = append(s.log, s.d.keyEntry(k, at))
		return nil
	}
	for j := top.firstKey; j < len(s.keys); j++ {
		if string(s.keys[j]) == string(k) {
			return s.duplicate(len(s.stack)-1, k, s.cols[j], at)
		}
	}
	s.keys = append(s.keys, k)
	s.cols = append(s.cols, at)
	if len(s.keys)-top.firstKey == manyKeys {
		// From now on the object's keys are logged, to be checked at its end.
		top.log = len(s.log)
		for j := top.firstKey; j < len(s.keys); j++ {
			s.log = append(s.log, s.d.keyEntry(s.keys[j], s.cols[j]))
		}
	}
	return nil
}

// duplicate is the problem of key k of the object at depth d of the stack,
// given at offset first and again at offset again.
func (s *LineScanner) duplicate(d int, k []byte, first, again int) *Problem {
	f := &s.stack[d]
	key := f.key
	f.key = k
	ptr := s.pointerTo(d)
	f.key = key
	return &Problem{Kind: ProblemDuplicate, Pointer: ptr, again: again, Offset: again,
		Message: fmt.Sprintf("duplicate key %s (first at col %d, again at col %d): the object is ambiguous", strconv.Quote(string(k)), first+1, again+1)}
}

// repeat returns the first repeated key, by the offset it is repeated at, of
// the open objects of many keys, or nil.
func (s *LineScanner) repeat() *Problem {
	var best *Problem
	for d, f := range s.stack {
		if f.log < 0 {
			continue
		}
		end := len(s.log)
		for _, g := range s.stack[d+1:] {
			if g.log >= 0 {
				end = g.log
				break
			}
		}
		again, first := s.d.firstRepeat(s.log[f.log:end])
		if again >= 0 && (best == nil || again < best.again) {
			best = s.duplicate(d, s.d.keyAt(again, new([]byte)), first, again)
		}
	}
	return best
}

// maxPointerDepth is the most reference tokens a pointer in a finding has: a
// problem deeper than that is reported at its ancestor at that depth.
const maxPointerDepth = 32

// pointer is the JSON pointer of the value being read; with member false,
// that of the innermost container rather than of its current member.
func (s *LineScanner) pointer(member bool) string {
	d := len(s.stack) - 1
	if !member {
		d--
	}
	return s.pointerTo(d)
}

// pointerTo is the JSON pointer of the current member of the container at
// depth last of the stack (-1: the whole line).
func (s *LineScanner) pointerTo(last int) string {
	var sb strings.Builder
	for d := range s.stack {
		f := &s.stack[d]
		if d > last || d == maxPointerDepth {
			break
		}
		if f.object {
			if f.key == nil {
				break
			}
			sb.WriteByte('/')
			sb.WriteString(jsonptr.Escape(string(f.key)))
		} else {
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(f.index))
		}
	}
	return sb.String()
}

// early reports a line that ends before the value is complete.
func (s *LineScanner) early(member bool, want string) *Problem {
	return &Problem{Kind: ProblemSyntax, Pointer: s.pointer(member), Early: true, Offset: len(s.data),
		Message: "invalid JSON: the line ends early, expected " + want}
}

func (s *LineScanner) unexpected(data []byte, i int, member bool, want string) *Problem {
	kind := ProblemSyntax
	if c := data[i]; c >= utf8.RuneSelf {
		if r, size := utf8.DecodeRune(data[i:]); r == utf8.RuneError && size == 1 {
			kind = ProblemUTF8
		}
	}
	return &Problem{Kind: kind, Pointer: s.pointer(member), Offset: i,
		Message: fmt.Sprintf("invalid JSON: unexpected %s at col %d, expected %s", describe(data, i), i+1, want)}
}

func (s *LineScanner) literal(data []byte, i int, word string) *Problem {
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
func (s *LineScanner) number(data []byte, i int) (int, *Problem) {
	n, start := len(data), i
	if data[i] == '-' {
		i++
	}
	digits := func(what string) *Problem {
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
	exp := i < n && (data[i] == 'e' || data[i] == 'E')
	if exp {
		i++
		if i < n && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if p := digits("a digit in the exponent"); p != nil {
			return 0, p
		}
	}
	if (exp || i-start >= 309) && isInfinite(data[start:i]) {
		return 0, &Problem{Kind: ProblemNumber, Pointer: s.pointer(true), Offset: i,
			Message: fmt.Sprintf("number %s at col %d is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", display(data[start:i]), start+1)}
	}
	return i, nil
}

// display shortens a number for a message.
func display(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// scanString checks the string starting with the quote at data[i] and
// returns the index after its closing quote and whether it has escapes.
func (s *LineScanner) scanString(data []byte, i int) (end int, escaped bool, p *Problem) {
	n := len(data)
	j := i + 1
	for {
		for j+8 <= n {
			if w := binary.LittleEndian.Uint64(data[j:]); w&msb != 0 || special(w) {
				break
			}
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
			return 0, false, &Problem{Kind: ProblemSyntax, Pointer: s.pointer(true), Offset: j,
				Message: fmt.Sprintf("invalid JSON: control character U+%04X in a string at col %d (it must be escaped)", c, j+1)}
		case c < utf8.RuneSelf:
			j++
		default:
			if !utf8.FullRune(data[j:]) {
				return 0, false, s.early(true, "the end of a string")
			}
			r, size := utf8.DecodeRune(data[j:])
			if r == utf8.RuneError && size == 1 {
				return 0, false, &Problem{Kind: ProblemUTF8, Pointer: s.pointer(true), Offset: j,
					Message: fmt.Sprintf("invalid UTF-8 at col %d (byte 0x%02x)", j+1, c)}
			}
			j += size
		}
	}
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
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
