package jsonrt

// This file is not written into generated packages: it is the reader's check
// of omnigen validate, which tells, of a line that is not exactly one JSON
// value that JavaScript reads and writes back as it is, the first problem in
// the line, with where it is and in more words than a generated decoder
// says it ("not valid JSON ... at offset N"). The line is read by the
// decoder the generated code runs, in first mode (see decoder.first): its
// rules and its code, its findings worded here.

import (
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
	ProblemSyntax ProblemKind = stopSyntax
	// ProblemUTF8: bytes that are not UTF-8.
	ProblemUTF8 ProblemKind = stopUTF8
	// ProblemDuplicate: an object with the same key twice.
	ProblemDuplicate ProblemKind = stopDuplicate
	// ProblemDepth: nesting deeper than MaxDepth.
	ProblemDepth ProblemKind = stopDepth
	// ProblemNumber: a number JavaScript reads as Infinity.
	ProblemNumber ProblemKind = stopNumber
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
}

// LineScanner checks that a line is exactly one JSON value (RFC 8259), in
// valid UTF-8, with no duplicate key in any object, no number JavaScript
// reads as Infinity and no nesting deeper than MaxDepth, without building the
// value. A LineScanner is reused line after line by one goroutine.
type LineScanner struct {
	d decoder
	// values counts the values of the line checked last.
	values int
}

// Check returns nil when data is one well-formed JSON value surrounded only
// by whitespace. Of several problems, it reports the first in the line.
func (s *LineScanner) Check(data []byte) *Problem {
	d := &s.d
	d.data, d.noCopy, d.first = data, true, true
	d.value(nil)
	d.end()
	var p *Problem
	if d.fatal {
		p = s.problem()
	}
	s.values = d.values
	if !d.reset() {
		s.d = decoder{}
	}
	return p
}

// Values is the number of JSON values in the line checked last.
func (s *LineScanner) Values() int { return s.values }

// maxPointerDepth is the most reference tokens a pointer in a finding has: a
// problem deeper than that is reported at its ancestor at that depth.
const maxPointerDepth = 32

// problem words where the decoder stopped.
func (s *LineScanner) problem() *Problem {
	d := &s.d
	data, at := d.data, d.stopAt
	var sb strings.Builder
	for _, seg := range d.errPath[:min(len(d.errPath), maxPointerDepth)] {
		sb.WriteByte('/')
		if seg.index >= 0 {
			sb.WriteString(strconv.Itoa(seg.index))
		} else {
			sb.WriteString(jsonptr.Escape(string(seg.key)))
		}
	}
	p := &Problem{Kind: ProblemKind(d.stopKind), Pointer: sb.String(), Offset: at}
	switch d.stopKind {
	case stopDepth:
		p.Message = fmt.Sprintf("nesting deeper than %d levels at col %d (the limit of the generated Go and TypeScript decoders)", MaxDepth, at+1)
		return p
	case stopNumber:
		p.Message = fmt.Sprintf("number %s at col %d is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", display(data[d.stopFrom:at]), d.stopFrom+1)
		return p
	case stopDuplicate:
		key := d.errPath[len(d.errPath)-1].key
		p.Message = fmt.Sprintf("duplicate key %s (first at col %d, again at col %d): the object is ambiguous", strconv.Quote(string(key)), d.stopFrom+1, at+1)
		return p
	}
	// A string the decoder read up to at may hold invalid UTF-8 before the
	// problem it stopped at (all bytes of 0x80 and above before at are in
	// strings: elsewhere they are a syntax error).
	if j := invalidUTF8(data, at); j >= 0 {
		p.Kind, p.Offset = ProblemUTF8, j
		p.Message = fmt.Sprintf("invalid UTF-8 at col %d (byte 0x%02x)", j+1, data[j])
		return p
	}
	switch why := d.stopWhy; {
	case why == afterValue:
		p.Message = fmt.Sprintf("invalid JSON: data after the value at col %d (%s)", at+1, describe(data, at))
	case why == "control character in a string":
		p.Message = fmt.Sprintf("invalid JSON: control character U+%04X in a string at col %d (it must be escaped)", data[at], at+1)
	case why == "invalid escape":
		s.wrong(p, at+1, "an escape character (one of \"\\/bfnrtu) after '\\'")
	case why == "unexpected end of input in a string":
		if at < len(data) && data[at] == '\\' {
			s.wrong(p, len(data), "an escape sequence")
		} else {
			s.wrong(p, len(data), "the end of a string")
		}
	case why == "invalid \\u escape":
		k := at + 2
		for k < len(data) && k < at+6 && isHex(data[k]) {
			k++
		}
		s.wrong(p, k, "4 hex digits after \\u")
	case why == "invalid literal":
		word := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[data[at]]
		k := 0
		for k < len(word) && at+k < len(data) && data[at+k] == word[k] {
			k++
		}
		s.wrong(p, at+k, word)
	case why == "invalid number":
		want := "a digit"
		if c := data[at-1]; c == '.' {
			want = "a digit after the decimal point"
		} else if c == 'e' || c == 'E' || (c == '+' || c == '-') && at >= 2 && (data[at-2] == 'e' || data[at-2] == 'E') {
			want = "a digit in the exponent"
		}
		s.wrong(p, at, want)
	default:
		s.wrong(p, at, wants[why])
	}
	return p
}

// wants are what the line has no place for, by the syntax errors of the
// decoder outside strings (any other: a value).
var wants = map[string]string{
	"expected ',' or '}' after an object value": "',' or '}'",
	"expected a property name":                  "a string key",
	noColon:                                     "':' after the key",
	"expected ',' or ']' after an array item":   "',' or ']'",
	"unexpected end of input":                   "a value",
}

// wrong words p as a line that has something else than want at offset at,
// or ends there.
func (s *LineScanner) wrong(p *Problem, at int, want string) {
	data := s.d.data
	if want == "" {
		want = "a value" // "invalid character …"
	}
	if at >= len(data) {
		p.Offset, p.Early = len(data), true
		p.Message = "invalid JSON: the line ends early, expected " + want
		return
	}
	p.Offset = at
	if r, size := utf8.DecodeRune(data[at:]); r == utf8.RuneError && size == 1 {
		p.Kind = ProblemUTF8
	}
	p.Message = fmt.Sprintf("invalid JSON: unexpected %s at col %d, expected %s", describe(data, at), at+1, want)
}

// invalidUTF8 returns the offset of the first byte before end that does not
// start a UTF-8 character, or -1; a character that the end of data cuts is
// not (the line ends early).
func invalidUTF8(data []byte, end int) int {
	if utf8.Valid(data[:end]) {
		return -1
	}
	for j := 0; j < end; {
		if data[j] < utf8.RuneSelf {
			j++
			continue
		}
		if !utf8.FullRune(data[j:]) {
			return -1
		}
		r, size := utf8.DecodeRune(data[j:])
		if r == utf8.RuneError && size == 1 {
			return j
		}
		j += size
	}
	return -1
}

// display shortens a number for a message.
func display(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
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
