package regexrt

import (
	"strconv"
	"strings"
	"unicode"
)

// The RE2 translation writes the parsed pattern back in Go's syntax, so that
// every atom matches exactly the characters the ECMA-262 atom does (on the
// strings its Guard admits): the sets are written out (\d as [0-9], \s as
// ECMA-262's WhiteSpace and LineTerminator, . without the four line
// terminators), escapes as \x{...}, and \p{...} only under the names Go 1.24's
// regexp knows with the same table. Anything Go's regexp lacks (look-around,
// back-references, counts above 1000, properties it has no name for) leaves
// the pattern to the backtracker.

// ecmaMaxRE2Ranges bounds the ranges a property without a Go name may be
// written out as.
const ecmaMaxRE2Ranges = 64

// ecmaRE2Repeat is the largest count Go's regexp accepts in braces.
const ecmaRE2Repeat = 1000

type ecmaTranslator struct {
	unicode bool
	b       strings.Builder
	guard   Guard
	why     string
}

func (t *ecmaTranslator) refuse(why string) bool {
	if t.why == "" {
		t.why = why
	}
	return false
}

func (t *ecmaTranslator) needs(g Guard) {
	if g > t.guard {
		t.guard = g
	}
}

// Where a node is written: what needs a group around it.
const (
	ecmaInAlt    = iota // the whole pattern, or a branch of an alternation
	ecmaInSeq           // an element of a concatenation: an alternation needs a group
	ecmaInRepeat        // a repeated body: anything but a single atom needs a group
)

// node writes n.
func (t *ecmaTranslator) node(n *ecmaNode, ctx int) bool {
	switch n.op {
	case ecmaOpEmpty:
		if ctx == ecmaInRepeat {
			t.b.WriteString("(?:)")
		}
		return true
	case ecmaOpChar:
		return t.char(n.c)
	case ecmaOpSet:
		return t.set(n)
	case ecmaOpSeq, ecmaOpAlt:
		wrap := ctx == ecmaInRepeat || ctx == ecmaInSeq && n.op == ecmaOpAlt
		if wrap {
			t.b.WriteString("(?:")
		}
		sep, inner := "", ecmaInSeq
		if n.op == ecmaOpAlt {
			sep, inner = "|", ecmaInAlt
		}
		for i := 0; i < len(n.subs); i++ {
			if i > 0 {
				t.b.WriteString(sep)
			}
			if c, ok := t.pair(n, i); ok {
				// Without the u flag, a surrogate pair in a sequence matches
				// the two code units of one character, as that character
				// does in Go.
				t.char(c)
				i++
				continue
			}
			if !t.node(n.subs[i], inner) {
				return false
			}
		}
		if wrap {
			t.b.WriteString(")")
		}
		return true
	case ecmaOpGroup:
		if n.name != "" && ecmaGoGroupName(n.name) {
			t.b.WriteString("(?P<" + n.name + ">")
		} else {
			t.b.WriteString("(")
		}
		if !t.node(n.subs[0], ecmaInAlt) {
			return false
		}
		t.b.WriteString(")")
		return true
	case ecmaOpRepeat:
		if ctx == ecmaInRepeat {
			t.b.WriteString("(?:")
			defer t.b.WriteString(")")
		}
		return t.repeat(n)
	case ecmaOpBegin:
		t.b.WriteString("^")
		return true
	case ecmaOpEnd:
		t.b.WriteString("$")
		return true
	case ecmaOpWordB:
		if n.neg {
			t.b.WriteString(`\B`)
		} else {
			t.b.WriteString(`\b`)
		}
		return true
	case ecmaOpLook:
		return t.refuse("look-around, which Go's regexp lacks")
	case ecmaOpBackref:
		return t.refuse("a back-reference, which Go's regexp lacks")
	}
	return t.refuse("an unknown node")
}

// pair returns the character a high and a low surrogate at n.subs[i:]
// make, in a sequence of a pattern without the u flag.
func (t *ecmaTranslator) pair(n *ecmaNode, i int) (rune, bool) {
	if t.unicode || n.op != ecmaOpSeq || i+1 >= len(n.subs) {
		return 0, false
	}
	hi, lo := n.subs[i], n.subs[i+1]
	if hi.op != ecmaOpChar || lo.op != ecmaOpChar || hi.c < 0xd800 || hi.c >= 0xdc00 || lo.c < 0xdc00 || lo.c >= 0xe000 {
		return 0, false
	}
	return 0x10000 + (hi.c-0xd800)<<10 + (lo.c - 0xdc00), true
}

// ecmaGoGroupName reports whether Go's regexp accepts name for a group.
func ecmaGoGroupName(name string) bool {
	for _, c := range name {
		if c != '_' && !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

func (t *ecmaTranslator) repeat(n *ecmaNode) bool {
	if n.min > ecmaRE2Repeat || n.max > ecmaRE2Repeat {
		return t.refuse("a repeat count above " + strconv.Itoa(ecmaRE2Repeat) + ", which Go's regexp rejects")
	}
	if !t.node(n.subs[0], ecmaInRepeat) {
		return false
	}
	switch {
	case n.min == 0 && n.max < 0:
		t.b.WriteString("*")
	case n.min == 1 && n.max < 0:
		t.b.WriteString("+")
	case n.min == 0 && n.max == 1:
		t.b.WriteString("?")
	case n.min == n.max:
		t.b.WriteString("{" + strconv.Itoa(n.min) + "}")
	case n.max < 0:
		t.b.WriteString("{" + strconv.Itoa(n.min) + ",}")
	default:
		t.b.WriteString("{" + strconv.Itoa(n.min) + "," + strconv.Itoa(n.max) + "}")
	}
	if !n.greedy {
		t.b.WriteString("?")
	}
	return true
}

// char writes a literal character.
func (t *ecmaTranslator) char(c rune) bool {
	if 0xd800 <= c && c < 0xe000 {
		return t.refuse("a surrogate code unit, which Go's regexp cannot match")
	}
	t.guardRanges(ecmaRanges{c, c})
	switch {
	case strings.ContainsRune(`\.+*?()|[]{}^$`, c):
		t.b.WriteByte('\\')
		t.b.WriteRune(c)
	case ' ' <= c && c <= '~':
		t.b.WriteRune(c)
	default:
		t.b.WriteString(ecmaGoHex(c))
	}
	return true
}

// ecmaGoHex writes a character as an escape: \t and its kind where Go has
// one, else \xHH or \x{HHHH}.
func ecmaGoHex(c rune) string {
	switch c {
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\v':
		return `\v`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	}
	if c < 0x100 {
		h := strconv.FormatInt(int64(c), 16)
		if len(h) == 1 {
			h = "0" + h
		}
		return `\x` + h
	}
	return `\x{` + strconv.FormatInt(int64(c), 16) + "}"
}

// guardRanges raises the guard for a set: see Guard.
func (t *ecmaTranslator) guardRanges(r ecmaRanges) {
	for i := 0; i < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		surrogate := lo <= 0xdfff && hi >= 0xd800
		switch {
		case surrogate && !t.unicode:
			t.needs(GuardBMP)
		case surrogate, lo <= 0xfffd && hi >= 0xfffd, hi > 0xffff:
			t.needs(GuardUTF8)
		}
	}
}

// set writes a class, an escape such as \d, or ., so that Go's regexp
// matches exactly the same characters (the surrogates aside, which it never
// sees in valid UTF-8).
func (t *ecmaTranslator) set(n *ecmaNode) bool {
	t.guardRanges(n.set.ranges)
	// Without the u flag the set is of code units: a negated one must not
	// match a character beyond the BMP, which is two units to JavaScript.
	beyond := ""
	if !t.unicode {
		beyond = `\x{10000}-\x{10ffff}`
	}
	if n.dot {
		t.b.WriteString(`[^\n\r\x{2028}\x{2029}` + beyond + "]")
		return true
	}
	if it := n.items; len(it) == 1 && !n.neg && (it[0].kind == 'p' || it[0].kind == 'P') {
		if name, ok := ecmaGoProperty(it[0].prop); ok {
			t.b.WriteString(`\` + string(rune(it[0].kind)) + "{" + name + "}")
			return true
		}
	}
	var items strings.Builder
	for _, it := range n.items {
		if !t.item(&items, it) {
			return false
		}
	}
	switch {
	case items.Len() == 0 && !n.neg:
		t.b.WriteString(`[^\x00-\x{10ffff}]`) // matches nothing, as []
	case n.neg:
		if items.Len() == 0 && beyond == "" {
			t.b.WriteString(`[\x00-\x{10ffff}]`)
			break
		}
		t.b.WriteString("[^" + items.String() + beyond + "]")
	default:
		t.b.WriteString("[" + items.String() + "]")
	}
	return true
}

// item writes one member of a class.
func (t *ecmaTranslator) item(b *strings.Builder, it ecmaClassItem) bool {
	max := rune(0xffff)
	if t.unicode {
		max = unicode.MaxRune
	}
	switch it.kind {
	case 0:
		ecmaWriteRanges(b, ecmaRanges{it.lo, it.hi})
		return true
	case 'p', 'P':
		if name, ok := ecmaGoProperty(it.prop); ok {
			b.WriteString(`\` + string(rune(it.kind)) + "{" + name + "}")
			return true
		}
		r, err := ecmaPropertyRanges(it.prop)
		if err != nil {
			return t.refuse(err.Error())
		}
		if it.kind == 'P' {
			r = r.negate(max)
		}
		r = r.normalize()
		if len(r)/2 > ecmaMaxRE2Ranges {
			return t.refuse(`\` + string(rune(it.kind)) + "{" + it.prop.value + "}, which Go's regexp has no name for")
		}
		ecmaWriteRanges(b, r)
		return true
	}
	ecmaWriteRanges(b, ecmaEscapeRanges(it.kind, max).normalize())
	return true
}

// ecmaGoProperty is the name under which Go 1.24's regexp knows exactly the
// same table as a property (LC, C, Cn and Unknown have none: Go 1.24 lacks
// LC and Cn, and its C leaves out the unassigned code points).
func ecmaGoProperty(p ecmaProperty) (string, bool) {
	switch p.kind {
	case 'g':
		switch p.value {
		case "LC", "C", "Cn":
			return "", false
		}
		return p.value, true
	case 's':
		return p.value, p.value != "Unknown"
	case 'b':
		return "Any", p.value == "Any"
	}
	return "", false
}

// ecmaWriteRanges writes normalized ranges as members of a Go class, the
// surrogates left out.
func ecmaWriteRanges(b *strings.Builder, r ecmaRanges) {
	for i := 0; i < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		if lo < 0xd800 && hi >= 0xd800 || lo <= 0xdfff && hi > 0xdfff {
			// Split around the surrogates.
			if lo < 0xd800 {
				ecmaWriteRange(b, lo, 0xd7ff)
			}
			if hi > 0xdfff {
				ecmaWriteRange(b, 0xe000, hi)
			}
			continue
		}
		if 0xd800 <= lo && hi <= 0xdfff {
			continue
		}
		ecmaWriteRange(b, lo, hi)
	}
}

func ecmaWriteRange(b *strings.Builder, lo, hi rune) {
	b.WriteString(ecmaClassChar(lo))
	if hi > lo {
		if hi > lo+1 {
			b.WriteByte('-')
		}
		b.WriteString(ecmaClassChar(hi))
	}
}

func ecmaClassChar(c rune) string {
	switch {
	case c == '\\' || c == ']' || c == '[' || c == '^' || c == '-':
		return `\` + string(c)
	case ' ' <= c && c <= '~':
		return string(c)
	}
	return ecmaGoHex(c)
}
