package regexrt

import (
	"regexp"
	"strings"
	"testing"
)

// ecmaDifference is one way Go's regexp reads a pattern differently from
// ECMA-262; README.md lists them with how the generated code handles each.
// JavaScript matches every string of match and none of noMatch (the node
// test checks that too); goRegexp says what Go's regexp does with the pattern
// as written: "rejects" it, or "differs" on one of the strings.
type ecmaDifference struct {
	what     string
	pattern  string
	flags    string // the flag Analyze must choose
	match    []string
	noMatch  []string
	goRegexp string
	re2      bool // whether Analyze must give an RE2 translation
}

var ecmaDifferences = []ecmaDifference{
	{what: `\s is ECMA-262's WhiteSpace and LineTerminator, Go's only [\t\n\f\r ]`,
		pattern: `^\s$`, flags: "u", re2: true, goRegexp: "differs",
		match:   []string{" ", "\t", "\v", "\f", "\u00a0", "\ufeff", "\u2003", "\u2028", "\u2029", "\u3000"},
		noMatch: []string{"x", "\u200b", "\u180e", "  "}},
	{what: `\S is the complement of ECMA-262's \s`,
		pattern: `^\S$`, flags: "u", re2: true, goRegexp: "differs",
		match:   []string{"x", "\u200b", "😀"},
		noMatch: []string{"\v", "\u00a0", "\ufeff", "\u2028"}},
	{what: `. leaves out \n, \r, U+2028 and U+2029; Go's only \n`,
		pattern: `^.$`, flags: "u", re2: true, goRegexp: "differs",
		match:   []string{"a", "😀", "\u0085"},
		noMatch: []string{"\n", "\r", "\u2028", "\u2029"}},
	{what: `a lone surrogate (kept as WTF-8) is one character; Go's regexp reads three U+FFFD`,
		pattern: `^.$`, flags: "u", re2: true, goRegexp: "differs",
		match: []string{wtf8([]uint16{0xd800}), wtf8([]uint16{0xdfff})}},
	{what: `without the u flag a string is UTF-16 code units: a character beyond the BMP is two`,
		pattern: `^[^\:]{2}$`, flags: "", re2: true, goRegexp: "differs",
		match:   []string{"😀", "ab"},
		noMatch: []string{"a", "😀😀", "a:"}},
	{what: `without the u flag a quantifier after a character beyond the BMP repeats its low surrogate`,
		pattern: `^😀{2}\:$`, flags: "", re2: false, goRegexp: "differs",
		match:   []string{"😀" + wtf8([]uint16{0xde00}) + ":"},
		noMatch: []string{"😀😀:"}},
	{what: `\cX is a control character; Go has no \c`,
		pattern: `^\cJ\cj$`, flags: "u", re2: true, goRegexp: "rejects",
		match: []string{"\n\n"}, noMatch: []string{"cJcj", "\\cJ\\cj"}},
	{what: `\uXXXX, \u{X...} and a surrogate pair \uD83D\uDE00 are escapes; Go writes \x{X...}`,
		pattern: `^\u0041\u{1F600}\uD83D\uDE00$`, flags: "u", re2: true, goRegexp: "rejects",
		match: []string{"A😀😀"}, noMatch: []string{"u0041"}},
	{what: `[] matches nothing and [^] any character; Go reads [^][] as one class`,
		pattern: `^[^][]?$`, flags: "u", re2: true, goRegexp: "differs",
		match: []string{"a", "\n"}, noMatch: []string{"", "ab"}},
	{what: `look-ahead, which Go's regexp lacks`,
		pattern: `^(?!pattern$).*$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{"patterns", "", "x"}, noMatch: []string{"pattern"}},
	{what: `look-behind, of any width, which Go's regexp lacks`,
		pattern: `(?<=\$\d+)\.\d\d(?<!00)$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{"$12.50"}, noMatch: []string{"$12.00", "12.50"}},
	{what: `back-references, which Go's regexp lacks`,
		pattern: `^(['"])[a-z]*\1$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{`'abc'`, `""`}, noMatch: []string{`'abc"`}},
	{what: `named groups and \k<name> back-references; Go rejects \k and a $ in a name`,
		pattern: `^(?<$q>['"])\k<$q>$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{`''`}, noMatch: []string{`'"`}},
	{what: `a group that has not matched is the empty string to a back-reference`,
		pattern: `^(?:(a)|b)\1c$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{"aac", "bc"}, noMatch: []string{"bbc"}},
	{what: `each iteration of a quantifier resets the groups inside it`,
		pattern: `^(?:(a)|b)+\1$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{"ab", "abaa", "b"}, noMatch: []string{"aba"}},
	{what: `\p{...} takes long names, aliases, gc= and sc=; Go knows short names and script names`,
		pattern: `^\p{Lowercase_Letter}\p{sc=Greek}\p{Script=Latn}$`, flags: "u", re2: true, goRegexp: "rejects",
		match: []string{"aαb"}, noMatch: []string{"Aαb", "aab"}},
	{what: `binary properties such as \p{Alphabetic}, which Go's regexp lacks`,
		pattern: `^\p{Alphabetic}+$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{"abc", "Ⅻ", "ǅ"}, noMatch: []string{"1", "_"}},
	{what: `repeat counts above 1000, which Go's regexp rejects`,
		pattern: `^a{1001,}$`, flags: "u", re2: false, goRegexp: "rejects",
		match: []string{strings.Repeat("a", 1001)}, noMatch: []string{strings.Repeat("a", 1000)}},
	{what: `Annex B: without the u flag \a is "a"; Go's \a is the bell character`,
		pattern: `^\a$`, flags: "", re2: true, goRegexp: "differs",
		match: []string{"a"}, noMatch: []string{"\a"}},
	{what: `Annex B: \z, \A and \pL are the letters; Go's are assertions and a class`,
		pattern: `^\z\A\pL$`, flags: "", re2: true, goRegexp: "differs",
		match: []string{"zApL"}, noMatch: []string{"zAx"}},
	{what: `Annex B: \x{41} is x repeated 41 times; Go's is A`,
		pattern: `^\x{2}$`, flags: "", re2: true, goRegexp: "differs",
		match: []string{"xx"}, noMatch: []string{"\x02", "x"}},
	{what: `Annex B: \1 with no group is the octal escape \x01; Go rejects \1`,
		pattern: `^\1\18$`, flags: "", re2: true, goRegexp: "rejects",
		match: []string{"\x01\x018"}, noMatch: []string{"18"}},
	{what: `Annex B: \c not followed by a letter is a backslash and a c`,
		pattern: `^\c1$`, flags: "", re2: true, goRegexp: "rejects",
		match: []string{`\c1`}, noMatch: []string{"\x11"}},
	{what: `Annex B: a quantified look-ahead`,
		pattern: `^(?=a)*b`, flags: "", re2: false, goRegexp: "rejects",
		match: []string{"b"}, noMatch: []string{"a"}},
	{what: `[[:alpha:]] is the class [[:alph] then ] (valid only without u); Go's is a POSIX class`,
		pattern: `^[[:alpha:]]$`, flags: "", re2: true, goRegexp: "differs",
		match: []string{"a]", ":]"}, noMatch: []string{"a", "b]"}},
}

func TestECMADifferences(t *testing.T) {
	for _, d := range ecmaDifferences {
		c, err := compile(t, d.pattern)
		if err != nil {
			t.Errorf("%s: %q: %v", d.what, d.pattern, err)
			continue
		}
		if got := c.p.Flags(); got != d.flags {
			t.Errorf("%s: %q: flags %q, want %q", d.what, d.pattern, got, d.flags)
		}
		if _, ok := c.p.RE2(); ok != d.re2 {
			t.Errorf("%s: %q: RE2 translation %v, want %v (%s)", d.what, d.pattern, ok, d.re2, c.p.Backtracker())
		}
		for _, want := range []bool{true, false} {
			strs := d.noMatch
			if want {
				strs = d.match
			}
			for _, s := range strs {
				if got := c.backtrack(t, s); got != want {
					t.Errorf("%s: %q on %q: backtracker %v, want %v", d.what, d.pattern, s, got, want)
				}
				if got, _ := c.generated(t, s); got != want {
					t.Errorf("%s: %q on %q: generated code %v, want %v", d.what, d.pattern, s, got, want)
				}
			}
		}
		// The difference is real: Go's regexp on the pattern as written
		// rejects it or answers otherwise.
		re, err := regexp.Compile(d.pattern)
		switch {
		case d.goRegexp == "rejects" && err == nil:
			t.Errorf("%s: Go's regexp accepts %q", d.what, d.pattern)
		case d.goRegexp == "differs" && err != nil:
			t.Errorf("%s: Go's regexp rejects %q: %v", d.what, d.pattern, err)
		case d.goRegexp == "differs":
			differs := false
			for _, s := range d.match {
				differs = differs || !re.MatchString(s)
			}
			for _, s := range d.noMatch {
				differs = differs || re.MatchString(s)
			}
			if !differs {
				t.Errorf("%s: Go's regexp answers as JavaScript on every string of %q", d.what, d.pattern)
			}
		}
	}
}

// ecmaRejected are patterns Go's regexp accepts and ECMA-262 rejects with
// and without the u flag: Analyze must refuse them with a clear message.
var ecmaRejected = []string{`(?P<name>x)`, `(?P<n>a)(?P=n)`, `(?i)abc`, `(?ims)abc`, `(?#comment)a`, `(?s:.)`,
	`a**`, `a{2,1}`, `(`, `)`, `[a`, `x{1}{2}`, `(?<a>x)(?<a>y)`, `\k<a>(?<b>x)`, `(?<=a)*`, `^*`, `\`,
	`[z-a]`, `(?<1a>x)`, `(?<>x)`}

func TestAnalyzeRejects(t *testing.T) {
	for _, p := range ecmaRejected {
		_, err := Analyze(p)
		if err == nil {
			t.Errorf("Analyze(%q) accepts it", p)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "invalid ECMA-262 regular expression") || !strings.Contains(msg, "at offset") {
			t.Errorf("Analyze(%q): unclear message %q", p, msg)
		}
	}
}

func TestAnalyzeUnsupported(t *testing.T) {
	for _, p := range []string{`\p{Emoji}`, `\p{scx=Latn}`, `[\P{XIDS}a]`, `\p{Bidi_M}`} {
		_, err := Analyze(p)
		if err == nil || !strings.Contains(err.Error(), "not supported") || !strings.Contains(err.Error(), "Go's unicode package") {
			t.Errorf("Analyze(%q): %v, want a clear 'not supported' error", p, err)
		}
		if !formatRegex(p) {
			t.Errorf("formatRegex(%q) = false: it is valid ECMA-262", p)
		}
	}
}
