package omnimessage

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"
)

// A decoded object writes its keys back in the order they came in; a built
// one in the schema's order. These tests shuffle the keys of every object of
// every valid vector and sample line, and check that the shuffled bytes come
// back as they were.

// shuffleKeys returns data, a compact JSON document as JSON.stringify writes
// it, with the keys of each of its objects (at any depth) in an order drawn
// from rng, array-index keys ("0", "12") among them: parseOmniMessage keeps
// them where the text has them, and so does Marshal.
func shuffleKeys(data []byte, rng *rand.Rand) []byte {
	v, rest := parseSpan(data)
	if len(rest) != 0 {
		panic("shuffleKeys: data after the value")
	}
	return v.write(nil, rng)
}

// span is a JSON value as its text: scalars as they are, objects as their
// members' key texts and values, arrays as their items.
type span struct {
	text    []byte
	keys    [][]byte
	members []*span
	array   bool
}

func (s *span) write(out []byte, rng *rand.Rand) []byte {
	switch {
	case s.array:
		out = append(out, '[')
		for i, m := range s.members {
			if i > 0 {
				out = append(out, ',')
			}
			out = m.write(out, rng)
		}
		return append(out, ']')
	case s.keys != nil:
		order := make([]int, len(s.keys))
		for i := range order {
			order[i] = i
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		out = append(out, '{')
		for n, i := range order {
			if n > 0 {
				out = append(out, ',')
			}
			out = append(out, s.keys[i]...)
			out = append(out, ':')
			out = s.members[i].write(out, rng)
		}
		return append(out, '}')
	}
	return append(out, s.text...)
}

// parseSpan reads the compact JSON value at the start of data.
func parseSpan(data []byte) (*span, []byte) {
	switch data[0] {
	case '{':
		s := &span{keys: [][]byte{}}
		data = data[1:]
		for data[0] != '}' {
			if data[0] == ',' {
				data = data[1:]
			}
			n := stringEnd(data)
			s.keys = append(s.keys, data[:n])
			m, rest := parseSpan(data[n+1:])
			s.members = append(s.members, m)
			data = rest
		}
		return s, data[1:]
	case '[':
		s := &span{array: true}
		data = data[1:]
		for data[0] != ']' {
			if data[0] == ',' {
				data = data[1:]
			}
			m, rest := parseSpan(data)
			s.members = append(s.members, m)
			data = rest
		}
		return s, data[1:]
	case '"':
		n := stringEnd(data)
		return &span{text: data[:n]}, data[n:]
	}
	n := 0
	for n < len(data) && !bytes.ContainsRune([]byte(",]}"), rune(data[n])) {
		n++
	}
	return &span{text: data[:n]}, data[n:]
}

// stringEnd is the length of the JSON string at the start of data.
func stringEnd(data []byte) int {
	for i := 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	panic("stringEnd: unterminated string")
}

// sampleDocuments is every valid conformance vector and every line of the
// sample Traces and streams.
func sampleDocuments(t *testing.T) [][]byte {
	var docs [][]byte
	for _, v := range loadVectors(t, "valid.jsonl") {
		docs = append(docs, v.Message)
	}
	files := traces(t)
	files = append(files, filepath.Join(testdata, "streams", "realistic.jsonl"))
	for _, file := range files {
		docs = append(docs, traceLines(t, file)...)
	}
	return docs
}

// Every sample, its keys shuffled, decodes and encodes back to the shuffled
// bytes, and Validate accepts it too.
func TestShuffledKeysRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	docs, moved := 0, 0
	for i, doc := range sampleDocuments(t) {
		for range 3 {
			shuffled := shuffleKeys(doc, rng)
			docs++
			if !bytes.Equal(shuffled, doc) {
				moved++
			}
			m, err := Unmarshal(shuffled)
			if err != nil {
				t.Fatalf("document %d shuffled: %v\n%.300s", i, err, shuffled)
			}
			if err := Validate(shuffled); err != nil {
				t.Fatalf("document %d shuffled: Validate: %v", i, err)
			}
			out, err := Marshal(m)
			if err != nil {
				t.Fatalf("document %d shuffled: Marshal: %v", i, err)
			}
			if !bytes.Equal(out, shuffled) {
				t.Fatalf("document %d shuffled: round trip differs\n got %.300s\nwant %.300s", i, out, shuffled)
			}
		}
	}
	// Most documents have an object of several keys, which a shuffle moves.
	if moved < docs/2 {
		t.Fatalf("only %d of %d shuffled documents differ from the sample: the shuffle does not shuffle", moved, docs)
	}
	t.Logf("%d shuffled documents, %d in another order than the sample's", docs, moved)
}

// A document in schema order leaves no order in the values it decodes to,
// so that writing it back takes the path of a built value.
func TestSchemaOrderRecordsNothing(t *testing.T) {
	for i, doc := range sampleDocuments(t) {
		m, err := Unmarshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if path := recordedOrder(reflect.ValueOf(m), ""); path != "" {
			t.Fatalf("document %d: %s records an order: %.200s", i, path, doc)
		}
	}
	// And a shuffled one does record it.
	m, err := Unmarshal([]byte(`{"type":"model_msg","timestamp":"2026-07-18T03:10:22.531Z","payload":{"type":"text","role":"user","text":"hi"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if path := recordedOrder(reflect.ValueOf(m), ""); path != "message" {
		t.Fatalf("recorded order at %q, want the message's", path)
	}
}

// recordedOrder is the path of the first struct under v that records an
// order (recordsOrder), or "".
func recordedOrder(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ""
		}
		return recordedOrder(v.Elem(), path)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return ""
		}
		for i := range v.Len() {
			if p := recordedOrder(v.Index(i), path+"/item"); p != "" {
				return p
			}
		}
	case reflect.Struct:
		if recordsOrder(v) {
			if path == "" {
				return "message"
			}
			return path
		}
		for i := range v.NumField() {
			if p := recordedOrder(v.Field(i), path+"/"+v.Type().Field(i).Name); p != "" {
				return p
			}
		}
	}
	return ""
}

// A decoded value that is then changed keeps the order of the properties it
// was read with; one set since comes after them, in schema order, and one
// removed since is left out.
func TestChangedValueKeepsReadOrder(t *testing.T) {
	m, err := Unmarshal([]byte(`{"payload":{"text":"hi","role":"user","type":"text"},"origin":["s"],"type":"model_msg","timestamp":"2026-07-18T03:10:22.531Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	p := m.Payload.(*TextPayload)
	p.Fidelity = Fidelity(`{"b":1,"a":2}`)
	p.StopReason = StopReasonFailed
	m.Origin = nil
	out, err := Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"payload":{"text":"hi","role":"user","type":"text","stop_reason":"failed","fidelity":{"b":1,"a":2}},"type":"model_msg","timestamp":"2026-07-18T03:10:22.531Z"}`
	if string(out) != want {
		t.Fatalf("got  %s\nwant %s", out, want)
	}
	// A value built from the decoded fields is in schema order.
	built := Message{Timestamp: m.Timestamp, Payload: &TextPayload{Role: p.Role, Text: p.Text}}
	out, err = Marshal(built)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"hi"}}`; string(out) != want {
		t.Fatalf("built: got  %s\nwant %s", out, want)
	}
}

// recordsOrder reports whether struct v records the order its properties were
// read in: its unexported order (a string) or keys (a list of names), as
// the package holds it, is set.
func recordsOrder(v reflect.Value) bool {
	if f := v.FieldByName("order"); f.IsValid() && f.Kind() == reflect.String {
		return f.String() != ""
	}
	if f := v.FieldByName("keys"); f.IsValid() && f.Kind() == reflect.Slice {
		return f.Len() > 0
	}
	return false
}
