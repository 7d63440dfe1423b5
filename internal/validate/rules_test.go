package validate

import (
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/schema"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// ruleCase is one file of testdata/traces/rules or testdata/streams/rules
// (a valid case is *.jsonl, an invalid one *.jsonl.bad, which a directory
// argument does not pick up) and the findings it must get: "LINE severity
// rule POINTER", plus words their messages must have.
type ruleCase struct {
	file  string
	want  []string
	words []string
}

func runRuleCases(t *testing.T, p Profile, cases []ruleCase) {
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			sum, findings := runFiles(t, Options{Profile: p}, tc.file)
			checkCounts(t, sum)
			if got := shortAll(findings); !equalLists(got, tc.want) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			var all strings.Builder
			for _, f := range findings {
				all.WriteString(f.Message + "\n")
			}
			for _, w := range tc.words {
				if !strings.Contains(all.String(), w) {
					t.Errorf("no message says %q:\n%s", w, all.String())
				}
			}
			// A line with an error is invalid, one with only a warning
			// is warned, and the rest are valid.
			lines := map[int]Severity{}
			for _, f := range findings {
				if s, ok := lines[f.Line]; !ok || f.Severity < s {
					lines[f.Line] = f.Severity
				}
			}
			var invalid, warned int64
			for _, s := range lines {
				switch s {
				case Error:
					invalid++
				case Warning:
					warned++
				}
			}
			if sum.Invalid != invalid || sum.Warned != warned {
				t.Errorf("counted %d invalid and %d warned lines, the findings make %d and %d", sum.Invalid, sum.Warned, invalid, warned)
			}
		})
	}
}

func TestTraceRules(t *testing.T) {
	const dir = "testdata/traces/rules/"
	runRuleCases(t, ProfileTrace, []ruleCase{
		// session_meta first and only there
		{file: dir + "meta-first.jsonl"},
		{file: dir + "meta-first.jsonl.bad", want: []string{"1 error trace /type", "2 error trace /type"},
			words: []string{"starts with its session_meta, got a model_msg text", "session_meta must be the first line"}},
		{file: dir + "meta-once.jsonl.bad", want: []string{"6 error trace /type"},
			words: []string{"a second session_meta (the first is on line 1)"}},
		// no partials
		{file: dir + "no-partials.jsonl"},
		{file: dir + "no-partials.jsonl.bad", want: []string{"3 error trace /payload/type"},
			words: []string{"no streaming partials: partial_text"}},
		// no origin
		{file: dir + "no-origin.jsonl"},
		{file: dir + "no-origin.jsonl.bad", want: []string{"2 error trace /origin"}},
		// request_begin / request_end paired
		{file: dir + "requests-paired.jsonl"},
		{file: dir + "requests-paired.jsonl.bad", want: []string{"4 error trace /payload/type", "6 error trace /payload/type"},
			words: []string{"request_begin while the request begun on line 2 has no request_end", "request_end with no request_begin"}},
		{file: dir + "request-open-at-end.jsonl.bad", want: []string{"5 error trace /payload/type"},
			words: []string{"the file ends while this request is open"}},
		// every output answers an earlier call, at most once
		{file: dir + "output-answers-call.jsonl"},
		{file: dir + "output-answers-call.jsonl.bad", want: []string{"2 error trace /payload/tool_call_id", "7 error trace /payload/tool_call_id"},
			words: []string{`no tool_call has tool_call_id "c1"`, `"c9"`}},
		{file: dir + "output-once.jsonl.bad", want: []string{"6 error trace /payload/tool_call_id"},
			words: []string{`a second tool_call_output for tool_call "c1" (line 3; answered on line 5)`}},
		// an approval after its call and before its output
		{file: dir + "approval-order.jsonl"},
		{file: dir + "approval-order.jsonl.bad", want: []string{"2 error trace /payload/tool_call_id", "7 error trace /payload/tool_call_id"},
			words: []string{"approval_decision for a tool_call that has not been made", "comes after that call's output (line 6)"}},
		// a torn last line is a warning, and so is the request it leaves open
		{file: dir + "torn-last-line.jsonl", want: []string{"4 warning syntax /timestamp", "2 warning trace /payload/type"},
			words: []string{"torn last line", "the writer stopped mid-request"}},
		// a malformed line that is not the last one is an error
		{file: dir + "malformed-middle.jsonl.bad", want: []string{"3 error syntax /timestamp"}},
		// realistic Traces: a main session across compaction, and its Subagent
		{file: "testdata/traces/realistic.jsonl"},
		{file: "testdata/traces/realistic_002.jsonl"},
		{file: "testdata/traces/session-2026-07-18-031544-e5f6a7b8.jsonl"},
	})
}

func TestStreamRules(t *testing.T) {
	const dir = "testdata/streams/rules/"
	runRuleCases(t, ProfileStream, []ruleCase{
		// start → delta* → stop
		{file: dir + "segments.jsonl"},
		{file: dir + "segments.jsonl.bad", want: []string{"1 error stream /payload/event_type", "5 error stream /payload/event_type"},
			words: []string{"partial_text delta with no start", "partial_text start while the segment started on line 4 has no stop"}},
		// the complete message right after its stop
		{file: dir + "complete-after-stop.jsonl.bad", want: []string{"3 error stream /payload/type"},
			words: []string{"the partial_text segment stopped on line 2 must be followed by its complete text message, got an event_msg token_usage"}},
		// its content equal to the concatenated pieces; name and images as streamed
		{file: dir + "content.jsonl"},
		{file: dir + "content.jsonl.bad", want: []string{"3 error stream /payload/text", "7 error stream /payload/name", "10 error stream /payload/images"},
			words: []string{"not the concatenation of the partial_text pieces on lines 1–2: 4 bytes, the pieces 5", `must be "bash" as streamed on lines 4–6, got "sh"`, "must be the 1 item streamed on lines 8–9, got 1 different one"}},
		// nothing left open at the end
		{file: dir + "open-at-end.jsonl.bad", want: []string{"1 error stream /payload/event_type", "2 error stream /payload/event_type", "4 error stream /payload/event_type"},
			words: []string{"partial_thinking segment never stopped", `partial_tool_call segment (tool_call_id "c1") never stopped`, "the stream ends before the complete text message"}},
		// origin never empty (the schema says so too); origin chains are separate streams
		{file: dir + "origin-chains.jsonl"},
		{file: dir + "origin-empty.jsonl.bad", want: []string{"1 error schema /origin"}},
		// a session_meta only first in its stream
		{file: dir + "meta-first.jsonl.bad", want: []string{"2 error stream /type"}},
		{file: "testdata/streams/realistic.jsonl"},
	})
}

// The stream rules know which partial folds into which message from the
// schema's annotations, not from a table of their own.
func TestAggregatesComeFromTheSchema(t *testing.T) {
	table, err := aggregatesOf(schema.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"partial_text":             "text: phase event_type key  append [text] override []",
		"partial_thinking":         "thinking: phase event_type key  append [thinking] override []",
		"partial_tool_call":        "tool_call: phase event_type key tool_call_id append [arguments] override [name]",
		"partial_tool_call_output": "tool_call_output: phase event_type key tool_call_id append [output] override [images]",
	}
	if len(table.byPartial) != len(want) {
		t.Errorf("partials %v, want %d", table.partialTypes(), len(want))
	}
	for p, w := range want {
		a := table.byPartial[p]
		if a == nil {
			t.Errorf("no aggregate for %s", p)
			continue
		}
		got := a.complete + ": phase " + a.phase + " key " + a.key + " append " + list(a.appends) + " override " + list(a.overrides)
		if got != w {
			t.Errorf("%s: %s, want %s", p, got, w)
		}
	}
}

// A schema whose partial is called something else gets the same rules under
// that name.
func TestStreamRulesFollowTheSchema(t *testing.T) {
	src := strings.ReplaceAll(string(canonical.Canonical), `"partial_text"`, `"text_piece"`)
	src = strings.ReplaceAll(src, canonical.FileName, "renamed.schema.json")
	doc, err := schema.Parse([]byte(src), "renamed.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := engine.Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	data := readRepoFile(t, "testdata/streams/rules/content.jsonl.bad")
	data = []byte(strings.ReplaceAll(string(data), `"partial_text"`, `"text_piece"`))
	sum, findings := runData(t, data, Options{Schema: doc, Checker: engine.NewChecker(v), Profile: ProfileStream})
	checkCounts(t, sum)
	if len(findings) == 0 || findings[0].Line != 3 || !strings.Contains(findings[0].Message, "text_piece pieces") {
		t.Errorf("findings %v, want the text on line 3 to differ from the text_piece pieces", shortAll(findings))
	}
}

func list(s []string) string { return "[" + strings.Join(s, " ") + "]" }
