package validate

import (
	"fmt"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// worker checks the lines of one batch at a time: the reader's own checks,
// then the LineChecker, then it reads the facts the profile's rules need.
type worker struct {
	p     *pipeline
	sc    jsonrt.LineScanner
	x     *extractor
	whole wholeLineChecker // the checker, when it can vouch for a raw line
	// canonical says that whole accepts a line only when the canonical
	// schema does (a FastChecker), which the Trace facts rely on.
	canonical bool
}

func (w *worker) run(b *batch) {
	if b.blocks != nil {
		w.p.join(b)
	}
	if cap(b.res) < len(b.lines) {
		b.res = make([]lineResult, len(b.lines))
	} else {
		b.res = b.res[:len(b.lines)]
		clear(b.res)
	}
	if cap(b.arena) > keepBuffer {
		b.arena = nil
	}
	b.arena = b.arena[:0]
	w.x.arena = &b.arena
	for i, l := range b.lines {
		w.line(b.buf[l.start:l.end], l, &b.res[i])
	}
	w.x.arena = nil
}

// RuleInternal marks a line whose checking panicked: a bug in omnigen, never
// an answer about the line.
const RuleInternal = "internal"

func (r *lineResult) add(f Finding) {
	r.findings = append(r.findings, f)
	r.cat = worse(r.cat, categoryOf(f.Severity))
}

func (w *worker) line(data []byte, l lineRef, res *lineResult) {
	defer func() {
		if v := recover(); v != nil {
			*res = lineResult{}
			res.add(Finding{Severity: Error, Rule: RuleInternal,
				Message: fmt.Sprintf("internal error while checking this line (please report it): %v", v)})
		}
	}()
	if l.bom {
		res.add(Finding{Severity: Error, Rule: RuleEncoding,
			Message: "byte-order mark at the start of the file: JSON Lines are UTF-8 without one (JSON.parse rejects it)"})
	}
	if isBlank(data) {
		res.blank = true
		res.add(Finding{Severity: Warning, Rule: RuleBlank, Message: "blank line: no JSON value on it"})
		return
	}
	// A cut line is its start, which the reader's checks reject (as they
	// rejected it in the reader): no checker sees it.
	accepted, wellFormed, found := false, false, (*schema.Error)(nil)
	if !l.cut && w.whole != nil {
		found, wellFormed = w.whole.Find(data)
		accepted = found == nil
	}
	if wellFormed {
		// The checker read the whole line: the reader's checks would find
		// nothing, and what it found is the line's schema finding.
		res.wellOK = true
		if found != nil {
			res.add(schemaFinding(found))
		}
	} else if !w.checkLine(data, l, res, found) {
		return
	}
	if w.p.opts.Profile != ProfileMessage {
		w.x.extract(data, &res.facts, accepted && w.canonical)
		res.hasFacts = true
	}
}

// checkLine runs the reader's checks and the LineChecker on a line; it
// reports false when the line is not well-formed JSON. found, when not nil,
// is what the checker found already (see wholeLineChecker).
func (w *worker) checkLine(data []byte, l lineRef, res *lineResult, found *schema.Error) bool {
	if prob := w.sc.Check(data); prob != nil {
		f := Finding{Severity: Error, Rule: RuleSyntax, Pointer: prob.Pointer, Message: prob.Message}
		switch prob.Kind {
		case jsonrt.ProblemUTF8:
			f.Rule = RuleEncoding
		case jsonrt.ProblemDuplicate:
			f.Rule = RuleDuplicate
		case jsonrt.ProblemNumber:
			f.Rule = RuleNumber
		case jsonrt.ProblemSyntax:
			if l.noNewline {
				if w.p.opts.Profile == ProfileTrace {
					f.Severity = Warning
					f.Message = "torn last line: no final newline and " + prob.Message + "; ignored, as a Trace reader does after a crash"
					res.torn = true
				} else {
					f.Message += " (the last line has no final newline: is it torn?)"
				}
			}
		}
		res.malformed = !res.torn
		res.add(f)
		return false
	}
	res.wellOK = true
	if lc, ok := w.p.checker.(limitedChecker); ok {
		if cost, budget := lc.Limit(len(data), w.sc.Values()); cost > budget {
			res.unchecked = true
			res.add(Finding{Severity: Error, Rule: RuleLimit, Message: fmt.Sprintf(
				"not checked: checking its %[2]s values would take about %[1]s, more than omnigen validate gives one line (%[3]s); the embedded schema's checker has no such limit",
				humanBytes(cost), group(int64(w.sc.Values())), humanBytes(budget))})
			return true
		}
	}
	e := found
	if e == nil {
		e = w.p.checker.Check(data)
	}
	if e != nil {
		res.add(schemaFinding(e))
	}
	return true
}

func schemaFinding(e *schema.Error) Finding {
	return Finding{Severity: Error, Rule: RuleSchema, Pointer: e.Pointer, Message: e.Message}
}

func isBlank(data []byte) bool {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}
