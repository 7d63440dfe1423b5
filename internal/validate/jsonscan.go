package validate

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// maxDepth is the deepest nesting of arrays and objects a line may have, the
// line's value being level 1: the limit of the generated Go and TypeScript
// decoders (JSON.stringify in Node.js runs out of stack a few thousand levels
// down), whatever the schema.
const maxDepth = omnimessage.MaxDepth

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
	// probNumber: a number JavaScript reads as Infinity.
	probNumber
)

// jsonProblem says why a line is not exactly one well-formed JSON value.
type jsonProblem struct {
	kind    problemKind
	pointer string // the value being read when the problem was found
	message string
	again   int // probDuplicate: offset of the key given again
	// at is where in the line the problem was found; early says that the
	// line ends before its value does (more bytes might make it valid).
	at    int
	early bool
}

// frame is one open object or array while scanning.
type frame struct {
	object   bool
	index    int    // array: index of the current item
	key      []byte // object: decoded key of the current member, nil between members
	firstKey int    // object: index in scanner.keys of its first key
	// log is, for an object of manyKeys keys or more, where its key
	// entries start in scanner.log; -1 until then.
	log int
}

// scanner checks that a line is exactly one JSON value (RFC 8259), in valid
// UTF-8, with no duplicate key in any object and no number JavaScript reads
// as Infinity, without building the value. A scanner is reused line after
// line by one goroutine.
type scanner struct {
	data  []byte // the line being checked
	stack []frame
	keys  [][]byte // keys of the open objects, in order
	cols  []int    // column of each key in keys
	// log holds the key entries of the open objects with many keys (see
	// keyEntry); sorted is room to sort them; key and other to read keys.
	log, sorted []uint64
	key, other  []byte
	// values counts the values of the line checked last (see limitedChecker).
	values int
}

// manyKeys is the number of keys from which an object's keys are checked
// for repeats all at once, when it ends, rather than one by one against
// those before: that costs a sort of the object's key hashes, where looking
// each key up in a hash table of a million would cost a cache miss each.
const manyKeys = 16

// check returns nil when data is one well-formed JSON value surrounded only
// by whitespace. Of several problems, it reports the first in the line.
func (s *scanner) check(data []byte) *jsonProblem {
	s.data = data
	p := s.scan(data)
	if p != nil && len(s.log) > 0 {
		// An object of many keys still open may repeat a key before p.
		if r := s.repeat(); r != nil && (p.kind != probDuplicate || r.again < p.again) {
			p = r
		}
	}
	s.data = nil
	return p
}

func (s *scanner) scan(data []byte) *jsonProblem {
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
			k = unquoteKey(nil, k)
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
			return &jsonProblem{kind: probSyntax, at: i, message: fmt.Sprintf("invalid JSON: data after the value at col %d (%s)", i+1, describe(data, i))}
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

func (s *scanner) push(object bool, at int) *jsonProblem {
	if len(s.stack) >= maxDepth {
		return &jsonProblem{kind: probDepth, pointer: s.pointer(true), at: at,
			message: fmt.Sprintf("nesting deeper than %d levels at col %d (the limit of the generated Go and TypeScript decoders)", maxDepth, at+1)}
	}
	s.stack = append(s.stack, frame{object: object, firstKey: len(s.keys), log: -1})
	return nil
}

// pop closes the innermost array or object; an object of many keys is
// checked for a repeated key first, and the problem, if any, reported.
func (s *scanner) pop() *jsonProblem {
	top := s.stack[len(s.stack)-1]
	if top.log >= 0 {
		if _, _, again := s.firstRepeat(top.log, len(s.log)); again >= 0 {
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
func (s *scanner) addKey(k []byte, at int) *jsonProblem {
	top := &s.stack[len(s.stack)-1]
	top.key = k
	if top.log >= 0 {
		s.log = append(s.log, s.keyEntry(k, at))
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
			s.log = append(s.log, s.keyEntry(s.keys[j], s.cols[j]))
		}
	}
	return nil
}

// duplicate is the problem of key k of the object at depth d of the stack,
// given at offset first and again at offset again.
func (s *scanner) duplicate(d int, k []byte, first, again int) *jsonProblem {
	f := &s.stack[d]
	key := f.key
	f.key = k
	ptr := s.pointerTo(d)
	f.key = key
	return &jsonProblem{kind: probDuplicate, pointer: ptr, again: again, at: again,
		message: fmt.Sprintf("duplicate key %s (first at col %d, again at col %d): the object is ambiguous", strconv.Quote(string(k)), first+1, again+1)}
}

// keySeed seeds the hash of keys; any seed will do.
var keySeed = maphash.MakeSeed()

// keyEntry is how an object of many keys logs a key: the top bits of its hash
// above its offset in the line.
func (s *scanner) keyEntry(k []byte, at int) uint64 {
	off := uint(bits.Len(uint(len(s.data))))
	return maphash.Bytes(keySeed, k)>>(64-min(64-off, 32))<<off | uint64(at)
}

// repeat returns the first repeated key, by the offset it is repeated at, of
// the open objects of many keys, or nil.
func (s *scanner) repeat() *jsonProblem {
	var best *jsonProblem
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
		first, k, again := s.firstRepeat(f.log, end)
		if again >= 0 && (best == nil || again < best.again) {
			best = s.duplicate(d, k, first, again)
		}
	}
	return best
}

// firstRepeat sorts the key entries s.log[lo:hi] of one object by hash (a
// radix sort, 11 bits a pass, stable: the entries of one hash stay in the
// order of the line) and returns the first key that repeats an earlier one,
// by the offset it is repeated at (again, -1 for none), and where it was
// first.
func (s *scanner) firstRepeat(lo, hi int) (first int, key []byte, again int) {
	off := uint(bits.Len(uint(len(s.data))))
	hash := min(64-off, 32)
	if cap(s.sorted) < hi-lo {
		s.sorted = make([]uint64, hi-lo)
	}
	src, dst := s.log[lo:hi], s.sorted[:hi-lo]
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
	first, again = -1, -1
	at := func(e uint64) int { return int(e & (1<<off - 1)) }
	for i := 0; i < len(src); {
		j := i + 1
		for j < len(src) && src[j]>>off == src[i]>>off {
			j++
		}
		for k := i + 1; k < j; k++ {
			if again >= 0 && at(src[k]) >= again {
				break
			}
			s.key = s.keyAt(s.key[:0], at(src[k]))
			for m := i; m < k; m++ {
				if s.other = s.keyAt(s.other[:0], at(src[m])); string(s.other) == string(s.key) {
					first, again = at(src[m]), at(src[k])
					key = append(key[:0], s.key...)
					break
				}
			}
		}
		i = j
	}
	return first, key, again
}

// keyAt appends to dst the key whose opening quote is at offset at of the
// line, decoded.
func (s *scanner) keyAt(dst []byte, at int) []byte {
	end := skipString(s.data, at)
	body := s.data[at+1 : end-1]
	return unquoteKey(dst, body)
}

// maxPointerDepth is the most reference tokens a pointer in a finding has: a
// problem deeper than that is reported at its ancestor at that depth.
const maxPointerDepth = 32

// pointer is the JSON pointer of the value being read; with member false,
// that of the innermost container rather than of its current member.
func (s *scanner) pointer(member bool) string {
	d := len(s.stack) - 1
	if !member {
		d--
	}
	return s.pointerTo(d)
}

// pointerTo is the JSON pointer of the current member of the container at
// depth last of the stack (-1: the whole line).
func (s *scanner) pointerTo(last int) string {
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
func (s *scanner) early(member bool, want string) *jsonProblem {
	return &jsonProblem{kind: probSyntax, pointer: s.pointer(member), early: true, at: len(s.data),
		message: "invalid JSON: the line ends early, expected " + want}
}

func (s *scanner) unexpected(data []byte, i int, member bool, want string) *jsonProblem {
	kind := probSyntax
	if c := data[i]; c >= utf8.RuneSelf {
		if r, size := utf8.DecodeRune(data[i:]); r == utf8.RuneError && size == 1 {
			kind = probUTF8
		}
	}
	return &jsonProblem{kind: kind, pointer: s.pointer(member), at: i,
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
	n, start := len(data), i
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
	if exp || i-start >= 309 {
		// Only with an exponent or 309 digits can it reach 1.8e308.
		if f, _ := strconv.ParseFloat(string(data[start:i]), 64); math.IsInf(f, 0) {
			return 0, &jsonProblem{kind: probNumber, pointer: s.pointer(true), at: i,
				message: fmt.Sprintf("number %s at col %d is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", display(data[start:i]), start+1)}
		}
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
			return 0, false, &jsonProblem{kind: probSyntax, pointer: s.pointer(true), at: j,
				message: fmt.Sprintf("invalid JSON: control character U+%04X in a string at col %d (it must be escaped)", c, j+1)}
		case c < utf8.RuneSelf:
			j++
		default:
			if !utf8.FullRune(data[j:]) {
				return 0, false, s.early(true, "the end of a string")
			}
			r, size := utf8.DecodeRune(data[j:])
			if r == utf8.RuneError && size == 1 {
				return 0, false, &jsonProblem{kind: probUTF8, pointer: s.pointer(true), at: j,
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
