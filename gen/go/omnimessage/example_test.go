package omnimessage_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
)

// A Trace is one message per line. NewDecoder reads it line by line, however
// long a line is (base64 images); each line decodes into a Message whose
// payload is one concrete type. A malformed line is reported with its number
// and skipped, and a torn last line (a crash mid-write) is told apart.
func Example_readTrace() {
	trace := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"session_meta","payload":{"session_id":"session-1","provider":"anthropic","model_id":"claude-sonnet-4-5","model_context_window":200000,"system_prompt":"You are Penguin.","tools":[{"name":"list_dir","description":"Lists a directory."}],"agent_state":"/agents/default","workspace":"/projects/demo"}}
{"timestamp":"2026-07-18T03:10:23.002Z","type":"model_msg","payload":{"type":"text","role":"user","text":"What is in this directory?","stop_reason":"completed"}}
{"timestamp":"2026-07-18T03:10:23.010Z","type":"event_msg","payload":{"type":"request_begin"}}
{"timestamp":"2026-07-18T03:10:24.118Z","type":"model_msg","payload":{"type":"tool_call","role":"assistant","name":"list_dir","arguments":"{\"path\":\".\"}","tool_call_id":"call_1","stop_reason":"completed"}}
{"timestamp":"2026-07-18T03:10:24.120Z","type":"event_msg","payload":{"type":"request_end","status":"completed"}}
{"timestamp":"2026-07-18T03:10:24.200Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"go.mod\nmain.go","tool_call_id":"call_1","stop_reason":"completed"}}
{"timestamp":"2026-07-18T03:10:24.201Z","type":"model_msg","payload":{"type":"text","role":"user","text":42}}
{"timestamp":"2026-07-18T03:10:25.`

	dec := omnimessage.NewDecoder(strings.NewReader(trace))
	for {
		msg, err := dec.Decode()
		if err == io.EOF {
			break
		}
		if errors.Is(err, omnimessage.ErrTornLine) {
			fmt.Printf("line %d: torn, ignored\n", dec.Line())
			continue
		}
		if err != nil {
			fmt.Println(err) // line N: POINTER: message
			continue
		}
		n := dec.Line()
		switch p := msg.Payload.(type) {
		case *omnimessage.SessionMetaPayload:
			fmt.Printf("line %d: session %s on %s, %d tool(s)\n", n, p.SessionID, p.ModelID, len(p.Tools))
		case *omnimessage.TextPayload:
			fmt.Printf("line %d: %s says %q\n", n, p.Role, p.Text)
		case *omnimessage.ToolCallPayload:
			fmt.Printf("line %d: call %s %s(%s)\n", n, p.ToolCallID, p.Name, p.Arguments)
		case *omnimessage.ToolCallOutputPayload:
			fmt.Printf("line %d: output of %s: %q\n", n, p.ToolCallID, p.Output)
		case *omnimessage.RequestEndPayload:
			fmt.Printf("line %d: request %s\n", n, p.Status)
		default:
			fmt.Printf("line %d: %s %T\n", n, msg.Type(), p)
		}
	}
	// Output:
	// line 1: session session-1 on claude-sonnet-4-5, 1 tool(s)
	// line 2: user says "What is in this directory?"
	// line 3: event_msg *omnimessage.RequestBeginPayload
	// line 4: call call_1 list_dir({"path":"."})
	// line 5: request completed
	// line 6: output of call_1: "go.mod\nmain.go"
	// line 7: /payload/text: must be string, got number
	// line 8: torn, ignored
}

// A turn is built with the builders and written with Marshal, one line each,
// exactly as the reference writes it.
func Example_buildTurn() {
	// Fix the clock, as a test would.
	omnimessage.Now = func() time.Time { return time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC) }
	defer func() { omnimessage.Now = time.Now }()

	session := omnimessage.EmptyTokenCounts()
	request := omnimessage.TokenCounts{CacheRead: 1200, CacheWrite: 300, Output: 42, Total: 1542}
	session = omnimessage.AddTokenCounts(session, request)

	turn := []omnimessage.Message{
		omnimessage.UserText("List the files <here> & now"),
		omnimessage.RequestBegin(),
		omnimessage.ThinkingMessage("The user wants a listing.", omnimessage.ThinkingMessageOptions{Fidelity: omnimessage.Fidelity(`{"signature":"EqQB"}`)}),
		omnimessage.ToolCall("bash", `{"command":"ls"}`, "call_1"),
		omnimessage.RequestEnd(omnimessage.StopReasonCompleted),
		omnimessage.TokenUsage(session, request),
		omnimessage.ApprovalDecisionMessage(omnimessage.ApprovalDecisionAllow, "call_1"),
		omnimessage.ToolCallOutput("go.mod\nmain.go", "call_1"),
		omnimessage.AbortEvent(),
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, msg := range turn {
		line, err := omnimessage.Marshal(msg)
		if err != nil {
			panic(err)
		}
		w.Write(line)
		w.WriteByte('\n')
	}
	// Output:
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"List the files <here> & now","stop_reason":"completed"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"The user wants a listing.","stop_reason":"completed","fidelity":{"signature":"EqQB"}}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"tool_call","role":"assistant","name":"bash","arguments":"{\"command\":\"ls\"}","tool_call_id":"call_1","stop_reason":"completed"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_end","status":"completed"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"token_usage","session":{"cache_read":1200,"cache_write":300,"output":42,"total":1542},"request":{"cache_read":1200,"cache_write":300,"output":42,"total":1542}}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"approval_decision","decision":"allow","tool_call_id":"call_1"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"go.mod\nmain.go","tool_call_id":"call_1","stop_reason":"completed"}}
	// {"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"abort","reason":null}}
}

// Streamed partials fold into the complete messages they stand for.
func ExamplePartialAggregator() {
	omnimessage.Now = func() time.Time { return time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC) }
	defer func() { omnimessage.Now = time.Now }()

	var agg omnimessage.PartialAggregator
	stream := []omnimessage.Message{
		omnimessage.PartialText(omnimessage.StreamEventTypeStart),
		omnimessage.PartialText(omnimessage.StreamEventTypeDelta, omnimessage.PartialTextOptions{Text: "Hello, "}),
		omnimessage.PartialText(omnimessage.StreamEventTypeStop, omnimessage.PartialTextOptions{Text: "world"}),
	}
	for _, m := range stream {
		for _, done := range agg.Push(m) {
			fmt.Println(done.Payload.(*omnimessage.TextPayload).Text)
		}
	}
	// Output: Hello, world
}
