package typescript

import (
	"strings"
	"testing"
)

// The expression layout is prettier's (default options): each case is
// what prettier 3 prints for the statement, checked by hand with prettier.
func TestExprLayout(t *testing.T) {
	c := func(fn string, args ...node) node { return call{fn: fn, args: args} }
	a := func(s string) node { return atom(s) }
	long := strings.Repeat("a", 40)
	cases := []struct {
		name string
		emit func(w *writer)
		want string
	}{
		{"fits", func(w *writer) { w.returns(c("c.unique", a("v"))) }, "return c.unique(v);\n"},
		{"if test on its own line", func(w *writer) {
			w.indent = 1
			w.ifOpen(not{c("c.enum", a("v"), array{a("literal0"), a("literal1"), a("literal2"), a("literal3"), a("literal4"), a("literal5x")})})
		}, "  if (\n    !c.enum(v, [literal0, literal1, literal2, literal3, literal4, literal5x])\n  ) {\n"},
		{"arguments one per line", func(w *writer) {
			w.ifOpen(not{c("c.pattern", a("v"), a("pattern0"), a(`"^`+long+long+`$"`))})
		}, "if (\n  !c.pattern(\n    v,\n    pattern0,\n    \"^" + long + long + "$\",\n  )\n) {\n"},
		{"last array hugged", func(w *writer) {
			w.returns(c("c.required", a("v"), array{a(`"aaaaaaaaaaaaaaaa"`), a(`"bbbbbbbbbbbbbbbbbbbbbb"`), a(`"ccccccccccccccccc"`)}))
		}, "return c.required(v, [\n  \"aaaaaaaaaaaaaaaa\",\n  \"bbbbbbbbbbbbbbbbbbbbbb\",\n  \"ccccccccccccccccc\",\n]);\n"},
		{"|| chain in parentheses", func(w *writer) {
			w.returns(or{a(`typeof v !== "number"`), c("c.bound", a("v"), a(`"exclusiveMaximum"`), a("12345678901234"), a("true"), a("true"))})
		}, "return (\n  typeof v !== \"number\" ||\n  c.bound(v, \"exclusiveMaximum\", 12345678901234, true, true)\n);\n"},
		{"|| chain on one line in parentheses", func(w *writer) {
			w.returns(or{a("!isObject(v)"), c("c.properties", a("v"), array{object{{"name", a(`"foo"`)}, {"fn", a("checkN0AllOf0Foo")}}}, a("ev"))})
		}, "return (\n  !isObject(v) || c.properties(v, [{ name: \"foo\", fn: checkN0AllOf0Foo }], ev)\n);\n"},
		{"objects of two fields always break", func(w *writer) {
			w.returns(c("c.properties", a("v"), array{object{{"name", a(`"a"`)}, {"fn", a("checkA")}}, object{{"name", a(`"b"`)}, {"fn", a("checkB")}}}, a("ev")))
		}, "return c.properties(\n  v,\n  [\n    { name: \"a\", fn: checkA },\n    { name: \"b\", fn: checkB },\n  ],\n  ev,\n);\n"},
		{"numbers fill lines", func(w *writer) {
			var nums array
			for i := 1; i <= 30; i++ {
				nums = append(nums, integer(i))
			}
			w.expr("const e = ", nums, ";")
		}, "const e = [\n  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,\n  23, 24, 25, 26, 27, 28, 29, 30,\n];\n"},
		{"declaration on one line", func(w *writer) {
			w.declare("const closestA =", object{{"kinds", array{a("Types.integer"), a("Types.object")}}})
		}, "const closestA = { kinds: [Types.integer, Types.object] };\n"},
		{"declaration whose head and brace do not fit: the literal on the next line", func(w *writer) {
			w.declare("const closest"+strings.Repeat("Long", 17)+" =", object{{"kinds", array{a("Types.integer"), a("Types.object")}}})
		}, "const closest" + strings.Repeat("Long", 17) + " =\n  { kinds: [Types.integer, Types.object] };\n"},
		{"declaration on the next line, broken", func(w *writer) {
			w.declare("const closest"+strings.Repeat("Long", 17)+" =", object{{"tag", a(`"kind"`)},
				{"tags", array{a(`"aaaaaaaaaaaaaaaaaaa"`), a(`"bbbbbbbbbbbbbbbbbbbbbbb"`), a(`"ccccccccccc"`)}},
				{"kinds", array{a("Types.integer"), a("Types.object")}}})
		}, "const closest" + strings.Repeat("Long", 17) + " =\n  {\n    tag: \"kind\",\n" +
			"    tags: [\"aaaaaaaaaaaaaaaaaaa\", \"bbbbbbbbbbbbbbbbbbbbbbb\", \"ccccccccccc\"],\n" +
			"    kinds: [Types.integer, Types.object],\n  };\n"},
	}
	for _, tc := range cases {
		var w writer
		tc.emit(&w)
		if got := w.buf.String(); got != tc.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestJSNumber(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0", 1: "1", -1.5: "-1.5", 0.01: "0.01", 1e21: "1e21", 1e20: "100000000000000000000",
		1e-7: "1e-7", 1.5e300: "1.5e300", 5e-324: "5e-324",
	} {
		if got := jsNumber(f); got != want {
			t.Errorf("jsNumber(%v) = %s, want %s", f, got, want)
		}
	}
}
