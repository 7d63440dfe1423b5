package golang

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"
)

// initialisms are written in upper case in Go names (as golint's list, plus
// MIME): tool_call_id → ToolCallID, image_url → ImageURL.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true, "EOF": true,
	"GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true,
	"LHS": true, "MIME": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true,
	"SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true,
	"UI": true, "UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true, "VM": true,
	"XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}

// words splits a name written in any of snake_case, kebab-case, camelCase
// or PascalCase into its words: "toolCallId" → tool Call Id, "HTTPServer" →
// HTTP Server.
func words(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, string(rs[start:end]))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev), unicode.IsUpper(r) && unicode.IsDigit(prev):
			flush(i)
			start = i
		case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return out
}

// exported is s as an exported Go name: PascalCase with initialisms.
func exported(s string) string {
	var sb strings.Builder
	for _, w := range words(s) {
		if initialisms[strings.ToUpper(w)] {
			sb.WriteString(strings.ToUpper(w))
			continue
		}
		rs := []rune(w)
		sb.WriteRune(unicode.ToUpper(rs[0]))
		sb.WriteString(string(rs[1:]))
	}
	return sb.String()
}

// local is s as an unexported Go name (a parameter): lowerCamelCase with
// initialisms, and never a keyword.
func local(s string) string {
	ws := words(s)
	if len(ws) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(strings.ToLower(ws[0]))
	for _, w := range ws[1:] {
		sb.WriteString(exported(w))
	}
	name := sb.String()
	if token.IsKeyword(name) {
		name += "_"
	}
	return name
}

// freeIdent is name as an exported Go name that taken does not hold: "X"
// before it where it is no Go name (7up: X7up), then numbered (UserID2).
// Every package names its types, fields and constants so.
func freeIdent(name string, taken func(string) bool) string {
	if !isExportedIdent(name) {
		name = "X" + name
	}
	n := name
	for i := 2; taken(n); i++ {
		n = name + strconv.Itoa(i)
	}
	return n
}

// givenName reports a name that x-omnigen names.go gives (at ptr) and that
// no exported Go identifier is: a name given is used as it is, in either
// emitter, never made into another.
func givenName(name, ptr string) error {
	if name != "" && !isExportedIdent(name) {
		return errorf(ptr, "%q is not an exported Go name", name)
	}
	return nil
}

// isExportedIdent reports whether s can name an exported Go identifier.
func isExportedIdent(s string) bool {
	return token.IsIdentifier(s) && token.IsExported(s)
}
