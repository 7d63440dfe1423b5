package config

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

// full sets every key a file may hold.
const full = `version: 1
schema: schema/goals.schema.json
schemas: [schema/common.json, schema/shared]
ref-map:
  - https://example.com/schemas/=third_party/schemas
draft: draft7
root-name: Config
assert-formats: true
generate:
  go:
    out: goals
    package: goals
    tags: [json, yaml]
    maps: native
    runtime: import
  ts:
    out: web/src/goals
  docs:
    out: docs
breaking:
  against: .git#branch=main
validate:
  profile: trace
  include: ["*.ndjson", "*.jsonl"]
`

func TestParseEveryKey(t *testing.T) {
	yes := true
	dir := filepath.FromSlash("/repo")
	c, err := Parse([]byte(full), filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	at := func(rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }
	want := &Config{
		Path: filepath.Join(dir, FileName), Dir: dir,
		Schema:  at("schema/goals.schema.json"),
		Schemas: []string{at("schema/common.json"), at("schema/shared")},
		RefMap:  []RefMapping{{Prefix: "https://example.com/schemas/", Dir: at("third_party/schemas")}},
		Draft:   "draft7", RootName: "Config", AssertFormats: &yes,
		Go:      &GoOutput{Out: at("goals"), Package: "goals", Tags: []string{"json", "yaml"}, Maps: "native", Runtime: "import"},
		TS:      &TSOutput{Out: at("web/src/goals")},
		Docs:    &DocsOutput{Out: at("docs")},
		Against: ".git#branch=main",
		Profile: "trace",
		Include: []string{"*.ndjson", "*.jsonl"},
		lines:   c.lines,
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("Parse gave\n%+v\nwant\n%+v", c, want)
	}
	if got := c.At("generate.go.package"); got != filepath.Join(dir, FileName)+":12" {
		t.Errorf(`At("generate.go.package") = %q, want line 12`, got)
	}
}

// Every key is documented where users read about it: in the file omnigen
// init writes and in README.md.
func TestEveryKeyIsDocumented(t *testing.T) {
	c, err := Parse([]byte(full), "/repo/"+FileName)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(c.lines))
	for k := range c.lines {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	tmpl := string(Template(Values{}))
	for _, k := range keys {
		last := k[strings.LastIndex(k, ".")+1:]
		if !strings.Contains(tmpl, last+":") {
			t.Errorf("the file omnigen init writes does not mention %s", k)
		}
		if !strings.Contains(string(readme), "`"+k+"`") {
			t.Errorf("README.md does not document `%s`", k)
		}
	}
}

// What init writes parses, with the given values set and nothing else.
func TestTemplateParses(t *testing.T) {
	for _, v := range []Values{
		{},
		{Schema: "schema/x.schema.json", GoOut: "gen/go/x", GoPackage: "x", TSOut: "gen/ts", DocsOut: "docs", Against: "main"},
		{TSOut: "web/gen: odd # name"},
	} {
		c, err := Parse(Template(v), "/repo/"+FileName)
		if err != nil {
			t.Errorf("%+v: %v\n%s", v, err, Template(v))
			continue
		}
		out := func(o string) string {
			if o == "" {
				return ""
			}
			return filepath.Join("/repo", o)
		}
		got := Values{Schema: c.Schema, Against: c.Against}
		if c.Go != nil {
			got.GoOut, got.GoPackage = c.Go.Out, c.Go.Package
		}
		if c.TS != nil {
			got.TSOut = c.TS.Out
		}
		if c.Docs != nil {
			got.DocsOut = c.Docs.Out
		}
		want := Values{Schema: out(v.Schema), GoOut: out(v.GoOut), GoPackage: v.GoPackage, TSOut: out(v.TSOut), DocsOut: out(v.DocsOut), Against: v.Against}
		if got != want {
			t.Errorf("%+v: read back %+v", v, got)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"empty", "", `omnigen.yaml: empty file: it needs at least "version: 1"`},
		{"comments only", "# nothing\n", `omnigen.yaml: empty file`},
		{"no version", "schema: x.json\n", `omnigen.yaml: no version`},
		{"version 2", "version: 2\n", `omnigen.yaml:1: version must be 1, got the number 2`},
		{"version string", "version: \"1\"\n", `omnigen.yaml:1: version must be 1, got the string "1"`},
		{"not a mapping", "- a\n", `omnigen.yaml:1: the file must be a mapping of keys to values, got a list`},
		{"unknown key", "version: 1\nschemata: x\n", `omnigen.yaml:2: the file: unknown key "schemata"; known keys: version, schema, schemas, ref-map, draft, root-name, assert-formats, generate, breaking, validate`},
		{"schemas not a list", "version: 1\nschemas: x\n", `omnigen.yaml:2: schemas must be a list of strings`},
		{"unknown nested key", "version: 1\ngenerate:\n  go:\n    out: x\n    pkg: y\n", `omnigen.yaml:5: generate.go: unknown key "pkg"; known keys: out, package, tags, maps, runtime`},
		{"bad runtime", "version: 1\ngenerate:\n  go:\n    out: x\n    runtime: shared\n", `omnigen.yaml:5: generate.go.runtime must be copy or import, got "shared"`},
		{"duplicate", "version: 1\nschema: a\nschema: b\n", `omnigen.yaml:3`},
		{"no out", "version: 1\ngenerate:\n  ts: {}\n", `omnigen.yaml:3: generate.ts needs out`},
		{"empty out", "version: 1\ngenerate:\n  docs:\n    out: \"\"\n", `omnigen.yaml:4: generate.docs.out: an empty directory`},
		{"out a number", "version: 1\ngenerate:\n  go:\n    out: 3\n", `omnigen.yaml:4: generate.go.out must be a string, got the number 3`},
		{"go a string", "version: 1\ngenerate:\n  go: gen/go\n", `omnigen.yaml:3: generate.go must be a mapping of keys to values, got the string "gen/go"`},
		{"empty schema", "version: 1\nschema: \"\"\n", `omnigen.yaml:2: schema is empty`},
		{"bad ref-map", "version: 1\nref-map: [\"https://x\"]\n", `omnigen.yaml:2: ref-map: "https://x" must be URL_PREFIX=DIR`},
		{"include not a list", "version: 1\nvalidate:\n  include: \"*.ndjson\"\n", `omnigen.yaml:3: validate.include must be a list of strings`},
		{"bad glob", "version: 1\nvalidate:\n  include: [\"[\"]\n", `omnigen.yaml:3: validate.include: "[" is not a valid glob`},
		{"syntax", "version: 1\n  schema: [\n", `omnigen.yaml: `},
	} {
		_, err := Parse([]byte(c.file), FileName)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to start with %q", c.name, err, c.want)
		}
	}
}

func TestCanonicalSchema(t *testing.T) {
	for _, file := range []string{"version: 1\n", "version: 1\nschema: " + canonical.ID + "\n"} {
		c, err := Parse([]byte(file), "/repo/"+FileName)
		if err != nil || c.Schema != "" {
			t.Errorf("%q: schema %q, error %v; want the embedded schema (\"\")", file, c.Schema, err)
		}
	}
}

// Find looks in the directory and above, and stops at the repository root.
func TestFind(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	deep := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path string) {
		if err := os.WriteFile(path, []byte("version: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	find := func(dir string) string {
		t.Helper()
		got, err := Find(dir)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	write(filepath.Join(root, FileName))
	if got := find(deep); got != filepath.Join(root, FileName) {
		t.Errorf("no repository: found %q, want the file above", got)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := find(deep); got != "" {
		t.Errorf("inside a repository without one: found %q, want none (the one above the repository is not its)", got)
	}
	write(filepath.Join(repo, "a", FileName))
	if got := find(deep); got != filepath.Join(repo, "a", FileName) {
		t.Errorf("found %q, want the nearest", got)
	}
	if got := find(filepath.Join(repo, "a")); got != filepath.Join(repo, "a", FileName) {
		t.Errorf("found %q in the directory itself", got)
	}
}
