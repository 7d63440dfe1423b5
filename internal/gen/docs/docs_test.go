package docs

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/pipeline"
	"github.com/omnigen-dev/omnigen/internal/testutil/golden"
)

var update = flag.Bool("update", false, "rewrite docs/ and the golden files under testdata/gen/*/docs")

var repo = filepath.Join("..", "..", "..")

func render(t *testing.T, schemaPath string) []gen.File {
	t.Helper()
	s, err := pipeline.Load(schemaPath, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func writeOrCompare(t *testing.T, dir string, files []gen.File) {
	t.Helper()
	golden.Check(t, dir, files, *update, "go test ./internal/gen/docs -update")
}

// The committed reference in docs/ is what the canonical schema renders.
func TestCanonicalReferenceUpToDate(t *testing.T) {
	writeOrCompare(t, filepath.Join(repo, "docs"), render(t, ""))
}

// Every golden case that the model builds has its reference in docs/.
func TestGolden(t *testing.T) {
	schemas, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil || len(schemas) < 3 {
		t.Fatalf("golden cases: %v, %d found", err, len(schemas))
	}
	for _, path := range schemas {
		dir := filepath.Dir(path)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			writeOrCompare(t, filepath.Join(dir, "docs"), render(t, path))
		})
	}
}

// The page says what a reader needs of each definition: type, presence,
// nullability, builder defaults, enum values, union members, constraints,
// builders, guards and aggregation.
func TestCanonicalReferenceContent(t *testing.T) {
	files := render(t, "")
	if len(files) != 1 || files[0].Path != "omnimessage.md" {
		t.Fatalf("files %v, want omnimessage.md", files)
	}
	page := string(files[0].Content)
	if !gen.IsGenerated(files[0].Content) {
		t.Errorf("the page does not start with %q", gen.MarkdownHeader)
	}
	for _, want := range []string{
		"# OmniMessage reference\n",
		"| `timestamp` | [Timestamp](#timestamp) | required | When the message was created, ISO 8601 in UTC. |\n",
		"| `payload` | [OmniPayload](#omnipayload), chosen by `type` | required |",
		"| `event_msg` | [EventPayload](#eventpayload) |\n",
		"| `origin` | [Origin](#origin) | optional |",
		"A string, one of: `completed`, `failed`, `aborted`, `timeout`, `malformed`, `auth`.\n",
		"| `stop_reason` | [StopReason](#stopreason) | optional; builders default to `\"completed\"` |",
		"Integer, at least 0.\n",
		"Array of [MessageOrigin](#messageorigin), at least 1 item.\n",
		"matching `^[0-9]{4}-",
		"| `tool_call_output` | [ToolCallOutputPayload](#toolcalloutputpayload) |\n",
		"- `userText(text)`: Builds a text message from the user. The message's `type` is `model_msg`, `role` is `\"user\"` and `stop_reason` is `\"completed\"`.\n",
		"- `toolCall({ name, arguments, toolCallId, stopReason = \"completed\", fidelity? })`",
		"- `isPartialPayload(value)`: Reports whether payload is one of the streaming partial_* payloads.\n",
		"`isCompleteModelMessage(msg)`",
		"and the fragments with the same `tool_call_id` are one message",
		"| `addTokenCounts` | [TokenCounts](#tokencounts) |\n",
		"**Deprecated.** Legacy: a thinking level",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the reference lacks %q", want)
		}
	}
	// Every definition has its heading, and every link its target.
	s, _ := model.BuildFile("")
	for _, typ := range s.Types {
		if !strings.Contains(page, "\n### "+typ.Name+"\n") {
			t.Errorf("no heading for %s", typ.Name)
		}
	}
	anchors := map[string]bool{}
	for _, h := range strings.Split(page, "\n") {
		if strings.HasPrefix(h, "#") {
			a := anchor(strings.TrimLeft(h, "# "))
			if anchors[a] {
				t.Errorf("two headings have the anchor #%s (GitHub would rename the second)", a)
			}
			anchors[a] = true
		}
	}
	for _, l := range strings.Split(page, "](#")[1:] {
		if target := l[:strings.IndexByte(l, ')')]; !anchors[target] {
			t.Errorf("a link to #%s, which no heading has", target)
		}
	}
}
