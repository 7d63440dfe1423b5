package main

import (
	"bytes"
	"encoding/json"
)

// The payload structs list their fields in the order the reference builders
// write them (see reference-behavior.md), so a line looks like what
// JSON.stringify of a builder's result produces.

type envelope struct {
	Timestamp string   `json:"timestamp"`
	Type      string   `json:"type"`
	Payload   any      `json:"payload"`
	Origin    []string `json:"origin,omitempty"`
}

type toolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

type sessionMetaPayload struct {
	SessionID          string    `json:"session_id"`
	Provider           string    `json:"provider"`
	ModelID            string    `json:"model_id"`
	ModelContextWindow any       `json:"model_context_window"`
	SystemPrompt       string    `json:"system_prompt"`
	Tools              []toolDef `json:"tools"`
	AgentState         string    `json:"agent_state"`
	Workspace          string    `json:"workspace"`
	Source             string    `json:"source,omitempty"`
}

type textPayload struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Text       string          `json:"text"`
	StopReason string          `json:"stop_reason"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type thinkingPayload struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Thinking   string          `json:"thinking"`
	StopReason string          `json:"stop_reason"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type toolCallPayload struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Name       string          `json:"name"`
	Arguments  string          `json:"arguments"`
	ToolCallID string          `json:"tool_call_id"`
	StopReason string          `json:"stop_reason"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type toolCallOutputPayload struct {
	Type       string   `json:"type"`
	Role       string   `json:"role"`
	Output     string   `json:"output"`
	Images     []string `json:"images,omitempty"`
	ToolCallID string   `json:"tool_call_id"`
	StopReason string   `json:"stop_reason"`
}

type imageURLPayload struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	ImageURL   string `json:"image_url"`
	StopReason string `json:"stop_reason"`
}

type inlineDataPayload struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	Data       string `json:"data"`
	MimeType   string `json:"mime_type"`
	StopReason string `json:"stop_reason"`
}

type partialTextPayload struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Text       string `json:"text"`
	StopReason string `json:"stop_reason"`
}

type partialThinkingPayload struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Thinking   string `json:"thinking"`
	StopReason string `json:"stop_reason"`
}

type partialToolCallPayload struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Name       string `json:"name"`
	Arguments  string `json:"arguments"`
	ToolCallID string `json:"tool_call_id"`
	StopReason string `json:"stop_reason"`
}

type partialToolCallOutputPayload struct {
	Type       string   `json:"type"`
	Role       string   `json:"role"`
	EventType  string   `json:"event_type"`
	Output     string   `json:"output"`
	Images     []string `json:"images,omitempty"`
	ToolCallID string   `json:"tool_call_id"`
	StopReason string   `json:"stop_reason"`
}

type requestBeginPayload struct {
	Type string `json:"type"`
}

type requestEndPayload struct {
	Type    string `json:"type"`
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

type approvalDecisionPayload struct {
	Type       string `json:"type"`
	Decision   string `json:"decision"`
	ToolCallID string `json:"tool_call_id"`
}

type tokenCounts struct {
	CacheRead  int64 `json:"cache_read"`
	CacheWrite int64 `json:"cache_write"`
	Output     int64 `json:"output"`
	Total      int64 `json:"total"`
}

type tokenUsagePayload struct {
	Type    string      `json:"type"`
	Session tokenCounts `json:"session"`
	Request tokenCounts `json:"request"`
}

type compactionBeginPayload struct {
	Type    string `json:"type"`
	Reason  string `json:"reason"`
	Mode    string `json:"mode"`
	Context int64  `json:"context"`
	Turns   int    `json:"turns"`
}

type compactionEndPayload struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Mode   string `json:"mode"`
	Status string `json:"status"`
}

type abortPayload struct {
	Type   string  `json:"type"`
	Reason *string `json:"reason"`
}

type subagentPayload struct {
	Type      string `json:"type"`
	SessionID string `json:"session_id"`
}

// file collects the lines of one JSONL file.
type file struct {
	name  string
	buf   bytes.Buffer
	enc   *json.Encoder
	lines int
}

func newFile(name string) *file {
	f := &file{name: name}
	f.enc = json.NewEncoder(&f.buf)
	f.enc.SetEscapeHTML(false) // JSON.stringify does not escape <, >, &
	return f
}

// write appends one message as one line and returns the line's length
// (newline included).
func (f *file) write(m envelope) int {
	before := f.buf.Len()
	if err := f.enc.Encode(m); err != nil {
		panic(err) // only our own structs are encoded
	}
	f.lines++
	return f.buf.Len() - before
}
