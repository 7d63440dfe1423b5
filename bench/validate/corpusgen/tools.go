package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type tool struct {
	name, description, params string
	weight                    int
}

var tools = []tool{
	{"read_file", "Read a file from the Workspace. Returns numbered lines.", `{"type":"object","properties":{"path":{"type":"string","description":"Path relative to the Workspace."},"offset":{"type":"integer","minimum":1},"limit":{"type":"integer","minimum":1,"maximum":2000}},"required":["path"],"additionalProperties":false}`, 30},
	{"bash", "Run a shell command in the Workspace and return its output.", `{"type":"object","properties":{"command":{"type":"string"},"timeout_ms":{"type":"integer","default":120000}},"required":["command"]}`, 20},
	{"grep", "Search file contents with a regular expression.", `{"type":"object","properties":{"pattern":{"type":"string","format":"regex"},"path":{"type":"string"},"glob":{"type":"string"}},"required":["pattern"]}`, 10},
	{"edit_file", "Replace an exact string in a file.", `{"type":"object","properties":{"path":{"type":"string"},"old_string":{"type":"string"},"new_string":{"type":"string"},"replace_all":{"type":"boolean","default":false}},"required":["path","old_string","new_string"]}`, 10},
	{"list_dir", "List a directory.", `{"type":"object","properties":{"path":{"type":"string"}}}`, 6},
	{"write_file", "Create or overwrite a file.", `{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`, 6},
	{"web_fetch", "Fetch a web page and return it as Markdown.", `{"type":"object","properties":{"url":{"type":"string","format":"uri"}},"required":["url"]}`, 4},
	{"todo_write", "Replace the task list.", `{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"enum":["pending","in_progress","completed"]}},"required":["content","status"]}}},"required":["todos"]}`, 4},
	{"spawn_agent", "Start a Subagent on a self-contained task and return its final answer.", `{"type":"object","properties":{"task":{"type":"string"},"agent":{"type":"string","enum":["explorer","reviewer","general"]}},"required":["task"]}`, 2},
	{"read_image", "Read an image file and show it to the model.", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, 0},
	{"screenshot", "Take a screenshot of a page served on localhost.", `{"type":"object","properties":{"url":{"type":"string"},"full_page":{"type":"boolean"}},"required":["url"]}`, 0},
}

func toolDefs(r *rng, depth int) []toolDef {
	var out []toolDef
	for _, t := range tools {
		if t.name == "spawn_agent" && depth >= 2 {
			continue
		}
		if t.weight > 0 && t.weight < 10 && r.chance(0.2) {
			continue
		}
		d := toolDef{Name: t.name, Description: t.description}
		if t.name != "list_dir" || r.chance(0.5) {
			d.Parameters = json.RawMessage(t.params)
		}
		out = append(out, d)
	}
	return out
}

// call is one tool call of a request.
type call struct {
	id, name, args string
}

func (s *session) newCall() call {
	c, t := s.c, s.c.t
	k := call{id: s.prov.callPrefix + c.r.str(alnum, 22)}
	if c.cfg.Images && float64(c.st.ImageBytes) <= c.cfg.ImageShare*float64(c.st.Bytes) && c.r.chance(0.12) {
		k.name = c.r.pick([]string{"read_image", "read_image", "screenshot"})
	} else {
		total := 0
		for _, tl := range tools {
			if tl.name != "spawn_agent" || s.depth < 2 {
				total += tl.weight
			}
		}
		x := c.r.intn(total)
		for _, tl := range tools {
			if tl.name == "spawn_agent" && s.depth >= 2 {
				continue
			}
			if x < tl.weight {
				k.name = tl.name
				break
			}
			x -= tl.weight
		}
	}
	q := jsonString
	switch k.name {
	case "read_file":
		k.args = `{"path":` + q(t.path()) + `}`
		if c.r.chance(0.3) {
			k.args = fmt.Sprintf(`{"path":%s,"offset":%d,"limit":%d}`, q(t.path()), c.r.between(1, 800), c.r.between(50, 400))
		}
	case "bash":
		cmd := c.r.pick([]string{"go test ./... 2>&1 | tail -80", "npm test -- --reporter=dot", "git diff --stat HEAD~1", "ls -la " + t.path(), "rg -n \"" + t.ident() + "\" --type go", "make build && ./bin/app --help", "cat <<'EOF' > /tmp/x.json\n{\"a\": [1, 2, \"\\u00e9\"]}\nEOF"})
		k.args = `{"command":` + q(cmd) + `,"timeout_ms":120000}`
	case "grep":
		k.args = `{"pattern":` + q(`func \(\w+ \*`+title(t.ident())+`\) \w+\(`) + `,"path":` + q(c.r.pick(dirs)) + `}`
	case "edit_file":
		k.args = `{"path":` + q(t.path()) + `,"old_string":` + q(t.code(c.r.logBetween(40, 2500))) + `,"new_string":` + q(t.code(c.r.logBetween(40, 3000))) + `}`
	case "list_dir":
		k.args = `{"path":` + q(c.r.pick(dirs)) + `}`
	case "write_file":
		k.args = `{"path":` + q(t.path()) + `,"content":` + q(t.code(c.r.logBetween(200, 24000))) + `}`
	case "web_fetch":
		k.args = `{"url":` + q("https://pkg.go.dev/"+t.ident()+"?tab=doc#"+t.ident()) + `}`
	case "todo_write":
		var items []string
		for i := c.r.between(2, 8); i > 0; i-- {
			items = append(items, `{"content":`+q(t.sentence())+`,"status":`+q(c.r.pick([]string{"pending", "in_progress", "completed"}))+`}`)
		}
		k.args = `{"todos":[` + strings.Join(items, ",") + `]}`
	case "spawn_agent":
		k.args = `{"task":` + q(t.prose(c.r.between(150, 900))) + `,"agent":` + q(c.r.pick([]string{"explorer", "reviewer", "general"})) + `}`
	case "read_image":
		k.args = `{"path":` + q("assets/"+t.ident()+".png") + `}`
	case "screenshot":
		k.args = `{"url":` + q(fmt.Sprintf("http://localhost:%d/%s", c.r.between(3000, 9000), t.ident())) + `,"full_page":true}`
	}
	return k
}

func (s *session) toolCall(k call) {
	c := s.c
	var fid json.RawMessage
	if s.prov.reasoning == "encrypted" {
		fid = json.RawMessage(`{"id":"fc_` + c.r.str(hexDigits, 40) + `"}`)
	}
	if c.stream {
		pieces := c.t.split(k.args, 1, 60)
		s.emitPartial(partialToolCallPayload{"partial_tool_call", "assistant", "start", k.name, "", k.id, "completed"})
		for _, p := range pieces {
			s.emitPartial(partialToolCallPayload{"partial_tool_call", "assistant", "delta", k.name, p, k.id, "completed"})
		}
		s.emitPartial(partialToolCallPayload{"partial_tool_call", "assistant", "stop", k.name, "", k.id, "completed"})
	}
	s.emit("model_msg", toolCallPayload{"tool_call", "assistant", k.name, k.args, k.id, "completed", fid}, 0)
}

// runCalls answers a request's tool calls: approvals first (each after its
// call, before its output), then the outputs in completion order.
func (s *session) runCalls(calls []call) {
	c := s.c
	denied := map[string]bool{}
	for _, k := range calls {
		if (k.name == "bash" || k.name == "write_file" || k.name == "edit_file") && c.r.chance(0.25) {
			d := "allow"
			if c.r.chance(0.1) {
				d = "deny"
				denied[k.id] = true
			}
			s.emit("event_msg", approvalDecisionPayload{"approval_decision", d, k.id}, 0)
		}
	}
	order := append([]call(nil), calls...)
	if len(order) > 1 && c.r.chance(0.4) {
		for i := len(order) - 1; i > 0; i-- {
			j := c.r.intn(i + 1)
			order[i], order[j] = order[j], order[i]
		}
	}
	for _, k := range order {
		if c.err != nil {
			return
		}
		if denied[k.id] {
			s.toolOutput(k, "The user denied this tool call.", nil, "failed")
			continue
		}
		s.answer(k)
	}
}

// answer runs one tool and writes its output.
func (s *session) answer(k call) {
	c, t := s.c, s.c.t
	stop := "completed"
	var out string
	var images []string
	switch k.name {
	case "read_file":
		out = t.numbered(c.r.logBetween(200, 60000))
	case "bash":
		out = t.shell(c.r.logBetween(30, 40000))
		if c.r.chance(0.15) {
			out += "\nexit status 1"
			stop = "failed"
		}
	case "grep":
		out = t.shell(c.r.logBetween(60, 20000))
	case "edit_file":
		out = "Applied 1 edit to " + t.path()
	case "list_dir":
		out = t.shell(c.r.logBetween(100, 4000))
	case "write_file":
		out = fmt.Sprintf("Wrote %d bytes to %s", c.r.between(100, 30000), t.path())
	case "web_fetch":
		out = t.prose(c.r.logBetween(1000, 30000))
	case "todo_write":
		out = "Todo list updated."
	case "spawn_agent":
		child := c.newSession(s, s.depth+1)
		s.emit("event_msg", subagentPayload{"subagent", child.id}, 0)
		child.run(int64(c.r.logBetween(20_000, 800_000)))
		out = t.prose(c.r.logBetween(200, 4000))
	case "read_image", "screenshot":
		n := 1
		if k.name == "screenshot" && c.r.chance(0.15) {
			n = 2
		}
		for i := 0; i < n; i++ {
			images = append(images, t.dataURL(c.r.between(700_000, 1_300_000)))
		}
		out = fmt.Sprintf("Image assets/%s.png (%dx%d, %d KB)", t.ident(), c.r.between(400, 2560), c.r.between(300, 1600), c.r.between(100, 1000))
	}
	s.toolOutput(k, out, images, stop)
}

func (s *session) toolOutput(k call, out string, images []string, stop string) {
	c := s.c
	imageBytes := 0
	for _, im := range images {
		imageBytes += len(im)
	}
	if c.stream && (len(images) > 0 || len(out) > 2000) && c.r.chance(0.5) {
		// A streamed tool output: images come whole in one delta.
		p := func(ev, piece string, imgs []string, reason string) partialToolCallOutputPayload {
			return partialToolCallOutputPayload{"partial_tool_call_output", "user", ev, piece, imgs, k.id, reason}
		}
		s.emitPartial(p("start", "", nil, "completed"))
		pieces := c.t.split(out, 200, 4000)
		at := c.r.intn(len(pieces) + 1)
		for i, piece := range pieces {
			if i == at && len(images) > 0 {
				s.emitPartial(p("delta", "", images, "completed"))
			}
			s.emitPartial(p("delta", piece, nil, "completed"))
		}
		if at == len(pieces) && len(images) > 0 {
			s.emitPartial(p("delta", "", images, "completed"))
		}
		s.emitPartial(p("stop", "", nil, stop))
	}
	s.emit("model_msg", toolCallOutputPayload{"tool_call_output", "user", out, images, k.id, stop}, imageBytes)
	s.context += int64(len(out)/4 + 1500*len(images))
}
