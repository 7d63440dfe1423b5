package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// session generates one model context: in the trace profile its own file(s)
// (a new file after each compaction, and a file per Subagent), in the stream
// profile the messages of the SDK stream (a Subagent's messages go into the
// parent's stream, tagged with origin).
type session struct {
	c      *corpus
	id     string
	prov   provider
	meta   sessionMetaPayload
	origin []string // stream profile: the chain tagged on this session's messages
	depth  int      // 0 for a main session

	out       *file
	fileSeq   int
	fileBytes int64
	usage     tokenCounts
	turns     int
	context   int64 // context tokens, roughly
}

func (c *corpus) newSession(parent *session, depth int) *session {
	s := &session{c: c, depth: depth, id: c.sessionID()}
	if parent != nil && c.r.chance(0.7) {
		s.prov = parent.prov
	} else {
		s.prov = providers[c.r.intn(len(providers))]
	}
	t := c.t
	user := c.r.pick([]string{"dev", "alice", "bob", "mei", "jürgen", "ops"})
	project := t.ident()
	s.meta = sessionMetaPayload{
		SessionID:          s.id,
		Provider:           s.prov.name,
		ModelID:            s.prov.model,
		ModelContextWindow: s.prov.window,
		SystemPrompt:       systemPrompt(t),
		Tools:              toolDefs(c.r, depth),
		AgentState:         "/home/" + user + "/.penguin/agents/" + c.r.pick([]string{"default", "reviewer", "explorer"}),
		Workspace:          "/home/" + user + "/projects/" + project,
	}
	if parent != nil {
		s.meta.Source = "subagent"
		if c.stream {
			s.origin = append(append([]string(nil), parent.origin...), s.id)
			s.out = parent.out
		}
	} else if c.r.chance(0.05) {
		s.meta.Source = "schedule"
	}
	return s
}

func systemPrompt(t texter) string {
	var sb strings.Builder
	sb.WriteString("You are Penguin, a coding agent working in the user's Workspace.\n\n# Rules\n")
	sb.WriteString(t.prose(t.r.logBetween(2000, 12000)))
	sb.WriteString("\n\n# Environment\n- Platform: linux\n- Date: 2026-07-18\n")
	return sb.String()
}

// emit writes one message of this session. imageBytes is the size of the
// base64 images the line carries.
func (s *session) emit(typ string, payload any, imageBytes int) {
	c := s.c
	n := s.out.write(envelope{Timestamp: c.timestamp(1, 900), Type: typ, Payload: payload, Origin: s.origin})
	c.st.Lines++
	c.st.Bytes += int64(n)
	s.fileBytes += int64(n)
	if n > c.st.MaxLine {
		c.st.MaxLine = n
	}
	if imageBytes > 0 {
		c.st.ImageLines++
		c.st.ImageBytes += int64(n)
	}
}

func (s *session) openFile() {
	s.fileSeq++
	name := s.id + ".jsonl"
	if s.fileSeq > 1 {
		name = fmt.Sprintf("%s_%03d.jsonl", s.id, s.fileSeq)
	}
	s.out = newFile(name)
	s.fileBytes = 0
	s.emit("session_meta", s.meta, 0)
}

// run generates user turns until the session has written about target bytes
// (its Subagents included).
func (s *session) run(target int64) {
	c := s.c
	start := c.st.Bytes
	if !c.stream {
		s.openFile()
	} else if s.depth > 0 {
		// A child session's stream starts with its own session_meta.
		s.emit("session_meta", s.meta, 0)
	}
	fileLimit := int64(c.r.logBetween(1_000_000, 6_000_000))
	for c.st.Bytes-start < target && c.err == nil {
		if s.turns > 0 && s.fileBytes > fileLimit {
			s.compact()
		}
		s.turn()
		s.turns++
	}
	if !c.stream {
		c.flush(s.out)
	}
}

// compact ends a model context: in a Trace, the session continues in
// <id>_NNN.jsonl, which starts with its own session_meta.
func (s *session) compact() {
	c := s.c
	reason := "context"
	switch x := c.r.float(); {
	case x < 0.1:
		reason = "turns"
	case x < 0.15:
		reason = "manual"
	}
	mode := "summarize"
	if c.r.chance(0.15) {
		mode = "discard"
	}
	s.emit("event_msg", compactionBeginPayload{"compaction_begin", reason, mode, s.context, s.turns}, 0)
	summary := ""
	if mode == "summarize" {
		s.emit("event_msg", requestBeginPayload{"request_begin"}, 0)
		summary = "<summary>\n" + c.t.prose(c.r.logBetween(1500, 9000)) + "\n</summary>"
		s.assistantText(summary, "completed", nil)
		s.emit("event_msg", requestEndPayload{Type: "request_end", Status: "completed"}, 0)
		s.tokenUsage(len(summary))
	}
	s.emit("event_msg", compactionEndPayload{"compaction_end", reason, mode, "completed"}, 0)
	s.context = int64(len(summary) / 4)
	if !c.stream {
		c.flush(s.out)
		s.openFile()
		if summary != "" {
			s.userText("This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion.\n\n" + summary)
		}
	}
}

func (s *session) userText(text string) {
	s.emit("model_msg", textPayload{Type: "text", Role: "user", Text: text, StopReason: "completed"}, 0)
	s.context += int64(len(text) / 4)
}

// turn is one user prompt and the agent loop that answers it.
func (s *session) turn() {
	c, t := s.c, s.c.t
	s.userText(t.prose(c.r.logBetween(20, 2500)))
	if c.r.chance(0.03) {
		s.emit("model_msg", imageURLPayload{"image_url", "user", "https://example.com/screens/" + t.ident() + ".png", "completed"}, 0)
	}
	steps := c.r.logBetween(1, 14)
	for step := 0; step < steps && c.err == nil; step++ {
		final := step == steps-1
		s.emit("event_msg", requestBeginPayload{"request_begin"}, 0)
		if c.r.chance(0.025) {
			// A transient failure: the request ends early and is retried.
			status := c.r.pick([]string{"timeout", "malformed", "failed"})
			if c.r.chance(0.5) {
				s.assistantText(t.prose(c.r.between(20, 300)), status, nil)
			}
			msg := map[string]string{
				"timeout":   "stream idle for 120s; reconnecting",
				"malformed": "unexpected end of JSON input in SSE event",
				"failed":    "429 rate_limit_error: This request would exceed your organization's rate limit",
			}[status]
			s.emit("event_msg", requestEndPayload{"request_end", status, msg}, 0)
			step--
			continue
		}
		if c.r.chance(0.008) {
			// The user interrupts.
			s.assistantText(t.prose(c.r.between(10, 400)), "aborted", nil)
			s.emit("event_msg", requestEndPayload{Type: "request_end", Status: "aborted"}, 0)
			var reason *string
			if c.r.chance(0.5) {
				r := "user interrupt"
				reason = &r
			}
			s.emit("event_msg", abortPayload{"abort", reason}, 0)
			return
		}
		out := 0
		if c.r.chance(0.75) {
			out += s.thinking()
		}
		if final || c.r.chance(0.3) {
			text := t.prose(c.r.logBetween(40, 4000))
			s.assistantText(text, "completed", s.textFidelity(final))
			out += len(text)
		}
		var calls []call
		if !final {
			n := 1
			if c.r.chance(0.3) {
				n = c.r.between(2, 5)
			}
			for i := 0; i < n; i++ {
				k := s.newCall()
				s.toolCall(k)
				out += len(k.args)
				calls = append(calls, k)
			}
		}
		s.emit("event_msg", requestEndPayload{Type: "request_end", Status: "completed"}, 0)
		s.tokenUsage(out)
		s.runCalls(calls)
	}
}

func (s *session) tokenUsage(outBytes int) {
	c := s.c
	req := tokenCounts{
		CacheRead:  s.context * int64(c.r.between(80, 99)) / 100,
		CacheWrite: int64(c.r.between(0, 4000)),
		Output:     int64(outBytes/4 + 1),
	}
	req.Total = s.context + req.CacheWrite + req.Output
	s.context += req.Output
	s.usage.CacheRead += req.CacheRead
	s.usage.CacheWrite += req.CacheWrite
	s.usage.Output += req.Output
	s.usage.Total += req.Total
	s.emit("event_msg", tokenUsagePayload{"token_usage", s.usage, req}, 0)
}

// thinking writes a reasoning message the way the session's provider
// records it, and returns its size.
func (s *session) thinking() int {
	c, t := s.c, s.c.t
	var text, fid string
	switch s.prov.reasoning {
	case "signature":
		text = t.prose(c.r.logBetween(100, 8000))
		fid = `{"signature":` + jsonString("Eq"+t.b64(c.r.between(300, 1400))) + `}`
	case "encrypted":
		if c.r.chance(0.3) {
			text = "**" + t.sentence() + "**\n\n" + t.prose(c.r.logBetween(100, 1500))
		}
		fid = `{"id":"rs_` + c.r.str(hexDigits, 48) + `","encrypted_content":` + jsonString("gAAAAA"+t.b64(c.r.logBetween(800, 8000))) + `}`
	default:
		text = t.prose(c.r.logBetween(100, 8000))
		fid = `{"reasoning_field":"reasoning_content"}`
	}
	if c.stream && text != "" {
		s.segment("partial_thinking", text, "completed")
	}
	s.emit("model_msg", thinkingPayload{"thinking", "assistant", text, "completed", json.RawMessage(fid)}, 0)
	return len(text) + len(fid)
}

func (s *session) textFidelity(final bool) json.RawMessage {
	c, t := s.c, s.c.t
	switch {
	case s.prov.reasoning == "encrypted":
		if final {
			return json.RawMessage(`{"phase":"final_answer"}`)
		}
		return json.RawMessage(`{"phase":"commentary"}`)
	case s.prov.name == "anthropic" && c.r.chance(0.05):
		return json.RawMessage(`{"citations":[{"type":"web_search_result_location","url":` +
			jsonString("https://docs.example.com/"+t.ident()) + `,"title":` + jsonString(t.sentence()) +
			`,"cited_text":` + jsonString(t.sentence()) + `,"encrypted_index":` + jsonString(t.b64(160)) +
			`}],"cache":{"ttl":null,"hit":true,"tiers":[1,2.5,-3e-2]}}`)
	}
	return nil
}

func (s *session) assistantText(text, stop string, fid json.RawMessage) {
	if s.c.stream {
		s.segment("partial_text", text, stop)
	}
	s.emit("model_msg", textPayload{"text", "assistant", text, stop, fid}, 0)
	s.context += int64(len(text) / 4)
}

// segment writes a streamed fragment: start, deltas, stop. The pieces add up
// to content; the stop carries the complete message's stop_reason.
func (s *session) segment(kind, content, stop string) {
	c := s.c
	pieces := c.t.split(content, 2, 120)
	first := ""
	if len(pieces) > 0 && c.r.chance(0.5) {
		first, pieces = pieces[0], pieces[1:]
	}
	last := ""
	if len(pieces) > 0 && c.r.chance(0.3) {
		last, pieces = pieces[len(pieces)-1], pieces[:len(pieces)-1]
	}
	part := func(ev, piece, reason string) any {
		if kind == "partial_text" {
			return partialTextPayload{kind, "assistant", ev, piece, reason}
		}
		return partialThinkingPayload{kind, "assistant", ev, piece, reason}
	}
	s.emitPartial(part("start", first, "completed"))
	for _, p := range pieces {
		s.emitPartial(part("delta", p, "completed"))
	}
	s.emitPartial(part("stop", last, stop))
}

// emitPartial writes a streamed fragment a few milliseconds after the last.
func (s *session) emitPartial(payload any) {
	c := s.c
	n := s.out.write(envelope{Timestamp: c.timestamp(0, 40), Type: "model_msg", Payload: payload, Origin: s.origin})
	c.st.Lines++
	c.st.Bytes += int64(n)
	s.fileBytes += int64(n)
	if n > c.st.MaxLine {
		c.st.MaxLine = n
	}
	if p, ok := payload.(partialToolCallOutputPayload); ok && len(p.Images) > 0 {
		c.st.ImageLines++
		c.st.ImageBytes += int64(n)
	}
}
