package omnimessage

// The Go twin of gen/ts/test/reference-api.test.ts for what the reference
// module gained or does differently from what the spec first said: the
// goal_finished event and request_end's retry_in_ms, the exported names, the
// way isCompleteModelMessage is written, and the flush order of a restarted
// fragment.

import (
	"testing"
)

func TestReferenceGoalFinishedAndRetry(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	const ts = `{"timestamp":"2026-07-18T03:10:22.531Z",`
	retry, zero, msg := int64(2000), int64(0), "no response"
	for _, c := range []struct {
		msg  Message
		want string
	}{
		{GoalFinished(GoalOutcomeStatusBudgetLimited, 12, 48210), ts + `"type":"event_msg","payload":{"type":"goal_finished","outcome":"budget_limited","rounds":12,"tokens_used":48210}}`},
		{RequestEnd(StopReasonTimeout, RequestEndOptions{Message: &msg, RetryInMs: &retry}), ts + `"type":"event_msg","payload":{"type":"request_end","status":"timeout","message":"no response","retry_in_ms":2000}}`},
		{RequestEnd(StopReasonMalformed, RequestEndOptions{RetryInMs: &zero}), ts + `"type":"event_msg","payload":{"type":"request_end","status":"malformed","retry_in_ms":0}}`},
		// Options passed one by one add up; a later one overrides only
		// what it gives.
		{RequestEnd(StopReasonTimeout, RequestEndOptions{Message: &msg}, RequestEndOptions{RetryInMs: &retry}), ts + `"type":"event_msg","payload":{"type":"request_end","status":"timeout","message":"no response","retry_in_ms":2000}}`},
	} {
		got, err := Marshal(c.msg)
		if err != nil || string(got) != c.want {
			t.Errorf("got %s (%v)\nwant %s", got, err, c.want)
		}
		back, err := Unmarshal([]byte(c.want))
		if err != nil {
			t.Errorf("%s: %v", c.want, err)
		} else if again, _ := Marshal(back); string(again) != c.want {
			t.Errorf("round trip of %s gave %s", c.want, again)
		}
	}
	if !IsEventMessage(GoalFinished(GoalOutcomeStatusComplete, 0, 0)) {
		t.Error("goal_finished is not an event")
	}
	var outcomes []GoalOutcomeStatus
	for _, o := range []GoalOutcomeStatus{GoalOutcomeStatusComplete, GoalOutcomeStatusBlocked, GoalOutcomeStatusBudgetLimited, GoalOutcomeStatusAborted, "achieved"} {
		if o.Valid() {
			outcomes = append(outcomes, o)
		}
	}
	if len(outcomes) != 4 {
		t.Errorf("valid outcomes %v", outcomes)
	}
}

// The names the reference exports have their Go counterparts: the message
// type (MessageType in Go, where Message is the envelope), one origin hop,
// the goal outcome.
func TestReferenceExportedNames(t *testing.T) {
	var hop MessageOrigin = "session-1"
	m := WithOrigin(UserText("x"), string(hop))
	if len(m.Origin) != 1 || m.Origin[0] != hop {
		t.Errorf("origin %v", m.Origin)
	}
	kinds := map[MessageType]bool{}
	for _, msg := range []Message{SessionMeta(SessionMetaPayload{}), UserText("x"), GoalFinished(GoalOutcomeStatusAborted, 1, 1)} {
		kinds[msg.Type()] = true
	}
	if len(kinds) != 3 || !kinds[MessageTypeSessionMeta] || !kinds[MessageTypeModelMsg] || !kinds[MessageTypeEventMsg] {
		t.Errorf("kinds %v", kinds)
	}
}

// IsCompleteModelMessage is written as the reference writes it: the kind,
// and not a partial. In Go the kind follows from the payload, so a message
// with no payload has no kind and is not complete.
func TestReferenceIsCompleteModelMessage(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	msgs := []Message{
		{},
		SessionMeta(SessionMetaPayload{}),
		UserText("x"),
		ImageURLMessage("u"),
		PartialText(StreamEventTypeDelta),
		PartialToolCallOutput(StreamEventTypeStop, "c"),
		RequestBegin(),
		GoalFinished(GoalOutcomeStatusComplete, 1, 2),
		{Payload: &ToolCallPayload{}},
		{Payload: &PartialThinkingPayload{}},
	}
	complete := 0
	for i, m := range msgs {
		want := IsModelMessage(m) && !IsPartialPayload(m.Payload)
		if got := IsCompleteModelMessage(m); got != want {
			t.Errorf("message %d (%T): IsCompleteModelMessage %v, want %v", i, m.Payload, got, want)
		}
		if want {
			complete++
		}
	}
	if complete != 3 {
		t.Errorf("%d complete model messages, want 3", complete)
	}
}

// A start on an open fragment completes it, and the new fragment keeps the
// key's place in the flush order (the reference's Map keeps a key's
// position when it is set again).
func TestReferenceRestartKeepsPlace(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	var a PartialAggregator
	if out := a.Push(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "a"})); len(out) != 0 {
		t.Fatalf("start emitted %d", len(out))
	}
	a.Push(PartialThinking(StreamEventTypeStart, PartialThinkingOptions{Thinking: "t"}))
	assertMessages(t, a.Push(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "b"})), AssistantText("a"))
	assertMessages(t, a.Flush(), AssistantText("b"), ThinkingMessage("t"))

	// A key that stopped is gone: starting it again puts it last.
	a.Push(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "x"}))
	a.Push(PartialThinking(StreamEventTypeStart, PartialThinkingOptions{Thinking: "y"}))
	a.Push(PartialText(StreamEventTypeStop))
	a.Push(PartialText(StreamEventTypeStart, PartialTextOptions{Text: "z"}))
	assertMessages(t, a.Flush(), ThinkingMessage("y"), AssistantText("z"))
}
