// Package suite reads the official JSON Schema Test Suite that sits beside
// the checkout (../shared/json-schema-test-suite): its drafts, files, test
// groups and tests, for the tests of the packages that compile schemas.
package suite

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// Dir is the suite's directory.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "shared", "json-schema-test-suite")
}

// Available reports whether the suite is there, and if not why.
func Available() (bool, string) {
	if _, err := os.Stat(filepath.Join(Dir(), "tests")); err != nil {
		return false, fmt.Sprintf("the JSON Schema Test Suite is not at %s (CI has it beside the checkout): %v", Dir(), err)
	}
	return true, ""
}

// Remotes is the --ref-map entry the suite's remote references need:
// http://localhost:1234/ stands for its remotes/ directory.
func Remotes() resolve.Mapping {
	return resolve.Mapping{Prefix: "http://localhost:1234/", Dir: filepath.Join(Dir(), "remotes")}
}

// MetaSchemas is the $schema of each draft, for suite schemas that leave
// it to their folder.
var MetaSchemas = map[resolve.Draft]string{
	resolve.Draft4:    "http://json-schema.org/draft-04/schema#",
	resolve.Draft6:    "http://json-schema.org/draft-06/schema#",
	resolve.Draft7:    "http://json-schema.org/draft-07/schema#",
	resolve.Draft2019: "https://json-schema.org/draft/2019-09/schema",
	resolve.Draft2020: "https://json-schema.org/draft/2020-12/schema",
}

// DraftDirs names the suite's directory of each draft.
var DraftDirs = map[resolve.Draft]string{
	resolve.Draft4: "draft4", resolve.Draft6: "draft6", resolve.Draft7: "draft7",
	resolve.Draft2019: "draft2019-09", resolve.Draft2020: "draft2020-12",
}

// Group is one test group: a schema and the instances tested against it.
type Group struct {
	Draft resolve.Draft
	// File is the test file relative to the draft's directory
	// ("ref.json", "optional/format/date.json").
	File        string
	Index       int
	Description string
	// Schema is the group's schema, decoded with key order kept.
	Schema any
	// SchemaJSON is its text.
	SchemaJSON json.RawMessage
	Tests      []Test
}

// Test is one instance and its expected verdict.
type Test struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// ID names a group uniquely: "draft2020-12/ref.json#3".
func (g *Group) ID() string { return fmt.Sprintf("%s/%s#%d", DraftDirs[g.Draft], g.File, g.Index) }

// Keyword is the group's file without ".json", its keyword for tables.
func (g *Group) Keyword() string { return strings.TrimSuffix(g.File, ".json") }

// Groups reads the groups of the files of draft d that match glob
// ("*.json" for the required tests, "optional/format/*.json").
func Groups(d resolve.Draft, glob string) ([]*Group, error) {
	dir := filepath.Join(Dir(), "tests", DraftDirs[d])
	files, err := filepath.Glob(filepath.Join(dir, glob))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []*Group
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var raw []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []Test          `json:"tests"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		rel, _ := filepath.Rel(dir, f)
		for i, g := range raw {
			schema, err := resolve.Decode(g.Schema)
			if err != nil {
				return nil, fmt.Errorf("%s group %d: %v", f, i, err)
			}
			out = append(out, &Group{Draft: d, File: filepath.ToSlash(rel), Index: i, Description: g.Description,
				Schema: schema, SchemaJSON: g.Schema, Tests: g.Tests})
		}
	}
	return out, nil
}

// URI is the retrieval URI a group's schema is loaded under: it has no
// $id of its own in most groups, and relative references resolve against
// it.
func (g *Group) URI() string {
	return fmt.Sprintf("http://omnigen.test/%s/%s/%d.json", DraftDirs[g.Draft], strings.TrimSuffix(g.File, ".json"), g.Index)
}

// Instance is one instance of a test group, as the programs built from the
// generated code read it: one JSON line {"group": id, "text": data} on their
// standard input, the instance's JSON text exactly as the suite writes it.
type Instance struct {
	Group string `json:"group"`
	Text  string `json:"text"`
	// Draft, Test and Valid say where the instance comes from and what it
	// should give; they are not sent.
	Draft resolve.Draft `json:"-"`
	Test  int           `json:"-"`
	Valid bool          `json:"-"`
}

// Instances lists the instances of groups, in order.
func Instances(groups []*Group) []Instance {
	var out []Instance
	for _, g := range groups {
		for i, tc := range g.Tests {
			out = append(out, Instance{Group: g.ID(), Text: string(tc.Data), Draft: g.Draft, Test: i, Valid: tc.Valid})
		}
	}
	return out
}

// Verdict is what a program says of one instance: one JSON line
// [valid, pointer, keyword, message] on its standard output, each string
// written in ASCII, every other UTF-16 code unit as a \uxxxx escape (a lone
// surrogate too), so that the strings of two languages compare exactly. A
// program that also writes back what it accepts adds what it wrote (the
// generated code's Marshal of what its Unmarshal read, or "error: " and
// why it could not), and a program that knows what JSON.stringify writes
// adds that.
type Verdict struct {
	Valid bool
	// Pointer, Keyword and Message are the JSON text of each string, as
	// the program writes it.
	Pointer, Keyword, Message string
	// Written and Want are the JSON text of the strings written back, by
	// the generated code and by JSON.stringify(JSON.parse(text)); "" when
	// the program does not say.
	Written, Want string
}

// Problem is the verdict without what was written back: what two
// languages must agree on for every instance.
func (v Verdict) Problem() Verdict {
	return Verdict{Valid: v.Valid, Pointer: v.Pointer, Keyword: v.Keyword, Message: v.Message}
}

// UnmarshalJSON reads a verdict line.
func (v *Verdict) UnmarshalJSON(data []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if len(raw) < 4 || len(raw) > 6 {
		return fmt.Errorf("a verdict has 4 to 6 fields, got %s", data)
	}
	if err := json.Unmarshal(raw[0], &v.Valid); err != nil {
		return fmt.Errorf("verdict %s: %v", data, err)
	}
	v.Pointer, v.Keyword, v.Message = string(raw[1]), string(raw[2]), string(raw[3])
	if len(raw) > 4 {
		v.Written = string(raw[4])
	}
	if len(raw) > 5 {
		v.Want = string(raw[5])
	}
	return nil
}

// Run runs cmd with the instances on its standard input and returns its
// verdict on each.
func Run(cmd *exec.Cmd, instances []Instance) ([]Verdict, error) {
	var input bytes.Buffer
	for _, in := range instances {
		line, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		input.Write(line)
		input.WriteByte('\n')
	}
	var out []Verdict
	err := RunLines(cmd, input.Bytes(), len(instances), func(line []byte) error {
		var v Verdict
		err := json.Unmarshal(line, &v)
		out = append(out, v)
		return err
	})
	return out, err
}

// RunLines runs cmd with input on its standard input, calls each with every
// line of its output, and wants n lines.
func RunLines(cmd *exec.Cmd, input []byte, n int, each func(line []byte) error) error {
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	output, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", cmd.Path, err, stderr.Bytes())
	}
	sc := bufio.NewScanner(bytes.NewReader(output))
	sc.Buffer(nil, 1<<26)
	lines := 0
	for sc.Scan() {
		if err := each(sc.Bytes()); err != nil {
			return fmt.Errorf("%s: %v: %s", cmd.Path, err, sc.Bytes())
		}
		lines++
	}
	if lines != n {
		return fmt.Errorf("%s answered %d of %d inputs", cmd.Path, lines, n)
	}
	return nil
}

// Score compares the verdicts with what the suite expects: a pass table per
// draft, and a line for each instance given the wrong verdict.
func Score(instances []Instance, verdicts []Verdict) (table string, wrong []string) {
	pass, total := map[resolve.Draft]int{}, map[resolve.Draft]int{}
	for i, in := range instances {
		total[in.Draft]++
		if verdicts[i].Valid == in.Valid {
			pass[in.Draft]++
			continue
		}
		wrong = append(wrong, fmt.Sprintf("%s test %d: want valid %v, got %+v", in.Group, in.Test, in.Valid, verdicts[i]))
	}
	var b strings.Builder
	for _, d := range resolve.Drafts {
		if total[d] > 0 {
			fmt.Fprintf(&b, "%-14s %5d/%-5d %6.2f %%\n", DraftDirs[d], pass[d], total[d], 100*float64(pass[d])/float64(total[d]))
		}
	}
	return b.String(), wrong
}
