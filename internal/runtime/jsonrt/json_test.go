package jsonrt

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendNumber(t *testing.T) {
	cases := map[float64]string{
		0: "0", math.Copysign(0, -1): "0", 1: "1", -1: "-1", 1.5: "1.5", 128000.5: "128000.5",
		1e21: "1e+21", 1e20: "100000000000000000000", 1e-6: "0.000001", 1e-7: "1e-7",
		1.5e300: "1.5e+300", 123456789012345680000: "123456789012345680000", 0.1: "0.1",
		5e-324: "5e-324", math.MaxFloat64: "1.7976931348623157e+308", 1.2e-100: "1.2e-100",
		math.Inf(1): "Infinity", math.Inf(-1): "-Infinity",
	}
	for f, want := range cases {
		if got := string(appendNumber(nil, f)); got != want {
			t.Errorf("appendNumber(%v) = %s, want %s", f, got, want)
		}
	}
}

func TestParseInteger(t *testing.T) {
	cases := []struct {
		in          string
		v           int64
		isInt, fits bool
	}{
		{"0", 0, true, true}, {"-0", 0, true, true}, {"12", 12, true, true}, {"1.0", 1, true, true},
		{"1e2", 100, true, true}, {"1.5e1", 15, true, true}, {"0.5e1", 5, true, true}, {"1.5", 0, false, false},
		{"1e-1", 0, false, false}, {"0.0e5", 0, true, true}, {"-12.000", -12, true, true},
		{"9223372036854775807", math.MaxInt64, true, true}, {"-9223372036854775808", math.MinInt64, true, true},
		{"9223372036854775808", 0, true, false}, {"1e19", 0, true, false}, {"1e400", 0, true, false},
		{"1e-400", 0, false, false}, {"100000000000000000000e-2", 1000000000000000000, true, true},
		{"1.0000000000000000001", 0, false, false}, {"1.0000000000000001", 0, false, false},
	}
	for _, c := range cases {
		v, isInt, fits := parseInteger([]byte(c.in))
		if v != c.v || isInt != c.isInt || fits != c.fits {
			t.Errorf("parseInteger(%s) = %d %v %v, want %d %v %v", c.in, v, isInt, fits, c.v, c.isInt, c.fits)
		}
	}
}

func TestAppendString(t *testing.T) {
	cases := map[string]string{
		"plain":                              `"plain"`,
		"<a&b>":                              `"<a&b>"`,
		"q\"b\\s/":                           `"q\"b\\s/"`,
		"\b\f\n\r\t\x00\x1f\x7f":             `"\b\f\n\r\t\u0000\u001f` + "\x7f\"",
		"\u2028\u2029 é 中 😀":                 "\"\u2028\u2029 é 中 😀\"",
		"\xed\xa0\xbd":                       `"\ud83d"`,
		"\xed\xa0\xbd\xed\xb8\x80":           "\"😀\"",
		"\xed\xb8\x80\xed\xa0\xbd":           `"\ude00\ud83d"`,
		strings.Repeat("abcdefgh", 5) + "\n": `"` + strings.Repeat("abcdefgh", 5) + `\n"`,
	}
	for in, want := range cases {
		got, ok := appendStringChecked(nil, in)
		if !ok || string(got) != want {
			t.Errorf("appendString(%q) = %s %v, want %s", in, got, ok, want)
		}
	}
	if _, ok := appendStringChecked(nil, "a\xffb"); ok {
		t.Errorf("invalid UTF-8 accepted")
	}
}

func decodeString(t *testing.T, in string) (string, *Error) {
	t.Helper()
	d := newDecoder([]byte(in), false)
	s := d.str()
	err := d.finish()
	if err != nil {
		return s, err.(*Error)
	}
	return s, nil
}

func TestDecodeString(t *testing.T) {
	ok := map[string]string{
		`"abc"`: "abc", `"a\"b"`: "a\"b", `"\u00e9\n"`: "é\n", `"\ud83d\ude00"`: "😀", `"\ud83d"`: "\xed\xa0\xbd",
		`"\/"`: "/", `"` + strings.Repeat("x", 100) + `é"`: strings.Repeat("x", 100) + "é", ` "x" `: "x",
	}
	for in, want := range ok {
		got, err := decodeString(t, in)
		if err != nil || got != want {
			t.Errorf("%s: got %q %v, want %q", in, got, err, want)
		}
	}
	bad := []string{`"abc`, `"a` + "\n" + `"`, `"\x"`, `"\u12"`, `"a` + "\xff" + `"`, `"x" y`, ``, `"\u00e9` + "\xff" + `"`}
	for _, in := range bad {
		if _, err := decodeString(t, in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestRawDuplicatesAndDepth(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"a":2}`:                 "/x/a",
		`{"a":{"b":[1,{"c":1,"c":2}]}}`: "/x/a/b/1/c",
		`{"a~/":1,"a~/":2}`:             "/x/a~0~1",
		`{"\u0061":1,"a":2}`:            "/x/a",
	} {
		// As rawText reads a raw value nested at a path: plain JSON.
		d := newDecoder([]byte(in), false)
		d.schemaless = true
		d.push("x")
		d.raw(true)
		err := d.finish()
		if err == nil || err.(*Error).Pointer != want {
			t.Errorf("%s: %v, want an error at %s", in, err, want)
		}
	}
	var many strings.Builder
	many.WriteString("{")
	for i := 0; i < 100; i++ {
		many.WriteString(`"k` + strconv.Itoa(i) + `":0,`)
	}
	many.WriteString(`"k7":1}`)
	d := newDecoder([]byte(many.String()), false)
	d.raw(true)
	if err := d.finish(); err == nil || err.(*Error).Pointer != "/k7" {
		t.Errorf("duplicate in a large object: %v", err)
	}
	for depth, ok := range map[int]bool{MaxDepth: true, MaxDepth + 1: false} {
		deep := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		d = newDecoder([]byte(deep), false)
		d.raw(false)
		err := d.finish()
		if ok != (err == nil) || (err != nil && err.(*Error).Message != tooDeepMessage()) {
			t.Errorf("depth %d: %v", depth, err)
		}
	}
}

func canonicalRaw(in string) (string, error) {
	e := newEncoder()
	e.raw([]byte(in), false)
	out, err := e.finish()
	return string(out), err
}

func TestRawCanonical(t *testing.T) {
	cases := map[string]string{
		`{"a":1}`:                             `{"a":1}`,
		` { "a" : [ 1 , 2.50 , -0 , 1E3 ] } `: `{"a":[1,2.5,0,1000]}`,
		`{"b":1,"2":2,"a":3,"1":4,"01":5}`:    `{"b":1,"2":2,"a":3,"1":4,"01":5}`, // keys in their order
		`"\u0041\/\ud83d"`:                    `"A/\ud83d"`,
		`12345678901234567890`:                `12345678901234567000`,
		`{"\u00e9":"\n"}`:                     `{"é":"\n"}`,
	}
	for in, want := range cases {
		got, err := canonicalRaw(in)
		if err != nil || got != want {
			t.Errorf("%s: got %s %v, want %s", in, got, err, want)
		}
	}
}

// TestAgainstNode checks numbers, strings and raw values against
// JSON.stringify itself.
func TestAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	r := rand.New(rand.NewSource(1))
	var inputs []string
	for i := 0; i < 2000; i++ {
		var f float64
		switch i % 4 {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = r.NormFloat64() * math.Pow(10, float64(r.Intn(60)-30))
		case 2:
			f = float64(r.Int63n(1<<62)) * math.Pow(10, float64(r.Intn(10)))
		case 3:
			f = math.Round(r.Float64()*1e6) / 1e3
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		inputs = append(inputs, strconv.FormatFloat(f, 'g', -1, 64))
	}
	for i := 0; i < 500; i++ {
		b := make([]rune, r.Intn(12))
		for j := range b {
			switch r.Intn(4) {
			case 0:
				b[j] = rune(r.Intn(0x80))
			case 1:
				b[j] = rune(r.Intn(0x3000))
			default:
				b[j] = rune(0x2020 + r.Intn(16))
			}
		}
		s, _ := json.Marshal(string(b))
		inputs = append(inputs, string(s))
	}
	inputs = append(inputs, `"\ud800"`, `"\udfff\ud800"`, `"\ud83d\ude00x"`, `{"b":1,"10":2,"9":3,"a":{"4294967295":1,"4294967294":2}}`,
		`[1.0,-0,0.000001,1e-7,1e21,1E+2,-1.25e-300]`, `{"x":[{"y":"\u2028<>&"}]}`)
	script := `const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
for (const l of lines) console.log(JSON.stringify(JSON.parse(l)));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = strings.NewReader(strings.Join(inputs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != len(inputs) {
		t.Fatalf("node wrote %d lines for %d inputs", len(want), len(inputs))
	}
	for i, in := range inputs {
		got, err := canonicalRaw(in)
		if err == nil {
			// The keys stay in their order, where JavaScript's lists
			// array-index keys first.
			got = string(parsedOrder(t, []byte(got)))
		}
		if err != nil || got != want[i] {
			t.Errorf("%s: got %s %v, JSON.stringify writes %s", in, got, err, want[i])
		}
		if !bytes.Equal([]byte(got), []byte(want[i])) {
			continue
		}
		again, _ := canonicalRaw(got)
		if again != got {
			t.Errorf("%s: not a fixed point: %s", got, again)
		}
	}
}

// Depth is counted back as values close, so that long flat documents are
// fine and only deep ones fail.
func TestDepthBalance(t *testing.T) {
	d := newDecoder([]byte("["+strings.Repeat(`[],{"a":[{}]},`, 20000)+`1]`), false)
	if !d.beginArray() {
		t.Fatal("not an array")
	}
	for i := 0; d.nextItem(i); i++ {
		d.pushIndex(i)
		d.skip()
		d.pop()
	}
	if d.depth != 0 {
		t.Errorf("depth %d after the array", d.depth)
	}
	if err := d.finish(); err != nil {
		t.Errorf("flat document: %v", err)
	}
	d = newDecoder([]byte(`{"type":"x","a":{"b":[1,{"c":2}]}}`), false)
	if _, ok := d.tag("type", ""); !ok || d.depth != 0 || d.pos != 0 {
		t.Errorf("tag moved the decoder: depth %d pos %d", d.depth, d.pos)
	}
	d.finish()
}

// checkStringCases are strings whose special bytes fall at every offset of
// a word and of a 32-byte block, for checkString against stringBody.
func checkStringCases() []string {
	var cases []string
	bodies := []string{`\n`, `\"`, `\\`, `\\\"`, `\\\\"`, `\\\\\n`, `\u00e9`, `\ud83d\ude00`, `\u00`, "é", "\xff", "\x01",
		`\x`, `\u12`, `\`, `"`, "\xed\xa0\xbd", "中", "\\\x01", `\u0022`, `\u005c"`}
	suffixes := []string{"", `,"k":"\"\\",` + strings.Repeat(" ", 70) + "}"}
	for _, body := range bodies {
		for n := 0; n < 140; n++ {
			pre := strings.Repeat("a", n)
			for _, suf := range suffixes {
				cases = append(cases, `"`+pre+body+`"`+suf, `"`+pre+body+suf, `"`+pre+body+pre+`"`+suf,
					`"`+body+pre+body+`"`+suf, `"`+pre+body+body+body+strings.Repeat("b", 64)+`"`+suf)
			}
		}
	}
	return cases
}

// TestCheckString checks that checkString (validation only) ends where
// stringBody ends and finds what it finds.
func TestCheckString(t *testing.T) {
	for _, in := range checkStringCases() {
		compareCheckString(t, []byte(in))
	}
}

func FuzzCheckString(f *testing.F) {
	for _, in := range checkStringCases() {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		compareCheckString(t, append([]byte{'"'}, body...))
	})
}

func compareCheckString(t *testing.T, in []byte) {
	a := &decoder{data: in, noCopy: true}
	okA := a.checkString()
	b := &decoder{data: in}
	_, okB := b.stringBody(&b.scratch)
	if okA != okB || a.pos != b.pos || a.fatal != b.fatal || (a.err == nil) != (b.err == nil) ||
		(a.err != nil && *a.err != *b.err) {
		t.Fatalf("%q: checkString %v at %d (%v), stringBody %v at %d (%v)", in, okA, a.pos, a.err, okB, b.pos, b.err)
	}
}

// The number rules: a number JavaScript reads as Infinity is rejected in
// free-form JSON too; one it reads as 0 is written as 0.
func TestRawNumberRules(t *testing.T) {
	for in, want := range map[string]string{
		`[1e-400,-2e-324,3e-324]`:                `[0,0,5e-324]`,
		`1.7976931348623157e308`:                 `1.7976931348623157e+308`,
		`{"a":9007199254740993}`:                 `{"a":9007199254740992}`,
		`{"a":1.0000000000000001}`:               `{"a":1}`,
		`{"a":` + strings.Repeat("9", 308) + `}`: `{"a":1e+308}`,
	} {
		if got, err := canonicalRaw(in); err != nil || got != want {
			t.Errorf("%s: %s %v, want %s", in, got, err, want)
		}
	}
	for in, at := range map[string]string{
		`1e400`:                                  "",
		`[0,-1E+400]`:                            "/1",
		`{"a":{"b":1.7976931348623159e308}}`:     "/a/b",
		`{"a":` + strings.Repeat("9", 309) + `}`: "/a",
	} {
		_, err := canonicalRaw(in)
		if e, ok := err.(*Error); !ok || e.Pointer != at || !strings.Contains(e.Message, infiniteMessage) {
			t.Errorf("%s: %v, want the infinite-number error at %q", in, err, at)
		}
	}
}

// An integer is one JavaScript writes back unchanged: every one up to 2^53
// - 1, and beyond it those whose double's shortest form is themselves.
func TestJSInteger(t *testing.T) {
	for v, want := range map[int64]bool{
		0: true, 1<<53 - 1: true, -(1<<53 - 1): true, 1 << 53: true, 1<<53 + 1: false, -(1<<53 + 1): false,
		9007199254912336: true, 1 << 60: false, 1152921504606847000: true, math.MaxInt64: false,
		math.MinInt64: false, 9223372036854775000: true, 1e18: true, 1e18 + 1: false,
	} {
		if got := jsInteger(v); got != want {
			t.Errorf("jsInteger(%d) = %v", v, got)
		}
		e := newEncoder()
		e.integer(v)
		if _, err := e.finish(); (err == nil) != want || (err != nil && (!strings.Contains(err.Error(), inexactMessage) || err.(*Error).Keyword != "type")) {
			t.Errorf("integer(%d): %v", v, err)
		}
	}
}

// A number JSON cannot write is refused in the words of the TypeScript
// runtime's stringify (rt/json.ts and checks.ts): NaN is not JSON data, an
// infinity is not finite.
func TestEncoderRefusesWhatJSONCannotWrite(t *testing.T) {
	for f, want := range map[float64]string{
		math.NaN():   "must be JSON data, got NaN",
		math.Inf(1):  "must be a finite number to be written as JSON, got Infinity",
		math.Inf(-1): "must be a finite number to be written as JSON, got -Infinity",
	} {
		e := newEncoder()
		e.number(f)
		_, err := e.finish()
		if err == nil || err.(*Error).Message != want || err.(*Error).Keyword != "" {
			t.Errorf("number(%v): %v; want %q", f, err, want)
		}
	}
}

// An object's keys are checked for repeats in constant time each: a big
// object costs no allocation per key, and a repeat is found whatever its
// place and escapes.
func TestManyKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	const n = 100000
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if i%3 == 0 {
			b.WriteString(`"k\u0030` + strconv.Itoa(i) + `":[]`) // "k0…", escaped
		} else {
			b.WriteString(`"k0` + strconv.Itoa(i) + `":{}`)
		}
	}
	valid := b.String() + "}"
	allocs := testing.AllocsPerRun(3, func() {
		d := newDecoder([]byte(valid), true)
		d.raw(true)
		if err := d.finish(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > n/100 {
		t.Errorf("%d keys: %.0f allocations, want a few (their buffers growing)", n, allocs)
	}
	for _, again := range []string{`"k00"`, `"k\u00301"`, `"k0` + strconv.Itoa(n-1) + `"`, `"k099999"`} {
		d := newDecoder([]byte(b.String()+","+again+":1}"), true)
		d.raw(true)
		err := d.finish()
		if e, ok := err.(*Error); !ok || !strings.HasPrefix(e.Message, "duplicate property") {
			t.Errorf("%s again: %v", again, err)
		}
	}
}

// Keys of one hash are compared unescaped; the comparison never writes into
// the document, whichever keys have escapes (a key without any is a slice
// of the document, which must not become the buffer the next one is
// unescaped into: it was, and a document of many keys could come back
// altered from Unmarshal).
func TestFirstRepeatLeavesDataAlone(t *testing.T) {
	for _, doc := range []string{
		`{"a":1,"\u0062":2,"c":3,"\u0064":4}`,
		`{"\u0061":1,"b":2,"\u0063":3,"d":4,"\u0064":5}`,
		`{"aaaa":1,"b":2,"\u0063\u0063\u0063\u0063\u0063\u0063":3,"b":4}`,
	} {
		data := []byte(doc)
		d := newDecoder(data, true)
		// Every key at one hash, in document order.
		var log []uint64
		for i := 1; i < len(data); i++ {
			if data[i] == '"' && (data[i-1] == '{' || data[i-1] == ',') {
				log = append(log, uint64(i))
			}
		}
		first, earlier := d.firstRepeat(log)
		if string(data) != doc {
			t.Errorf("%s: firstRepeat wrote into the document: %s", doc, data)
		}
		want := strings.LastIndex(doc, `"\u0064"`)
		if doc == `{"a":1,"\u0062":2,"c":3,"\u0064":4}` {
			want = -1
		} else if strings.Contains(doc, "aaaa") {
			want = strings.LastIndex(doc, `"b"`)
		}
		if first != want {
			t.Errorf("%s: first repeat at %d (of %d), want %d", doc, first, earlier, want)
		}
		d.finish()
	}
}

// Array-index keys are written where they come, as the other keys are
// (the TypeScript parse function keeps them there too), however many; and
// JSON.stringify(JSON.parse(text)) would write them first, in numeric
// order (parsedOrder).
func TestIndexKeysKept(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	perm := r.Perm(50000)
	var in, want strings.Builder
	in.WriteString(`{"z":0`)
	want.WriteString("{")
	for _, i := range perm {
		in.WriteString(`,"` + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	for i := range perm {
		want.WriteString(`"` + strconv.Itoa(i) + `":` + strconv.Itoa(i) + ",")
	}
	in.WriteString(`,"a":1}`)
	want.WriteString(`"z":0,"a":1}`)
	got, err := canonicalRaw(in.String())
	if err != nil || got != in.String() {
		t.Errorf("%.80s…: %.80s… %v", in.String(), got, err)
	}
	if js := string(parsedOrder(t, []byte(got))); js != want.String() {
		t.Errorf("parsedOrder: %.80s…, want %.80s…", js, want.String())
	}
}

// parsedOrder is the compact JSON text as JSON.stringify(JSON.parse(text))
// orders it: in every object, the array-index keys first, in numeric
// order, then the others in the order they came. It reads the text with
// encoding/json, apart from the decoder.
func parsedOrder(t testing.TB, text []byte) []byte {
	t.Helper()
	text = bytes.TrimSpace(text)
	if len(text) == 0 || text[0] != '{' && text[0] != '[' {
		return text
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	if _, err := dec.Token(); err != nil {
		t.Fatalf("parsedOrder %s: %v", text, err)
	}
	type member struct {
		key   string
		index uint32
		isIdx bool
		value []byte
	}
	var members []member
	for dec.More() {
		var m member
		if text[0] == '{' {
			tok, err := dec.Token()
			if err != nil {
				t.Fatalf("parsedOrder %s: %v", text, err)
			}
			m.key = tok.(string)
			m.index, m.isIdx = arrayIndex([]byte(m.key))
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("parsedOrder %s: %v", text, err)
		}
		m.value = parsedOrder(t, v)
		members = append(members, m)
	}
	slices.SortStableFunc(members, func(a, b member) int {
		switch {
		case a.isIdx && b.isIdx:
			return cmp.Compare(a.index, b.index)
		case a.isIdx:
			return -1
		case b.isIdx:
			return 1
		}
		return 0
	})
	out := []byte{text[0]}
	for i, m := range members {
		if i > 0 {
			out = append(out, ',')
		}
		if text[0] == '{' {
			out = append(appendString(out, []byte(m.key)), ':')
		}
		out = append(out, m.value...)
	}
	return append(out, text[len(text)-1])
}

// A repeated key of a big object, found when the object ends, ranks as one
// of a small object found at once: after the problems of the members (which
// the schema validator reports first), whatever their place.
func TestManyKeysRepeatOrder(t *testing.T) {
	for _, n := range []int{3, 100} {
		var keys strings.Builder
		for i := range n {
			keys.WriteString(`"k` + strconv.Itoa(i) + `":0,`)
		}
		for in, want := range map[string]string{
			`{` + keys.String() + `"k1":1,"x":1e400}`: "/x: " + infiniteMessage,
			`{` + keys.String() + `"k1":1,"x":1}`:     "/k1: duplicate property",
			`{"x":1e400,` + keys.String() + `"k1":1}`: "/x: " + infiniteMessage,
			`{` + keys.String() + `"k1":[1e400]}`:     "/k1/0: " + infiniteMessage,
		} {
			d := newDecoder([]byte(in), true)
			d.raw(true)
			err := d.finish()
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%d keys, %.40s…: %v, want %s…", n, in, err, want)
			}
		}
	}
}

// TestAppendStringWordEdges puts each kind of piece (an escape, a multi-byte
// character, a lone or paired surrogate, an invalid byte) at every offset of
// strings of 0 to 40 bytes, so that each lands on every position of the
// 8-byte words appendStringChecked reads (and of the last, overlapping one),
// and compares it with writing the string a rune at a time.
func TestAppendStringWordEdges(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "\x01", "\x1f", "é", "中", "😀", "\u2028",
		"\xed\xa0\xbd", "\xed\xa0\xbd\xed\xb8\x80", "\xff", "\xe4\xb8", " \x7f", "\x00 ", "\"#", "\\]", "\x1f!"}
	for n := 0; n <= 40; n++ {
		for at := 0; at <= n; at++ {
			for _, p := range pieces {
				for _, p2 := range []string{"", "\t", "ü"} {
					in := strings.Repeat("a", at) + p + strings.Repeat("b", n-at) + p2
					got, ok := appendStringChecked([]byte("x"), in)
					want, wantOK := appendStringRunes([]byte("x"), in)
					if string(got) != string(want) || ok != wantOK {
						t.Fatalf("appendStringChecked(%q) = %q %v, want %q %v", in, got, ok, want, wantOK)
					}
				}
			}
		}
	}
}

// appendStringRunes is appendStringChecked written plainly, a rune at a time.
func appendStringRunes(dst []byte, s string) ([]byte, bool) {
	ok := true
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\b':
			dst = append(dst, `\b`...)
		case c == '\f':
			dst = append(dst, `\f`...)
		case c == '\n':
			dst = append(dst, `\n`...)
		case c == '\r':
			dst = append(dst, `\r`...)
		case c == '\t':
			dst = append(dst, `\t`...)
		case c < 0x20:
			dst = fmt.Appendf(dst, `\u%04x`, c)
		case c < 0x80:
			dst = append(dst, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				dst = append(dst, s[i:i+size]...)
				i += size
				continue
			}
			hi, isSurrogate := surrogate(s[i:])
			if !isSurrogate {
				ok = false
				dst = append(dst, c)
				break
			}
			if lo, pair := surrogate(s[i+3:]); pair && hi < 0xdc00 && lo >= 0xdc00 {
				dst = utf8.AppendRune(dst, 0x10000+(hi-0xd800)<<10+(lo-0xdc00))
				i += 6
				continue
			}
			dst = fmt.Appendf(dst, `\u%04x`, hi)
			i += 3
			continue
		}
		i++
	}
	return append(dst, '"'), ok
}

// An object met where the path is as long as it can be without growing
// (a decoder's path starts with room for 16 steps), empty or cut short, is
// read without a panic.
func TestObjectAtPathCapacity(t *testing.T) {
	for depth := 0; depth < 80; depth++ {
		for _, object := range []string{"{}", `{"a":1}`, "{", `{"a"`} {
			ok := strings.HasSuffix(object, "}")
			in := strings.Repeat("[", depth) + object
			if ok {
				in += strings.Repeat("]", depth)
			}
			d := newDecoder([]byte(in), false)
			d.raw(false)
			if err := d.finish(); ok != (err == nil) {
				t.Errorf("%d levels, then %s: %v", depth, object, err)
			}
		}
	}
}
