package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// Content generators: prose, code, tool output and arguments that look like
// what a coding agent's Trace holds, including the characters JSON has to
// escape (quotes, backslashes, newlines, tabs, control characters) and
// non-ASCII text written as UTF-8.

var words = strings.Fields(`the a an of to in for on with by from as at is are was be this that it we
should will can could need needs file files function test tests build error errors type types value
values schema message messages session request response tool call output input line lines path
directory module package import export return returns handler server client config option options
field fields struct interface method parse parser decode encode stream trace event events state
update check fix bug issue change changes refactor rename move add remove keep use uses using
first then next last before after because since when where which while if else only also still
already now here there every each all some any none more less most fewer small large long short
fast slow safe exact missing extra empty nil null undefined string number object array boolean
index cache buffer reader writer context timeout retry limit size count total offset cursor token
user assistant model provider agent workspace commit branch diff patch review merge release version
go node npm yarn make docker git json yaml toml http https api endpoint route query header body
latency throughput memory cpu thread goroutine worker queue channel lock mutex race panic log`)

var accented = []string{"naïve", "café", "résumé", "Zürich", "São Paulo", "→", "—", "…", "≥", "±", "µs",
	"日本語", "中文", "한국어", "Привет", "🙂", "🚀", "✅", "❌", "€", "½"}

var identParts = []string{"user", "session", "message", "trace", "line", "reader", "writer", "config",
	"schema", "payload", "event", "token", "request", "cache", "buffer", "handler", "store", "index",
	"value", "result", "err", "ctx", "opts", "item", "entry", "node", "path", "file", "name", "id"}

var dirs = []string{"src", "internal", "pkg", "cmd", "lib", "test", "tests", "app", "packages/core/src",
	"packages/server/src", "web/src/components", "scripts", "docs", "internal/validate", "internal/schema"}

var exts = []string{".go", ".ts", ".tsx", ".py", ".rs", ".md", ".json", ".yaml", ".sh", ".css"}

type texter struct{ r *rng }

func (t texter) word() string {
	if t.r.chance(0.012) {
		return t.r.pick(accented)
	}
	return t.r.pick(words)
}

func (t texter) ident() string {
	a := t.r.pick(identParts)
	b := t.r.pick(identParts)
	switch t.r.intn(4) {
	case 0:
		return a + strings.ToUpper(b[:1]) + b[1:]
	case 1:
		return a + "_" + b
	case 2:
		return strings.ToUpper(a[:1]) + a[1:] + strings.ToUpper(b[:1]) + b[1:]
	}
	return a
}

func (t texter) path() string {
	p := t.r.pick(dirs) + "/" + t.ident()
	if t.r.chance(0.3) {
		p += "/" + t.ident()
	}
	return p + t.r.pick(exts)
}

func (t texter) sentence() string {
	n := t.r.between(5, 22)
	var sb strings.Builder
	for i := 0; i < n; i++ {
		w := t.word()
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		} else {
			sb.WriteByte(' ')
		}
		switch t.r.intn(30) {
		case 0:
			w = "`" + t.ident() + "()`"
		case 1:
			w = "`" + t.path() + "`"
		case 2:
			w = `"` + w + `"`
		case 3:
			w += ","
		}
		sb.WriteString(w)
	}
	sb.WriteString(t.r.pick([]string{".", ".", ".", "?", ":", "!"}))
	return sb.String()
}

// prose writes about n bytes of Markdown-ish text.
func (t texter) prose(n int) string {
	var sb strings.Builder
	for sb.Len() < n {
		switch t.r.intn(8) {
		case 0:
			for i := t.r.between(2, 5); i > 0; i-- {
				sb.WriteString("- ")
				sb.WriteString(t.sentence())
				sb.WriteByte('\n')
			}
		case 1:
			sb.WriteString("```go\n")
			sb.WriteString(t.code(t.r.between(80, 600)))
			sb.WriteString("```\n")
		case 2:
			sb.WriteString("## ")
			sb.WriteString(t.sentence())
			sb.WriteByte('\n')
		default:
			for i := t.r.between(1, 4); i > 0; i-- {
				sb.WriteString(t.sentence())
				sb.WriteByte(' ')
			}
			sb.WriteString("\n\n")
		}
	}
	return strings.TrimSpace(sb.String())
}

// code writes about n bytes of code: tabs, quotes, backslashes.
func (t texter) code(n int) string {
	var sb strings.Builder
	depth := 0
	for sb.Len() < n {
		ind := strings.Repeat("\t", depth)
		a, b := t.ident(), t.ident()
		switch t.r.intn(12) {
		case 0:
			fmt.Fprintf(&sb, "%sfunc (s *%s) %s(ctx context.Context, %s string) (%s, error) {\n", ind, title(a), title(b), a, "[]byte")
			depth++
		case 1:
			fmt.Fprintf(&sb, "%sif err != nil {\n%s\treturn nil, fmt.Errorf(\"%s %%q: %%w\", %s, err)\n%s}\n", ind, ind, t.word(), a, ind)
		case 2:
			fmt.Fprintf(&sb, "%s%s := strings.Split(%s, \"\\n\")\n", ind, a, b)
		case 3:
			fmt.Fprintf(&sb, "%s// %s\n", ind, t.sentence())
		case 4:
			fmt.Fprintf(&sb, "%sfor i, %s := range %s {\n", ind, a, b)
			depth++
		case 5:
			fmt.Fprintf(&sb, "%sre := regexp.MustCompile(`^[a-z]+\\d{2,}\\s*$`)\n", ind)
		case 6:
			fmt.Fprintf(&sb, "%sconst %s = \"C:\\\\Users\\\\dev\\\\%s\"\n", ind, a, b)
		case 7:
			fmt.Fprintf(&sb, "%slog.Printf(\"%s=%%v %s=%%d\\t(%s)\\n\", %s, len(%s))\n", ind, a, b, t.word(), a, b)
		case 8:
			if depth > 0 {
				depth--
				fmt.Fprintf(&sb, "%s}\n", strings.Repeat("\t", depth))
			}
		case 9:
			fmt.Fprintf(&sb, "%sexport const %s = async (%s: string): Promise<%s> => JSON.parse(await fs.readFile(%s, \"utf8\"));\n", ind, a, b, title(a), b)
		case 10:
			fmt.Fprintf(&sb, "%s%s := map[string]any{\"%s\": %d, \"%s\": []string{\"%s\"}}\n", ind, a, b, t.r.intn(10000), t.word(), t.word())
		default:
			fmt.Fprintf(&sb, "%s%s = %s(%s, %d)\n", ind, a, b, t.ident(), t.r.intn(512))
		}
	}
	for depth > 0 {
		depth--
		fmt.Fprintf(&sb, "%s}\n", strings.Repeat("\t", depth))
	}
	return sb.String()
}

// numbered writes a file view the way read_file returns it (cat -n style).
func (t texter) numbered(n int) string {
	src := t.code(n)
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		fmt.Fprintf(&sb, "%6d\t%s\n", i+1, l)
	}
	return sb.String()
}

// shell writes about n bytes of command output: test logs, compiler errors,
// an ANSI colour code now and then (a control character JSON escapes).
func (t texter) shell(n int) string {
	var sb strings.Builder
	for sb.Len() < n {
		switch t.r.intn(9) {
		case 0:
			fmt.Fprintf(&sb, "=== RUN   Test%s\n--- PASS: Test%s (0.%02ds)\n", title(t.ident()), title(t.ident()), t.r.intn(100))
		case 1:
			fmt.Fprintf(&sb, "%s:%d:%d: undefined: %s\n", t.path(), t.r.between(1, 900), t.r.between(1, 80), t.ident())
		case 2:
			fmt.Fprintf(&sb, "ok  \tgithub.com/acme/%s/%s\t%d.%03ds\n", t.ident(), t.ident(), t.r.intn(9), t.r.intn(1000))
		case 3:
			fmt.Fprintf(&sb, "\x1b[32m✓\x1b[0m %s (%d ms)\n", t.sentence(), t.r.intn(400))
		case 4:
			fmt.Fprintf(&sb, "%s:%d:\t%s\n", t.path(), t.r.between(1, 2000), strings.TrimSpace(t.code(40)))
		case 5:
			fmt.Fprintf(&sb, "-rw-r--r--  1 dev dev %8d Jul 18 03:%02d %s\n", t.r.intn(90000), t.r.intn(60), t.path())
		case 6:
			fmt.Fprintf(&sb, "npm warn deprecated %s@%d.%d.%d: %s\n", t.ident(), t.r.intn(9), t.r.intn(20), t.r.intn(20), t.sentence())
		case 7:
			fmt.Fprintf(&sb, "{\"level\":\"info\",\"msg\":\"%s\",\"latency_ms\":%d}\n", t.word(), t.r.intn(3000))
		default:
			sb.WriteString(t.sentence())
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// jsonString encodes s as a JSON string the way JSON.stringify does.
func jsonString(s string) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// dataURL returns a base64 PNG data URL of about n bytes.
func (t texter) dataURL(n int) string {
	const prefix = "data:image/png;base64,"
	raw := make([]byte, (n-len(prefix))*3/4)
	t.r.fill(raw)
	copy(raw, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	return prefix + base64.StdEncoding.EncodeToString(raw)
}

// b64 returns n bytes of base64 text (signatures, encrypted reasoning).
func (t texter) b64(n int) string {
	raw := make([]byte, n*3/4+3)
	t.r.fill(raw)
	return base64.RawStdEncoding.EncodeToString(raw)[:n]
}

// split cuts s into pieces of lo..hi bytes, never inside a UTF-8 sequence.
func (t texter) split(s string, lo, hi int) []string {
	var out []string
	for len(s) > 0 {
		n := t.r.between(lo, hi)
		if n >= len(s) {
			out = append(out, s)
			break
		}
		for n < len(s) && !utf8Start(s[n]) {
			n++
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// title upper-cases the first letter of an ASCII identifier.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
