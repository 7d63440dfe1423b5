package validate

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/engine"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	genpipeline "github.com/omnigen-dev/omnigen/internal/gen/pipeline"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/testutil/jsonmut"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// TestDifferential mutates the conformance vectors and realistic Trace and
// stream lines (types flipped, keys dropped, added, repeated and shuffled,
// enum values and strings edited, escapes, numbers and whitespace spelled
// otherwise, values nested around the depth limit, bytes cut, added and
// changed) and checks each mutant with the four implementations:
//
//   - the schema engine (internal/schema), where the reader lets a line
//     through: the other three report exactly its finding, but where the
//     finding is one of the rules the generated code adds (see jsRule);
//   - Go: gen/go/omnimessage.Unmarshal, and Marshal of what it accepts;
//   - TypeScript: parseOmniMessage of gen/ts, run by node, and
//     JSON.stringify of what it accepts (a line that is not UTF-8 is
//     refused before it is a string);
//   - omnigen validate: Run over all the mutants as one file;
//   - the schema's check program, as omnigen validate --schema runs it on
//     a copy of the canonical schema (model.LoadOptions.General,
//     jsonrt.Interpret): it must answer as Go does, with the same pointer,
//     keyword and message.
//
// Go, TypeScript and omnigen validate must give one verdict on every
// mutant, and Go and TypeScript write the same bytes for every accepted one.
//
// make test runs 20,000 mutants of seed 1; OMNIGEN_DIFF_MUTANTS and
// OMNIGEN_DIFF_SEED ask for more, or another seed (make fuzz runs 200,000 of
// a random one).
func TestDifferential(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the TypeScript side cannot run")
	}
	count, seed := 20000, uint64(1)
	if s := os.Getenv("OMNIGEN_DIFF_MUTANTS"); s != "" {
		if count, err = strconv.Atoi(s); err != nil {
			t.Fatalf("OMNIGEN_DIFF_MUTANTS: %v", err)
		}
	}
	if s := os.Getenv("OMNIGEN_DIFF_SEED"); s != "" {
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("OMNIGEN_DIFF_SEED: %v", err)
		}
	}
	t.Logf("%d mutants of seed %d", count, seed)
	dir := t.TempDir()
	module := compileTS(t, dir)
	mutants := makeMutants(t, count, seed)

	// TypeScript, all at once.
	ts := runTS(t, node, module, dir, mutants)

	// omnigen validate, all at once: the findings of each line.
	var file bytes.Buffer
	for _, m := range mutants {
		file.Write(m)
		file.WriteByte('\n')
	}
	c := &collect{}
	sum, err := Run([]Input{{Name: StdinName, Size: -1}}, Options{Stdin: bytes.NewReader(file.Bytes()), Reporter: c})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Lines != int64(len(mutants)) {
		t.Fatalf("omnigen validate read %d lines of %d", sum.Lines, len(mutants))
	}
	findings := make([][]Finding, len(mutants))
	for _, f := range c.findings {
		findings[f.Line-1] = append(findings[f.Line-1], f)
	}

	program := canonicalProgram(t)
	engine := engine.NewChecker(engine.CanonicalValidator())
	var sc jsonrt.LineScanner
	var accepted, engineChecked, failures, notJSON, notUTF8, lossyCompared, jsRead int
	for i, m := range mutants {
		fail := func(format string, args ...any) {
			failures++
			if failures <= 20 {
				t.Errorf("mutant %d %.300q:\n"+format, append([]any{i + 1, m}, args...)...)
			}
		}
		msg, gerr := omnimessage.Unmarshal(m)
		goOK := gerr == nil
		if got, want := problemOf(program.Validate(0, m)), problemOf(gerr); got != want {
			fail("the check program says %q, Go %q", got, want)
			continue
		}
		vOK := true
		var vFinding *Finding
		for j, f := range findings[i] {
			if f.Severity == Error {
				vOK = false
				if vFinding == nil {
					vFinding = &findings[i][j]
				}
			}
		}
		tsOK := strings.HasPrefix(ts[i], "ok ")
		if strings.HasPrefix(strings.TrimPrefix(ts[i], "utf8 "), "throw ") {
			fail("TypeScript threw something else than OmniMessageError: %s", ts[i])
			continue
		}
		if goOK != vOK || goOK != tsOK {
			fail("verdicts differ: Go %v (%v), TypeScript %v (%s), omnigen validate %v (%v)", goOK, gerr, tsOK, ts[i], vOK, vFinding)
			continue
		}
		// A line that is JSON JavaScript reads back as it is breaks the
		// schema alone, and a line that is not JSON is refused as such:
		// Go and TypeScript name the same problem, in the same words (for
		// text that is not JSON, the same message and byte offset).
		var ge *omnimessage.Error
		if errors.As(gerr, &ge) {
			// JSON that JavaScript reads otherwise (a key given twice) is
			// refused for that, the same way: only a line that is not
			// UTF-8 reaches TypeScript as other text.
			want, answer, compare := [3]string{ge.Pointer, ge.Keyword, ge.Message}, ts[i], utf8.Valid(m)
			if !json.Valid(m) {
				// Nesting deeper than MaxDepth, where it comes first, stops
				// the reading as a syntax error does.
				syntax := strings.HasPrefix(ge.Message, "not valid JSON: ") || strings.HasPrefix(ge.Message, "arrays and objects nested more than ")
				if ge.Pointer != "" || ge.Keyword != "" || !syntax {
					fail("Go refuses text that is not JSON with %q", want)
					continue
				}
				notJSON++
				compare = true
				if !utf8.Valid(m) {
					notUTF8++
					answer, compare = strings.TrimPrefix(answer, "utf8 "), false
					if lossy, ok := lossySyntax(m, ge.Message); ok {
						want[2], compare = lossy, true
						lossyCompared++
					}
				}
			}
			if compare && !ge.WellFormed && json.Valid(m) {
				jsRead++
			}
			var p [3]string
			if !compare {
				// Nothing to compare.
			} else if err := json.Unmarshal([]byte(strings.TrimPrefix(answer, "err ")), &p); err != nil {
				fail("TypeScript answered %q; Go says %q", answer, want)
				continue
			} else if p != want {
				fail("Go says %q, TypeScript %q", want, p)
				continue
			}
		}
		if i == 0 && bytes.HasPrefix(m, bom) {
			continue // the reader takes a byte-order mark off the first line
		}
		if sc.Check(m) == nil {
			engineChecked++
			want := engine.Check(m)
			var got *schema.Error
			if vFinding != nil {
				got = &schema.Error{Pointer: vFinding.Pointer, Message: vFinding.Message}
			}
			if !sameError(got, want) && !jsRule(got) {
				fail("omnigen validate says %v, the engine %v", got, want)
				continue
			}
		}
		if !goOK {
			continue
		}
		accepted++
		out, err := omnimessage.Marshal(msg)
		if err != nil {
			fail("Marshal of what Unmarshal accepts: %v", err)
			continue
		}
		if want, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(ts[i], "ok ")); !bytes.Equal(out, want) {
			fail("Marshal writes %.300s\nJSON.stringify writes %.300s", out, want)
		}
	}
	t.Logf("%d mutants: %d accepted by all, %d rejected by all; %d checked by the engine too", len(mutants), accepted, len(mutants)-accepted, engineChecked)
	t.Logf("%d mutants are not JSON, %d of them not UTF-8 either (%d of those read alike up to the problem, once decoded)", notJSON, notUTF8, lossyCompared)
	t.Logf("%d mutants are JSON that JavaScript reads otherwise (a key twice, a number beyond a double)", jsRead)
	if failures > 0 {
		t.Errorf("%d of %d mutants get different answers", failures, len(mutants))
	}
	// The mutants must exercise both answers.
	if accepted < len(mutants)/20 || accepted > len(mutants)*19/20 {
		t.Errorf("%d of %d mutants accepted: the mutations are too gentle or too harsh", accepted, len(mutants))
	}
	if jsRead < len(mutants)/200 {
		t.Errorf("only %d of %d mutants are JSON that JavaScript reads otherwise: too few to compare", jsRead, len(mutants))
	}
	if notJSON < len(mutants)/50 {
		t.Errorf("only %d of %d mutants are not JSON: too few to compare the syntax errors", notJSON, len(mutants))
	}
}

// canonicalProgram is the canonical schema's check program as omnigen
// validate --schema runs it on a copy of the schema.
func canonicalProgram(t *testing.T) *jsonrt.Checks {
	s, err := genpipeline.LoadData(canonical.Canonical, filepath.Join(t.TempDir(), canonical.FileName), model.LoadOptions{General: true})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := jsonrt.Interpret(s.Program, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// problemOf is an error's pointer, keyword and message, as the generated Go
// and the runtime word them; "" for none.
func problemOf(err error) [3]string {
	var ge *omnimessage.Error
	var re *jsonrt.Error
	switch {
	case err == nil:
		return [3]string{}
	case errors.As(err, &ge):
		return [3]string{ge.Pointer, ge.Keyword, ge.Message}
	case errors.As(err, &re):
		return [3]string{re.Pointer, re.Keyword, re.Message}
	}
	return [3]string{"", "", err.Error()}
}

// lossySyntax is what TypeScript says of the bytes m, which are not UTF-8,
// once a decoder has replaced each invalid sequence with U+FFFD, as Go words
// goMessage (a syntax error): the same, when no invalid byte comes before the
// offset the message names; there the byte TypeScript quotes is the first of
// U+FFFD's. ok is false when an invalid byte comes earlier: then U+FFFD,
// three bytes of UTF-8, moves the offset.
func lossySyntax(m []byte, goMessage string) (msg string, ok bool) {
	at := strings.LastIndex(goMessage, " at offset ")
	if at < 0 {
		return "", false
	}
	k, err := strconv.Atoi(goMessage[at+len(" at offset "):])
	if err != nil || k > len(m) || !utf8.Valid(m[:k]) {
		return "", false
	}
	if r, size := utf8.DecodeRune(m[k:]); r == utf8.RuneError && size == 1 {
		head := "not valid JSON: invalid character " + "0x" + strconv.FormatUint(uint64(m[k]), 16)
		if goMessage[:at] == head {
			return "not valid JSON: invalid character 0xef" + goMessage[at:], true
		}
	}
	return goMessage, true
}

// compileTS compiles gen/ts/src with gen/ts's own TypeScript into dir and
// returns the path of its index.js.
func compileTS(t *testing.T, dir string) string {
	tsDir := filepath.Join(repoRoot, "gen", "ts")
	tsc := filepath.Join(tsDir, "node_modules", ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("gen/ts has no TypeScript installed (%v): run make setup", err)
	}
	out := filepath.Join(dir, "ts")
	src, _ := filepath.Glob(filepath.Join(tsDir, "src", "*.ts"))
	args := append([]string{"--outDir", out, "--rootDir", filepath.Join(tsDir, "src"), "--target", "es2022",
		"--module", "nodenext", "--moduleResolution", "nodenext", "--strict", "--skipLibCheck"}, src...)
	if b, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, b)
	}
	if err := os.WriteFile(filepath.Join(out, "package.json"), []byte(`{"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(out, "index.js")
}

// differentialScript reads base64 lines, and writes for each: "ok " and the
// base64 of JSON.stringify(parseOmniMessage(line)), "err " and the
// pointer, keyword and detail of the OmniMessageError (a JSON array), or
// "throw " and what else was thrown; for bytes that are not UTF-8, "utf8 "
// and the answer for the text a decoder makes of them (each invalid sequence
// replaced with U+FFFD).
const differentialScript = `import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const mod = await import(pathToFileURL(process.argv[2]).href);
const lines = readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l !== "");
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder("utf-8", { ignoreBOM: true });
const answer = (text) => {
  try {
    const v = mod.parseOmniMessage(text);
    return "ok " + Buffer.from(JSON.stringify(v)).toString("base64");
  } catch (e) {
    if (e instanceof mod.OmniMessageError) {
      return "err " + JSON.stringify([e.pointer, e.keyword, e.detail]);
    }
    return "throw " + String(e).slice(0, 200).replace(/\n/g, " ");
  }
};
const out = [];
for (const l of lines) {
  const bytes = Buffer.from(l.slice(1), "base64");
  let text;
  try {
    text = utf8.decode(bytes);
  } catch {
    out.push("utf8 " + answer(lossy.decode(bytes)));
    continue;
  }
  out.push(answer(text));
}
writeFileSync(process.argv[4], out.join("\n") + "\n");
`

func runTS(t *testing.T, node, module, dir string, mutants [][]byte) []string {
	script := filepath.Join(dir, "differential.mjs")
	in, out := filepath.Join(dir, "mutants.b64"), filepath.Join(dir, "answers")
	if err := os.WriteFile(script, []byte(differentialScript), 0o644); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, m := range mutants {
		b.WriteByte('=') // so that an empty mutant is a line too
		b.WriteString(base64.StdEncoding.EncodeToString(m))
		b.WriteByte('\n')
	}
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if o, err := exec.Command(node, script, module, in, out).CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, o)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	answers := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(answers) != len(mutants) {
		t.Fatalf("node answered %d mutants of %d", len(answers), len(mutants))
	}
	return answers
}

// makeMutants makes count mutants of the seeds with the generator of seed.
func makeMutants(t *testing.T, count int, seed uint64) [][]byte {
	var seeds []*jsonmut.Value
	var words []string
	add := func(line []byte) {
		if v, ok := jsonmut.Parse(line); ok {
			seeds = append(seeds, v)
			words = append(words, v.Words()...)
		}
	}
	for _, file := range []string{"valid", "invalid"} {
		for _, v := range vectors(t, "testdata/conformance/"+file+".jsonl") {
			add(v.Message)
		}
	}
	for _, file := range []string{"testdata/traces/realistic.jsonl", "testdata/traces/realistic_002.jsonl", "testdata/streams/realistic.jsonl"} {
		for _, line := range bytes.Split(readRepoFile(t, file), []byte("\n")) {
			add(line)
		}
	}
	// The lines the Go fuzzer keeps (a fidelity with array-index keys, odd
	// numbers, lone surrogates...): those that are JSON.
	corpus, err := filepath.Glob(filepath.Join(repoRoot, "testdata/fuzz/FuzzUnmarshal/*"))
	if err != nil || len(corpus) == 0 {
		t.Fatalf("no fuzz corpus: %v", err)
	}
	for _, file := range corpus {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		add(data)
	}
	// Every enum value and tag of the schema is a word too.
	m := jsonmut.New(seed, append(words, schemaStrings(t)...))
	out := make([][]byte, 0, count)
	for len(out) < count {
		line := m.Next(seeds)
		if bytes.IndexByte(line, '\n') >= 0 || isBlank(line) {
			continue // not one line, or a blank one (a warning, not a message)
		}
		out = append(out, line)
	}
	return out
}

// schemaStrings returns the enum values and constants of the canonical
// schema.
func schemaStrings(t *testing.T) []string {
	var doc any
	if err := json.Unmarshal(readRepoFile(t, "schema/omnimessage.schema.json"), &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			if c, ok := x["const"].(string); ok {
				out = append(out, c)
			}
			if e, ok := x["enum"].([]any); ok {
				for _, v := range e {
					if s, ok := v.(string); ok {
						out = append(out, s)
					}
				}
			}
			for k, v := range x {
				out = append(out, k)
				walk(v)
			}
		case []any:
			for _, v := range x {
				walk(v)
			}
		}
	}
	walk(doc)
	return out
}

// Every invalid conformance vector gets one error from the generated Go and
// the generated TypeScript: the same pointer, keyword and message (and
// omnigen validate prints that message, the keyword after it).
func TestConformanceErrorsAgree(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the TypeScript side cannot run")
	}
	dir := t.TempDir()
	module := compileTS(t, dir)
	invalid := vectors(t, "testdata/conformance/invalid.jsonl")
	lines := make([][]byte, len(invalid))
	for i, v := range invalid {
		lines[i] = v.Message
	}
	ts := runTS(t, node, module, dir, lines)
	for i, v := range invalid {
		_, err := omnimessage.Unmarshal(v.Message)
		var ge *omnimessage.Error
		if !errors.As(err, &ge) {
			t.Errorf("%s: Go says %v", v.Name, err)
			continue
		}
		var got [3]string
		if err := json.Unmarshal([]byte(strings.TrimPrefix(ts[i], "err ")), &got); err != nil {
			t.Errorf("%s: TypeScript answered %q", v.Name, ts[i])
			continue
		}
		if want := [3]string{ge.Pointer, ge.Keyword, ge.Message}; got != want || ge.Keyword == "" {
			t.Errorf("%s: Go says %q, TypeScript %q", v.Name, want, got)
		}
	}
}

// A value shown in a message is cut alike in Go and TypeScript when long:
// a string of more than 64 code points (as JavaScript counts them: an
// astral character or a lone surrogate is one) after 61 of them, "..."
// inside its quotes; a number never.
func TestLongValuesShownAlike(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the TypeScript side cannot run")
	}
	const base = `{"timestamp":"2026-07-18T03:10:22.531Z","type":"session_meta","payload":{"session_id":"s","provider":"anthropic","model_id":"m","model_context_window":200000,"system_prompt":"p","tools":[],"agent_state":"a","workspace":"w","source":"subagent"}}`
	long := strings.Repeat("é", 40) + strings.Repeat("😀", 20) + `\ud800` + strings.Repeat("x", 10)
	lines := [][]byte{
		[]byte(strings.Replace(base, `"type":"session_meta"`, `"type":"`+long+`"`, 1)),
		[]byte(strings.Replace(base, `"source":"subagent"`, `"source":"`+long+`"`, 1)),
		[]byte(strings.Replace(base, `"2026-07-18T03:10:22.531Z"`, `"`+long+`"`, 1)),
		[]byte(strings.Replace(base, `"source":"subagent"`, `"source":"`+strings.Repeat("y", 64)+`"`, 1)),
		[]byte(strings.Replace(base, `"source":"subagent"`, `"source":-1.2345678901234567e-300`, 1)),
	}
	dir := t.TempDir()
	module := compileTS(t, dir)
	ts := runTS(t, node, module, dir, lines)
	cut := 0
	for i, line := range lines {
		_, err := omnimessage.Unmarshal(line)
		var ge *omnimessage.Error
		if !errors.As(err, &ge) {
			t.Errorf("line %d: Go says %v", i, err)
			continue
		}
		var got [3]string
		if err := json.Unmarshal([]byte(strings.TrimPrefix(ts[i], "err ")), &got); err != nil {
			t.Errorf("line %d: TypeScript answered %q", i, ts[i])
			continue
		}
		if want := [3]string{ge.Pointer, ge.Keyword, ge.Message}; got != want {
			t.Errorf("line %d: Go says %q, TypeScript %q", i, want, got)
		}
		if strings.Contains(ge.Message, `..."`) {
			cut++
		}
	}
	if cut != 3 {
		t.Errorf("%d messages show a cut value, want 3 (the three long strings)", cut)
	}
}
