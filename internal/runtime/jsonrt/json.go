package jsonrt

// This file is the JSON runtime of a generated package: it does not depend on
// the schema. The generated decoders and encoders call it to read and write
// JSON exactly the way the reference (JavaScript JSON.parse and
// JSON.stringify) does, and to report where a document breaks the schema.

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Error is what Unmarshal, Validate and Marshal return: where the problem is,
// as an RFC 6901 JSON pointer into the document, and what it is.
//
// For a missing property the pointer names the property that should be
// there; for an unknown or duplicate property, that property; for a union
// whose discriminator is missing or unknown, the discriminator. A document
// that is not JSON has the root pointer "".
type Error struct {
	// Pointer locates the problem ("" for the root).
	Pointer string
	// Keyword is the schema keyword the value breaks ("minimum"), when the
	// problem is one; "" for a document that is not JSON.
	Keyword string
	// Message says what is wrong.
	Message string
	// WellFormed says that Unmarshal or Validate read the whole document
	// and found it JSON that JavaScript reads and writes back as it is (no
	// syntax error, valid UTF-8, no property twice in an object, no number
	// beyond a double, nesting within MaxDepth): only the schema is broken.
	// Where the decoder could not make sure as it went (an object with
	// several unknown properties, whose names it does not compare), it
	// reads the document again as plain JSON; when that finds a problem,
	// the problem is the one reported, as the TypeScript parse function
	// reports it.
	WellFormed bool
}

func (e *Error) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return p + ": " + e.Message
}

// The rules below are where JSON and JavaScript part: JSON.parse accepts
// what they reject, but no JavaScript value holds it as written, so
// JSON.stringify would write something else back (or fail). The TypeScript
// parse function generated beside this package applies the same rules, with
// the same constants.

// MaxDepth is the deepest nesting of arrays and objects that Unmarshal,
// Validate and Marshal accept; the top-level value is at depth 1. Deeper
// JSON is rejected with the message of tooDeep: JSON.stringify in Node.js
// runs out of stack a few thousand levels down, so a limit well below that
// keeps every accepted value writable in both languages.
const MaxDepth = 1000

// maxSafeInteger is Number.MAX_SAFE_INTEGER (2^53 - 1): JavaScript reads
// and writes every integer up to it in absolute value unchanged.
const maxSafeInteger = 1<<53 - 1

// jsInteger reports whether JavaScript writes the integer v back as v: it
// reads v as the nearest double and writes that double's shortest decimal
// form. Beyond maxSafeInteger that is not always v (9007199254740993 is
// written 9007199254740992, 2^60 = 1152921504606846976 is written
// 1152921504606847000), and an integer property whose value would change
// so is rejected, as one beyond the int64 range is.
func jsInteger(v int64) bool {
	if -maxSafeInteger <= v && v <= maxSafeInteger {
		return true
	}
	w, err := strconv.ParseInt(string(appendNumber(nil, float64(v))), 10, 64)
	return err == nil && w == v
}

// isInfinite reports whether JavaScript reads the number literal b as
// Infinity or -Infinity, its magnitude beyond the largest double (1e400):
// such a number is rejected wherever it is, even in free-form JSON, since
// JSON.stringify would write it as null. A number too small for a double
// (1e-400) reads as 0 and is fine where any number is; where an integer is
// required it is not one as written, and is rejected as such.
func isInfinite(b []byte) bool {
	if len(b) < 309 {
		// Without an exponent, a literal this short is below 1e308.
		exp := false
		for _, c := range b {
			if c == 'e' || c == 'E' {
				exp = true
				break
			}
		}
		if !exp {
			return false
		}
	}
	f, _ := strconv.ParseFloat(string(b), 64)
	return math.IsInf(f, 0)
}

// The messages of the rules above.
const (
	infiniteMessage = "must be a number JavaScript can represent, got "
	// infinityMessage is how Marshal, as stringify, refuses an infinity.
	infinityMessage = "must be a finite number to be written as JSON, got "
	inexactMessage  = "must be an integer in the int64 range that JavaScript writes back unchanged, got "
)

// The words of the rules on one value, for the checks of any schema and
// the dialect's decoders and encoders alike: one wording in Go, as
// checks.ts has in TypeScript. bound is "at least ", "at most ", "greater
// than " or "less than ".

// lengthMessage: a string of got characters, against minLength or
// maxLength n.
func lengthMessage(bound string, n, got int) string {
	return "must be " + bound + counted(n, "character", "characters") + " long, got " + strconv.Itoa(got)
}

// countMessage: an array of got items (one "item", many "items"), or an
// object of got properties, against n.
func countMessage(bound string, n int, one, many string, got int) string {
	return "must have " + bound + counted(n, one, many) + ", got " + strconv.Itoa(got)
}

// boundMessage: a number, got as JavaScript writes it, against a limit.
func boundMessage(bound string, limit float64, got string) string {
	return "must be " + bound + string(appendNumber(nil, limit)) + ", got " + got
}

// patternWords follow the string a pattern's message shows.
const patternWords = " does not match the pattern "

// counted is n with its noun, one or many: "1 item", "2 items".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// tooDeepMessage says what is wrong with a document nested deeper than
// MaxDepth.
func tooDeepMessage() string {
	return "arrays and objects nested more than " + strconv.Itoa(MaxDepth) + " levels deep"
}

// segment is one step of a JSON pointer: an array index when index >= 0,
// else a property name, index saying which kind of step (stepMember…).
type segment struct {
	name string
	// key is used instead of name when not nil (a raw object's key).
	key   []byte
	index int
}

// The kinds of named steps, which order the problems found at one depth as
// the schema validator does (see outranks): a property of an object, the
// property a kind selects, a property missing, a property not allowed.
const (
	stepMember   = -1
	stepSelected = -2
	stepMissing  = -3
	stepUnknown  = -4
)

// The ranks of the steps of a path, in the order the schema validator
// reports problems at one depth in: of an object, a missing property
// (rankMissing), then the problems of its properties (rankMember, by name,
// as the items of an array by index), then an unknown property (rankUnknown,
// by name), then the problems inside the property a kind selects, which the
// schema checks in an allOf after the others (rankSelected; the selected
// property itself, not an object, is a rankMember).
const (
	rankMissing = iota
	rankMember
	rankUnknown
	rankSelected
)

// rank is the rank of step s of a path, the last one when last.
func (s *segment) rank(last bool) int {
	switch s.index {
	case stepMissing:
		return rankMissing
	case stepUnknown:
		return rankUnknown
	case stepSelected:
		if !last {
			return rankSelected
		}
	}
	return rankMember
}

// pointer renders segments as an RFC 6901 JSON pointer.
func pointer(path []segment) string {
	var b []byte
	for _, s := range path {
		b = append(b, '/')
		if s.index >= 0 {
			b = strconv.AppendInt(b, int64(s.index), 10)
			continue
		}
		name := s.name
		if s.key != nil {
			name = string(s.key)
		}
		name = readable(name)
		for i := 0; i < len(name); i++ {
			switch c := name[i]; c {
			case '~':
				b = append(b, "~0"...)
			case '/':
				b = append(b, "~1"...)
			default:
				b = append(b, c)
			}
		}
	}
	return string(b)
}

// decoder reads one JSON document and validates it as it goes. A syntax
// error stops it (fatal); a schema violation is recorded and decoding goes
// on, so that the deepest violation is the one reported (among equally deep
// ones, the one the schema validator reports: see outranks).
type decoder struct {
	data []byte
	pos  int
	// path is where the value being read is.
	path []segment
	err  *Error
	// err is set by a problem that stops decoding (see fatal). A schema
	// violation is kept in parts, and its pointer and message are written
	// out only by finish, once it is the one reported: a later one may
	// outrank it, and a rejected document goes on being read. errPath is
	// where it is (its keys copied to errKeys), errWhy what (see problem).
	failed  bool
	errPath []segment
	errKeys []byte
	errWhy  problem
	// fatal is set by a syntax error: the document is not JSON.
	fatal bool
	// flawed says that the document is JSON but not JSON that JavaScript
	// writes back as it is (invalid UTF-8, a duplicate key, an infinite
	// number), even where the problem is not reported (a skipped value);
	// strays counts the unknown properties of objects of known shape, whose
	// names are not compared with each other; unsure that the keys of an
	// object were read without being compared (by tag). See
	// Error.WellFormed.
	flawed bool
	strays int
	unsure bool
	// schemaless says that the decoder reads plain JSON, for no schema: the
	// problems it records are the text's own.
	schemaless bool
	// noCopy makes the decoder validate only: strings and raw values are
	// checked but not copied out of data.
	noCopy bool
	// key is the unescaped name of the property just read by nextKey;
	// keyEscaped says it is in keyBuf rather than a slice of data.
	key        []byte
	keyEscaped bool
	// orNull says that the value being read may also be null, for messages.
	orNull bool
	// checking counts the values being read whose schema's check runs once
	// they are read (see checked in check.go).
	checking int
	// quiet counts the skips in progress whose findings are not reported:
	// the schema reports the skipped value itself (unknown, of the wrong type,
	// with an unknown discriminator), or it is decoded again later.
	quiet int
	// scratch holds unescaped strings; keyBuf unescaped keys.
	scratch []byte
	keyBuf  []byte
	depth   int
	// names holds the keys of the raw objects being read, for duplicates,
	// and offs where each starts in data; arena holds the unescaped text of
	// those with escapes. An object of manyKeys keys or more logs its keys
	// in keyLog instead, checked when it ends (see firstRepeat); sortBuf is
	// room for that.
	names   [][]byte
	offs    []int
	arena   []byte
	keyLog  []uint64
	sortBuf []uint64
	// keyStart is where the key just read by nextKey starts in data.
	keyStart int
	// keyPath and keyNames are how far path and names have held keys of
	// data, for finish to forget them.
	keyPath, keyNames int
	// first makes the decoder stop at the first problem of any kind in the
	// document (syntax, UTF-8, a key twice, nesting, a number beyond a
	// double), as omnigen validate's reader reports it (see line.go): what
	// it is (stopKind: a stop…; stopWhy: the syntax error), where (errPath,
	// and stopAt, an offset), and for a key twice or a number where it
	// starts (stopFrom). values counts the values read.
	first            bool
	stopKind         uint8
	stopWhy          string
	stopAt, stopFrom int
	values           int
	// held is the first value of a valid document that its Go type cannot
	// hold, which Unmarshal of a schema outside the dialect refuses once
	// the document is valid (see hold in shape.go).
	held *Error
	// outer is the problem recorded when the outermost value being
	// checked whole began (see startCheck in check.go).
	outer recorded
}

// recorded is a copy of the problem a decoder has recorded: failed, and
// where and what (errPath, whose keys point into keys, and errWhy).
type recorded struct {
	failed bool
	path   []segment
	keys   []byte
	why    problem
	value  []byte
}

// The kinds of problem a decoder in first mode stops at.
const (
	stopSyntax = iota + 1
	stopUTF8
	stopDuplicate
	stopDepth
	stopNumber
)

// halt stops a decoder in first mode at a problem of kind at path.
func (d *decoder) halt(kind uint8, path []segment, at int) {
	d.stopKind, d.stopAt = kind, at
	d.keepPath(path)
	d.fatal = true
	d.pos = len(d.data)
}

// decoders keeps decoders, with their buffers, for reuse.
var decoders = sync.Pool{New: func() any { return &decoder{path: make([]segment, 0, 16)} }}

// newDecoder returns a decoder of data; finish returns it to the pool.
func newDecoder(data []byte, noCopy bool) *decoder {
	d := decoders.Get().(*decoder)
	d.data, d.noCopy = data, noCopy
	return d
}

// finish checks that only whitespace follows the value, returns the error
// to report, if any, and releases d.
func (d *decoder) finish() error {
	d.end()
	wellFormed := !d.fatal && !d.flawed && d.strays < 2 && !d.unsure
	if !d.fatal && d.failed {
		if !wellFormed && !d.schemaless {
			// JSON that JavaScript reads otherwise (a key given twice, say)
			// is refused for that before any schema is checked, as the
			// TypeScript parse function and the checks of every schema
			// refuse it: the text read again as plain JSON says what to
			// report, or that nothing was wrong with it.
			if err := flaw(d.data); err != nil {
				d.err = err.(*Error)
			} else {
				wellFormed = true
			}
		}
		if d.err == nil {
			d.err = &Error{Pointer: pointer(d.errPath), Keyword: d.errWhy.keyword, Message: d.errWhy.message()}
		}
	}
	if d.err == nil && !d.failed {
		d.err = d.held
	}
	var err error
	if d.err != nil {
		d.err.WellFormed = wellFormed
		err = d.err
	}
	if d.reset() {
		decoders.Put(d)
	}
	return err
}

// flaw is what is wrong with data read as plain JSON, for no schema (a
// syntax error, a key given twice, ...): nil when JavaScript reads it back
// as it is.
func flaw(data []byte) error {
	d := newDecoder(data, true)
	d.schemaless = true
	d.value(nil)
	return d.finish()
}

// afterValue is the syntax error of data after the value.
const afterValue = "unexpected data after the value"

// end checks that only whitespace follows the value.
func (d *decoder) end() {
	if !d.fatal {
		d.ws()
		if d.pos < len(d.data) {
			d.syntax(afterValue)
		}
	}
}

// reset makes d ready for another document, and reports whether its
// buffers are small enough to keep.
func (d *decoder) reset() bool {
	// Forget the input: the buffers are kept, nothing that points into data.
	path, names := d.path[:cap(d.path)], d.names[:cap(d.names)]
	clear(path[:min(d.keyPath, len(path))]) // an object may have held no key
	clear(names[:d.keyNames])
	errPath := d.errPath[:cap(d.errPath)]
	clear(errPath) // its keys point into errKeys
	*d = decoder{path: path[:0], scratch: d.scratch[:0], keyBuf: d.keyBuf[:0], names: names[:0],
		offs: d.offs[:0], arena: d.arena[:0], keyLog: d.keyLog[:0], sortBuf: d.sortBuf[:0], errPath: errPath[:0],
		errKeys: d.errKeys[:0], errWhy: problem{value: d.errWhy.value[:0]}}
	return cap(d.scratch) <= 1<<16 && cap(d.path) <= 1<<10 && cap(d.names) <= 1<<10 && cap(d.arena) <= 1<<16 &&
		cap(d.keyLog) <= 1<<14 && cap(d.sortBuf) <= 1<<14 && cap(d.errPath) <= 1<<10 &&
		cap(d.errKeys) <= 1<<12 && cap(d.errWhy.value) <= 1<<12
}

func (d *decoder) push(name string)   { d.path = append(d.path, segment{name: name, index: stepMember}) }
func (d *decoder) pushKey(key []byte) { d.path = append(d.path, segment{key: key, index: stepMember}) }
func (d *decoder) pushIndex(i int)    { d.path = append(d.path, segment{index: i}) }
func (d *decoder) pop()               { d.path = d.path[:len(d.path)-1] }

// selected marks the property being read as the one a kind selects.
func (d *decoder) selected() { d.path[len(d.path)-1].index = stepSelected }

// keeps reports whether a problem at path would be reported: nothing
// silences it, and it outranks the one recorded so far.
func (d *decoder) keeps(path []segment) bool {
	return !d.fatal && d.quiet == 0 && (!d.failed || outranks(path, d.errPath))
}

// outranks reports whether the problem at path a goes before the one at path
// b, as the schema validator orders them: the deeper one; at one depth, the
// one whose path is first by the ranks of its steps, then by their names
// (indexes by value; missing properties in the order the decoder checks
// them, that of the schema's "required"); on a tie, the one found first (b).
func outranks(a, b []segment) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	for i := range a {
		x, y := &a[i], &b[i]
		rx, ry := x.rank(i == len(a)-1), y.rank(i == len(b)-1)
		switch {
		case rx != ry:
			return rx < ry
		case x.index >= 0 && y.index >= 0:
			if x.index != y.index {
				return x.index < y.index
			}
		case rx == rankMissing:
		default:
			if c := compareNames(x, y); c != 0 {
				return c < 0
			}
		}
	}
	return false
}

// compareNames compares the names of two steps, as strings.
func compareNames(x, y *segment) int {
	a, b := x.name, y.name
	if x.key != nil {
		a = string(x.key)
	}
	if y.key != nil {
		b = string(y.key)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// problem is what a recorded schema violation says, in parts that cost
// nothing to keep: the keyword it breaks ("" for a rule of JavaScript's,
// such as a key given twice), and its message, text[0] + text[1] + text[2] +
// the value as show says + text[3]. The message says what is wrong with the
// value the pointer names, in the words of the checks of any schema
// (check.go), which the TypeScript generated beside the package uses too.
type problem struct {
	keyword string
	text    [4]string
	value   []byte // a copy
	show    uint8
}

// How a problem shows its value.
const (
	showNothing = iota
	showQuoted  // quote: a string value
	showName    // jsQuote: a property name
)

// message writes out the message of p.
func (p *problem) message() string {
	msg := p.text[0] + p.text[1] + p.text[2]
	switch p.show {
	case showQuoted:
		msg += quote(string(p.value))
	case showName:
		msg += jsQuote(string(p.value))
	}
	return msg + p.text[3]
}

// record makes the problem at path the one to report, if it is (see
// keeps): it copies path and the value shown, and keeps the rest.
func (d *decoder) record(path []segment, why problem) {
	if !d.keeps(path) {
		return
	}
	d.failed = true
	d.keepPath(path)
	why.value = append(d.errWhy.value[:0], why.value...)
	d.errWhy = why
}

// keepPath copies path into errPath (its keys into errKeys).
func (d *decoder) keepPath(path []segment) {
	d.errKeys = d.errKeys[:0]
	for _, s := range path {
		d.errKeys = append(d.errKeys, s.key...)
	}
	d.errPath = d.errPath[:0]
	at := 0
	for _, s := range path {
		if s.key != nil {
			// The key's bytes are reused: point into the copy.
			n := at + len(s.key)
			s.key = d.errKeys[at:n:n]
			if s.key == nil {
				s.key = []byte{}
			}
			at = n
		}
		d.errPath = append(d.errPath, s)
	}
}

// fail records a violation of keyword by the value at the current path.
func (d *decoder) fail(keyword, msg string) {
	d.record(d.path, problem{keyword: keyword, text: [4]string{msg}})
}

// failShown is fail with the message head + quote(string(value)) + tail,
// written out only if it is reported.
func (d *decoder) failShown(keyword, head string, value []byte, tail string) {
	d.record(d.path, problem{keyword: keyword, text: [4]string{head, "", "", tail}, value: value, show: showQuoted})
}

// failAt records a violation of keyword about the property name of the
// current object (missing, unknown, duplicate, or its discriminator); step
// says which (stepMissing or stepUnknown).
func (d *decoder) failAt(step int, name, keyword, msg string) {
	d.failWhere(segment{name: name, index: step}, problem{keyword: keyword, text: [4]string{msg}})
}

// failWhere records the problem why about the step last below the current
// object.
func (d *decoder) failWhere(last segment, why problem) {
	d.record(append(d.path[:len(d.path):len(d.path)], last), why)
}

// syntax records that the document is not JSON and stops decoding.
func (d *decoder) syntax(msg string) {
	if d.fatal {
		return
	}
	if d.first {
		d.stopWhy = msg
		d.halt(stopSyntax, d.path, d.pos)
	}
	d.err = &Error{Pointer: "", Message: "not valid JSON: " + msg + " at offset " + strconv.Itoa(d.pos)}
	d.fatal = true
	d.pos = len(d.data)
}

// badUTF8 records that the string just read is not valid UTF-8.
func (d *decoder) badUTF8() {
	if d.first {
		d.halt(stopUTF8, d.path, d.pos)
		return
	}
	d.flawed = true
	d.fail("", "invalid UTF-8 in a string")
}

// ws skips whitespace.
func (d *decoder) ws() { d.pos = skipWS(d.data, d.pos) }

// skipWS returns the index of the first byte at or after i in data that is
// not whitespace (len(data) if none).
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

// peek skips whitespace and returns the next byte (0 at the end).
func (d *decoder) peek() byte {
	d.ws()
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

// typeName is the JSON type of the value starting with c.
func typeName(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// mismatch records that the value is not of type want, and skips it.
func (d *decoder) mismatch(want string) {
	c := d.peek()
	if c == 0 {
		d.syntax("unexpected end of input")
		return
	}
	d.record(d.path, problem{keyword: "type", text: [4]string{"must be ", d.phrase(want), ", got ", typeName(c)}})
	d.skip()
}

// phrase names the types the value may have, want and null when it may be
// null too, as the checks do: null first.
func (d *decoder) phrase(want string) string {
	if d.orNull {
		return "null or " + want
	}
	return want
}

// field starts the value of a known property: it reports a duplicate and
// pushes the property on the path. The caller pops it.
func (d *decoder) field(seen *bool, name string) {
	if *seen {
		d.flawed = true
		d.failAt(stepUnknown, name, "", "duplicate property "+jsQuote(name))
	}
	*seen = true
	d.orNull = false
	d.push(name)
}

// readOrder follows the order an object's properties come in, by their
// positions in schema order, so that a decoded value is written back in its
// document's order. While they come in schema order it only remembers the
// last position: keys stays nil, and the value records nothing.
type readOrder struct {
	next int
	keys []rune
}

// add notes the property at position at; seen says which positions have
// come so far (at included).
func (o *readOrder) add(seen []bool, at int) {
	if at >= o.next && o.keys == nil {
		o.next = at + 1
		return
	}
	o.disorder(seen, at)
}

// disorder records the properties in document order from the first one out
// of schema order on: those before it came in schema order, so seen lists
// them.
func (o *readOrder) disorder(seen []bool, at int) {
	if o.keys == nil {
		o.keys = make([]rune, 0, len(seen))
		for i, s := range seen {
			if s && i != at {
				o.keys = append(o.keys, rune(i))
			}
		}
	}
	o.keys = append(o.keys, rune(at))
}

// unknown reports the property just read as not allowed and skips its value.
func (d *decoder) unknown() {
	d.strays++
	d.failWhere(segment{key: d.key, index: stepUnknown}, problem{
		keyword: "additionalProperties",
		text:    [4]string{"unknown property "},
		value:   d.key,
		show:    showName,
	})
	d.skip()
}

// required reports the property name as missing when it was not seen.
func (d *decoder) required(seen bool, name string) {
	if !seen {
		d.failAt(stepMissing, name, "required", "missing required property "+jsQuote(name))
	}
}

// beginObject consumes '{'. When the value is not an object it records a
// type error, skips the value and reports false.
func (d *decoder) beginObject() bool {
	if d.peek() != '{' {
		d.mismatch("object")
		return false
	}
	return d.enter()
}

// enter consumes the '{' or '[' that opens a value, counting the depth;
// nextKey and nextItem count it back at the closing '}' or ']'. Past
// MaxDepth it records the error and stops decoding, as a syntax error does.
func (d *decoder) enter() bool {
	d.pos++
	d.depth++
	d.orNull = false // what is inside is not the value that may be null
	if d.depth > MaxDepth {
		if d.first && !d.fatal {
			d.halt(stopDepth, d.path, d.pos-1)
		}
		if !d.fatal {
			d.err = &Error{Pointer: "", Message: tooDeepMessage()}
			d.fatal = true
			d.pos = len(d.data)
		}
		return false
	}
	return true
}

// nextKey reads the next property name of the object being read into d.key
// and consumes the ':' after it; it reports false at the closing '}'. i is
// the number of properties read so far.
func (d *decoder) nextKey(i int) bool {
	c := d.peek()
	if i > 0 {
		if c == ',' {
			d.pos++
			c = d.peek()
		} else if c != '}' {
			d.syntax("expected ',' or '}' after an object value")
			return false
		} else {
			d.pos++
			d.depth--
			return false
		}
	} else if c == '}' {
		d.pos++
		d.depth--
		return false
	}
	if c != '"' {
		d.syntax("expected a property name")
		return false
	}
	start := d.pos
	key, ok := d.stringBody(&d.keyBuf)
	if !ok {
		return false
	}
	d.key, d.keyStart = key, start
	d.keyEscaped = d.pos-start != len(key)+2
	if d.peek() != ':' {
		if d.first {
			// omnigen validate's reader names the member (objectValue,
			// which it reads with, forgets the key: see keyPath).
			d.pushKey(key)
			d.syntax(noColon)
			d.pop()
			return false
		}
		d.syntax(noColon)
		return false
	}
	d.pos++
	return true
}

// noColon is the syntax error of a property name without ':'.
const noColon = "expected ':' after a property name"

// beginArray consumes '['. When the value is not an array it records a type
// error, skips the value and reports false.
func (d *decoder) beginArray() bool {
	if d.peek() != '[' {
		d.mismatch("array")
		return false
	}
	return d.enter()
}

// nextItem reports whether another item follows in the array being read,
// consuming the ',' before it or the closing ']'. i is the number of items
// read so far.
func (d *decoder) nextItem(i int) bool {
	c := d.peek()
	if i > 0 {
		switch c {
		case ',':
			d.pos++
			c = d.peek()
		case ']':
			d.pos++
			d.depth--
			return false
		default:
			d.syntax("expected ',' or ']' after an array item")
			return false
		}
	} else if c == ']' {
		d.pos++
		d.depth--
		return false
	}
	if c == 0 {
		d.pushIndex(i) // where omnigen validate's reader says it is
		d.syntax("unexpected end of input")
		d.pop()
		return false
	}
	return !d.fatal
}

// strBytes reads a string and returns its unescaped bytes, valid until the
// next read. When the value is not a string it records a type error, skips
// the value and reports false.
func (d *decoder) strBytes() ([]byte, bool) {
	if d.peek() != '"' {
		d.mismatch("string")
		return nil, false
	}
	return d.stringBody(&d.scratch)
}

// text returns b as a string, or "" when the decoder only validates.
func (d *decoder) text(b []byte) string {
	if d.noCopy {
		return ""
	}
	return string(b)
}

// str reads a string value.
func (d *decoder) str() string {
	if d.noCopy {
		if d.peek() != '"' {
			d.mismatch("string")
		} else {
			d.checkString()
		}
		return ""
	}
	b, ok := d.strBytes()
	if !ok {
		return ""
	}
	return d.text(b)
}

// constant reads a string that must equal want.
func (d *decoder) constant(want string) {
	if d.peek() != '"' {
		d.notString("const", "must be "+jsQuote(want)+", got ")
		return
	}
	b, ok := d.stringBody(&d.scratch)
	if ok && string(b) != want {
		d.fail("const", "must be "+jsQuote(want)+", got "+quote(string(b)))
	}
}

// enumError records that the string just read (b) is not one of values.
func (d *decoder) enumError(b []byte, values string) {
	d.record(d.path, problem{keyword: "enum", text: [4]string{"must be one of ", values, ", got "}, value: b, show: showQuoted})
}

// enumBytes reads the string of an enum whose schema does not say its type
// (values lists them, for the message): any other value breaks the enum,
// not a type, and is reported and skipped as the checks say it.
func (d *decoder) enumBytes(values string) ([]byte, bool) {
	if d.peek() != '"' {
		d.notString("enum", "must be one of "+values+", got ")
		return nil, false
	}
	return d.stringBody(&d.scratch)
}

// selector reads ahead the value of member name of the object that
// follows, without consuming the object or reporting anything: its text
// when it is a string, false otherwise (no object, no such member, a
// value of another type). A value whose own property picks its type (a
// select on a union) is read as the member that text picks; its check
// words what is wrong.
func (d *decoder) selector(name string) ([]byte, bool) {
	if d.peek() != '{' {
		return nil, false
	}
	start, depth := d.pos, d.depth
	d.quiet++
	defer func() {
		d.quiet--
		if !d.fatal { // else the JSON is broken: nothing more is read
			d.pos, d.depth = start, depth
		}
	}()
	if !d.enter() || !d.seekMember(name) || d.peek() != '"' {
		return nil, false
	}
	return d.stringBody(&d.scratch)
}

// seekMember reads the keys of the object just entered, skipping the other
// members' values, up to member name: true with the decoder at its value,
// false at the object's end.
func (d *decoder) seekMember(name string) bool {
	for i := 0; d.nextKey(i); i++ {
		if string(d.key) == name {
			return true
		}
		d.value(nil)
	}
	return false
}

// notString skips the value that follows, not a string, and records that
// it breaks the rule keyword: the message, then the value as shown.
func (d *decoder) notString(keyword, message string) {
	if d.peek() == 0 {
		d.syntax("unexpected end of input")
		return
	}
	start := d.pos
	d.skip()
	d.fail(keyword, message+shown(d.data[start:d.pos]))
}

// tag finds the discriminator name of the object that follows, without
// consuming it. When the value is not an object, or has no such property,
// or the property is not a string, it records the error, skips the value
// and reports false. values lists the known tags, for the message.
func (d *decoder) tag(name, values string) ([]byte, bool) {
	if d.peek() != '{' {
		d.mismatch("object")
		return nil, false
	}
	start, depth := d.pos, d.depth
	msg, keyword := "", "required"
	d.quiet++
	if !d.enter() {
		return nil, false
	}
	for i := 0; d.nextKey(i); i++ {
		if string(d.key) != name {
			d.value(nil)
			continue
		}
		if d.peek() == '"' {
			b, ok := d.stringBody(&d.scratch)
			d.quiet--
			d.pos, d.depth = start, depth
			return b, ok
		}
		vstart := d.pos
		d.value(nil)
		msg = "unknown " + name + " " + shown(d.data[vstart:d.pos]) + ": must be one of " + values
		keyword = "oneOf"
		d.pos, d.depth = start, depth
		d.value(nil)
		break
	}
	d.quiet--
	if msg == "" {
		// The object was read to its end here, its keys not compared.
		d.unsure = true
		msg = "missing required property " + jsQuote(name)
	}
	d.failAt(stepMissing, name, keyword, msg)
	return nil, false
}

// badTag records that the discriminator name has the unknown value tag and
// skips the object.
func (d *decoder) badTag(name string, tag []byte, values string) {
	d.failAt(stepMissing, name, "oneOf", "unknown "+name+" "+quote(string(tag))+": must be one of "+values)
	d.skip()
}

// anyObject checks that the value is an object, which is all that is asked
// of it (its selector is missing or unknown, which is reported), and skips
// it.
func (d *decoder) anyObject() {
	if d.peek() != '{' {
		d.mismatch("object")
		return
	}
	d.skip()
}

// mark returns the current offset, for a value to decode later.
func (d *decoder) mark() int {
	d.ws()
	return d.pos
}

// at moves to offset pos and returns where the decoder was.
func (d *decoder) at(pos int) int {
	saved := d.pos
	d.pos = pos
	return saved
}

// null consumes a null and reports true when one follows; otherwise the
// value that follows may be null too, which a type error says.
func (d *decoder) null() bool {
	if d.peek() != 'n' {
		d.orNull = true
		return false
	}
	d.literal("null")
	return true
}

// boolean reads true or false.
func (d *decoder) boolean() bool {
	switch d.peek() {
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	}
	d.mismatch("boolean")
	return false
}

func (d *decoder) literal(want string) {
	if len(d.data)-d.pos < len(want) || string(d.data[d.pos:d.pos+len(want)]) != want {
		d.syntax("invalid literal")
		return
	}
	d.pos += len(want)
}

// numberBytes reads a number and returns its text. When the value is not a
// number it records a type error, skips the value and reports false.
func (d *decoder) numberBytes() ([]byte, bool) {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.mismatch("number")
		return nil, false
	}
	start := d.pos
	if !d.scanNumber() {
		return nil, false
	}
	return d.data[start:d.pos], true
}

// float reads a number as a float64.
func (d *decoder) float() float64 {
	b, ok := d.numberBytes()
	if !ok {
		return 0
	}
	return d.parseFloat(b)
}

func (d *decoder) parseFloat(b []byte) float64 {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		// The one error of a well-formed literal: it is infinite.
		d.fail("", infiniteMessage+string(b))
	}
	return f
}

// integer reads a number that must be an integer. As JSON Schema counts,
// 1.0 and 1e2 are integers; they are read as 1 and 100.
func (d *decoder) integer() int64 { return d.integerOf("integer") }

// integerOf reads an integer where want names the types the value may
// have ("integer or string", a union of scalars), for messages.
func (d *decoder) integerOf(want string) int64 {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.mismatch(want)
		return 0
	}
	b, ok := d.numberBytes()
	if !ok {
		return 0
	}
	return d.parseInteger(b, want)
}

func (d *decoder) parseInteger(b []byte, want string) int64 {
	v, isInt, inRange := parseInteger(b)
	switch {
	case !isInt:
		d.fail("type", "must be "+d.phrase(want)+", got number")
	case !inRange || !jsInteger(v):
		d.fail("type", inexactMessage+shownInteger(b))
	}
	return v
}

// scanNumber consumes a number literal, checking its grammar.
func (d *decoder) scanNumber() bool {
	data, i := d.data, d.pos
	start := i
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	default:
		d.pos = i
		d.syntax("invalid number")
		return false
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			d.syntax("invalid number")
			return false
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	exp := i < len(data) && (data[i] == 'e' || data[i] == 'E')
	if exp {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			d.syntax("invalid number")
			return false
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if (exp || i-start >= 309) && isInfinite(data[start:i]) {
		if d.first {
			d.stopFrom = start
			d.halt(stopNumber, d.path, i)
			return false
		}
		// Reported where it is read as a value; flawed wherever it is.
		d.flawed = true
	}
	d.pos = i
	return true
}

// parseInteger returns the value of the number literal b, whether it is an
// integer as written (1.0, 1e2 and -0 are; 1.0000000000000001 and 1e-400,
// which JavaScript reads as 1 and 0, are not), and whether that integer
// fits an int64 (v is 0 when it does not).
func parseInteger(b []byte) (v int64, isInt, inRange bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	// Fast path: plain digits.
	if len(b) <= 18 {
		plain := true
		for _, c := range b {
			if c < '0' || c > '9' {
				plain = false
				break
			}
		}
		if plain {
			for _, c := range b {
				v = v*10 + int64(c-'0')
			}
			if neg {
				v = -v
			}
			return v, true, true
		}
	}
	// The digits of the mantissa, and where the decimal point falls in them.
	var digits []byte
	point := 0
	i := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		digits = append(digits, b[i])
	}
	point = len(digits)
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			digits = append(digits, b[i])
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if b[i] == '+' || b[i] == '-' {
			eneg = b[i] == '-'
			i++
		}
		exp := 0
		for ; i < len(b); i++ {
			if exp < 1<<30 {
				exp = exp*10 + int(b[i]-'0')
			}
		}
		if eneg {
			exp = -exp
		}
		point += exp
	}
	// Drop leading zeros.
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
		point--
	}
	if len(digits) == 0 {
		return 0, true, true
	}
	// Any non-zero digit after the point makes it a fraction.
	for j := len(digits) - 1; j >= 0 && j >= point; j-- {
		if digits[j] != '0' {
			return 0, false, false
		}
	}
	if point > 19 {
		return 0, true, false
	}
	var u uint64
	for j := 0; j < point; j++ {
		c := byte('0')
		if j < len(digits) {
			c = digits[j]
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case !neg && u <= math.MaxInt64:
		return int64(u), true, true
	case neg && u <= 1<<63:
		return int64(-u), true, true
	}
	return 0, true, false
}

// raw reads any JSON value (an object when object is set, recording a type
// error otherwise) and returns a copy of its exact text.
func (d *decoder) raw(object bool) []byte {
	c := d.peek()
	if object && c != '{' {
		d.mismatch("object")
		return nil
	}
	start := d.pos
	d.value(nil)
	if d.fatal {
		return nil
	}
	if d.noCopy {
		return d.data[start:d.pos:d.pos]
	}
	return append([]byte(nil), d.data[start:d.pos]...)
}

// skip consumes one value of any type, checking that it is well-formed JSON,
// without reporting what else is wrong inside it (see quiet).
func (d *decoder) skip() {
	d.quiet++
	d.value(nil)
	d.quiet--
}

// value consumes one value; when out is not nil it also appends the value
// as JSON.stringify(JSON.parse(value)) writes it, but for the order of
// objects' keys, which is kept (see encoder.raw).
func (d *decoder) value(out *[]byte) {
	d.values++
	switch c := d.peek(); {
	case c == '{':
		d.objectValue(out)
	case c == '[':
		d.arrayValue(out)
	case c == '"' && out == nil:
		d.checkString()
	case c == '"':
		start := d.pos
		b, ok := d.stringBody(&d.scratch)
		if ok {
			if d.pos-start == len(b)+2 {
				// No escapes: already as JSON.stringify writes it.
				*out = append(*out, d.data[start:d.pos]...)
			} else {
				*out = appendString(*out, b)
			}
		}
	case c == 't':
		d.literal("true")
		if out != nil {
			*out = append(*out, "true"...)
		}
	case c == 'f':
		d.literal("false")
		if out != nil {
			*out = append(*out, "false"...)
		}
	case c == 'n':
		d.literal("null")
		if out != nil {
			*out = append(*out, "null"...)
		}
	case c == '-' || c >= '0' && c <= '9':
		start := d.pos
		if !d.scanNumber() {
			return
		}
		if b := d.data[start:d.pos]; isInfinite(b) {
			d.fail("", infiniteMessage+string(b))
		} else if out != nil {
			*out = appendNumberText(*out, b)
		}
	case c == 0:
		d.syntax("unexpected end of input")
	default:
		d.syntax("invalid character " + quoteByte(c))
	}
}

func (d *decoder) objectValue(out *[]byte) {
	if !d.enter() {
		return
	}
	base, arena, logged := len(d.names), len(d.arena), -1
	d.keyPath = max(d.keyPath, len(d.path)+1)
	if out != nil {
		*out = append(*out, '{')
	}
	for i := 0; d.nextKey(i); i++ {
		name, escaped := d.key, d.keyEscaped
		mark := d.objectKey(base, &logged, &name)
		d.pushKey(name)
		if out == nil {
			d.value(nil)
			d.pop()
			d.arena = d.arena[:mark]
			continue
		}
		if i > 0 {
			*out = append(*out, ',')
		}
		if escaped {
			*out = appendString(*out, name)
		} else {
			*out = append(*out, '"')
			*out = append(*out, name...)
			*out = append(*out, '"')
		}
		*out = append(*out, ':')
		d.value(out)
		d.pop()
		d.arena = d.arena[:mark]
	}
	if d.first && d.stopKind == stopSyntax && d.stopWhy == noColon && len(d.errPath) == len(d.path)+1 {
		// The key of this object before the missing ':' may repeat one,
		// and so be the first problem.
		if logged >= 0 {
			d.keyLog = append(d.keyLog, d.keyEntry(d.key, d.keyStart))
		} else {
			for j, seen := range d.names[base:] {
				if string(seen) == string(d.key) {
					d.duplicate(d.key, d.offs[base+j], d.keyStart)
					break
				}
			}
		}
	}
	d.endKeys(base, arena, logged)
	if out == nil || d.fatal {
		return
	}
	*out = append(*out, '}')
}

// objectKey records *name, the key just read of the object whose keys
// start at base in d.names, and reports it if the object has it already:
// at once among its first keys, at the object's end (endKeys) once there
// are many (logged is where they start in d.keyLog, -1 before). An escaped
// key, which the next key overwrites, is copied to d.arena first. It
// returns the mark to cut d.arena back to once the key's value is read.
func (d *decoder) objectKey(base int, logged *int, name *[]byte) int {
	mark := len(d.arena)
	if d.keyEscaped {
		d.arena = append(d.arena, *name...)
		*name = d.arena[mark:len(d.arena):len(d.arena)]
	}
	switch {
	case *logged >= 0:
		if len(d.keyLog) == cap(d.keyLog) {
			// Doubling: what the log costs is twice its size at most.
			d.keyLog = append(make([]uint64, 0, 2*cap(d.keyLog)), d.keyLog...)
		}
		d.keyLog = append(d.keyLog, d.keyEntry(*name, d.keyStart))
	case len(d.names)-base < manyKeys:
		for j, seen := range d.names[base:] {
			if string(seen) == string(*name) {
				d.duplicate(*name, d.offs[base+j], d.keyStart)
				break
			}
		}
		d.names, d.offs = append(d.names, *name), append(d.offs, d.keyStart)
		mark = len(d.arena) // the copy stays while the object is read
	default:
		// From now on the keys are logged and checked at the end.
		*logged = len(d.keyLog)
		for j, seen := range d.names[base:] {
			d.keyLog = append(d.keyLog, d.keyEntry(seen, d.offs[base+j]))
		}
		d.keyLog = append(d.keyLog, d.keyEntry(*name, d.keyStart))
	}
	return mark
}

// endKeys reports a key given twice among the many keys of the object just
// read (see objectKey), and forgets its keys: base, arena and logged are
// where they started.
func (d *decoder) endKeys(base, arena, logged int) {
	if logged >= 0 {
		if !d.fatal || d.first {
			if at, earlier := d.firstRepeat(d.keyLog[logged:]); at >= 0 {
				d.duplicate(d.keyAt(at, &d.scratch), earlier, at)
			}
		}
		d.keyLog = d.keyLog[:logged]
	}
	d.keyNames = max(d.keyNames, len(d.names))
	d.names, d.offs, d.arena = d.names[:base], d.offs[:base], d.arena[:arena]
}

// duplicate records that key name of the object being read, first at
// offset earlier, is given again at offset at. A decoder in first mode stops
// there, unless it stopped already at a problem before at (a key given
// again in an object of many keys is found at the object's end).
func (d *decoder) duplicate(name []byte, earlier, at int) {
	if d.first {
		if !d.fatal || d.stopKind != stopDuplicate || at < d.stopAt {
			d.stopFrom = earlier
			d.halt(stopDuplicate, append(d.path[:len(d.path):len(d.path)], segment{key: name, index: stepMember}), at)
		}
		return
	}
	d.flawed = true
	d.failAt(stepUnknown, string(name), "", "duplicate property "+jsQuote(string(name)))
}

// arrayIndex reports whether name is an array index as JavaScript defines
// it (a canonical decimal below 2^32-1), and its value.
func arrayIndex(name []byte) (uint32, bool) {
	if len(name) == 0 || len(name) > 10 || (name[0] == '0' && len(name) > 1) {
		return 0, false
	}
	var v uint64
	for _, c := range name {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	if v >= 1<<32-1 {
		return 0, false
	}
	return uint32(v), true
}

// manyKeys is the number of keys from which an object's keys are checked
// for repeats all at once when it ends, rather than one by one against
// those before.
const manyKeys = 16

// keySeed seeds the hash of keys; any seed will do.
var keySeed = maphash.MakeSeed()

// keyEntry is how an object of many keys logs a key: its hash in the high
// bits, above where it starts in data (offBits wide). Sorting the entries
// sorts them by hash, and the keys of one hash by place; that costs a few
// passes over the log, where a hash table of a million keys would cost a
// cache miss per key.
func (d *decoder) keyEntry(name []byte, start int) uint64 {
	off := d.offBits()
	return maphash.Bytes(keySeed, name)>>(64-d.hashBits())<<off | uint64(start)
}

// offBits is how many bits an offset in data takes; hashBits how many bits
// of the hash go above it in a key entry.
func (d *decoder) offBits() uint  { return uint(bits.Len(uint(len(d.data)))) }
func (d *decoder) hashBits() uint { return min(64-d.offBits(), 32) }

// firstRepeat returns the offset in data of the first key, in document
// order, that repeats an earlier key of the same object (-1 for none), and
// that of the key's first occurrence; log is the object's key entries,
// which it sorts (a radix sort, 11 bits a pass, stable: the entries of one
// hash stay in document order).
func (d *decoder) firstRepeat(log []uint64) (first, earlier int) {
	off, hash := d.offBits(), d.hashBits()
	if cap(d.sortBuf) < len(log) {
		d.sortBuf = make([]uint64, len(log))
	}
	src, dst := log, d.sortBuf[:len(log)]
	for shift := off; shift < off+hash; shift += 11 {
		var count [1 << 11]int
		for _, e := range src {
			count[e>>shift&(1<<11-1)]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, e := range src {
			k := e >> shift & (1<<11 - 1)
			dst[count[k]] = e
			count[k]++
		}
		src, dst = dst, src
	}
	first, earlier = -1, -1
	// other is the key compared with, unescaped into buf when it has
	// escapes: keyAt returns a slice of data for one that has none, which
	// must never become the buffer it unescapes into (that would write
	// into data).
	var other, buf []byte
	for i := 0; i < len(src); {
		j := i + 1
		for j < len(src) && src[j]>>off == src[i]>>off {
			j++
		}
		// src[i:j] have one hash, in document order: a key among them
		// equal to one before it repeats it.
		for k := i + 1; k < j; k++ {
			at := int(src[k] & (1<<off - 1))
			if first >= 0 && at >= first {
				break
			}
			key := d.keyAt(at, &d.scratch)
			for m := i; m < k; m++ {
				if other = d.keyAt(int(src[m]&(1<<off-1)), &buf); string(other) == string(key) {
					first, earlier = at, int(src[m]&(1<<off-1))
					break
				}
			}
		}
		i = j
	}
	return first, earlier
}

// keyAt returns the key whose opening quote is at offset at of data,
// unescaped (into *buf when it has escapes; *buf must not be a slice of
// data, which the key is when it has none).
func (d *decoder) keyAt(at int, buf *[]byte) []byte {
	k := decoder{data: d.data, pos: at}
	b, _ := k.stringBody(buf)
	return b
}

func (d *decoder) arrayValue(out *[]byte) {
	if !d.enter() {
		return
	}
	if out != nil {
		*out = append(*out, '[')
	}
	for i := 0; d.nextItem(i); i++ {
		if out != nil && i > 0 {
			*out = append(*out, ',')
		}
		d.pushIndex(i)
		d.value(out)
		d.pop()
	}
	if out != nil {
		*out = append(*out, ']')
	}
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// special reports whether the 8 bytes in w hold a '"', a '\\' or a control
// character (bytes of 0x80 and above are not special).
func special(w uint64) bool {
	less := (w - lsb*0x20) & ^w & msb
	q := w ^ (lsb * '"')
	bs := w ^ (lsb * '\\')
	return less|((q-lsb) & ^q & msb)|((bs-lsb) & ^bs & msb) != 0
}

// maybeSpecial has the top bit of a byte set when the 8 bytes in w may hold
// a '"', a '\\', a control character or a byte of 0x80 and above; it never
// misses one (it may flag a word that holds only bytes of 0x80 and above,
// which special then tells apart). It is half the work of special.
func maybeSpecial(w uint64) uint64 {
	return w | (w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)
}

// scan returns the index of the first '"', '\\' or control character in
// data at or after i (len(data) if none), and whether the bytes before it
// include any of 0x80 and above. Plain ASCII goes 32 bytes at a time (a
// base64 image is megabytes of it); a block that may hold something else is
// looked at word by word.
func scan(data []byte, i int) (int, bool) {
	var high uint64
blocks:
	for i+32 <= len(data) {
		b := data[i : i+32 : i+32]
		w0 := binary.LittleEndian.Uint64(b[0:8])
		w1 := binary.LittleEndian.Uint64(b[8:16])
		w2 := binary.LittleEndian.Uint64(b[16:24])
		w3 := binary.LittleEndian.Uint64(b[24:32])
		if (maybeSpecial(w0)|maybeSpecial(w1)|maybeSpecial(w2)|maybeSpecial(w3))&msb == 0 {
			i += 32
			continue
		}
		for _, w := range [4]uint64{w0, w1, w2, w3} {
			if special(w) {
				break blocks
			}
			high |= w
			i += 8
		}
	}
	for i+8 <= len(data) {
		w := binary.LittleEndian.Uint64(data[i:])
		if special(w) {
			break
		}
		high |= w
		i += 8
	}
	var tail byte
	for i < len(data) {
		c := data[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		tail |= c
		i++
	}
	return i, high&msb != 0 || tail >= 0x80
}

// specialMask has the top bit set of the first byte of w (in memory order)
// that is a '"', a '\\' or a control character, if there is one; bits of
// later bytes may be set too (a borrow), never of an earlier one.
func specialMask(w uint64) uint64 {
	return ((w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)) & ^w & msb
}

// The exact byte masks below have the top bit set of every byte (of the 8
// in a word) that is what they look for, with no carry between bytes.
const lo7 = 0x7f7f7f7f7f7f7f7f

// eqMask marks the bytes of w equal to those of c (a byte times lsb).
func eqMask(w, c uint64) uint64 {
	x := w ^ c
	return ^(((x & lo7) + lo7) | x) & msb
}

// controlMask marks the bytes of w below 0x20.
func controlMask(w uint64) uint64 {
	return ^(((w & lo7) + lsb*0x60) | w) & msb
}

// packMask packs the top bits of the bytes of m into the low 8 bits.
func packMask(m uint64) uint64 {
	return ((m >> 7) * 0x0102040810204080) >> 56
}

// escapeCodes classifies the character after a backslash: 1 for a
// two-character escape, 2 for \u.
var escapeCodes = [256]byte{'"': 1, '\\': 1, '/': 1, 'b': 1, 'f': 1, 'n': 1, 'r': 1, 't': 1, 'u': 2}

const oddBits = 0xaaaaaaaaaaaaaaaa

// checkString reads the string at d.pos (which is '"') and checks it as
// stringBody does, with the same findings, without unescaping it: for a
// decoder that only validates, and for values that are skipped.
//
// It reads 64 bytes at a time. Bit masks of a block's backslashes, quotes
// and control characters tell, without a branch per byte, which characters
// are escaped and where the string ends; only the escape codes are looked
// at one by one. A run of plain ASCII (a base64 image is megabytes of it)
// costs less: after a plain block, the next is first tested for being
// plain. A block with a problem, and the last bytes of the data, are read
// by checkStringTail, which reports the problem as stringBody does. The
// UTF-8 of the string is checked once at the end: escapes are ASCII, so the
// string is valid exactly when its pieces are.
func (d *decoder) checkString() bool {
	data := d.data
	start := d.pos + 1
	i := start
	var high uint64
	plain := false
blocks:
	for i+64 <= len(data) {
		b := (*[64]byte)(data[i : i+64])
		w0 := binary.LittleEndian.Uint64(b[0:])
		w1 := binary.LittleEndian.Uint64(b[8:])
		w2 := binary.LittleEndian.Uint64(b[16:])
		w3 := binary.LittleEndian.Uint64(b[24:])
		w4 := binary.LittleEndian.Uint64(b[32:])
		w5 := binary.LittleEndian.Uint64(b[40:])
		w6 := binary.LittleEndian.Uint64(b[48:])
		w7 := binary.LittleEndian.Uint64(b[56:])
		if plain && (maybeSpecial(w0)|maybeSpecial(w1)|maybeSpecial(w2)|maybeSpecial(w3)|
			maybeSpecial(w4)|maybeSpecial(w5)|maybeSpecial(w6)|maybeSpecial(w7))&msb == 0 {
			i += 64
			continue
		}
		const bsl, quo = lsb * '\\', lsb * '"'
		b0, b1, b2, b3 := eqMask(w0, bsl), eqMask(w1, bsl), eqMask(w2, bsl), eqMask(w3, bsl)
		b4, b5, b6, b7 := eqMask(w4, bsl), eqMask(w5, bsl), eqMask(w6, bsl), eqMask(w7, bsl)
		q0, q1, q2, q3 := eqMask(w0, quo), eqMask(w1, quo), eqMask(w2, quo), eqMask(w3, quo)
		q4, q5, q6, q7 := eqMask(w4, quo), eqMask(w5, quo), eqMask(w6, quo), eqMask(w7, quo)
		c0, c1, c2, c3 := controlMask(w0), controlMask(w1), controlMask(w2), controlMask(w3)
		c4, c5, c6, c7 := controlMask(w4), controlMask(w5), controlMask(w6), controlMask(w7)
		var bs, ctl uint64
		if b0|b1|b2|b3|b4|b5|b6|b7 != 0 {
			bs = packMask(b0) | packMask(b1)<<8 | packMask(b2)<<16 | packMask(b3)<<24 |
				packMask(b4)<<32 | packMask(b5)<<40 | packMask(b6)<<48 | packMask(b7)<<56
		}
		q := packMask(q0) | packMask(q1)<<8 | packMask(q2)<<16 | packMask(q3)<<24 |
			packMask(q4)<<32 | packMask(q5)<<40 | packMask(q6)<<48 | packMask(q7)<<56
		if c0|c1|c2|c3|c4|c5|c6|c7 != 0 {
			ctl = packMask(c0) | packMask(c1)<<8 | packMask(c2)<<16 | packMask(c3)<<24 |
				packMask(c4)<<32 | packMask(c5)<<40 | packMask(c6)<<48 | packMask(c7)<<56
		}
		or := w0 | w1 | w2 | w3 | w4 | w5 | w6 | w7
		plain = bs|q|ctl == 0 && or&msb == 0
		// The block starts outside any escape. escaped marks the escape
		// codes (the character after a backslash that escapes it), escape
		// the backslashes that escape (the first of each pair).
		var escaped, escape uint64
		if bs != 0 {
			codes := ((bs<<1 | oddBits) - bs) ^ oddBits
			escaped = codes ^ bs
			escape = codes & bs
		}
		end := ^uint64(0) // the bits of the string's bytes in the block
		closing := q &^ escaped
		if closing != 0 {
			end = 1<<bits.TrailingZeros64(closing) - 1
		}
		if ctl&end != 0 {
			break
		}
		for e := escaped & end; e != 0; e &= e - 1 {
			k := bits.TrailingZeros64(e)
			switch escapeCodes[b[k]] {
			case 1:
			case 2:
				if _, ok := hex4(data, i+k+1); !ok {
					break blocks
				}
			default:
				break blocks
			}
		}
		if closing != 0 {
			n := bits.TrailingZeros64(closing)
			if or&msb != 0 {
				for j := 0; j < n>>3; j++ {
					high |= binary.LittleEndian.Uint64(b[8*j:])
				}
				high |= binary.LittleEndian.Uint64(b[n&^7:]) & (1<<(8*(n&7)) - 1)
			}
			d.pos = i + n + 1
			if high&msb != 0 && !utf8.Valid(data[start:i+n]) {
				d.badUTF8()
			}
			return true
		}
		high |= or
		if escape>>63 != 0 {
			// The last byte escapes the first of the next block: start
			// that block at it.
			i += 63
		} else {
			i += 64
		}
	}
	return d.checkStringTail(start, i, high)
}

// checkStringTail goes on with checkString from i, a byte outside any
// escape; high is the OR of the string's bytes before it, in 8-byte words.
func (d *decoder) checkStringTail(start, i int, high uint64) bool {
	data := d.data
	for {
		for i+8 <= len(data) {
			w := binary.LittleEndian.Uint64(data[i:])
			m := specialMask(w)
			if m != 0 {
				k := uint(bits.TrailingZeros64(m)) &^ 7
				high |= w & (1<<k - 1)
				i += int(k >> 3)
				goto special
			}
			high |= w
			i += 8
		}
		for ; i < len(data); i++ {
			c := data[i]
			if c == '"' || c == '\\' || c < 0x20 {
				goto special
			}
			high |= uint64(c)
		}
		d.pos = i
		d.syntax("unexpected end of input in a string")
		return false
	special:
		switch data[i] {
		case '"':
			d.pos = i + 1
			if high&msb != 0 && !utf8.Valid(data[start:i]) {
				d.badUTF8()
			}
			return true
		case '\\':
			if i+1 >= len(data) {
				d.pos = i
				d.syntax("unexpected end of input in a string")
				return false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if _, ok := hex4(data, i+2); !ok {
					d.pos = i
					d.syntax("invalid \\u escape")
					return false
				}
				i += 6
			default:
				d.pos = i
				d.syntax("invalid escape")
				return false
			}
		default:
			d.pos = i
			d.syntax("control character in a string")
			return false
		}
	}
}

// stringBody reads the string at d.pos (which is '"') and returns its
// unescaped bytes: a slice of d.data when it has no escapes, else of *buf.
func (d *decoder) stringBody(buf *[]byte) ([]byte, bool) {
	data := d.data
	start := d.pos + 1
	i, high := scan(data, start)
	switch {
	case i >= len(data):
		d.pos = i
		d.syntax("unexpected end of input in a string")
		return nil, false
	case data[i] == '"':
		s := data[start:i]
		d.pos = i + 1
		if high && !utf8.Valid(s) {
			d.badUTF8()
		}
		return s, true
	case data[i] == '\\':
		return d.escapedString(buf, start, i, high && !utf8.Valid(data[start:i]))
	}
	d.pos = i
	d.syntax("control character in a string")
	return nil, false
}

// escapedString continues stringBody from the first backslash (at i) of the
// string whose content starts at start; invalid says whether the bytes
// before it are invalid UTF-8.
func (d *decoder) escapedString(buf *[]byte, start, i int, invalid bool) ([]byte, bool) {
	data := d.data
	b := append((*buf)[:0], data[start:i]...)
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			*buf = b
			if invalid {
				d.badUTF8()
			}
			return b, true
		case c < 0x20:
			d.pos = i
			d.syntax("control character in a string")
			return nil, false
		case c == '\\':
			if i+1 >= len(data) {
				d.pos = i
				d.syntax("unexpected end of input in a string")
				return nil, false
			}
			switch e := data[i+1]; e {
			case '"', '\\', '/':
				b = append(b, e)
				i += 2
			case 'b':
				b = append(b, '\b')
				i += 2
			case 'f':
				b = append(b, '\f')
				i += 2
			case 'n':
				b = append(b, '\n')
				i += 2
			case 'r':
				b = append(b, '\r')
				i += 2
			case 't':
				b = append(b, '\t')
				i += 2
			case 'u':
				r, ok := hex4(data, i+2)
				if !ok {
					d.pos = i
					d.syntax("invalid \\u escape")
					return nil, false
				}
				i += 6
				if r >= 0xd800 && r < 0xdc00 && i+1 < len(data) && data[i] == '\\' && data[i+1] == 'u' {
					if r2, ok := hex4(data, i+2); ok && r2 >= 0xdc00 && r2 < 0xe000 {
						b = utf8.AppendRune(b, 0x10000+(r-0xd800)<<10+(r2-0xdc00))
						i += 6
						continue
					}
				}
				b = appendRune(b, r)
			default:
				d.pos = i
				d.syntax("invalid escape")
				return nil, false
			}
		default:
			j, high := scan(data, i)
			if high && !invalid && !utf8.Valid(data[i:j]) {
				invalid = true
			}
			b = append(b, data[i:j]...)
			i = j
		}
	}
	d.pos = i
	d.syntax("unexpected end of input in a string")
	return nil, false
}

func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// appendRune appends r as UTF-8; a lone surrogate (which JavaScript strings
// may hold) is written as its three-byte generalized UTF-8 form (WTF-8), so
// that it survives a round trip.
func appendRune(b []byte, r rune) []byte {
	if r >= 0xd800 && r < 0xe000 {
		return append(b, 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
	}
	return utf8.AppendRune(b, r)
}

// surrogate returns the lone surrogate encoded (WTF-8) at the start of s.
func surrogate(s string) (rune, bool) {
	if len(s) < 3 || s[0] != 0xed || s[1] < 0xa0 || s[1] > 0xbf || s[2] < 0x80 || s[2] > 0xbf {
		return 0, false
	}
	return 0xd000 | rune(s[1]&0x3f)<<6 | rune(s[2]&0x3f), true
}

// Messages show values as the TypeScript generated beside the package
// does (and the schema engine's findings, in omnigen validate): as
// JSON.stringify writes them, a long string cut (see longShown), so that Go
// and TypeScript word every problem alike.

// shown is the value whose JSON text is raw (not a string) as a message
// shows it: as JSON.stringify writes what JavaScript reads (1.0 as 1), an
// array or object as its type.
func shown(raw []byte) string {
	switch {
	case len(raw) == 0:
		return ""
	case raw[0] == '{' || raw[0] == '[':
		return typeName(raw[0])
	case raw[0] == 't' || raw[0] == 'f' || raw[0] == 'n':
		return string(raw)
	}
	return string(appendNumberText(nil, raw))
}

// shownInteger is an integer literal JavaScript or int64 cannot hold as
// written, as a message shows it: as written when JavaScript writes its
// number otherwise (12345678901234567890), else as JavaScript writes it
// (1e19 as 10000000000000000000).
func shownInteger(b []byte) string {
	js := appendNumberText(nil, b)
	if decimalOf(string(b)) != decimalOf(string(js)) {
		return string(b)
	}
	return string(js)
}

// decimalOf is the value of the number literal s as its significant digits
// and the exponent of the last one ("-125e-1" for -12.50), "0" for zero:
// two literals of the same number have the same decimal.
func decimalOf(s string) string {
	mantissa, exp := s, 0
	if e := strings.IndexAny(s, "eE"); e >= 0 {
		mantissa = s[:e]
		exp, _ = strconv.Atoi(strings.TrimPrefix(s[e+1:], "+"))
	}
	neg := strings.HasPrefix(mantissa, "-")
	mantissa = strings.TrimPrefix(mantissa, "-")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := whole + fraction
	exp -= len(fraction)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	trimmed = strings.TrimLeft(trimmed, "0")
	if trimmed == "" {
		return "0"
	}
	if neg {
		trimmed = "-" + trimmed
	}
	return trimmed + "e" + strconv.Itoa(exp)
}

// quote is s as a message shows a string: as JSON.stringify writes it,
// cut when long (see longShown).
func quote(s string) string {
	if textLength(s) > longShown {
		s = s[:codePointsLen(s, cutShown)] + "..."
	}
	return jsQuote(s)
}

// jsQuote is s as JSON.stringify writes it (a lone surrogate, held as
// WTF-8, as \udxxx).
func jsQuote(s string) string {
	b, _ := appendStringChecked(nil, s)
	return string(b)
}

// longShown and cutShown say how a message shows a long string: one of
// more than longShown code points (as JavaScript counts them, a lone
// surrogate one) is cut after cutShown of them and marked "...", inside
// its quotes, as the generated TypeScript shows it too.
const (
	longShown = 64
	cutShown  = 61
)

// textLength counts the code points of s, a string or its bytes as read,
// as JavaScript does (a lone surrogate, held as WTF-8, is one): the bytes
// that do not continue a sequence.
func textLength[T ~string | ~[]byte](s T) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xc0 != 0x80 {
			n++
		}
	}
	return n
}

// codePointsLen is the length in bytes of the first n code points of s.
func codePointsLen(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		i += codePointSize(s[i:])
	}
	return i
}

// codePointSize is the size of the code point s starts with.
func codePointSize(s string) int {
	if s[0] < utf8.RuneSelf {
		return 1
	}
	if _, ok := surrogate(s); ok {
		return 3
	}
	_, size := utf8.DecodeRuneInString(s)
	return size
}

// readable is s with each lone surrogate (WTF-8) read as U+FFFD, as the
// schema validator reads it, for a message or a pointer.
func readable(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if _, ok := surrogate(s[i:]); ok {
			var b []byte
			for j := 0; j < len(s); {
				if _, ok := surrogate(s[j:]); ok {
					b = utf8.AppendRune(b, utf8.RuneError)
					j += 3
				} else {
					b = append(b, s[j])
					j++
				}
			}
			return string(b)
		}
	}
	return s
}

func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return "0x" + strconv.FormatUint(uint64(c), 16)
	}
	return strconv.Quote(string(rune(c)))
}

// encoder writes JSON as JavaScript's JSON.stringify does, and records the
// first value it cannot write (with where it is).
//
// Where it is costs a step on a path per property and item, and is wanted
// only on failure: a first pass keeps only the depth, and one that fails is
// run again with trace set, keeping the path (see again). Writing is
// deterministic, so the second pass fails first where the first did.
type encoder struct {
	buf   []byte
	path  []segment // kept when trace is set
	depth int       // the length the path has (or would have)
	trace bool
	err   *Error
	// misread is the first union member written that Unmarshal would read
	// back as another member (see tag, readsAs and picked): Marshal reports
	// it only once what it wrote is found valid, as the check's report says
	// more.
	misread *Error
	// checking counts the values being written whose schema's check runs
	// once they are written (see checked in check.go).
	checking int
	// quiet says that the rules of the schema are not checked as the value
	// is written: what was written is checked whole (see encode).
	quiet bool
}

func (e *encoder) push(name string) {
	e.depth++
	if e.trace {
		e.path = append(e.path, segment{name: name, index: stepMember})
	}
}

func (e *encoder) pushIndex(i int) {
	e.depth++
	if e.trace {
		e.path = append(e.path, segment{index: i})
	}
}

func (e *encoder) pop() {
	e.depth--
	if e.trace {
		e.path = e.path[:len(e.path)-1]
	}
}

// again reports whether the value must be written again, keeping the path:
// the pass without it failed, or found a misread member. It readies e for
// that pass.
func (e *encoder) again() bool {
	if e.err == nil && e.misread == nil || e.trace {
		return false
	}
	e.buf, e.path, e.depth, e.err, e.misread, e.trace = e.buf[:0], e.path[:0], 0, nil, nil, true
	return true
}

// fail records that the value at the current path cannot be written (the
// path is right only when e.trace is set).
func (e *encoder) fail(msg string) {
	e.failAs("", msg)
}

// failRule records that the value at the current path breaks the rule of
// keyword of the schema, as Unmarshal would report it; unless the rules
// are quiet, left to the check of the whole.
func (e *encoder) failRule(keyword, msg string) {
	if !e.quiet {
		e.failAs(keyword, msg)
	}
}

// failAs records that the value at the current path cannot be written, as
// Unmarshal would report it with keyword.
func (e *encoder) failAs(keyword, msg string) {
	if e.err == nil {
		e.err = &Error{Pointer: pointer(e.path), Keyword: keyword, Message: msg}
	}
}

// encoders keeps encoders, with their buffers, for reuse.
var encoders = sync.Pool{New: func() any { return &encoder{buf: make([]byte, 0, 1024), path: make([]segment, 0, 16)} }}

func newEncoder() *encoder { return encoders.Get().(*encoder) }

// finish returns a copy of what e wrote, or the error to report, and
// releases e.
func (e *encoder) finish() ([]byte, error) {
	var out []byte
	var err error
	if e.err != nil {
		err = e.err
	} else {
		out = make([]byte, len(e.buf))
		copy(out, e.buf)
	}
	e.buf, e.path, e.depth, e.trace, e.err, e.misread, e.quiet = e.buf[:0], e.path[:0], 0, false, nil, nil, false
	if cap(e.buf) <= 1<<22 {
		encoders.Put(e)
	}
	return out, err
}

// endObject ends an object whose members, from start on, were each written
// after a comma: the first comma becomes the '{'.
func (e *encoder) endObject(start int) {
	if len(e.buf) == start {
		e.buf = append(e.buf, '{')
	} else {
		e.buf[start] = '{'
	}
	e.buf = append(e.buf, '}')
}

// str writes s as a JSON string.
func (e *encoder) str(s string) {
	b, ok := appendStringChecked(e.buf, s)
	if !ok {
		e.fail("invalid UTF-8 in a string")
	}
	e.buf = b
}

// number writes f as JavaScript writes a number.
func (e *encoder) number(f float64) {
	// As the TypeScript runtime words them: NaN is not JSON data at all,
	// an infinity is a number JSON cannot write.
	switch {
	case math.IsNaN(f):
		e.fail("must be JSON data, got NaN")
	case math.IsInf(f, 1):
		e.fail(infinityMessage + "Infinity")
	case math.IsInf(f, -1):
		e.fail(infinityMessage + "-Infinity")
	default:
		e.buf = appendNumber(e.buf, f)
		return
	}
	e.buf = append(e.buf, '0')
}

// integer writes i, which JavaScript must write back unchanged.
func (e *encoder) integer(i int64) {
	if !jsInteger(i) {
		// Not the check's to find: the reader of Go integers reports it.
		e.failAs("type", inexactMessage+strconv.FormatInt(i, 10))
	}
	e.buf = strconv.AppendInt(e.buf, i, 10)
}

func (e *encoder) boolean(b bool) {
	if b {
		e.buf = append(e.buf, "true"...)
	} else {
		e.buf = append(e.buf, "false"...)
	}
}

// raw writes the JSON text b as JSON.stringify writes the value the
// TypeScript parse function reads from it: as JSON.stringify(JSON.parse(b))
// would, but that objects keep the order of their keys, array-index keys
// too (where JavaScript would list those first). For text JSON.stringify
// wrote, the same bytes; an opaque value comes back as it came.
func (e *encoder) raw(b []byte, object bool) {
	if len(b) == 0 {
		e.fail("must be JSON text, not empty")
		e.buf = append(e.buf, "null"...)
		return
	}
	d := newDecoder(b, false)
	d.schemaless = true
	d.path = append(d.path, e.path...)
	// The text is nested in the value being written, as deep as its path.
	d.depth = e.depth
	if object && !e.quiet && d.peek() != '{' {
		d.finish()
		e.fail("must be a JSON object")
		e.buf = append(e.buf, "{}"...)
		return
	}
	start := len(e.buf)
	e.buf = slices.Grow(e.buf, len(b)) // the text written is about as long
	d.value(&e.buf)
	err := d.finish()
	if err != nil {
		e.buf = append(e.buf[:start], "null"...)
		if e.err == nil {
			e.err = err.(*Error)
			if e.err.Pointer == "" {
				e.err = &Error{Pointer: pointer(e.path), Message: "invalid JSON text: " + e.err.Message}
			}
		}
	}
}

// isEmptyObject reports whether the JSON text b is an object with no keys
// (or empty).
func isEmptyObject(b []byte) bool {
	d := decoder{data: b}
	if len(b) == 0 {
		return true
	}
	if d.peek() != '{' {
		return false
	}
	d.pos++
	if d.peek() != '}' {
		return false
	}
	d.pos++
	d.ws()
	return d.pos == len(b)
}

// appendString appends the JSON string of b, which is valid UTF-8 (or
// WTF-8), as JSON.stringify writes it.
func appendString(dst, b []byte) []byte {
	out, _ := appendStringChecked(dst, string(b))
	return out
}

const hexDigits = "0123456789abcdef"

// appendStringChecked appends s as JSON.stringify writes a string: '"' and
// '\\' escaped, \b \f \n \r \t, other control characters as lower-case
// \u00xx, everything else (including U+2028, U+2029, <, > and &) as is. A
// lone surrogate held as WTF-8 is written as \udxxx (two that form a pair
// are joined). It reports false when s holds invalid UTF-8.
//
// It goes 8 bytes at a time to the next character to escape, noting whether
// the run before it has a byte of 0x80 and above; only such a run is checked
// as UTF-8 (at once, by utf8.ValidString), and only an invalid one byte by
// byte (see appendWTF8). Escapes and the bytes 0x80 and above are never part
// of one multi-byte character, so a run is valid exactly when its pieces are.
func appendStringChecked(dst []byte, s string) ([]byte, bool) {
	ok := true
	dst = append(dst, '"')
	start := 0 // s[:start] is written
	i := 0
	for {
		run := i
		var high uint64
		i, high = plainRun(s, i)
		if high&msb != 0 && !utf8.ValidString(s[run:i]) {
			var valid bool
			dst, start, valid = appendWTF8(dst, s, start, run, i)
			ok = ok && valid
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"'), ok
}

// plainRun returns the index of the first '"', '\\' or control character in
// s at or after i (len(s) if none), and the bytes before it ORed together
// (their top bits tell whether any is 0x80 or above). The last bytes of a
// string of 8 or more are read as its last 8, less those already read.
func plainRun(s string, i int) (int, uint64) {
	var high uint64
	for i+8 <= len(s) {
		w := load64(s, i)
		if m := specialMask(w); m != 0 {
			n := bits.TrailingZeros64(m) >> 3
			return i + n, high | w&(1<<(8*n)-1)
		}
		high |= w
		i += 8
	}
	if i == len(s) {
		return i, high
	}
	if len(s) >= 8 {
		at := len(s) - 8
		skip := 8 * uint(i-at) // the bits of bytes already read
		// The bytes already read (which may end with one escaped) are
		// masked as 'a's, so that no borrow comes from them.
		w := load64(s, at) >> skip << skip
		m := specialMask(w|lsb*'a'&(1<<skip-1)) >> skip << skip
		if m != 0 {
			n := bits.TrailingZeros64(m) >> 3
			return at + n, high | w&(1<<(8*n)-1)
		}
		return len(s), high | w
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		high |= uint64(c)
	}
	return i, high
}

// load64 is the 8 bytes of s from i on, little-endian (one load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// appendWTF8 goes through s[i:j], which has no character to escape but is
// not valid UTF-8, for appendStringChecked: it writes a lone surrogate held
// as WTF-8 as \udxxx (two that form a pair are joined), and reports false
// for other invalid bytes. dst holds s up to start; it returns dst and start
// after what it wrote.
func appendWTF8(dst []byte, s string, start, i, j int) ([]byte, int, bool) {
	ok := true
	for i < j {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:j])
		if r != utf8.RuneError || size != 1 {
			i += size
			continue
		}
		hi, isSurrogate := surrogate(s[i:j])
		if !isSurrogate {
			ok = false
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if lo, pair := surrogate(s[i+3 : j]); pair && hi < 0xdc00 && lo >= 0xdc00 {
			dst = utf8.AppendRune(dst, 0x10000+(hi-0xd800)<<10+(lo-0xdc00))
			i += 6
		} else {
			dst = append(dst, '\\', 'u', hexDigits[hi>>12], hexDigits[hi>>8&0xf], hexDigits[hi>>4&0xf], hexDigits[hi&0xf])
			i += 3
		}
		start = i
	}
	return dst, start, ok
}

// appendNumber appends f as JavaScript's Number.prototype.toString writes
// it (the shortest text that reads back as f; exponent form below 1e-6 and
// from 1e21 on; -0 as 0; Infinity, which a number beyond float64 reads as).
func appendNumber(dst []byte, f float64) []byte {
	switch {
	case f == 0:
		return append(dst, '0')
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// 1e-07 → 1e-7
		n := len(dst)
		if n-start >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// appendNumberText appends the number literal b as JavaScript would write
// the number it reads as (Infinity, from a literal too large, as null).
func appendNumberText(dst, b []byte) []byte {
	if len(b) <= 15 && canonicalInteger(b) {
		return append(dst, b...)
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return append(dst, "null"...)
	}
	return appendNumber(dst, f)
}

// canonicalInteger reports whether b is an integer literal written as
// JavaScript writes it (no leading zeros, no -0).
func canonicalInteger(b []byte) bool {
	if len(b) > 0 && b[0] == '-' {
		b = b[1:]
		if len(b) == 1 && b[0] == '0' {
			return false
		}
	}
	if len(b) == 0 || (b[0] == '0' && len(b) > 1) {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// appendCompactRaw appends JSON text without its insignificant white space.
func appendCompactRaw(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '"':
			end := rawStringEnd(raw, i)
			dst = append(dst, raw[i:end]...)
			i = end
		default:
			j := i + 1
			for j < len(raw) && raw[j] != '"' && raw[j] != ' ' && raw[j] != '\t' && raw[j] != '\n' && raw[j] != '\r' {
				j++
			}
			dst = append(dst, raw[i:j]...)
			i = j
		}
	}
	return dst
}

// rawStringEnd returns where the string of the JSON text raw that opens at i
// ends, past its closing quote: the first quote after i that an even
// number of backslashes precede.
func rawStringEnd(raw []byte, i int) int {
	for j := i + 1; ; {
		k := bytes.IndexByte(raw[j:], '"')
		if k < 0 {
			return len(raw)
		}
		q, n := j+k, 0
		for p := q - 1; p > i && raw[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}
