// Package suite reads the official JSON Schema Test Suite that sits beside
// the checkout (../shared/json-schema-test-suite): its drafts, files, test
// groups and tests, for the tests of the packages that compile schemas.
package suite

import (
	"encoding/json"
	"fmt"
	"os"
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
