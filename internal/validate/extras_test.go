package validate

// The x-omnigen extras that both languages generate, compared: the partial
// aggregator and the guards.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
)

// Go's AggregateAll and TypeScript's aggregateAll fold the same stream into
// the same messages, written byte for byte alike (Marshal, JSON.stringify):
// the realistic stream, and 500 streams made of its lines dropped, repeated
// and reordered (a stop without its start, a start that restarts an open
// fragment, tool calls interleaved, fragments left open at the end). A
// completed message is built with a fresh timestamp, which both sides
// write as "T" here.
func TestAggregateAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the TypeScript side cannot run")
	}
	dir := t.TempDir()
	module := compileTS(t, dir)
	lines := bytes.Split(bytes.TrimSuffix(readRepoFile(t, "testdata/streams/realistic.jsonl"), []byte("\n")), []byte("\n"))
	r := rand.New(rand.NewPCG(5, 8))
	streams := [][]int{make([]int, len(lines))}
	for i := range lines {
		streams[0][i] = i
	}
	for range 500 {
		var s []int
		for range 1 + r.IntN(len(lines)) {
			s = append(s, r.IntN(len(lines)))
		}
		if r.IntN(2) == 0 {
			slices.Sort(s) // the stream's own order, with lines left out or repeated
		}
		streams = append(streams, s)
	}

	want := make([]string, len(streams))
	partials := 0
	for k, s := range streams {
		var msgs []omnimessage.Message
		for _, i := range s {
			m, err := omnimessage.Unmarshal(lines[i])
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			msgs = append(msgs, m)
		}
		var out []string
		for _, m := range omnimessage.AggregateAll(msgs) {
			b, err := omnimessage.Marshal(m)
			if err != nil {
				t.Fatalf("stream %d: Marshal of an aggregated message: %v", k, err)
			}
			out = append(out, string(b))
		}
		if len(out) < len(msgs) {
			partials++
		}
		want[k] = freshTimestamps(strings.Join(out, "\n"))
	}

	got := runExtras(t, node, module, dir, aggregateScript, map[string]any{"lines": stringsOf(lines), "streams": streams}, len(streams))
	for k := range streams {
		if g := freshTimestamps(got[k]); g != want[k] {
			t.Errorf("stream %d %v: Go and TypeScript aggregate differently\n  Go: %.600s\n  TS: %.600s", k, streams[k], want[k], g)
		}
	}
	if partials < len(streams)/2 {
		t.Errorf("only %d of %d streams fold partials: too few to compare", partials, len(streams))
	}
	t.Logf("%d streams aggregated alike, %d of them folding partials", len(streams), partials)
}

// The guards (x-omnigen "guard") of Go and TypeScript say the same of every
// valid conformance vector and every line of the realistic Traces and
// stream.
func TestGuardsAgree(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the TypeScript side cannot run")
	}
	dir := t.TempDir()
	module := compileTS(t, dir)
	var lines []string
	for _, v := range vectors(t, "testdata/conformance/valid.jsonl") {
		lines = append(lines, string(v.Message))
	}
	for _, file := range []string{"testdata/traces/realistic.jsonl", "testdata/traces/realistic_002.jsonl", "testdata/streams/realistic.jsonl"} {
		for _, l := range bytes.Split(bytes.TrimSuffix(readRepoFile(t, file), []byte("\n")), []byte("\n")) {
			lines = append(lines, string(l))
		}
	}
	want := make([]string, len(lines))
	seen := map[string]bool{}
	for i, l := range lines {
		m, err := omnimessage.Unmarshal([]byte(l))
		if err != nil {
			t.Fatalf("%.200s: %v", l, err)
		}
		want[i] = fmt.Sprint(omnimessage.IsSessionMeta(m), omnimessage.IsModelMessage(m), omnimessage.IsEventMessage(m),
			omnimessage.IsCompleteModelMessage(m), omnimessage.IsPartialPayload(m.Payload))
		seen[want[i]] = true
	}
	got := runExtras(t, node, module, dir, guardsScript, lines, len(lines))
	for i := range lines {
		if got[i] != want[i] {
			t.Errorf("%.200s: the guards say %s in Go, %s in TypeScript", lines[i], want[i], got[i])
		}
	}
	// Each guard says yes and no somewhere.
	if len(seen) < 4 {
		t.Errorf("the lines give only %d combinations of the guards: %v", len(seen), seen)
	}
	t.Logf("%d lines, %d combinations of the five guards", len(lines), len(seen))
}

// runExtras runs script with node on the generated module and input
// (written as JSON), and returns the n answers it prints as a JSON array of
// strings.
func runExtras(t *testing.T, node, module, dir, script string, input any, n int) []string {
	t.Helper()
	data, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	in, js := filepath.Join(dir, "input.json"), filepath.Join(dir, "extras.mjs")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, js, module, in).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != n {
		t.Fatalf("node gave %d answers of %d (%v)", len(got), n, err)
	}
	return got
}

// guardsScript prints, for each line of its input, what the five guards
// say of the message parseOmniMessage reads, as Go's fmt.Sprint writes
// them ("true false …").
const guardsScript = `
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [module, input] = process.argv.slice(2);
const g = await import(pathToFileURL(module).href);
const out = JSON.parse(readFileSync(input, "utf8")).map((l) => {
  const m = g.parseOmniMessage(l);
  return [g.isSessionMeta(m), g.isModelMessage(m), g.isEventMessage(m), g.isCompleteModelMessage(m), g.isPartialPayload(m.payload)].join(" ");
});
process.stdout.write(JSON.stringify(out));
`

// aggregateScript reads its input ({lines, streams}) and prints, for each
// stream, the messages aggregateAll makes of its lines (each parsed afresh),
// written by JSON.stringify one a line, as a JSON array.
const aggregateScript = `
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [module, input] = process.argv.slice(2);
const { aggregateAll, parseOmniMessage } = await import(pathToFileURL(module).href);
const { lines, streams } = JSON.parse(readFileSync(input, "utf8"));
const out = streams.map((s) =>
  aggregateAll(s.map((i) => parseOmniMessage(lines[i])))
    .map((m) => JSON.stringify(m))
    .join("\n"),
);
process.stdout.write(JSON.stringify(out));
`

// timestampField is the timestamp every message begins with.
var timestampField = regexp.MustCompile(`(?m)^\{"timestamp":"[^"]*"`)

// freshTimestamps writes every message's timestamp as "T".
func freshTimestamps(s string) string {
	return timestampField.ReplaceAllString(s, `{"timestamp":"T"`)
}

func stringsOf(lines [][]byte) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = string(l)
	}
	return out
}
