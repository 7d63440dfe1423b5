package omnimessage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// call is one entry of testdata/builders/calls.json (see its README.md).
type call struct {
	Name      string            `json:"name"`
	Builder   string            `json:"builder"`
	Args      []json.RawMessage `json:"args"`
	Timestamp string            `json:"timestamp"`
}

// fixClock stops Now at ts for the rest of the test.
func fixClock(t testing.TB, ts string) {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		t.Fatal(err)
	}
	prev := Now
	Now = func() time.Time { return at }
	t.Cleanup(func() { Now = prev })
}

// Every call of testdata/builders/calls.json, made with the Go builders,
// writes exactly the bytes of the same line of calls.jsonl, which the
// TypeScript builders are held to as well.
func TestBuilderCalls(t *testing.T) {
	dir := filepath.Join(testdata, "builders")
	data, err := os.ReadFile(filepath.Join(dir, "calls.json"))
	if err != nil {
		t.Fatal(err)
	}
	var calls []call
	if err := json.Unmarshal(data, &calls); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(want, []byte("\n")), []byte("\n"))
	if len(lines) != len(calls) {
		t.Fatalf("%d calls, %d expected lines", len(calls), len(lines))
	}
	seen := map[string]bool{}
	for i, c := range calls {
		seen[c.Builder] = true
		fixClock(t, c.Timestamp)
		v, err := eval(c.Builder, c.Args)
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		msg, ok := v.(Message)
		if !ok {
			t.Errorf("%s: %s returned %T, not a message", c.Name, c.Builder, v)
			continue
		}
		got, err := Marshal(msg)
		if err != nil {
			t.Errorf("%s: Marshal: %v", c.Name, err)
			continue
		}
		if !bytes.Equal(got, lines[i]) {
			t.Errorf("%s:\n got %s\nwant %s", c.Name, got, lines[i])
		}
	}
	for _, b := range []string{"sessionMeta", "textMessage", "userText", "assistantText", "imageUrlMessage", "inlineData",
		"thinkingMessage", "inlineThinking", "toolCall", "toolCallOutput", "partialText", "partialThinking", "partialToolCall",
		"partialToolCallOutput", "approvalDecision", "abortEvent", "requestBegin", "requestEnd", "compactionBegin",
		"compactionEnd", "goalFinished", "subagentEvent", "tokenUsage", "withOrigin"} {
		if !seen[b] {
			t.Errorf("calls.json never calls %s", b)
		}
	}
}

// eval makes one call with the Go builders, as calls.json's README says:
// positional args in order, object-style args by the reference's names,
// trailing or missing ones not given, {"$call": …} a nested call.
func eval(builder string, args []json.RawMessage) (any, error) {
	arg := func(i int) json.RawMessage {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	str := func(i int) string {
		var s string
		if a := arg(i); a != nil {
			mustUnmarshal(a, &s)
		}
		return s
	}
	strPtr := func(i int) *string {
		a := arg(i)
		if a == nil || string(a) == "null" {
			return nil
		}
		s := str(i)
		return &s
	}
	intPtr := func(i int) *int64 {
		a := arg(i)
		if a == nil {
			return nil
		}
		var n int64
		mustUnmarshal(a, &n)
		return &n
	}
	count := func(i int) Count {
		var n Count
		mustUnmarshal(arg(i), &n)
		return n
	}
	fidelity := func(raw json.RawMessage) Fidelity {
		if raw == nil {
			return nil
		}
		return Fidelity(raw)
	}
	obj := func() map[string]json.RawMessage {
		var m map[string]json.RawMessage
		mustUnmarshal(arg(0), &m)
		return m
	}
	field := func(m map[string]json.RawMessage, k string) string {
		var s string
		if v, ok := m[k]; ok {
			mustUnmarshal(v, &s)
		}
		return s
	}
	images := func(m map[string]json.RawMessage) Images {
		var im Images
		if v, ok := m["images"]; ok {
			mustUnmarshal(v, &im)
		}
		return im
	}
	counts := func(i int) (TokenCounts, error) {
		v, err := argValue(arg(i))
		if err != nil {
			return TokenCounts{}, err
		}
		switch c := v.(type) {
		case TokenCounts:
			return c, nil
		case json.RawMessage:
			var tc struct {
				CacheRead  Count `json:"cache_read"`
				CacheWrite Count `json:"cache_write"`
				Output     Count `json:"output"`
				Total      Count `json:"total"`
			}
			mustUnmarshal(c, &tc)
			return TokenCounts{CacheRead: tc.CacheRead, CacheWrite: tc.CacheWrite, Output: tc.Output, Total: tc.Total}, nil
		}
		return TokenCounts{}, fmt.Errorf("not token counts: %T", v)
	}
	switch builder {
	case "sessionMeta":
		// The payload, given whole, is read by Unmarshal inside an envelope.
		m, err := Unmarshal([]byte(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"session_meta","payload":` + string(arg(0)) + `}`))
		if err != nil {
			return nil, err
		}
		return SessionMeta(*m.Payload.(*SessionMetaPayload)), nil
	case "textMessage":
		return TextMessage(Role(str(0)), str(1), TextMessageOptions{StopReason: StopReason(str(2)), Fidelity: fidelity(arg(3))}), nil
	case "userText":
		return UserText(str(0)), nil
	case "assistantText":
		return AssistantText(str(0), AssistantTextOptions{StopReason: StopReason(str(1)), Fidelity: fidelity(arg(2))}), nil
	case "imageUrlMessage":
		return ImageURLMessage(str(0)), nil
	case "inlineData":
		return InlineData(Role(str(0)), str(1), str(2), InlineDataOptions{Fidelity: fidelity(arg(3))}), nil
	case "thinkingMessage":
		return ThinkingMessage(str(0), ThinkingMessageOptions{StopReason: StopReason(str(1)), Fidelity: fidelity(arg(2))}), nil
	case "inlineThinking":
		return InlineThinking(str(0), str(1), InlineThinkingOptions{Fidelity: fidelity(arg(2))}), nil
	case "toolCall":
		m := obj()
		return ToolCall(field(m, "name"), field(m, "arguments"), field(m, "toolCallId"), ToolCallOptions{StopReason: StopReason(field(m, "stopReason")), Fidelity: fidelity(m["fidelity"])}), nil
	case "toolCallOutput":
		m := obj()
		return ToolCallOutput(field(m, "output"), field(m, "toolCallId"), ToolCallOutputOptions{Images: images(m), StopReason: StopReason(field(m, "stopReason"))}), nil
	case "partialText":
		return PartialText(StreamEventType(str(0)), PartialTextOptions{Text: str(1), StopReason: StopReason(str(2))}), nil
	case "partialThinking":
		return PartialThinking(StreamEventType(str(0)), PartialThinkingOptions{Thinking: str(1), StopReason: StopReason(str(2))}), nil
	case "partialToolCall":
		m := obj()
		return PartialToolCall(StreamEventType(field(m, "eventType")), field(m, "name"), field(m, "toolCallId"), PartialToolCallOptions{Arguments: field(m, "arguments"), StopReason: StopReason(field(m, "stopReason"))}), nil
	case "partialToolCallOutput":
		m := obj()
		return PartialToolCallOutput(StreamEventType(field(m, "eventType")), field(m, "toolCallId"), PartialToolCallOutputOptions{Output: field(m, "output"), Images: images(m), StopReason: StopReason(field(m, "stopReason"))}), nil
	case "approvalDecision":
		return ApprovalDecisionMessage(ApprovalDecision(str(0)), str(1)), nil
	case "abortEvent":
		return AbortEvent(AbortEventOptions{Reason: strPtr(0)}), nil
	case "requestBegin":
		return RequestBegin(), nil
	case "requestEnd":
		return RequestEnd(StopReason(str(0)), RequestEndOptions{Message: strPtr(1), RetryInMs: intPtr(2)}), nil
	case "goalFinished":
		return GoalFinished(GoalOutcomeStatus(str(0)), count(1), count(2)), nil
	case "compactionBegin":
		var a struct {
			Reason  CompactionReason `json:"reason"`
			Mode    CompactionMode   `json:"mode"`
			Context Count            `json:"context"`
			Turns   Count            `json:"turns"`
		}
		mustUnmarshal(arg(0), &a)
		return CompactionBegin(a.Reason, a.Mode, a.Context, a.Turns), nil
	case "compactionEnd":
		m := obj()
		return CompactionEnd(CompactionReason(field(m, "reason")), CompactionMode(field(m, "mode")), StopReason(field(m, "status"))), nil
	case "subagentEvent":
		return SubagentEvent(str(0)), nil
	case "tokenUsage":
		s, err := counts(0)
		if err != nil {
			return nil, err
		}
		r, err := counts(1)
		if err != nil {
			return nil, err
		}
		return TokenUsage(s, r), nil
	case "emptyTokenCounts":
		return EmptyTokenCounts(), nil
	case "addTokenCounts":
		a, err := counts(0)
		if err != nil {
			return nil, err
		}
		b, err := counts(1)
		if err != nil {
			return nil, err
		}
		return AddTokenCounts(a, b), nil
	case "withOrigin":
		v, err := argValue(arg(0))
		if err != nil {
			return nil, err
		}
		m, ok := v.(Message)
		if !ok {
			return nil, fmt.Errorf("withOrigin of %T", v)
		}
		return WithOrigin(m, str(1)), nil
	}
	return nil, fmt.Errorf("unknown builder %q", builder)
}

// argValue is an argument: the result of a nested {"$call": …}, or the JSON.
func argValue(raw json.RawMessage) (any, error) {
	var nested struct {
		Call *struct {
			Builder string            `json:"builder"`
			Args    []json.RawMessage `json:"args"`
		} `json:"$call"`
	}
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		if err := json.Unmarshal(raw, &nested); err == nil && nested.Call != nil {
			return eval(nested.Call.Builder, nested.Call.Args)
		}
	}
	return raw, nil
}

func mustUnmarshal(data []byte, v any) {
	if err := json.Unmarshal(data, v); err != nil {
		panic(fmt.Sprintf("%s: %v", data, err))
	}
}

// Each builder's defaults and elisions, on their own: the output is
// compared with the bytes the reference writes.
func TestBuilderDefaults(t *testing.T) {
	fixClock(t, "2026-07-18T03:10:22.531Z")
	const ts = `{"timestamp":"2026-07-18T03:10:22.531Z",`
	empty := ""
	cases := []struct {
		name string
		msg  Message
		want string
	}{
		{"userText", UserText("hi"), ts + `"type":"model_msg","payload":{"type":"text","role":"user","text":"hi","stop_reason":"completed"}}`},
		{"assistantText defaults", AssistantText("a"), ts + `"type":"model_msg","payload":{"type":"text","role":"assistant","text":"a","stop_reason":"completed"}}`},
		{"assistantText empty fidelity elided", AssistantText("a", AssistantTextOptions{StopReason: StopReasonFailed, Fidelity: Fidelity(`{}`)}), ts + `"type":"model_msg","payload":{"type":"text","role":"assistant","text":"a","stop_reason":"failed"}}`},
		{"textMessage fidelity kept", TextMessage(RoleUser, "t", TextMessageOptions{Fidelity: Fidelity(`{"phase":"x"}`)}), ts + `"type":"model_msg","payload":{"type":"text","role":"user","text":"t","stop_reason":"completed","fidelity":{"phase":"x"}}}`},
		{"thinkingMessage", ThinkingMessage("", ThinkingMessageOptions{Fidelity: Fidelity(`{"signature":"s"}`)}), ts + `"type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","stop_reason":"completed","fidelity":{"signature":"s"}}}`},
		{"inlineThinking", InlineThinking("AQ==", "a/b"), ts + `"type":"model_msg","payload":{"type":"inline_thinking","role":"assistant","data":"AQ==","mime_type":"a/b","stop_reason":"completed"}}`},
		{"imageUrlMessage", ImageURLMessage("u"), ts + `"type":"model_msg","payload":{"type":"image_url","role":"user","image_url":"u","stop_reason":"completed"}}`},
		{"inlineData", InlineData(RoleAssistant, "d", "m"), ts + `"type":"model_msg","payload":{"type":"inline_data","role":"assistant","data":"d","mime_type":"m","stop_reason":"completed"}}`},
		{"toolCall", ToolCall("n", "{}", "c"), ts + `"type":"model_msg","payload":{"type":"tool_call","role":"assistant","name":"n","arguments":"{}","tool_call_id":"c","stop_reason":"completed"}}`},
		{"toolCallOutput no images", ToolCallOutput("o", "c", ToolCallOutputOptions{Images: Images{}}), ts + `"type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"o","tool_call_id":"c","stop_reason":"completed"}}`},
		{"toolCallOutput images", ToolCallOutput("o", "c", ToolCallOutputOptions{Images: Images{"i"}, StopReason: StopReasonFailed}), ts + `"type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"o","images":["i"],"tool_call_id":"c","stop_reason":"failed"}}`},
		{"partialText", PartialText(StreamEventTypeStart), ts + `"type":"model_msg","payload":{"type":"partial_text","role":"assistant","event_type":"start","text":"","stop_reason":"completed"}}`},
		{"partialThinking", PartialThinking(StreamEventTypeStop, PartialThinkingOptions{Thinking: "x", StopReason: StopReasonTimeout}), ts + `"type":"model_msg","payload":{"type":"partial_thinking","role":"assistant","event_type":"stop","thinking":"x","stop_reason":"timeout"}}`},
		{"partialToolCall", PartialToolCall(StreamEventTypeDelta, "", "c"), ts + `"type":"model_msg","payload":{"type":"partial_tool_call","role":"assistant","event_type":"delta","name":"","arguments":"","tool_call_id":"c","stop_reason":"completed"}}`},
		{"partialToolCallOutput", PartialToolCallOutput(StreamEventTypeStart, "c"), ts + `"type":"model_msg","payload":{"type":"partial_tool_call_output","role":"user","event_type":"start","output":"","tool_call_id":"c","stop_reason":"completed"}}`},
		{"approvalDecision", ApprovalDecisionMessage(ApprovalDecisionDeny, "c"), ts + `"type":"event_msg","payload":{"type":"approval_decision","decision":"deny","tool_call_id":"c"}}`},
		{"abortEvent null", AbortEvent(), ts + `"type":"event_msg","payload":{"type":"abort","reason":null}}`},
		{"abortEvent empty", AbortEvent(AbortEventOptions{Reason: &empty}), ts + `"type":"event_msg","payload":{"type":"abort","reason":""}}`},
		{"requestBegin", RequestBegin(), ts + `"type":"event_msg","payload":{"type":"request_begin"}}`},
		{"requestEnd without message", RequestEnd(StopReasonCompleted), ts + `"type":"event_msg","payload":{"type":"request_end","status":"completed"}}`},
		{"requestEnd empty message", RequestEnd(StopReasonAuth, RequestEndOptions{Message: &empty}), ts + `"type":"event_msg","payload":{"type":"request_end","status":"auth","message":""}}`},
		{"compactionBegin", CompactionBegin(CompactionReasonTurns, CompactionModeDiscard, 1, 2), ts + `"type":"event_msg","payload":{"type":"compaction_begin","reason":"turns","mode":"discard","context":1,"turns":2}}`},
		{"compactionEnd", CompactionEnd(CompactionReasonManual, CompactionModeSummarize, StopReasonAborted), ts + `"type":"event_msg","payload":{"type":"compaction_end","reason":"manual","mode":"summarize","status":"aborted"}}`},
		{"subagentEvent", SubagentEvent("s"), ts + `"type":"event_msg","payload":{"type":"subagent","session_id":"s"}}`},
		{"tokenUsage", TokenUsage(EmptyTokenCounts(), AddTokenCounts(TokenCounts{CacheRead: 1, CacheWrite: 2, Output: 3, Total: 6}, TokenCounts{CacheRead: 1, CacheWrite: 1, Output: 1, Total: 3})), ts + `"type":"event_msg","payload":{"type":"token_usage","session":{"cache_read":0,"cache_write":0,"output":0,"total":0},"request":{"cache_read":2,"cache_write":3,"output":4,"total":9}}}`},
		{"withOrigin twice", WithOrigin(WithOrigin(RequestBegin(), "inner"), "outer"), ts + `"type":"event_msg","payload":{"type":"request_begin"},"origin":["outer","inner"]}`},
	}
	for _, c := range cases {
		got, err := Marshal(c.msg)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// The clock is UTC with milliseconds, whatever the zone of Now.
func TestBuilderClock(t *testing.T) {
	prev := Now
	defer func() { Now = prev }()
	Now = func() time.Time { return time.Date(2026, 1, 2, 5, 4, 5, 6e6+999, time.FixedZone("X", 2*3600)) }
	if got := UserText("x").Timestamp; got != "2026-01-02T03:04:05.006Z" {
		t.Errorf("timestamp %s", got)
	}
}

// WithOrigin copies the message: the original keeps its origin.
func TestWithOriginCopies(t *testing.T) {
	a := WithOrigin(UserText("x"), "one")
	b := WithOrigin(a, "two")
	if len(a.Origin) != 1 || a.Origin[0] != "one" || len(b.Origin) != 2 || b.Origin[0] != "two" || b.Origin[1] != "one" {
		t.Errorf("a %v, b %v", a.Origin, b.Origin)
	}
}

// Marshal finds the pointer of what it cannot write on a second pass (the
// first keeps no path); the pointer is that of the first bad value, and an
// encoder reused after a failure writes the next value as it should.
func TestMarshalErrorPointer(t *testing.T) {
	bad := TextMessage(RoleUser, "ok")
	bad.Payload.(*TextPayload).Text = "a\xffb"
	cases := map[string]Message{
		"/payload/text": bad,
		"/origin/1":     WithOrigin(WithOrigin(RequestBegin(), "s\xff"), "outer"),
		"/timestamp":    {Timestamp: "yesterday", Payload: &RequestBeginPayload{}},
		"/payload/role": TextMessage("nobody", "hi"),
	}
	for want, m := range cases {
		_, err := Marshal(m)
		var e *Error
		if !errors.As(err, &e) || e.Pointer != want {
			t.Errorf("Marshal: got %v, want an error at %s", err, want)
		}
		if got, err := Marshal(RequestBegin()); err != nil || !strings.Contains(string(got), `"payload":{"type":"request_begin"}`) {
			t.Errorf("Marshal after a failure: %s %v", got, err)
		}
	}
}
