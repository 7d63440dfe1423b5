package jsonrt

// This file is the runtime of the checks generated for any JSON Schema: a
// JSON value tree, and one method per kind of rule, which the generated
// check functions call. It is written into a generated package beside
// json.go when the package has such checks. Its twin in TypeScript
// (internal/gen/typescript/checks.ts) does the same steps in the same
// order and writes the same messages, so that both languages name the same
// problem.

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// kind is the JSON type of a value.
type kind uint8

const (
	kindNull kind = iota
	kindBoolean
	kindNumber
	kindString
	kindArray
	kindObject
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// value is a JSON value as the checks see it: what JavaScript's JSON.parse
// makes of it, so that Go and TypeScript decide alike.
type value struct {
	kind kind
	// b is a boolean's value.
	b bool
	// form says where a string's value is: in str, or only in raw (see
	// text).
	form textForm
	// num is a number's value: the float64 nearest to its text.
	num float64
	// str is a string's value, when form is textHeld.
	str string
	// items are an array's items.
	items []*value
	// keys and vals are an object's members, in the order JavaScript lists
	// them: array-index keys first, in numeric order, then the others in
	// document order.
	keys []string
	vals []*value
	// more is what an object that needs more has: nil for most.
	more *objectMore
	// raw is the value's text in the document.
	raw []byte
}

// objectMore is what a value keeps for some objects only.
type objectMore struct {
	// index finds a member of a large object by key; built on first use.
	index map[string]int
	// docOrder lists the positions of the members in the order the
	// document has them, when it is not the order of keys.
	docOrder []int
}

// textForm says where a string value's text is. The tree Validate checks
// leaves strings in raw, as written, since most checks never read them:
// those that do unescape or compare what they need (see text, sameText,
// length). Unmarshal's tree, which the reader takes strings from, and the
// literals of a program hold theirs in str.
type textForm uint8

const (
	// textHeld: str is the string.
	textHeld textForm = iota
	// textPlain: the string has no escapes; raw less its quotes is it.
	textPlain
	// textEscaped: the string has escapes, to unescape from raw.
	textEscaped
)

// text is a string's value.
func (v *value) text() string {
	switch v.form {
	case textPlain:
		return string(v.body())
	case textEscaped:
		var buf []byte
		return string(unescape(v.raw, &buf))
	}
	return v.str
}

// textIs reports whether a string's value is s, copying nothing when it has
// no escapes.
func (v *value) textIs(s string) bool {
	if v.form == textPlain {
		return string(v.body()) == s
	}
	return v.text() == s
}

// body is a string's text as the document writes it, less the quotes.
func (v *value) body() []byte { return v.raw[1 : len(v.raw)-1] }

// sameText reports whether two strings are equal, copying neither when
// neither has escapes.
func sameText(a, b *value) bool {
	switch {
	case a.form == textHeld && b.form == textHeld:
		return a.str == b.str
	case a.form == textPlain && b.form == textHeld:
		return string(a.body()) == b.str
	case a.form == textHeld && b.form == textPlain:
		return a.str == string(b.body())
	case a.form == textPlain && b.form == textPlain:
		return string(a.body()) == string(b.body())
	}
	return a.text() == b.text()
}

// length is the number of code points of a string, as JavaScript counts
// them (see textLength). Text without escapes in a document the decoder
// accepted is valid UTF-8 and holds no surrogate: its runes are its code
// points.
func (v *value) length() int {
	if v.form == textPlain {
		return utf8.RuneCount(v.body())
	}
	return textLength(v.text())
}

// inDocOrder calls fn with each member, in the order of the document.
func (v *value) inDocOrder(fn func(i int)) {
	if v.more == nil || v.more.docOrder == nil {
		for i := range v.keys {
			fn(i)
		}
		return
	}
	for _, i := range v.more.docOrder {
		fn(i)
	}
}

// typeName is the value's JSON type, for messages.
func (v *value) typeName() string { return kindNames[v.kind] }

// fewKeys is the most keys an object has for member to look for one by
// comparing it with each, rather than through an index.
const fewKeys = 8

// member returns the position of the member called key, or -1.
func (v *value) member(key string) int {
	if len(v.keys) <= fewKeys {
		for i, k := range v.keys {
			if k == key {
				return i
			}
		}
		return -1
	}
	if v.more == nil {
		v.more = &objectMore{}
	}
	if v.more.index == nil {
		v.more.index = make(map[string]int, len(v.keys))
		for i, k := range v.keys {
			v.more.index[k] = i
		}
	}
	if i, ok := v.more.index[key]; ok {
		return i
	}
	return -1
}

// parseValue builds the value tree of data, valid JSON text, to keep: a
// literal of the checks, which documents checked at once compare
// themselves with. Its strings are held, and the index of each large
// object is built now, not by the first member call, which could be two
// at once.
func parseValue(data []byte) *value {
	b := newTreeBuilder(data, true, 8)
	// The schema's own value, held as it is written, even where a document
	// would be refused (a lone surrogate, a number beyond a double, a key
	// given twice: the official suite has such consts and enums).
	b.ws()
	v := b.value()
	b.release(false)
	indexAll(v)
	return v
}

// indexAll builds the index of every large object in v.
func indexAll(v *value) {
	if len(v.keys) > fewKeys {
		v.member("")
	}
	for _, it := range v.items {
		indexAll(it)
	}
	for _, m := range v.vals {
		indexAll(m)
	}
}

// treeBuilder reads a JSON document into a value tree in one pass, by the
// decoder's own rules (enter, nextKey, nextItem, checkString, literal,
// scanNumber, and a key given twice), as the decoder's value reads it: when
// they find nothing wrong, neither would the decoder. When they do, the
// decoder reads the document again to report the problem as it does (see
// decodeError). The values, the lists of items and members and the keys
// come from blocks (see blocks), and the keys of an object are one string.
type treeBuilder struct {
	decoder
	// hold makes strings held in str (see textForm).
	hold bool
	// repeated says that an object has a key twice.
	repeated bool
	// nodes, lists and names are the values, the lists of items and
	// members, and the keys of the tree.
	nodes blocks[value]
	lists blocks[*value]
	names blocks[string]
	// pending are the items and members of the arrays and objects being
	// read, spans where the keys of those members are in keyText.
	pending []*value
	spans   []keySpan
	keyText []byte
	// checker is the one check runs the tree's checks with, kept for its
	// path.
	checker checker
}

// keySpan is where a key is in keyText, and where it starts in data (at).
type keySpan struct{ start, end, at int }

// treeBuilders keeps builders, with their buffers and spare blocks, for
// reuse.
var treeBuilders = sync.Pool{New: func() any { return new(treeBuilder) }}

// noItems is the items of an empty array.
var noItems = []*value{}

// newTreeBuilder returns a builder of the tree of data; hold says whether
// strings are held in str, block is the size of the first new block of
// each kind.
func newTreeBuilder(data []byte, hold bool, block int) *treeBuilder {
	b := treeBuilders.Get().(*treeBuilder)
	b.decoder = decoder{data: data, noCopy: true, scratch: b.scratch[:0], keyBuf: b.keyBuf[:0], keyLog: b.keyLog[:0],
		sortBuf: b.sortBuf[:0]}
	b.hold = hold
	b.nodes.size, b.lists.size, b.names.size = block, block, block
	return b
}

// document reads the document: the text it is (less the white space around
// it) and its tree, or false when the decoder's rules find something
// wrong.
func (b *treeBuilder) document() ([]byte, *value, bool) {
	start := b.mark()
	v := b.value()
	end := b.pos
	b.ws()
	if b.fatal || b.failed || b.flawed || b.repeated || b.pos < len(b.data) {
		return nil, nil, false
	}
	return b.data[start:end], v, true
}

// release forgets the document and returns b to the pool. Unless recycle
// is set, the blocks used are left to the tree that holds them; else the
// tree is done with, and they are cleared and some kept for the next one.
func (b *treeBuilder) release(recycle bool) {
	if recycle {
		b.nodes.recycle(2048)
		b.lists.recycle(4096)
		b.names.recycle(4096)
	} else {
		b.nodes.give()
		b.lists.give()
		b.names.give()
	}
	clear(b.pending) // what a document read in part leaves (list clears the rest)
	clear(b.checker.path[:cap(b.checker.path)])
	b.decoder = decoder{scratch: b.scratch[:0], keyBuf: b.keyBuf[:0], keyLog: b.keyLog[:0], sortBuf: b.sortBuf[:0]}
	b.repeated = false
	b.pending, b.spans, b.keyText = b.pending[:0], b.spans[:0], b.keyText[:0]
	b.checker = checker{path: b.checker.path[:0]}
	if cap(b.scratch) <= 1<<16 && cap(b.keyBuf) <= 1<<12 && cap(b.keyLog) <= 1<<14 && cap(b.sortBuf) <= 1<<14 &&
		cap(b.checker.path) <= 1<<10 && cap(b.pending) <= 1<<12 &&
		cap(b.spans) <= 1<<12 && cap(b.keyText) <= 1<<16 {
		treeBuilders.Put(b)
	}
}

// blocks hands out slices of Ts from larger blocks: a few allocations a
// document rather than one a value.
type blocks[T any] struct {
	// used are the blocks handed out from, each as long as it has been,
	// the last one in use; spare are cleared ones to use next.
	used, spare [][]T
	// size is the size of the next new block.
	size int
}

// take returns n zeroed elements.
func (bs *blocks[T]) take(n int) []T {
	if k := len(bs.used) - 1; k >= 0 {
		if b := bs.used[k]; cap(b)-len(b) >= n {
			bs.used[k] = b[:len(b)+n]
			return b[len(b) : len(b)+n : len(b)+n]
		}
	}
	var b []T
	if k := len(bs.spare) - 1; k >= 0 && cap(bs.spare[k]) >= n {
		b, bs.spare = bs.spare[k], bs.spare[:k]
	} else {
		b = make([]T, 0, max(n, bs.size))
		bs.size = min(2*bs.size, 4096)
	}
	bs.used = append(bs.used, b[:n])
	return b[:n:n]
}

// give leaves the blocks used to the tree that holds them.
func (bs *blocks[T]) give() {
	clear(bs.used)
	bs.used = bs.used[:0]
}

// recycle clears the blocks used, for the next tree, and keeps them as
// spares while they hold no more than keep elements in all.
func (bs *blocks[T]) recycle(keep int) {
	for _, b := range bs.spare {
		keep -= cap(b)
	}
	for _, b := range bs.used {
		clear(b)
		if keep -= cap(b); keep >= 0 {
			bs.spare = append(bs.spare, b[:0])
		}
	}
	clear(bs.used)
	bs.used = bs.used[:0]
}

// value reads a value, as the decoder's value does.
func (b *treeBuilder) value() *value {
	v := &b.nodes.take(1)[0]
	start := b.mark()
	switch c := b.peek(); {
	case c == '{':
		b.object(v)
	case c == '[':
		b.array(v)
	case c == '"':
		b.stringValue(v)
	case c == 't':
		b.literal("true")
		v.kind, v.b = kindBoolean, true
	case c == 'f':
		b.literal("false")
		v.kind = kindBoolean
	case c == 'n':
		b.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		v.kind = kindNumber
		if !b.scanNumber() {
			break
		}
		text := b.data[start:b.pos]
		if isInfinite(text) {
			b.fail("", infiniteMessage+string(text))
		}
		v.num, _ = strconv.ParseFloat(string(text), 64)
	case c == 0:
		b.syntax("unexpected end of input")
	default:
		b.syntax("invalid character " + quoteByte(c))
	}
	v.raw = b.data[start:b.pos:b.pos]
	return v
}

// list moves the items or members pending from base into the tree.
func (b *treeBuilder) list(base int) []*value {
	out := b.lists.take(len(b.pending) - base)
	copy(out, b.pending[base:])
	clear(b.pending[base:])
	b.pending = b.pending[:base]
	return out
}

func (b *treeBuilder) object(v *value) {
	v.kind = kindObject
	if !b.enter() {
		return
	}
	base, spans, text := len(b.pending), len(b.spans), len(b.keyText)
	reorder := false
	logged := -1 // where keyLog has the keys, for an object of many
	for i := 0; b.nextKey(i); i++ {
		start := len(b.keyText)
		b.keyText = append(b.keyText, b.key...)
		key := b.keyText[start:]
		// A key given twice, found as the decoder's objectValue finds it.
		switch {
		case logged >= 0:
			b.keyLog = append(b.keyLog, b.keyEntry(key, b.keyStart))
		case i < manyKeys:
			for _, s := range b.spans[spans:] {
				if string(b.keyText[s.start:s.end]) == string(key) {
					b.repeated = true
				}
			}
		default:
			logged = len(b.keyLog)
			for _, s := range b.spans[spans:] {
				b.keyLog = append(b.keyLog, b.keyEntry(b.keyText[s.start:s.end], s.at))
			}
			b.keyLog = append(b.keyLog, b.keyEntry(key, b.keyStart))
		}
		b.spans = append(b.spans, keySpan{start, len(b.keyText), b.keyStart})
		_, isIndex := arrayIndex(key)
		reorder = reorder || isIndex
		m := b.value()
		b.pending = append(b.pending, m)
	}
	if logged >= 0 {
		if !b.fatal {
			if at, _ := b.firstRepeat(b.keyLog[logged:]); at >= 0 {
				b.repeated = true
			}
		}
		b.keyLog = b.keyLog[:logged]
	}
	if n := len(b.pending) - base; n > 0 {
		keys := string(b.keyText[text:])
		v.keys = b.names.take(n)
		for i, s := range b.spans[spans:] {
			v.keys[i] = keys[s.start-text : s.end-text]
		}
		v.vals = b.list(base)
	}
	b.spans, b.keyText = b.spans[:spans], b.keyText[:text]
	if reorder {
		jsOrder(v)
	}
}

func (b *treeBuilder) array(v *value) {
	v.kind = kindArray
	v.items = noItems
	if !b.enter() {
		return
	}
	base := len(b.pending)
	for i := 0; b.nextItem(i); i++ {
		it := b.value()
		b.pending = append(b.pending, it)
	}
	if len(b.pending) > base {
		v.items = b.list(base)
	}
}

// stringValue reads a string, held in str when b holds strings, else left
// in raw.
func (b *treeBuilder) stringValue(v *value) {
	v.kind = kindString
	if b.hold {
		// stringBody checks what checkString does (TestCheckString).
		if s, ok := b.stringBody(&b.scratch); ok {
			v.str = string(s)
		}
		return
	}
	start := b.pos
	if !b.checkString() {
		return
	}
	v.form = textPlain
	if bytes.IndexByte(b.data[start+1:b.pos-1], '\\') >= 0 {
		v.form = textEscaped
	}
}

// unescape returns the text of raw, a JSON string with escapes, unescaped
// in *buf.
func unescape(raw []byte, buf *[]byte) []byte {
	d := decoder{data: raw}
	s, _ := d.stringBody(buf)
	return s
}

// jsOrder puts an object's array-index keys first, in numeric order, as
// JavaScript enumerates them, and notes the document's order in docOrder.
func jsOrder(v *value) {
	type entry struct {
		key   string
		val   *value
		index uint32
		ok    bool
		pos   int
	}
	es := make([]entry, len(v.keys))
	for i, k := range v.keys {
		n, ok := arrayIndex([]byte(k))
		es[i] = entry{k, v.vals[i], n, ok, i}
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.ok != b.ok {
			return a.ok
		}
		return a.ok && a.index < b.index
	})
	if v.more == nil {
		v.more = &objectMore{}
	}
	v.more.docOrder = make([]int, len(es))
	for i, e := range es {
		v.keys[i], v.vals[i] = e.key, e.val
		v.more.docOrder[e.pos] = i
	}
}

// equal reports whether two values are equal as JSON Schema compares
// them: numbers by value (1 equals 1.0), objects whatever their key order.
func equal(a, b *value) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case kindBoolean:
		return a.b == b.b
	case kindNumber:
		return a.num == b.num
	case kindString:
		return sameText(a, b)
	case kindArray:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !equal(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case kindObject:
		if len(a.keys) != len(b.keys) {
			return false
		}
		for i, k := range a.keys {
			j := b.member(k)
			if j < 0 || !equal(a.vals[i], b.vals[j]) {
				return false
			}
		}
		return true
	}
	return true
}

// canonical appends a text that two values share exactly when they are
// equal: keys sorted, numbers as JavaScript writes them.
func canonical(dst []byte, v *value) []byte {
	switch v.kind {
	case kindNull:
		return append(dst, 'n')
	case kindBoolean:
		if v.b {
			return append(dst, 't')
		}
		return append(dst, 'f')
	case kindNumber:
		return appendNumber(append(dst, '#'), v.num)
	case kindString:
		return appendString(dst, []byte(v.text()))
	case kindArray:
		dst = append(dst, '[')
		for _, it := range v.items {
			dst = append(canonical(dst, it), ',')
		}
		return append(dst, ']')
	}
	order := make([]int, len(v.keys))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return v.keys[order[i]] < v.keys[order[j]] })
	dst = append(dst, '{')
	for _, i := range order {
		dst = appendString(dst, []byte(v.keys[i]))
		dst = append(canonical(append(dst, ':'), v.vals[i]), ',')
	}
	return append(dst, '}')
}

// show is a value for messages: a scalar as JSON (shortened when long),
// anything else by its type.
func show(v *value) string {
	var b []byte
	switch v.kind {
	case kindArray, kindObject:
		return v.typeName()
	case kindNumber:
		b = appendNumber(nil, v.num)
	case kindString:
		b = []byte(quote(v.text()))
	default:
		b = appendCompact(nil, v)
	}
	return string(b)
}

// appendCompact appends v as JSON.stringify writes it.
func appendCompact(dst []byte, v *value) []byte {
	switch v.kind {
	case kindNull:
		return append(dst, "null"...)
	case kindBoolean:
		if v.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case kindNumber:
		if math.IsInf(v.num, 0) {
			// A number beyond float64, which JSON.stringify writes so.
			return append(dst, "null"...)
		}
		return appendNumber(dst, v.num)
	case kindString:
		return appendString(dst, []byte(v.text()))
	case kindArray:
		dst = append(dst, '[')
		for i, it := range v.items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendCompact(dst, it)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, k := range v.keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, []byte(k))
		dst = appendCompact(append(dst, ':'), v.vals[i])
	}
	return append(dst, '}')
}

// jsonString is s as a JSON string, as JSON.stringify writes it, for
// messages.
func jsonString(s string) string { return string(appendString(nil, []byte(s))) }

// checkFunc is a generated check: it reports whether v satisfies the
// schema, recording why not in c, and the properties and items it
// evaluated in ev when ev is not nil.
type checkFunc func(c *checker, v *value, ev *evaluated) bool

// evaluated records which members and items of one value the keywords
// applied to it have evaluated, for unevaluatedProperties and
// unevaluatedItems.
type evaluated struct {
	props []bool
	items []bool
}

func newEvaluated(v *value) *evaluated {
	return &evaluated{props: make([]bool, len(v.keys)), items: make([]bool, len(v.items))}
}

// merge adds what o evaluated.
func (ev *evaluated) merge(o *evaluated) {
	for i, b := range o.props {
		ev.props[i] = ev.props[i] || b
	}
	for i, b := range o.items {
		ev.items[i] = ev.items[i] || b
	}
}

// checker runs checks. It stops at the first problem, unless explain is
// set: then it goes on, and keeps the deepest problem (the first of
// equally deep ones), which is the one reported.
type checker struct {
	explain  bool
	path     []segment
	err      *Error
	errDepth int
}

func (c *checker) pushKey(k string) { c.path = append(c.path, segment{name: k, index: -1}) }
func (c *checker) pushIndex(i int)  { c.path = append(c.path, segment{index: i}) }
func (c *checker) pop()             { c.path = c.path[:len(c.path)-1] }

// fail records a problem with the value at the current path and returns
// false. Unless c explains, it records nothing: the verdict is all that is
// used (see try), and the rules that write a costly message test explain
// before they write it.
func (c *checker) fail(keyword, msg string) bool {
	if !c.explain {
		return false
	}
	if c.err == nil || len(c.path) > c.errDepth {
		c.err = &Error{Pointer: pointer(c.path), Keyword: keyword, Message: msg}
		c.errDepth = len(c.path)
	}
	return false
}

// failKey records a problem with the member key of the current object (or
// its absence) and returns false.
func (c *checker) failKey(key, keyword, msg string) bool {
	c.pushKey(key)
	c.fail(keyword, msg)
	c.pop()
	return false
}

// failIndex records a problem with item i of the current array.
func (c *checker) failIndex(i int, keyword, msg string) bool {
	c.pushIndex(i)
	c.fail(keyword, msg)
	c.pop()
	return false
}

// stop notes that a rule failed and reports whether to stop there.
func (c *checker) stop(ok *bool) bool {
	*ok = false
	return !c.explain
}

// try reports whether v satisfies fn, recording nothing.
func (c *checker) try(fn checkFunc, v *value, ev *evaluated) bool {
	explain, err, depth := c.explain, c.err, c.errDepth
	c.explain, c.err = false, nil
	ok := fn(c, v, ev)
	c.explain, c.err, c.errDepth = explain, err, depth
	return ok
}

// why returns the deepest problem fn finds with v, and its depth.
func (c *checker) why(fn checkFunc, v *value) (*Error, int) {
	explain, err, depth := c.explain, c.err, c.errDepth
	c.explain, c.err = true, nil
	fn(c, v, nil)
	e, d := c.err, c.errDepth
	c.explain, c.err, c.errDepth = explain, err, depth
	return e, d
}

// alwaysFalse is the check of the false schema.
func alwaysFalse(c *checker, _ *value, _ *evaluated) bool {
	return c.fail("false", "no value is allowed here")
}

// typeSet is a set of JSON Schema types.
type typeSet uint8

const (
	typeNull typeSet = 1 << iota
	typeBoolean
	typeObject
	typeArray
	typeNumber
	typeString
	typeInteger
)

// isType checks "type": want lists the types for the message.
func (c *checker) isType(v *value, types typeSet, want string) bool {
	if typesOf(v)&types != 0 {
		return true
	}
	if !c.explain {
		return false
	}
	return c.fail("type", "must be "+want+", got "+v.typeName())
}

// typesOf is the set of types v is of: an integral number is a number and
// an integer.
func typesOf(v *value) typeSet {
	switch v.kind {
	case kindNull:
		return typeNull
	case kindBoolean:
		return typeBoolean
	case kindObject:
		return typeObject
	case kindArray:
		return typeArray
	case kindString:
		return typeString
	case kindNumber:
		if isInteger(v.num) && writtenInteger(v.raw) {
			return typeNumber | typeInteger
		}
		return typeNumber
	}
	return 0
}

// writtenInteger reports whether raw, the text of a number whose value is
// integral, is an integer as written: 1.0 and 1e2 are, 1.0000000000000001
// and 1e-400 (read as 1 and 0) are not, as the schema engine has it. A
// value without text counts as written.
func writtenInteger(raw []byte) bool {
	if bytes.IndexAny(raw, ".eE") < 0 {
		return true
	}
	_, isInt, _ := parseInteger(raw)
	return isInt
}

// closest says which member of an anyOf or oneOf a value that no member
// accepts was meant for, where that is plain (model.Closest): the one
// whose const tag the value carries, else the one whose types hold it.
type closest struct {
	tag   string
	tags  [][]string
	kinds []typeSet
	// dispatch, when set, lists for each member the values of tag an
	// object it accepts must carry, as the schema's rules prove them (nil:
	// they tell nothing): the model's Dispatch.
	dispatch [][]string
}

// dispatchTag is what the members of cl are told apart by for v: the value
// of its tag (nil for an object without a string one), and whether they
// are told apart at all (cl has a dispatch and v is an object).
func (cl *closest) dispatchTag(v *value) (*value, bool) {
	if cl == nil || cl.dispatch == nil || v.kind != kindObject {
		return nil, false
	}
	if i := v.member(cl.tag); i >= 0 && v.vals[i].kind == kindString {
		return v.vals[i], true
	}
	return nil, true
}

// mayMatch reports whether member i of cl may accept an object whose tag
// is tag (see dispatchTag): false only when tag is none of the values
// member i requires, so that the member need not be tried.
func (cl *closest) mayMatch(tag *value, told bool, i int) bool {
	if !told {
		return true
	}
	want := cl.dispatch[i]
	return want == nil || tag != nil && slices.ContainsFunc(want, tag.textIs)
}

// nearest is the member of cl that v was meant for, -1 when none is plain.
func (cl *closest) nearest(v *value) int {
	if cl == nil {
		return -1
	}
	if cl.tag != "" && v.kind == kindObject {
		if i := v.member(cl.tag); i >= 0 && v.vals[i].kind == kindString {
			tag := v.vals[i]
			return only(len(cl.tags), func(j int) bool { return slices.ContainsFunc(cl.tags[j], tag.textIs) })
		}
	}
	t := typesOf(v)
	return only(len(cl.kinds), func(j int) bool { return cl.kinds[j]&t != 0 })
}

// tagged reports whether every member of cl has a tag: then an object
// without one of them is wrong in its tag.
func (cl *closest) tagged() bool {
	for _, vs := range cl.tags {
		if len(vs) == 0 {
			return false
		}
	}
	return cl.tag != ""
}

// tagList lists the tags of cl's members for messages, quoted, in order.
func (cl *closest) tagList() string {
	var all []string
	for _, vs := range cl.tags {
		all = append(all, vs...)
	}
	sort.Strings(all)
	for i, t := range all {
		all[i] = jsonString(t)
	}
	return strings.Join(all, ", ")
}

// allKinds are the types of the values some member of cl may accept.
func (cl *closest) allKinds() typeSet {
	var t typeSet
	for _, k := range cl.kinds {
		t |= k
	}
	return t
}

// only is the one j below n for which match holds, -1 when there are none
// or several.
func only(n int, match func(j int) bool) int {
	found := -1
	for j := range n {
		if match(j) {
			if found >= 0 {
				return -1
			}
			found = j
		}
	}
	return found
}

// none reports that v matches no member of an anyOf or oneOf: the problem
// of the member it was meant for, where that is plain (see closest); else
// that its type is none the members take, or, where every member is
// tagged, that its tag is missing or unknown; else the rule's own message
// at v.
func (c *checker) none(v *value, cl *closest, keyword, msg string, fns []checkFunc) bool {
	if i := cl.nearest(v); i >= 0 {
		if e, d := c.why(fns[i], v); e != nil {
			if c.err == nil || d > c.errDepth {
				c.err, c.errDepth = e, d
			}
			return false
		}
	}
	if cl == nil {
		return c.fail(keyword, msg)
	}
	if want := cl.allKinds(); typesOf(v)&want == 0 {
		return c.fail("type", "must be "+typeNames(want)+", got "+v.typeName())
	}
	if v.kind == kindObject && cl.tagged() {
		i := v.member(cl.tag)
		if i < 0 {
			return c.failKey(cl.tag, "required", "missing required property "+jsonString(cl.tag))
		}
		return c.failKey(cl.tag, keyword, "unknown "+cl.tag+" "+show(v.vals[i])+": must be one of "+cl.tagList())
	}
	return c.fail(keyword, msg)
}

// typeNames names the types of t for messages, as "type" names them:
// "string or null".
func typeNames(t typeSet) string {
	var names []string
	for i, n := range typeSetNames {
		if t&(1<<i) != 0 && !(n == "integer" && t&typeNumber != 0) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " or ")
}

// typeSetNames names the bits of a typeSet, in their order.
var typeSetNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

func isInteger(f float64) bool { return f == math.Trunc(f) && !math.IsInf(f, 0) }

// constant checks "const".
func (c *checker) constant(v, want *value) bool {
	if equal(v, want) {
		return true
	}
	if !c.explain {
		return false
	}
	return c.fail("const", "must be "+string(appendCompact(nil, want))+", got "+show(v))
}

// enum checks "enum".
func (c *checker) enum(v *value, values []*value) bool {
	for _, w := range values {
		if equal(v, w) {
			return true
		}
	}
	if !c.explain {
		return false
	}
	var list []byte
	for i, w := range values {
		if i > 0 {
			list = append(list, ", "...)
		}
		list = appendCompact(list, w)
	}
	return c.fail("enum", "must be one of "+string(list)+", got "+show(v))
}

// atLeast checks "minimum" (keyword names the rule).
func (c *checker) atLeast(v *value, keyword string, limit float64) bool {
	return c.bound(v, keyword, limit, v.num >= limit, "at least ")
}

// atMost checks "maximum" (keyword names the rule).
func (c *checker) atMost(v *value, keyword string, limit float64) bool {
	return c.bound(v, keyword, limit, v.num <= limit, "at most ")
}

// greaterThan checks "exclusiveMinimum", or draft 4's exclusive "minimum".
func (c *checker) greaterThan(v *value, keyword string, limit float64) bool {
	return c.bound(v, keyword, limit, v.num > limit, "greater than ")
}

// lessThan checks "exclusiveMaximum", or draft 4's exclusive "maximum".
func (c *checker) lessThan(v *value, keyword string, limit float64) bool {
	return c.bound(v, keyword, limit, v.num < limit, "less than ")
}

// bound reports a number that is not within a limit: ok says whether it
// is, what how it must be.
func (c *checker) bound(v *value, keyword string, limit float64, ok bool, what string) bool {
	if ok {
		return true
	}
	return c.fail(keyword, boundMessage(what, limit, show(v)))
}

// multipleOf checks "multipleOf" exactly, in decimal: 0.3 is a multiple of
// 0.1, although 0.3 / 0.1 is not an integer in float64.
func (c *checker) multipleOf(v *value, by float64) bool {
	if isMultiple(v.num, by) {
		return true
	}
	return c.fail("multipleOf", "must be a multiple of "+string(appendNumber(nil, by))+", got "+show(v))
}

func isMultiple(x, by float64) bool {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.IsInf(by, 0) {
		return false
	}
	if isInteger(x) && isInteger(by) && math.Abs(x) < 1<<53 && math.Abs(by) < 1<<53 {
		return math.Mod(x, by) == 0
	}
	xm, xe := decimal(x)
	bm, be := decimal(by)
	e := min(xe, be)
	xm.Mul(xm, pow10(xe-e))
	bm.Mul(bm, pow10(be-e))
	return new(big.Int).Rem(xm, bm).Sign() == 0
}

// decimal returns m and e with f = m × 10^e, from f's shortest decimal
// text (what JavaScript's toExponential() writes).
func decimal(f float64) (*big.Int, int) {
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	if whole, frac, ok := strings.Cut(mant, "."); ok {
		mant = whole + frac
		e -= len(frac)
	}
	m, _ := new(big.Int).SetString(mant, 10)
	return m, e
}

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// minLength checks "minLength", in code points.
func (c *checker) minLength(v *value, n int) bool {
	if got := v.length(); got < n {
		return c.fail("minLength", lengthMessage("at least ", n, got))
	}
	return true
}

// maxLength checks "maxLength", in code points.
func (c *checker) maxLength(v *value, n int) bool {
	if got := v.length(); got > n {
		return c.fail("maxLength", lengthMessage("at most ", n, got))
	}
	return true
}

// pattern checks "pattern": the string matches somewhere.
func (c *checker) pattern(v *value, match func(string) bool, source string) bool {
	if match(v.text()) {
		return true
	}
	return c.fail("pattern", show(v)+patternWords+source)
}

// format checks "format" when formats assert.
func (c *checker) format(v *value, name string, valid func(string) bool) bool {
	if valid(v.text()) {
		return true
	}
	return c.fail("format", show(v)+" is not a valid "+name)
}

// minItems checks "minItems".
func (c *checker) minItems(v *value, n int) bool {
	return len(v.items) >= n || c.fail("minItems", countMessage("at least ", n, "item", "items", len(v.items)))
}

// maxItems checks "maxItems".
func (c *checker) maxItems(v *value, n int) bool {
	return len(v.items) <= n || c.fail("maxItems", countMessage("at most ", n, "item", "items", len(v.items)))
}

// minProperties checks "minProperties".
func (c *checker) minProperties(v *value, n int) bool {
	return len(v.keys) >= n || c.fail("minProperties", countMessage("at least ", n, "property", "properties", len(v.keys)))
}

// maxProperties checks "maxProperties".
func (c *checker) maxProperties(v *value, n int) bool {
	return len(v.keys) <= n || c.fail("maxProperties", countMessage("at most ", n, "property", "properties", len(v.keys)))
}

// unique checks "uniqueItems", in time linear in the array's size.
func (c *checker) unique(v *value) bool {
	seen := make(map[string]int, len(v.items))
	var buf []byte
	for i, it := range v.items {
		buf = canonical(buf[:0], it)
		if j, dup := seen[string(buf)]; dup {
			return c.fail("uniqueItems", "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal: the items must be unique")
		}
		seen[string(buf)] = i
	}
	return true
}

// items checks "items" (or "additionalItems"): every item from index from
// satisfies fn (nil: any item).
func (c *checker) items(v *value, from int, fn checkFunc, ev *evaluated) bool {
	ok := true
	for i := from; i < len(v.items); i++ {
		if ev != nil {
			ev.items[i] = true
		}
		if fn != nil && !c.checkItem(v, i, fn) && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// noItems checks "items" (or "additionalItems") when it is the false
// schema: there is no item from index from.
func (c *checker) noItems(v *value, keyword string, from int) bool {
	ok := true
	for i := from; i < len(v.items); i++ {
		c.tooMany(i, keyword)
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// prefixItems checks "prefixItems" (an array "items" before 2020-12): item
// i satisfies fns[i] (nil: any item).
func (c *checker) prefixItems(v *value, fns []checkFunc, ev *evaluated) bool {
	// No item is at len(fns), past the last schema: none is refused.
	return c.prefixItemsAtMost(v, "", len(fns), fns, ev)
}

// prefixItemsAtMost checks "prefixItems" (an array "items" before
// 2020-12) whose schema n is the false schema: item i satisfies fns[i]
// (nil: any item), and the array has at most n items.
func (c *checker) prefixItemsAtMost(v *value, keyword string, n int, fns []checkFunc, ev *evaluated) bool {
	ok := true
	for i := 0; i < len(fns) && i < len(v.items); i++ {
		if ev != nil {
			ev.items[i] = true
		}
		var r bool
		switch {
		case i == n:
			r = c.tooMany(i, keyword)
		case fns[i] == nil:
			continue
		default:
			r = c.checkItem(v, i, fns[i])
		}
		if !r && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// checkItem reports whether item i of v satisfies fn.
func (c *checker) checkItem(v *value, i int, fn checkFunc) bool {
	c.pushIndex(i)
	r := fn(c, v.items[i], nil)
	c.pop()
	return r
}

// tooMany reports item i of an array that may have at most i items.
func (c *checker) tooMany(i int, keyword string) bool {
	return c.failIndex(i, keyword, "is not allowed: the array may have at most "+counted(i, "item", "items"))
}

// matches says how many items "contains" wants to match: at least min
// (1 unless "minContains" says otherwise) and at most max ("maxContains",
// else math.MaxInt); marks is set when the matching items count as
// evaluated (from 2020-12).
type matches struct {
	min, max int
	marks    bool
}

// contains checks "contains", "minContains" and "maxContains": as many
// items as want says satisfy fn (nil: any item).
func (c *checker) contains(v *value, fn checkFunc, want matches, ev *evaluated) bool {
	n := 0
	for i, it := range v.items {
		if fn != nil && !c.try(fn, it, nil) {
			continue
		}
		n++
		if want.marks && ev != nil {
			ev.items[i] = true
		}
	}
	switch {
	case n < want.min:
		keyword := "contains"
		if want.min != 1 {
			keyword = "minContains"
		}
		return c.fail(keyword, "must contain at least "+counted(want.min, "matching item", "matching items")+", got "+strconv.Itoa(n))
	case n > want.max:
		return c.fail("maxContains", "must contain at most "+counted(want.max, "matching item", "matching items")+", got "+strconv.Itoa(n))
	}
	return true
}

// property is one entry of "properties": a name and its check (nil: any
// value), or deny: the property may not be there.
type property struct {
	name string
	fn   checkFunc
	deny bool
}

// properties checks "properties".
func (c *checker) properties(v *value, props []property, ev *evaluated) bool {
	ok := true
	for _, p := range props {
		i := v.member(p.name)
		if i < 0 {
			continue
		}
		if ev != nil {
			ev.props[i] = true
		}
		if p.deny {
			if !c.explain {
				return false
			}
			c.failKey(p.name, "properties", "property "+jsonString(p.name)+" is not allowed")
			if c.stop(&ok) {
				return false
			}
			continue
		}
		if p.fn == nil {
			continue
		}
		c.pushKey(p.name)
		r := p.fn(c, v.vals[i], nil)
		c.pop()
		if !r && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// patternProperty is one entry of "patternProperties".
type patternProperty struct {
	match func(string) bool
	fn    checkFunc
	deny  bool
}

// patternProperties checks "patternProperties".
func (c *checker) patternProperties(v *value, props []patternProperty, ev *evaluated) bool {
	ok := true
	order := c.nameOrder(v)
	for n := range v.keys {
		i := memberAt(order, n)
		k := v.keys[i]
		for _, p := range props {
			if !p.match(k) {
				continue
			}
			if ev != nil {
				ev.props[i] = true
			}
			if p.deny {
				c.failKey(k, "patternProperties", "property "+jsonString(k)+" is not allowed")
				if c.stop(&ok) {
					return false
				}
				continue
			}
			if p.fn == nil {
				continue
			}
			c.pushKey(k)
			r := p.fn(c, v.vals[i], nil)
			c.pop()
			if !r && c.stop(&ok) {
				return false
			}
		}
	}
	return ok
}

// nameOrder is the order in which the members of v not named by
// "properties" are checked when c explains: by name, as the schema engine
// names problems (names that are integers as numbers, see compareTokens), so
// that of equally deep problems the one it names is found first. nil, for
// the object's own order, when only the verdict counts.
func (c *checker) nameOrder(v *value) []int {
	if !c.explain || len(v.keys) < 2 {
		return nil
	}
	order := make([]int, len(v.keys))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareTokens(v.keys[a], v.keys[b]) })
	return order
}

// memberAt is the index of the n-th member checked, in order (nameOrder).
func memberAt(order []int, n int) int {
	if order == nil {
		return n
	}
	return order[n]
}

// compareTokens orders member names as the schema engine orders the tokens
// of its pointers: integers as numbers, other names as strings (the
// generator's jsonptr.Compare, which the runtime cannot import).
func compareTokens(a, b string) int {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return strings.Compare(a, b)
}

// additional checks "additionalProperties": every member known does not
// list satisfies fn (nil: any value).
func (c *checker) additional(v *value, known func(string) bool, fn checkFunc, ev *evaluated) bool {
	ok := true
	order := c.nameOrder(v)
	for n := range v.keys {
		i := memberAt(order, n)
		k := v.keys[i]
		if known != nil && known(k) {
			continue
		}
		if ev != nil {
			ev.props[i] = true
		}
		if fn != nil && !c.checkMember(v, i, fn) && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// noAdditional checks "additionalProperties" when it is the false schema:
// known lists every member.
func (c *checker) noAdditional(v *value, known func(string) bool) bool {
	ok := true
	order := c.nameOrder(v)
	for n := range v.keys {
		k := v.keys[memberAt(order, n)]
		if known != nil && known(k) {
			continue
		}
		if !c.explain {
			return false
		}
		c.failKey(k, "additionalProperties", "unknown property "+jsonString(k))
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// checkMember reports whether member i of v satisfies fn.
func (c *checker) checkMember(v *value, i int, fn checkFunc) bool {
	c.pushKey(v.keys[i])
	r := fn(c, v.vals[i], nil)
	c.pop()
	return r
}

// propertyNames checks "propertyNames": every name, as a string, satisfies
// fn.
func (c *checker) propertyNames(v *value, fn checkFunc) bool {
	ok := true
	for _, k := range v.keys {
		name := &value{kind: kindString, str: k}
		if c.try(fn, name, nil) {
			continue
		}
		msg := "is not allowed"
		if c.explain {
			if e, _ := c.why(fn, name); e != nil {
				msg = e.Message
			}
		}
		c.failKey(k, "propertyNames", "property name "+jsonString(k)+": "+msg)
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// noPropertyNames checks "propertyNames" when it is the false schema: the
// object has no members.
func (c *checker) noPropertyNames(v *value) bool {
	ok := true
	for _, k := range v.keys {
		c.failKey(k, "propertyNames", "property name "+jsonString(k)+" is not allowed")
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// required checks "required".
func (c *checker) required(v *value, names []string) bool {
	ok := true
	for _, n := range names {
		if v.member(n) < 0 {
			if !c.explain {
				return false
			}
			c.failKey(n, "required", "missing required property "+jsonString(n))
			if c.stop(&ok) {
				return false
			}
		}
	}
	return ok
}

// dependentRequired checks "dependentRequired" (the array form of
// "dependencies"): when name is present, so is each of names.
func (c *checker) dependentRequired(v *value, keyword, name string, names []string) bool {
	if v.member(name) < 0 {
		return true
	}
	ok := true
	for _, n := range names {
		if v.member(n) < 0 {
			c.failKey(n, keyword, "missing property "+jsonString(n)+", required when "+jsonString(name)+" is present")
			if c.stop(&ok) {
				return false
			}
		}
	}
	return ok
}

// dependentSchema checks "dependentSchemas" (the schema form of
// "dependencies"): when name is present, v satisfies fn.
func (c *checker) dependentSchema(v *value, name string, fn checkFunc, ev *evaluated) bool {
	return v.member(name) < 0 || fn(c, v, ev)
}

// noProperty checks "dependentSchemas" (or "dependencies") when the schema
// of name is the false schema: name is not present.
func (c *checker) noProperty(v *value, keyword, name string) bool {
	if v.member(name) < 0 {
		return true
	}
	return c.failKey(name, keyword, "property "+jsonString(name)+" is not allowed")
}

// anyOf checks "anyOf". With ev it tries every alternative, for the
// properties and items each that matches evaluates.
func (c *checker) anyOf(v *value, ev *evaluated, cl *closest, fns ...checkFunc) bool {
	ok := false
	tag, told := cl.dispatchTag(v)
	for i, fn := range fns {
		if !cl.mayMatch(tag, told, i) {
			continue
		}
		var sub *evaluated
		if ev != nil {
			sub = newEvaluated(v)
		}
		if !c.try(fn, v, sub) {
			continue
		}
		if ev == nil {
			return true
		}
		ok = true
		ev.merge(sub)
	}
	if ok || !c.explain {
		return ok
	}
	return c.none(v, cl, "anyOf", "must match at least one of the "+strconv.Itoa(len(fns))+" anyOf schemas, matches none", fns)
}

// oneOf checks "oneOf".
func (c *checker) oneOf(v *value, ev *evaluated, cl *closest, fns ...checkFunc) bool {
	match := -1
	var matched *evaluated
	tag, told := cl.dispatchTag(v)
	for i, fn := range fns {
		if !cl.mayMatch(tag, told, i) {
			continue
		}
		var sub *evaluated
		if ev != nil {
			sub = newEvaluated(v)
		}
		if !c.try(fn, v, sub) {
			continue
		}
		if match >= 0 {
			return c.fail("oneOf", "must match exactly one of the "+strconv.Itoa(len(fns))+
				" oneOf schemas, matches oneOf/"+strconv.Itoa(match)+" and oneOf/"+strconv.Itoa(i))
		}
		match, matched = i, sub
	}
	if match >= 0 {
		if ev != nil {
			ev.merge(matched)
		}
		return true
	}
	if !c.explain {
		return false
	}
	return c.none(v, cl, "oneOf", "must match exactly one of the "+strconv.Itoa(len(fns))+" oneOf schemas, matches none", fns)
}

// not checks "not".
func (c *checker) not(v *value, fn checkFunc) bool {
	if !c.try(fn, v, nil) {
		return true
	}
	return c.fail("not", "must not match the not schema")
}

// ifThenElse checks "if", "then" and "else" (a nil then or else accepts
// anything).
func (c *checker) ifThenElse(v *value, ev *evaluated, cond, then, otherwise checkFunc) bool {
	var sub *evaluated
	if ev != nil {
		sub = newEvaluated(v)
	}
	if c.try(cond, v, sub) {
		if ev != nil {
			ev.merge(sub)
		}
		return then == nil || then(c, v, ev)
	}
	return otherwise == nil || otherwise(c, v, ev)
}

// ifTag checks "if", "then" and "else" where "if" only asks an object for
// property name equal to the string value (model.TagTest): a value that is
// no object satisfies it, as ifThenElse would find without trying it.
func (c *checker) ifTag(v *value, ev *evaluated, name, value string, then, otherwise checkFunc) bool {
	holds := true
	if v.kind == kindObject {
		i := v.member(name)
		holds = i >= 0 && v.vals[i].kind == kindString && v.vals[i].textIs(value)
		if holds && ev != nil {
			ev.props[i] = true
		}
	}
	if holds {
		return then == nil || then(c, v, ev)
	}
	return otherwise == nil || otherwise(c, v, ev)
}

// unevaluatedProperties checks "unevaluatedProperties": every member that
// own does not record satisfies fn (nil: any value). Then every member
// counts as evaluated.
func (c *checker) unevaluatedProperties(v *value, own *evaluated, fn checkFunc) bool {
	ok := true
	for i := range v.keys {
		if own.props[i] {
			continue
		}
		own.props[i] = true
		if fn != nil && !c.checkMember(v, i, fn) && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// noUnevaluatedProperties checks "unevaluatedProperties" when it is the
// false schema: own records every member.
func (c *checker) noUnevaluatedProperties(v *value, own *evaluated) bool {
	ok := true
	for i, k := range v.keys {
		if own.props[i] {
			continue
		}
		own.props[i] = true
		c.failKey(k, "unevaluatedProperties", "unevaluated property "+jsonString(k)+" is not allowed")
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// unevaluatedItems checks "unevaluatedItems" likewise.
func (c *checker) unevaluatedItems(v *value, own *evaluated, fn checkFunc) bool {
	ok := true
	for i := range v.items {
		if own.items[i] {
			continue
		}
		own.items[i] = true
		if fn != nil && !c.checkItem(v, i, fn) && c.stop(&ok) {
			return false
		}
	}
	return ok
}

// noUnevaluatedItems checks "unevaluatedItems" when it is the false
// schema: own records every item.
func (c *checker) noUnevaluatedItems(v *value, own *evaluated) bool {
	ok := true
	for i := range v.items {
		if own.items[i] {
			continue
		}
		own.items[i] = true
		c.failIndex(i, "unevaluatedItems", "unevaluated item "+strconv.Itoa(i)+" is not allowed")
		if c.stop(&ok) {
			return false
		}
	}
	return ok
}

// check checks the JSON text data with fn, the check of a root (nil for a
// schema that accepts every value), and returns the document data holds
// (data without the white space around it), or the deepest problem. A
// document that is not JSON, or that JSON.parse would read otherwise (a
// duplicate key), is reported as the decoder reports it. The value tree it
// checks lives only as long as the check: it is not returned (nil), and
// its blocks go to the next document. unmarshal, which reads the tree,
// calls checkTree.
func check(data []byte, fn checkFunc) ([]byte, *value, error) {
	b := newTreeBuilder(data, false, 256)
	defer b.release(true)
	doc, v, ok := b.document()
	if !ok {
		return nil, nil, decodeError(data)
	}
	if err := run(&b.checker, v, fn); err != nil {
		return nil, nil, err
	}
	return doc, nil, nil
}

// checkTree is check, and returns the tree too, its strings held in str,
// and its builder, to release (with recycle) once what is kept has been
// read out of the tree: every string and slice a reader keeps is its own.
func checkTree(data []byte, fn checkFunc) (*treeBuilder, *value, error) {
	// Documents hold about a value every 30 bytes, fewer when they hold
	// long strings: the first blocks are small, the next ones larger.
	b := newTreeBuilder(data, true, min(8+len(data)/64, 64))
	_, v, ok := b.document()
	if !ok {
		b.release(true)
		return nil, nil, decodeError(data)
	}
	if err := run(&b.checker, v, fn); err != nil {
		b.release(true)
		return nil, nil, err
	}
	return b, v, nil
}

// decodeError is what the decoder finds wrong with data, in which a
// treeBuilder has found something wrong by the decoder's own rules: the
// decoder reads it again to report it where and as it does.
func decodeError(data []byte) error {
	if err := flaw(data); err != nil {
		return err
	}
	// Not reached: the builder finds a problem only where the decoder does.
	return &Error{Message: "is not valid"}
}

// run checks v with fn, with c, a checker that has checked nothing: nil,
// or the deepest problem.
func run(c *checker, v *value, fn checkFunc) error {
	if fn == nil || fn(c, v, nil) {
		return nil
	}
	c.explain, c.path = true, c.path[:0]
	fn(c, v, nil)
	if c.err == nil {
		return &Error{Message: "is not valid"}
	}
	return c.err
}

// checkPart checks data, a value a typed decoder has read or an encoder has
// written, with fn, its schema's check, as run does: nil when it holds,
// else the deepest problem, its pointer within the value. It is nil too
// when data is not what the tree builder reads: the decoder reports that
// itself, as it reads.
func checkPart(data []byte, fn checkFunc) *Error {
	b := newTreeBuilder(data, false, 64)
	defer b.release(true)
	_, v, ok := b.document()
	if !ok {
		return nil
	}
	if err := run(&b.checker, v, fn); err != nil {
		return err.(*Error)
	}
	return nil
}

// startCheck is where the value starts that the decoder is about to read
// and then check whole (see checked).
func (d *decoder) startCheck() int {
	if d.checking == 0 {
		d.save()
	}
	d.checking++
	return d.mark()
}

// save copies the problem recorded so far into d.outer.
func (d *decoder) save() {
	s := &d.outer
	if s.failed = d.failed; !s.failed {
		return
	}
	s.keys = append(s.keys[:0], d.errKeys...)
	s.path = s.path[:0]
	at := 0
	for _, seg := range d.errPath {
		if seg.key != nil {
			n := at + len(seg.key)
			seg.key = s.keys[at:n:n]
			at = n
		}
		s.path = append(s.path, seg)
	}
	s.why = d.errWhy
	s.value = append(s.value[:0], d.errWhy.value...)
}

// restore makes the problem d.outer holds the one recorded again.
func (d *decoder) restore() {
	s := &d.outer
	if d.failed = s.failed; !s.failed {
		return
	}
	d.keepPath(s.path)
	value := append(d.errWhy.value[:0], s.value...)
	d.errWhy = s.why
	d.errWhy.value = value
}

// checked checks the value the decoder has read since start with fn, the
// check of its schema, where that has rules the typed decoder does not
// check as it reads: the generated code defers it, with startCheck, at the
// start of the value's decode function. The check's problem is the one to
// report of those inside the value: it is the deepest of them, and the
// check's order decides among equally deep ones. A value inside one being
// checked is left to that check.
func (d *decoder) checked(start int, fn checkFunc) {
	if d.checking--; d.checking > 0 || d.fatal || d.quiet > 0 || d.pos <= start {
		return
	}
	d.report(checkPart(d.data[start:d.pos], fn))
}

// report records err, the problem the check of the value just read found
// (nil: none), its pointer within the value.
func (d *decoder) report(err *Error) {
	if err == nil {
		return
	}
	path := append(d.path[:len(d.path):len(d.path)], pointerSteps(err.Pointer)...)
	why := problem{keyword: err.Keyword, text: [4]string{err.Message}}
	if d.failed && within(d.errPath, d.path) {
		// A problem the decoder found inside the value: the check has it
		// too, and says it as it is to be said. It replaces the decoder's,
		// which may have displaced one found before the value that goes
		// before the check's.
		d.restore()
	}
	d.record(path, why)
}

// pointerSteps are the steps of a JSON pointer, each a member name: a
// pointer written again from them is the same, which is all a problem
// inside a value checked whole needs (see checked).
func pointerSteps(ptr string) []segment {
	var out []segment
	for ptr != "" {
		ptr = ptr[1:]
		end := strings.IndexByte(ptr, '/')
		if end < 0 {
			end = len(ptr)
		}
		name := strings.ReplaceAll(strings.ReplaceAll(ptr[:end], "~1", "/"), "~0", "~")
		out = append(out, segment{name: name, index: stepMember})
		ptr = ptr[end:]
	}
	return out
}

// within reports whether path a is at or below path b.
func within(a, b []segment) bool {
	if len(a) < len(b) {
		return false
	}
	for i := range b {
		x, y := &a[i], &b[i]
		if x.index != y.index || x.index < 0 && compareNames(x, y) != 0 {
			return false
		}
	}
	return true
}

// startCheck is where the value starts that the encoder is about to
// write and then check whole (see checked).
func (e *encoder) startCheck() int {
	e.checking++
	return len(e.buf)
}

// checked checks the value the encoder has written since start with fn,
// as decoder.checked does: Marshal writes only what Unmarshal accepts, and
// says what Unmarshal would. A rule the encoder found broken inside the
// value, the check finds too, and its report replaces the encoder's; what
// is not a rule of the schema (a nil union, invalid UTF-8) stands.
func (e *encoder) checked(start int, fn checkFunc) {
	if e.checking--; e.checking > 0 || e.quiet {
		return
	}
	if e.err != nil && (e.err.Keyword == "" || !strings.HasPrefix(e.err.Pointer+"/", pointer(e.path)+"/")) {
		return
	}
	if err := checkPart(e.buf[start:], fn); err != nil {
		e.err = &Error{Pointer: pointer(e.path) + err.Pointer, Keyword: err.Keyword, Message: err.Message}
	}
}

// nullChecked reads null, as null does, and checks it with fn: the check
// of a nullable value's schema, which has rules that null can break (a
// "not", an "enum" without null) and that the decoder of its type, which
// null never reaches, would have run.
func (d *decoder) nullChecked(fn checkFunc) bool {
	start := d.mark()
	if !d.null() {
		return false
	}
	d.checking++
	d.checked(start, fn)
	return true
}

// nullChecked writes null and checks it with fn, as decoder.nullChecked
// does.
func (e *encoder) nullChecked(fn checkFunc) {
	start := e.startCheck()
	e.buf = append(e.buf, "null"...)
	e.checked(start, fn)
}

// member is the position of the one of fns, the checks of a union's
// members, that accepts the value that follows, the decoder left at the
// value to decode it as that member; -1 when none or several do, or the
// value is not JSON the decoder accepts, the value skipped: the union's own
// check says what is wrong, or the decoder as it skips.
func (d *decoder) member(fns ...checkFunc) int {
	return d.which(func(c *checker, v *value) int {
		found := -1
		for i, fn := range fns {
			if !fn(c, v, nil) {
				continue
			}
			if found >= 0 {
				return -1
			}
			found = i
		}
		return found
	})
}

// which is the member of a union that pick, run on the value that follows
// read as a tree, says that value is (its position), the decoder left at
// the value to decode it as that member; -1 when pick says none or the
// value is not JSON the decoder accepts, the value skipped: the union's own
// check says what is wrong, or the decoder as it skips.
func (d *decoder) which(pick func(*checker, *value) int) int {
	start := d.mark()
	b := newTreeBuilder(d.data[start:], false, 64)
	v := b.value()
	if b.fatal || b.failed || b.flawed || b.repeated {
		// Not JSON the decoder accepts: it reads it to say why.
		b.release(true)
		d.value(nil)
		return -1
	}
	found := pick(&b.checker, v)
	b.release(true)
	if found < 0 {
		d.skip()
	}
	return found
}
