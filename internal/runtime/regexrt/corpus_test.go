package regexrt

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// The patterns and strings the tests draw on: the JSON Schema Test Suite's,
// the real-world schemas', hand-picked ones for each rule of the grammar, and
// generated ones.

// syntaxCorpus exercises the grammar's corners, with and without the u flag.
var syntaxCorpus = []string{
	``, `a`, `a|`, `|`, `()`, `(?:)`, `a{`, `a{1`, `a{1,`, `a{,2}`, `{`, `}`, `]`, `{1}`, `a{1}{2}`, `a{2,1}`,
	`a{99999999999999999999}`, `a{2147483648,2147483647}`, `a{3,}?`, `a**`, `a*?`, `a+?b`, `^*`, `$+`, `\b*`, `(?=a)*`,
	`(?!a)+b`, `(?<=a)?`, `(?<!a){2}`, `(?=a){1}`, `\1`, `\1(a)`, `(a)\2`, `(a)\1`, `\8`, `\9`, `(a)\18`, `\01`, `\08`,
	`\0`, `\00`, `\000`, `\400`, `\377`, `\07a`, `[\1]`, `[\8]`, `[\0]`, `[\01]`, `\k`, `\k<a>`, `(?<a>x)\k<a>`,
	`(?<a>x)\k`, `(?<a>x)\k<b>`, `\k<a>(?<a>x)`, `(?<a>x)[\k]`, `[\k]`, `(?<a>x)|(?<a>y)`, `(?<a1>x)`, `(?<1a>x)`,
	`(?<$_>x)`, `(?<é>x)`, `(?<\u0061>x)\k<a>`, `(?<\u{61}>x)\k<a>`, `(?<a\u200d>x)`, `(?<😀>x)`, `(?<𝒜>x)`,
	`(?<\uD835\uDC9C>x)`, `(?<a>x)(?<b>y)\k<b>\k<a>`, `(?P<a>x)`, `(?i)a`, `(?i:a)`, `(?#x)`, `(?`, `(?:`, `(a`,
	`a)`, `[`, `[a`, `[]`, `[^]`, `[]]`, `[^]]`, `[a-]`, `[-a]`, `[a-b-c]`, `[--a]`, `[a--]`, `[z-a]`, `[\d-a]`,
	`[a-\d]`, `[\d-\w]`, `[\w-]`, `[\b]`, `[\B]`, `[\-]`, `[\c1]`, `[\c_]`, `[\c]`, `[\c*]`, `[\cA]`, `[\ca-\cz]`,
	`\c`, `\c1`, `\cA`, `\c*`, `\ca`, `\x`, `\x4`, `\x41`, `\x4g`, `\u`, `\u004`, `\u0041`, `\u{41}`, `\u{3}`,
	`\u{110000}`, `\u{10FFFF}`, `\u{0000000041}`, `\u{}`, `\uD83D\uDE00`, `\uD83D`, `\uDE00\uD83D`, `\uD83D\u{DE00}`,
	`[\uD83D\uDE00]`, `[😀]`, `[😀-😂]`, `^[😀]$`, `😀{2}`, `\p{L}`, `\P{L}`, `\p{Letter}`, `\p{gc=Lu}`,
	`\p{General_Category=Letter}`, `\p{sc=Greek}`, `\p{Script=Latin}`, `\p{scx=Latn}`, `\p{Script_Extensions=Greek}`,
	`\p{Latin}`, `\p{L=L}`, `\p{}`, `\p{=L}`, `\p{gc=}`, `\p{gc}`, `\p{Lu=Lu}`, `\p{ASCII}`, `\p{Any}`,
	`\p{Assigned}`, `\p{Hyphen}`, `\p{Other_Alphabetic}`, `\p{sc=Hrkt}`, `\p{sc=Qaac}`, `\p{sc=Zzzz}`, `\p{sc=Kawi}`,
	`\p{sc=Garay}`, `\p{digit}`, `\p{punct}`, `\p{cntrl}`, `\p{LC}`, `\p{Cn}`, `\p{C}`, `\p{L`, `\p`, `\pL`, `\P`,
	`[\p{L}\d]`, `[^\p{L}\d]`, `[\p{L}-a]`, `\-`, `\:`, `\a`, `\e`, `\z`, `\A`, `\Q`, `\/`, `\ `, `\_`, `\"`, `\'`,
	`\#`, `\@`, `\<`, `\>`, `\=`, `\!`, `\,`, `\%`, `\&`, `\~`, "\\\u00e9", `\^\$\\\.\*\+\?\(\)\[\]\{\}\|`, `[\/]`,
	`[\:]`, `[\a]`, `[\-a]`, `[a\-z]`, `.`, `a.c`, `\b`, `\B`, `^$`, `^a$`, `a$b`, `\bfoo\b`, `(?:a|b)*c`,
	`(a|ab)(c|bcd)(d*)`, `(a*)*`, `(a*)+b`, `(?:a?)*?b`, `(a|)*b`, `((a)|b)+`, `(?=(a+))a*b\1`, `(?<=(\d+)(\d+))$`,
	`(?<=\1(a))b`, `(?<!(a)\1)b`, `(?<=^|,)b`, `(?<=a{2,3})b`, `(?<=a*?)b`, `(.)(?!\1)`, `^(?:(a)|b)\1$`,
	`[[:alpha:]]`, `[a-z&&[^aeiou]]`, `^😀\:$`, `^\uD83D\uDE00\:$`, `\uD83D\uDE00+\:`, `[^\uD800-\uDFFF]\:`, `x{2,3}x`, "a\nb", "\u2028", `[\s\S]`, `[^\s\S]`, `[\D]`, `[^\W]`,
}

// suiteFiles are the files of the suite whose tests exercise patterns.
var suiteFiles = []string{"pattern.json", "patternProperties.json", "optional/ecmascript-regex.json",
	"optional/non-bmp-regex.json", "optional/format/regex.json", "optional/format/ecmascript-regex.json"}

var suiteDrafts = []string{"draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"}

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string `json:"description"`
		Data        any    `json:"data"`
		Valid       bool   `json:"valid"`
	} `json:"tests"`
}

type suiteFile struct {
	draft  string
	groups []suiteGroup
}

// suiteGroups reads the suite's groups of one file of every draft.
func suiteGroups(t testing.TB, file string) []suiteFile {
	dir := shared(t, "json-schema-test-suite/tests")
	var out []suiteFile
	for _, d := range suiteDrafts {
		data, err := os.ReadFile(filepath.Join(dir, d, file))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var groups []suiteGroup
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatalf("%s/%s: %v", d, file, err)
		}
		out = append(out, suiteFile{d, groups})
	}
	return out
}

// schemaPatterns collects the pattern and patternProperties keys of a schema
// document (not inside enum, const, default or examples, which are data).
func schemaPatterns(v any, add func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(v) {
			x := v[k]
			switch k {
			case "enum", "const", "default", "examples":
				continue
			case "pattern":
				if s, ok := x.(string); ok {
					add(s)
				}
			case "patternProperties":
				if m, ok := x.(map[string]any); ok {
					for _, p := range sortedKeys(m) {
						add(p)
					}
				}
			}
			schemaPatterns(x, add)
		}
	case []any:
		for _, x := range v {
			schemaPatterns(x, add)
		}
	}
}

// suitePatterns are the patterns of the suite's files, and the strings its
// format tests hold (each a pattern to check for validity).
func suitePatterns(t testing.TB) (patterns, strs []string) {
	seen := map[string]bool{}
	for _, f := range suiteFiles {
		for _, sf := range suiteGroups(t, f) {
			for _, g := range sf.groups {
				var schema any
				if err := json.Unmarshal(g.Schema, &schema); err != nil {
					t.Fatal(err)
				}
				schemaPatterns(schema, func(p string) {
					if !seen[p] {
						seen[p] = true
						patterns = append(patterns, p)
					}
				})
				for _, test := range g.Tests {
					collectStrings(test.Data, func(s string) { strs = append(strs, s) })
				}
			}
		}
	}
	return patterns, strs
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func collectStrings(v any, add func(string)) {
	switch v := v.(type) {
	case string:
		add(v)
	case map[string]any:
		for _, k := range sortedKeys(v) {
			add(k)
			collectStrings(v[k], add)
		}
	case []any:
		for _, x := range v {
			collectStrings(x, add)
		}
	}
}

// realWorld is one pattern of the real-world schemas and where it is.
type realWorld struct {
	pattern string
	files   []string
}

// realWorldPatterns are the patterns of ../shared/schemas/*/*.json, sorted,
// and the strings of the schemas' samples.
func realWorldPatterns(t testing.TB) ([]realWorld, []string) {
	dir := shared(t, "schemas")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas in %s: %v", dir, err)
	}
	where := map[string][]string{}
	for _, f := range files {
		var doc any
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rel, _ := filepath.Rel(dir, f)
		schemaPatterns(doc, func(p string) {
			if l := where[p]; len(l) == 0 || l[len(l)-1] != rel {
				where[p] = append(where[p], rel)
			}
		})
	}
	var out []realWorld
	for p, fs := range where {
		out = append(out, realWorld{p, fs})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pattern < out[j].pattern })
	var strs []string
	samples, _ := filepath.Glob(filepath.Join(dir, "*", "samples", "*.json"))
	for _, f := range samples {
		var doc any
		if data, err := os.ReadFile(f); err == nil && json.Unmarshal(data, &doc) == nil {
			collectStrings(doc, func(s string) {
				if len(s) < 200 {
					strs = append(strs, s)
				}
			})
		}
	}
	sort.Strings(strs)
	return out, strs
}

// randomPattern writes a pattern from a grammar that reaches every corner of
// both grammars (many of the results are invalid in one or both).
func randomPattern(r *rand.Rand, depth int) string {
	var b strings.Builder
	var disjunction func(depth int)
	pick := func(options ...string) string { return options[r.Intn(len(options))] }
	atom := func(depth int) {
		switch n := r.Intn(20); {
		case n < 6:
			b.WriteString(pick("a", "b", "c", "a", "b", "0", "1", "_", "-", ":", "/", " ", "é", "😀", "\u2028", "}", "]", "{", "α"))
		case n < 10:
			b.WriteString(pick(`\d`, `\D`, `\w`, `\W`, `\s`, `\S`, `\b`, `\B`, `\cA`, `\c1`, `\x41`, `\x4`, `\u0061`,
				`\u{1F600}`, `\u{61}`, `\uD83D\uDE00`, `\uD83D`, `\uDE00`, `\0`, `\00`, `\07`, `\1`, `\2`, `\8`, `\k<n>`,
				`\k`, `\p{L}`, `\P{Lu}`, `\p{sc=Greek}`, `\p{Script=Latin}`, `\pL`, `\-`, `\:`, `\a`, `\/`, `\.`, `\$`,
				`\^`, `\]`, `\{`, `\n`, `\t`, `\v`, `\f`, `\r`, `\p{ASCII}`, `\P{Any}`, `\p{Nd}`, `\p{White_Space}`))
		case n < 14:
			b.WriteString("[")
			if r.Intn(3) == 0 {
				b.WriteString("^")
			}
			for k := r.Intn(4); k >= 0; k-- {
				b.WriteString(pick("a", "b", "z", "a-c", "0-9", "a-z", "-", `\d`, `\w`, `\s`, `\D`, `\S`, `\W`, `\b`,
					`\-`, `\c1`, `\cA`, `\p{L}`, `\P{L}`, "é", "😀", `\uD83D`, `\u{1F600}`, "]", "[", `\]`, "^", `\x20-\x7e`,
					`\u2028`, `\0`, `\1`, "α-ω", ".", "$"))
			}
			b.WriteString(pick("]", "]", "]", "]", ""))
		case n < 17 && depth > 0:
			b.WriteString(pick("(", "(?:", "(?<n>", "(?<m>", "(?=", "(?!", "(?<=", "(?<!", "("))
			disjunction(depth - 1)
			b.WriteString(pick(")", ")", ")", ")", ")", ""))
		case n < 18:
			b.WriteString(pick("^", "$"))
		default:
			b.WriteString(".")
		}
		if r.Intn(3) == 0 {
			b.WriteString(pick("*", "+", "?", "{2}", "{1,3}", "{0,}", "{,2}", "{2,1}", "*?", "+?", "??", "{1}?", "{0}", "{3}"))
		}
	}
	disjunction = func(depth int) {
		for alts := r.Intn(3); ; alts-- {
			for k := 1 + r.Intn(4); k > 0; k-- {
				atom(depth)
			}
			if alts <= 0 || r.Intn(2) == 0 {
				return
			}
			b.WriteString("|")
		}
	}
	if r.Intn(3) == 0 {
		b.WriteString("^")
	}
	disjunction(depth)
	if r.Intn(3) == 0 {
		b.WriteString("$")
	}
	return b.String()
}

// randomBacktrackPattern writes a pattern over a and b that leans on what
// only the backtracker does: groups in quantified alternations (reset at
// each iteration), empty iterations, back-references, look-arounds with
// groups inside.
func randomBacktrackPattern(r *rand.Rand) string {
	var b strings.Builder
	groups := 0
	var seq func(depth int)
	pick := func(options ...string) string { return options[r.Intn(len(options))] }
	seq = func(depth int) {
		for k := 1 + r.Intn(3); k > 0; k-- {
			switch n := r.Intn(10); {
			case n < 3 || depth == 0:
				b.WriteString(pick("a", "b", ".", "a?", "b*", "[ab]"))
			case n < 6:
				groups++
				b.WriteString(pick("(", "(?:", "(", "(?=", "(?!", "(?<=", "(?<!"))
				seq(depth - 1)
				if r.Intn(2) == 0 {
					b.WriteString("|")
					if r.Intn(3) > 0 {
						seq(depth - 1)
					}
				}
				b.WriteString(")")
				if r.Intn(2) == 0 {
					b.WriteString(pick("*", "+", "?", "{0,2}", "{2}", "*?", "+?", "{1,3}?"))
				}
			case n < 8 && groups > 0:
				b.WriteString(`\` + strconv.Itoa(1+r.Intn(groups)))
			default:
				b.WriteString(pick("^", "$", `\b`, `\B`))
			}
		}
	}
	seq(3)
	return b.String()
}

// alphabet are the code units strings are built and mutated from: the
// characters where ECMA-262 and Go differ (line terminators, spaces, word
// characters, surrogates and pairs, U+FFFD) and plain ones.
var alphabet = []uint16{'a', 'b', 'c', 'A', 'Z', 'z', '0', '1', '9', '_', '-', ':', '/', '.', '$', ' ', '\t', '\n',
	'\r', '\v', '\f', 0xa0, 0x2028, 0x2029, 0xfeff, 0x2003, 0x200b, 0xe9, 0xc9, 0x3b1, 0x3c9, 0x660, 0xfffd, 0xd83d,
	0xde00, 0xdc32, 0x1, 0x11, '\\', ']', '{'}

// sampleString writes a string the tree likely matches (look-arounds are
// not satisfied on purpose; back-references repeat what their group wrote).
func sampleString(r *rand.Rand, n *ecmaNode, unicodeMode bool, caps map[int][]uint16, out []uint16) []uint16 {
	appendChar := func(c rune) []uint16 {
		if c > 0xffff {
			return append(out, uint16(0xd800+(c-0x10000)>>10), uint16(0xdc00+(c-0x10000)&0x3ff))
		}
		return append(out, uint16(c))
	}
	switch n.op {
	case ecmaOpChar:
		return appendChar(n.c)
	case ecmaOpSet:
		rs := n.set.ranges
		if len(rs) == 0 {
			return out
		}
		if r.Intn(3) == 0 {
			// A character of the alphabet, if the set has one.
			for k := 0; k < 8; k++ {
				if c := rune(alphabet[r.Intn(len(alphabet))]); n.set.has(c) {
					return appendChar(c)
				}
			}
		}
		i := r.Intn(len(rs) / 2)
		lo, hi := rs[2*i], rs[2*i+1]
		if hi-lo > 0x400 {
			hi = lo + 0x400
		}
		return appendChar(lo + rune(r.Intn(int(hi-lo)+1)))
	case ecmaOpSeq:
		for _, s := range n.subs {
			out = sampleString(r, s, unicodeMode, caps, out)
		}
	case ecmaOpAlt:
		return sampleString(r, n.subs[r.Intn(len(n.subs))], unicodeMode, caps, out)
	case ecmaOpGroup:
		start := len(out)
		out = sampleString(r, n.subs[0], unicodeMode, caps, out)
		caps[n.index] = append([]uint16(nil), out[start:]...)
	case ecmaOpBackref:
		return append(out, caps[n.index]...)
	case ecmaOpRepeat:
		count := n.min
		if n.max < 0 || n.max > n.min {
			extra := 3
			if n.max >= 0 && n.max-n.min < extra {
				extra = n.max - n.min
			}
			count += r.Intn(extra + 1)
		}
		if count > 2000 {
			count = 2000
		}
		for ; count > 0; count-- {
			out = sampleString(r, n.subs[0], unicodeMode, caps, out)
		}
	}
	return out
}

// mutate changes a string a little: a unit inserted, removed, replaced or
// doubled, or the string cut.
func mutate(r *rand.Rand, s []uint16) []uint16 {
	s = append([]uint16(nil), s...)
	for k := 1 + r.Intn(2); k > 0; k-- {
		i := 0
		if len(s) > 0 {
			i = r.Intn(len(s) + 1)
		}
		c := alphabet[r.Intn(len(alphabet))]
		switch op := r.Intn(5); {
		case op == 0 || len(s) == 0:
			s = append(s[:i], append([]uint16{c}, s[i:]...)...)
		case op == 1 && i < len(s):
			s = append(s[:i], s[i+1:]...)
		case op == 2 && i < len(s):
			s[i] = c
		case op == 3 && i < len(s):
			s = append(s[:i+1], s[i:]...)
		default:
			s = s[:i]
		}
	}
	return s
}

// stringsFor are the strings a pattern is tried on: samples of what it
// matches, their mutations, and a few strings from elsewhere.
func stringsFor(r *rand.Rand, tree *ecmaTree, extra []string, n int) [][]uint16 {
	var out [][]uint16
	for len(out) < n {
		s := sampleString(r, tree.root, tree.unicode, map[int][]uint16{}, nil)
		if r.Intn(3) == 0 {
			s = append(mutate(r, s[:len(s)/2]), s[len(s)/2:]...)
		}
		out = append(out, s)
		if len(out) < n {
			out = append(out, mutate(r, s))
		}
		if len(extra) > 0 && len(out) < n && r.Intn(3) == 0 {
			out = append(out, utf16.Encode([]rune(extra[r.Intn(len(extra))])))
		}
	}
	return out
}
