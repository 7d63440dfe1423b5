package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/validate/fastpath"
)

// FuzzValidate compares the FastChecker with the engine on every line.
func init() { comparedCheckers = append(comparedCheckers, NewFastChecker()) }

// Every conformance vector gets the same verdict from the generated
// Validate as from the engine, and the FastChecker reports exactly the
// engine's finding.
func TestFastPathAgreesOnVectors(t *testing.T) {
	engine := engine.NewChecker(engine.CanonicalValidator())
	fast := NewFastChecker()
	for _, file := range []string{"valid", "invalid"} {
		for _, v := range vectors(t, "testdata/conformance/"+file+".jsonl") {
			want := engine.Check(v.Message)
			if (want == nil) != (file == "valid") {
				t.Errorf("%s vector %s: the engine says %v", file, v.Name, want)
			}
			compareFastPath(t, v.Message, want)
			if got := fast.Check(v.Message); !sameError(got, want) {
				t.Errorf("%s vector %s: FastChecker says %v, the engine %v", file, v.Name, got, want)
			}
		}
	}
}

// compareFastPath fails when the FastChecker's finding on a line the reader
// accepts is not the engine's (want), and when the generated decoder vouches
// for a line the reader rejects. The one difference allowed is on purpose
// (see jsRule): the generated decoder also rejects what JavaScript would not
// write back as it was, which the engine may accept.
func compareFastPath(t testing.TB, line []byte, want *schema.Error) {
	t.Helper()
	err := fastpath.Validate(line)
	var sc jsonrt.LineScanner
	if prob := sc.Check(line); prob != nil {
		if err == nil {
			t.Fatalf("%.200q: the generated Validate accepts what the reader rejects (%s)", line, prob.Message)
		}
		if _, whole := NewFastChecker().Find(line); whole {
			t.Fatalf("%.200q: the generated decoder says the line is well-formed, the reader rejects it (%s)", line, prob.Message)
		}
		return
	}
	if err == nil {
		compareTraceFacts(t, line)
	}
	if got := NewFastChecker().Check(line); !sameError(got, want) && !jsRule(got) {
		t.Fatalf("%.200q:\nthe generated decoder says %v\n         the engine says %v", line, got, want)
	}
}

// jsRule reports whether a finding of the generated decoder is one of the
// rules it adds to the schema, about what JavaScript cannot write back (see
// the documentation of gen/go/omnimessage): the engine need not agree.
func jsRule(e *schema.Error) bool {
	return e != nil && (strings.Contains(e.Message, "JavaScript") || strings.Contains(e.Message, "levels deep"))
}

// FuzzFastPath compares the generated decoder with the engine on single
// lines (see compareFastPath): cheaper per input than FuzzValidate, so the
// fuzzer goes deeper into the schema. Its seeds are the conformance vectors,
// the corpora of FuzzFastPath and FuzzUnmarshal, and the realistic Trace.
func FuzzFastPath(f *testing.F) {
	addCorpus(f, "testdata/fuzz/FuzzFastPath")
	addCorpus(f, "testdata/fuzz/FuzzUnmarshal")
	for _, file := range []string{"valid", "invalid"} {
		for _, v := range vectors(f, "testdata/conformance/"+file+".jsonl") {
			f.Add([]byte(v.Message))
		}
	}
	for _, line := range bytes.Split(readRepoFile(f, "testdata/traces/realistic.jsonl"), []byte("\n")) {
		f.Add(line)
	}
	engine := engine.NewChecker(engine.CanonicalValidator())
	f.Fuzz(func(t *testing.T, line []byte) {
		var sc jsonrt.LineScanner
		if sc.Check(line) != nil {
			compareFastPath(t, line, nil)
			return
		}
		compareFastPath(t, line, engine.Check(line))
	})
}

// compareTraceFacts checks that the Trace facts of a line the generated
// decoder accepts are the same whether or not the extractor takes the
// accepted line's shortcut (payloadTail).
func compareTraceFacts(t testing.TB, line []byte) {
	t.Helper()
	table, err := canonicalAggregates()
	if err != nil {
		t.Fatal(err)
	}
	var slow, fast facts
	newExtractor(table, false).extract(line, &slow, false)
	newExtractor(table, false).extract(line, &fast, true)
	slow.fields, fast.fields = nil, nil
	if !reflect.DeepEqual(slow, fast) {
		t.Fatalf("%.200q: Trace facts differ with the accepted-line shortcut:\n%+v\n%+v", line, fast, slow)
	}
}

func TestTraceFactsShortcut(t *testing.T) {
	var lines [][]byte
	for _, file := range []string{"testdata/traces/realistic.jsonl", benchTrace, "testdata/streams/realistic.jsonl"} {
		lines = append(lines, bytes.Split(readRepoFile(t, file), []byte("\n"))...)
	}
	for _, v := range vectors(t, "testdata/conformance/valid.jsonl") {
		lines = append(lines, []byte(v.Message))
	}
	{
		for _, line := range lines {
			if fastpath.Validate(line) != nil {
				continue
			}
			compareTraceFacts(t, line)
			for _, reordered := range reorderPayload(t, line) {
				if fastpath.Validate(reordered) == nil {
					compareTraceFacts(t, reordered)
				}
			}
			var spaced bytes.Buffer
			if err := json.Indent(&spaced, line, " ", "\t "); err != nil {
				t.Fatal(err)
			}
			spaced.WriteString(" \t")
			compareTraceFacts(t, spaced.Bytes())
		}
	}
	for _, line := range []string{
		`{"timestamp":"2026-07-19T01:38:16.329Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"o \\\"x","images":["data:image/png;base64,AAAA"],"tool_call_id":"toolu_\\\\","stop_reason":"completed"}}`,
		` { "type" : "model_msg" , "timestamp":"2026-07-19T01:38:16.329Z", "payload" : { "images" : [ "a" ] , "tool_call_id" : "t\"q" , "type" : "tool_call_output" , "role" : "user" , "output" : "" } } `,
		`{"timestamp":"2026-07-19T01:38:16.329Z","type":"model_msg","origin":["a"],"payload":{"type":"tool_call_output","role":"user","output":"o","images":["x"],"tool_call_id":"c"}}`,
	} {
		if err := fastpath.Validate([]byte(line)); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		compareTraceFacts(t, []byte(line))
	}
}

func TestCanonicalNoCallID(t *testing.T) {
	got := canonicalNoCallID()
	for _, tag := range []string{"text", "thinking", "request_begin", "token_usage", "partial_text"} {
		if !got[tag] {
			t.Errorf("%s: can have a tool_call_id, says canonicalNoCallID", tag)
		}
	}
	for _, tag := range []string{"tool_call", "tool_call_output", "approval_decision", "partial_tool_call", "partial_tool_call_output"} {
		if got[tag] {
			t.Errorf("%s: cannot have a tool_call_id, says canonicalNoCallID", tag)
		}
	}
}

// reorderPayload writes line again with the payload last in the envelope
// and its members in sorted, reversed and rotated orders.
func reorderPayload(t *testing.T, line []byte) [][]byte {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	env, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	payload, ok := env[fieldPayload].(map[string]any)
	if !ok {
		return nil
	}
	var head bytes.Buffer
	head.WriteByte('{')
	for _, k := range []string{"timestamp", fieldOrigin, fieldKind} {
		if v, ok := env[k]; ok {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&head, "%q:%s,", k, b)
		}
	}
	head.WriteString(`"payload":`)
	keys := make([]string, 0, len(payload))
	for k := range payload {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out [][]byte
	for n := range 2 * len(keys) {
		order := make([]string, len(keys))
		for i := range keys {
			j := (i + n) % len(keys)
			if n >= len(keys) {
				j = len(keys) - 1 - (i+n)%len(keys)
			}
			order[i] = keys[j]
		}
		var b bytes.Buffer
		b.Write(head.Bytes())
		b.WriteByte('{')
		for i, k := range order {
			v, err := json.Marshal(payload[k])
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				b.WriteString(" , ")
			}
			fmt.Fprintf(&b, "%q : %s", k, v)
		}
		b.WriteString("} }")
		out = append(out, b.Bytes())
	}
	return out
}

// The generated decoder says a rejected line is well-formed (so that the
// reader's checks are skipped) only when it read all of it and found nothing
// the reader would report, even inside values it skips.
func TestFastPathWellFormed(t *testing.T) {
	const head = `{"timestamp":"X","type":"model_msg","payload":{"type":"text","role":"user","text":"hi","stop_reason":"completed"`
	for _, c := range []struct {
		tail string
		want bool
	}{
		{`}}`, true},
		{`,"bogus":{"a":1,"a":2}}}`, false},        // a duplicate key in a skipped value
		{`,"bogus":"\xff"}}`, false},               // replaced below by invalid UTF-8
		{`,"bogus":1e400}}`, false},                // a number JavaScript reads as Infinity
		{`,"bogus":1,"other":2}}`, true},           // two unknown names, compared when read again
		{`,"bogus":[1,{"b":[true,null]}]}}`, true}, // one unknown property, well-formed
		{`,"text":"again"}}`, false},               // a known property twice
		{`,"bogus":1,"bogus":2}}`, false},          // an unknown property twice
		{`}} x`, false},                            // data after the value
		{`}`, false},                               // the line ends early
	} {
		line := []byte(head + c.tail)
		line = bytes.Replace(line, []byte(`\xff`), []byte{0xff}, 1)
		e, whole := NewFastChecker().Find(line)
		if e == nil {
			t.Fatalf("%q: accepted", line)
		}
		if whole != c.want {
			t.Errorf("%q: well-formed %v, want %v (%v)", line, whole, c.want, e)
		}
		var sc jsonrt.LineScanner
		if prob := sc.Check(line); c.want && prob != nil {
			t.Errorf("%q: the reader's checks find %s", line, prob.Message)
		}
	}
}
