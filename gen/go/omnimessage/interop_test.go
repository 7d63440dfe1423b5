package omnimessage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
)

// A Trace read with the Decoder and written with the Encoder is the same
// file, byte for byte.
func TestDecoderEncoderRoundTrip(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/traces/realistic.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dec := omnimessage.NewDecoder(bytes.NewReader(data))
	var out bytes.Buffer
	enc := omnimessage.NewEncoder(&out)
	n := 0
	for {
		msg, err := dec.Decode()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("line %d: %v", dec.Line(), err)
		}
		n++
		if dec.Line() != n {
			t.Errorf("Line() = %d after %d messages", dec.Line(), n)
		}
		if err := enc.Encode(msg); err != nil {
			t.Fatal(err)
		}
	}
	if n != bytes.Count(data, []byte("\n")) || !bytes.Equal(out.Bytes(), data) {
		t.Errorf("%d messages; the Encoder wrote %d bytes, want the %d bytes read back unchanged", n, out.Len(), len(data))
	}
}

// What a Trace reader needs: each bad line named by its number and skipped,
// a torn last line told apart, io.EOF at the end.
func TestDecoderErrors(t *testing.T) {
	const ok = `{"timestamp":"2026-07-18T03:10:23.010Z","type":"event_msg","payload":{"type":"request_begin"}}`
	in := ok + "\n" +
		`{"timestamp":"2026-07-18T03:10:23.010Z","type":"model_msg","payload":{"type":"text","role":"user","text":42}}` + "\n" +
		ok + "\r\n" +
		ok[:40]
	dec := omnimessage.NewDecoder(strings.NewReader(in))
	var got []string
	for {
		_, err := dec.Decode()
		if err == io.EOF {
			break
		}
		var le *omnimessage.LineError
		var bad *omnimessage.Error
		switch {
		case err == nil:
			got = append(got, "ok")
		case errors.Is(err, omnimessage.ErrTornLine) && errors.As(err, &le):
			got = append(got, "torn "+le.Error())
		case errors.As(err, &le) && errors.As(err, &bad):
			got = append(got, err.Error())
		default:
			t.Fatalf("unexpected error %v", err)
		}
	}
	want := []string{
		"ok",
		"line 2: /payload/text: must be string, got number",
		"ok",
		"torn line 4: torn last line: no final newline and not valid JSON",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// One Write per message, newline-terminated; nothing for a message that
// does not marshal.
func TestEncoderWritesOnce(t *testing.T) {
	var w writeLog
	enc := omnimessage.NewEncoder(&w)
	if err := enc.Encode(omnimessage.Message{Timestamp: "2026-07-18T03:10:23.010Z", Payload: &omnimessage.RequestBeginPayload{}}); err != nil {
		t.Fatal(err)
	}
	if err := enc.Encode(omnimessage.Message{Timestamp: "yesterday", Payload: &omnimessage.RequestBeginPayload{}}); err == nil {
		t.Error("Encode of a bad timestamp succeeded")
	}
	if len(w) != 1 || w[0] != `{"timestamp":"2026-07-18T03:10:23.010Z","type":"event_msg","payload":{"type":"request_begin"}}`+"\n" {
		t.Errorf("writes %q", w)
	}
}

type writeLog []string

func (w *writeLog) Write(p []byte) (int, error) { *w = append(*w, string(p)); return len(p), nil }

// encoding/json writes and reads a Message, and each payload, in the
// protocol's form when they are part of a larger value.
func TestEncodingJSON(t *testing.T) {
	const line = `{"timestamp":"2026-07-18T03:10:24.118Z","type":"model_msg","payload":{"type":"tool_call","role":"assistant","name":"list_dir","arguments":"{\"path\":\".\"}","tool_call_id":"call_1","stop_reason":"completed","fidelity":{"signature":"EqQB"}}}`
	msg, err := omnimessage.Unmarshal([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	type envelope struct {
		Seq     int                  `json:"seq"`
		Message omnimessage.Message  `json:"message"`
		Ptr     *omnimessage.Message `json:"ptr,omitempty"`
		Usage   omnimessage.TokenCounts
	}
	in := envelope{Seq: 7, Message: msg, Ptr: &msg, Usage: omnimessage.TokenCounts{Output: 3, Total: 3}}
	got, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"seq":7,"message":` + line + `,"ptr":` + line + `,"Usage":{"cache_read":0,"cache_write":0,"output":3,"total":3}}`
	if string(got) != want {
		t.Errorf("json.Marshal wrote\n%s\nwant\n%s", got, want)
	}
	var back envelope
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := omnimessage.Marshal(back.Message)
	if string(again) != line || back.Ptr == nil || back.Usage.Total != 3 {
		t.Errorf("json.Unmarshal read back %s, %v, %+v", again, back.Ptr, back.Usage)
	}
	// A payload alone.
	p, err := json.Marshal(msg.Payload)
	if err != nil || !strings.HasPrefix(string(p), `{"type":"tool_call","role":"assistant"`) {
		t.Errorf("json.Marshal of the payload: %s, %v", p, err)
	}
	// Invalid input is rejected with the package's error, and the value is
	// left alone.
	bad := strings.Replace(string(got), `"role":"assistant"`, `"role":"user"`, 1)
	var b envelope
	err = json.Unmarshal([]byte(bad), &b)
	var oe *omnimessage.Error
	if !errors.As(err, &oe) || oe.Pointer != "/payload/role" {
		t.Errorf("json.Unmarshal of a bad message: %v, want an *Error at /payload/role", err)
	}
	// HTML-sensitive characters: json.Marshal escapes them, a json.Encoder
	// with SetEscapeHTML(false) writes the protocol's bytes.
	html := omnimessage.Message{Timestamp: "2026-07-18T03:10:24.118Z", Payload: &omnimessage.TextPayload{Role: omnimessage.RoleUser, Text: "<a & b>"}}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(html); err != nil {
		t.Fatal(err)
	}
	exact, _ := omnimessage.Marshal(html)
	if buf.String() != string(exact)+"\n" {
		t.Errorf("json.Encoder without HTML escaping wrote %s, want %s", buf.String(), exact)
	}
}

func TestTimestampTime(t *testing.T) {
	at := time.Date(2026, 7, 18, 3, 10, 22, 531_999_999, time.FixedZone("CEST", 2*3600))
	ts := omnimessage.TimestampOf(at)
	if ts != "2026-07-18T01:10:22.531Z" {
		t.Errorf("TimestampOf = %s", ts)
	}
	back, err := ts.Time()
	if err != nil || !back.Equal(at.Truncate(time.Millisecond)) || back.Location() != time.UTC {
		t.Errorf("Time() = %v, %v", back, err)
	}
	if _, err := omnimessage.Timestamp("2026-07-18T03:10:22Z").Time(); err != nil {
		t.Errorf("a timestamp without fraction: %v", err)
	}
	for _, bad := range []omnimessage.Timestamp{"yesterday", "2016-12-31T23:59:60Z"} {
		if _, err := bad.Time(); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
