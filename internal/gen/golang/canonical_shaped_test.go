package golang

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/conformance"
	"github.com/omnigen-dev/omnigen/internal/testutil/jsonmut"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// The canonical schema, annotations and all, through the one front end
// (resolve, the check program, the shaper, which honours x-omnigen "names"
// and "union") and the general Go emitter, reads and writes as the
// canonical package that the dialect generates: on every conformance
// vector and 3,000 mutants of the valid ones (OMNIGEN_GOLDEN_MUTANTS and
// OMNIGEN_DIFF_SEED ask for more, or another seed: make fuzz), the same
// bytes written back,
// or the same pointer, keyword and message. What the dialect adds beyond
// reading and writing (builders, guards, the aggregator, the fast decoder)
// is the rest of issue 20.
func TestCanonicalShaped(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	s, err := model.Load(filepath.Join(repo, "schema", "omnimessage.schema.json"), model.LoadOptions{General: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.Program == nil || s.Root.Field("payload") == nil || s.Root.Field("payload").Type.Name != "OmniPayload" {
		t.Fatal("the shaper does not type the canonical envelope's payload as its x-omnigen union, OmniPayload")
	}
	files, err := Generate(s, Options{Package: "main"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Path), f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		// Read in one pass, as the dialect's package reads it: its root
		// (a select on "type") and everything in it by the decoder, no
		// value tree of any part of a valid document.
		if f.Path == "codec.go" && (!bytes.Contains(f.Content, []byte("d.decodeMessage(&v)")) ||
			bytes.Contains(f.Content, []byte("readChecked(")) || bytes.Contains(f.Content, []byte("defer d.checked(d.startCheck(), checkOmniMessage)"))) {
			t.Error("the general package does not read the canonical schema in one pass")
		}
	}
	// The program answers each line of its input (a document in base64)
	// with a JSON array: ["ok", bytes written back] or [pointer, keyword,
	// message]; where Validate does not say what Unmarshal says, with
	// both.
	main := `package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		line, err := base64.StdEncoding.DecodeString(in.Text())
		if err != nil {
			panic(err)
		}
		m, err := Unmarshal(line)
		if verr := Validate(line); fmt.Sprint(verr) != fmt.Sprint(err) {
			out.Encode([]string{"Validate says", fmt.Sprint(verr), "Unmarshal says", fmt.Sprint(err)})
			continue
		}
		var written []byte
		if err == nil {
			written, err = Marshal(m)
		}
		var e *Error
		switch {
		case err == nil:
			out.Encode([]string{"ok", string(written)})
		case errors.As(err, &e):
			out.Encode([]string{e.Pointer, e.Keyword, e.Message})
		default:
			out.Encode([]string{err.Error()})
		}
	}
}
`
	for name, content := range map[string]string{"main.go": main, "go.mod": "module shaped\n\ngo 1.24\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if os.Getenv("OMNIGEN_SHAPED_BENCH") != "" {
		benchShaped(t, goTool, dir)
		return
	}
	n, seed, err := suite.MutantSettings(3000)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d mutants, seed %d", n, seed)
	docs := canonicalDocuments(t, n, seed)
	var input bytes.Buffer
	for _, d := range docs {
		// base64: a document need not be UTF-8.
		input.WriteString(base64.StdEncoding.EncodeToString(d) + "\n")
	}
	cmd := exec.Command(goTool, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	cmd.Stdin = &input
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.String())
	}
	answers := bufio.NewScanner(bytes.NewReader(out))
	answers.Buffer(make([]byte, 1<<20), 1<<24)
	same, accepted := 0, 0
	for i := 0; answers.Scan(); i++ {
		var got []string
		if err := json.Unmarshal(answers.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		// Through JSON as the program's answer came (invalid UTF-8 in a
		// pointer or message becomes U+FFFD alike).
		var want []string
		text, _ := json.Marshal(canonicalAnswer(docs[i]))
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatal(err)
		}
		if want[0] == "ok" {
			accepted++
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%.300s\n  canonical package: %q\n  shaped:            %q", docs[i], want, got)
			continue
		}
		same++
	}
	if same < len(docs) && !t.Failed() {
		t.Fatalf("%d answers for %d documents", same, len(docs))
	}
	t.Logf("the shaped package answers as the canonical one on %d of %d documents (%d accepted)", same, len(docs), accepted)
}

// canonicalDocuments are the messages of the conformance vectors and n
// mutants of the valid ones, from the generator of seed.
func canonicalDocuments(t *testing.T, n int, seed uint64) [][]byte {
	var docs [][]byte
	var seeds []*jsonmut.Value
	var words []string
	for _, file := range []string{"valid.jsonl", "invalid.jsonl"} {
		vectors, err := conformance.Load(repo, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vectors {
			docs = append(docs, v.Message)
			if s, ok := jsonmut.Parse(v.Message); ok && file == "valid.jsonl" {
				seeds = append(seeds, s)
				words = append(words, s.Words()...)
			}
		}
	}
	m := jsonmut.New(seed, words)
	for range n {
		docs = append(docs, m.Next(seeds))
	}
	return docs
}

// canonicalAnswer is what the canonical package makes of doc, as the
// shaped program writes it.
func canonicalAnswer(doc []byte) []string {
	m, err := omnimessage.Unmarshal(doc)
	var written []byte
	if err == nil {
		written, err = omnimessage.Marshal(m)
	}
	var e *omnimessage.Error
	switch {
	case err == nil:
		return []string{"ok", string(written)}
	case errors.As(err, &e):
		return []string{e.Pointer, e.Keyword, e.Message}
	}
	return []string{err.Error()}
}

// shapedBench benchmarks the package TestCanonicalShaped generates on the
// bench Trace, one JSON document a line, as gen/go/omnimessage's
// Benchmark(Unmarshal|Validate|Marshal) do.
const shapedBench = `package main

import (
	"bytes"
	"os"
	"testing"
)

func lines(b *testing.B) ([][]byte, int) {
	data, err := os.ReadFile(os.Getenv("OMNIGEN_BENCH_TRACE"))
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")), len(data)
}

func BenchmarkUnmarshal(b *testing.B) {
	ls, n := lines(b)
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range ls {
			if _, err := Unmarshal(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	ls, n := lines(b)
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range ls {
			if err := Validate(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	ls, n := lines(b)
	var ms []Message
	for _, l := range ls {
		m, err := Unmarshal(l)
		if err != nil {
			b.Fatal(err)
		}
		ms = append(ms, m)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, m := range ms {
			if _, err := Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}
`

// benchShaped runs shapedBench in dir, the generated package, and logs
// what go test prints (make general-bench): the speed of the general path
// on the canonical schema, beside gen/go/omnimessage's benchmarks.
func benchShaped(t *testing.T, goTool, dir string) {
	trace, err := filepath.Abs(filepath.Join(repo, "testdata", "traces", "bench-trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bench_test.go"), []byte(shapedBench), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool, "test", "-run", "^$", "-bench", ".", "-benchtime", "30x", "-count", os.Getenv("OMNIGEN_SHAPED_BENCH"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "OMNIGEN_BENCH_TRACE="+trace)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -bench: %v\n%s", err, out)
	}
	t.Logf("the canonical schema through the general emitter:\n%s", out)
}
