package protocol

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func fixClock(t *testing.T) {
	prev := Now
	Now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC) }
	t.Cleanup(func() { Now = prev })
}

func lines(t *testing.T, msgs ...Envelope) string {
	t.Helper()
	var out []string
	for _, m := range msgs {
		b, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return strings.Join(out, "\n")
}

const at = `{"at":"2026-01-02T03:04:05.006Z",`

func TestBuilders(t *testing.T) {
	fixClock(t)
	note := "see attached"
	var retries int64 = 0
	caption := ""
	thread := "t1"
	cases := []struct {
		msg  Envelope
		want string
	}{
		{Say(SpeakerAlice, "hi"), at + `"family":"message","body":{"t":"say","speaker":"alice","words":"hi","thread":"","mood":"calm"}}`},
		{Say(SpeakerBob, "hi", SayOptions{Thread: "t1", Mood: MoodQuiet, Meta: []byte(`{"k":[1]}`)}), at + `"family":"message","body":{"t":"say","speaker":"bob","words":"hi","thread":"t1","mood":"quiet","meta":{"k":[1]}}}`},
		{Say(SpeakerBob, "x", SayOptions{Meta: []byte(` { } `)}), at + `"family":"message","body":{"t":"say","speaker":"bob","words":"x","thread":"","mood":"calm"}}`},
		{Shout(SpeakerAlice, "HEY"), at + `"family":"message","body":{"t":"say","speaker":"alice","words":"HEY","thread":"main","mood":"loud"}}`},
		{Whisper(SpeakerAlice, "psst"), at + `"family":"message","body":{"t":"say","speaker":"alice","words":"psst","thread":"main"}}`},
		{Whisper(SpeakerBob, "hm", WhisperOptions{Mood: MoodCalm}), at + `"family":"message","body":{"t":"say","speaker":"bob","words":"hm","thread":"main"}}`},
		{Whisper(SpeakerBob, "hm", WhisperOptions{Mood: MoodQuiet}, WhisperOptions{Thread: &thread, Meta: []byte(`{"k":2}`)}), at + `"family":"message","body":{"t":"say","speaker":"bob","words":"hm","thread":"t1","mood":"quiet","meta":{"k":2}}}`},
		{Attach([]string{"a.txt"}), at + `"family":"message","body":{"t":"attach","files":["a.txt"],"note":null,"retries":3}}`},
		{Attach(nil, AttachOptions{Note: &note, Retries: &retries, Caption: &caption}), at + `"family":"message","body":{"t":"attach","files":[],"note":"see attached","retries":0,"caption":""}}`},
		{Chunk(PhaseStart, SpeakerAlice, "t"), at + `"family":"message","body":{"t":"chunk","phase":"start","speaker":"alice","words":"","thread":"t"}}`},
		{Ping(7), at + `"family":"status","body":{"t":"ping","n":7}}`},
		{PingBody(PingPayload{N: -1}), at + `"family":"status","body":{"t":"ping","n":-1}}`},
		{Usage(SumCounts(NoCounts(), Counts{Messages: 2, Cost: 0.5})), at + `"family":"status","body":{"t":"usage","counts":{"messages":2,"cost":0.5}}}`},
		{RelayedBy(RelayedBy(Ping(1), "inner"), "outer"), at + `"family":"status","body":{"t":"ping","n":1},"via":["outer","inner"]}`},
	}
	for _, c := range cases {
		if got := lines(t, c.msg); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
		back, err := Unmarshal([]byte(c.want))
		if err != nil {
			t.Errorf("%s: %v", c.want, err)
		} else if lines(t, back) != c.want {
			t.Errorf("round trip of %s", c.want)
		}
	}
}

func TestGuards(t *testing.T) {
	fixClock(t)
	say, chunk, ping := Say(SpeakerAlice, "x"), Chunk(PhaseDelta, "", ""), Ping(1)
	if !IsMessage(say) || !IsMessage(chunk) || IsMessage(ping) {
		t.Error("IsMessage")
	}
	if !IsFinalMessage(say) || IsFinalMessage(chunk) || IsFinalMessage(ping) {
		t.Error("IsFinalMessage")
	}
	if !IsStatus(ping.Body) || IsStatus(say.Body) {
		t.Error("IsStatus")
	}
	if say.Family() != FamilyMessage || ping.Family() != FamilyStatus {
		t.Error("Family")
	}
}

func TestAggregate(t *testing.T) {
	fixClock(t)
	in := []Envelope{
		Ping(1),
		Chunk(PhaseStart, SpeakerAlice, "a", ChunkOptions{Words: "Hel"}),
		Chunk(PhaseStart, SpeakerBob, "b", ChunkOptions{Words: "Yo", Mood: MoodLoud}),
		Chunk(PhaseStop, SpeakerAlice, "a", ChunkOptions{Words: "lo"}),
		Chunk(PhaseDelta, SpeakerBob, "b", ChunkOptions{Words: "!"}),
	}
	got := lines(t, AggregateAll(in)...)
	want := lines(t, Ping(1), Say(SpeakerAlice, "Hello", SayOptions{Thread: "a"}), Say(SpeakerBob, "Yo!", SayOptions{Thread: "b", Mood: MoodLoud}))
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDecode(t *testing.T) {
	cases := map[string]string{
		`{"at":"2026-01-02T03:04:05Z","family":"status","body":{"t":"say","speaker":"alice","words":"","thread":""}}`:  "/body/t",
		`{"at":"2026-01-02T03:04:05Z","family":"message","body":{"t":"say","speaker":"carol","words":"","thread":""}}`: "/body/speaker",
		`{"at":"nope","family":"message","body":{"t":"ping","n":1}}`:                                                   "/body/t",
		`{"at":"2026-01-02T03:04:05Z","family":"message","body":{"t":"attach","files":[],"note":null,"retries":-1}}`:   "/body/retries",
		`{"at":"2026-01-02T03:04:05Z","family":"noise","body":{}}`:                                                     "/family",
		`{"at":"2026-01-02T03:04:05Z","family":"status","body":{"t":"ping","n":1},"via":[]}`:                           "/via",
	}
	for doc, want := range cases {
		_, err := Unmarshal([]byte(doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != want {
			t.Errorf("%s: got %v, want an error at %s", doc, err, want)
		}
	}
	// The body may come before the family that types it, and is written
	// back where it came.
	doc := `{"body":{"n":2,"t":"ping"},"via":["r"],"family":"status","at":"2026-01-02T03:04:05Z"}`
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if lines(t, v) != doc {
		t.Errorf("got %s", lines(t, v))
	}
}
