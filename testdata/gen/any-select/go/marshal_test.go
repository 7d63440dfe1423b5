package anyselect

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// Marshal refuses a body of another type than the one its kind picks
// when what it would write is valid: Unmarshal would read it back as the
// type the kind picks. A body that agrees with its kind comes back as it
// went.
func TestMarshalKeepsThePickedType(t *testing.T) {
	var circle Map[json.RawMessage]
	circle.Set("type", json.RawMessage(`"circle"`))
	circle.Set("r", json.RawMessage(`1`))
	for _, c := range []struct {
		name string
		v    Event
	}{
		{"an object where the kind picks a shape", Event{Kind: "shape", Body: BodyObject(circle)}},
		{"a login where the kind picks none", Event{Kind: "note", Body: &Login{User: "u"}}},
	} {
		out, err := Marshal(c.v)
		var perr *Error
		if !errors.As(err, &perr) || perr.Pointer != "/body" || perr.Message != `is not of the type that "kind" picks: Unmarshal would read it back as another` {
			t.Errorf("%s: Marshal = %s, %v; want the error at /body", c.name, out, err)
		}
	}
	for _, v := range []Event{
		{Kind: "login", Body: &Login{User: "u"}},
		{Kind: "shape", Body: &Circle{R: 1}},
		{Kind: "note", Body: BodyObject(circle)},
	} {
		out, err := Marshal(v)
		if err != nil {
			t.Errorf("Marshal(%+v): %v", v, err)
			continue
		}
		back, err := Unmarshal(out)
		if err != nil {
			t.Errorf("Unmarshal(%s): %v", out, err)
		} else if got, want := fmt.Sprintf("%T", back.Body), fmt.Sprintf("%T", v.Body); got != want {
			t.Errorf("%s read back as %s; want %s", out, got, want)
		}
	}
}

// An alert's severity picks the type of what it is about, and names no
// other: no field holds it, the Go type of About gives it (Severity), so
// that the two cannot disagree.
func TestSeverityFollowsAbout(t *testing.T) {
	v := Event{Kind: "note", Body: BodyObject{}, Alert: &Alert{About: &Warning{Text: "disk", Until: 5}}}
	out, err := Marshal(v)
	if want := `{"kind":"note","body":{},"alert":{"severity":"high","about":{"text":"disk","until":5}}}`; err != nil || string(out) != want {
		t.Fatalf("Marshal = %s, %v; want %s", out, err, want)
	}
	back, err := Unmarshal([]byte(`{"kind":"note","body":{},"alert":{"about":{"text":"hi"},"severity":"low"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if about, ok := back.Alert.About.(*Info); !ok || about.Text != "hi" || back.Alert.Severity() != SeverityLow {
		t.Errorf("read %+v, severity %q; want an *Info, low", back.Alert.About, back.Alert.Severity())
	}
}
