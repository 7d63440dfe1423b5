package golang

import (
	"regexp"
	"strings"
	"testing"
)

// dfaPatterns are the patterns the DFA is checked on: those of the
// canonical schema and of the golden schemas, and others that exercise what
// it models (unanchored search, alternation, repeats, empty matches).
var dfaPatterns = []string{
	`^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?Z$`,
	`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$`,
	`^br-[0-9]+$`, `^[0-9-]{10,17}$`,
	`br-[0-9]+`, `a|$`, `^$`, ``, `^`, `$`, `(ab)*c`, `^x{2,3}$`, `^(a|ab)(c|bcd)(d*)$`, `[a-c]+z?$`,
	`^\d+(\.\d+)?$`, `^[A-Z][a-z_]*$`, `\x00|\x7f`, `^a*?b$`, `(?s:^a\z)`, `^(?:\$|[-+])?[0-9]*\.?[0-9]+$`,
}

// dfaRefused are patterns the DFA leaves to regexp.
var dfaRefused = []string{`.`, `(?i)abc`, `[^a]`, `\bfoo`, `é`, `^\pL+$`, `(?m)^a$`, `[a-zé]`}

func TestPatternDFA(t *testing.T) {
	samples := []string{"", "a", "ab", "abc", "c", "abcd", "br-1", "xbr-12y", "br-", "xx", "xxx", "xxxx",
		"2026-07-19T12:10:27.688Z", "2026-07-19T12:10:27Z", "2026-13-19T12:10:27Z", "2026-02-31T23:59:60Z",
		"2026-07-19T24:00:00Z", "2026-07-19T12:10:27.Z", "2026-07-19T12:10:27.688Z\n", "2026-07-19t12:10:27Z",
		"1234567890", "12-34-56-78-90", "3.25", "-1.5", ".5", "Abc_d", "\x00", "\x7f", "é", "a\xffb", "aabbcz"}
	for _, p := range dfaPatterns {
		d, ok := patternDFA(p)
		if !ok {
			t.Errorf("%s: no DFA", p)
			continue
		}
		re := regexp.MustCompile(p)
		for _, s := range samples {
			if got, want := d.match(s), re.MatchString(s); got != want {
				t.Errorf("%s on %q: DFA %v, regexp %v", p, s, got, want)
			}
		}
	}
	for _, p := range dfaRefused {
		if _, ok := patternDFA(p); ok {
			t.Errorf("%s: a DFA, though it is beyond what a DFA over ASCII models", p)
		}
	}
}

// FuzzPatternDFA checks every DFA against regexp on any text.
func FuzzPatternDFA(f *testing.F) {
	for _, s := range []string{"2026-07-19T12:10:27.688Z", "br-12", "aabcd", "x\xff", strings.Repeat("9", 20)} {
		f.Add(s)
	}
	type pair struct {
		d  *dfa
		re *regexp.Regexp
	}
	var pairs []pair
	for _, p := range dfaPatterns {
		d, ok := patternDFA(p)
		if !ok {
			f.Fatalf("%s: no DFA", p)
		}
		pairs = append(pairs, pair{d, regexp.MustCompile(p)})
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range pairs {
			if got, want := p.d.match(s), p.re.MatchString(s); got != want {
				t.Fatalf("%s on %q: DFA %v, regexp %v", p.re, s, got, want)
			}
		}
	})
}
