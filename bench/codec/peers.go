package main

import (
	"encoding/json"
	"fmt"
)

// The structs a person would write by hand for the OmniMessage protocol, to
// read and write it with a reflection-driven JSON library (sonic, go-json):
// one struct per payload with json tags in schema order, optional fields
// omitempty, free-form JSON as json.RawMessage. Nothing is validated.

// message is the envelope as encoded: Payload holds a pointer to one of
// the payload structs.
type message struct {
	Timestamp string   `json:"timestamp"`
	Type      string   `json:"type"`
	Payload   any      `json:"payload"`
	Origin    []string `json:"origin,omitempty"`
}

// envelope is the envelope as first decoded: the payload is kept as JSON
// until its type is known.
type envelope struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
	Origin    []string        `json:"origin,omitempty"`
}

// payloadType is read from a payload first, to choose its struct.
type payloadType struct {
	Type string `json:"type"`
}

type sessionMeta struct {
	SessionID          string           `json:"session_id"`
	Provider           string           `json:"provider"`
	ModelID            string           `json:"model_id"`
	ModelContextWindow any              `json:"model_context_window"`
	SystemPrompt       string           `json:"system_prompt"`
	Tools              []toolDefinition `json:"tools"`
	AgentState         string           `json:"agent_state"`
	Workspace          string           `json:"workspace"`
	Source             string           `json:"source,omitempty"`
	ThinkingLevel      json.RawMessage  `json:"thinking_level,omitempty"`
}

type toolDefinition struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

type text struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Text       string          `json:"text"`
	StopReason string          `json:"stop_reason,omitempty"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type thinking struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Thinking   string          `json:"thinking"`
	StopReason string          `json:"stop_reason,omitempty"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type inlineThinking struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Data       string          `json:"data"`
	MIMEType   string          `json:"mime_type"`
	StopReason string          `json:"stop_reason,omitempty"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type toolCall struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"`
	Name       string          `json:"name"`
	Arguments  string          `json:"arguments"`
	ToolCallID string          `json:"tool_call_id"`
	StopReason string          `json:"stop_reason,omitempty"`
	Fidelity   json.RawMessage `json:"fidelity,omitempty"`
}

type toolCallOutput struct {
	Type       string   `json:"type"`
	Role       string   `json:"role"`
	Output     string   `json:"output"`
	Images     []string `json:"images,omitempty"`
	ToolCallID string   `json:"tool_call_id"`
	StopReason string   `json:"stop_reason,omitempty"`
}

type imageURL struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	ImageURL   string `json:"image_url"`
	StopReason string `json:"stop_reason,omitempty"`
}

// inlineData has the properties of inlineThinking, with a role that varies.
type inlineData = inlineThinking

type partialText struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Text       string `json:"text"`
	StopReason string `json:"stop_reason,omitempty"`
}

type partialThinking struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Thinking   string `json:"thinking"`
	StopReason string `json:"stop_reason,omitempty"`
}

type partialToolCall struct {
	Type       string `json:"type"`
	Role       string `json:"role"`
	EventType  string `json:"event_type"`
	Name       string `json:"name"`
	Arguments  string `json:"arguments"`
	ToolCallID string `json:"tool_call_id"`
	StopReason string `json:"stop_reason,omitempty"`
}

type partialToolCallOutput struct {
	Type       string   `json:"type"`
	Role       string   `json:"role"`
	EventType  string   `json:"event_type"`
	Output     string   `json:"output"`
	Images     []string `json:"images,omitempty"`
	ToolCallID string   `json:"tool_call_id"`
	StopReason string   `json:"stop_reason,omitempty"`
}

type requestBegin struct {
	Type string `json:"type"`
}

type requestEnd struct {
	Type      string  `json:"type"`
	Status    string  `json:"status"`
	Message   *string `json:"message,omitempty"`
	RetryInMs *int64  `json:"retry_in_ms,omitempty"`
}

type approvalDecision struct {
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

type tokenUsage struct {
	Type    string      `json:"type"`
	Session tokenCounts `json:"session"`
	Request tokenCounts `json:"request"`
}

type compactionBegin struct {
	Type    string `json:"type"`
	Reason  string `json:"reason"`
	Mode    string `json:"mode"`
	Context int64  `json:"context"`
	Turns   int64  `json:"turns"`
}

type compactionEnd struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Mode   string `json:"mode"`
	Status string `json:"status"`
}

type abort struct {
	Type   string  `json:"type"`
	Reason *string `json:"reason"`
}

type goalFinished struct {
	Type       string `json:"type"`
	Outcome    string `json:"outcome"`
	Rounds     int64  `json:"rounds"`
	TokensUsed int64  `json:"tokens_used"`
}

type subagent struct {
	Type      string `json:"type"`
	SessionID string `json:"session_id"`
}

// newPayload returns a pointer to the struct of a payload of message type
// kind and payload type typ.
func newPayload(kind, typ string) (any, error) {
	if kind == "session_meta" {
		return new(sessionMeta), nil
	}
	switch typ {
	case "text":
		return new(text), nil
	case "thinking":
		return new(thinking), nil
	case "inline_thinking":
		return new(inlineThinking), nil
	case "tool_call":
		return new(toolCall), nil
	case "tool_call_output":
		return new(toolCallOutput), nil
	case "image_url":
		return new(imageURL), nil
	case "inline_data":
		return new(inlineData), nil
	case "partial_text":
		return new(partialText), nil
	case "partial_thinking":
		return new(partialThinking), nil
	case "partial_tool_call":
		return new(partialToolCall), nil
	case "partial_tool_call_output":
		return new(partialToolCallOutput), nil
	case "request_begin":
		return new(requestBegin), nil
	case "request_end":
		return new(requestEnd), nil
	case "approval_decision":
		return new(approvalDecision), nil
	case "token_usage":
		return new(tokenUsage), nil
	case "compaction_begin":
		return new(compactionBegin), nil
	case "compaction_end":
		return new(compactionEnd), nil
	case "abort":
		return new(abort), nil
	case "goal_finished":
		return new(goalFinished), nil
	case "subagent":
		return new(subagent), nil
	}
	return nil, fmt.Errorf("unknown payload type %q", typ)
}

// peer is a JSON library as a person would use it on the protocol.
type peer struct {
	name      string
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

// decode reads a line as the hand-written code would: the envelope with its
// payload as JSON, then the payload's type, then the payload into its struct.
func (p peer) decode(line []byte) (message, error) {
	var env envelope
	if err := p.unmarshal(line, &env); err != nil {
		return message{}, err
	}
	var pt payloadType
	if env.Type != "session_meta" {
		if err := p.unmarshal(env.Payload, &pt); err != nil {
			return message{}, err
		}
	}
	payload, err := newPayload(env.Type, pt.Type)
	if err != nil {
		return message{}, err
	}
	if err := p.unmarshal(env.Payload, payload); err != nil {
		return message{}, err
	}
	return message{Timestamp: env.Timestamp, Type: env.Type, Payload: payload, Origin: env.Origin}, nil
}
