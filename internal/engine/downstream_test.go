package engine

import (
	"testing"

	"github.com/omnigen-dev/omnigen/internal/schema"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// A downstream schema that $refs the canonical one and adds an event payload
// through "$dynamicAnchor": "EventPayload" validates its own events and the
// canonical ones, and still rejects an event neither knows.
func TestDownstreamSchemaExtendsEvents(t *testing.T) {
	doc, err := schema.Parse([]byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$id": "https://example.com/goal.schema.json",
		"$ref": "`+canonical.ID+`",
		"$defs": {
			"GoalEventPayload": {"$dynamicAnchor": "EventPayload", "oneOf": [
				{"$ref": "`+canonical.ID+`#/$defs/EventPayload"},
				{"$ref": "#/$defs/GoalFinishedPayload"}]},
			"GoalFinishedPayload": {"type": "object", "properties": {
				"type": {"const": "goal_finished"}, "outcome": {"type": "string"},
				"rounds": {"type": "integer", "minimum": 0}},
				"required": ["type", "outcome", "rounds"], "additionalProperties": false}
		}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	const ts = `"timestamp":"2026-07-18T03:10:22.531Z"`
	for _, ok := range []string{
		`{` + ts + `,"type":"event_msg","payload":{"type":"goal_finished","outcome":"done","rounds":3}}`,
		`{` + ts + `,"type":"event_msg","payload":{"type":"request_begin"}}`,
	} {
		if err := v.Validate([]byte(ok)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for line, pointer := range map[string]string{
		`{` + ts + `,"type":"event_msg","payload":{"type":"goal_finished","outcome":"done"}}`:            "/payload/rounds",
		`{` + ts + `,"type":"model_msg","payload":{"type":"goal_finished","outcome":"done","rounds":1}}`: "/payload/type",
	} {
		err := v.Validate([]byte(line))
		if e, ok := err.(*schema.Error); !ok || e.Pointer != pointer {
			t.Errorf("%s: got %v, want an error at %s", line, err, pointer)
		}
	}
	// The canonical schema alone does not know goal_finished.
	if Validate([]byte(`{`+ts+`,"type":"event_msg","payload":{"type":"goal_finished","outcome":"done","rounds":3}}`)) == nil {
		t.Error("the canonical schema accepted a downstream event")
	}
}
