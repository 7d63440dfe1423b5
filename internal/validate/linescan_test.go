package validate

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
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
		kind    jsonrt.ProblemKind // 0: well-formed
		pointer string
	}{
		{`{}`, 0, ""},
		{` {"a" : [1, -2.5e+3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]} `, 0, ""},
		{`"\ud83d\udc27 \ud800 lone surrogates are JSON"`, 0, ""},
		{"{\"a\":1}\r", 0, ""},
		{`0`, 0, ""},
		{`-0.0e-0`, 0, ""},
		{`{"a":1,"b":{"a":2}}`, 0, ""}, // the same key in different objects
		{deep(jsonrt.MaxDepth), 0, ""},

		{`{"a":1,"a":2}`, jsonrt.ProblemDuplicate, "/a"},
		{`{"p":{"x":[{"k":1,"k":1}]}}`, jsonrt.ProblemDuplicate, "/p/x/0/k"},
		{`{"type":1,"\u0074ype":2}`, jsonrt.ProblemDuplicate, "/type"},
		{`{"a/b~":1,"a/b~":2}`, jsonrt.ProblemDuplicate, "/a~1b~0"},
		{`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}`, jsonrt.ProblemDuplicate, "/k3"},
		{`{"\ud800":1,"\ud801":2,"\udc00":3}`, 0, ""}, // lone surrogates are distinct keys
		{`{"\ud800":1,"\uD800":2}`, jsonrt.ProblemDuplicate, "/\xed\xa0\x80"},
		{`{` + keysUpTo(40) + `}`, 0, ""},
		{`{` + keysUpTo(40) + `,"k7":1}`, jsonrt.ProblemDuplicate, "/k7"},
		{`{"a":{` + keysUpTo(40) + `,"k7":1},"b":[tru]}`, jsonrt.ProblemDuplicate, "/a/k7"}, // found at its '}'
		{`{"a":{` + keysUpTo(40) + `,"k7":1,"b":[tru]}}`, jsonrt.ProblemDuplicate, "/a/k7"}, // before a later problem
		{`{"a":{` + keysUpTo(40) + `,"k7":1,"b":{"x":1,"x":2}}}`, jsonrt.ProblemDuplicate, "/a/k7"},
		{`{"a":{` + keysUpTo(40) + `,"b":{"x":1,"x":2},"k7":1}}`, jsonrt.ProblemDuplicate, "/a/b/x"},
		{`[1e-400,-2e-324,1.7976931348623157e308,` + strings.Repeat("9", 308) + `]`, 0, ""},
		{`[0,1e400]`, jsonrt.ProblemNumber, "/1"},
		{`{"a":-1.7976931348623159E+308}`, jsonrt.ProblemNumber, "/a"},
		{`[` + strings.Repeat("9", 309) + `]`, jsonrt.ProblemNumber, "/0"},

		{``, jsonrt.ProblemSyntax, ""},
		{`{`, jsonrt.ProblemSyntax, ""},
		{`{"a":`, jsonrt.ProblemSyntax, "/a"},
		{`{"a":1`, jsonrt.ProblemSyntax, ""},
		{`{"a":1,}`, jsonrt.ProblemSyntax, ""},
		{`[1,]`, jsonrt.ProblemSyntax, "/1"},
		{`{"payload":{"text":"abc`, jsonrt.ProblemSyntax, "/payload/text"},
		{`{"a" 1}`, jsonrt.ProblemSyntax, "/a"},
		{`{a:1}`, jsonrt.ProblemSyntax, ""},
		{`{'a':1}`, jsonrt.ProblemSyntax, ""},
		{`[01]`, jsonrt.ProblemSyntax, ""},
		{`[1.]`, jsonrt.ProblemSyntax, "/0"},
		{`[.5]`, jsonrt.ProblemSyntax, "/0"},
		{`[1e]`, jsonrt.ProblemSyntax, "/0"},
		{`[-]`, jsonrt.ProblemSyntax, "/0"},
		{`[+1]`, jsonrt.ProblemSyntax, "/0"},
		{`[NaN]`, jsonrt.ProblemSyntax, "/0"},
		{`[tru]`, jsonrt.ProblemSyntax, "/0"},
		{`nul`, jsonrt.ProblemSyntax, ""},
		{`"a\x"`, jsonrt.ProblemSyntax, ""},
		{`"\u12G4"`, jsonrt.ProblemSyntax, ""},
		{"\"tab\there\"", jsonrt.ProblemSyntax, ""},
		{"\"nul\x00\"", jsonrt.ProblemSyntax, ""},
		{`{} {}`, jsonrt.ProblemSyntax, ""},
		{`{}x`, jsonrt.ProblemSyntax, ""},
		{`1 2`, jsonrt.ProblemSyntax, ""},
		{"\ufeff{}", jsonrt.ProblemSyntax, ""},
		{deep(jsonrt.MaxDepth + 1), jsonrt.ProblemDepth, "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0"},

		{"\"\xff\"", jsonrt.ProblemUTF8, ""},
		{"{\"a\":\"\xc0\xaf\"}", jsonrt.ProblemUTF8, "/a"},
		{"[\"\xed\xa0\x80\"]", jsonrt.ProblemUTF8, "/0"},
		{"{\"\xe9\":1}", jsonrt.ProblemUTF8, ""},
		{"[\xff]", jsonrt.ProblemUTF8, "/0"},
		{"\"\xe2\x82", jsonrt.ProblemSyntax, ""}, // cut inside a character: the line ends early
	}
	var sc jsonrt.LineScanner
	for _, tt := range tests {
		p := sc.Check([]byte(tt.line))
		switch {
		case p == nil && tt.kind != 0:
			t.Errorf("%.60q: accepted, want problem %d at %q", tt.line, tt.kind, tt.pointer)
		case p != nil && tt.kind == 0:
			t.Errorf("%.60q: %s (%s), want well-formed", tt.line, p.Message, p.Pointer)
		case p != nil && (p.Kind != tt.kind || p.Pointer != tt.pointer):
			t.Errorf("%.60q: problem %d at %q (%s), want %d at %q", tt.line, p.Kind, p.Pointer, p.Message, tt.kind, tt.pointer)
		}
		if p == nil || tt.kind == jsonrt.ProblemDepth {
			continue
		}
		if p.Message == "" {
			t.Errorf("%.60q: no message", tt.line)
		}
		// The reader and the reference agree on every one of them.
		compareWithReference(t, []byte(tt.line))
	}
}

// referenceWellFormed is what the reader (jsonrt.LineScanner) must answer, from the standard
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
// JSON) has a key twice in an object, nests deeper than jsonrt.MaxDepth or has a
// number JavaScript reads as Infinity. It is not sure of a repeat between
// keys with U+FFFD in them: encoding/json decodes every lone surrogate so,
// where JSON.parse (and the reader) keep them apart.
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
			if len(stack) > jsonrt.MaxDepth {
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

// compareWithReference checks the reader against the reference, and the
// decoder against the schema engine's own decoding.
func compareWithReference(t *testing.T, line []byte) {
	t.Helper()
	var sc jsonrt.LineScanner
	p := sc.Check(line)
	if want, sure := referenceWellFormed(line); sure && (p == nil) != want {
		msg := "accepted"
		if p != nil {
			msg = p.Message
		}
		t.Fatalf("%.80q: reader: %s; the reference says well-formed=%v", line, msg, want)
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
