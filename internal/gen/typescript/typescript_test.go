package typescript

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/golden"
)

var update = flag.Bool("update", false, "rewrite gen/ts/src and the ts/ golden files of testdata/gen from the current code")

// repo is the repository root, from this package's directory.
const repo = "../../.."

func generate(t *testing.T, path string) []gen.File {
	t.Helper()
	s, err := model.Load(path, model.LoadOptions{})
	if err != nil {
		t.Fatalf("model: %v", err)
	}
	files, err := Generate(s, Options{})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return files
}

// check compares files with dir, or rewrites dir with -update.
func check(t *testing.T, dir string, files []gen.File) {
	t.Helper()
	golden.Check(t, dir, files, *update, "go test ./internal/gen/typescript -update")
}

// The committed gen/ts/src is exactly what the canonical schema generates.
func TestCanonicalGolden(t *testing.T) {
	check(t, filepath.Join(repo, "gen", "ts"), generate(t, ""))
}

func TestDeterministic(t *testing.T) {
	cases, _ := filepath.Glob(filepath.Join(repo, "testdata", "gen", "any-*", "schema.json"))
	for _, c := range append([]string{""}, cases...) {
		deterministic(t, c)
	}
}

// deterministic generates from the schema at path several times, from
// models built anew, and wants the same bytes each time.
func deterministic(t *testing.T, path string) {
	t.Helper()
	first := generate(t, path)
	for i := 0; i < 5; i++ {
		again := generate(t, path)
		if len(again) != len(first) {
			t.Fatalf("run %d: %d files, then %d", i, len(first), len(again))
		}
		for j := range first {
			if first[j].Path != again[j].Path || !bytes.Equal(first[j].Content, again[j].Content) {
				t.Fatalf("run %d: %s differs", i, first[j].Path)
			}
		}
	}
}

// Every case under testdata/gen with a schema.json has its TypeScript
// rendering in ts/ beside it (or, when the schema cannot be rendered, the
// error in ts/error.txt).
func TestGoldenCases(t *testing.T) {
	schemas, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(schemas) == 0 {
		t.Fatal("no golden cases under testdata/gen")
	}
	for _, schema := range schemas {
		dir := filepath.Dir(schema)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			out := filepath.Join(dir, "ts")
			errFile := filepath.Join(out, "error.txt")
			files, err := func() ([]gen.File, error) {
				s, err := model.Load(schema, model.LoadOptions{})
				if err != nil {
					return nil, err
				}
				return Generate(s, Options{})
			}()
			if err != nil {
				want := err.Error() + "\n"
				if *update {
					if err := os.MkdirAll(out, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(errFile, []byte(want), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				have, rerr := os.ReadFile(errFile)
				if rerr != nil || string(have) != want {
					t.Fatalf("generate: %v (ts/error.txt: %q)", err, have)
				}
				return
			}
			if _, err := os.Stat(errFile); err == nil {
				if !*update {
					t.Fatalf("ts/error.txt expects an error, but the schema generates")
				}
				os.Remove(errFile)
			}
			check(t, out, files)
		})
	}
}

// The output follows the layout rules that keep it prettier-clean (the
// TypeScript tests run prettier --check on it too): a header, two-space
// indents, no tab, no trailing space, no line over 80 columns except an
// unbreakable one, one final newline.
func TestLayout(t *testing.T) {
	cases := []string{""}
	more, _ := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	cases = append(cases, more...)
	unbreakable := regexp.MustCompile(`^\s*(/.*/u;|\* .*|/\*\* .* \*/|".*",?)$`)
	for _, c := range cases {
		s, err := model.Load(c, model.LoadOptions{})
		if err != nil {
			continue
		}
		files, err := Generate(s, Options{})
		if err != nil {
			continue
		}
		for _, f := range files {
			name := c + ":" + f.Path
			text := string(f.Content)
			if !strings.HasPrefix(text, gen.Header+"\n\n") {
				t.Errorf("%s: does not start with the header and a blank line", name)
			}
			if !strings.HasSuffix(text, "\n") || strings.HasSuffix(text, "\n\n") {
				t.Errorf("%s: must end in exactly one newline", name)
			}
			for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				switch {
				case strings.Contains(l, "\t"):
					t.Errorf("%s:%d: tab", name, i+1)
				case strings.TrimRight(l, " ") != l:
					t.Errorf("%s:%d: trailing space", name, i+1)
				case textWidth(l) > width && !unbreakable.MatchString(l):
					t.Errorf("%s:%d: %d columns: %s", name, i+1, textWidth(l), l)
				}
			}
		}
	}
}

// The canonical output exports every name the reference module exports.
func TestCanonicalExports(t *testing.T) {
	files := generate(t, "")
	var all strings.Builder
	for _, f := range files {
		all.Write(f.Content)
	}
	exported := map[string]bool{}
	re := regexp.MustCompile(`(?m)^export (?:type|interface|function|class) ([A-Za-z0-9_$]+)`)
	for _, m := range re.FindAllStringSubmatch(all.String(), -1) {
		exported[m[1]] = true
	}
	want := []string{
		"OmniMessage", "OmniPayload", "ModelPayload", "CompleteModelPayload", "PartialModelPayload", "EventPayload",
		"SessionMetaPayload", "ToolDefinition", "TextPayload", "ThinkingPayload", "InlineThinkingPayload",
		"ToolCallPayload", "ToolCallOutputPayload", "ImageUrlPayload", "InlineDataPayload",
		"PartialTextPayload", "PartialThinkingPayload", "PartialToolCallPayload", "PartialToolCallOutputPayload",
		"RequestBeginPayload", "RequestEndPayload", "ApprovalDecisionPayload", "TokenUsagePayload", "TokenCounts",
		"CompactionReason", "CompactionMode", "CompactionBeginPayload", "CompactionEndPayload", "AbortPayload",
		"SubagentPayload", "StopReason", "StreamEventType", "Fidelity", "CompleteModelMessage",
		"sessionMeta", "textMessage", "userText", "assistantText", "imageUrlMessage", "inlineData", "thinkingMessage",
		"inlineThinking", "toolCall", "toolCallOutput", "partialText", "partialThinking", "partialToolCall",
		"partialToolCallOutput", "approvalDecision", "abortEvent", "requestBegin", "requestEnd", "compactionBegin",
		"compactionEnd", "subagentEvent", "tokenUsage", "emptyTokenCounts", "addTokenCounts", "withOrigin",
		"isCompleteModelMessage", "isPartialPayload", "isModelMessage", "isEventMessage", "isSessionMeta",
		"PartialAggregator", "aggregateAll", "parseOmniMessage", "isOmniMessage",
	}
	var missing []string
	for _, n := range want {
		if !exported[n] {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("not exported: %s", strings.Join(missing, ", "))
	}
}

// Names come from the model plus the "ts" override, and what TypeScript
// cannot express is an error naming the schema construct.
func TestNames(t *testing.T) {
	s, err := model.Build([]byte(`{"$ref":"#/$defs/Doc","$defs":{
		"Doc":{"type":"object","properties":{"a":{"$ref":"#/$defs/Thing"}},"x-omnigen":{"names":{"go":"GoDoc","ts":"TsDoc"}}},
		"Thing":{"type":"string","enum":["x"]}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	types := string(files[0].Content)
	if !strings.Contains(types, "export interface TsDoc {") || strings.Contains(types, "GoDoc") {
		t.Errorf("the ts override was not used:\n%s", types)
	}
	// A definition named as a global the generated code uses is numbered,
	// not refused; one whose name is no identifier is named in Pascal case
	// (A-B is AB).
	s, err = model.Build([]byte(`{"$defs":{"Set":{"type":"string"},"Map":{"type":"object","properties":{"a":{"$ref":"#/$defs/Set"}}}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	files, err = Generate(s, Options{})
	if err != nil {
		t.Fatalf("a definition named Set: %v", err)
	}
	if types := string(files[0].Content); !strings.Contains(types, "export type Set2 = string;") || !strings.Contains(types, "export interface Map2 {") {
		t.Errorf("Set and Map were not numbered:\n%s", types)
	}
	s, err = model.Build([]byte(`{"$defs":{"A-B":{"type":"string"}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if files, err = Generate(s, Options{}); err != nil {
		t.Fatalf("a definition named A-B: %v", err)
	}
	if types := string(files[0].Content); !strings.Contains(types, "export type AB = string;") {
		t.Errorf("A-B is not AB:\n%s", types)
	}
	for _, c := range []struct{ name, schema, pointer string }{
		{"not an identifier", `{"$defs":{"A":{"type":"string","x-omnigen":{"names":{"ts":"A-B"}}}}}`, "#/$defs/A"},
		{"an override shadows a global", `{"$defs":{"A":{"type":"string","x-omnigen":{"names":{"ts":"Set"}}}}}`, "#/$defs/A"},
		{"override collides", `{"$defs":{"A":{"type":"string"},"B":{"type":"string","x-omnigen":{"names":{"ts":"A"}}}}}`, "#/$defs/B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := model.Build([]byte(c.schema), "")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Generate(s, Options{})
			var e *model.Error
			if !errors.As(err, &e) || e.Pointer != c.pointer {
				t.Fatalf("want an error at %s, got %v", c.pointer, err)
			}
		})
	}
}

func TestLiteral(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`null`, "null"},
		{`"it's \"x\""`, `'it\'s "x"'`},
		{`"a\u2028b"`, `"a\u2028b"`},
		{`1.50E+03`, "1.5e3"},
		{`{"b":1,"a":[true,{}],"c-d":"x"}`, `{ b: 1, a: [true, {}], "c-d": "x" }`},
	} {
		got, err := literal([]byte(c.in))
		if err != nil || got != c.want {
			t.Errorf("literal(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
}

// Generating leaves the model as it was: a second run on the same model
// writes the same files (an emitter that wrote into the model's slices once
// emptied the canonical unions' tag lists for every later reader).
func TestGenerateLeavesTheModelAlone(t *testing.T) {
	s, err := model.BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	first, err := Generate(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := Generate(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(second) {
		t.Fatalf("%d files, then %d", len(first), len(second))
	}
	for i := range first {
		if string(first[i].Content) != string(second[i].Content) {
			t.Errorf("%s differs the second time", first[i].Path)
		}
	}
}
