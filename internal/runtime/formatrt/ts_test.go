package formatrt

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/testutil/tsrun"
)

// formatNames are the formats checkFormat knows, in a fixed order.
var formatNames = []string{
	"date-time", "date", "time", "duration", "email", "idn-email", "hostname",
	"idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
	"uri-template", "uuid", "json-pointer", "relative-json-pointer",
}

// tsDriver runs format.ts (inlined above it, as a generated module inlines
// it) on its standard input: suite cases, strings to put through every
// format, and a sweep of fmtIDNAProps over every code point.
const tsDriver = `
import { readFileSync } from "node:fs";

interface DriverInput {
  cases: [string, string][];
  formats: string[];
  strings: string[];
}

const input = JSON.parse(readFileSync(0, "utf8")) as DriverInput;
const verdicts = input.cases.map(([name, s]) => checkFormat(name, s) ?? null);
const matrix = input.strings.map((s) =>
  input.formats
    .map((name) => {
      const v = checkFormat(name, s);
      return v === undefined ? "u" : v ? "1" : "0";
    })
    .join(""),
);
const props: number[] = [];
let last = -1;
for (let r = 0; r <= 0x10ffff; r++) {
  const p = fmtIDNAProps(r);
  if (p !== last) {
    props.push(r, p);
    last = p;
  }
}
process.stdout.write(JSON.stringify({ verdicts, matrix, props }));
`

// TestTypeScript compiles format.ts once and runs, in one node process, the
// suite (pass table and the same verdict as Go on every suite string), the
// differential strings (the same verdict as Go for every format) and the
// IDNA property sweep (the same properties as Go for every code point).
func TestTypeScript(t *testing.T) {
	src, err := os.ReadFile(tsRuntimeFile)
	if err != nil {
		t.Fatal(err)
	}
	cases := loadSuite(t)
	strs := differentialStrings(cases, 4000)

	var in struct {
		Cases   [][2]string `json:"cases"`
		Formats []string    `json:"formats"`
		Strings []string    `json:"strings"`
	}
	var caseIndex []int // the suite case of each driver case
	for i, c := range cases {
		if s, ok := c.str(); ok {
			in.Cases = append(in.Cases, [2]string{c.Format, s})
			caseIndex = append(caseIndex, i)
		}
	}
	suiteCases := len(in.Cases)
	for _, c := range extraCases {
		in.Cases = append(in.Cases, [2]string{c.format, c.s})
	}
	in.Formats = formatNames
	in.Strings = strs
	input, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}

	p := tsrun.Compile(t, map[string]string{"driver.ts": string(src) + tsDriver})
	var out struct {
		Verdicts []*bool `json:"verdicts"`
		Matrix   []string
		Props    []int
	}
	if err := json.Unmarshal(p.Run(t, "driver.ts", input), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Verdicts) != len(in.Cases) || len(out.Matrix) != len(strs) {
		t.Fatalf("the driver answered %d cases and %d strings, want %d and %d",
			len(out.Verdicts), len(out.Matrix), len(in.Cases), len(strs))
	}

	t.Run("suite", func(t *testing.T) {
		verdicts := make([]bool, len(cases))
		for i := range verdicts {
			verdicts[i] = true // not a string: valid whatever the format
		}
		for j, i := range caseIndex {
			c := cases[i]
			v := out.Verdicts[j]
			verdicts[i] = v == nil || *v
			known, valid := checkFormat(c.Format, in.Cases[j][1])
			if (v != nil) != known || v != nil && *v != valid {
				t.Errorf("Go and TypeScript disagree: Go known=%v valid=%v, TypeScript %v: %v", known, valid, show(v), c)
			}
		}
		passTable(t, "TypeScript", cases, verdicts)
	})

	t.Run("extra", func(t *testing.T) {
		for j, c := range extraCases {
			if v := out.Verdicts[suiteCases+j]; v == nil || *v != c.valid {
				t.Errorf("%s %q: TypeScript %s, want valid=%v: %s", c.format, c.s, show(v), c.valid, c.why)
			}
		}
	})

	t.Run("differential", func(t *testing.T) {
		valid := make([]int, len(formatNames))
		disagree := 0
		for i, s := range strs {
			row := out.Matrix[i]
			for f, name := range formatNames {
				known, ok := checkFormat(name, s)
				want := byte('0')
				switch {
				case !known:
					want = 'u'
				case ok:
					want = '1'
					valid[f]++
				}
				if f >= len(row) || row[f] != want {
					disagree++
					if disagree <= 20 {
						t.Errorf("%s %q: Go %c, TypeScript %q", name, s, want, row)
					}
				}
			}
		}
		if disagree > 20 {
			t.Errorf("... %d disagreements in all", disagree)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d strings through every format, valid in Go and TypeScript:\n", len(strs))
		for f, name := range formatNames {
			fmt.Fprintf(&b, "  %-22s %5d\n", name, valid[f])
			if valid[f] == 0 {
				t.Errorf("no differential string is a valid %s: the comparison of valid verdicts is empty", name)
			}
		}
		t.Log(b.String())
	})

	t.Run("idna-properties", func(t *testing.T) {
		if len(out.Props)%2 != 0 || len(out.Props) == 0 {
			t.Fatalf("bad sweep of %d numbers", len(out.Props))
		}
		k := 0
		var cur int
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if k < len(out.Props) && out.Props[k] == int(r) {
				cur = out.Props[k+1]
				k += 2
			}
			if got := fmtIDNAProps(r); int(got) != cur {
				t.Fatalf("U+%04X: Go %#x, TypeScript %#x", r, got, cur)
			}
		}
	})
}

func show(v *bool) string {
	if v == nil {
		return "unknown"
	}
	return fmt.Sprint(*v)
}

// differentialAlphabet holds the characters the mutations draw from: the
// syntax characters of the formats and code points the IDNA rules treat
// apart (exceptions, contextual rules, Bidi classes, separators, marks).
var differentialAlphabet = []rune(
	"0123456789abcdefxyzAFTZPWYMDHSn-.:/?#[]@!$&'()*+,;=%~_{}|\\^`\"<> \t\n" +
		"\u00b7\u0375\u05f3\u05f4\u30fb\u0660\u0669\u06f0\u06f9\u200c\u200d\u094d\u0915" +
		"\u00df\u03c2\u06fd\u0f0b\u3007\u0640\u07fa\u302e\u3031" +
		"\u3002\uff0e\uff61\u00e9\u0301\u0300\u0903\u0488\u05d0\u05d1\u0628\u064a\u0627" +
		"\u03b1\u03b2\u3041\u30a1\u4e08\uc2e4\u00fc\u13a0\uab70\u0130\u212a\u00a0\ue000" +
		"\ufffd\u0080\uff20\U000f0000\U0001f600\U00010300\U0001d7cf\u0663\u06f3",
)

// differentialStrings returns n strings made from the suite's strings and
// some valid examples by random edits (a fixed seed), and random code
// points, for the Go–TypeScript comparison.
func differentialStrings(cases []suiteCase, n int) []string {
	seeds := []string{
		"2024-02-29T23:59:60Z", "12:00:00.5+01:30", "P1Y2M3DT4H5M6S", "P3W",
		"a.b@example.com", "\"a b\"@[IPv6:::1]", "δ@실례.테스트", "xn--nxasmq6b.example",
		"xn--4gbwdl.xn--wgbh1c", "bücher.example", "l·l.a。b", "1.2.3.4", "::ffff:1.2.3.4",
		"https://u:p@[v1.x]:80/a/b?q=1#f", "//h/p", "ä/ö?ü#ß", "{+a,b.c:3}/x{#y*}",
		"2eb8aa08-aa98-11ea-b4aa-73b441d16380", "/a~0b/c~1d", "2/a#", "0#",
	}
	for _, c := range cases {
		if s, ok := c.str(); ok {
			seeds = append(seeds, s)
		}
	}
	rng := rand.New(rand.NewPCG(13, 1))
	randomRune := func() rune {
		if rng.IntN(4) > 0 {
			return differentialAlphabet[rng.IntN(len(differentialAlphabet))]
		}
		for {
			// Any scalar value, the Basic Multilingual Plane more often.
			r := rune(rng.IntN(0x110000))
			if rng.IntN(2) == 0 {
				r = rune(rng.IntN(0x10000))
			}
			if utf8.ValidRune(r) {
				return r
			}
		}
	}
	out := make([]string, 0, n)
	for len(out) < n {
		if rng.IntN(3) == 0 {
			out = append(out, structuredString(rng, randomRune))
			continue
		}
		var rs []rune
		if rng.IntN(10) == 0 {
			for k := rng.IntN(12); k >= 0; k-- {
				rs = append(rs, randomRune())
			}
		} else {
			rs = []rune(seeds[rng.IntN(len(seeds))])
			for k := rng.IntN(3); k >= 0; k-- {
				i := 0
				if len(rs) > 0 {
					i = rng.IntN(len(rs) + 1)
				}
				switch rng.IntN(5) {
				case 0: // insert
					rs = append(rs[:i], append([]rune{randomRune()}, rs[i:]...)...)
				case 1: // delete
					if i < len(rs) {
						rs = append(rs[:i], rs[i+1:]...)
					}
				case 2: // replace
					if i < len(rs) {
						rs[i] = randomRune()
					}
				case 3: // repeat a piece
					if i < len(rs) {
						j := i + rng.IntN(len(rs)-i) + 1
						rs = append(rs[:j], append(append([]rune{}, rs[i:j]...), rs[j:]...)...)
					}
				case 4: // keep as it is (the seed itself is compared too)
				}
			}
		}
		out = append(out, string(rs))
	}
	// Long strings, where a label or a local part is over its limit.
	for _, piece := range []string{"\u0660", "\u30fb\u30a1", "l\u00b7", "\u0915\u094d\u200c", "a.", "xn--a.", "{a}", "%41", "~0/", "1:"} {
		out = append(out, strings.Repeat(piece, 20000/len(piece)))
	}
	return out
}

// structuredString returns a string built the way one format writes it,
// from random fields that are often out of range: dates and times (leap
// years and leap seconds with offsets), durations, IP addresses, UUIDs,
// host names with A-labels of random labels, and e-mail addresses.
func structuredString(rng *rand.Rand, randomRune func() rune) string {
	pick := func(options ...string) string { return options[rng.IntN(len(options))] }
	date := func() string {
		return fmt.Sprintf("%04d-%02d-%02d", rng.IntN(10000), rng.IntN(14), rng.IntN(33))
	}
	clock := func() string {
		s := fmt.Sprintf("%02d:%02d:%02d", rng.IntN(25), rng.IntN(61), 58+rng.IntN(4))
		if rng.IntN(3) == 0 {
			s += "." + fmt.Sprint(rng.IntN(1000))
		}
		if rng.IntN(3) == 0 {
			return s + pick("Z", "z", "")
		}
		return s + fmt.Sprintf("%s%02d:%02d", pick("+", "-"), rng.IntN(25), pick2(rng, 0, 30, 59, 60))
	}
	octet := func() string { return fmt.Sprint(pick2(rng, 0, 1, 9, 10, 99, 100, 199, 255, 256, 300)) }
	ipv4 := func() string { return octet() + "." + octet() + "." + octet() + "." + octet() }
	ipv6 := func() string {
		var groups []string
		for k := rng.IntN(9); k >= 0; k-- {
			groups = append(groups, fmt.Sprintf("%x", rng.IntN(0x10000)))
		}
		s := strings.Join(groups, ":")
		if rng.IntN(2) == 0 {
			i := rng.IntN(len(s) + 1)
			s = s[:i] + "::" + s[i:]
		}
		if rng.IntN(4) == 0 {
			s += ":" + ipv4()
		}
		return s
	}
	label := func() string {
		var rs []rune
		for k := rng.IntN(6); k >= 0; k-- {
			rs = append(rs, randomRune())
		}
		if rng.IntN(2) == 0 {
			if enc, ok := fmtPunyEncode(rs); ok {
				return "xn--" + enc
			}
		}
		return string(rs)
	}
	host := func() string {
		labels := []string{label()}
		for k := rng.IntN(3); k > 0; k-- {
			labels = append(labels, pick("example", "com", "a-b", "xn--bcher-kva", label()))
		}
		return strings.Join(labels, pick(".", ".", "\u3002"))
	}
	hex := func(n int) string {
		var b strings.Builder
		for k := 0; k < n; k++ {
			b.WriteByte("0123456789abcdefABCDEF"[rng.IntN(22)])
		}
		return b.String()
	}
	switch rng.IntN(10) {
	case 0:
		return date()
	case 1:
		return clock()
	case 2:
		return date() + pick("T", "t", " ") + clock()
	case 3:
		var b strings.Builder
		b.WriteString("P")
		for _, unit := range []string{"Y", "M", "W", "D", "T", "H", "M", "S"} {
			if rng.IntN(3) == 0 {
				if unit != "T" {
					b.WriteString(fmt.Sprint(rng.IntN(100)))
				}
				b.WriteString(unit)
			}
		}
		return b.String()
	case 4:
		return ipv4()
	case 5:
		return ipv6()
	case 6:
		return hex(8) + "-" + hex(4) + "-" + hex(4) + "-" + hex(4) + "-" + hex(12)
	case 7:
		return host()
	case 8:
		return pick("a", "a.b", "\"q\"", "δ") + "@" + pick(host(), "["+ipv4()+"]", "[IPv6:"+ipv6()+"]")
	default:
		return pick("http", "urn", "x") + pick("://", ":", ":/") + host() + pick("", "/", "/a?b#c", ":80/p")
	}
}

// pick2 returns one of the values at random.
func pick2(rng *rand.Rand, values ...int) int {
	return values[rng.IntN(len(values))]
}
