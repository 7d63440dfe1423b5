package downstream

import (
	"errors"
	"testing"
	"time"
)

func TestExtendedEventUnion(t *testing.T) {
	lines := []string{
		`{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"task_finished","task":"ship-it","outcome":"completed"}}`,
		`{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"abort","reason":null},"origin":["child"]}`,
		`{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"hi","stop_reason":"completed"}}`,
	}
	for _, line := range lines {
		m, err := Unmarshal([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out, err := Marshal(m)
		if err != nil || string(out) != line {
			t.Errorf("%v\n got %s\nwant %s", err, out, line)
		}
	}
	m, _ := Unmarshal([]byte(lines[0]))
	if g, ok := m.Payload.(*TaskFinishedPayload); !ok || g.Task != "ship-it" || !IsEventMessage(m) {
		t.Errorf("decoded %#v", m.Payload)
	}
	// task_finished is an event: not a model payload.
	_, err := Unmarshal([]byte(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"task_finished","task":"g","outcome":"failed"}}`))
	var e *Error
	if !errors.As(err, &e) || e.Pointer != "/payload/type" {
		t.Errorf("got %v", err)
	}
}

func TestTaskBuilder(t *testing.T) {
	Now = func() time.Time { return time.Date(2026, 7, 18, 3, 10, 22, 531e6, time.UTC) }
	defer func() { Now = time.Now }()
	out, err := Marshal(TaskFinished("g"))
	want := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"task_finished","task":"g","outcome":"completed"}}`
	if err != nil || string(out) != want {
		t.Errorf("%v %s", err, out)
	}
}

// The task's pattern ^\S+$ is read as ECMA-262 reads it, as the TypeScript
// and omnigen validate --schema read it: U+00A0 is white space there (not
// in Go's regexp), and a space is too.
func TestPatternIsECMA(t *testing.T) {
	for task, ok := range map[string]bool{`ship-it`: true, `ship\u00a0it`: false, "ship\u00a0it": false, `ship it`: false, `ship\u2028`: false, `\u00e9t\u00e9`: true} {
		line := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"task_finished","task":"` + task + `","outcome":"completed"}}`
		_, err := Unmarshal([]byte(line))
		var e *Error
		switch {
		case ok && err != nil:
			t.Errorf("%q: %v", task, err)
		case !ok && (!errors.As(err, &e) || e.Pointer != "/payload/task"):
			t.Errorf("%q: got %v, want an error at /payload/task", task, err)
		}
	}
}
