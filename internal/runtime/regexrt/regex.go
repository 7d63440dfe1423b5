package regexrt

// This file is the ECMA-262 regular expression engine of a generated
// package: JSON Schema's "pattern" and "patternProperties" are ECMA-262
// regular expressions, and Go's regexp (RE2) reads some of them differently
// or not at all (look-around, back-references, Annex B syntax, UTF-16
// strings). The generator translates a pattern to RE2 when Go's regexp gives
// exactly JavaScript's verdict (see Analyze, in a file that is not copied);
// every other pattern, and every string the translation cannot read as
// JavaScript does (a lone surrogate; a character beyond the BMP for a pattern
// without the u flag), is matched here.
//
// The dialect is ECMA-262 2022 (ES2022) with the flags JSON Schema allows:
// "u" or none (never i, m, s, y, g). Without u the Annex B grammar applies
// (identity escapes such as \-, legacy octal, lone ] and {, quantified
// look-ahead) and the string is read as UTF-16 code units; with u, as code
// points. The Unicode property tables are Go's (package unicode).
//
// A string is a Go string as the generated decoder makes it: UTF-8, a lone
// surrogate kept in its three-byte WTF-8 form, which is how JavaScript's
// string holds it (a WTF-8 high surrogate followed by a WTF-8 low one is a
// pair, as in JavaScript). Any other invalid byte reads as U+FFFD.
//
// Matching is a backtracking search, as in JavaScript, on an explicit stack:
// it cannot overflow the goroutine stack whatever the input. Its work is
// bounded: past ecmaStepBudget(n) steps (about 10^7 plus 1000 per character
// of the string) or ecmaFrameBudget(n) saved states, test gives up with
// ecmaErrBudget and matchString reports false, so that a pattern with
// catastrophic backtracking (such as ^(a+)+$ on a long run of a) answers in
// bounded time instead of hanging as JavaScript would.
//
// Every top-level name begins with ecma (or is one of compileECMA,
// mustCompileECMA, formatRegex) because the file is copied into generated
// packages beside their own code.

import (
	"errors"
	"sort"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"
)

// ecmaRegexp is a compiled ECMA-262 pattern. It is safe for concurrent use.
type ecmaRegexp struct {
	source   string
	unicode  bool
	prog     []ecmaInst
	nregs    int
	anchored bool     // every match starts at the beginning of the string
	first    *ecmaSet // the characters a match can start with; nil: any, or an empty match
	memo     bool     // what follows a state depends on its pc and position alone
	machines sync.Pool
}

// ecmaErrBudget is the error of a match that took more steps or memory than
// its budget allows (see ecmaStepBudget).
var ecmaErrBudget = errors.New("the pattern takes too many steps on this string (catastrophic backtracking)")

// ecmaMaxDepth bounds the nesting of groups, look-arounds and classes in a
// pattern, so that parsing and compiling never recurse deeply.
const ecmaMaxDepth = 500

// compileECMA compiles pattern with ECMA-262 semantics, with the u flag when
// unicode is true.
func compileECMA(pattern string, unicode bool) (*ecmaRegexp, error) {
	tree, err := ecmaParse(pattern, unicode)
	if err != nil {
		return nil, err
	}
	if err := tree.resolve(); err != nil {
		return nil, err
	}
	return ecmaCompile(pattern, tree), nil
}

// mustCompileECMA is compileECMA for patterns the generator has checked; it
// panics on an error.
func mustCompileECMA(pattern string, unicode bool) *ecmaRegexp {
	re, err := compileECMA(pattern, unicode)
	if err != nil {
		panic("compileECMA(" + strconv.Quote(pattern) + "): " + err.Error())
	}
	return re
}

// matchString reports whether s contains a match, as RegExp.prototype.test
// does. Past the step budget it reports false (see test).
func (re *ecmaRegexp) matchString(s string) bool {
	ok, err := re.test(s)
	return ok && err == nil
}

// formatRegex reports whether s is a valid ECMA-262 regular expression with
// the u flag, as JSON Schema's "regex" format asks. The u flag's grammar is
// the strict one: without it, Annex B (a web-compatibility appendix) makes
// almost any string valid, "\a" included, which the JSON Schema Test Suite
// expects to be rejected. The TypeScript formatRegex gives the same verdict.
func formatRegex(s string) bool {
	_, err := ecmaParse(s, true)
	return err == nil
}

// ecmaValidUTF8 reports whether s holds no lone surrogate (nor any other
// invalid UTF-8): the strings on which Go's regexp reads what JavaScript
// reads.
func ecmaValidUTF8(s string) bool {
	return utf8.ValidString(s)
}

// ecmaBMPOnly reports whether s is valid UTF-8 of characters of the Basic
// Multilingual Plane only: the strings on which a pattern without the u flag
// sees one UTF-16 code unit where Go's regexp sees one character.
func ecmaBMPOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xf0 {
			return false
		}
	}
	return utf8.ValidString(s)
}

// ---------------------------------------------------------------------------
// Strings as JavaScript sees them

// ecmaDecode appends the characters of s as the pattern sees them: UTF-16
// code units without the u flag, code points with it.
func ecmaDecode(dst []rune, s string, unicode bool) []rune {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, rune(c))
			i++
			continue
		}
		if u, ok := ecmaSurrogateAt(s, i); ok {
			i += 3
			if unicode && u < 0xdc00 {
				if lo, ok := ecmaSurrogateAt(s, i); ok && lo >= 0xdc00 {
					dst = append(dst, 0x10000+(u-0xd800)<<10+(lo-0xdc00))
					i += 3
					continue
				}
			}
			dst = append(dst, u)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r > 0xffff && !unicode {
			r -= 0x10000
			dst = append(dst, 0xd800+r>>10, 0xdc00+r&0x3ff)
			continue
		}
		dst = append(dst, r)
	}
	return dst
}

// ecmaSurrogateAt returns the lone surrogate encoded (WTF-8) at s[i:].
func ecmaSurrogateAt(s string, i int) (rune, bool) {
	if i+2 >= len(s) || s[i] != 0xed || s[i+1] < 0xa0 || s[i+1] > 0xbf || s[i+2] < 0x80 || s[i+2] > 0xbf {
		return 0, false
	}
	return 0xd000 | rune(s[i+1]&0x3f)<<6 | rune(s[i+2]&0x3f), true
}

// ---------------------------------------------------------------------------
// Character sets

// ecmaSet is a set of characters: sorted, disjoint, non-adjacent inclusive
// ranges, with a bitmap for ASCII.
type ecmaSet struct {
	ascii  [2]uint64
	ranges []rune // lo, hi, lo, hi, ...
}

func ecmaNewSet(r ecmaRanges) *ecmaSet {
	r = r.normalize()
	s := &ecmaSet{ranges: r}
	for i := 0; i < len(r); i += 2 {
		for c := r[i]; c <= r[i+1] && c < utf8.RuneSelf; c++ {
			s.ascii[c>>6] |= 1 << (c & 63)
		}
	}
	return s
}

func (s *ecmaSet) has(c rune) bool {
	if c < utf8.RuneSelf {
		return s.ascii[c>>6]&(1<<(c&63)) != 0
	}
	r := s.ranges
	lo, hi := 0, len(r)/2
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if c > r[2*m+1] {
			lo = m + 1
		} else if c < r[2*m] {
			hi = m
		} else {
			return true
		}
	}
	return false
}

// ecmaRanges is a set under construction: pairs lo, hi in any order.
type ecmaRanges []rune

func (r ecmaRanges) add(lo, hi rune) ecmaRanges { return append(r, lo, hi) }

func (r ecmaRanges) addTable(t *unicode.RangeTable) ecmaRanges {
	for _, x := range t.R16 {
		if x.Stride == 1 {
			r = append(r, rune(x.Lo), rune(x.Hi))
			continue
		}
		for c := rune(x.Lo); c <= rune(x.Hi); c += rune(x.Stride) {
			r = append(r, c, c)
		}
	}
	for _, x := range t.R32 {
		if x.Stride == 1 {
			r = append(r, rune(x.Lo), rune(x.Hi))
			continue
		}
		for c := rune(x.Lo); c <= rune(x.Hi); c += rune(x.Stride) {
			r = append(r, c, c)
		}
	}
	return r
}

type ecmaPairs []rune

func (p ecmaPairs) Len() int           { return len(p) / 2 }
func (p ecmaPairs) Less(i, j int) bool { return p[2*i] < p[2*j] }
func (p ecmaPairs) Swap(i, j int) {
	p[2*i], p[2*j] = p[2*j], p[2*i]
	p[2*i+1], p[2*j+1] = p[2*j+1], p[2*i+1]
}

// normalize sorts and merges the ranges.
func (r ecmaRanges) normalize() ecmaRanges {
	if len(r) == 0 {
		return r
	}
	sort.Sort(ecmaPairs(r))
	out := r[:2]
	for i := 2; i < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		if last := out[len(out)-1]; lo <= last+1 {
			if hi > last {
				out[len(out)-1] = hi
			}
			continue
		}
		out = append(out, lo, hi)
	}
	return out
}

// negate returns the complement of r in [0, max].
func (r ecmaRanges) negate(max rune) ecmaRanges {
	r = append(ecmaRanges(nil), r...).normalize()
	var out ecmaRanges
	next := rune(0)
	for i := 0; i < len(r); i += 2 {
		if r[i] > next {
			out = append(out, next, r[i]-1)
		}
		next = r[i+1] + 1
	}
	if next <= max {
		out = append(out, next, max)
	}
	return out
}

// ecmaSpace is \s: WhiteSpace and LineTerminator.
var ecmaSpace = ecmaRanges{'\t', '\r', ' ', ' ', 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a,
	0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff}

// ecmaWord is \w (no i flag): [0-9A-Za-z_].
var ecmaWord = ecmaRanges{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}

// ecmaLineTerminators are what . does not match.
var ecmaLineTerminators = ecmaRanges{'\n', '\n', '\r', '\r', 0x2028, 0x2029}

// ecmaEscapeRanges is the set of a class escape: d, D, s, S, w or W.
func ecmaEscapeRanges(kind byte, max rune) ecmaRanges {
	switch kind {
	case 'd':
		return ecmaRanges{'0', '9'}
	case 'D':
		return ecmaRanges{'0', '9'}.negate(max)
	case 's':
		return append(ecmaRanges(nil), ecmaSpace...)
	case 'S':
		return ecmaSpace.negate(max)
	case 'w':
		return append(ecmaRanges(nil), ecmaWord...)
	}
	return ecmaWord.negate(max)
}

func ecmaIsWord(c rune) bool {
	return c < utf8.RuneSelf && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_')
}

// ---------------------------------------------------------------------------
// Unicode properties (\p{...} with the u flag)

// ecmaProperty is a resolved \p{...}: a General_Category value (kind 'g',
// value its short name), a Script or Script_Extensions value (kind 's' or
// 'x', value its long name) or a binary property (kind 'b', value its long
// name).
type ecmaProperty struct {
	kind  byte
	value string
}

// ecmaCategoryLeaves are the General_Category values every other one is a
// union of (Cn, unassigned, aside: it is what none of them holds).
var ecmaCategoryLeaves = []string{"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No",
	"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cs"}

// ecmaCategoryAliases maps the long names and aliases of General_Category
// values to their short names.
var ecmaCategoryAliases = map[string]string{
	"Cased_Letter": "LC", "Close_Punctuation": "Pe", "Connector_Punctuation": "Pc", "Control": "Cc",
	"cntrl": "Cc", "Currency_Symbol": "Sc", "Dash_Punctuation": "Pd", "Decimal_Number": "Nd",
	"digit": "Nd", "Enclosing_Mark": "Me", "Final_Punctuation": "Pf", "Format": "Cf",
	"Initial_Punctuation": "Pi", "Letter": "L", "Letter_Number": "Nl", "Line_Separator": "Zl",
	"Lowercase_Letter": "Ll", "Mark": "M", "Combining_Mark": "M", "Math_Symbol": "Sm",
	"Modifier_Letter": "Lm", "Modifier_Symbol": "Sk", "Nonspacing_Mark": "Mn", "Number": "N",
	"Open_Punctuation": "Ps", "Other": "C", "Other_Letter": "Lo", "Other_Number": "No",
	"Other_Punctuation": "Po", "Other_Symbol": "So", "Paragraph_Separator": "Zp", "Private_Use": "Co",
	"Punctuation": "P", "punct": "P", "Separator": "Z", "Space_Separator": "Zs", "Spacing_Mark": "Mc",
	"Surrogate": "Cs", "Symbol": "S", "Titlecase_Letter": "Lt", "Unassigned": "Cn", "Uppercase_Letter": "Lu",
}

// ecmaCategory returns the short name of a General_Category value or alias.
func ecmaCategory(name string) (string, bool) {
	if short, ok := ecmaCategoryAliases[name]; ok {
		return short, true
	}
	switch name {
	case "L", "M", "N", "P", "S", "Z", "C", "LC", "Cn":
		return name, true
	}
	for _, leaf := range ecmaCategoryLeaves {
		if leaf == name {
			return name, true
		}
	}
	return "", false
}

// ecmaScriptAliases maps the short names (ISO 15924 codes) of the scripts to
// their long names, which are the keys of unicode.Scripts.
var ecmaScriptAliases = map[string]string{
	"Adlm": "Adlam", "Aghb": "Caucasian_Albanian", "Ahom": "Ahom", "Arab": "Arabic",
	"Armi": "Imperial_Aramaic", "Armn": "Armenian", "Avst": "Avestan", "Bali": "Balinese",
	"Bamu": "Bamum", "Bass": "Bassa_Vah", "Batk": "Batak", "Beng": "Bengali", "Bhks": "Bhaiksuki",
	"Bopo": "Bopomofo", "Brah": "Brahmi", "Brai": "Braille", "Bugi": "Buginese", "Buhd": "Buhid",
	"Cakm": "Chakma", "Cans": "Canadian_Aboriginal", "Cari": "Carian", "Cham": "Cham",
	"Cher": "Cherokee", "Chrs": "Chorasmian", "Copt": "Coptic", "Qaac": "Coptic",
	"Cpmn": "Cypro_Minoan", "Cprt": "Cypriot", "Cyrl": "Cyrillic", "Deva": "Devanagari",
	"Diak": "Dives_Akuru", "Dogr": "Dogra", "Dsrt": "Deseret", "Dupl": "Duployan",
	"Egyp": "Egyptian_Hieroglyphs", "Elba": "Elbasan", "Elym": "Elymaic", "Ethi": "Ethiopic",
	"Geor": "Georgian", "Glag": "Glagolitic", "Gong": "Gunjala_Gondi", "Gonm": "Masaram_Gondi",
	"Goth": "Gothic", "Gran": "Grantha", "Grek": "Greek", "Gujr": "Gujarati", "Guru": "Gurmukhi",
	"Hang": "Hangul", "Hani": "Han", "Hano": "Hanunoo", "Hatr": "Hatran", "Hebr": "Hebrew",
	"Hira": "Hiragana", "Hluw": "Anatolian_Hieroglyphs", "Hmng": "Pahawh_Hmong",
	"Hmnp": "Nyiakeng_Puachue_Hmong", "Hung": "Old_Hungarian", "Ital": "Old_Italic",
	"Java": "Javanese", "Kali": "Kayah_Li", "Kana": "Katakana", "Kawi": "Kawi", "Khar": "Kharoshthi",
	"Khmr": "Khmer", "Khoj": "Khojki", "Kits": "Khitan_Small_Script", "Knda": "Kannada",
	"Kthi": "Kaithi", "Lana": "Tai_Tham", "Laoo": "Lao", "Latn": "Latin", "Lepc": "Lepcha",
	"Limb": "Limbu", "Lina": "Linear_A", "Linb": "Linear_B", "Lisu": "Lisu", "Lyci": "Lycian",
	"Lydi": "Lydian", "Mahj": "Mahajani", "Maka": "Makasar", "Mand": "Mandaic", "Mani": "Manichaean",
	"Marc": "Marchen", "Medf": "Medefaidrin", "Mend": "Mende_Kikakui", "Merc": "Meroitic_Cursive",
	"Mero": "Meroitic_Hieroglyphs", "Mlym": "Malayalam", "Modi": "Modi", "Mong": "Mongolian",
	"Mroo": "Mro", "Mtei": "Meetei_Mayek", "Mult": "Multani", "Mymr": "Myanmar",
	"Nagm": "Nag_Mundari", "Nand": "Nandinagari", "Narb": "Old_North_Arabian", "Nbat": "Nabataean",
	"Newa": "Newa", "Nkoo": "Nko", "Nshu": "Nushu", "Ogam": "Ogham", "Olck": "Ol_Chiki",
	"Orkh": "Old_Turkic", "Orya": "Oriya", "Osge": "Osage", "Osma": "Osmanya", "Ougr": "Old_Uyghur",
	"Palm": "Palmyrene", "Pauc": "Pau_Cin_Hau", "Perm": "Old_Permic", "Phag": "Phags_Pa",
	"Phli": "Inscriptional_Pahlavi", "Phlp": "Psalter_Pahlavi", "Phnx": "Phoenician", "Plrd": "Miao",
	"Prti": "Inscriptional_Parthian", "Rjng": "Rejang", "Rohg": "Hanifi_Rohingya", "Runr": "Runic",
	"Samr": "Samaritan", "Sarb": "Old_South_Arabian", "Saur": "Saurashtra", "Sgnw": "SignWriting",
	"Shaw": "Shavian", "Shrd": "Sharada", "Sidd": "Siddham", "Sind": "Khudawadi", "Sinh": "Sinhala",
	"Sogd": "Sogdian", "Sogo": "Old_Sogdian", "Sora": "Sora_Sompeng", "Soyo": "Soyombo",
	"Sund": "Sundanese", "Sylo": "Syloti_Nagri", "Syrc": "Syriac", "Tagb": "Tagbanwa", "Takr": "Takri",
	"Tale": "Tai_Le", "Talu": "New_Tai_Lue", "Taml": "Tamil", "Tang": "Tangut", "Tavt": "Tai_Viet",
	"Telu": "Telugu", "Tfng": "Tifinagh", "Tglg": "Tagalog", "Thaa": "Thaana", "Thai": "Thai",
	"Tibt": "Tibetan", "Tirh": "Tirhuta", "Tnsa": "Tangsa", "Toto": "Toto", "Ugar": "Ugaritic",
	"Vaii": "Vai", "Vith": "Vithkuqi", "Wara": "Warang_Citi", "Wcho": "Wancho", "Xpeo": "Old_Persian",
	"Xsux": "Cuneiform", "Yezi": "Yezidi", "Yiii": "Yi", "Zanb": "Zanabazar_Square",
	"Zinh": "Inherited", "Qaai": "Inherited", "Zyyy": "Common", "Zzzz": "Unknown",
}

// ecmaScript returns the long name of a script name or alias.
func ecmaScript(name string) (string, bool) {
	if long, ok := ecmaScriptAliases[name]; ok {
		name = long
	}
	if name == "Unknown" || unicode.Scripts[name] != nil {
		return name, true
	}
	return "", false
}

// ecmaBinaryAliases maps the binary properties ECMA-262 accepts, by name and
// alias, to their long names.
var ecmaBinaryAliases = map[string]string{
	"ASCII": "ASCII", "ASCII_Hex_Digit": "ASCII_Hex_Digit", "AHex": "ASCII_Hex_Digit",
	"Alphabetic": "Alphabetic", "Alpha": "Alphabetic", "Any": "Any", "Assigned": "Assigned",
	"Bidi_Control": "Bidi_Control", "Bidi_C": "Bidi_Control", "Bidi_Mirrored": "Bidi_Mirrored",
	"Bidi_M": "Bidi_Mirrored", "Case_Ignorable": "Case_Ignorable", "CI": "Case_Ignorable",
	"Cased": "Cased", "Changes_When_Casefolded": "Changes_When_Casefolded",
	"CWCF": "Changes_When_Casefolded", "Changes_When_Casemapped": "Changes_When_Casemapped",
	"CWCM": "Changes_When_Casemapped", "Changes_When_Lowercased": "Changes_When_Lowercased",
	"CWL": "Changes_When_Lowercased", "Changes_When_NFKC_Casefolded": "Changes_When_NFKC_Casefolded",
	"CWKCF": "Changes_When_NFKC_Casefolded", "Changes_When_Titlecased": "Changes_When_Titlecased",
	"CWT": "Changes_When_Titlecased", "Changes_When_Uppercased": "Changes_When_Uppercased",
	"CWU": "Changes_When_Uppercased", "Dash": "Dash",
	"Default_Ignorable_Code_Point": "Default_Ignorable_Code_Point", "DI": "Default_Ignorable_Code_Point",
	"Deprecated": "Deprecated", "Dep": "Deprecated", "Diacritic": "Diacritic", "Dia": "Diacritic",
	"Emoji": "Emoji", "Emoji_Component": "Emoji_Component", "EComp": "Emoji_Component",
	"Emoji_Modifier": "Emoji_Modifier", "EMod": "Emoji_Modifier",
	"Emoji_Modifier_Base": "Emoji_Modifier_Base", "EBase": "Emoji_Modifier_Base",
	"Emoji_Presentation": "Emoji_Presentation", "EPres": "Emoji_Presentation",
	"Extended_Pictographic": "Extended_Pictographic", "ExtPict": "Extended_Pictographic",
	"Extender": "Extender", "Ext": "Extender", "Grapheme_Base": "Grapheme_Base",
	"Gr_Base": "Grapheme_Base", "Grapheme_Extend": "Grapheme_Extend", "Gr_Ext": "Grapheme_Extend",
	"Hex_Digit": "Hex_Digit", "Hex": "Hex_Digit", "IDS_Binary_Operator": "IDS_Binary_Operator",
	"IDSB": "IDS_Binary_Operator", "IDS_Trinary_Operator": "IDS_Trinary_Operator",
	"IDST": "IDS_Trinary_Operator", "ID_Continue": "ID_Continue", "IDC": "ID_Continue",
	"ID_Start": "ID_Start", "IDS": "ID_Start", "Ideographic": "Ideographic", "Ideo": "Ideographic",
	"Join_Control": "Join_Control", "Join_C": "Join_Control",
	"Logical_Order_Exception": "Logical_Order_Exception", "LOE": "Logical_Order_Exception",
	"Lowercase": "Lowercase", "Lower": "Lowercase", "Math": "Math",
	"Noncharacter_Code_Point": "Noncharacter_Code_Point", "NChar": "Noncharacter_Code_Point",
	"Pattern_Syntax": "Pattern_Syntax", "Pat_Syn": "Pattern_Syntax",
	"Pattern_White_Space": "Pattern_White_Space", "Pat_WS": "Pattern_White_Space",
	"Quotation_Mark": "Quotation_Mark", "QMark": "Quotation_Mark", "Radical": "Radical",
	"Regional_Indicator": "Regional_Indicator", "RI": "Regional_Indicator",
	"Sentence_Terminal": "Sentence_Terminal", "STerm": "Sentence_Terminal",
	"Soft_Dotted": "Soft_Dotted", "SD": "Soft_Dotted", "Terminal_Punctuation": "Terminal_Punctuation",
	"Term": "Terminal_Punctuation", "Unified_Ideograph": "Unified_Ideograph",
	"UIdeo": "Unified_Ideograph", "Uppercase": "Uppercase", "Upper": "Uppercase",
	"Variation_Selector": "Variation_Selector", "VS": "Variation_Selector",
	"White_Space": "White_Space", "space": "White_Space", "XID_Continue": "XID_Continue",
	"XIDC": "XID_Continue", "XID_Start": "XID_Start", "XIDS": "XID_Start",
}

// ecmaLookupProperty resolves the name and value of \p{name=value} (name ""
// for \p{value}).
func ecmaLookupProperty(name, value string) (ecmaProperty, bool) {
	switch name {
	case "":
		if short, ok := ecmaCategory(value); ok {
			return ecmaProperty{'g', short}, true
		}
		if long, ok := ecmaBinaryAliases[value]; ok {
			return ecmaProperty{'b', long}, true
		}
	case "General_Category", "gc":
		if short, ok := ecmaCategory(value); ok {
			return ecmaProperty{'g', short}, true
		}
	case "Script", "sc", "Script_Extensions", "scx":
		if long, ok := ecmaScript(value); ok {
			kind := byte('s')
			if name == "Script_Extensions" || name == "scx" {
				kind = 'x'
			}
			return ecmaProperty{kind, long}, true
		}
	}
	return ecmaProperty{}, false
}

// ecmaCategoryRanges is the set of a General_Category value (short name).
func ecmaCategoryRanges(short string) ecmaRanges {
	var r ecmaRanges
	switch short {
	case "Cn":
		return ecmaAssigned().negate(unicode.MaxRune)
	case "LC":
		return r.addTable(unicode.Lu).addTable(unicode.Ll).addTable(unicode.Lt)
	case "C":
		r = ecmaAssigned().negate(unicode.MaxRune)
	}
	if len(short) == 2 {
		return r.addTable(unicode.Categories[short])
	}
	for _, leaf := range ecmaCategoryLeaves {
		if leaf[0] == short[0] {
			r = r.addTable(unicode.Categories[leaf])
		}
	}
	return r
}

// ecmaAssigned is every character some General_Category value holds.
func ecmaAssigned() ecmaRanges {
	var r ecmaRanges
	for _, leaf := range ecmaCategoryLeaves {
		r = r.addTable(unicode.Categories[leaf])
	}
	return r.normalize()
}

func ecmaTables(r ecmaRanges, tables ...*unicode.RangeTable) ecmaRanges {
	for _, t := range tables {
		r = r.addTable(t)
	}
	return r
}

// ecmaMinus returns a without the characters of b.
func ecmaMinus(a, b ecmaRanges) ecmaRanges {
	return append(a.negate(unicode.MaxRune), b...).negate(unicode.MaxRune)
}

// ecmaIDStart is ID_Start, derived as Unicode's DerivedCoreProperties.txt
// says.
func ecmaIDStart() ecmaRanges {
	r := ecmaTables(nil, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_ID_Start)
	return ecmaMinus(r, ecmaTables(nil, unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

// ecmaIDContinue is ID_Continue, derived likewise.
func ecmaIDContinue() ecmaRanges {
	r := ecmaTables(ecmaIDStart(), unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
	return ecmaMinus(r, ecmaTables(nil, unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

// ecmaPropertyRanges is the set of a property; an error for the properties
// Go's unicode package has no data for.
func ecmaPropertyRanges(p ecmaProperty) (ecmaRanges, error) {
	switch p.kind {
	case 'g':
		return ecmaCategoryRanges(p.value), nil
	case 's':
		if p.value == "Unknown" {
			var r ecmaRanges
			for _, t := range unicode.Scripts {
				r = r.addTable(t)
			}
			return r.negate(unicode.MaxRune), nil
		}
		return ecmaRanges(nil).addTable(unicode.Scripts[p.value]), nil
	case 'x':
		return nil, errors.New("\\p{Script_Extensions=" + p.value + "} is not supported: Go's unicode package has no Script_Extensions data")
	}
	var r ecmaRanges
	switch p.value {
	case "ASCII":
		return r.add(0, 0x7f), nil
	case "Any":
		return r.add(0, unicode.MaxRune), nil
	case "Assigned":
		return ecmaAssigned(), nil
	case "Alphabetic":
		return ecmaTables(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl,
			unicode.Other_Alphabetic, unicode.Other_Lowercase, unicode.Other_Uppercase), nil
	case "Cased":
		return ecmaTables(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase), nil
	case "Lowercase":
		return ecmaTables(r, unicode.Ll, unicode.Other_Lowercase), nil
	case "Uppercase":
		return ecmaTables(r, unicode.Lu, unicode.Other_Uppercase), nil
	case "Math":
		return ecmaTables(r, unicode.Sm, unicode.Other_Math), nil
	case "ID_Start":
		return ecmaIDStart(), nil
	case "ID_Continue":
		return ecmaIDContinue(), nil
	case "Grapheme_Extend":
		return ecmaTables(r, unicode.Me, unicode.Mn, unicode.Other_Grapheme_Extend), nil
	case "Grapheme_Base":
		not := ecmaTables(ecmaCategoryRanges("Cn"), unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co,
			unicode.Zl, unicode.Zp, unicode.Me, unicode.Mn, unicode.Other_Grapheme_Extend)
		return not.negate(unicode.MaxRune), nil
	case "Default_Ignorable_Code_Point":
		r = ecmaTables(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf, unicode.Variation_Selector)
		not := ecmaTables(ecmaRanges{0xfff9, 0xfffb, 0x13430, 0x1343f}, unicode.White_Space, unicode.Prepended_Concatenation_Mark)
		return ecmaMinus(r, not), nil
	}
	if t := unicode.Properties[p.value]; t != nil {
		return r.addTable(t), nil
	}
	return nil, errors.New("\\p{" + p.value + "} is not supported: Go's unicode package has no " + p.value + " data")
}

// ---------------------------------------------------------------------------
// Syntax tree

type ecmaOp uint8

const (
	ecmaOpEmpty   ecmaOp = iota
	ecmaOpChar           // c
	ecmaOpSet            // items (a class, an escape such as \d, or .), set once resolved
	ecmaOpSeq            // subs in order
	ecmaOpAlt            // subs, tried in order
	ecmaOpGroup          // capturing group index (name), body subs[0]
	ecmaOpLook           // look-ahead or, when behind, look-behind; neg for (?! and (?<!
	ecmaOpBackref        // index: the group referred to
	ecmaOpRepeat         // subs[0] from min to max (-1: no limit) times; index, count: its groups
	ecmaOpBegin          // ^
	ecmaOpEnd            // $
	ecmaOpWordB          // \b, or \B when neg
)

type ecmaNode struct {
	op     ecmaOp
	subs   []*ecmaNode
	c      rune
	items  []ecmaClassItem
	neg    bool // a negated class; a negative look-around; \B
	dot    bool // the set is .
	set    *ecmaSet
	min    int
	max    int
	greedy bool
	behind bool
	index  int
	count  int
	name   string
	offset int // where the node starts in the pattern, for messages
}

// ecmaClassItem is one member of a class: a range lo-hi (kind 0), a class
// escape (kind 'd', 'D', 's', 'S', 'w', 'W') or a property (kind 'p', 'P').
type ecmaClassItem struct {
	kind   byte
	lo, hi rune
	prop   ecmaProperty
}

// ecmaTree is a parsed pattern.
type ecmaTree struct {
	root    *ecmaNode
	unicode bool
	ngroups int
}

// resolve computes the sets of the tree's classes.
func (t *ecmaTree) resolve() error {
	return t.root.walk(func(n *ecmaNode) error {
		if n.op != ecmaOpSet || n.set != nil {
			return nil
		}
		r, err := n.ranges(t.unicode)
		if err != nil {
			return err
		}
		n.set = ecmaNewSet(r)
		return nil
	})
}

// walk calls f on n and every node below it.
func (n *ecmaNode) walk(f func(*ecmaNode) error) error {
	if err := f(n); err != nil {
		return err
	}
	for _, s := range n.subs {
		if err := s.walk(f); err != nil {
			return err
		}
	}
	return nil
}

// ranges is the set of a class node.
func (n *ecmaNode) ranges(unicodeMode bool) (ecmaRanges, error) {
	max := rune(0xffff)
	if unicodeMode {
		max = unicode.MaxRune
	}
	if n.dot {
		return ecmaLineTerminators.negate(max), nil
	}
	var r ecmaRanges
	for _, it := range n.items {
		switch it.kind {
		case 0:
			r = r.add(it.lo, it.hi)
		case 'p', 'P':
			pr, err := ecmaPropertyRanges(it.prop)
			if err != nil {
				return nil, err
			}
			if it.kind == 'P' {
				pr = pr.negate(max)
			}
			r = append(r, pr...)
		default:
			r = append(r, ecmaEscapeRanges(it.kind, max)...)
		}
	}
	if n.neg {
		return r.negate(max), nil
	}
	return r.normalize(), nil
}

// ---------------------------------------------------------------------------
// Parser

// ecmaSyntaxError is a pattern JavaScript's RegExp constructor rejects, or one
// this engine cannot compile.
type ecmaSyntaxError struct {
	offset int // in characters of the pattern (UTF-16 code units without u)
	msg    string
}

func (e *ecmaSyntaxError) Error() string {
	return e.msg + " at offset " + strconv.Itoa(e.offset)
}

type ecmaParser struct {
	src     []rune
	pos     int
	unicode bool
	named   bool // the pattern has a named group: \k is a reference
	ngroups int  // capturing groups in the whole pattern
	groups  int  // capturing groups opened so far
	names   map[string]int
	refs    []*ecmaNode // \k<name>, resolved at the end
	depth   int
}

// ecmaBail carries a syntax error out of the parser's recursion.
type ecmaBail struct{ err *ecmaSyntaxError }

// ecmaParse parses pattern with the grammar of the u flag or, without it,
// of Annex B.
func ecmaParse(pattern string, unicode bool) (tree *ecmaTree, err error) {
	p := &ecmaParser{src: ecmaDecode(nil, pattern, unicode), unicode: unicode}
	p.ngroups, p.named = ecmaCountGroups(p.src)
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(ecmaBail)
			if !ok {
				panic(r)
			}
			tree, err = nil, b.err
		}
	}()
	root := p.disjunction()
	if p.pos < len(p.src) {
		p.fail("unmatched ')'")
	}
	for _, ref := range p.refs {
		index, ok := p.names[ref.name]
		if !ok {
			p.pos = ref.offset
			p.fail("invalid named reference: no group named " + strconv.Quote(ref.name))
		}
		ref.index = index
	}
	return &ecmaTree{root: root, unicode: unicode, ngroups: p.ngroups}, nil
}

// ecmaCountGroups counts the capturing groups of a pattern and reports
// whether one has a name, as a scan that skips escapes and classes.
func ecmaCountGroups(src []rune) (count int, named bool) {
	inClass := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			if i+1 < len(src) && src[i+1] == '?' {
				if i+3 < len(src) && src[i+2] == '<' && src[i+3] != '=' && src[i+3] != '!' {
					count++
					named = true
				}
				continue
			}
			count++
		}
	}
	return count, named
}

func (p *ecmaParser) fail(msg string) {
	panic(ecmaBail{&ecmaSyntaxError{offset: p.pos, msg: msg}})
}

func (p *ecmaParser) more() bool { return p.pos < len(p.src) }

// at returns the character i places ahead, or -1 past the end.
func (p *ecmaParser) at(i int) rune {
	if p.pos+i < len(p.src) {
		return p.src[p.pos+i]
	}
	return -1
}

func (p *ecmaParser) eat(c rune) bool {
	if p.at(0) == c {
		p.pos++
		return true
	}
	return false
}

func (p *ecmaParser) enter() {
	p.depth++
	if p.depth > ecmaMaxDepth {
		p.fail("groups and classes nest more than " + strconv.Itoa(ecmaMaxDepth) + " deep")
	}
}

func (p *ecmaParser) disjunction() *ecmaNode {
	p.enter()
	defer func() { p.depth-- }()
	start := p.pos
	alts := []*ecmaNode{p.alternative()}
	for p.eat('|') {
		alts = append(alts, p.alternative())
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &ecmaNode{op: ecmaOpAlt, subs: alts, offset: start}
}

func (p *ecmaParser) alternative() *ecmaNode {
	start := p.pos
	var items []*ecmaNode
	for p.more() && p.at(0) != '|' && p.at(0) != ')' {
		items = append(items, p.term())
	}
	switch len(items) {
	case 0:
		return &ecmaNode{op: ecmaOpEmpty, offset: start}
	case 1:
		return items[0]
	}
	return &ecmaNode{op: ecmaOpSeq, subs: items, offset: start}
}

func (p *ecmaParser) term() *ecmaNode {
	start := p.pos
	firstGroup := p.groups
	var atom *ecmaNode
	switch c := p.src[p.pos]; c {
	case '^', '$':
		p.pos++
		op := ecmaOpBegin
		if c == '$' {
			op = ecmaOpEnd
		}
		return p.assertion(&ecmaNode{op: op, offset: start})
	case '\\':
		if b := p.at(1); b == 'b' || b == 'B' {
			p.pos += 2
			return p.assertion(&ecmaNode{op: ecmaOpWordB, neg: b == 'B', offset: start})
		}
		atom = p.atomEscape()
	case '(':
		if p.at(1) == '?' && (p.at(2) == '=' || p.at(2) == '!' || p.at(2) == '<' && (p.at(3) == '=' || p.at(3) == '!')) {
			look := p.look()
			if look.behind || p.unicode {
				return p.assertion(look)
			}
			atom = look // Annex B: a look-ahead may be quantified
		} else {
			atom = p.group()
		}
	case '.':
		p.pos++
		atom = &ecmaNode{op: ecmaOpSet, dot: true, offset: start}
	case '[':
		atom = p.class()
	case '*', '+', '?':
		p.fail("nothing to repeat")
	case '{':
		if p.unicode {
			p.fail("lone quantifier brackets")
		}
		if _, _, ok := p.braced(); ok {
			p.fail("nothing to repeat")
		}
		p.pos++
		atom = &ecmaNode{op: ecmaOpChar, c: c, offset: start}
	case '}', ']':
		if p.unicode {
			p.fail("lone quantifier brackets")
		}
		p.pos++
		atom = &ecmaNode{op: ecmaOpChar, c: c, offset: start}
	default:
		p.pos++
		atom = &ecmaNode{op: ecmaOpChar, c: c, offset: start}
	}
	return p.quantifier(atom, start, firstGroup)
}

// assertion returns n, an assertion no quantifier may follow.
func (p *ecmaParser) assertion(n *ecmaNode) *ecmaNode {
	switch p.at(0) {
	case '*', '+', '?':
		p.fail("nothing to repeat")
	case '{':
		if _, _, ok := p.braced(); ok || p.unicode {
			p.fail("nothing to repeat")
		}
	}
	return n
}

// ecmaInfinity is V8's kInfinity: a count in braces is clamped to it, and a
// maximum of it means no limit.
const ecmaInfinity = 1<<31 - 1

// braced parses {n}, {n,} or {n,m} at p.pos, and moves past it only when it
// is one.
func (p *ecmaParser) braced() (min, max int, ok bool) {
	i := p.pos + 1
	number := func() (int, bool) {
		start := i
		v := 0
		for i < len(p.src) && '0' <= p.src[i] && p.src[i] <= '9' {
			if v < ecmaInfinity {
				v = v*10 + int(p.src[i]-'0')
			}
			i++
		}
		if v > ecmaInfinity {
			v = ecmaInfinity
		}
		return v, i > start
	}
	min, ok = number()
	if !ok {
		return 0, 0, false
	}
	max = min
	if i < len(p.src) && p.src[i] == ',' {
		i++
		max = -1
		if m, ok := number(); ok {
			max = m
		}
	}
	if i >= len(p.src) || p.src[i] != '}' {
		return 0, 0, false
	}
	p.pos = i + 1
	if max == ecmaInfinity {
		max = -1
	}
	if max >= 0 && min > max {
		p.fail("numbers out of order in {} quantifier")
	}
	return min, max, true
}

func (p *ecmaParser) quantifier(atom *ecmaNode, start, firstGroup int) *ecmaNode {
	var min, max int
	switch p.at(0) {
	case '*':
		p.pos++
		min, max = 0, -1
	case '+':
		p.pos++
		min, max = 1, -1
	case '?':
		p.pos++
		min, max = 0, 1
	case '{':
		var ok bool
		if min, max, ok = p.braced(); !ok {
			if p.unicode {
				p.fail("incomplete quantifier")
			}
			return atom
		}
	default:
		return atom
	}
	greedy := !p.eat('?')
	return &ecmaNode{op: ecmaOpRepeat, subs: []*ecmaNode{atom}, min: min, max: max, greedy: greedy,
		index: firstGroup + 1, count: p.groups - firstGroup, offset: start}
}

// look parses (?=, (?!, (?<= or (?<! and its body.
func (p *ecmaParser) look() *ecmaNode {
	n := &ecmaNode{op: ecmaOpLook, offset: p.pos}
	p.pos += 2
	if p.eat('<') {
		n.behind = true
	}
	n.neg = p.src[p.pos] == '!'
	p.pos++
	n.subs = []*ecmaNode{p.disjunction()}
	if !p.eat(')') {
		p.fail("unterminated group")
	}
	return n
}

// group parses (...), (?:...) or (?<name>...).
func (p *ecmaParser) group() *ecmaNode {
	start := p.pos
	p.pos++
	var name string
	capturing := true
	if p.eat('?') {
		switch {
		case p.eat(':'):
			capturing = false
		case p.eat('<'):
			name = p.groupName()
			if _, dup := p.names[name]; dup {
				p.pos = start
				p.fail("duplicate capture group name " + strconv.Quote(name))
			}
		default:
			p.fail("invalid group")
		}
	}
	var index int
	if capturing {
		p.groups++
		index = p.groups
		if name != "" {
			if p.names == nil {
				p.names = map[string]int{}
			}
			p.names[name] = index
		}
	}
	body := p.disjunction()
	if !p.eat(')') {
		p.fail("unterminated group")
	}
	if !capturing {
		return body
	}
	return &ecmaNode{op: ecmaOpGroup, subs: []*ecmaNode{body}, index: index, name: name, offset: start}
}

// groupName parses a group name and its closing >.
func (p *ecmaParser) groupName() string {
	var name []rune
	for {
		if !p.more() {
			p.fail("invalid capture group name")
		}
		c := p.src[p.pos]
		if c == '>' {
			p.pos++
			break
		}
		p.pos++
		if c == '\\' {
			if !p.eat('u') {
				p.fail("invalid capture group name")
			}
			var ok bool
			if c, ok = p.unicodeEscape(true); !ok {
				p.fail("invalid Unicode escape in a capture group name")
			}
		} else if !p.unicode && 0xd800 <= c && c < 0xdc00 && 0xdc00 <= p.at(0) && p.at(0) < 0xe000 {
			c = 0x10000 + (c-0xd800)<<10 + (p.src[p.pos] - 0xdc00)
			p.pos++
		}
		if len(name) == 0 && !ecmaIdentifierStart(c) || len(name) > 0 && !ecmaIdentifierPart(c) {
			p.fail("invalid capture group name")
		}
		name = append(name, c)
	}
	if len(name) == 0 {
		p.fail("invalid capture group name")
	}
	return string(name)
}

var (
	ecmaIDOnce                        sync.Once
	ecmaIDStartSet, ecmaIDContinueSet *ecmaSet
)

func ecmaIDSets() {
	ecmaIDStartSet = ecmaNewSet(ecmaIDStart())
	ecmaIDContinueSet = ecmaNewSet(ecmaIDContinue())
}

func ecmaIdentifierStart(c rune) bool {
	if c < utf8.RuneSelf {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '$' || c == '_'
	}
	ecmaIDOnce.Do(ecmaIDSets)
	return ecmaIDStartSet.has(c)
}

func ecmaIdentifierPart(c rune) bool {
	if c < utf8.RuneSelf {
		return ecmaIdentifierStart(c) || '0' <= c && c <= '9'
	}
	if c == 0x200c || c == 0x200d {
		return true
	}
	ecmaIDOnce.Do(ecmaIDSets)
	return ecmaIDContinueSet.has(c)
}

// atomEscape parses an escape outside a class, at the backslash.
func (p *ecmaParser) atomEscape() *ecmaNode {
	start := p.pos
	p.pos++
	if !p.more() {
		p.fail("\\ at end of pattern")
	}
	c := p.src[p.pos]
	switch {
	case '1' <= c && c <= '9':
		save := p.pos
		n := 0
		for p.more() && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
			if n <= ecmaInfinity {
				n = n*10 + int(p.src[p.pos]-'0')
			}
			p.pos++
		}
		if n <= p.ngroups {
			return &ecmaNode{op: ecmaOpBackref, index: n, offset: start}
		}
		if p.unicode {
			p.pos = save
			p.fail("invalid escape: no group " + strconv.Itoa(n))
		}
		p.pos = save
		if c >= '8' {
			p.pos++
			return &ecmaNode{op: ecmaOpChar, c: c, offset: start}
		}
		return &ecmaNode{op: ecmaOpChar, c: p.octal(), offset: start}
	case c == '0':
		if p.unicode {
			if d := p.at(1); '0' <= d && d <= '9' {
				p.fail("invalid decimal escape")
			}
			p.pos++
			return &ecmaNode{op: ecmaOpChar, c: 0, offset: start}
		}
		return &ecmaNode{op: ecmaOpChar, c: p.octal(), offset: start}
	case c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W':
		p.pos++
		return &ecmaNode{op: ecmaOpSet, items: []ecmaClassItem{{kind: byte(c)}}, offset: start}
	case (c == 'p' || c == 'P') && p.unicode:
		p.pos++
		return &ecmaNode{op: ecmaOpSet, items: []ecmaClassItem{{kind: byte(c), prop: p.property()}}, offset: start}
	case c == 'k' && (p.unicode || p.named):
		p.pos++
		if !p.eat('<') {
			p.fail("invalid named reference")
		}
		ref := &ecmaNode{op: ecmaOpBackref, offset: start}
		ref.name = p.groupName()
		p.refs = append(p.refs, ref)
		return ref
	case c == 'c':
		if l := p.at(1); 'a' <= l && l <= 'z' || 'A' <= l && l <= 'Z' {
			p.pos += 2
			return &ecmaNode{op: ecmaOpChar, c: l % 32, offset: start}
		}
		if p.unicode {
			p.fail("invalid unicode escape")
		}
		// Annex B: the backslash is itself, and the c is read next.
		return &ecmaNode{op: ecmaOpChar, c: '\\', offset: start}
	}
	return &ecmaNode{op: ecmaOpChar, c: p.characterEscape(), offset: start}
}

// octal parses a legacy octal escape (Annex B) at p.pos, an octal digit.
func (p *ecmaParser) octal() rune {
	first := p.src[p.pos] - '0'
	v := first
	p.pos++
	if d := p.at(0); '0' <= d && d <= '7' {
		v = v*8 + d - '0'
		p.pos++
		if d := p.at(0); first <= 3 && '0' <= d && d <= '7' {
			v = v*8 + d - '0'
			p.pos++
		}
	}
	return v
}

func ecmaIsSyntaxChar(c rune) bool {
	switch c {
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|':
		return true
	}
	return false
}

// characterEscape parses the CharacterEscape after a backslash, at p.pos.
func (p *ecmaParser) characterEscape() rune {
	c := p.src[p.pos]
	switch c {
	case 'f':
		p.pos++
		return '\f'
	case 'n':
		p.pos++
		return '\n'
	case 'r':
		p.pos++
		return '\r'
	case 't':
		p.pos++
		return '\t'
	case 'v':
		p.pos++
		return '\v'
	case 'x':
		if h1, h2 := ecmaHex(p.at(1)), ecmaHex(p.at(2)); h1 >= 0 && h2 >= 0 {
			p.pos += 3
			return h1<<4 | h2
		}
		if p.unicode {
			p.fail("invalid escape")
		}
	case 'u':
		save := p.pos
		p.pos++
		if r, ok := p.unicodeEscape(p.unicode); ok {
			return r
		}
		if p.unicode {
			p.fail("invalid Unicode escape")
		}
		p.pos = save
	}
	if p.unicode && !ecmaIsSyntaxChar(c) && c != '/' {
		p.fail("invalid escape")
	}
	p.pos++ // Annex B: an identity escape
	return c
}

func ecmaHex(c rune) rune {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return -1
}

// unicodeEscape parses what follows \u: XXXX, and with the u flag's grammar
// also a surrogate pair \uXXXX\uXXXX and {X...}. It moves only on success.
func (p *ecmaParser) unicodeEscape(unicodeGrammar bool) (rune, bool) {
	if unicodeGrammar && p.at(0) == '{' {
		v := rune(0)
		i := 1
		for ; ecmaHex(p.at(i)) >= 0; i++ {
			v = v<<4 | ecmaHex(p.at(i))
			if v > unicode.MaxRune {
				return 0, false
			}
		}
		if i == 1 || p.at(i) != '}' {
			return 0, false
		}
		p.pos += i + 1
		return v, true
	}
	v, ok := p.hex4(0)
	if !ok {
		return 0, false
	}
	p.pos += 4
	if unicodeGrammar && 0xd800 <= v && v < 0xdc00 && p.at(0) == '\\' && p.at(1) == 'u' {
		if lo, ok := p.hex4(2); ok && 0xdc00 <= lo && lo < 0xe000 {
			p.pos += 6
			return 0x10000 + (v-0xd800)<<10 + (lo - 0xdc00), true
		}
	}
	return v, true
}

func (p *ecmaParser) hex4(i int) (rune, bool) {
	v := rune(0)
	for k := 0; k < 4; k++ {
		h := ecmaHex(p.at(i + k))
		if h < 0 {
			return 0, false
		}
		v = v<<4 | h
	}
	return v, true
}

// property parses {name=value} or {value} after \p or \P.
func (p *ecmaParser) property() ecmaProperty {
	start := p.pos - 2
	if !p.eat('{') {
		p.fail("invalid property name")
	}
	var name, value []rune
	named := false
	for {
		c := p.at(0)
		switch {
		case c == '}':
			p.pos++
			prop, ok := ecmaLookupProperty(string(name), string(value))
			if !ok || len(value) == 0 {
				p.pos = start
				p.fail("invalid property name")
			}
			return prop
		case c == '=' && !named && len(value) > 0:
			name, value, named = value, nil, true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || '0' <= c && c <= '9':
			value = append(value, c)
		default:
			p.fail("invalid property name")
		}
		p.pos++
	}
}

// class parses [...].
func (p *ecmaParser) class() *ecmaNode {
	p.enter()
	defer func() { p.depth-- }()
	n := &ecmaNode{op: ecmaOpSet, offset: p.pos}
	p.pos++
	n.neg = p.eat('^')
	for {
		if !p.more() {
			p.fail("unterminated character class")
		}
		if p.eat(']') {
			return n
		}
		a := p.classAtom()
		if p.at(0) != '-' || p.at(1) == ']' || p.at(1) < 0 {
			n.items = append(n.items, a)
			continue
		}
		dash := p.pos
		p.pos++
		b := p.classAtom()
		if a.kind != 0 || b.kind != 0 {
			if p.unicode {
				p.pos = dash
				p.fail("invalid character class")
			}
			// Annex B: [\d-a] is \d, - and a.
			n.items = append(n.items, a, ecmaClassItem{lo: '-', hi: '-'}, b)
			continue
		}
		if a.lo > b.lo {
			p.pos = dash
			p.fail("range out of order in character class")
		}
		n.items = append(n.items, ecmaClassItem{lo: a.lo, hi: b.lo})
	}
}

func ecmaChar(c rune) ecmaClassItem { return ecmaClassItem{lo: c, hi: c} }

// classAtom parses one member of a class: a character or a class escape.
func (p *ecmaParser) classAtom() ecmaClassItem {
	c := p.src[p.pos]
	if c != '\\' {
		p.pos++
		return ecmaChar(c)
	}
	p.pos++
	if !p.more() {
		p.fail("\\ at end of pattern")
	}
	c = p.src[p.pos]
	switch c {
	case 'b':
		p.pos++
		return ecmaChar('\b')
	case '-':
		p.pos++
		return ecmaChar('-')
	case 'c':
		if l := p.at(1); 'a' <= l && l <= 'z' || 'A' <= l && l <= 'Z' || !p.unicode && ('0' <= l && l <= '9' || l == '_') {
			p.pos += 2
			return ecmaChar(l % 32)
		}
		if p.unicode {
			p.fail("invalid class escape")
		}
		return ecmaChar('\\') // Annex B: the backslash is itself
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.pos++
		return ecmaClassItem{kind: byte(c)}
	case 'p', 'P':
		if p.unicode {
			p.pos++
			return ecmaClassItem{kind: byte(c), prop: p.property()}
		}
	case 'k':
		if p.unicode || p.named {
			p.fail("invalid escape")
		}
	}
	if '0' <= c && c <= '9' {
		if p.unicode {
			if d := p.at(1); c != '0' || '0' <= d && d <= '9' {
				p.fail("invalid class escape")
			}
			p.pos++
			return ecmaChar(0)
		}
		if c <= '7' {
			return ecmaChar(p.octal())
		}
		p.pos++
		return ecmaChar(c)
	}
	return ecmaChar(p.characterEscape())
}

// ---------------------------------------------------------------------------
// Compiler: the tree becomes a program for a backtracking machine.

type ecmaOpcode uint8

const (
	ecmaIChar     ecmaOpcode = iota // c
	ecmaISet                        // set
	ecmaIBegin                      // ^
	ecmaIEnd                        // $
	ecmaIWordB                      // \b (\B when neg)
	ecmaIJmp                        // to x
	ecmaISplit                      // to x; on failure, to y
	ecmaISave                       // register x = position
	ecmaIBackref                    // group x
	ecmaILook                       // look-around body from pc+1, continuing at x
	ecmaILookEnd                    // the body of a look-around matched
	ecmaIRepInit                    // counter x = 0
	ecmaIRepLoop                    // counter x against min, max; body at pc+1, exit at y
	ecmaIRepBegin                   // register x+1 = position; captures [min, max) cleared
	ecmaIRepEnd                     // empty check against register x+1, counter x + 1, back to y
	ecmaIStar                       // c (set when not nil) from min to max times, greedy or lazy
	ecmaIClear                      // captures [x, y) cleared
	ecmaIMatch
	ecmaIFail // not in programs: what a visited state runs
)

var ecmaFailInst = ecmaInst{op: ecmaIFail}

type ecmaInst struct {
	op     ecmaOpcode
	back   bool // reads backward (in a look-behind)
	neg    bool
	greedy bool
	c      rune
	set    *ecmaSet
	x, y   int
	min    int
	max    int // -1: no limit
}

type ecmaCompiler struct {
	prog  []ecmaInst
	nregs int
	// splitStars writes a lazy unbounded repeat of a character as a loop of
	// splits, one state a character, for a memoized program (ecmaIStar
	// would try the whole run again from each position; a greedy one skips
	// the positions a run it already scanned covers: see ecmaMachine.runs).
	splitStars bool
}

func ecmaCompile(source string, t *ecmaTree) *ecmaRegexp {
	c := &ecmaCompiler{nregs: 2 * (t.ngroups + 1)}
	c.node(t.root, false)
	c.emit(ecmaInst{op: ecmaIMatch})
	// Without back-references and counters, the registers (captures) never
	// steer the match: a state is its pc and position, and one that failed
	// fails again (see ecmaMachine.visited).
	memo := true
	for _, in := range c.prog {
		if in.op == ecmaIBackref || in.op == ecmaIRepInit {
			memo = false
		}
	}
	if memo {
		c = &ecmaCompiler{nregs: 2 * (t.ngroups + 1), splitStars: true}
		c.node(t.root, false)
		c.emit(ecmaInst{op: ecmaIMatch})
	}
	re := &ecmaRegexp{source: source, unicode: t.unicode, prog: c.prog, nregs: c.nregs, anchored: ecmaAnchored(t.root), memo: memo}
	if first, empty := ecmaFirst(t.root); !empty && first != nil {
		re.first = ecmaNewSet(first)
	}
	return re
}

func (c *ecmaCompiler) emit(in ecmaInst) int {
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

func (c *ecmaCompiler) node(n *ecmaNode, back bool) {
	switch n.op {
	case ecmaOpEmpty:
	case ecmaOpChar:
		c.emit(ecmaInst{op: ecmaIChar, c: n.c, back: back})
	case ecmaOpSet:
		c.emit(ecmaInst{op: ecmaISet, set: n.set, back: back})
	case ecmaOpSeq:
		for i := range n.subs {
			if back {
				c.node(n.subs[len(n.subs)-1-i], back)
			} else {
				c.node(n.subs[i], back)
			}
		}
	case ecmaOpAlt:
		var jumps []int
		for i, s := range n.subs {
			if i == len(n.subs)-1 {
				c.node(s, back)
				break
			}
			split := c.emit(ecmaInst{op: ecmaISplit, x: len(c.prog) + 1})
			c.node(s, back)
			jumps = append(jumps, c.emit(ecmaInst{op: ecmaIJmp}))
			c.prog[split].y = len(c.prog)
		}
		for _, j := range jumps {
			c.prog[j].x = len(c.prog)
		}
	case ecmaOpGroup:
		open, close := 2*n.index, 2*n.index+1
		if back {
			open, close = close, open
		}
		c.emit(ecmaInst{op: ecmaISave, x: open})
		c.node(n.subs[0], back)
		c.emit(ecmaInst{op: ecmaISave, x: close})
	case ecmaOpBackref:
		c.emit(ecmaInst{op: ecmaIBackref, x: n.index, back: back})
	case ecmaOpLook:
		look := c.emit(ecmaInst{op: ecmaILook, neg: n.neg})
		c.node(n.subs[0], n.behind)
		c.emit(ecmaInst{op: ecmaILookEnd})
		c.prog[look].x = len(c.prog)
	case ecmaOpRepeat:
		c.repeat(n, back)
	case ecmaOpBegin:
		c.emit(ecmaInst{op: ecmaIBegin})
	case ecmaOpEnd:
		c.emit(ecmaInst{op: ecmaIEnd})
	case ecmaOpWordB:
		c.emit(ecmaInst{op: ecmaIWordB, neg: n.neg})
	}
}

// ecmaMaxUnroll bounds the nodes a counted repeat may be unrolled to.
const ecmaMaxUnroll = 2000

func (c *ecmaCompiler) repeat(n *ecmaNode, back bool) {
	body := n.subs[0]
	switch {
	case n.max == 0:
		return
	case n.min == 1 && n.max == 1:
		c.node(body, back)
		return
	case body.op == ecmaOpChar || body.op == ecmaOpSet:
		if !c.splitStars || n.greedy || n.max >= 0 && n.max <= 64 || n.min > 64 {
			c.emit(ecmaInst{op: ecmaIStar, c: body.c, set: body.set, min: n.min, max: n.max, greedy: n.greedy, back: back})
			return
		}
	}
	// A body that cannot match the empty string needs no empty check, nor
	// (when the counts are small) a counter: the repeat is unrolled into
	// splits, and the program keeps to states the machine can memoize.
	copies := n.max
	if copies < 0 {
		copies = n.min + 1
	}
	if !ecmaNullable(body) && copies*ecmaSize(body) <= ecmaMaxUnroll {
		for i := 0; i < n.min; i++ {
			c.iteration(n, back)
		}
		if n.max < 0 {
			loop := c.emit(ecmaInst{op: ecmaISplit})
			c.iteration(n, back)
			c.emit(ecmaInst{op: ecmaIJmp, x: loop})
			c.prog[loop].x, c.prog[loop].y = c.order(n.greedy, loop+1, len(c.prog))
			return
		}
		var splits []int
		for i := n.min; i < n.max; i++ {
			splits = append(splits, c.emit(ecmaInst{op: ecmaISplit}))
			c.iteration(n, back)
		}
		for _, sp := range splits {
			c.prog[sp].x, c.prog[sp].y = c.order(n.greedy, sp+1, len(c.prog))
		}
		return
	}
	counter := c.nregs
	c.nregs += 2
	c.emit(ecmaInst{op: ecmaIRepInit, x: counter})
	loop := c.emit(ecmaInst{op: ecmaIRepLoop, x: counter, min: n.min, max: n.max, greedy: n.greedy})
	begin := ecmaInst{op: ecmaIRepBegin, x: counter}
	if n.count > 0 {
		begin.min, begin.max = 2*n.index, 2*(n.index+n.count)
	}
	c.emit(begin)
	c.node(body, back)
	c.emit(ecmaInst{op: ecmaIRepEnd, x: counter, min: n.min, y: loop})
	c.prog[loop].y = len(c.prog)
}

// order returns the targets of a split: the body first when greedy.
func (c *ecmaCompiler) order(greedy bool, body, exit int) (int, int) {
	if greedy {
		return body, exit
	}
	return exit, body
}

// iteration writes one iteration of a repeat: its groups cleared, as each
// iteration begins, then its body.
func (c *ecmaCompiler) iteration(n *ecmaNode, back bool) {
	if n.count > 0 {
		c.emit(ecmaInst{op: ecmaIClear, x: 2 * n.index, y: 2 * (n.index + n.count)})
	}
	c.node(n.subs[0], back)
}

// ecmaNullable reports whether n can match the empty string (a
// back-reference can: its group may be empty or unset).
func ecmaNullable(n *ecmaNode) bool {
	switch n.op {
	case ecmaOpChar, ecmaOpSet:
		return false
	case ecmaOpGroup:
		return ecmaNullable(n.subs[0])
	case ecmaOpRepeat:
		return n.min == 0 || ecmaNullable(n.subs[0])
	case ecmaOpAlt:
		for _, s := range n.subs {
			if ecmaNullable(s) {
				return true
			}
		}
		return false
	case ecmaOpSeq:
		for _, s := range n.subs {
			if !ecmaNullable(s) {
				return false
			}
		}
	}
	return true
}

// ecmaSize is the number of nodes of a tree.
func ecmaSize(n *ecmaNode) int {
	size := 1
	for _, s := range n.subs {
		size += ecmaSize(s)
	}
	return size
}

// ecmaAnchored reports whether every match of n starts at the beginning of
// the string.
func ecmaAnchored(n *ecmaNode) bool {
	switch n.op {
	case ecmaOpBegin:
		return true
	case ecmaOpSeq:
		return ecmaAnchored(n.subs[0])
	case ecmaOpGroup:
		return ecmaAnchored(n.subs[0])
	case ecmaOpAlt:
		for _, s := range n.subs {
			if !ecmaAnchored(s) {
				return false
			}
		}
		return true
	}
	return false
}

// ecmaFirst returns the characters a match of n can begin with (nil: any)
// and whether n can match the empty string.
func ecmaFirst(n *ecmaNode) (ecmaRanges, bool) {
	switch n.op {
	case ecmaOpChar:
		return ecmaRanges{n.c, n.c}, false
	case ecmaOpSet:
		return append(ecmaRanges(nil), n.set.ranges...), false
	case ecmaOpGroup:
		return ecmaFirst(n.subs[0])
	case ecmaOpRepeat:
		if n.max == 0 {
			return ecmaRanges{}, true
		}
		r, empty := ecmaFirst(n.subs[0])
		return r, empty || n.min == 0
	case ecmaOpAlt:
		var all ecmaRanges
		empty := false
		for _, s := range n.subs {
			r, e := ecmaFirst(s)
			if r == nil {
				return nil, true
			}
			all = append(all, r...)
			empty = empty || e
		}
		return all, empty
	case ecmaOpSeq:
		var all ecmaRanges
		for _, s := range n.subs {
			r, e := ecmaFirst(s)
			if r == nil {
				return nil, true
			}
			all = append(all, r...)
			if !e {
				return all, false
			}
		}
		return all, true
	case ecmaOpBackref:
		return nil, true
	}
	// Assertions and look-arounds match the empty string (and constrain
	// what follows, which only narrows the set).
	return ecmaRanges{}, true
}

// ---------------------------------------------------------------------------
// Machine

// ecmaFrame is a saved state: a choice to come back to, or a register value
// to restore when backtracking past it.
type ecmaFrame struct {
	kind uint8
	pc   int32
	pos  int32
	a    int32
}

const (
	ecmaFChoice   = iota // resume at pc, pos
	ecmaFUndo            // register pc = a
	ecmaFGiveBack        // greedy star at pc: resume at pc+1 with pos, then one character less, down to a
	ecmaFTakeMore        // lazy star at pc: a characters taken; resume with one more
)

type ecmaMachine struct {
	re        *ecmaRegexp
	in        []rune
	regs      []int32
	stack     []ecmaFrame
	steps     int
	budget    int
	frames    int
	exhausted bool // a push went past the frame budget
	// visited marks the states (pc, position) the match has been in, when
	// re.memo: a state met again has failed already (or is on the current
	// path without progress), so the match takes at most len(prog) steps a
	// position. Look-around bodies are not memoized (a body that matched may
	// be run again from the same state); the look-around itself is.
	visited []uint64
	// runs holds, for each greedy unbounded star of a memoized program, the
	// run of characters it last scanned (from, to): from any position in it,
	// the states it would try are among those tried already.
	runs []int32
}

// ecmaMemoBits bounds the bits of visited (4 MB); a longer string goes
// without memoization, on the step budget alone.
const ecmaMemoBits = 1 << 25

// ecmaStepBudget is the number of steps a match of a string of n characters
// may take: enough for any pattern that is not catastrophic, about 0.1 s plus
// 10 µs a character at 10 ns a step.
func ecmaStepBudget(n int) int { return 10_000_000 + 1000*n }

// ecmaFrameBudget bounds the saved states (16 bytes each) of a match.
func ecmaFrameBudget(n int) int { return 1<<20 + 8*n }

// test reports whether s contains a match, or ecmaErrBudget.
func (re *ecmaRegexp) test(s string) (bool, error) {
	m, _ := re.machines.Get().(*ecmaMachine)
	if m == nil {
		m = &ecmaMachine{re: re, regs: make([]int32, re.nregs)}
		for i := range m.regs {
			m.regs[i] = -1
		}
	}
	defer func() {
		if cap(m.in) > 1<<16 {
			m.in = nil
		}
		if cap(m.stack) > 1<<16 {
			m.stack = nil
		}
		if cap(m.visited) > 1<<12 {
			m.visited = nil
		}
		re.machines.Put(m)
	}()
	m.in = ecmaDecode(m.in[:0], s, re.unicode)
	n := len(m.in)
	if n >= 1<<31-1 {
		return false, ecmaErrBudget
	}
	m.steps, m.budget, m.frames, m.exhausted = 0, ecmaStepBudget(n), ecmaFrameBudget(n), false
	memo := re.memo && len(re.prog)*(n+1) <= ecmaMemoBits
	if memo {
		if len(m.runs) != 2*len(re.prog) {
			m.runs = make([]int32, 2*len(re.prog))
		}
		for i := range m.runs {
			m.runs[i] = -1
		}
		words := (len(re.prog)*(n+1) + 63) / 64
		if cap(m.visited) < words {
			m.visited = make([]uint64, words)
		} else {
			m.visited = m.visited[:words]
			clear(m.visited)
		}
	}
	for start := 0; start <= n; start++ {
		if re.first != nil {
			for start < n && !re.first.has(m.in[start]) {
				start++
			}
			if start == n {
				return false, nil
			}
		}
		ok, _, err := m.run(0, start, memo)
		if err != nil {
			// Restore the registers for the next use of m.
			for i := range m.regs {
				m.regs[i] = -1
			}
			m.stack = m.stack[:0]
			return false, err
		}
		if ok {
			m.unwind(0)
			return true, nil
		}
		if re.anchored {
			break
		}
	}
	return false, nil
}

func (m *ecmaMachine) push(f ecmaFrame) bool {
	if len(m.stack) >= m.frames {
		m.exhausted = true
		return false
	}
	m.stack = append(m.stack, f)
	return true
}

// set writes register r, saving its value for backtracking.
func (m *ecmaMachine) set(r int, v int32) bool {
	if m.regs[r] == v {
		return true
	}
	if !m.push(ecmaFrame{kind: ecmaFUndo, pc: int32(r), a: m.regs[r]}) {
		return false
	}
	m.regs[r] = v
	return true
}

// unwind restores the registers saved above stack height h and drops the
// frames.
func (m *ecmaMachine) unwind(h int) {
	for i := len(m.stack) - 1; i >= h; i-- {
		if f := &m.stack[i]; f.kind == ecmaFUndo {
			m.regs[f.pc] = f.a
		}
	}
	m.stack = m.stack[:h]
}

// matches reports whether in[i] is what a character instruction wants.
func (in *ecmaInst) matches(c rune) bool {
	if in.set != nil {
		return in.set.has(c)
	}
	return c == in.c
}

// run runs the program from pc at pos until it matches (the whole pattern,
// or the body of a look-around) or every choice above the current stack
// height fails. On a match, the frames it left stay on the stack.
func (m *ecmaMachine) run(pc, pos int, memo bool) (bool, int, error) {
	prog := m.re.prog
	in := m.in
	n := len(in)
	base := len(m.stack)
	for {
		m.steps++
		if m.steps > m.budget || m.exhausted {
			return false, 0, ecmaErrBudget
		}
		inst := &prog[pc]
		ok := true
		if memo {
			i := uint(pc*(n+1) + pos)
			if m.visited[i>>6]&(1<<(i&63)) != 0 {
				inst = &ecmaFailInst
			}
			m.visited[i>>6] |= 1 << (i & 63)
		}
		switch inst.op {
		case ecmaIFail:
			ok = false
		case ecmaIChar, ecmaISet:
			if inst.back {
				if ok = pos > 0 && inst.matches(in[pos-1]); ok {
					pos--
				}
			} else if ok = pos < n && inst.matches(in[pos]); ok {
				pos++
			}
			pc++
		case ecmaIBegin:
			ok = pos == 0
			pc++
		case ecmaIEnd:
			ok = pos == n
			pc++
		case ecmaIWordB:
			a := pos > 0 && ecmaIsWord(in[pos-1])
			b := pos < n && ecmaIsWord(in[pos])
			ok = (a != b) != inst.neg
			pc++
		case ecmaIJmp:
			pc = inst.x
		case ecmaISplit:
			ok = m.push(ecmaFrame{kind: ecmaFChoice, pc: int32(inst.y), pos: int32(pos)})
			pc = inst.x
		case ecmaISave:
			ok = m.set(inst.x, int32(pos))
			pc++
		case ecmaIBackref:
			pos, ok = m.backref(inst, pos)
			pc++
		case ecmaILook:
			h := len(m.stack)
			matched, _, err := m.run(pc+1, pos, false)
			if err != nil {
				return false, 0, err
			}
			if matched == inst.neg {
				// A negative look-around whose body matched, or a positive
				// one whose body failed: the body leaves no trace.
				m.unwind(h)
				ok = false
				break
			}
			if matched {
				// Keep the captures the body made (and their undo frames);
				// drop its choices: a look-around matches at most once.
				k := h
				for i := h; i < len(m.stack); i++ {
					if m.stack[i].kind == ecmaFUndo {
						m.stack[k] = m.stack[i]
						k++
					}
				}
				m.stack = m.stack[:k]
			}
			pc = inst.x
		case ecmaILookEnd, ecmaIMatch:
			return true, pos, nil
		case ecmaIRepInit:
			ok = m.set(inst.x, 0)
			pc++
		case ecmaIClear:
			for r := inst.x; ok && r < inst.y; r++ {
				ok = m.set(r, -1)
			}
			pc++
		case ecmaIRepLoop:
			count := int(m.regs[inst.x])
			switch {
			case count < inst.min:
				pc++
			case inst.max >= 0 && count >= inst.max:
				pc = inst.y
			case inst.greedy:
				ok = m.push(ecmaFrame{kind: ecmaFChoice, pc: int32(inst.y), pos: int32(pos)})
				pc++
			default:
				ok = m.push(ecmaFrame{kind: ecmaFChoice, pc: int32(pc + 1), pos: int32(pos)})
				pc = inst.y
			}
		case ecmaIRepBegin:
			ok = m.set(inst.x+1, int32(pos))
			for r := inst.min; ok && r < inst.max; r++ {
				ok = m.set(r, -1)
			}
			pc++
		case ecmaIRepEnd:
			count := m.regs[inst.x]
			if int(count) >= inst.min && int32(pos) == m.regs[inst.x+1] {
				ok = false // an optional iteration matched the empty string
				break
			}
			ok = m.set(inst.x, count+1)
			pc = inst.y
		case ecmaIStar:
			if memo && inst.greedy && inst.max < 0 && !inst.back {
				pos, ok = m.memoStar(inst, pc, pos)
				pc++
				break
			}
			pos, ok = m.star(inst, pc, pos)
			pc++
		}
		if ok {
			continue
		}
		// Backtrack to the latest choice above base.
		for {
			if len(m.stack) == base {
				if m.exhausted {
					return false, 0, ecmaErrBudget
				}
				return false, 0, nil
			}
			m.steps++
			f := &m.stack[len(m.stack)-1]
			switch f.kind {
			case ecmaFUndo:
				m.regs[f.pc] = f.a
				m.stack = m.stack[:len(m.stack)-1]
				continue
			case ecmaFChoice:
				pc, pos = int(f.pc), int(f.pos)
				m.stack = m.stack[:len(m.stack)-1]
			case ecmaFGiveBack:
				pc, pos = int(f.pc)+1, int(f.pos)
				if prog[f.pc].back {
					if f.pos < f.a {
						f.pos++
					} else {
						m.stack = m.stack[:len(m.stack)-1]
					}
				} else if f.pos > f.a {
					f.pos--
				} else {
					m.stack = m.stack[:len(m.stack)-1]
				}
			case ecmaFTakeMore:
				star := &prog[f.pc]
				p := int(f.pos)
				if star.max >= 0 && int(f.a) >= star.max ||
					star.back && (p == 0 || !star.matches(in[p-1])) ||
					!star.back && (p == n || !star.matches(in[p])) {
					m.stack = m.stack[:len(m.stack)-1]
					continue
				}
				if star.back {
					f.pos--
				} else {
					f.pos++
				}
				f.a++
				pc, pos = int(f.pc)+1, int(f.pos)
			}
			break
		}
	}
}

// backref matches the text group inst.x captured, forward or backward.
func (m *ecmaMachine) backref(inst *ecmaInst, pos int) (int, bool) {
	start, end := int(m.regs[2*inst.x]), int(m.regs[2*inst.x+1])
	if start < 0 || end < 0 {
		return pos, true // a group that did not participate matches the empty string
	}
	l := end - start
	from := pos
	if inst.back {
		from = pos - l
	}
	if from < 0 || from+l > len(m.in) {
		return pos, false
	}
	for i := 0; i < l; i++ {
		if m.in[from+i] != m.in[start+i] {
			return pos, false
		}
	}
	m.steps += l
	if inst.back {
		return from, true
	}
	return pos + l, true
}

// memoStar is star for a greedy unbounded star of a memoized program. The
// states it tries, (pc+1, p) for p from the end of the run of matching
// characters down to pos+min, are the same from every position of the run;
// so it tries only those that no earlier start in the same run tried (they
// failed, or an earlier star still on the stack will try them), and scans
// each character once.
func (m *ecmaMachine) memoStar(inst *ecmaInst, pc, pos int) (int, bool) {
	from, to := int(m.runs[2*pc]), int(m.runs[2*pc+1])
	if from <= pos && pos <= to {
		return pos, false
	}
	in := m.in
	p := pos
	for p < len(in) && inst.matches(in[p]) {
		if p == from {
			break // the earlier run from here on
		}
		p++
	}
	m.steps += p - pos
	end, high := p, p // the run's end; the highest new state
	if p == from && from >= 0 {
		end, high = to, from+inst.min-1
		if high > to {
			high = to
		}
	}
	m.runs[2*pc], m.runs[2*pc+1] = int32(pos), int32(end)
	low := pos + inst.min
	if high < low {
		return pos, false
	}
	if high > low {
		return high, m.push(ecmaFrame{kind: ecmaFGiveBack, pc: int32(pc), pos: int32(high - 1), a: int32(low)})
	}
	return high, true
}

// star matches a repeated character or set: greedy, as many as it can and
// then one fewer at a time; lazy, as few and then one more at a time.
func (m *ecmaMachine) star(inst *ecmaInst, pc, pos int) (int, bool) {
	in := m.in
	step := 1
	if inst.back {
		step = -1
	}
	limit := inst.max
	if !inst.greedy {
		limit = inst.min
	}
	k := 0
	for p := pos; limit < 0 || k < limit; k++ {
		if inst.back {
			if p == 0 || !inst.matches(in[p-1]) {
				break
			}
		} else if p == len(in) || !inst.matches(in[p]) {
			break
		}
		p += step
	}
	m.steps += k
	if k < inst.min {
		return pos, false
	}
	end := pos + step*k
	if inst.greedy {
		if k > inst.min {
			return end, m.push(ecmaFrame{kind: ecmaFGiveBack, pc: int32(pc), pos: int32(end - step), a: int32(pos + step*inst.min)})
		}
		return end, true
	}
	if inst.max < 0 || inst.min < inst.max {
		return end, m.push(ecmaFrame{kind: ecmaFTakeMore, pc: int32(pc), pos: int32(end), a: int32(k)})
	}
	return end, true
}
