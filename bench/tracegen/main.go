// Command tracegen writes the benchmark Trace, testdata/traces/bench-trace.jsonl:
// a few thousand lines of one realistic agent session (a session_meta with
// full tool schemas, user and assistant text with code, Unicode and escapes,
// thinking with signatures, tool calls and their outputs, approvals, request
// and token-usage events, a compaction, an abort, and a few ~200 KB base64
// image outputs), built with the generated builders and written by Marshal,
// from a fixed seed so that the file is the same on every run.
//
//	go run ./bench/tracegen > testdata/traces/bench-trace.jsonl
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"
	"unicode"

	om "github.com/omnigen-dev/omnigen/gen/go/omnimessage"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	g := &gen{r: rand.New(rand.NewSource(20260718)), clock: time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC)}
	om.Now = func() time.Time {
		g.clock = g.clock.Add(time.Duration(50+g.r.Intn(4000)) * time.Millisecond)
		return g.clock
	}
	for _, m := range g.session() {
		b, err := om.Marshal(m)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		w.Write(b)
		w.WriteByte('\n')
	}
}

type gen struct {
	r      *rand.Rand
	clock  time.Time
	calls  int
	images int
	total  om.TokenCounts
}

var words = strings.Fields(`the a of to and in is it that for on with as this be are by from at or an
function return value error file line test build package module import string number object array field
parser decoder encoder schema message payload trace session request response token stream partial
fragment builder guard union enum struct pointer interface slice map channel goroutine context deadline
config workspace agent model provider tool call output image thinking signature fidelity compaction`)

var samples = []string{"naïve café", "日本語のテキスト", "中文字符", "한국어", "emoji 🐧🚀✅", "Ελληνικά", "עברית", "русский текст",
	"math ∑∫√∞≠", "quotes “curly” ‘single’", "<b>html</b> & entities", "line\u2028separator", "para\u2029separator", "tab\tseparated", "back\\slash \"quoted\""}

func (g *gen) sentence(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if g.r.Intn(40) == 0 {
			sb.WriteString(samples[g.r.Intn(len(samples))])
			continue
		}
		sb.WriteString(words[g.r.Intn(len(words))])
	}
	s := []rune(sb.String())
	s[0] = unicode.ToUpper(s[0])
	return string(s) + "."
}

func (g *gen) paragraphs(n, size int) string {
	var ps []string
	for i := 0; i < n; i++ {
		var ss []string
		for j := 0; j < size; j++ {
			ss = append(ss, g.sentence(6+g.r.Intn(14)))
		}
		ps = append(ps, strings.Join(ss, " "))
	}
	return strings.Join(ps, "\n\n")
}

func (g *gen) code(lines int) string {
	var sb strings.Builder
	sb.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n")
	for i := 0; i < lines; i++ {
		switch g.r.Intn(6) {
		case 0:
			fmt.Fprintf(&sb, "func %s(%s string) error {\n", words[g.r.Intn(len(words))]+"X", words[g.r.Intn(len(words))])
		case 1:
			fmt.Fprintf(&sb, "\treturn fmt.Errorf(\"%s: %%w\", err)\n}\n\n", g.sentence(4))
		case 2:
			fmt.Fprintf(&sb, "\t// %s\n", g.sentence(8))
		case 3:
			fmt.Fprintf(&sb, "\tif s := strings.TrimSpace(%q); s != \"\" {\n\t\tfmt.Println(s)\n\t}\n", g.sentence(3))
		default:
			fmt.Fprintf(&sb, "\tx%d := %d // %s\n", i, g.r.Intn(1000), words[g.r.Intn(len(words))])
		}
	}
	return sb.String()
}

func (g *gen) id(prefix string, n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.Intn(len(alphabet))]
	}
	return prefix + string(b)
}

func (g *gen) b64(n int) string {
	b := make([]byte, n)
	g.r.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

func raw(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// tools are the tool definitions of the session, with their JSON Schemas.
func tools() []om.ToolDefinition {
	obj := func(props map[string]any, required ...string) []byte {
		// Properties are written in a fixed order: encoding/json sorts map
		// keys, which is also what JSON.stringify keeps.
		return raw(map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false})
	}
	str := func(d string) map[string]any { return map[string]any{"type": "string", "description": d} }
	return []om.ToolDefinition{
		{Name: "read_file", Description: "Read a file of the Workspace, optionally a range of lines.", Parameters: obj(map[string]any{"path": str("Path relative to the Workspace."), "start_line": map[string]any{"type": "integer", "minimum": 1}, "end_line": map[string]any{"type": "integer", "minimum": 1}}, "path")},
		{Name: "write_file", Description: "Replace the content of a file of the Workspace.", Parameters: obj(map[string]any{"path": str("Path relative to the Workspace."), "content": str("The new content.")}, "path", "content")},
		{Name: "edit_file", Description: "Replace one occurrence of a string in a file.", Parameters: obj(map[string]any{"path": str("The file."), "old": str("Text to replace, exactly."), "new": str("Replacement text.")}, "path", "old", "new")},
		{Name: "bash", Description: "Run a shell command in the Workspace and return its output; needs approval.", Parameters: obj(map[string]any{"command": str("The command line."), "timeout_ms": map[string]any{"type": "integer", "minimum": 0, "maximum": 600000}}, "command")},
		{Name: "grep", Description: "Search the Workspace for a regular expression.", Parameters: obj(map[string]any{"pattern": str("An RE2 pattern."), "glob": str("Files to search."), "max_results": map[string]any{"type": "integer", "default": 200}}, "pattern")},
		{Name: "read_image", Description: "Read an image file and return it to the model.", Parameters: obj(map[string]any{"path": str("The image file.")}, "path")},
		{Name: "web_fetch", Description: "Fetch a URL and return its text.", Parameters: obj(map[string]any{"url": map[string]any{"type": "string", "format": "uri"}, "headers": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}}, "url")},
		{Name: "spawn_agent", Description: "Start a Subagent on a task and return its final answer.", Parameters: obj(map[string]any{"task": str("What the Subagent should do."), "tools": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}, "task")},
	}
}

func (g *gen) session() []om.Message {
	sys := "You are Penguin, a coding agent. Work in the Workspace; ask before running commands that change it.\n\n" + g.paragraphs(4, 5)
	out := []om.Message{om.SessionMeta(om.SessionMetaPayload{
		SessionID:          "session-2026-07-18-031022-a1b2c3d4",
		Provider:           "anthropic",
		ModelID:            "claude-sonnet-4-5",
		ModelContextWindow: om.ModelContextWindow{Type: "number", Number: 200000},
		SystemPrompt:       sys,
		Tools:              tools(),
		AgentState:         "/home/dev/.penguin/agents/default",
		Workspace:          "/home/dev/projects/omnigen",
	})}
	for turn := 0; turn < 260; turn++ {
		out = append(out, g.turn(turn)...)
	}
	return out
}

func (g *gen) usage(req om.TokenCounts) om.Message {
	g.total = om.AddTokenCounts(g.total, req)
	return om.TokenUsage(g.total, req)
}

func (g *gen) counts() om.TokenCounts {
	c := om.TokenCounts{CacheRead: om.Count(g.r.Intn(90000)), CacheWrite: om.Count(g.r.Intn(4000)), Output: om.Count(100 + g.r.Intn(3000))}
	c.Total = c.CacheRead + c.CacheWrite + c.Output + om.Count(g.r.Intn(2000))
	return c
}

func (g *gen) turn(n int) []om.Message {
	var out []om.Message
	user := g.paragraphs(1+g.r.Intn(2), 1+g.r.Intn(3))
	if g.r.Intn(4) == 0 {
		user += "\n\n```go\n" + g.code(6) + "```"
	}
	out = append(out, om.UserText(user))
	if n%37 == 5 {
		out = append(out, om.ImageURLMessage("https://example.com/screenshots/"+g.id("", 12)+".png"))
	}
	if n == 120 {
		out = append(out,
			om.CompactionBegin(om.CompactionReasonContext, om.CompactionModeSummarize, 180512, om.Count(n)),
			om.CompactionEnd(om.CompactionReasonContext, om.CompactionModeSummarize, om.StopReasonCompleted))
	}
	steps := 1 + g.r.Intn(3)
	for step := 0; step < steps; step++ {
		out = append(out, om.RequestBegin())
		if n%53 == 7 && step == 0 {
			// A failed request, retried.
			msg := "overloaded_error: 529 " + g.sentence(5)
			out = append(out, om.RequestEnd(om.StopReasonTimeout, om.RequestEndOptions{Message: &msg}), om.RequestBegin())
		}
		if g.r.Intn(3) > 0 {
			fid := raw(map[string]string{"signature": g.b64(180 + g.r.Intn(200))})
			out = append(out, om.ThinkingMessage(g.paragraphs(1, 2+g.r.Intn(4)), om.ThinkingMessageOptions{Fidelity: fid}))
		}
		if g.r.Intn(2) == 0 || step == steps-1 {
			out = append(out, om.AssistantText(g.paragraphs(1+g.r.Intn(3), 2+g.r.Intn(4))))
		}
		var calls []string
		var names []string
		if step < steps-1 {
			for c := 0; c < 1+g.r.Intn(3); c++ {
				g.calls++
				id := g.id("toolu_", 24)
				name := []string{"read_file", "grep", "bash", "edit_file", "read_image", "write_file"}[g.r.Intn(6)]
				if name == "read_image" && g.images >= 6 {
					name = "read_file"
				}
				var args string
				switch name {
				case "bash":
					args = string(raw(map[string]any{"command": "go test ./... -run '" + words[g.r.Intn(len(words))] + "' 2>&1 | tail -n 40"}))
				case "grep":
					args = string(raw(map[string]any{"pattern": `func \(\w+ \*decoder\) ` + words[g.r.Intn(len(words))], "glob": "**/*.go"}))
				case "edit_file", "write_file":
					args = string(raw(map[string]any{"path": "internal/" + words[g.r.Intn(len(words))] + ".go", "old": g.code(2), "new": g.code(3)}))
				default:
					args = string(raw(map[string]any{"path": "internal/" + words[g.r.Intn(len(words))] + "/" + words[g.r.Intn(len(words))] + ".go"}))
				}
				out = append(out, om.ToolCall(name, args, id))
				calls = append(calls, id)
				names = append(names, name)
			}
		}
		end := om.RequestEnd(om.StopReasonCompleted)
		out = append(out, end, g.usage(g.counts()))
		for i, id := range calls {
			if names[i] == "bash" {
				d := om.ApprovalDecisionAllow
				if g.r.Intn(8) == 0 {
					d = om.ApprovalDecisionDeny
				}
				out = append(out, om.ApprovalDecisionMessage(d, id))
				if d == om.ApprovalDecisionDeny {
					out = append(out, om.ToolCallOutput("The user denied this command.", id, om.ToolCallOutputOptions{StopReason: om.StopReasonFailed}))
					continue
				}
			}
			out = append(out, g.output(names[i], id))
		}
	}
	if n%97 == 50 {
		reason := "user pressed Esc"
		out = append(out, om.AbortEvent(om.AbortEventOptions{Reason: &reason}))
	}
	if n%71 == 30 {
		out = append(out, om.SubagentEvent("session-2026-07-18-"+g.id("", 6)+"-"+g.id("", 8)))
	}
	return out
}

func (g *gen) output(name, id string) om.Message {
	switch name {
	case "read_image":
		g.images++
		png := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA" + g.b64(150*1024)
		return om.ToolCallOutput("Read image ("+fmt.Sprint(len(png))+" bytes).", id, om.ToolCallOutputOptions{Images: om.Images{png}})
	case "bash":
		var sb strings.Builder
		for i := 0; i < 5+g.r.Intn(30); i++ {
			fmt.Fprintf(&sb, "ok  \tgithub.com/omnigen-dev/omnigen/internal/%s\t0.%03ds\n", words[g.r.Intn(len(words))], g.r.Intn(999))
		}
		if g.r.Intn(5) == 0 {
			sb.WriteString("--- FAIL: TestRoundTrip (0.00s)\n    roundtrip_test.go:42: got \"\\u2028\", want \"\u2028\"\n\x1b[31mFAIL\x1b[0m\n")
			return om.ToolCallOutput(sb.String(), id, om.ToolCallOutputOptions{StopReason: om.StopReasonFailed})
		}
		return om.ToolCallOutput(sb.String(), id)
	case "grep":
		var sb strings.Builder
		for i := 0; i < 3+g.r.Intn(20); i++ {
			fmt.Fprintf(&sb, "internal/%s.go:%d:func (d *decoder) %s() {\n", words[g.r.Intn(len(words))], g.r.Intn(900), words[g.r.Intn(len(words))])
		}
		return om.ToolCallOutput(sb.String(), id)
	case "edit_file", "write_file":
		return om.ToolCallOutput("Wrote the file.", id)
	}
	return om.ToolCallOutput(g.code(20+g.r.Intn(80)), id)
}
