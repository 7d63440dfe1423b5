package golang

import (
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

func TestNames(t *testing.T) {
	for in, want := range map[string]string{
		"tool_call_id": "ToolCallID", "ImageUrlPayload": "ImageURLPayload", "mime_type": "MIMEType",
		"session_meta": "SessionMeta", "HTTPServer": "HTTPServer", "model_context_window": "ModelContextWindow",
		"non-fiction": "NonFiction", "e-book": "EBook", "utf8_text": "UTF8Text", "v2_api": "V2API", "ideal": "Ideal",
		"OmniMessage": "OmniMessage", "json": "JSON", "a.b c": "ABC",
	} {
		if got := exported(in); got != want {
			t.Errorf("exported(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"toolCallId": "toolCallID", "sessionId": "sessionID", "imageUrl": "imageURL", "mimeType": "mimeType",
		"URL": "url", "type": "type_", "func": "func_", "stopReason": "stopReason",
	} {
		if got := local(in); got != want {
			t.Errorf("local(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSentence(t *testing.T) {
	cases := []struct {
		name, desc string
		function   bool
		want       string
	}{
		{"Role", "Who speaks a model payload.", false, "Role is who speaks a model payload."},
		{"Timestamp", "An instant in ISO 8601 form.", false, "Timestamp is an instant in ISO 8601 form."},
		{"Images", "Images as data URLs.", false, "Images as data URLs."},
		{"Thing", "PenguinHarness's thing.", false, "Thing is PenguinHarness's thing."},
		{"UserText", "Builds a text message from the user.", true, "UserText builds a text message from the user."},
		{"X", "", false, ""},
	}
	for _, c := range cases {
		if got := sentence(c.name, c.desc, c.function); got != c.want {
			t.Errorf("sentence(%q, %q) = %q, want %q", c.name, c.desc, got, c.want)
		}
	}
	if got := renameParams("Returns msg with sessionId, not sessionIds.", map[string]string{"sessionId": "sessionID"}); got != "Returns msg with sessionID, not sessionIds." {
		t.Errorf("renameParams: %q", got)
	}
}

func TestWrap(t *testing.T) {
	text := strings.Repeat("word ", 40) + "\n  - a list item that is long enough to wrap onto a second line of the comment"
	for _, l := range wrap(text, 40) {
		if len(l) > 40 && !strings.Contains(strings.TrimSpace(l), " ") {
			continue
		}
		if len(l) > 40 {
			t.Errorf("line too long: %q", l)
		}
	}
	lines := wrap("  - one two three four five six seven", 16)
	if lines[0] != "  - one two" || !strings.HasPrefix(lines[1], "    ") {
		t.Errorf("list item wrapped as %q", lines)
	}
	if got := docText(""); got != "" {
		t.Errorf("empty doc: %q", got)
	}
}

// A Go name that x-omnigen names.go gives is used as given, in a schema of
// any shape: one that is no exported Go identifier, or that another name
// takes, is the schema's error at its pointer, as in the dialect (the
// general emitter once wrote a field named with a tab in it, which gofmt
// refused, and numbered a given name another had: Thing2).
func TestGivenNameMustBeAGoName(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"type":"object","properties":{"up":{"type":"string","x-omnigen":{"names":{"go":"7up"}}}}}`,
			`#/properties/up/x-omnigen/names/go: "7up" is not an exported Go name`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","x-omnigen":{"names":{"go":"Se\tven"}}}}}`,
			`#/$defs/A/x-omnigen/names/go: "Se\tven" is not an exported Go name`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/$defs/B"}},"$defs":{"A":{"type":"object","x-omnigen":{"names":{"go":"Thing"}}},"B":{"type":"object","x-omnigen":{"names":{"go":"Thing"}}}}}`,
			`#/$defs/B/x-omnigen/names/go: the Go name Thing is already taken by #/$defs/A`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","x-omnigen":{"names":{"go":"Validate"}}}}}`,
			`#/$defs/A/x-omnigen/names/go: the Go name Validate is already taken by the package's own`},
		{`{"type":"object","properties":{"a":{"type":"string","x-omnigen":{"names":{"go":"Same"}}},"b":{"type":"string","x-omnigen":{"names":{"go":"Same"}}}}}`,
			`#/properties/b/x-omnigen/names/go: the Go field name Same is already taken by "a"`},
	} {
		s, err := model.LoadData([]byte(c.schema), "doc.json", model.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Annotated {
			t.Fatalf("%s: read in the dialect, not as any schema", c.schema)
		}
		_, err = Generate(s, Options{Package: "p"})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s: %v, want …%s", c.schema, err, c.want)
		}
	}
}
