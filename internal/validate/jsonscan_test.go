package validate

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// keysUpTo is the members "k0":0,… "k<n-1>":0 of an object.
func keysUpTo(n int) string {
	var sb strings.Builder
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`"k` + strconv.Itoa(i) + `":0`)
	}
	return sb.String()
}

func TestScannerAnswers(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	tests := []struct {
		line    string
		kind    problemKind // 0: well-formed
		pointer string
	}{
		{`{}`, 0, ""},
		{` {"a" : [1, -2.5e+3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]} `, 0, ""},
		{`"\ud83d\udc27 \ud800 lone surrogates are JSON"`, 0, ""},
		{"{\"a\":1}\r", 0, ""},
		{`0`, 0, ""},
		{`-0.0e-0`, 0, ""},
		{`{"a":1,"b":{"a":2}}`, 0, ""}, // the same key in different objects
		{deep(maxDepth), 0, ""},

		{`{"a":1,"a":2}`, probDuplicate, "/a"},
		{`{"p":{"x":[{"k":1,"k":1}]}}`, probDuplicate, "/p/x/0/k"},
		{`{"type":1,"\u0074ype":2}`, probDuplicate, "/type"},
		{`{"a/b~":1,"a/b~":2}`, probDuplicate, "/a~1b~0"},
		{`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}`, probDuplicate, "/k3"},
		{`{"\ud800":1,"\ud801":2,"\udc00":3}`, 0, ""}, // lone surrogates are distinct keys
		{`{"\ud800":1,"\uD800":2}`, probDuplicate, "/\xed\xa0\x80"},
		{`{` + keysUpTo(40) + `}`, 0, ""},
		{`{` + keysUpTo(40) + `,"k7":1}`, probDuplicate, "/k7"},
		{`{"a":{` + keysUpTo(40) + `,"k7":1},"b":[tru]}`, probDuplicate, "/a/k7"}, // found at its '}'
		{`{"a":{` + keysUpTo(40) + `,"k7":1,"b":[tru]}}`, probDuplicate, "/a/k7"}, // before a later problem
		{`{"a":{` + keysUpTo(40) + `,"k7":1,"b":{"x":1,"x":2}}}`, probDuplicate, "/a/k7"},
		{`{"a":{` + keysUpTo(40) + `,"b":{"x":1,"x":2},"k7":1}}`, probDuplicate, "/a/b/x"},
		{`[1e-400,-2e-324,1.7976931348623157e308,` + strings.Repeat("9", 308) + `]`, 0, ""},
		{`[0,1e400]`, probNumber, "/1"},
		{`{"a":-1.7976931348623159E+308}`, probNumber, "/a"},
		{`[` + strings.Repeat("9", 309) + `]`, probNumber, "/0"},

		{``, probSyntax, ""},
		{`{`, probSyntax, ""},
		{`{"a":`, probSyntax, "/a"},
		{`{"a":1`, probSyntax, ""},
		{`{"a":1,}`, probSyntax, ""},
		{`[1,]`, probSyntax, "/1"},
		{`{"payload":{"text":"abc`, probSyntax, "/payload/text"},
		{`{"a" 1}`, probSyntax, "/a"},
		{`{a:1}`, probSyntax, ""},
		{`{'a':1}`, probSyntax, ""},
		{`[01]`, probSyntax, ""},
		{`[1.]`, probSyntax, "/0"},
		{`[.5]`, probSyntax, "/0"},
		{`[1e]`, probSyntax, "/0"},
		{`[-]`, probSyntax, "/0"},
		{`[+1]`, probSyntax, "/0"},
		{`[NaN]`, probSyntax, "/0"},
		{`[tru]`, probSyntax, "/0"},
		{`nul`, probSyntax, ""},
		{`"a\x"`, probSyntax, ""},
		{`"\u12G4"`, probSyntax, ""},
		{"\"tab\there\"", probSyntax, ""},
		{"\"nul\x00\"", probSyntax, ""},
		{`{} {}`, probSyntax, ""},
		{`{}x`, probSyntax, ""},
		{`1 2`, probSyntax, ""},
		{"\ufeff{}", probSyntax, ""},
		{deep(maxDepth + 1), probDepth, "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0"},

		{"\"\xff\"", probUTF8, ""},
		{"{\"a\":\"\xc0\xaf\"}", probUTF8, "/a"},
		{"[\"\xed\xa0\x80\"]", probUTF8, "/0"},
		{"{\"\xe9\":1}", probUTF8, ""},
		{"[\xff]", probUTF8, "/0"},
		{"\"\xe2\x82", probSyntax, ""}, // cut inside a character: the line ends early
	}
	var sc scanner
	for _, tt := range tests {
		p := sc.check([]byte(tt.line))
		switch {
		case p == nil && tt.kind != 0:
			t.Errorf("%.60q: accepted, want problem %d at %q", tt.line, tt.kind, tt.pointer)
		case p != nil && tt.kind == 0:
			t.Errorf("%.60q: %s (%s), want well-formed", tt.line, p.message, p.pointer)
		case p != nil && (p.kind != tt.kind || p.pointer != tt.pointer):
			t.Errorf("%.60q: problem %d at %q (%s), want %d at %q", tt.line, p.kind, p.pointer, p.message, tt.kind, tt.pointer)
		}
		if p == nil || tt.kind == probDepth {
			continue
		}
		if p.message == "" {
			t.Errorf("%.60q: no message", tt.line)
		}
		// The scanner and the reference agree on every one of them.
		compareWithReference(t, []byte(tt.line))
	}
}

// referenceWellFormed is what the scanner must answer, from the standard
// library: syntax and depth by encoding/json, UTF-8 by unicode/utf8, and
// duplicate keys by walking encoding/json's tokens.
func referenceWellFormed(data []byte) (ok, sure bool) {
	if !json.Valid(data) || !utf8.Valid(data) {
		return false, true
	}
	dup, sure := referenceDuplicate(data)
	return !dup, sure
}

// referenceDuplicate tells, with encoding/json's tokens, whether data (valid
// JSON) has a key twice in an object, nests deeper than maxDepth or has a
// number JavaScript reads as Infinity. It is not sure of a repeat between
// keys with U+FFFD in them: encoding/json decodes every lone surrogate so,
// where JSON.parse (and the scanner) keep them apart.
func referenceDuplicate(data []byte) (bad, sure bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		object    bool
		keys      map[string]bool
		expectKey bool
	}
	var stack []*frame
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].expectKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return false, true // the end
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
			top := stack[n-1]
			if tok == json.Delim('}') {
				stack = stack[:n-1]
				valueDone()
				continue
			}
			k := tok.(string)
			if top.keys[k] {
				return true, !strings.ContainsRune(k, utf8.RuneError)
			}
			top.keys[k] = true
			top.expectKey = false
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, &frame{object: tok == json.Delim('{'), keys: map[string]bool{}, expectKey: true})
			if len(stack) > maxDepth {
				return true, true
			}
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			if n, ok := tok.(json.Number); ok {
				if f, _ := strconv.ParseFloat(string(n), 64); math.IsInf(f, 0) {
					return true, true
				}
			}
			valueDone()
		}
	}
}

// compareWithReference checks the scanner against the reference, and the
// decoder against the schema engine's own decoding.
func compareWithReference(t *testing.T, line []byte) {
	t.Helper()
	var sc scanner
	p := sc.check(line)
	if want, sure := referenceWellFormed(line); sure && (p == nil) != want {
		msg := "accepted"
		if p != nil {
			msg = p.message
		}
		t.Fatalf("%.80q: scanner: %s; the reference says well-formed=%v", line, msg, want)
	}
	if p != nil {
		return
	}
	if _, err := jsonschema.UnmarshalJSON(bytes.NewReader(line)); err != nil {
		t.Fatalf("%.80q: accepted, but the engine cannot decode it: %v", line, err)
	}
}

func TestScannerAgreesWithReferenceOnConformanceVectors(t *testing.T) {
	for _, file := range []string{"testdata/conformance/valid.jsonl", "testdata/conformance/invalid.jsonl"} {
		for _, v := range vectors(t, file) {
			compareWithReference(t, v.Message)
		}
	}
}

func TestUnquote(t *testing.T) {
	for _, s := range []string{`plain`, `a\"b\\c\/d\be\ff\ng\rh\ti`, `\u00e9\u4e2d\ud83d\udc27`, `\ud800`, `\udc00\ud800x`, `\ud800\u0041`, `\ud83d\ud83d\udc27`} {
		var want string
		if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
			t.Fatal(err)
		}
		if got := string(unquote(nil, []byte(s))); got != want {
			t.Errorf("unquote(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestUnquoteOffsets puts each escape at every offset of a word, after a
// prefix in dst, for the word-at-a-time copy.
func TestUnquoteOffsets(t *testing.T) {
	for _, e := range []string{`\"`, `\\`, `\n`, `\u00e9`, `\ud83d\udc27`, `\ud800`, `é`, `\/`} {
		for n := 0; n < 20; n++ {
			for _, s := range []string{strings.Repeat("a", n) + e, e + strings.Repeat("b", n) + e + e, strings.Repeat("c", n) + e + strings.Repeat("d", 9)} {
				var want string
				if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
					t.Fatal(err)
				}
				if got := string(unquote([]byte("pre"), []byte(s))); got != "pre"+want {
					t.Errorf("unquote(%q) = %q, want %q", s, got, "pre"+want)
				}
			}
		}
	}
}

func TestSkipValue(t *testing.T) {
	line := []byte(`{"a":"x\\\"}","b":[1,{"c":"]"}],"d":-1.5e3,"e":true}`)
	var keys []string
	end := members(line, 0, func(k []byte, s int) int {
		e := skipValue(line, s)
		keys = append(keys, string(k)+"="+string(line[s:e]))
		return e
	})
	if end != len(line) {
		t.Errorf("members ends at %d, want %d", end, len(line))
	}
	want := []string{`a="x\\\"}"`, `b=[1,{"c":"]"}]`, `d=-1.5e3`, `e=true`}
	if !equalLists(keys, want) {
		t.Errorf("members: %q, want %q", keys, want)
	}
}

// TestSkipString compares skipString with the plain reading of a string
// (the closing quote is the first not escaped), with escapes at every offset
// and after long plain runs.
func TestSkipString(t *testing.T) {
	ref := func(data []byte, i int) int {
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '"':
				return j + 1
			case '\\':
				j++
			}
		}
		return len(data)
	}
	for _, e := range []string{`\"`, `\\`, `\\\"`, `\\\\`, `\n`, `\u0022`, `é`, `\/`, strings.Repeat(`\"a\\`, 30), strings.Repeat(`\\\"`, 25)} {
		for n := 0; n < 300; n += 1 + n/10 {
			for _, body := range []string{strings.Repeat("a", n) + e, e + strings.Repeat("b", n) + e + e, strings.Repeat("c", n) + e + strings.Repeat("d", n) + e} {
				for _, tail := range []string{`"`, `","k":"v"}`, `"` + strings.Repeat(`\"`, 9)} {
					line := []byte(`"` + body + tail)
					if got, want := skipString(line, 0), ref(line, 0); got != want {
						t.Errorf("skipString(%q) = %d, want %d", line, got, want)
					}
				}
			}
		}
	}
}
