package regexrt

// This file and translate.go are the generator's side of the package: they
// are not copied into generated code (regex.go is).

import (
	"fmt"
	"regexp"
)

// Pattern is a JSON Schema pattern as the generators need it: which flag
// JavaScript's RegExp takes, and whether Go's regexp can match it.
type Pattern struct {
	source  string
	unicode bool
	uErr    error // why the pattern is invalid with the u flag, when unicode is false
	re2     string
	guard   Guard
	why     string // why there is no RE2 translation; "" when there is one
}

// Guard says on which strings an RE2 translation gives JavaScript's verdict.
// Go's regexp reads a Go string as UTF-8 (an invalid byte as U+FFFD), while
// JavaScript reads UTF-16: a lone surrogate, which the generated decoder keeps
// as three WTF-8 bytes, is one character to JavaScript and three U+FFFD to Go;
// and without the u flag a character beyond the BMP is two characters to
// JavaScript (two surrogate code units), one to Go.
type Guard int

const (
	// GuardNone: the translation gives JavaScript's verdict on every string
	// (no part of the pattern can match a surrogate, U+FFFD, or with the u
	// flag a character beyond the BMP).
	GuardNone Guard = iota
	// GuardUTF8: on strings that are valid UTF-8; use the backtracker on the
	// others (ecmaValidUTF8 tells them apart).
	GuardUTF8
	// GuardBMP: on valid UTF-8 strings of BMP characters only; use the
	// backtracker on the others (ecmaBMPOnly tells them apart). Only for
	// patterns without the u flag whose sets hold surrogate code units
	// (., [^...], \D, \S, \W).
	GuardBMP
)

// Func names the function of the runtime (regex.go) that reports whether a
// string may go to the RE2 translation; "" for GuardNone.
func (g Guard) Func() string {
	switch g {
	case GuardUTF8:
		return "ecmaValidUTF8"
	case GuardBMP:
		return "ecmaBMPOnly"
	}
	return ""
}

func (g Guard) String() string {
	switch g {
	case GuardUTF8:
		return "valid UTF-8 only"
	case GuardBMP:
		return "BMP only"
	}
	return "none"
}

// Analyze parses pattern as ECMA-262 (ES2022) does, with the u flag when the
// pattern is valid with it and else with the Annex B grammar of RegExp
// without flags, and translates it to RE2 when Go's regexp gives exactly the
// same verdicts. It returns an error when the pattern is invalid either way,
// or uses a Unicode property Go has no data for.
func Analyze(pattern string) (*Pattern, error) {
	p := &Pattern{source: pattern, unicode: true}
	tree, err := ecmaParse(pattern, true)
	if err != nil {
		p.unicode, p.uErr = false, err
		var errB error
		if tree, errB = ecmaParse(pattern, false); errB != nil {
			if errB.Error() == err.Error() {
				return nil, fmt.Errorf("invalid ECMA-262 regular expression %q: %v", pattern, err)
			}
			return nil, fmt.Errorf("invalid ECMA-262 regular expression %q: with the u flag, %v; without it, %v", pattern, err, errB)
		}
	}
	if err := tree.resolve(); err != nil {
		return nil, fmt.Errorf("regular expression %q: %v", pattern, err)
	}
	t := &ecmaTranslator{unicode: p.unicode}
	if t.node(tree.root, ecmaInAlt) {
		p.re2, p.guard = t.b.String(), t.guard
		if _, err := regexp.Compile(p.re2); err != nil {
			p.re2, p.guard, p.why = "", GuardNone, "Go's regexp rejects the translation: "+err.Error()
		}
	} else {
		p.why = t.why
	}
	return p, nil
}

// Source is the pattern as the schema writes it.
func (p *Pattern) Source() string { return p.source }

// Flags is the flag JavaScript's RegExp must be given: "u", or "" for a
// pattern valid only with the Annex B grammar (such as ^[a-z]+\:\d+$).
func (p *Pattern) Flags() string {
	if p.unicode {
		return "u"
	}
	return ""
}

// Unicode reports whether the pattern takes the u flag: the second argument
// of compileECMA.
func (p *Pattern) Unicode() bool { return p.unicode }

// UnicodeError is why the pattern is invalid with the u flag (nil when it is
// valid).
func (p *Pattern) UnicodeError() error { return p.uErr }

// RE2 is the pattern for Go's regexp (to be compiled with regexp.Compile or
// MustCompile, whose default flags make ^ and $ the ends of the text), and
// whether there is one. It gives JavaScript's verdict on the strings its
// RE2Guard admits; on the others, and when there is none, the generated code
// uses mustCompileECMA(Source(), Unicode()).
func (p *Pattern) RE2() (string, bool) { return p.re2, p.why == "" }

// RE2Guard says on which strings the RE2 translation is exact.
func (p *Pattern) RE2Guard() Guard { return p.guard }

// Backtracker is why the pattern needs the backtracking matcher ("" when the
// RE2 translation serves).
func (p *Pattern) Backtracker() string { return p.why }

// Matcher returns a function that reports whether s matches the pattern
// somewhere, with JavaScript's verdict: what the generated code does, for
// a caller that runs schemas without generating code (omnigen validate).
func (p *Pattern) Matcher() func(s string) bool {
	ecma := mustCompileECMA(p.source, p.unicode)
	if p.why != "" {
		return ecma.matchString
	}
	re := regexp.MustCompile(p.re2)
	switch p.guard {
	case GuardUTF8:
		return func(s string) bool {
			if !ecmaValidUTF8(s) {
				return ecma.matchString(s)
			}
			return re.MatchString(s)
		}
	case GuardBMP:
		return func(s string) bool {
			if !ecmaBMPOnly(s) {
				return ecma.matchString(s)
			}
			return re.MatchString(s)
		}
	}
	return re.MatchString
}

// FormatRegex reports whether s is a valid regular expression for the JSON
// Schema "regex" format: what the generated code's formatRegex says.
func FormatRegex(s string) bool { return formatRegex(s) }
