package jsonrt

// This file turns a checked value tree into the generated Go types and
// writes them back: the part of the runtime that the typed code of a
// schema outside the x-omnigen dialect calls. It is written into such a
// package beside check.go and ordered.go.

import (
	"encoding/json"
	"slices"
	"sort"
	"sync"
)

// reader turns a value tree, which the checks have accepted, into Go
// values, and records the first value a Go type cannot hold.
type reader struct {
	path []segment
	err  *Error
}

func (r *reader) push(key string) { r.path = append(r.path, segment{name: key, index: -1}) }
func (r *reader) pushIndex(i int) { r.path = append(r.path, segment{index: i}) }
func (r *reader) pop()            { r.path = r.path[:len(r.path)-1] }

// holds reports whether v, which the checks have accepted, is of JSON type
// want, the one the Go type reading it holds; else it records that the Go
// type cannot hold it, as the decoder words a value of another type. A
// schema that does not say "type" accepts any: {"properties": …} a
// string, which no struct holds.
func (r *reader) holds(v *value, want kind) bool {
	if v.kind == want {
		return true
	}
	if r.err == nil {
		r.err = &Error{Pointer: pointer(r.path), Keyword: "type", Message: "must be " + kindNames[want] + ", got " + v.typeName()}
	}
	return false
}

// enum records, unless valid, that v, a string, is none of the values of
// an enum (values lists them), as the decoder words it: an enum whose type
// has no check of its own (the shaper made it of several schemas' values)
// is checked by reading it.
func (r *reader) enum(v *value, valid bool, values string) {
	if !valid && r.err == nil {
		r.err = &Error{Pointer: pointer(r.path), Keyword: "enum", Message: "must be one of " + values + ", got " + quote(v.str)}
	}
}

// holdsAs records, and reports false, where v is not of JSON type want,
// as the decoder of a type whose Go type holds only want words it: words
// ("must be integer", "must be one of …"), then the type v has, under
// keyword. A checked value may be of another type where the check accepts
// more than the Go type holds: null for a nullable's element (Label beside
// NullLabel), a number for a union's string member.
func (r *reader) holdsAs(v *value, want kind, keyword, words string) bool {
	if v.kind == want {
		return true
	}
	if r.err == nil {
		r.err = &Error{Pointer: pointer(r.path), Keyword: keyword, Message: words + ", got " + v.typeName()}
	}
	return false
}

// finish returns the error to report, if any.
func (r *reader) finish() error {
	if r.err != nil {
		return r.err
	}
	return nil
}

// integer reads an integer into an int64. One that JavaScript would write
// back as another number (9007199254740993 is read as 9007199254740992) is
// refused too, as the canonical package refuses it: Go and TypeScript
// would write different bytes.
func (r *reader) integer(v *value) int64 {
	n, ok := v.integer()
	if r.err == nil {
		r.err = unheld(r.path, v.raw, ok, n)
	}
	return n
}

// unheld is the error of an integer, written raw, that an int64 does not
// hold (inRange false) or that JavaScript would write back as another
// number; nil for one that is neither.
func unheld(path []segment, raw []byte, inRange bool, n int64) *Error {
	switch {
	case !inRange:
		return &Error{Pointer: pointer(path), Keyword: "type", Message: "integer " + string(raw) + " is outside the int64 range, which the Go type holds"}
	case !jsInteger(n):
		return &Error{Pointer: pointer(path), Keyword: "type", Message: "integer " + string(raw) +
			" is not one JavaScript writes back unchanged (it holds integers exactly up to 2^53)"}
	}
	return nil
}

// The decoder of a schema outside the dialect reads its objects, arrays
// and scalars in one pass, as the dialect's does, unions, maps, tuples,
// literals, null, selects and objects with typed additionalProperties
// too, and the values of the few types it does not (a select the Go fields
// cannot tell, say) as the value-tree codec reads them (readChecked). Its documents are valid as the schema says (the dialect's
// rule of integers is not the schema's): an integer beyond what an int64
// or JavaScript holds makes Unmarshal fail once the document is valid, as
// reader.integer does, and Validate not at all.

// wideInteger reads an integer as a schema outside the dialect has it (see
// above).
func (d *decoder) wideInteger() int64 {
	n, _ := d.wideNumber()
	return n
}

// wideNumber is wideInteger that also returns the integer as a float64, as
// the checks compare it with a bound (beyond int64, the int64 is not it).
func (d *decoder) wideNumber() (int64, float64) {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.mismatch("integer")
		return 0, 0
	}
	b, ok := d.numberBytes()
	if !ok {
		return 0, 0
	}
	if isInfinite(b) {
		d.fail("", infiniteMessage+string(b))
		return 0, 0
	}
	n, isInt, inRange := parseInteger(b)
	if !isInt {
		d.fail("type", "must be "+d.phrase("integer")+", got number")
		return n, 0
	}
	d.hold(unheld(d.path, b, inRange, n))
	if !inRange {
		return n, d.parseFloat(b)
	}
	return n, float64(n)
}

// readMapMember reads, with read, the value of the member whose key the
// decoder has just read into m, an object read as a Map; at is where each
// key came, for a key given twice, reported as in opaque JSON. The caller
// pops the name.
func readMapMember[T any](d *decoder, m *Map[T], at *[]int, read func(*decoder) T) {
	readKeyed(d, m, at, stepMember, read)
}

// readExtraMember is readMapMember for a member that an object does not
// declare, beside the members it does: what is wrong inside it goes after
// what is wrong inside those at its depth, as the check's
// additionalProperties, which runs after its properties, finds it.
func readExtraMember[T any](d *decoder, m *Map[T], at *[]int, read func(*decoder) T) {
	readKeyed(d, m, at, stepUnknown, read)
}

// readKeyed is readMapMember with the step the member's name is on the
// path: its rank among the problems at its depth.
func readKeyed[T any](d *decoder, m *Map[T], at *[]int, step int, read func(*decoder) T) {
	name := string(d.key)
	if _, ok := m.values[name]; ok {
		if i := slices.Index(m.keys, name); i >= 0 && i < len(*at) {
			d.duplicate(d.key, (*at)[i], d.keyStart)
		}
	} else {
		*at = append(*at, d.keyStart)
	}
	d.path = append(d.path, segment{name: name, index: step})
	m.Set(name, read(d))
}

// nativeKeys is what the decoder keeps of the members it reads into a Go
// map (Options.Maps native), which keeps no order: where each key came,
// for a key given twice, and the keys in document order, for the order
// Marshal writes an object's members in (nativeNames).
type nativeKeys struct {
	at    map[string]int
	names []string
}

// readNativeMember is readMapMember for a Go map, made at its first
// member.
func readNativeMember[M ~map[string]T, T any](d *decoder, m *M, k *nativeKeys, read func(*decoder) T) {
	readNativeKeyed(d, m, k, stepMember, read)
}

// readNativeExtra is readExtraMember for a Go map.
func readNativeExtra[M ~map[string]T, T any](d *decoder, m *M, k *nativeKeys, read func(*decoder) T) {
	readNativeKeyed(d, m, k, stepUnknown, read)
}

// readNativeKeyed is readKeyed for a Go map.
func readNativeKeyed[M ~map[string]T, T any](d *decoder, m *M, k *nativeKeys, step int, read func(*decoder) T) {
	name := string(d.key)
	if at, ok := k.at[name]; ok {
		d.duplicate(d.key, at, d.keyStart)
	} else {
		if k.at == nil {
			k.at = map[string]int{}
		}
		k.at[name] = d.keyStart
		if !d.noCopy {
			k.names = append(k.names, name)
		}
	}
	d.path = append(d.path, segment{name: name, index: step})
	v := read(d)
	if d.noCopy {
		return // a decoder that only validates keeps nothing
	}
	if *m == nil {
		*m = M{}
	}
	(*m)[name] = v
}

// nativeNames is mapNames for an object whose undeclared members a Go map
// holds, read with k.
func nativeNames(o *readOrder, d *decoder, known []string, k *nativeKeys) []string {
	return o.keyNames(d, known, k.names)
}

// skipMap reads, for a decoder that only validates, the members of an
// object read as a Map, each value with read, keeping nothing: a key given
// twice is found as objectValue finds it in opaque JSON (objectKey,
// endKeys), with no copy of each key.
func skipMap[T any](d *decoder, read func(*decoder) T) {
	base, arena, logged := len(d.names), len(d.arena), -1
	d.keyPath = max(d.keyPath, len(d.path)+1)
	for i := 0; d.nextKey(i); i++ {
		name := d.key
		mark := d.objectKey(base, &logged, &name)
		d.pushKey(name)
		read(d)
		d.pop()
		d.arena = d.arena[:mark]
	}
	d.endKeys(base, arena, logged)
}

// rawValue reads any JSON value (an object, when object is set) as the
// value-tree codec keeps it: its text without the white space in it.
func (d *decoder) rawValue(object bool) json.RawMessage {
	if object && d.peek() != '{' {
		d.mismatch("object")
		return nil
	}
	start := d.mark()
	d.value(nil)
	if d.fatal || d.noCopy {
		return nil
	}
	return appendCompactRaw(nil, d.data[start:d.pos])
}

// tagged is the string value of property name of the object that
// follows, a union's tag, the object not consumed; false when the value is
// not an object or has no such string property, the value then read as
// JSON, which says what is wrong with it that the union's check, run on
// the value whole, cannot (a key given twice).
func (d *decoder) tagged(name string) ([]byte, bool) {
	if d.peek() != '{' {
		d.value(nil)
		return nil, false
	}
	start, depth := d.pos, d.depth
	d.quiet++
	if d.enter() {
		for i := 0; d.nextKey(i); i++ {
			if string(d.key) != name || d.peek() != '"' {
				d.value(nil)
				continue
			}
			if b, ok := d.stringBody(&d.scratch); ok {
				d.quiet--
				d.pos, d.depth = start, depth
				return b, true
			}
			break
		}
	}
	d.quiet--
	if !d.fatal {
		d.pos, d.depth = start, depth
		d.value(nil)
	}
	return nil, false
}

// readNull reads null, the one value of a null type.
func (d *decoder) readNull() {
	if d.peek() != 'n' {
		d.mismatch("null")
		return
	}
	d.literal("null")
}

// notNull ends a value read after null (see null), which may have been
// null: the messages of what follows do not say so.
func (d *decoder) notNull() { d.orNull = false }

// hold keeps err, a value of a valid document that its Go type cannot
// hold, for finish to report when nothing else is wrong: the first one, in
// Unmarshal only.
func (d *decoder) hold(err *Error) {
	if err != nil && !d.noCopy && d.quiet == 0 && d.held == nil {
		d.held = err
	}
}

// readChecked reads the value that follows as the value-tree codec reads
// it: checked whole with fn, its schema's check (nil for none), then,
// unless the decoder only validates or has found the document invalid,
// built into a tree that read turns into Go values.
func readChecked[T any](d *decoder, fn checkFunc, read func(*reader, *value) T) T {
	var out T
	start := d.mark()
	// Checked here unless inside a value checked whole, whose check says
	// what is wrong inside it.
	check := fn != nil && d.checking == 0
	if check {
		d.save()
	}
	d.value(nil)
	if d.fatal || d.quiet > 0 || !check && (d.noCopy || d.failed) {
		return out
	}
	b := newTreeBuilder(d.data[start:d.pos], true, 64)
	defer b.release(true)
	_, v, ok := b.document()
	if !ok {
		return out
	}
	if check {
		if err := run(&b.checker, v, fn); err != nil {
			d.report(err.(*Error))
			return out
		}
	}
	if d.noCopy || d.failed {
		return out
	}
	r := reader{path: append([]segment(nil), d.path...)}
	out = read(&r, v)
	d.hold(r.err)
	return out
}

// names is what a decoded object of a schema outside the dialect keeps of
// its order (its keys field): nil when its members came in the order of
// known, its properties in schema order (the positions o holds), then the
// undeclared ones (position len(known)), which are ms in order; else its
// keys in document order.
func (o *readOrder) names(d *decoder, known []string, ms []Member) []string {
	if o.inOrder(d) {
		return nil
	}
	return o.named(known, func(i int) string { return ms[i].Name })
}

// mapNames is names for an object whose undeclared members m holds, in
// document order (additionalProperties with a type).
func mapNames[T any](o *readOrder, d *decoder, known []string, m *Map[T]) []string {
	return o.keyNames(d, known, m.keys)
}

// keyNames is names where the undeclared members' names are extra, in
// document order.
func (o *readOrder) keyNames(d *decoder, known, extra []string) []string {
	if o.inOrder(d) {
		return nil
	}
	return o.named(known, func(i int) string {
		if i < len(extra) {
			return extra[i]
		}
		return "" // a key given twice, which the decoder has reported
	})
}

// inOrder reports whether an object's members came in the order Marshal
// writes them, or the decoder only validates: no keys to keep.
func (o *readOrder) inOrder(d *decoder) bool {
	return o.keys == nil || d.noCopy || slices.IsSorted(o.keys)
}

// named is the keys in document order: each declared property's name in
// known, and the name of the i-th undeclared member.
func (o *readOrder) named(known []string, undeclared func(i int) string) []string {
	out := make([]string, 0, len(o.keys))
	extra := 0
	for _, at := range o.keys {
		if int(at) < len(known) {
			out = append(out, known[at])
		} else {
			out = append(out, undeclared(extra))
			extra++
		}
	}
	return out
}

// raw returns a value's exact JSON, less insignificant white space.
func (r *reader) raw(v *value) json.RawMessage {
	return appendCompactRaw(nil, v.raw)
}

// rawText returns v's exact text, as written: what a schema in the
// x-omnigen dialect keeps of opaque JSON.
func (r *reader) rawText(v *value) []byte {
	return append([]byte(nil), v.raw...)
}

// member returns an undeclared member, kept as exact JSON.
func (r *reader) member(key string, v *value) Member {
	return Member{Name: key, Value: r.raw(v)}
}

// matches reports whether v satisfies fn, for a union decoded by trial.
func (r *reader) matches(fn checkFunc, v *value) bool {
	return fn(&checker{}, v, nil)
}

// readList reads an array whose items item reads.
func readList[T any](r *reader, v *value, item func(*reader, *value) T) []T {
	if !r.holds(v, kindArray) {
		return nil
	}
	out := make([]T, len(v.items))
	for i, it := range v.items {
		r.pushIndex(i)
		out[i] = item(r, it)
		r.pop()
	}
	return out
}

// readMap reads an object whose members item reads, in document order.
func readMap[T any](r *reader, v *value, item func(*reader, *value) T) Map[T] {
	var m Map[T]
	if !r.holds(v, kindObject) {
		return m
	}
	v.inDocOrder(func(i int) {
		r.push(v.keys[i])
		m.Set(v.keys[i], item(r, v.vals[i]))
		r.pop()
	})
	return m
}

// keyOrder returns the keys of an object in document order when they are
// not in the order of known (the declared properties, in schema order)
// followed by the others; nil when they are.
func keyOrder(v *value, known []string) []string {
	last := 0
	inOrder := true
	v.inDocOrder(func(i int) {
		p := len(known)
		for j, k := range known {
			if k == v.keys[i] {
				p = j
				break
			}
		}
		if p < last {
			inOrder = false
		}
		last = p
	})
	if inOrder {
		return nil
	}
	keys := make([]string, 0, len(v.keys))
	v.inDocOrder(func(i int) { keys = append(keys, v.keys[i]) })
	return keys
}

// objectOrder is the order to write an object's members in: keys, the
// order it was read in (less the members no longer there), then the
// declared properties in schema order, then the undeclared ones.
func objectOrder(keys, known, extra []string) []string {
	if len(keys) == 0 && len(extra) == 0 {
		return known // read in schema order, or made so: no copy
	}
	n := len(keys) + len(known) + len(extra)
	out := make([]string, 0, n)
	var done map[string]bool
	if n > smallObject {
		done = make(map[string]bool, n)
	}
	for _, list := range [][]string{keys, known, extra} {
		for _, k := range list {
			switch {
			case done != nil:
				// Many names: a map finds a repeat.
				if done[k] {
					continue
				}
				done[k] = true
			case slices.Contains(out, k):
				// A few names: looking back costs less than a map.
				continue
			}
			out = append(out, k)
		}
	}
	return out
}

// smallObject is the count of names below which objectOrder looks for a
// repeat among the names it kept rather than in a map.
const smallObject = 24

// undeclared lists the names of undeclared members, as memberNames does,
// and records as an error a member that repeats another or names a
// declared property (see extraKeys).
func (e *encoder) undeclared(known []string, ms []Member) []string {
	return e.extraKeys(known, memberNames(ms))
}

// extraKeys is names, the keys of an object's undeclared members, and
// records as an error one that repeats another or names a declared
// property (known): Unmarshal would refuse the object written, which has
// that name twice.
func (e *encoder) extraKeys(known, names []string) []string {
	var seen map[string]bool
	if len(names) > smallObject {
		seen = make(map[string]bool, len(names))
	}
	for i, n := range names {
		repeated := slices.Contains(known, n)
		if seen != nil {
			repeated = repeated || seen[n]
			seen[n] = true
		} else {
			repeated = repeated || slices.Contains(names[:i], n)
		}
		if repeated {
			e.push(n)
			e.fail("duplicate property " + jsQuote(n))
			e.pop()
			break
		}
	}
	return names
}

// memberNames lists the names of undeclared members.
func memberNames(ms []Member) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Name
	}
	return out
}

// key starts a member of the object being written.
func (e *encoder) key(name string) {
	if n := len(e.buf); n > 0 && e.buf[n-1] != '{' && e.buf[n-1] != '[' {
		e.buf = append(e.buf, ',')
	}
	e.str(name)
	e.buf = append(e.buf, ':')
}

// member starts a member of the object being written after a comma, the
// first of which endObject turns into the '{'.
func (e *encoder) member(name string) {
	e.buf = append(e.buf, ',')
	e.str(name)
	e.buf = append(e.buf, ':')
}

// item starts an item of the array being written.
func (e *encoder) item() {
	if n := len(e.buf); n > 0 && e.buf[n-1] != '[' {
		e.buf = append(e.buf, ',')
	}
}

func (e *encoder) null() { e.buf = append(e.buf, "null"...) }

// cycled reports, and records, a value deeper on the path than any that
// Unmarshal accepts (a scalar may stand at MaxDepth, inside the deepest
// container): a Go value that contains itself, whose writer stops there
// rather than at the end of the stack.
func (e *encoder) cycled() bool {
	if e.depth <= MaxDepth {
		return false
	}
	e.fail(tooDeepMessage() + ": does the value contain itself?")
	return true
}

// rawJSON writes JSON text as JSON.stringify(JSON.parse(text)) writes it,
// but for the order of its keys, which is kept, as the TypeScript runtime
// keeps it: numbers in the shortest form of their double, strings escaped
// as JavaScript escapes them, no white space. Text that is not JSON is an
// error.
func (e *encoder) rawJSON(b []byte) { e.raw(b, false) }

// writeList writes an array whose items item writes.
func writeList[T any](e *encoder, xs []T, item func(*encoder, T)) {
	e.buf = append(e.buf, '[')
	for i, x := range xs {
		e.item()
		e.pushIndex(i)
		item(e, x)
		e.pop()
	}
	e.buf = append(e.buf, ']')
}

// writeMap writes an object whose members item writes, in order.
func writeMap[T any](e *encoder, m Map[T], item func(*encoder, T)) {
	e.buf = append(e.buf, '{')
	for _, k := range m.keys {
		e.key(k)
		e.push(k)
		item(e, m.values[k])
		e.pop()
	}
	e.buf = append(e.buf, '}')
}

// writeMember writes the undeclared member called name, if there is one,
// after a comma (see endObject).
func (e *encoder) writeMember(ms []Member, name string) {
	for _, m := range ms {
		if m.Name == name {
			e.member(name)
			e.push(name)
			e.rawJSON(m.Value)
			e.pop()
			return
		}
	}
}

// tag records a union member whose tag, the property name, holds got
// where the member's schema wants want: Unmarshal would read the value
// back as the member that got names. It is reported as the member's own
// check reports it. Code generated since rtname.Version 4 does not call
// it (a required const tag is no field: a member writes its own); code
// generated before, which imports runtime/omnigenrt, does.
func (e *encoder) tag(name, got, want string) {
	if got == want || e.misread != nil {
		return
	}
	e.push(name)
	e.misread = &Error{Pointer: pointer(e.path), Keyword: "const", Message: "must be " + jsQuote(want) + ", got " + quote(got)}
	e.pop()
}

// readsAs records a union member, a Go value of type member written since
// start, that Unmarshal would read back as another member: which names
// the member it reads a value as (as the union's reader tries them). own
// is the member's check, if it has one: what it finds wrong is the problem
// to report. A value no member accepts is left to the union's check.
func (e *encoder) readsAs(start int, member string, own checkFunc, which func(*reader, *value) string) {
	if e.err != nil || e.misread != nil {
		return
	}
	b := newTreeBuilder(e.buf[start:], false, 64)
	_, v, ok := b.document()
	got := ""
	if ok {
		got = which(&reader{}, v)
	}
	b.release(true)
	if got == "" || got == member {
		return
	}
	if own != nil {
		if err := checkPart(e.buf[start:], own); err != nil {
			e.misread = &Error{Pointer: pointer(e.path) + err.Pointer, Keyword: err.Keyword, Message: err.Message}
			return
		}
	}
	e.misread = &Error{Pointer: pointer(e.path), Message: "Unmarshal would read it back as " + got + ", not " + member}
}

// picked records, unless ok, a union member that the value of the property
// by does not pick: Unmarshal would read it back as the member that value
// picks.
func (e *encoder) picked(ok bool, by string) {
	if ok || e.misread != nil {
		return
	}
	e.misread = &Error{Pointer: pointer(e.path), Message: "is not of the type that " + jsQuote(by) + " picks: Unmarshal would read it back as another"}
}

// marshal writes a value with write and checks the result with fn: the
// bytes, or the first problem. A union member that would be read back as
// another (encoder.misread) is a problem only in what is valid: the check
// says better what is wrong with the rest.
func marshal(write func(e *encoder), fn checkFunc) ([]byte, error) {
	e := newEncoder()
	write(e)
	if e.again() {
		write(e)
	}
	misread := e.misread
	out, err := e.finish()
	if err != nil {
		return nil, err
	}
	if _, _, err := check(out, fn); err != nil {
		return nil, err
	}
	if misread != nil {
		return nil, misread
	}
	return out, nil
}

// encode writes a value with write, the one-pass encoder, which checks
// what it writes as it goes: what it finds valid, with no union member that
// would be read back as another, is the output. Else it writes the value
// again with the rules of the schema quiet (failRule, checked) and checks
// it whole (marshal), whose report is the program's: the deepest problem,
// worded as the check words it, not the first the encoder met.
func encode(write func(e *encoder), fn checkFunc) ([]byte, error) {
	e := newEncoder()
	write(e)
	if e.err == nil && e.misread == nil {
		return e.finish()
	}
	e.finish()
	return marshal(func(e *encoder) {
		e.quiet = true
		write(e)
	}, fn)
}

// bridged is how the one-pass encoder writes a value its decoder reads as
// a checked tree: with write, the value-tree writer, checked with fn, the
// check of its type.
func (e *encoder) bridged(write func(e *encoder), fn checkFunc) {
	start := e.startCheck()
	write(e)
	e.checked(start, fn)
}

// readers keeps readers, with their paths, for reuse.
var readers = sync.Pool{New: func() any { return new(reader) }}

// unmarshal checks data with fn and reads it with read, which takes
// strings from str.
func unmarshal(data []byte, fn checkFunc, read func(r *reader, v *value)) error {
	b, v, err := checkTree(data, fn)
	if err != nil {
		return err
	}
	r := readers.Get().(*reader)
	read(r, v)
	err = r.finish()
	b.release(true)
	clear(r.path[:cap(r.path)])
	r.path, r.err = r.path[:0], nil
	if cap(r.path) <= 1<<10 {
		readers.Put(r)
	}
	return err
}

// readNativeMap reads a checked object into a Go map: the order of its keys
// is not kept (generate --go-maps native).
func readNativeMap[T any](r *reader, v *value, item func(*reader, *value) T) map[string]T {
	if !r.holds(v, kindObject) {
		return nil
	}
	m := make(map[string]T, len(v.keys))
	v.inDocOrder(func(i int) {
		r.push(v.keys[i])
		m[v.keys[i]] = item(r, v.vals[i])
		r.pop()
	})
	return m
}

// writeNativeMap writes a Go map, its keys in sorted order.
func writeNativeMap[T any](e *encoder, m map[string]T, item func(*encoder, T)) {
	e.buf = append(e.buf, '{')
	for _, k := range sortedMapKeys(m) {
		e.key(k)
		e.push(k)
		item(e, m[k])
		e.pop()
	}
	e.buf = append(e.buf, '}')
}

// sortedMapKeys are the keys of a Go map, sorted.
func sortedMapKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// setNative sets key of a Go map, making the map first if it is nil.
func setNative[T any](m map[string]T, key string, v T) map[string]T {
	if m == nil {
		m = map[string]T{}
	}
	m[key] = v
	return m
}
