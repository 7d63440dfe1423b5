package regexrt

import (
	"errors"
	"regexp"
	"testing"
)

// fuzzSeeds are the patterns FuzzECMARegex starts from, beside
// testdata/fuzz/FuzzECMARegex.
func fuzzSeeds() []string {
	seeds := append([]string(nil), syntaxCorpus...)
	seeds = append(seeds, ecmaRejected...)
	for _, d := range ecmaDifferences {
		seeds = append(seeds, d.pattern)
	}
	return seeds
}

// FuzzECMARegex: parsing, translating and matching never panic, whatever
// the pattern and string; a pattern Analyze accepts compiles; and on every
// string its guard admits, the RE2 translation answers as the backtracker.
func FuzzECMARegex(f *testing.F) {
	for _, p := range fuzzSeeds() {
		f.Add(p, "ab1 \u2028😀_-:aaaa")
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		if len(pattern) > 300 || len(s) > 300 {
			return
		}
		_, errU := ecmaParse(pattern, true)
		ecmaParse(pattern, false)
		if formatRegex(pattern) != (errU == nil) {
			t.Fatalf("formatRegex(%q) disagrees with the u grammar (%v)", pattern, errU)
		}
		p, err := Analyze(pattern)
		if err != nil {
			return
		}
		bt, err := compileECMA(pattern, p.Unicode())
		if err != nil {
			t.Fatalf("%q: Analyze accepts it, compileECMA: %v", pattern, err)
		}
		got, err := bt.test(s)
		if errors.Is(err, ecmaErrBudget) {
			return
		}
		re2, ok := p.RE2()
		if !ok || !admits(p.RE2Guard(), s) {
			return
		}
		re, err := regexp.Compile(re2)
		if err != nil {
			t.Fatalf("%q: translation %q does not compile: %v", pattern, re2, err)
		}
		if want := re.MatchString(s); got != want {
			t.Fatalf("%q /%s on %q: backtracker %v, RE2 translation %q (guard %v) %v",
				pattern, p.Flags(), s, got, re2, p.RE2Guard(), want)
		}
	})
}
