package formatrt

import (
	"bufio"
	"flag"
	"fmt"
	"go/format"
	"os"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

var update = flag.Bool("update", false, "rewrite the IDNA tables of format.go and format.ts from the Unicode data")

// The tables are built from Unicode 15.0.0: the unicode package of the Go
// toolchain, golang.org/x/text (normalization, case folding, Bidi classes)
// and ArabicShaping.txt (joining types) of that version.
const (
	tablesUnicodeVersion = "15.0.0"
	arabicShapingFile    = "testdata/ArabicShaping-15.0.0.txt"
	goRuntimeFile        = "format.go"
	tsRuntimeFile        = "../../gen/typescript/rt/format.ts"
	tablesBegin          = "// BEGIN IDNA TABLES\n"
	tablesEnd            = "// END IDNA TABLES\n"
)

// idnaExceptions is RFC 5892 §2.6 (Exceptions, F).
var idnaExceptions = map[rune]uint16{
	0x00DF: fmtIDNAPValid, 0x03C2: fmtIDNAPValid, 0x06FD: fmtIDNAPValid,
	0x06FE: fmtIDNAPValid, 0x0F0B: fmtIDNAPValid, 0x3007: fmtIDNAPValid,
	0x00B7: fmtIDNAContextO, 0x0375: fmtIDNAContextO, 0x05F3: fmtIDNAContextO,
	0x05F4: fmtIDNAContextO, 0x30FB: fmtIDNAContextO,
	0x0640: fmtIDNADisallowed, 0x07FA: fmtIDNADisallowed, 0x302E: fmtIDNADisallowed,
	0x302F: fmtIDNADisallowed, 0x3031: fmtIDNADisallowed, 0x3032: fmtIDNADisallowed,
	0x3033: fmtIDNADisallowed, 0x3034: fmtIDNADisallowed, 0x3035: fmtIDNADisallowed,
	0x303B: fmtIDNADisallowed,
}

func init() {
	for r := rune(0x0660); r <= 0x0669; r++ {
		idnaExceptions[r] = fmtIDNAContextO
	}
	for r := rune(0x06F0); r <= 0x06F9; r++ {
		idnaExceptions[r] = fmtIDNAContextO
	}
}

var assignedCategories = []*unicode.RangeTable{
	unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
	unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs,
}

var letterDigits = []*unicode.RangeTable{
	unicode.Ll, unicode.Lu, unicode.Lo, unicode.Nd, unicode.Lm, unicode.Mn, unicode.Mc,
}

var caseFold = cases.Fold()

// idnaDerived is the derived property of r, by the algorithm of RFC 5892 §3.
func idnaDerived(r rune) uint16 {
	if p, ok := idnaExceptions[r]; ok {
		return p
	}
	// BackwardCompatible (G) is empty.
	if !unicode.In(r, assignedCategories...) {
		return fmtIDNADisallowed // UNASSIGNED
	}
	if r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' {
		return fmtIDNAPValid
	}
	if unicode.Is(unicode.Join_Control, r) {
		return fmtIDNAContextJ
	}
	s := string(r)
	folded := caseFold.String(norm.NFKC.String(s))
	if r >= 0x13A0 && r <= 0x13F5 {
		// x/text folds the Cherokee capitals to the small letters;
		// CaseFolding.txt maps the small letters to the capitals and leaves
		// the capitals alone.
		folded = s
	}
	if norm.NFKC.String(folded) != s {
		return fmtIDNADisallowed // Unstable (B)
	}
	if unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector,
		unicode.Cf, unicode.White_Space, unicode.Noncharacter_Code_Point) {
		return fmtIDNADisallowed // IgnorableProperties (C)
	}
	if r >= 0x20D0 && r <= 0x20FF || r >= 0x1D100 && r <= 0x1D24F {
		return fmtIDNADisallowed // IgnorableBlocks (D)
	}
	if r >= 0x1100 && r <= 0x11FF || r >= 0xA960 && r <= 0xA97F || r >= 0xD7B0 && r <= 0xD7FF {
		return fmtIDNADisallowed // OldHangulJamo (I)
	}
	if unicode.In(r, letterDigits...) {
		return fmtIDNAPValid // LetterDigits (A)
	}
	return fmtIDNADisallowed
}

var bidiClasses = map[bidi.Class]uint16{
	bidi.L: fmtBidiL, bidi.R: fmtBidiR, bidi.AL: fmtBidiAL, bidi.EN: fmtBidiEN,
	bidi.ES: fmtBidiES, bidi.CS: fmtBidiCS, bidi.ET: fmtBidiET, bidi.ON: fmtBidiON,
	bidi.BN: fmtBidiBN, bidi.NSM: fmtBidiNSM, bidi.AN: fmtBidiAN,
}

// idnaProps is what fmtIDNAProps must return for r.
func idnaProps(r rune, joining map[rune]uint16) uint16 {
	p := idnaDerived(r)
	if p == fmtIDNADisallowed {
		return 0
	}
	if unicode.Is(unicode.M, r) {
		p |= fmtIDNAMark
	}
	if norm.NFC.PropertiesString(string(r)).CCC() == 9 {
		p |= fmtIDNAVirama
	}
	b, _ := bidi.LookupRune(r)
	p |= bidiClasses[b.Class()] << fmtIDNABidiShift
	j, ok := joining[r]
	if !ok && unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		j = fmtJoinT
	}
	p |= j << fmtIDNAJoinShift
	switch {
	case unicode.Is(unicode.Greek, r):
		p |= fmtScriptGreek << fmtIDNAScriptShift
	case unicode.Is(unicode.Hebrew, r):
		p |= fmtScriptHebrew << fmtIDNAScriptShift
	case unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han):
		p |= fmtScriptKana << fmtIDNAScriptShift
	}
	return p
}

// readJoiningTypes reads the explicit joining types of ArabicShaping.txt.
func readJoiningTypes(t *testing.T) map[rune]uint16 {
	f, err := os.Open(arabicShapingFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	types := map[string]uint16{"U": fmtJoinU, "L": fmtJoinL, "R": fmtJoinR, "D": fmtJoinD, "T": fmtJoinT, "C": fmtJoinC}
	joining := map[rune]uint16{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Split(line, ";")
		if len(fields) < 3 {
			continue
		}
		var r rune
		if _, err := fmt.Sscanf(strings.TrimSpace(fields[0]), "%X", &r); err != nil {
			t.Fatalf("%s: %q: %v", arabicShapingFile, line, err)
		}
		j, ok := types[strings.TrimSpace(fields[2])]
		if !ok {
			t.Fatalf("%s: %q: unknown joining type", arabicShapingFile, line)
		}
		joining[r] = j
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return joining
}

// encodeIDNATables encodes props (one entry per code point) as
// fmtIDNARanges and fmtIDNAAttrs (see fmtIDNAProps).
func encodeIDNATables(t *testing.T, props []uint16) (ranges, attrs string) {
	digits := func(v, n int) string {
		b := make([]byte, n)
		for i := n - 1; i >= 0; i-- {
			b[i] = byte('#' + v%57)
			v /= 57
		}
		if v != 0 {
			t.Fatalf("%d does not fit in %d base-57 digits", v, n)
		}
		return string(b)
	}
	index := map[uint16]int{}
	var rb, ab strings.Builder
	emit := func(start int, a uint16) {
		i, ok := index[a]
		if !ok {
			i = len(index)
			index[a] = i
			ab.WriteString(digits(int(a), 3))
		}
		rb.WriteString(digits(start, 4))
		rb.WriteString(digits(i, 1))
	}
	for i := 0; i < len(props); {
		a := props[i]
		// An alternating run: a, 0, a, 0, ... for at least three a's.
		j := i
		for a != 0 && j+2 < len(props) && props[j+1] == 0 && props[j+2] == a {
			j += 2
		}
		if j-i >= 4 {
			emit(i, a|fmtIDNAAlternate)
			i = j + 1
			if i < len(props) && props[i] == 0 {
				i++
			}
			continue
		}
		emit(i, a)
		for i < len(props) && props[i] == a {
			i++
		}
	}
	return rb.String(), ab.String()
}

// tableLines writes s as a concatenation of string literals, one a line.
func tableLines(s, indent, last string) string {
	var b strings.Builder
	for len(s) > 0 {
		n := min(70, len(s))
		sep := " +\n"
		if n == len(s) {
			sep = last
		}
		fmt.Fprintf(&b, "%s%q%s", indent, s[:n], sep)
		s = s[n:]
	}
	return b.String()
}

// renderTables returns the generated blocks for format.go and format.ts.
func renderTables(ranges, attrs string, entries, attrCount int) (goBlock, tsBlock string) {
	comment := fmt.Sprintf(`// fmtIDNARanges (%d ranges) and fmtIDNAAttrs (%d property sets) are
// generated from Unicode %s by
// "go test ./internal/runtime/formatrt -run TestIDNATables -update";
// do not edit them.
`, entries, attrCount, tablesUnicodeVersion)
	goBlock = comment + "const fmtIDNARanges = \"\" +\n" + tableLines(ranges, "\t", "\n") +
		"\nconst fmtIDNAAttrs = \"\" +\n" + tableLines(attrs, "\t", "\n")
	tsBlock = comment + "const fmtIDNARanges =\n" + tableLines(ranges, "  ", ";\n") +
		"\nconst fmtIDNAAttrs =\n" + tableLines(attrs, "  ", ";\n")
	return goBlock, tsBlock
}

// replaceBlock returns src with the text between the table markers replaced.
func replaceBlock(t *testing.T, name, src, block string) string {
	i := strings.Index(src, tablesBegin)
	j := strings.Index(src, tablesEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q ... %q block", name, tablesBegin, tablesEnd)
	}
	return src[:i+len(tablesBegin)] + block + src[j:]
}

// TestIDNATables checks that the IDNA tables of format.go and format.ts are
// what the Unicode data gives, and that fmtIDNAProps reads them right for
// every code point. With -update it rewrites them.
func TestIDNATables(t *testing.T) {
	if unicode.Version != tablesUnicodeVersion || norm.Version != tablesUnicodeVersion ||
		bidi.UnicodeVersion != tablesUnicodeVersion || cases.UnicodeVersion != tablesUnicodeVersion {
		t.Skipf("the IDNA tables are Unicode %s; this toolchain has unicode %s, x/text norm %s, bidi %s, cases %s: "+
			"move arabicShapingFile and tablesUnicodeVersion to one version, then run with -update",
			tablesUnicodeVersion, unicode.Version, norm.Version, bidi.UnicodeVersion, cases.UnicodeVersion)
	}
	joining := readJoiningTypes(t)
	props := make([]uint16, unicode.MaxRune+1)
	for r := range props {
		props[r] = idnaProps(rune(r), joining)
	}
	ranges, attrs := encodeIDNATables(t, props)
	for r, want := range props {
		if got := fmtIDNALookup(ranges, attrs, rune(r)); got != want {
			t.Fatalf("the encoded table gives U+%04X %#x, want %#x", r, got, want)
		}
	}
	goBlock, tsBlock := renderTables(ranges, attrs, len(ranges)/5, len(attrs)/3)

	goSrc, err := os.ReadFile(goRuntimeFile)
	if err != nil {
		t.Fatal(err)
	}
	tsSrc, err := os.ReadFile(tsRuntimeFile)
	if err != nil {
		t.Fatal(err)
	}
	newGo, err := format.Source([]byte(replaceBlock(t, goRuntimeFile, string(goSrc), goBlock)))
	if err != nil {
		t.Fatalf("format.go with new tables: %v", err)
	}
	newTS := replaceBlock(t, tsRuntimeFile, string(tsSrc), tsBlock)
	if *update {
		if err := os.WriteFile(goRuntimeFile, newGo, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tsRuntimeFile, []byte(newTS), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d ranges and %d property sets; run again without -update to check", len(ranges)/5, len(attrs)/3)
		return
	}
	if string(newGo) != string(goSrc) {
		t.Errorf("%s: the IDNA tables are not what Unicode %s gives: run go test -run TestIDNATables -update", goRuntimeFile, tablesUnicodeVersion)
	}
	if newTS != string(tsSrc) {
		t.Errorf("%s: the IDNA tables are not what Unicode %s gives: run go test -run TestIDNATables -update", tsRuntimeFile, tablesUnicodeVersion)
	}
	for r, want := range props {
		if got := fmtIDNAProps(rune(r)); got != want {
			t.Fatalf("fmtIDNAProps(U+%04X) = %#x, want %#x", r, got, want)
		}
	}
}
