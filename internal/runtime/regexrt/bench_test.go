package regexrt

import (
	"regexp"
	"strings"
	"testing"
)

// benchPatterns are typical patterns of real-world schemas, each with a
// string it is checked on.
var benchPatterns = []struct{ name, pattern, s string }{
	{"uuid", `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$`,
		"0f8fad5b-d9cb-469f-a165-70867728950e"},
	{"semver", `^(?<major>0|[1-9]\d*)\.(?<minor>0|[1-9]\d*)\.(?<patch>0|[1-9]\d*)(?:-(?<prerelease>(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+(?<buildmetadata>[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`,
		"1.20.3-beta.2+build.7"},
	{"identifier", `^[a-zA-Z0-9_-]+$`, "my-package_name-2"},
	{"timestamp", `^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?Z$`,
		"2026-07-19T12:10:27.688Z"},
	{"search", `(UA-\d{4,9}-\d)|(G-\w+)`, strings.Repeat("tracking id of the site: ", 8) + "G-ABCDEF123"},
	{"dotall", `^.+$`, strings.Repeat("a line of text ", 20)},
	{"lookahead", `^(?!pattern$).*$`, "patterns-of-the-web"},
}

// BenchmarkMatch runs each pattern through the backtracker and, where
// there is one, Go's regexp on the RE2 translation, side by side.
func BenchmarkMatch(b *testing.B) {
	for _, bp := range benchPatterns {
		p, err := Analyze(bp.pattern)
		if err != nil {
			b.Fatal(err)
		}
		bt := mustCompileECMA(bp.pattern, p.Unicode())
		if !bt.matchString(bp.s) {
			b.Fatalf("%s: no match", bp.name)
		}
		b.Run(bp.name+"/backtracker", func(b *testing.B) {
			b.SetBytes(int64(len(bp.s)))
			for i := 0; i < b.N; i++ {
				bt.matchString(bp.s)
			}
		})
		re2, ok := p.RE2()
		if !ok {
			continue
		}
		re := regexp.MustCompile(re2)
		b.Run(bp.name+"/regexp", func(b *testing.B) {
			b.SetBytes(int64(len(bp.s)))
			for i := 0; i < b.N; i++ {
				if admits(p.RE2Guard(), bp.s) {
					re.MatchString(bp.s)
				}
			}
		})
	}
}

// BenchmarkCompile is what a generated package pays at init per pattern.
func BenchmarkCompile(b *testing.B) {
	for _, bp := range benchPatterns {
		b.Run(bp.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				mustCompileECMA(bp.pattern, true)
			}
		})
	}
}
