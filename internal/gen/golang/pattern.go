package golang

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// A pattern whose program reads only ASCII is matched by a DFA the
// generator builds (no regexp at run time: the timestamp of every message
// has a pattern, and regexp took about 7 % of the time of a line). The DFA
// answers exactly as regexp.MatchString: it is built from the program
// regexp itself compiles, by the subset construction, and it gives up
// (leaving the pattern to regexp) on anything it does not model: a class
// or literal with a rune beyond ASCII (a non-ASCII rune never matches
// then, whatever its encoding), case folding, "." and the empty-width
// assertions other than ^ and $ of the whole text (with the default flags
// regexp gives them).

// maxDFAStates bounds the DFA: a pattern that needs more is left to regexp.
const maxDFAStates = 250

// dfa is a pattern's automaton over bytes. State 0 rejects whatever
// follows, state 1 accepts whatever follows, state 2 is the start.
type dfa struct {
	classes  [256]byte // the class of each byte
	nclasses int
	next     []byte // next[state*nclasses+class]
	final    []byte // final[state] != 0: the text may end there
}

const (
	dfaReject = 0
	dfaAccept = 1
	dfaStart  = 2
)

// match runs d on s, as the generated code does.
func (d *dfa) match(s string) bool {
	state := dfaStart
	for i := 0; i < len(s); i++ {
		state = int(d.next[state*d.nclasses+int(d.classes[s[i]])])
		if state < dfaStart {
			return state == dfaAccept
		}
	}
	return d.final[state] != 0
}

// patternDFA builds the DFA of pattern, or reports false when the pattern
// is beyond what it models.
func patternDFA(pattern string) (*dfa, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, false
	}
	// The byte classes: bytes that every instruction treats alike. Every
	// byte from 0x80 on is in the last one, which nothing matches.
	var bounds [129]bool // bounds[c]: a class starts at c
	bounds[0], bounds[128] = true, true
	for _, in := range prog.Inst {
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return nil, false
			}
			runes := in.Rune
			if len(runes) == 1 {
				// One rune (InstRune1, or InstRune of one rune).
				runes = []rune{in.Rune[0], in.Rune[0]}
			}
			if len(runes)%2 != 0 {
				return nil, false
			}
			for i := 0; i < len(runes); i += 2 {
				lo, hi := runes[i], runes[i+1]
				if lo < 0 || hi > 0x7f || lo > hi {
					return nil, false
				}
				bounds[lo], bounds[hi+1] = true, true
			}
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil, false
			}
		case syntax.InstAlt, syntax.InstAltMatch, syntax.InstCapture, syntax.InstNop, syntax.InstMatch, syntax.InstFail:
		default: // InstRuneAny, InstRuneAnyNotNL
			return nil, false
		}
	}
	d := &dfa{}
	var rep []byte // a byte of each class
	for c := 0; c < 256; c++ {
		if c <= 128 && bounds[c] {
			rep = append(rep, byte(c))
		}
		d.classes[c] = byte(len(rep) - 1)
	}
	d.nclasses = len(rep)
	anchored := prog.StartCond()&syntax.EmptyBeginText != 0

	// closure follows the empty transitions from pcs: the rune
	// instructions reached, and whether a match is.
	closure := func(pcs []int, atBegin, atEnd bool) (runes []int, matched bool) {
		seen := make([]bool, len(prog.Inst))
		var walk func(pc int)
		walk = func(pc int) {
			if seen[pc] || matched {
				return
			}
			seen[pc] = true
			in := &prog.Inst[pc]
			switch in.Op {
			case syntax.InstAlt, syntax.InstAltMatch:
				walk(int(in.Out))
				walk(int(in.Arg))
			case syntax.InstCapture, syntax.InstNop:
				walk(int(in.Out))
			case syntax.InstEmptyWidth:
				op := syntax.EmptyOp(in.Arg)
				if (op&syntax.EmptyBeginText == 0 || atBegin) && (op&syntax.EmptyEndText == 0 || atEnd) {
					walk(int(in.Out))
				}
			case syntax.InstMatch:
				matched = true
			case syntax.InstRune, syntax.InstRune1:
				runes = append(runes, pc)
			}
		}
		for _, pc := range pcs {
			walk(pc)
		}
		slices.Sort(runes)
		return runes, matched
	}

	// A state is the set of threads (pcs before their closure) at a
	// position; the start state alone is at the beginning of the text.
	type key struct {
		start bool
		pcs   string
	}
	keyOf := func(start bool, pcs []int) key {
		var b strings.Builder
		for _, pc := range pcs {
			b.WriteString(strconv.Itoa(pc))
			b.WriteByte(',')
		}
		return key{start, b.String()}
	}
	index := map[key]int{}
	var states [][]int
	var starts []bool
	add := func(start bool, pcs []int) int {
		slices.Sort(pcs)
		pcs = slices.Compact(pcs)
		k := keyOf(start, pcs)
		if i, ok := index[k]; ok {
			return i
		}
		i := len(states) + dfaStart
		index[k] = i
		states = append(states, pcs)
		starts = append(starts, start)
		return i
	}
	add(true, []int{prog.Start})
	d.next = make([]byte, dfaStart*d.nclasses) // reject and accept stay where they are
	for i := range d.nclasses {
		d.next[dfaAccept*d.nclasses+i] = dfaAccept
	}
	d.final = []byte{0, 1}
	for s := 0; s < len(states); s++ {
		if len(states) > maxDFAStates {
			return nil, false
		}
		pcs, start := states[s], starts[s]
		runes, matched := closure(pcs, start, false)
		_, final := closure(pcs, start, true)
		if final {
			d.final = append(d.final, 1)
		} else {
			d.final = append(d.final, 0)
		}
		for _, c := range rep {
			if matched {
				d.next = append(d.next, dfaAccept)
				continue
			}
			var next []int
			if c < 0x80 {
				for _, pc := range runes {
					if prog.Inst[pc].MatchRune(rune(c)) {
						next = append(next, int(prog.Inst[pc].Out))
					}
				}
			}
			if !anchored {
				// A match may start at any position.
				next = append(next, prog.Start)
			}
			if len(next) == 0 {
				d.next = append(d.next, dfaReject)
				continue
			}
			d.next = append(d.next, byte(add(false, next)))
		}
	}
	if len(states)+dfaStart > 256 {
		return nil, false
	}
	return d, true
}

// patternMatcher renders the function name(s) of the DFA d of pattern: it
// reports whether s matches, as regexp.MatchString does.
func patternMatcher(f *jen.File, name, pattern string, d *dfa) {
	f.Add(doc(name + " reports whether s matches the pattern " + pattern +
		", as regexp.MatchString would: its DFA over bytes, built by omnigen from the pattern."))
	f.Func().Id(name).Types(jen.Id("T").Union(jen.Op("~").String(), jen.Op("~").Index().Byte())).
		Params(jen.Id("s").Id("T")).Bool().Block(
		jen.Const().Defs(
			jen.Id("classes").Op("=").Add(byteTable(d.classes[:])),
			jen.Id("next").Op("=").Add(byteTable(d.next)),
			jen.Id("final").Op("=").Add(byteTable(d.final)),
		),
		jen.Id("state").Op(":=").Lit(dfaStart),
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
			jen.Id("state").Op("=").Int().Call(jen.Id("next").Index(
				jen.Id("state").Op("*").Lit(d.nclasses).Op("+").Int().Call(jen.Id("classes").Index(jen.Id("s").Index(jen.Id("i")))))),
			jen.If(jen.Id("state").Op("<").Lit(dfaStart)).Block(jen.Return(jen.Id("state").Op("==").Lit(dfaAccept))),
		),
		jen.Return(jen.Id("final").Index(jen.Id("state")).Op("!=").Lit(0)),
	)
}
