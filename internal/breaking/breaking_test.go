package breaking_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/breaking"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/jsondoc"
	"github.com/omnigen-dev/omnigen/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/breaking")

// doc is a decoded schema document that a test edits, its keys kept in
// order (generated code follows the order of properties).
type doc struct{ *jsondoc.Object }

// canonical decodes the embedded canonical schema, numbers kept as written.
func canonical(t *testing.T) doc {
	t.Helper()
	v, err := jsondoc.Decode(schema.Canonical)
	if err != nil {
		t.Fatal(err)
	}
	return doc{v.(*jsondoc.Object)}
}

func (d doc) def(name string) *jsondoc.Object { return d.Obj("$defs", name) }

func (d doc) props(name string) *jsondoc.Object { return d.Obj("$defs", name, "properties") }

// param is a builder's param of a definition.
func (d doc) param(name string, builder, param int) *jsondoc.Object {
	return d.Obj("$defs", name, "x-omnigen", "builders", strconv.Itoa(builder), "params", strconv.Itoa(param))
}

func (d doc) bytes(t *testing.T) []byte {
	t.Helper()
	return jsondoc.Encode(d.Object)
}

func (d doc) build(t *testing.T) *model.Schema {
	t.Helper()
	s, err := model.Build(d.bytes(t), "")
	if err != nil {
		t.Fatalf("the edited schema does not build: %v", err)
	}
	return s
}

// compare builds both documents and compares them.
func compare(t *testing.T, old, new doc) []breaking.Change {
	t.Helper()
	return breaking.Compare(old.build(t), new.build(t))
}

// lines sums up changes as "RULE label pointer".
func lines(cs []breaking.Change) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, string(c.Rule)+" "+c.Label()+" "+c.Pointer)
	}
	return out
}

func expect(t *testing.T, got []breaking.Change, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if g := lines(got); !reflect.DeepEqual(g, want) {
		t.Errorf("changes:\n  %s\nwant:\n  %s", strings.Join(g, "\n  "), strings.Join(want, "\n  "))
		for _, c := range got {
			t.Logf("%s: %s", c.Pointer, c.Message)
		}
	}
	for _, c := range got {
		if c.Message == "" || c.Severity != c.Rule.Severity() {
			t.Errorf("%s: bad change %+v", c.Pointer, c)
		}
	}
}

// renameRequestEndMessage renames request_end's message to error_message,
// builder included.
func renameRequestEndMessage(d doc) {
	p := d.props("RequestEndPayload")
	p.Rename("message", "error_message")
	d.param("RequestEndPayload", 0, 1).Set("field", "error_message")
}

func addSender(d doc) {
	d.props("TextPayload").Set("sender", jsondoc.New("type", "string", "description", "Who sent it."))
}

func addForbidden(d doc) {
	e := d.def("ApprovalDecision")
	e.Set("enum", append(e.Arr("enum"), "forbidden"))
}

// removeAbort takes the abort payload out of the event union and $defs.
func removeAbort(d doc) { removeDef(d, "EventPayload", "AbortPayload") }

// removeDef takes the definition name out of $defs and out of union.
func removeDef(d doc, union, name string) {
	u := d.def(union)
	var kept []any
	for _, m := range u.Arr("oneOf") {
		if m.(*jsondoc.Object).Get("$ref") != "#/$defs/"+name {
			kept = append(kept, m)
		}
	}
	u.Set("oneOf", kept)
	d.Obj("$defs").Delete(name)
}

func TestNoChange(t *testing.T) {
	expect(t, compare(t, canonical(t), canonical(t)))
}

func TestRenameIsRemovedPlusAdded(t *testing.T) {
	old, new := canonical(t), canonical(t)
	renameRequestEndMessage(new)
	got := compare(t, old, new)
	expect(t, got,
		"PROPERTY_ADDED_OPTIONAL compatible (object widening) #/$defs/RequestEndPayload/properties/error_message",
		"PROPERTY_REMOVED breaking #/$defs/RequestEndPayload/properties/message")
	r := breaking.Report{Changes: got}
	if !r.Breaking() {
		t.Error("a rename must be breaking")
	}
}

func TestAddOptionalProperty(t *testing.T) {
	old, new := canonical(t), canonical(t)
	addSender(new)
	got := compare(t, old, new)
	expect(t, got, "PROPERTY_ADDED_OPTIONAL compatible (object widening) #/$defs/TextPayload/properties/sender")
	if (&breaking.Report{Changes: got}).Breaking() {
		t.Error("an optional property is compatible")
	}
}

func TestEnumWidening(t *testing.T) {
	old, new := canonical(t), canonical(t)
	addForbidden(new)
	got := compare(t, old, new)
	expect(t, got, "ENUM_VALUE_ADDED compatible (enum widening) #/$defs/ApprovalDecision/enum/2")
	if len(got) == 1 && (got[0].Widening != "enum widening" || !strings.Contains(got[0].Message, `"forbidden"`)) {
		t.Errorf("not reported as an enum widening: %+v", got[0])
	}
	// The other way round, the value is removed.
	expect(t, compare(t, new, old), "ENUM_VALUE_REMOVED breaking #/$defs/ApprovalDecision/enum/2")
}

func TestRemovePayloadType(t *testing.T) {
	old, new := canonical(t), canonical(t)
	removeAbort(new)
	expect(t, compare(t, old, new),
		"TYPE_REMOVED breaking #/$defs/AbortPayload",
		"PAYLOAD_TYPE_REMOVED breaking #/$defs/EventPayload/oneOf/6")
	expect(t, compare(t, new, old),
		"TYPE_ADDED compatible #/$defs/AbortPayload",
		"PAYLOAD_TYPE_ADDED compatible (union widening) #/$defs/EventPayload/oneOf/6")
}

func TestPayloadRenamedWithSameTag(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.Obj("$defs").Rename("SubagentPayload", "SubagentEventPayload")
	for _, m := range new.def("EventPayload").Arr("oneOf") {
		if m := m.(*jsondoc.Object); m.Get("$ref") == "#/$defs/SubagentPayload" {
			m.Set("$ref", "#/$defs/SubagentEventPayload")
		}
	}
	// Same tag, same shape: on the wire nothing changed; only the name did.
	expect(t, compare(t, old, new),
		"TYPE_REFERENCE_CHANGED compatible #/$defs/EventPayload/oneOf/8",
		"TYPE_ADDED compatible #/$defs/SubagentEventPayload",
		"TYPE_REMOVED breaking #/$defs/SubagentPayload")
}

func TestMakeRequired(t *testing.T) {
	old, new := canonical(t), canonical(t)
	tp := new.def("TextPayload")
	tp.Set("required", append(tp.Arr("required"), "stop_reason"))
	expect(t, compare(t, old, new), "PROPERTY_MADE_REQUIRED breaking #/$defs/TextPayload/properties/stop_reason")
	expect(t, compare(t, new, old), "PROPERTY_MADE_OPTIONAL compatible (optional widening) #/$defs/TextPayload/properties/stop_reason")
}

func TestAddRequiredProperty(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.props("SubagentPayload").Set("depth", jsondoc.New("type", "integer"))
	sp := new.def("SubagentPayload")
	sp.Set("required", append(sp.Arr("required"), "depth"))
	sp.Obj("x-omnigen", "builders", "0").Set("params", []any{
		jsondoc.New("name", "sessionId", "field", "session_id"),
		jsondoc.New("name", "depth", "field", "depth"),
	})
	expect(t, compare(t, old, new), "PROPERTY_ADDED_REQUIRED breaking #/$defs/SubagentPayload/properties/depth")
}

func TestTypeChange(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.props("SubagentPayload").Obj("session_id").Set("type", "integer")
	got := compare(t, old, new)
	expect(t, got, "TYPE_CHANGED breaking #/$defs/SubagentPayload/properties/session_id")
	if len(got) == 1 && !strings.Contains(got[0].Message, "from string to integer") {
		t.Errorf("message: %s", got[0].Message)
	}
}

func TestTypeWidening(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.def("Count").Set("type", "number")
	expect(t, compare(t, old, new), "TYPE_WIDENED compatible (type widening) #/$defs/Count")
	expect(t, compare(t, new, old), "TYPE_CHANGED breaking #/$defs/Count")

	// A scalar union losing a type is breaking, gaining one compatible.
	old, new = canonical(t), canonical(t)
	new.def("ModelContextWindow").Set("type", []any{"number"})
	expect(t, compare(t, old, new), "TYPE_CHANGED breaking #/$defs/ModelContextWindow")
	new.def("ModelContextWindow").Set("type", []any{"number", "string", "boolean"})
	expect(t, compare(t, old, new), "TYPE_WIDENED compatible (type widening) #/$defs/ModelContextWindow")
}

func TestReferenceChanged(t *testing.T) {
	// A property that referred to a definition now refers to a stricter one.
	old, new := canonical(t), canonical(t)
	new.Obj("$defs").Set("SessionId", jsondoc.New("type", "string", "minLength", json.Number("1")))
	new.props("SubagentPayload").Set("session_id", jsondoc.New("$ref", "#/$defs/SessionId"))
	got := compare(t, old, new)
	expect(t, got,
		"TYPE_ADDED compatible #/$defs/SessionId",
		"TYPE_CHANGED breaking #/$defs/SubagentPayload/properties/session_id")
	if len(got) == 2 && !strings.Contains(got[1].Message, "minLength 1 added") {
		t.Errorf("message: %s", got[1].Message)
	}
	// The other way round, it widens.
	expect(t, compare(t, new, old),
		"TYPE_REMOVED breaking #/$defs/SessionId",
		"TYPE_REFERENCE_CHANGED compatible (type widening) #/$defs/SubagentPayload/properties/session_id")
}

func TestConstChange(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.props("TextPayload").Obj("type").Set("const", "message")
	expect(t, compare(t, old, new), "CONST_CHANGED breaking #/$defs/TextPayload/properties/type")

	old, new = canonical(t), canonical(t)
	new.props("ThinkingPayload").Set("role", jsondoc.New("$ref", "#/$defs/Role"))
	new.def("ThinkingPayload").Obj("x-omnigen", "builders", "0").Set("set", jsondoc.New("role", "assistant"))
	expect(t, compare(t, old, new), "CONST_REMOVED compatible (const widening) #/$defs/ThinkingPayload/properties/role")
	expect(t, compare(t, new, old), "CONST_ADDED breaking #/$defs/ThinkingPayload/properties/role")
}

func TestCloseOpenObject(t *testing.T) {
	open, closed := canonical(t), canonical(t)
	open.def("ToolDefinition").Delete("additionalProperties")
	expect(t, compare(t, open, closed), "OBJECT_CLOSED breaking #/$defs/ToolDefinition/additionalProperties")
	expect(t, compare(t, closed, open), "OBJECT_OPENED compatible (object widening) #/$defs/ToolDefinition")

	// A property added to an open object is no widening: old readers
	// accepted any property.
	withTag := canonical(t)
	withTag.def("ToolDefinition").Delete("additionalProperties")
	withTag.props("ToolDefinition").Set("tag", jsondoc.New("type", "string"))
	expect(t, compare(t, open, withTag), "PROPERTY_ADDED_OPTIONAL compatible #/$defs/ToolDefinition/properties/tag")
}

func TestNullable(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.props("SubagentPayload").Obj("session_id").Set("type", []any{"string", "null"})
	expect(t, compare(t, old, new), "NULLABLE_ADDED compatible (null widening) #/$defs/SubagentPayload/properties/session_id")
	expect(t, compare(t, new, old), "NULLABLE_REMOVED breaking #/$defs/SubagentPayload/properties/session_id")
}

func TestConstraints(t *testing.T) {
	old, new := canonical(t), canonical(t)
	new.def("Count").Set("minimum", json.Number("1"))
	new.def("Origin").Set("minItems", json.Number("2"))
	new.def("Timestamp").Set("pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}[.][0-9]{3}Z$")
	new.def("Timestamp").Delete("format")
	expect(t, compare(t, old, new),
		"CONSTRAINT_TIGHTENED breaking #/$defs/Count/minimum",
		"CONSTRAINT_TIGHTENED breaking #/$defs/Origin/minItems",
		"CONSTRAINT_RELAXED compatible (constraint widening) #/$defs/Timestamp/format",
		"CONSTRAINT_TIGHTENED breaking #/$defs/Timestamp/pattern")
}

// TestOrder checks that pointers sort token by token, numbers as numbers.
func TestOrder(t *testing.T) {
	old, new := canonical(t), canonical(t)
	e := new.def("StopReason")
	for _, v := range []string{"v6", "v7", "v8", "v9", "v10"} {
		e.Set("enum", append(e.Arr("enum"), v))
	}
	got := lines(compare(t, old, new))
	if len(got) != 5 || !strings.HasSuffix(got[0], "/enum/6") || !strings.HasSuffix(got[4], "/enum/10") {
		t.Errorf("order: %q", got)
	}
}

// multiChange is the protocol evolution of the golden files.
func multiChange(t *testing.T) (old, new []byte) {
	o, n := canonical(t), canonical(t)
	renameRequestEndMessage(n)
	addSender(n)
	addForbidden(n)
	removeAbort(n)
	n.props("SubagentPayload").Obj("session_id").Set("type", "integer")
	n.def("Count").Set("minimum", json.Number("1"))
	return o.bytes(t), n.bytes(t)
}

func TestGolden(t *testing.T) {
	oldData, newData := multiChange(t)
	old, err := model.Build(oldData, "")
	if err != nil {
		t.Fatal(err)
	}
	new, err := model.Build(newData, "")
	if err != nil {
		t.Fatal(err)
	}
	r := &breaking.Report{Old: "v1.schema.json", New: "v2.schema.json", Changes: breaking.Compare(old, new)}
	var text, js bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	golden(t, "multi.txt", text.Bytes())
	golden(t, "multi.json", js.Bytes())
	// The evolved schema itself, so that the README can run the comparison
	// with the CLI on real files.
	golden(t, "evolved.schema.json", newData)
	if !json.Valid(js.Bytes()) {
		t.Error("the JSON report is not valid JSON")
	}
	// Deterministic: a second run gives the same changes.
	if again := breaking.Compare(old, new); !reflect.DeepEqual(again, r.Changes) {
		t.Error("two comparisons differ")
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "breaking", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update to rewrite it):\n%s", name, got)
	}
}

func TestEmptyReport(t *testing.T) {
	r := &breaking.Report{Old: "a", New: "b"}
	var text, js bytes.Buffer
	r.WriteText(&text)
	r.WriteJSON(&js)
	if text.String() != "no changes from a to b\n" {
		t.Errorf("text: %q", text.String())
	}
	if !strings.Contains(js.String(), `"changes": []`) {
		t.Errorf("json: %s", js.String())
	}
}

func TestRulesDocumented(t *testing.T) {
	seen := map[breaking.Rule]bool{}
	for _, r := range breaking.Rules {
		if seen[r.Rule] || r.Meaning == "" || (r.Severity != breaking.Breaking && r.Severity != breaking.Compatible) {
			t.Errorf("rule %s: duplicate or undocumented", r.Rule)
		}
		seen[r.Rule] = true
	}
}

// TestDownstreamSchema compares two versions of a schema that $refs the
// canonical one: the canonical types it uses are compared too, by name.
func TestDownstreamSchema(t *testing.T) {
	const v1 = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.com/goal.schema.json",
  "$defs": {
    "GoalFinishedPayload": {
      "type": "object",
      "properties": {
        "type": {"const": "goal_finished"},
        "outcome": {"type": "string"},
        "rounds": {"$ref": "https://omnigen.dev/schema/omnimessage.schema.json#/$defs/Count"}
      },
      "required": ["type", "outcome", "rounds"],
      "additionalProperties": false
    }
  }
}`
	v2 := strings.Replace(v1, `"rounds": {"$ref": "https://omnigen.dev/schema/omnimessage.schema.json#/$defs/Count"}`,
		`"rounds": {"type": "integer"}, "tokens_used": {"$ref": "https://omnigen.dev/schema/omnimessage.schema.json#/$defs/TokenCounts"}`, 1)
	old, err := model.Build([]byte(v1), "")
	if err != nil {
		t.Fatal(err)
	}
	new, err := model.Build([]byte(v2), "")
	if err != nil {
		t.Fatal(err)
	}
	if old.Lookup("Count") == nil || old.Lookup("Count").Pointer != "https://omnigen.dev/schema/omnimessage.schema.json#/$defs/Count" {
		t.Fatalf("the canonical Count is not in the model")
	}
	// TokenCounts comes and goes with its use: it is the canonical schema's
	// definition, not this one's.
	expect(t, breaking.Compare(old, new),
		"TYPE_REFERENCE_CHANGED compatible (type widening) #/$defs/GoalFinishedPayload/properties/rounds",
		"PROPERTY_ADDED_OPTIONAL compatible (object widening) #/$defs/GoalFinishedPayload/properties/tokens_used")
	back := breaking.Compare(new, old)
	expect(t, back,
		"TYPE_CHANGED breaking #/$defs/GoalFinishedPayload/properties/rounds",
		"PROPERTY_REMOVED breaking #/$defs/GoalFinishedPayload/properties/tokens_used")
	if want := "GoalFinishedPayload.rounds changed from integer to Count (integer): minimum 0 added; old values may no longer validate"; len(back) == 2 && back[0].Message != want {
		t.Errorf("message %q, want %q", back[0].Message, want)
	}
}

// A schema outside omnigen's dialect is compared by what its types say:
// each kind of edit in any-v2 is found, and the notes say what is not
// compared.
func TestAnySchema(t *testing.T) {
	load := func(name string) *model.Schema {
		s, err := model.Load(filepath.Join("..", "..", "testdata", "breaking", name), model.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Annotated {
			t.Fatalf("%s was read as a schema of the dialect", name)
		}
		return s
	}
	old, new := load("any-v1.schema.json"), load("any-v2.schema.json")
	r := &breaking.Report{Old: "any-v1.schema.json", New: "any-v2.schema.json", Categories: breaking.Categories}
	r.Changes, r.Notes = breaking.CompareCategories(old, new, breaking.Categories)
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	golden(t, "any.txt", text.Bytes())
	for _, rule := range []breaking.Rule{breaking.PropertyAddedReq, breaking.EnumValueRemoved, breaking.ConstraintTightened, breaking.PropertyRemovedOpen, breaking.PropertyMadeRequired, breaking.TypeChanged} {
		found := false
		for _, c := range r.Changes {
			found = found || c.Rule == rule
		}
		if !found {
			t.Errorf("no %s change found", rule)
		}
	}
	if !r.Breaking() {
		t.Error("the report is not breaking")
	}
	if same, _ := breaking.CompareCategories(old, old, breaking.Categories); len(same) != 0 {
		t.Errorf("a schema compared with itself: %v", same)
	}
}

// In a schema outside the dialect, an if/then case that picks a
// property's type by a sibling's value, where other values take the
// property's own type, only adds a check: removing it is a widening,
// adding it breaks old data of that value. The definitions it named stay
// in the document, unused: not removed.
func TestAnySelect(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "gen", "any-select", "schema.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsondoc.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	d := v.(*jsondoc.Object)
	d.Set("allOf", d.Arr("allOf")[:1]) // the "shape" case is gone
	fewer := filepath.Join(t.TempDir(), "schema.json")
	if err := os.WriteFile(fewer, jsondoc.Encode(d), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(p string) *model.Schema {
		s, err := model.Load(p, model.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	all, less := load(path), load(fewer)
	for _, c := range []struct {
		old, new *model.Schema
		rule     breaking.Rule
	}{{all, less, breaking.SelectCaseRelaxed}, {less, all, breaking.SelectCaseNarrowed}} {
		changes := breaking.Compare(c.old, c.new)
		if len(changes) != 1 || changes[0].Rule != c.rule || changes[0].Pointer != "#/allOf/1" {
			t.Errorf("want one %s at #/allOf/1, got %+v", c.rule, changes)
		}
	}
}

// In a schema outside the dialect, a definition that the root does not
// reach has no type; its entry alone says it was removed or added.
func TestUnreachedDefinitions(t *testing.T) {
	dir := t.TempDir()
	load := func(name, text string) *model.Schema { return loadIn(t, dir, name, text, true) }
	old := load("old", `{"type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"Gone": {"type": "string"}, "Kept": {"type": "integer"}}}`)
	new := load("new", `{"type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"Kept": {"type": "integer"}, "Came": {"type": "boolean"}}}`)
	var got []string
	for _, c := range breaking.Compare(old, new) {
		got = append(got, c.Pointer+" "+string(c.Rule))
	}
	if want := []string{"#/$defs/Came TYPE_ADDED", "#/$defs/Gone TYPE_REMOVED"}; !reflect.DeepEqual(got, want) {
		t.Errorf("changes %q, want %q", got, want)
	}
}

// A definition that the root does not reach, which other schemas $ref
// (a library of definitions), is compared as any other: what changes
// inside it breaks those schemas' readers.
func TestUnreachedDefinitionChanges(t *testing.T) {
	dir := t.TempDir()
	load := func(name, text string, all bool) *model.Schema { return loadIn(t, dir, name, text, all) }
	const old = `{"$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}}, "Unit": {"enum": ["m", "km"]}}}`
	const new = `{"$defs": {"Point": {"type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "number"}}, "required": ["y"]}, "Unit": {"enum": ["m"]}}}`
	var got []string
	for _, c := range breaking.Compare(load("old", old, true), load("new", new, true)) {
		got = append(got, c.Pointer+" "+string(c.Rule)+" "+string(c.Severity))
	}
	want := []string{
		"#/$defs/Point/properties/x TYPE_CHANGED breaking",
		"#/$defs/Point/properties/y PROPERTY_MADE_REQUIRED breaking",
		"#/$defs/Unit/enum/1 ENUM_VALUE_REMOVED breaking",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes %q, want %q", got, want)
	}
	// Loaded as generate loads them, only what the root reaches is typed:
	// nothing here.
	if cs := breaking.Compare(load("old2", old, false), load("new2", new, false)); len(cs) != 0 {
		t.Errorf("without AllDefinitions: %v", cs)
	}
}

// loadIn loads text as dir/name/schema.json (one file name, so that the
// roots are named alike), with every definition typed when all.
func loadIn(t *testing.T, dir, name, text string, all bool) *model.Schema {
	t.Helper()
	path := filepath.Join(dir, name, "schema.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := model.Load(path, model.LoadOptions{AllDefinitions: all})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
