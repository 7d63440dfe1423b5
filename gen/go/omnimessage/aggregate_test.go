package omnimessage

import (
	"strings"
	"testing"
)

func TestGuards(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	cases := []struct {
		msg                                       Message
		meta, model, event, complete, partialLoad bool
	}{
		{SessionMeta(SessionMetaPayload{ModelContextWindow: ModelContextWindow{Type: "number", Number: 1}}), true, false, false, false, false},
		{UserText("x"), false, true, false, true, false},
		{ToolCall("n", "", ""), false, true, false, true, false},
		{PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "x"}), false, true, false, false, true},
		{PartialToolCallOutput(StreamEventTypeStop, ""), false, true, false, false, true},
		{RequestBegin(), false, false, true, false, false},
		{AbortEvent(), false, false, true, false, false},
		{Message{}, false, false, false, false, false},
	}
	for i, c := range cases {
		got := []bool{IsSessionMeta(c.msg), IsModelMessage(c.msg), IsEventMessage(c.msg), IsCompleteModelMessage(c.msg), IsPartialPayload(c.msg.Payload)}
		want := []bool{c.meta, c.model, c.event, c.complete, c.partialLoad}
		for j := range got {
			if got[j] != want[j] {
				t.Errorf("case %d (%T): guard %d is %v, want %v", i, c.msg.Payload, j, got[j], want[j])
			}
		}
	}
}

// The sealed unions keep payloads in their family: a ToolCallPayload is a
// ModelPayload and a CompleteModelPayload, never an EventPayload.
func TestUnionsAreSealed(t *testing.T) {
	var p OmniPayload = &ToolCallPayload{}
	if _, ok := p.(EventPayload); ok {
		t.Error("a tool call is an event payload")
	}
	if _, ok := p.(CompleteModelPayload); !ok {
		t.Error("a tool call is not a complete model payload")
	}
	if _, ok := p.(PartialModelPayload); ok {
		t.Error("a tool call is a partial")
	}
	if got := (Message{Payload: &AbortPayload{}}).Type(); got != MessageTypeEventMsg {
		t.Errorf("abort is a %s", got)
	}
}

// marshalAll writes messages one per line, for comparing.
func marshalAll(t *testing.T, msgs []Message) string {
	t.Helper()
	var lines []string
	for _, m := range msgs {
		b, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return strings.Join(lines, "\n")
}

func assertMessages(t *testing.T, got []Message, want ...Message) {
	t.Helper()
	if g, w := marshalAll(t, got), marshalAll(t, want); g != w {
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
}

// A message that is not a partial passes through unchanged, in order.
func TestAggregatePassThrough(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	in := []Message{UserText("a"), RequestBegin(), WithOrigin(AssistantText("b", AssistantTextOptions{Fidelity: Fidelity(`{"x":1}`)}), "s1")}
	var a PartialAggregator
	var got []Message
	for _, m := range in {
		out := a.Push(m)
		if len(out) != 1 {
			t.Fatalf("push returned %d messages", len(out))
		}
		got = append(got, out...)
	}
	assertMessages(t, got, in...)
	if rest := a.Flush(); len(rest) != 0 {
		t.Errorf("flush after pass-through: %d", len(rest))
	}
}

// start, delta and stop make one complete message whose content is the
// concatenation of the pieces, the start's included.
func TestAggregateStartDeltaStop(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	if out := a.Push(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "He"})); len(out) != 0 {
		t.Fatalf("start emitted %d", len(out))
	}
	if out := a.Push(PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "ll"})); len(out) != 0 {
		t.Fatalf("delta emitted %d", len(out))
	}
	assertMessages(t, a.Push(PartialText(StreamEventTypeStop, PartialTextOptions{Text: "o"})), AssistantText("Hello"))
}

// A start while a fragment of the same type and key is open completes the
// open one first.
func TestAggregateStartFinalisesOpen(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	a.Push(PartialThinking(StreamEventTypeStart, PartialThinkingOptions{Thinking: "first"}))
	assertMessages(t, a.Push(PartialThinking(StreamEventTypeStart, PartialThinkingOptions{Thinking: "second"})), ThinkingMessage("first"))
	assertMessages(t, a.Flush(), ThinkingMessage("second"))
}

// A delta or stop with no open fragment opens one.
func TestAggregateStopWithoutStart(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	assertMessages(t, a.Push(PartialText(StreamEventTypeStop, PartialTextOptions{Text: "alone"})), AssistantText("alone"))
	a.Push(PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "x"}))
	assertMessages(t, a.Flush(), AssistantText("x"))
}

// Fragments are keyed by type and tool_call_id: interleaved calls, and text
// beside thinking, do not mix.
func TestAggregateKeys(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	in := []Message{
		PartialToolCall(StreamEventTypeStart, "a", "c1"),
		PartialToolCall(StreamEventTypeStart, "b", "c2"),
		PartialText(StreamEventTypeStart, PartialTextOptions{Text: "t"}),
		PartialThinking(StreamEventTypeStart, PartialThinkingOptions{Thinking: "k"}),
		PartialToolCall(StreamEventTypeDelta, "", "c1", PartialToolCallOptions{Arguments: `{"x":`}),
		PartialToolCall(StreamEventTypeDelta, "", "c2", PartialToolCallOptions{Arguments: `{}`}),
		PartialToolCall(StreamEventTypeStop, "", "c1", PartialToolCallOptions{Arguments: `1}`}),
		PartialText(StreamEventTypeStop, PartialTextOptions{Text: "ext"}),
	}
	assertMessages(t, AggregateAll(in),
		ToolCall("a", `{"x":1}`, "c1"),
		AssistantText("text"),
		ToolCall("b", `{}`, "c2"),
		ThinkingMessage("k"),
	)
}

// A non-empty name overrides the stored one; an empty one does not.
func TestAggregateNameOverride(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	in := []Message{
		PartialToolCall(StreamEventTypeStart, "first", "c"),
		PartialToolCall(StreamEventTypeDelta, "second", "c", PartialToolCallOptions{Arguments: "{"}),
		PartialToolCall(StreamEventTypeStop, "", "c", PartialToolCallOptions{Arguments: "}"}),
	}
	assertMessages(t, AggregateAll(in), ToolCall("second", "{}", "c"))
}

// A non-empty images replaces the stored set; an empty one does not, and a
// fragment that never had images completes without them.
func TestAggregateImagesReplace(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	in := []Message{
		PartialToolCallOutput(StreamEventTypeStart, "c", PartialToolCallOutputOptions{Output: "a", Images: Images{"one"}}),
		PartialToolCallOutput(StreamEventTypeDelta, "c", PartialToolCallOutputOptions{Output: "b", Images: Images{"two", "three"}}),
		PartialToolCallOutput(StreamEventTypeStop, "c", PartialToolCallOutputOptions{Output: "c", Images: Images{}}),
		PartialToolCallOutput(StreamEventTypeStop, "d", PartialToolCallOutputOptions{Output: "z"}),
	}
	assertMessages(t, AggregateAll(in),
		ToolCallOutput("abc", "c", ToolCallOutputOptions{Images: Images{"two", "three"}}),
		ToolCallOutput("z", "d"))
}

// The last stop_reason seen is the complete message's; without one it is
// the builder's default, completed.
func TestAggregateStopReason(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	withReason := func(m Message, r StopReason) Message {
		m.Payload.(*PartialTextPayload).StopReason = r
		return m
	}
	in := []Message{
		withReason(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "a"}), StopReasonFailed),
		withReason(PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "b"}), ""),
		withReason(PartialText(StreamEventTypeStop, PartialTextOptions{Text: "c"}), StopReasonAborted),
		withReason(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "d"}), ""),
		withReason(PartialText(StreamEventTypeStop, PartialTextOptions{Text: "e"}), ""),
	}
	assertMessages(t, AggregateAll(in), AssistantText("abc", AssistantTextOptions{StopReason: StopReasonAborted}), AssistantText("de"))
}

// The complete message is built anew: a fresh timestamp, no origin, no
// fidelity.
func TestAggregateCompleteIsFresh(t *testing.T) {
	fixClock(t, "2020-01-01T00:00:00.000Z")
	start := WithOrigin(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "x"}), "child")
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	a.Push(start)
	got := a.Push(WithOrigin(PartialText(StreamEventTypeStop, PartialTextOptions{Text: "y"}), "child"))
	if len(got) != 1 || got[0].Origin != nil || got[0].Timestamp != "2026-07-18T03:10:22.531Z" {
		t.Fatalf("got %+v", got)
	}
	assertMessages(t, got, AssistantText("xy"))
}

// Flush completes the open fragments in the order they were opened, and
// forgets them.
func TestAggregateFlushOrder(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	a.Push(PartialToolCallOutput(StreamEventTypeStart, "z", PartialToolCallOutputOptions{Output: "o"}))
	a.Push(PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "t"}))
	a.Push(PartialToolCall(StreamEventTypeStart, "n", "a"))
	assertMessages(t, a.Flush(),
		ToolCallOutput("o", "z"),
		AssistantText("t"),
		ToolCall("n", "", "a"))
	if rest := a.Flush(); rest != nil {
		t.Errorf("second flush: %d", len(rest))
	}
}

// AggregateAll is Push for each message, then Flush; the stream's complete
// messages after each stop come out next to what the aggregator built.
func TestAggregateAllStream(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	stream := []Message{
		UserText("hi"),
		PartialText(StreamEventTypeStart),
		PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "Hel"}),
		PartialText(StreamEventTypeDelta, PartialTextOptions{Text: "lo"}),
		PartialText(StreamEventTypeStop),
		AssistantText("Hello"),
		PartialThinking(StreamEventTypeDelta, PartialThinkingOptions{Thinking: "open"}),
	}
	var a PartialAggregator
	var pushed []Message
	for _, m := range stream {
		pushed = append(pushed, a.Push(m)...)
	}
	pushed = append(pushed, a.Flush()...)
	all := AggregateAll(stream)
	assertMessages(t, all, pushed...)
	assertMessages(t, all, UserText("hi"), AssistantText("Hello"), AssistantText("Hello"), ThinkingMessage("open"))
}
