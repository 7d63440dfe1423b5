package omnimessage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// benchTrace is the benchmark Trace (bench/tracegen writes it): a few
// thousand lines of one session, with ~200 KB image outputs.
var benchTrace = filepath.Join(testdata, "traces", "bench-trace.jsonl")

// traceLines returns the lines of a Trace file, without their newlines.
func traceLines(t testing.TB, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
}

// traces lists the Trace files of testdata/traces (not the rule cases).
func traces(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(testdata, "traces", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no traces in testdata/traces: %v", err)
	}
	return files
}

// Every line of every Trace decodes and re-encodes to the same bytes.
func TestTraceRoundTrip(t *testing.T) {
	for _, file := range traces(t) {
		lines := traceLines(t, file)
		for i, line := range lines {
			m, err := Unmarshal(line)
			if err != nil {
				t.Errorf("%s:%d: %v", filepath.Base(file), i+1, err)
				continue
			}
			out, err := Marshal(m)
			if err != nil {
				t.Errorf("%s:%d: Marshal: %v", filepath.Base(file), i+1, err)
				continue
			}
			if !bytes.Equal(out, line) {
				t.Errorf("%s:%d: round trip differs\n got %.300s\nwant %.300s", filepath.Base(file), i+1, out, line)
			}
		}
	}
}

// The bench Trace is big and varied enough to matter.
func TestBenchTraceShape(t *testing.T) {
	lines := traceLines(t, benchTrace)
	kinds := map[string]int{}
	big := 0
	for _, line := range lines {
		m, err := Unmarshal(line)
		if err != nil {
			t.Fatal(err)
		}
		if p, ok := m.Payload.(*ToolCallOutputPayload); ok && len(p.Images) > 0 && len(line) > 150<<10 {
			big++
		}
		kinds[string(m.Type())]++
	}
	if len(lines) < 2000 || big < 3 || kinds["session_meta"] != 1 {
		t.Errorf("bench trace: %d lines, %d large image lines, kinds %v", len(lines), big, kinds)
	}
}

// What Marshal writes is what JSON.stringify writes: every Trace line and
// every conformance vector re-encoded, checked against node's
// JSON.stringify(JSON.parse(line)).
func TestMarshalMatchesJSONStringify(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	var all [][]byte
	for _, file := range traces(t) {
		all = append(all, traceLines(t, file)...)
	}
	for _, v := range loadVectors(t, "valid.jsonl") {
		all = append(all, v.Message)
	}
	// The same documents with their keys shuffled: Marshal keeps the order
	// they came in, as JSON.parse does.
	rng := rand.New(rand.NewPCG(3, 4))
	for _, line := range all[:len(all):len(all)] {
		all = append(all, shuffleKeys(line, rng))
	}
	var in bytes.Buffer
	var ours [][]byte
	for _, line := range all {
		m, err := Unmarshal(line)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		ours = append(ours, out)
		in.Write(out)
		in.WriteByte('\n')
	}
	script := `const rl = require("readline").createInterface({input: process.stdin, crlfDelay: Infinity});
rl.on("line", l => process.stdout.write(JSON.stringify(JSON.parse(l)) + "\n"));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = &in
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(nil, 16<<20)
	i := 0
	for sc.Scan() {
		if i < len(ours) && !bytes.Equal(sc.Bytes(), ours[i]) {
			t.Errorf("line %d: Marshal wrote %.200s, JSON.stringify writes %.200s", i+1, ours[i], sc.Bytes())
		}
		i++
	}
	if i != len(ours) {
		t.Errorf("node wrote %d lines for %d", i, len(ours))
	}
}

// Validate agrees with Unmarshal on every Trace line.
func TestValidateTrace(t *testing.T) {
	for _, line := range traceLines(t, benchTrace) {
		if err := Validate(line); err != nil {
			t.Fatal(err)
		}
	}
}

// json.Unmarshal into a map and Unmarshal agree on what the values are.
func TestAgreesWithEncodingJSON(t *testing.T) {
	for i, line := range traceLines(t, benchTrace)[:200] {
		m, err := Unmarshal(line)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(line, &a); err != nil {
			t.Fatal(err)
		}
		out, _ := Marshal(m)
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatal(err)
		}
		if ja, jb := mustJSON(a), mustJSON(b); ja != jb {
			t.Fatalf("line %d: %s\n!= %s", i+1, ja, jb)
		}
	}
}

func mustJSON(v any) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return sb.String()
}

// Unmarshal, Validate and Marshal are safe for concurrent use.
func TestConcurrentUse(t *testing.T) {
	lines := traceLines(t, benchTrace)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(lines); i += 4 {
				m, err := Unmarshal(lines[i])
				if err != nil {
					t.Error(err)
					return
				}
				out, err := Marshal(m)
				if err != nil || !bytes.Equal(out, lines[i]) {
					t.Errorf("line %d", i)
				}
				Validate(lines[i][:len(lines[i])/2])
			}
		}(w)
	}
	wg.Wait()
}
