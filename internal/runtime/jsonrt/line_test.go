package jsonrt

import (
	"fmt"
	"strings"
	"testing"
)

// keysTo is the members "k0":0,… "k<n-1>":0 of an object.
func keysTo(n int) string {
	var sb strings.Builder
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"k%d":0`, i)
	}
	return sb.String()
}

// TestLineScannerWords holds each wording of LineScanner to what omnigen
// validate has always said (the findings of the reader it replaced), with
// where: the first problem of the line, its pointer and offset, and whether
// the line ends early.
func TestLineScannerWords(t *testing.T) {
	tests := []struct {
		line string
		want *Problem
	}{
		{"", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected a value", Offset: 0, Early: true}},
		{"   ", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected a value", Offset: 3, Early: true}},
		{"{", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected a string key", Offset: 1, Early: true}},
		{"{\"a\"", &Problem{Kind: ProblemSyntax, Pointer: "/a", Message: "invalid JSON: the line ends early, expected ':' after the key", Offset: 4, Early: true}},
		{"{\"a\" 1}", &Problem{Kind: ProblemSyntax, Pointer: "/a", Message: "invalid JSON: unexpected character '1' at col 6, expected ':' after the key", Offset: 5}},
		{"{\"a\":", &Problem{Kind: ProblemSyntax, Pointer: "/a", Message: "invalid JSON: the line ends early, expected a value", Offset: 5, Early: true}},
		{"{\"a\":1", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected ',' or '}'", Offset: 6, Early: true}},
		{"{\"a\":1 \"b\":2}", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character '\"' at col 8, expected ',' or '}'", Offset: 7}},
		{"{\"a\":1,}", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character '}' at col 8, expected a string key", Offset: 7}},
		{"{a:1}", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character 'a' at col 2, expected a string key", Offset: 1}},
		{"[", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: the line ends early, expected a value", Offset: 1, Early: true}},
		{"[1,", &Problem{Kind: ProblemSyntax, Pointer: "/1", Message: "invalid JSON: the line ends early, expected a value", Offset: 3, Early: true}},
		{"[1 2]", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character '2' at col 4, expected ',' or ']'", Offset: 3}},
		{"[1,]", &Problem{Kind: ProblemSyntax, Pointer: "/1", Message: "invalid JSON: unexpected character ']' at col 4, expected a value", Offset: 3}},
		{"[}", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character '}' at col 2, expected a value", Offset: 1}},
		{"-", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected a digit", Offset: 1, Early: true}},
		{"-x", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character 'x' at col 2, expected a digit", Offset: 1}},
		{"[1.]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character ']' at col 4, expected a digit after the decimal point", Offset: 3}},
		{"[1.x]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character 'x' at col 4, expected a digit after the decimal point", Offset: 3}},
		{"[1e]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character ']' at col 4, expected a digit in the exponent", Offset: 3}},
		{"[1e+]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character ']' at col 5, expected a digit in the exponent", Offset: 4}},
		{"[1E-x]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character 'x' at col 5, expected a digit in the exponent", Offset: 4}},
		{"[01]", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character '1' at col 3, expected ',' or ']'", Offset: 2}},
		{"tru", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected true", Offset: 3, Early: true}},
		{"trux", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character 'x' at col 4, expected true", Offset: 3}},
		{"[nul]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character ']' at col 5, expected null", Offset: 4}},
		{"fals", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected false", Offset: 4, Early: true}},
		{"\"\\", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected an escape sequence", Offset: 2, Early: true}},
		{"\"\\x\"", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character 'x' at col 3, expected an escape character (one of \"\\/bfnrtu) after '\\'", Offset: 2}},
		{"\"\\u12", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected 4 hex digits after \\u", Offset: 5, Early: true}},
		{"\"\\u12G4\"", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character 'G' at col 6, expected 4 hex digits after \\u", Offset: 5}},
		{"\"abc", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected the end of a string", Offset: 4, Early: true}},
		{"\"tab\there\"", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: control character U+0009 in a string at col 5 (it must be escaped)", Offset: 4}},
		{"\"nul\x00\"", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: control character U+0000 in a string at col 5 (it must be escaped)", Offset: 4}},
		{"\x00", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character U+0000 at col 1, expected a value", Offset: 0}},
		{"[\x00]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character U+0000 at col 2, expected a value", Offset: 1}},
		{"{}x", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: data after the value at col 3 (character 'x')", Offset: 2}},
		{"1 2", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: data after the value at col 3 (character '2')", Offset: 2}},
		{"\ufeff{}", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: unexpected character U+FEFF at col 1, expected a value", Offset: 0}},
		{"[é]", &Problem{Kind: ProblemSyntax, Pointer: "/0", Message: "invalid JSON: unexpected character U+00E9 at col 2, expected a value", Offset: 1}},
		{"\"\xff\"", &Problem{Kind: ProblemUTF8, Pointer: "", Message: "invalid UTF-8 at col 2 (byte 0xff)", Offset: 1}},
		{"\"\xff", &Problem{Kind: ProblemUTF8, Pointer: "", Message: "invalid UTF-8 at col 2 (byte 0xff)", Offset: 1}},
		{"\"\xe2\x82", &Problem{Kind: ProblemSyntax, Pointer: "", Message: "invalid JSON: the line ends early, expected the end of a string", Offset: 3, Early: true}},
		{"\"\xe2\x01\"", &Problem{Kind: ProblemUTF8, Pointer: "", Message: "invalid UTF-8 at col 2 (byte 0xe2)", Offset: 1}},
		{"[\xff]", &Problem{Kind: ProblemUTF8, Pointer: "/0", Message: "invalid JSON: unexpected byte 0xff (invalid UTF-8) at col 2, expected a value", Offset: 1}},
		{"{\"\xe9\":1}", &Problem{Kind: ProblemUTF8, Pointer: "", Message: "invalid UTF-8 at col 3 (byte 0xe9)", Offset: 2}},
		{"\"\xff\\x\"", &Problem{Kind: ProblemUTF8, Pointer: "", Message: "invalid UTF-8 at col 2 (byte 0xff)", Offset: 1}},
		{"{\"a\":1,\"a\":2}", &Problem{Kind: ProblemDuplicate, Pointer: "/a", Message: "duplicate key \"a\" (first at col 2, again at col 8): the object is ambiguous", Offset: 7}},
		{"{\"a\":1,\"a\"", &Problem{Kind: ProblemDuplicate, Pointer: "/a", Message: "duplicate key \"a\" (first at col 2, again at col 8): the object is ambiguous", Offset: 7}},
		{"{\"a\":1,\"a\" 2}", &Problem{Kind: ProblemDuplicate, Pointer: "/a", Message: "duplicate key \"a\" (first at col 2, again at col 8): the object is ambiguous", Offset: 7}},
		{"{\"p\":{\"x\":[{\"k\":1,\"k\":1}]}}", &Problem{Kind: ProblemDuplicate, Pointer: "/p/x/0/k", Message: "duplicate key \"k\" (first at col 13, again at col 19): the object is ambiguous", Offset: 18}},
		{"{\"\\ud800\":1,\"\\uD800\":2}", &Problem{Kind: ProblemDuplicate, Pointer: "/\xed\xa0\x80", Message: "duplicate key \"\\xed\\xa0\\x80\" (first at col 2, again at col 13): the object is ambiguous", Offset: 12}},
		{"{\"a/b~\":1,\"a/b~\":2}", &Problem{Kind: ProblemDuplicate, Pointer: "/a~1b~0", Message: "duplicate key \"a/b~\" (first at col 2, again at col 11): the object is ambiguous", Offset: 10}},
		{`{` + keysTo(20) + `,"k3":1}`, &Problem{Kind: ProblemDuplicate, Pointer: "/k3", Message: "duplicate key \"k3\" (first at col 23, again at col 152): the object is ambiguous", Offset: 151}},
		{`{` + keysTo(20) + `,"k3"`, &Problem{Kind: ProblemDuplicate, Pointer: "/k3", Message: "duplicate key \"k3\" (first at col 23, again at col 152): the object is ambiguous", Offset: 151}},
		{`{"a":{` + keysTo(40) + `,"k7":1,"b":[tru]}}`, &Problem{Kind: ProblemDuplicate, Pointer: "/a/k7", Message: "duplicate key \"k7\" (first at col 56, again at col 317): the object is ambiguous", Offset: 316}},
		{`{"a":{` + keysTo(40) + `,"b":{"x":1,"x":2},"k7":1}}`, &Problem{Kind: ProblemDuplicate, Pointer: "/a/b/x", Message: "duplicate key \"x\" (first at col 322, again at col 328): the object is ambiguous", Offset: 327}},
		{`{` + keysTo(20) + `,"k3":1,"z":{` + keysTo(20) + `,"k1":1}}`, &Problem{Kind: ProblemDuplicate, Pointer: "/k3", Message: "duplicate key \"k3\" (first at col 23, again at col 152): the object is ambiguous", Offset: 151}},
		{"[0,1e400]", &Problem{Kind: ProblemNumber, Pointer: "/1", Message: "number 1e400 at col 4 is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", Offset: 8}},
		{"{\"a\":-1.7976931348623159E+308}", &Problem{Kind: ProblemNumber, Pointer: "/a", Message: "number -1.7976931348623159E+308 at col 6 is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", Offset: 29}},
		{`[` + strings.Repeat("9", 309) + `]`, &Problem{Kind: ProblemNumber, Pointer: "/0", Message: "number 9999999999999999999999999999999999999999… at col 2 is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", Offset: 310}},
		{"[1e40000000000000000000000000000000000000000000000000000]", &Problem{Kind: ProblemNumber, Pointer: "/0", Message: "number 1e40000000000000000000000000000000000000… at col 2 is beyond what JavaScript can represent: JSON.parse reads it as Infinity, and JSON.stringify writes null", Offset: 56}},
		{strings.Repeat("[", 1001), &Problem{Kind: ProblemDepth, Pointer: "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0", Message: "nesting deeper than 1000 levels at col 1001 (the limit of the generated Go and TypeScript decoders)", Offset: 1000}},
		{`{"a":` + strings.Repeat("[", 1000) + `}`, &Problem{Kind: ProblemDepth, Pointer: "/a/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0", Message: "nesting deeper than 1000 levels at col 1005 (the limit of the generated Go and TypeScript decoders)", Offset: 1004}},
	}
	var s LineScanner
	for _, tt := range tests {
		got := s.Check([]byte(tt.line))
		switch {
		case got == nil && tt.want == nil:
		case got == nil || tt.want == nil || *got != *tt.want:
			t.Errorf("%.80q:\n got %+v\nwant %+v", tt.line, got, tt.want)
		}
	}
}

// TestResetForgetsInput: a decoder put back in the pool holds nothing that
// points into the document it read, also after the syntax errors whose
// member first mode names (a typed decoder reads objects with nextKey, not
// objectValue, which would note the key in keyPath).
func TestResetForgetsInput(t *testing.T) {
	for _, first := range []bool{false, true} {
		for _, doc := range []string{`{"name" 1}`, `{"a":{"name"}}`, `[1,`, `{"a":[{"b" 2}]}`} {
			d := &decoder{data: []byte(doc), first: first}
			if first {
				d.value(nil)
			} else {
				for d.beginObject() && d.nextKey(0) {
					d.push(string(d.key)) // as typed code names a property
					if d.peek() != '{' {
						break
					}
				}
			}
			d.reset()
			for i, s := range d.path[:cap(d.path)] {
				if s.key != nil {
					t.Errorf("first=%v %s: path[%d] still holds key %q", first, doc, i, s.key)
				}
			}
		}
	}
}
