package regexrt

import (
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
)

// compiled caches the two matchers of a pattern for the tests.
type compiled struct {
	p   *Pattern
	bt  *ecmaRegexp
	re2 *regexp.Regexp // nil without a translation
}

var compiledCache sync.Map // pattern -> *compiled, or error

func compile(t testing.TB, pattern string) (*compiled, error) {
	if c, ok := compiledCache.Load(pattern); ok {
		if err, isErr := c.(error); isErr {
			return nil, err
		}
		return c.(*compiled), nil
	}
	p, err := Analyze(pattern)
	if err != nil {
		compiledCache.Store(pattern, err)
		return nil, err
	}
	c := &compiled{p: p}
	c.bt, err = compileECMA(pattern, p.Unicode())
	if err != nil {
		t.Fatalf("%q: Analyze accepts, compileECMA refuses: %v", pattern, err)
	}
	if re2, ok := p.RE2(); ok {
		c.re2 = regexp.MustCompile(re2)
	}
	compiledCache.Store(pattern, c)
	return c, nil
}

// backtrack is the backtracker's verdict; an exhausted budget fails the test.
func (c *compiled) backtrack(t testing.TB, s string) bool {
	ok, err := c.bt.test(s)
	if err != nil {
		t.Fatalf("%q on %q: %v", c.p.Source(), s, err)
	}
	return ok
}

// generated is the verdict of the code the generator writes: the RE2
// translation on the strings its guard admits, else the backtracker; and
// whether the translation answered.
func (c *compiled) generated(t testing.TB, s string) (verdict, byRE2 bool) {
	if c.re2 == nil || !admits(c.p.RE2Guard(), s) {
		return c.backtrack(t, s), false
	}
	return c.re2.MatchString(s), true
}

func admits(g Guard, s string) bool {
	switch g {
	case GuardUTF8:
		return ecmaValidUTF8(s)
	case GuardBMP:
		return ecmaBMPOnly(s)
	}
	return true
}

// wtf8 is the Go string the generated decoder makes of UTF-16 code units: a
// lone surrogate in its three-byte WTF-8 form.
func wtf8(units []uint16) string {
	var b []byte
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		if 0xd800 <= u && u < 0xdc00 && i+1 < len(units) && 0xdc00 <= units[i+1] && units[i+1] < 0xe000 {
			r := 0x10000 + (u-0xd800)<<10 + rune(units[i+1]) - 0xdc00
			b = append(b, string(r)...)
			i++
			continue
		}
		if 0xd800 <= u && u < 0xe000 {
			b = append(b, 0xe0|byte(u>>12), 0x80|byte(u>>6)&0x3f, 0x80|byte(u)&0x3f)
			continue
		}
		b = append(b, string(u)...)
	}
	return string(b)
}

// utf16Units are the code units of a Go string as JavaScript holds it.
func utf16Units(s string) []uint16 {
	var out []uint16
	for _, c := range ecmaDecode(nil, s, false) {
		out = append(out, uint16(c))
	}
	return out
}

// repoRoot is the root of the repository (where go.mod is).
var repoRoot = func() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}()

// shared is ../shared beside the checkout; tests that need it skip when it
// is missing.
func shared(t testing.TB, rel string) string {
	p := filepath.Join(repoRoot, "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is missing (the shared data sits beside the checkout): %v", p, err)
	}
	return p
}
