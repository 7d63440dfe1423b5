package validate

import (
	"fmt"
	"hash/maphash"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// Profile selects the rules applied on top of the schema.
type Profile string

const (
	// ProfileMessage: every line is one message valid against the schema.
	ProfileMessage Profile = "message"
	// ProfileTrace: plus the Trace rules, per file: session_meta first and
	// only there; no partials and no origin; request_begin and request_end
	// paired; every tool_call_output and approval_decision answering an
	// earlier tool_call (an output at most once, a decision before the
	// output); a torn last line is a warning.
	ProfileTrace Profile = "trace"
	// ProfileStream: plus the streaming discipline, per file: each segment
	// start → delta* → stop, the complete message right after its stop with
	// the concatenated content, nothing left open at the end, origin never an
	// empty array, a session_meta only as the first message of its stream.
	ProfileStream Profile = "stream"
)

// Profiles lists the profile names.
var Profiles = []string{string(ProfileMessage), string(ProfileTrace), string(ProfileStream)}

// category is how a line is counted: the worst severity of its findings.
type category uint8

const (
	catValid category = iota
	catWarned
	catInvalid
)

func worse(a, b category) category {
	if b > a {
		return b
	}
	return a
}

func categoryOf(s Severity) category {
	switch s {
	case Error:
		return catInvalid
	case Warning:
		return catWarned
	}
	return catValid
}

// rules are the checks of a profile across the lines of one file. They run
// on one goroutine, in input order.
type rules interface {
	// begin starts a new file.
	begin()
	// line sees a well-formed line n whose category so far is cat and
	// returns its findings about that line.
	line(n int, f *facts, cat category) []Finding
	// malformed says that line n could not be read as JSON.
	malformed(n int)
	// end returns the findings about earlier lines at the end of the file,
	// in line order; torn says the file ended with a torn line.
	end(torn bool) []Finding
}

func newRules(p Profile, t *aggregates) rules {
	switch p {
	case ProfileTrace:
		return &traceRules{table: t}
	case ProfileStream:
		return &streamRules{table: t}
	}
	return nil
}

func ruleError(rule, pointer, format string, args ...any) Finding {
	return Finding{Severity: Error, Rule: rule, Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// ---- Trace ----

// Payload types the Trace rules are about.
const (
	kindSessionMeta   = "session_meta"
	typeRequestBegin  = "request_begin"
	typeRequestEnd    = "request_end"
	typeToolCall      = "tool_call"
	typeToolOutput    = "tool_call_output"
	typeApproval      = "approval_decision"
	pointerKind       = "/" + fieldKind
	pointerOrigin     = "/" + fieldOrigin
	pointerType       = "/" + fieldPayload + "/" + fieldType
	pointerCallID     = "/" + fieldPayload + "/" + fieldCallID
	traceStreamAdvice = "belongs to a stream (--profile stream)"
)

type traceRules struct {
	table   *aggregates
	started bool // a well-formed line has been seen
	meta    int  // line of the session_meta
	request int  // line of the open request_begin, 0 when none
	reqCat  category
	calls   map[string]*toolCall
}

type toolCall struct {
	line   int // the tool_call
	output int // its tool_call_output, 0 while unanswered
}

func (r *traceRules) begin() {
	*r = traceRules{table: r.table, calls: map[string]*toolCall{}}
}

func (r *traceRules) malformed(int) {}

func (r *traceRules) line(n int, f *facts, cat category) []Finding {
	var out []Finding
	if !f.object {
		return nil
	}
	if !r.started {
		r.started = true
		if f.kind == kindSessionMeta {
			r.meta = n
		} else {
			out = append(out, ruleError(RuleTrace, pointerKind,
				"a Trace starts with its session_meta, got %s", describeMessage(f)))
		}
	} else if f.kind == kindSessionMeta {
		if r.meta > 0 {
			out = append(out, ruleError(RuleTrace, pointerKind,
				"a second session_meta (the first is on line %d): a Trace file holds one model context", r.meta))
		} else {
			out = append(out, ruleError(RuleTrace, pointerKind,
				"session_meta must be the first line of a Trace"))
		}
	}
	if f.hasOrigin {
		out = append(out, ruleError(RuleTrace, pointerOrigin,
			"a Trace holds no origin-tagged messages: a child Session has its own Trace and the parent keeps a subagent event"))
	}
	if f.partial != nil {
		out = append(out, ruleError(RuleTrace, pointerType,
			"a Trace holds no streaming partials: %s %s", f.ptype, traceStreamAdvice))
	}
	switch f.ptype {
	case typeRequestBegin:
		if r.request > 0 {
			out = append(out, ruleError(RuleTrace, pointerType,
				"request_begin while the request begun on line %d has no request_end", r.request))
		}
		r.request = n
		r.reqCat = worse(cat, worst(out))
	case typeRequestEnd:
		if r.request == 0 {
			out = append(out, ruleError(RuleTrace, pointerType, "request_end with no request_begin before it"))
		}
		r.request = 0
	case typeToolCall:
		r.calls[f.callID] = &toolCall{line: n}
	case typeToolOutput:
		c := r.calls[f.callID]
		switch {
		case c == nil:
			out = append(out, ruleError(RuleTrace, pointerCallID,
				"tool_call_output answers no earlier tool_call: no tool_call has tool_call_id %s", strconv.Quote(f.callID)))
		case c.output > 0:
			out = append(out, ruleError(RuleTrace, pointerCallID,
				"a second tool_call_output for tool_call %s (line %d; answered on line %d): a call has at most one output", strconv.Quote(f.callID), c.line, c.output))
		default:
			c.output = n
		}
	case typeApproval:
		c := r.calls[f.callID]
		switch {
		case c == nil:
			out = append(out, ruleError(RuleTrace, pointerCallID,
				"approval_decision for a tool_call that has not been made: no earlier tool_call has tool_call_id %s", strconv.Quote(f.callID)))
		case c.output > 0:
			out = append(out, ruleError(RuleTrace, pointerCallID,
				"approval_decision for tool_call %s comes after that call's output (line %d): a decision comes before the output", strconv.Quote(f.callID), c.output))
		}
	}
	return out
}

func (r *traceRules) end(torn bool) []Finding {
	if r.request == 0 {
		return nil
	}
	f := ruleError(RuleTrace, pointerType, "request_begin with no request_end: the file ends while this request is open")
	if torn {
		f.Severity = Warning
		f.Message += " (its last line is torn: the writer stopped mid-request)"
	}
	f.Line, f.was, f.late = r.request, r.reqCat, true
	return []Finding{f}
}

func worst(fs []Finding) category {
	c := catValid
	for _, f := range fs {
		c = worse(c, categoryOf(f.Severity))
	}
	return c
}

// describeMessage names a message for a finding: "a model_msg text".
func describeMessage(f *facts) string {
	switch {
	case f.kind == "":
		return "a message with no type"
	case f.ptype == "":
		return article(f.kind) + f.kind
	}
	return article(f.kind) + f.kind + " " + f.ptype
}

func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an "
	}
	return "a "
}

// ---- Stream ----

type streamRules struct {
	table  *aggregates
	chains map[string]*chain
}

// chain is the stream of one Session: the main one (no origin) or a child's
// forwarded messages (one origin chain).
type chain struct {
	seen    bool                   // a message of this chain has been seen
	open    map[segmentID]*segment // the segments not yet stopped
	pending *segment               // stopped, waiting for its complete message
}

// segmentID names an open segment of a chain: its partial type and key.
type segmentID struct{ partial, key string }

// segment is one streamed fragment being folded: its content so far as a
// running length and hash per field, so that memory does not grow with it.
type segment struct {
	agg     *aggregate
	key     string
	start   int      // line that opened it
	cat     category // that line's category
	stop    int      // line of its stop, 0 while open
	stopCat category
	first   int // first and last line of its pieces
	last    int
	lens    []int
	hashes  []*maphash.Hash
	over    []content // override fields: the value that holds
}

func (r *streamRules) begin() {
	r.chains = map[string]*chain{}
}

func (r *streamRules) malformed(int) {
	// A line that cannot be read could have been anything, the awaited
	// complete message included: stop waiting rather than blame the next
	// line.
	for _, c := range r.chains {
		c.pending = nil
	}
}

func (r *streamRules) chainOf(f *facts) *chain {
	c := r.chains[f.origin]
	if c == nil {
		c = &chain{open: map[segmentID]*segment{}}
		r.chains[f.origin] = c
	}
	return c
}

func (r *streamRules) line(n int, f *facts, cat category) []Finding {
	if !f.object {
		return nil
	}
	var out []Finding
	if f.hasOrigin && f.originLen == 0 {
		out = append(out, ruleError(RuleStream, pointerOrigin,
			"origin is never an empty array: a message of the main Session has no origin"))
	}
	c := r.chainOf(f)
	if seg := c.pending; seg != nil {
		c.pending = nil
		if f.kind == "model_msg" && f.ptype == seg.agg.complete && f.key == seg.key {
			return append(out, r.compare(seg, f)...)
		}
		out = append(out, ruleError(RuleStream, pointerType,
			"the %s segment stopped on line %d must be followed by its complete %s message, got %s",
			seg.agg.partial, seg.stop, seg.agg.complete, describeMessage(f)))
	}
	if f.kind == kindSessionMeta && c.seen {
		out = append(out, ruleError(RuleStream, pointerKind,
			"session_meta is only the first message of a stream (a child Session's stream starts with its own)"))
	}
	c.seen = true

	if a := f.partial; a != nil && f.kind == "model_msg" {
		return append(out, r.piece(n, f, cat, c, a)...)
	}
	for _, a := range f.complete {
		if seg := c.open[segmentID{a.partial, f.key}]; seg != nil {
			out = append(out, ruleError(RuleStream, pointerType,
				"%s arrives while the %s segment started on line %d has no stop", f.ptype, a.partial, seg.start))
		}
	}
	return out
}

func (r *streamRules) piece(n int, f *facts, cat category, c *chain, a *aggregate) []Finding {
	var out []Finding
	id := segmentID{a.partial, f.key}
	seg := c.open[id]
	switch f.phase {
	case "start":
		if seg != nil {
			out = append(out, ruleError(RuleStream, "/"+fieldPayload+"/"+a.phase,
				"%s start while the segment started on line %d has no stop", a.partial, seg.start))
		}
		seg = nil
	case "delta", "stop":
		if seg == nil {
			out = append(out, ruleError(RuleStream, "/"+fieldPayload+"/"+a.phase,
				"%s %s with no start before it%s", a.partial, f.phase, keyNote(a, f.key)))
		}
	default:
		return out // the schema reports the phase
	}
	if seg == nil {
		seg = newSegment(a, f.key, n)
		seg.cat = worse(cat, worst(out))
		c.open[id] = seg
	}
	seg.add(n, f)
	if f.phase == "stop" {
		delete(c.open, id)
		seg.stop = n
		seg.stopCat = worse(cat, worst(out))
		c.pending = seg
	}
	return out
}

func keyNote(a *aggregate, key string) string {
	if a.key == "" {
		return ""
	}
	return fmt.Sprintf(" (%s %s)", a.key, strconv.Quote(key))
}

func newSegment(a *aggregate, key string, n int) *segment {
	s := &segment{agg: a, key: key, start: n, first: n,
		lens:   make([]int, len(a.appends)),
		hashes: make([]*maphash.Hash, len(a.appends)),
		over:   make([]content, len(a.overrides))}
	for i := range s.hashes {
		s.hashes[i] = newHash()
	}
	return s
}

// add folds the line's pieces in as the reference PartialAggregator does:
// appended fields are concatenated; the first piece sets an override field
// and a later non-empty value replaces it.
func (s *segment) add(n int, f *facts) {
	s.last = n
	na := len(s.agg.appends)
	for i, c := range f.fields {
		if i < na {
			s.hashes[i].Write(c.piece)
			s.lens[i] += c.n
		} else if n == s.first || (c.present && !c.empty) {
			s.over[i-na] = c
		}
	}
}

// compare checks the complete message that follows a stop against the
// folded segment.
func (r *streamRules) compare(s *segment, f *facts) []Finding {
	var out []Finding
	a := s.agg
	na := len(a.appends)
	lines := fmt.Sprintf("line %d", s.first)
	if s.last != s.first {
		lines = fmt.Sprintf("lines %d–%d", s.first, s.last)
	}
	for i, c := range f.fields {
		if i < na {
			if !c.present {
				continue // the schema reports a missing field
			}
			if c.d.n != s.lens[i] || c.d.sum != s.hashes[i].Sum64() {
				how := "different content of the same length"
				if c.d.n != s.lens[i] {
					how = fmt.Sprintf("%d bytes, the pieces %d", c.d.n, s.lens[i])
				}
				out = append(out, ruleError(RuleStream, "/"+fieldPayload+"/"+a.appends[i],
					"%s of the complete %s is not the concatenation of the %s pieces on %s: %s",
					a.appends[i], a.complete, a.partial, lines, how))
			}
			continue
		}
		want, name := s.over[i-na], a.overrides[i-na]
		if sameValue(want, c) {
			continue
		}
		if !want.isStr && !c.isStr && want.present && c.present && want.d.n == c.d.n {
			// As many items as streamed, but not the same ones.
			out = append(out, ruleError(RuleStream, "/"+fieldPayload+"/"+name,
				"%s of the complete %s must be the %s streamed on %s, got %s",
				name, a.complete, gen.Counted(want.d.n, "item", "items"), lines, gen.Counted(c.d.n, "different one", "different ones")))
			continue
		}
		out = append(out, ruleError(RuleStream, "/"+fieldPayload+"/"+name,
			"%s of the complete %s must be %s as streamed on %s, got %s",
			name, a.complete, showValue(want), lines, showValue(c)))
	}
	return out
}

// sameValue compares override values; absent and empty are the same (the
// builders leave an empty set out).
func sameValue(a, b content) bool {
	ea, eb := !a.present || a.empty, !b.present || b.empty
	if ea || eb {
		return ea == eb
	}
	return a.isStr == b.isStr && a.d == b.d
}

func showValue(c content) string {
	switch {
	case !c.present:
		return "absent"
	case c.isStr:
		return strconv.Quote(c.str)
	case c.empty:
		return "empty"
	}
	return gen.Counted(c.d.n, "item", "items")
}

func (r *streamRules) end(bool) []Finding {
	var out []Finding
	for _, c := range r.chains {
		for _, s := range c.open {
			f := ruleError(RuleStream, "/"+fieldPayload+"/"+s.agg.phase,
				"%s segment%s never stopped: the stream ends first", s.agg.partial, keyNote(s.agg, s.key))
			f.Line, f.was, f.late = s.start, s.cat, true
			out = append(out, f)
		}
		if s := c.pending; s != nil {
			f := ruleError(RuleStream, "/"+fieldPayload+"/"+s.agg.phase,
				"the stream ends before the complete %s message that must follow this %s stop", s.agg.complete, s.agg.partial)
			f.Line, f.was, f.late = s.stop, s.stopCat, true
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return strings.Compare(out[i].Message, out[j].Message) < 0
	})
	return out
}
