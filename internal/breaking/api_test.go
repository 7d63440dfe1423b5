package breaking_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/breaking"
	"github.com/omnigen-dev/omnigen/internal/testutil/jsondoc"
)

// apiCase is one schema edit of the API golden file: a class of change to
// the generated code, reported in both categories.
type apiCase struct {
	name string
	edit func(d doc)
	// want lists "RULE label" of the changes expected, in report order
	// (wire first, then Go, then TypeScript), each once per language where
	// it applies.
	want []string
}

func setBuilderName(d doc, def, lang, name string) {
	b := d.Obj("$defs", def, "x-omnigen", "builders", "0")
	names, _ := b.Get("names").(*jsondoc.Object)
	if names == nil {
		names = jsondoc.New()
		b.Set("names", names)
	}
	names.Set(lang, name)
}

// addUserTextFidelity gives userText, which has no optional param, an
// optional fidelity.
func addUserTextFidelity(d doc) {
	b := d.Obj("$defs", "TextPayload", "x-omnigen", "builders", "1")
	b.Set("params", append(b.Arr("params"), jsondoc.New("name", "fidelity", "field", "fidelity", "omitEmpty", true)))
}

var apiCases = []apiCase{
	{"builder-removed", func(d doc) {
		d.def("SubagentPayload").Delete("x-omnigen")
	}, []string{"BUILDER_REMOVED breaking", "BUILDER_REMOVED breaking"}},
	{"builder-renamed-in-go", func(d doc) {
		setBuilderName(d, "ApprovalDecisionPayload", "go", "Decide")
	}, []string{"BUILDER_RENAMED breaking"}},
	{"builder-renamed-in-the-schema", func(d doc) {
		d.Obj("$defs", "SubagentPayload", "x-omnigen", "builders", "0").Set("name", "subagentStarted")
	}, []string{"BUILDER_RENAMED breaking", "BUILDER_RENAMED breaking"}},
	{"param-added-required", func(d doc) {
		d.props("SubagentPayload").Set("depth", jsondoc.New("type", "integer"))
		sp := d.def("SubagentPayload")
		sp.Set("required", append(sp.Arr("required"), "depth"))
		b := sp.Obj("x-omnigen", "builders", "0")
		b.Set("params", append(b.Arr("params"), jsondoc.New("name", "depth", "field", "depth")))
	}, []string{
		"PROPERTY_ADDED_REQUIRED breaking",
		"NAME_ADDED compatible", "PARAM_ADDED_REQUIRED breaking",
		"FIELD_ADDED_REQUIRED breaking", "PARAM_ADDED_REQUIRED breaking"}},
	{"param-added-optional", func(d doc) {
		d.props("RequestEndPayload").Set("attempt", jsondoc.New("type", "integer", "minimum", json.Number("1")))
		b := d.Obj("$defs", "RequestEndPayload", "x-omnigen", "builders", "0")
		b.Set("params", append(b.Arr("params"), jsondoc.New("name", "attempt", "field", "attempt", "optional", true)))
	}, []string{
		"PROPERTY_ADDED_OPTIONAL compatible (object widening)",
		"NAME_ADDED compatible", "PARAM_ADDED_OPTIONAL compatible",
		"NAME_ADDED compatible", "PARAM_ADDED_OPTIONAL compatible"}},
	{"first-optional-param-added", addUserTextFidelity, []string{
		"NAME_ADDED compatible", "PARAM_ADDED_OPTIONAL compatible",
		"PARAM_ADDED_OPTIONAL compatible"}},
	{"param-removed", func(d doc) {
		b := d.Obj("$defs", "ThinkingPayload", "x-omnigen", "builders", "0")
		b.Set("params", b.Arr("params")[:2])
	}, []string{"PARAM_REMOVED breaking", "PARAM_REMOVED breaking"}},
	{"param-reordered", func(d doc) {
		b := d.Obj("$defs", "InlineDataPayload", "x-omnigen", "builders", "0")
		ps := b.Arr("params")
		ps[1], ps[2] = ps[2], ps[1]
	}, []string{
		"PARAM_REORDERED breaking", "PARAM_REORDERED breaking",
		"PARAM_REORDERED breaking", "PARAM_REORDERED breaking"}},
	{"param-renamed-in-place", func(d doc) {
		d.param("SubagentPayload", 0, 0).Set("name", "childSessionId")
	}, []string{"PARAM_RENAMED compatible", "PARAM_RENAMED compatible"}},
	{"param-made-required", func(d doc) {
		d.param("TextPayload", 0, 2).Delete("default")
	}, []string{
		"PARAM_MADE_REQUIRED breaking", "PARAM_MOVED breaking",
		"PARAM_MADE_REQUIRED breaking"}},
	{"param-made-optional", func(d doc) {
		d.param("SubagentPayload", 0, 0).Set("default", "")
	}, []string{"NAME_ADDED compatible", "PARAM_MOVED breaking", "PARAM_MADE_OPTIONAL compatible"}},
	{"param-type-changed", func(d doc) {
		d.props("SubagentPayload").Obj("session_id").Set("type", "integer")
	}, []string{
		"TYPE_CHANGED breaking",
		"NAME_TYPE_CHANGED breaking", "PARAM_TYPE_CHANGED breaking",
		"NAME_TYPE_CHANGED breaking", "PARAM_TYPE_CHANGED breaking"}},
	{"type-renamed-in-go", func(d doc) {
		d.def("TokenCounts").Obj("x-omnigen").Set("names", jsondoc.New("go", "Counts"))
	}, []string{"NAME_RENAMED breaking"}},
	{"field-renamed-in-go", func(d doc) {
		d.props("ToolCallPayload").Obj("tool_call_id").Set("x-omnigen", jsondoc.New("names", jsondoc.New("go", "CallID")))
	}, []string{"NAME_RENAMED breaking"}},
	{"type-removed", func(d doc) {
		removeDef(d, "EventPayload", "SubagentPayload")
	}, []string{
		"PAYLOAD_TYPE_REMOVED breaking", "TYPE_REMOVED breaking",
		"NAME_REMOVED breaking", "BUILDER_REMOVED breaking",
		"NAME_REMOVED breaking", "BUILDER_REMOVED breaking"}},
	{"enum-value-removed", func(d doc) {
		e := d.def("GoalOutcomeStatus")
		e.Set("enum", e.Arr("enum")[:3])
	}, []string{"ENUM_VALUE_REMOVED breaking", "NAME_REMOVED breaking", "NAME_REMOVED breaking"}},
	{"additive", func(d doc) {
		addForbidden(d)
		addSender(d)
		d.Obj("$defs").Set("NotePayload", jsondoc.New(
			"description", "A note.",
			"type", "object",
			"properties", jsondoc.New("type", jsondoc.New("const", "note"), "text", jsondoc.New("type", "string")),
			"required", []any{"type", "text"},
			"additionalProperties", false,
			"x-omnigen", jsondoc.New("builders", []any{jsondoc.New("name", "note", "params", []any{jsondoc.New("name", "text", "field", "text")})}),
		))
		u := d.def("EventPayload")
		u.Set("oneOf", append(u.Arr("oneOf"), jsondoc.New("$ref", "#/$defs/NotePayload")))
	}, []string{
		"ENUM_VALUE_ADDED compatible (enum widening)", "PAYLOAD_TYPE_ADDED compatible (union widening)",
		"TYPE_ADDED compatible", "PROPERTY_ADDED_OPTIONAL compatible (object widening)",
		"NAME_ADDED compatible", "NAME_ADDED compatible", "BUILDER_ADDED compatible", "NAME_ADDED compatible",
		"NAME_ADDED compatible", "NAME_ADDED compatible", "BUILDER_ADDED compatible", "NAME_ADDED compatible"}},
}

// TestAPIGolden runs each class of change to the generated API against the
// canonical schema, checks the rules it gives in each category, and keeps
// the full reports in testdata/breaking/api.txt.
func TestAPIGolden(t *testing.T) {
	var all bytes.Buffer
	for _, c := range apiCases {
		old, new := canonical(t), canonical(t)
		c.edit(new)
		changes, notes := breaking.CompareCategories(old.build(t), new.build(t), breaking.Categories)
		if len(notes) > 0 {
			t.Errorf("%s: %s", c.name, strings.Join(notes, "; "))
		}
		var got []string
		for _, ch := range changes {
			got = append(got, string(ch.Rule)+" "+ch.Label())
			if ch.Category != ch.Rule.Category() || ch.Severity != ch.Rule.Severity() || ch.Message == "" {
				t.Errorf("%s: bad change %+v", c.name, ch)
			}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: changes\n  %s\nwant\n  %s", c.name, strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			for _, ch := range changes {
				t.Logf("%s: %s", ch.Pointer, ch.Message)
			}
		}
		r := &breaking.Report{Old: "canonical", New: c.name, Categories: breaking.Categories, Changes: changes, Notes: notes}
		fmt.Fprintf(&all, "== %s ==\n", c.name)
		if err := r.WriteText(&all); err != nil {
			t.Fatal(err)
		}
		// Only the categories asked for count.
		wireOnly, _ := breaking.CompareCategories(old.build(t), new.build(t), []breaking.Category{breaking.Wire})
		apiOnly, _ := breaking.CompareCategories(old.build(t), new.build(t), []breaking.Category{breaking.API})
		if len(wireOnly)+len(apiOnly) != len(changes) {
			t.Errorf("%s: %d wire and %d api changes, %d in all", c.name, len(wireOnly), len(apiOnly), len(changes))
		}
		for _, ch := range wireOnly {
			if ch.Category != breaking.Wire {
				t.Errorf("%s: %s in the wire category", c.name, ch.Rule)
			}
		}
	}
	golden(t, "api.txt", all.Bytes())

	// A schema for the README: the Go builder approvalDecision renamed in the
	// schema, and userText given an optional fidelity. No data changes; the
	// rename breaks Go callers.
	readme := canonical(t)
	setBuilderName(readme, "ApprovalDecisionPayload", "go", "Decide")
	addUserTextFidelity(readme)
	golden(t, "api-evolved.schema.json", readme.bytes(t))
}

// The canonical schema against itself: nothing in either category, and
// both languages compared.
func TestAPINoChange(t *testing.T) {
	changes, notes := breaking.CompareAPI(canonical(t).build(t), canonical(t).build(t))
	if len(changes) != 0 || len(notes) != 0 {
		t.Errorf("changes %v, notes %v", changes, notes)
	}
}

// A schema one language cannot render is compared in the other, with a note.
func TestAPINotComparable(t *testing.T) {
	old, new := canonical(t), canonical(t)
	// Go refuses a Go name given that is no Go name.
	new.Obj("$defs").Set("Either", jsondoc.New("type", "string", "x-omnigen", jsondoc.New("names", jsondoc.New("go", "7up"))))
	new.def("ToolDefinition").Obj("properties").Set("next", jsondoc.New("$ref", "#/$defs/Either"))
	changes, notes := breaking.CompareAPI(old.build(t), new.build(t))
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "Go API not compared: the new schema does not generate Go: #/$defs/") || !strings.Contains(notes[0], `"7up" is not an exported Go name`) {
		t.Errorf("notes %q", notes)
	}
	for _, ch := range changes {
		if !strings.HasPrefix(ch.Message, "TypeScript: ") {
			t.Errorf("a change in Go: %+v", ch)
		}
	}
}
