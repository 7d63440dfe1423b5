package jsonrt

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// refuseObjects is a check that refuses every object, as a oneOf whose
// members none match would.
func refuseObjects(c *checker, v *value, _ *evaluated) bool {
	if v.kind != kindObject {
		return true
	}
	return c.fail("oneOf", "matches none")
}

// readItems reads an array of objects whose "op" must be a string, each
// item checked whole by refuseObjects, as a generated decoder reads an
// array of a type that defers to the program.
func readItems(d *decoder) {
	if !d.beginArray() {
		return
	}
	for i := 0; d.nextItem(i); i++ {
		d.pushIndex(i)
		start := d.startCheck()
		if d.beginObject() {
			for j := 0; d.nextKey(j); j++ {
				d.push(string(d.key))
				d.str()
				d.pop()
			}
		}
		d.checked(start, refuseObjects)
		d.pop()
	}
}

// A problem the decoder finds inside a value checked whole (/1/op, of the
// wrong type) gives way to the check's (/1), which is ranked against the
// one found before the value (/0): the first item's goes first, as the
// schema's checks order them.
func TestCheckedKeepsTheProblemBefore(t *testing.T) {
	d := newDecoder([]byte(`[{"op":"a"},{"op":[]}]`), false)
	readItems(d)
	err, _ := d.finish().(*Error)
	if err == nil || err.Pointer != "/0" || err.Keyword != "oneOf" {
		t.Fatalf("got %v, want the problem at /0", err)
	}
}

// An integer beyond int64 is valid to Validate (noCopy) and refused by
// Unmarshal only once nothing else is wrong, with the tree reader's words.
func TestWideIntegerHeld(t *testing.T) {
	for _, tc := range []struct {
		data    string
		noCopy  bool
		pointer string
	}{
		{`123456789012345678901234567890`, true, ""},
		{`123456789012345678901234567890`, false, "/"},
		{`9007199254740993`, false, "/"},
		{`12`, false, ""},
	} {
		d := newDecoder([]byte(tc.data), tc.noCopy)
		d.wideInteger()
		err, _ := d.finish().(*Error)
		switch {
		case tc.pointer == "" && err != nil:
			t.Errorf("%s (noCopy %v): %v, want no error", tc.data, tc.noCopy, err)
		case tc.pointer != "" && (err == nil || err.Keyword != "type"):
			t.Errorf("%s (noCopy %v): %v, want the type error of the Go type", tc.data, tc.noCopy, err)
		}
	}
	// Another problem goes first.
	d := newDecoder([]byte(`[123456789012345678901234567890, "x"]`), false)
	d.beginArray()
	for i := 0; d.nextItem(i); i++ {
		d.pushIndex(i)
		d.wideInteger()
		d.pop()
	}
	if err, _ := d.finish().(*Error); err == nil || err.Pointer != "/1" {
		t.Errorf("got %v, want the string at /1", err)
	}
}

// A map keeps its members in document order and reports a key given twice;
// JSON text is kept without white space, as the value tree keeps it.
func TestReadMapMemberAndRawValue(t *testing.T) {
	read := func(data string) (Map[json.RawMessage], error) {
		d := newDecoder([]byte(data), false)
		var m Map[json.RawMessage]
		var at []int
		if d.beginObject() {
			for i := 0; d.nextKey(i); i++ {
				readMapMember(d, &m, &at, func(d *decoder) json.RawMessage { return d.rawValue(false) })
				d.pop()
			}
		}
		return m, d.finish()
	}
	m, err := read(`{"b": [1, 2], "a": {"x" : true}}`)
	if err != nil {
		t.Fatal(err)
	}
	if keys := m.Keys(); !reflect.DeepEqual(keys, []string{"b", "a"}) {
		t.Errorf("keys %q", keys)
	}
	if v, _ := m.Get("a"); string(v) != `{"x":true}` {
		t.Errorf("a is %s, want it without white space", v)
	}
	if _, err := read(`{"a": 1, "b": 2, "a": 3}`); err == nil {
		t.Error("a key given twice is accepted")
	}
}

// readOrder.names is nil for members in schema order (the undeclared ones
// after them), else the keys in document order.
func TestReadOrderNames(t *testing.T) {
	known := []string{"a", "b", "c"}
	ms := []Member{{Name: "x"}}
	d := &decoder{}
	for _, tc := range []struct {
		positions []rune
		want      []string
	}{
		{nil, nil},
		{[]rune{0, 2, 3}, nil},
		{[]rune{2, 0}, []string{"c", "a"}},
		{[]rune{3, 1}, []string{"x", "b"}},
	} {
		o := readOrder{keys: tc.positions}
		if got := o.names(d, known, ms); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.positions, got, tc.want)
		}
		// The same, the undeclared member a Map's (additionalProperties
		// with a type).
		var m Map[int]
		m.Set("x", 1)
		if got := mapNames(&o, d, known, &m); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v: mapNames %q, want %q", tc.positions, got, tc.want)
		}
	}
	// A member given twice is one in the Map and two in the order: the
	// document is refused, and its order is not to panic on.
	var m Map[int]
	m.Set("x", 1)
	o := readOrder{keys: []rune{3, 0, 3}}
	if got := mapNames(&o, d, known, &m); len(got) != 3 {
		t.Errorf("mapNames with a key given twice: %q", got)
	}
}

// An undeclared member is kept without the white space between its
// tokens, and with the white space in its strings (compacted in place).
func TestReadMember(t *testing.T) {
	d := newDecoder([]byte(`{"a" : [ 1, " x \" y " ], "b":{ "c" : 2 }}`), false)
	var ms []Member
	var u undeclared
	if d.beginObject() {
		for i := 0; d.nextKey(i); i++ {
			d.readMember(&ms, &u)
			d.pop()
		}
	}
	if err := d.finish(); err != nil {
		t.Fatal(err)
	}
	want := []Member{{Name: "a", Value: json.RawMessage(`[1," x \" y "]`)}, {Name: "b", Value: json.RawMessage(`{"c":2}`)}}
	if !reflect.DeepEqual(ms, want) {
		t.Errorf("got %q, want %q", ms, want)
	}
}

// tagged finds a union's tag without consuming the object, so that the
// member's decoder reads it whole; where there is no string tag the value
// is read as JSON, so that a key given twice in it is still reported.
func TestTagged(t *testing.T) {
	for _, tc := range []struct {
		data, tag string
		found     bool
		keyword   string // of the problem finish reports, "-" for none
	}{
		{data: `{"a":[1,{"kind":"no"}],"kind":"yes"}`, tag: "yes", found: true, keyword: "-"},
		{data: ` {"kind":"x\u0041"}`, tag: "xA", found: true, keyword: "-"},
		{data: `{"kind":1}`, keyword: "-"},
		{data: `[1,2]`, keyword: "-"},
		{data: `{"a":1,"a":2}`, keyword: ""},
		{data: `{"kind":true,"b":{"c":1,"c":1}}`, keyword: ""},
		{data: `{"kind":"a"`, tag: "a", found: true, keyword: "syntax"},
	} {
		d := newDecoder([]byte(tc.data), false)
		tag, ok := d.tagged("kind")
		if ok != tc.found || string(tag) != tc.tag {
			t.Errorf("%s: tagged = %q, %v; want %q, %v", tc.data, tag, ok, tc.tag, tc.found)
		}
		if ok {
			if d.peek() != '{' {
				t.Errorf("%s: the object was consumed", tc.data)
			}
			d.value(nil)
		}
		err, _ := d.finish().(*Error)
		switch {
		case tc.keyword == "-" && err != nil:
			t.Errorf("%s: finish = %v, want nil", tc.data, err)
		case tc.keyword == "syntax" && (err == nil || !strings.HasPrefix(err.Message, "not valid JSON")):
			t.Errorf("%s: finish = %v, want a syntax error", tc.data, err)
		case tc.keyword == "" && (err == nil || !strings.HasPrefix(err.Message, "duplicate property")):
			t.Errorf("%s: finish = %v, want the key given twice", tc.data, err)
		}
	}
}

// which leaves the decoder at the value the member it picks reads, and
// skips a value it picks none for.
func TestWhich(t *testing.T) {
	isArray := func(_ *checker, v *value) int {
		if v.kind == kindArray {
			return 0
		}
		return -1
	}
	d := newDecoder([]byte(`[{"a":1},[2]]`), false)
	d.beginArray()
	var got []int
	for i := 0; d.nextItem(i); i++ {
		w := d.which(isArray)
		got = append(got, w)
		if w == 0 {
			d.beginArray()
			for j := 0; d.nextItem(j); j++ {
				d.wideInteger()
			}
		}
	}
	if err := d.finish(); err != nil || !reflect.DeepEqual(got, []int{-1, 0}) {
		t.Fatalf("which = %v, finish = %v; want [-1 0], nil", got, err)
	}
}

// refuseArrays is a check that refuses every array.
func refuseArrays(c *checker, v *value, _ *evaluated) bool {
	if v.kind != kindArray {
		return true
	}
	return c.fail("maxItems", "too many")
}

// What the one-pass encoder finds wrong (failRule) is written again with
// the rules quiet and checked whole: the error is the check's, not the
// first the encoder met; what is no rule of the schema (fail) stands, and
// what the encoder finds valid is written as it is.
func TestEncodeFallsBackToTheWholeCheck(t *testing.T) {
	write := func(rule, fault bool) func(e *encoder) {
		return func(e *encoder) {
			e.buf = append(e.buf, `[{"op":`...)
			e.pushIndex(0)
			e.push("op")
			if rule {
				e.failRule("pattern", "the encoder's own")
			}
			if fault {
				e.fail("must not be nil")
			}
			e.str("a")
			e.pop()
			e.pop()
			e.buf = append(e.buf, "}]"...)
		}
	}
	if _, err := encode(write(true, false), refuseArrays); err == nil || err.(*Error).Keyword != "maxItems" || err.(*Error).Pointer != "" {
		t.Errorf("a rule the encoder found broken: got %v, want the whole check's maxItems at the root", err)
	}
	if _, err := encode(write(true, true), refuseArrays); err == nil || err.(*Error).Message != "must not be nil" || err.(*Error).Pointer != "/0/op" {
		t.Errorf("a value that cannot be written: got %v, want must not be nil at /0/op", err)
	}
	if out, err := encode(write(false, false), refuseObjects); err != nil || string(out) != `[{"op":"a"}]` {
		t.Errorf("a valid value: got %s, %v", out, err)
	}
	if _, err := encode(write(false, false), refuseArrays); err != nil {
		t.Errorf("a value the encoder finds valid is not checked again: got %v", err)
	}
}
