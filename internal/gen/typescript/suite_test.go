package typescript

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The TypeScript generated from every schema of the official JSON Schema
// Test Suite gives each required instance's verdict, and names the same
// problem as the generated Go: the same pointer, keyword and message on
// every instance, the suite's and the edge cases' (edgeGroups); so does
// the check program as omnigen validate --schema runs it. Each
// draft's groups share one module (Options.Prefix); one tsc run compiles
// them all, under the house tsconfig, one node process answers every
// instance through parse<Root>, and prettier --check finds the files laid
// out as it prints them.
func TestSuiteGenerated(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from every schema of the suite")
	}
	node, tsc := toolchain(t)
	groups, err := suitegen.RequiredGroups()
	if err != nil {
		t.Fatal(err)
	}
	instances := suite.Instances(groups)
	edges, err := edgeGroups()
	if err != nil {
		t.Fatal(err)
	}
	groups = append(groups, edges...)
	all := suite.Instances(groups)

	start := time.Now()
	dir := t.TempDir()
	modules, err := writeSuiteModules(dir, groups)
	if err != nil {
		t.Fatal(err)
	}
	generated := time.Since(start)
	// go builds the Go program while tsc, node and prettier run.
	type built struct {
		program string
		err     error
	}
	goBuild := make(chan built, 1)
	goDir := t.TempDir()
	go func() {
		program, err := suitegen.BuildGo(goDir, groups)
		goBuild <- built{program, err}
	}()
	build := exec.Command(tsc, "-p", dir)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	compiled := time.Since(start)
	verdicts, err := suite.Run(exec.Command(node, filepath.Join(dir, "main.mjs")), all)
	if err != nil {
		t.Fatal(err)
	}
	var objects string
	for _, e := range edges {
		if string(e.SchemaJSON) == `{"type": "object"}` {
			objects = modules[e.ID()]
		}
	}
	if err := runtimeChecks(node, dir, modules[edges[0].ID()], modules[edges[1].ID()], objects); err != nil {
		t.Error(err)
	}
	ran := time.Since(start)
	table, wrong := suite.Score(instances, verdicts[:len(instances)])
	_, wrongEdges := suite.Score(all[len(instances):], verdicts[len(instances):])
	for _, w := range append(wrong, wrongEdges...) {
		t.Error(w)
	}
	t.Logf("generated TypeScript, required tests (generate %v, tsc %v, node %v):\n%s",
		generated.Round(time.Millisecond), (compiled - generated).Round(time.Millisecond), (ran - compiled).Round(time.Millisecond),
		strings.TrimSuffix(table, "\n"))

	// prettier checks the layout of the files of the oldest and the newest
	// draft, which between them use every kind of rule (all drafts take
	// three times as long).
	prettier := exec.Command(filepath.Join(filepath.Dir(tsc), "prettier"), "--check", "--log-level=warn", "d4/src/g*.ts", "d202012/src/g*.ts", "d4/src/checks.ts")
	prettier.Dir = dir
	if out, err := prettier.CombinedOutput(); err != nil {
		t.Errorf("prettier --check: %v: the generated TypeScript is not laid out as prettier prints it\n%s", err, firstLines(string(out), 20))
	}
	checked := time.Since(start)
	b := <-goBuild
	if b.err != nil {
		t.Fatal(b.err)
	}
	goVerdicts, err := suite.Run(exec.Command(b.program), all)
	if err != nil {
		t.Fatal(err)
	}
	differ, explained := 0, 0
	for i, in := range all {
		if !verdicts[i].Valid && verdicts[i].Message != "" {
			explained++
		}
		if verdicts[i].Problem() == goVerdicts[i].Problem() {
			continue
		}
		differ++
		if differ <= 20 {
			t.Errorf("%s test %d: Go and TypeScript differ\n  Go: %+v\n  TS: %+v", in.Group, in.Test, goVerdicts[i], verdicts[i])
		}
	}
	if differ > 0 {
		t.Errorf("Go and TypeScript differ on %d of %d instances", differ, len(all))
	}
	t.Logf("Go and TypeScript give the same verdict, pointer, keyword and message on %d of %d instances (%d of them invalid, with a message); prettier %v, total %v",
		len(all)-differ, len(all), explained, (checked - ran).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	suiteRoundTrips(t, all, len(instances), verdicts, goVerdicts)
	suiteProgramAgrees(t, groups, all, goVerdicts)
}

// suiteProgramAgrees runs each group's check program as omnigen validate
// --schema runs it (jsonrt.Interpret, the format checks validate uses) on
// every instance: it must give the generated Go's verdict, pointer, keyword
// and message.
func suiteProgramAgrees(t *testing.T, groups []*suite.Group, all []suite.Instance, goVerdicts []suite.Verdict) {
	t.Helper()
	programs := map[string]*jsonrt.Checks{}
	for _, g := range groups {
		s, err := suitegen.Model(g)
		if err != nil {
			continue // the generators refuse it too
		}
		cs, err := jsonrt.Interpret(s.Program, jsonrt.Formats())
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		programs[g.ID()] = cs
	}
	unquote := func(s string) string {
		var out string
		if s != "" && json.Unmarshal([]byte(s), &out) != nil {
			return s
		}
		return out
	}
	same, differ := 0, 0
	for i, in := range all {
		cs, ok := programs[in.Group]
		if !ok {
			continue
		}
		goes := goVerdicts[i]
		err := cs.Validate(0, []byte(in.Text))
		got := [4]string{strconv.FormatBool(err == nil)}
		if err != nil {
			got = [4]string{"false", jsonrt.Pointer(err), jsonrt.Keyword(err), jsonrt.Message(err)}
		}
		want := [4]string{strconv.FormatBool(goes.Valid)}
		if !goes.Valid {
			want = [4]string{"false", unquote(goes.Pointer), unquote(goes.Keyword), unquote(goes.Message)}
		}
		if got == want {
			same++
			continue
		}
		if beyondInt64(want[3]) {
			continue // Go's types, not the schema: see suiteRoundTrips
		}
		differ++
		if differ <= 20 {
			t.Errorf("%s test %d: the check program and the generated Go differ\n  program: %q\n  Go: %q", in.Group, in.Test, got, want)
		}
	}
	if differ > 0 {
		t.Errorf("the check program and the generated Go differ on %d instances", differ)
	}
	t.Logf("the check program (omnigen validate --schema) answers as the generated Go on %d of %d instances", same, len(all))
}

// suiteRoundTrips checks that what the generated code accepts it writes back as
// JSON.stringify(JSON.parse(text)) does, byte for byte: in TypeScript
// stringify<Root>(parse<Root>(text)), in Go Marshal(Unmarshal(text)). Go
// may refuse only what its types cannot hold, an integer beyond int64; those
// instances are listed. The instances from official on are the edge cases,
// some of which have keys JavaScript orders otherwise ("16" before "b"),
// which both languages keep in the order they came: there Go must write
// what TypeScript writes.
func suiteRoundTrips(t *testing.T, all []suite.Instance, official int, verdicts, goVerdicts []suite.Verdict) {
	t.Helper()
	trips, beyond, wrong := 0, 0, 0
	for i, in := range all {
		ts, goes := verdicts[i], goVerdicts[i]
		if !ts.Valid || !goes.Valid {
			continue
		}
		trips++
		if ts.Want == "" {
			t.Fatalf("%s test %d: node did not say what JSON.stringify writes", in.Group, in.Test)
		}
		if i >= official && ts.Written != ts.Want && sameJSON(ts.Written, ts.Want) {
			ts.Want = ts.Written
		}
		if ts.Written != ts.Want {
			wrong++
			t.Errorf("%s test %d: TypeScript writes back what it read otherwise\n  text: %s\n  want: %s\n   got: %s", in.Group, in.Test, in.Text, ts.Want, ts.Written)
		}
		switch {
		case goes.Written == ts.Want:
		case strings.Contains(goes.Written, "outside the int64 range"):
			beyond++
			t.Logf("%s test %d: Go refuses %s: %s", in.Group, in.Test, in.Text, goes.Written)
		default:
			wrong++
			t.Errorf("%s test %d: Go writes back what it read otherwise\n  text: %s\n  want: %s\n   got: %s", in.Group, in.Test, in.Text, ts.Want, goes.Written)
		}
	}
	if trips < 1000 {
		t.Errorf("only %d valid instances round-tripped; want the suite's", trips)
	}
	t.Logf("round trip: %d valid instances written back by Go and TypeScript as JSON.stringify writes them, but for %d wrong and %d that Go refuses as beyond int64", trips-wrong-beyond, wrong, beyond)
}

// writeSuiteModules writes, under dir, one module per draft holding the
// TypeScript of every group (the check runtime once), a tsconfig that
// extends the house one, and main.mjs, which answers suite.Instance lines
// with suite.Verdict lines through the parse<Root> of each group. Any
// exception but the group's own <Root>Error stops it.
//
// It returns the module of each group, relative to dir ("d4/src/g3").
func writeSuiteModules(dir string, groups []*suite.Group) (map[string]string, error) {
	modules := map[string]string{}
	byDraft := map[resolve.Draft][]*suite.Group{}
	for _, g := range groups {
		byDraft[g.Draft] = append(byDraft[g.Draft], g)
	}
	var include, imports, tables []string
	for _, d := range resolve.Drafts {
		if len(byDraft[d]) == 0 {
			continue
		}
		pkg := suitegen.Package(d)
		files := GeneralRuntime()
		var head, entries strings.Builder
		for i, g := range byDraft[d] {
			s, err := suitegen.Model(g)
			if err != nil {
				return nil, err
			}
			prefix := suitegen.Prefix(i)
			modules[g.ID()] = pkg + "/src/" + strings.ToLower(prefix)
			generated, err := Generate(s, Options{Prefix: prefix})
			if err != nil {
				return nil, fmt.Errorf("%s: %v", g.ID(), err)
			}
			files = append(files, generated...)
			fmt.Fprintf(&head, "import { %sRootError, parse%sRoot, stringify%sRoot } from \"./%s_validate.js\";\n", prefix, prefix, prefix, strings.ToLower(prefix))
			fmt.Fprintf(&entries, "  [%q, [parse%sRoot, %sRootError, stringify%sRoot]],\n", g.ID(), prefix, prefix, prefix)
		}
		table := head.String() + "\n" +
			"type Entry = [(text: string) => unknown, new (...args: never[]) => Error, (value: never) => string];\n\n" +
			"export const table = new Map<string, Entry>([\n" + entries.String() + "]);\n"
		files = append(files, genFile("src/table.ts", table))
		for _, f := range files {
			if err := suitegen.WriteFile(filepath.Join(dir, pkg, f.Path), f.Content); err != nil {
				return nil, err
			}
		}
		include = append(include, fmt.Sprintf("%q", pkg+"/src"))
		imports = append(imports, fmt.Sprintf("import { table as %s } from \"./dist/%s/src/table.js\";", pkg, pkg))
		tables = append(tables, pkg)
	}
	main := strings.Join(imports, "\n") + `
import { createInterface } from "node:readline";

const tables = [` + strings.Join(tables, ", ") + `];
const ascii = (s) =>
  JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { group, text } = JSON.parse(line);
  const entry = tables.map((t) => t.get(group)).find((e) => e !== undefined);
  if (entry === undefined) {
    throw new Error("no parser for group " + group);
  }
  const [parse, RootError, stringify] = entry;
  let verdict = [true, "", "", ""];
  let value;
  try {
    value = parse(text);
  } catch (err) {
    if (!(err instanceof RootError)) {
      throw err;
    }
    verdict = [false, err.pointer, err.keyword, err.detail];
  }
  if (verdict[0]) {
    // What it accepts, it writes back as JSON.stringify does.
    let written;
    try {
      written = stringify(value);
    } catch (err) {
      written = "error: " + err.message;
    }
    verdict.push(written, JSON.stringify(JSON.parse(text)));
  }
  out.push("[" + verdict[0] + "," + verdict.slice(1).map(ascii).join(",") + "]");
}
process.stdout.write(out.join("\n") + "\n");
`
	for name, content := range map[string]string{
		"package.json":  `{ "type": "module" }` + "\n",
		"tsconfig.json": tsconfig(include),
		"main.mjs":      main,
	} {
		if err := suitegen.WriteFile(filepath.Join(dir, name), []byte(content)); err != nil {
			return nil, err
		}
	}
	return modules, nil
}

// runtimeChecks asserts, in node, what the check runtime does with values
// no JSON text gives, which the Go runtime never sees: data that is not
// JSON, cycles, and nesting the checks cannot follow; and what stringify
// writes of values read by parse and changed since, or made by hand. items
// and props are the modules of the first two edge groups (a recursive array
// schema and a recursive object schema), objects that of {"type": "object"}.
func runtimeChecks(node, dir, items, props, objects string) error {
	api := func(module string) string {
		p := strings.ToUpper(path.Base(module))
		return fmt.Sprintf(`await (async () => {
  const m = await import("./dist/%s_validate.js");
  return { validateRoot: m.validate%sRoot, isRoot: m.is%sRoot, parseRoot: m.parse%sRoot, stringifyRoot: m.stringify%sRoot, RootError: m.%sRootError };
})()`, module, p, p, p, p, p)
	}
	script := `import assert from "node:assert/strict";

const items = ` + api(items) + `;
const props = ` + api(props) + `;

const maxDepth = ` + strconv.Itoa(maxDepth) + `;
const nest = (n) => {
  let v = [];
  for (let i = 1; i < n; i++) v = [v];
  return v;
};
const problem = (e) => e && [e.pointer, e.keyword, e.detail];
const tooDeep = "arrays and objects nested more than " + maxDepth + " levels deep";

assert.deepEqual(problem(items.validateRoot(nest(maxDepth + 1))), ["", "", tooDeep]);
const cycle = [];
cycle.push(cycle);
assert.deepEqual(problem(items.validateRoot(cycle)), ["", "", tooDeep]);
assert.equal(items.isRoot(cycle), false);
const wide = {};
wide.a = { a: wide };
assert.deepEqual(problem(props.validateRoot(wide)), ["", "", tooDeep]);

// As deep as the Go runtime allows: the checks may run out of stack, and
// then say so at the root rather than throw.
const deepest = items.validateRoot(nest(maxDepth));
assert.ok(deepest === undefined || (deepest.pointer === "" && deepest.detail.startsWith("nested too deep to check")), String(deepest));
assert.equal(typeof items.isRoot(nest(maxDepth)), "boolean");

assert.deepEqual(problem(items.validateRoot([1, [undefined]])), ["/1/0", "", "must be JSON data, got undefined"]);
assert.deepEqual(problem(props.validateRoot({ a: { a: NaN } })), ["/a/a", "", "must be JSON data, got NaN"]);
assert.deepEqual(problem(items.validateRoot([new Date(0)])), ["/0", "", "must be JSON data, got Date"]);
assert.deepEqual(problem(items.validateRoot(() => 1)), ["", "", "must be JSON data, got function"]);
assert.equal(items.validateRoot([Infinity, -Infinity, [[]]]), undefined);
assert.equal(items.isRoot([[], [[]]]), true);
assert.equal(props.isRoot({ b: 1 }), false);
assert.deepEqual(problem(props.validateRoot(JSON.parse('{"__proto__": {}}'))), ["/__proto__", "additionalProperties", 'unknown property "__proto__"']);
assert.equal(props.validateRoot({ __proto__: { b: 1 } }), undefined, "a literal __proto__ sets the prototype: no member");
assert.equal(props.validateRoot({ ["__proto__"]: 1 })?.pointer, "/__proto__", "a computed __proto__ is a member");

assert.throws(() => items.parseRoot("[1,"), (e) => e instanceof items.RootError && e.pointer === "" && e.keyword === "" && e.detail === "not valid JSON: unexpected end of input at offset 3");
assert.deepEqual(items.parseRoot(" [[], [[1]]] "), [[], [[1]]]);

// stringify writes back what parse read in its key order, and numbers as
// JSON.stringify writes them (as the Go runtime does).
const objects = ` + api(objects) + `;
for (const [text, want] of [
  [
    '{"b":1,"16":2,"a":[1,12345678901234567890,1e300,-0,1.5e300,0.1,1e21,1.50],"128":{"x":null,"2":true,"1":false}}',
    '{"b":1,"16":2,"a":[1,12345678901234567000,1e+300,0,1.5e+300,0.1,1e+21,1.5],"128":{"x":null,"2":true,"1":false}}',
  ],
  ['{"__proto__":{"2":3,"1":[1]},"0":{}}', '{"__proto__":{"2":3,"1":[1]},"0":{}}'],
  ['{}', '{}'],
]) {
  assert.equal(objects.stringifyRoot(objects.parseRoot(text)), want);
}
// The values are plain: JavaScript's key order, JSON.parse's numbers.
const v = objects.parseRoot('{"b":1,"16":2,"big":12345678901234567890}');
assert.deepEqual(Object.keys(v), ["16", "b", "big"]);
assert.equal(JSON.stringify(v), '{"16":2,"b":1,"big":12345678901234567000}');
assert.deepEqual(v, { 16: 2, b: 1, big: 12345678901234567000 });
// A changed value is written as it is now; the order read is kept for the
// keys still there, new keys follow.
v.c = 3;
delete v.b;
v.big = 5;
assert.equal(objects.stringifyRoot(v), '{"16":2,"big":5,"c":3}');
v.big = 12345678901234567000;
assert.equal(objects.stringifyRoot(v), '{"16":2,"big":12345678901234567000,"c":3}');
// A value made by hand, or a copy, is written as JSON.stringify writes it.
assert.equal(objects.stringifyRoot({ a: [1.5, "é"], 2: null }), '{"2":null,"a":[1.5,"é"]}');
assert.equal(objects.stringifyRoot({ ...objects.parseRoot('{"b":1,"1":2}') }), '{"1":2,"b":1}');
// stringify checks first, and throws only the root's error.
const fails = (value, pointer, keyword, detail) =>
  assert.throws(() => objects.stringifyRoot(value), (e) => e instanceof objects.RootError && e.pointer === pointer && e.keyword === keyword && (detail === undefined || e.detail === detail), JSON.stringify(value));
fails([], "", "type");
fails({ a: undefined }, "/a", "");
// In the words of the Go runtime's encoder.number (jsonrt).
fails({ a: [NaN] }, "/a/0", "", "must be JSON data, got NaN");
fails({ a: [Infinity] }, "/a/0", "", "must be a finite number to be written as JSON, got Infinity");
fails({ a: [-Infinity] }, "/a/0", "", "must be a finite number to be written as JSON, got -Infinity");
`
	file := filepath.Join(dir, "runtime.mjs")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command(node, file).CombinedOutput(); err != nil {
		return fmt.Errorf("runtime checks: %v\n%s", err, out)
	}
	return nil
}

// toolchain returns node and the pinned tsc, or skips the test.
func toolchain(t *testing.T) (node, tsc string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the generated TypeScript cannot run")
	}
	tsc, err = filepath.Abs(filepath.Join(repo, "gen", "ts", "node_modules", ".bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Skip("the TypeScript toolchain is not installed (npm ci --prefix gen/ts): " + err.Error())
	}
	return node, tsc
}

// tsconfig is a tsconfig.json that compiles the directories include (JSON
// strings) under the house options into dist/.
func tsconfig(include []string) string {
	house, _ := filepath.Abs(filepath.Join(repo, "gen", "ts", "tsconfig.json"))
	return `{
  "extends": ` + fmt.Sprintf("%q", house) + `,
  "compilerOptions": {
    "types": [],
    "rootDir": ".",
    "outDir": "dist",
    "declaration": false,
    "sourceMap": false
  },
  "include": [` + strings.Join(include, ", ") + `]
}
`
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}

func genFile(path, content string) gen.File { return gen.File{Path: path, Content: []byte(content)} }

// edgeGroups are instances beyond the suite's, on which the runtimes could
// part: nesting at and beyond the depth limit (with white space and
// multi-byte characters before it, for the offset), members named like
// Object.prototype's, numbers beyond float64, exact decimals, code points,
// long strings in messages, property names that need escapes, and the order
// JavaScript lists members in.
func edgeGroups() ([]*suite.Group, error) {
	deep := func(n int, open, close string) string {
		return strings.Repeat(open, n) + strings.Repeat(close, n)
	}
	deepObject := func(n int) string {
		return strings.Repeat(`{"a":`, n-1) + "{}" + strings.Repeat("}", n-1)
	}
	long := func(s string, n int) string { return `"` + strings.Repeat(s, n) + `"` }
	type instance struct {
		data  string
		valid bool
	}
	groups := []struct {
		schema    string
		instances []instance
	}{
		{`{"items": {"$ref": "#"}}`, []instance{
			{deep(maxDepth+1, "[", "]"), false},
			{" \n\t[\"é😀\\\"[\", " + deep(maxDepth, "[", "]") + "]", false},
			{deep(300, "[", "]"), true},
			{`[[1], [[]], "x"]`, true},
		}},
		{`{"properties": {"a": {"$ref": "#"}}, "additionalProperties": false}`, []instance{
			{deepObject(maxDepth + 1), false},
			{deepObject(300), true},
			{`{"__proto__": 1}`, false},
			{`{"a": {"constructor": {}}}`, false},
		}},
		{`{"required": ["constructor", "toString", "__proto__", "hasOwnProperty"]}`, []instance{
			{`{}`, false},
			{`{"constructor": 1, "toString": 2, "__proto__": 3}`, false},
			{`{"constructor": 1, "toString": 2, "__proto__": 3, "hasOwnProperty": 4}`, true},
		}},
		{`{"properties": {"__proto__": {"type": "string"}, "toString": {"type": "number"}}, "dependentRequired": {"valueOf": ["__proto__"]}}`, []instance{
			{`{"__proto__": 1}`, false},
			{`{"toString": "x"}`, false},
			{`{"valueOf": null}`, false},
			{`{}`, true},
		}},
		{`{"const": {"__proto__": [1, {"b": 2, "a": 1}]}}`, []instance{
			{`{"__proto__": [1.0, {"a": 1, "b": 2}]}`, true},
			{`{"__proto__": [1, {"a": 1}]}`, false},
			{`{}`, false},
		}},
		{`{"enum": [1e400, -1e400, "é", null]}`, []instance{
			{`1e999`, false},
			{`-1e999`, false},
			{`1`, false},
		}},
		{`{"multipleOf": 0.01, "maximum": 1e300}`, []instance{
			{`0.07`, true},
			{`1.005`, false},
			{`1e308`, false},
			{`1e400`, false},
			{`-0.0`, true},
			{`1e-7`, false},
		}},
		{`{"type": "integer", "exclusiveMinimum": 1e-7}`, []instance{
			{`1.0`, true},
			{`1e400`, false},
			{`0`, false},
			{`123456789012345678901234567890`, true},
		}},
		{`{"maxLength": 2, "minLength": 2}`, []instance{
			{`"😀😀"`, true},
			{`"😀😀😀"`, false},
			{`"\ud800\ud800"`, true},
			{`"\ud800\ud800\udc00"`, true},
			{`"\udc00"`, false},
		}},
		{`{"const": "x"}`, []instance{
			{long("a", 70), false},
			{long("😀", 70), false},
			{long(`\ud800`, 70), false},
			{long(`\u0000`, 70), false},
			{long("é", 64), false},
			{long("é", 65), false},
		}},
		{`{"uniqueItems": true}`, []instance{
			{`[{"a": 1, "b": 2}, {"b": 2, "a": 1.0}]`, false},
			{`[0, -0]`, false},
			{`[{"1": 1, "a": 2}, {"a": 2, "1": 1}]`, false},
			{`["1", 1, [1], {"1": 1}, true, null]`, true},
		}},
		{`{"properties": {"a~b/c": {"type": "string"}}, "propertyNames": {"maxLength": 5}, "additionalProperties": {"not": {"type": "null"}}}`, []instance{
			{`{"a~b/c": 1}`, false},
			{`{"\u0000\u007f\u2028abc": 1}`, false},
			{`{"\u0001": null}`, false},
			{`{"\ud800": null}`, false},
		}},
		// Text that is not JSON, and duplicate keys: json.ts refuses what
		// the Go decoder refuses, with its message and byte offset.
		{`{"type": "object"}`, []instance{
			{``, false},
			{` [1,]`, false},
			{`{"a":1,}`, false},
			{`{"a" 1}`, false},
			{`[1 2]`, false},
			{`{"é":[1,2`, false},
			{`"abc`, false},
			{`"a\x"`, false},
			{`"a\u12"`, false},
			{`tru`, false},
			{`01`, false},
			{`-`, false},
			{`1.e5`, false},
			{`[1e+]`, false},
			{"\ufeff{}", false},
			{"[\"\u0001\"]", false},
			{"[1,\u0000]", false},
			{`{"a":1} x`, false},
			{`{"a":1,"a":2}`, false},
			{`{"x":{"a":1,"b":{"c":1,"c":2},"a":3}}`, false},
			{`{"é😀":[{"k":1,"k":1}],"é😀":1}`, false},
			{`{"` + strings.Repeat("long", 20) + `":1,"` + strings.Repeat("long", 20) + `":2}`, false},
			{`{"b":1,"16":2,"__proto__":{"2":3,"1":[12345678901234567890,1e300,-0]}}`, true},
			{`{"b":1,"16":2,"__proto__":{"2":3,"1":[12345678901234567890,1e400,-0]}}`, false},
			// Several such problems: the deepest, then by the first
			// step the pointers differ in (names by code point, indexes
			// by value), a value before a key given twice.
			{`{"b":1e400,"a":1e400}`, false},
			{`[1e400,{"k":1,"k":2},1e400]`, false},
			{`{"b":{"k":1,"k":2},"a":1e400}`, false},
			{`{"b":{"k":1,"k":2},"a":{"z":1e400}}`, false},
			{`{"a":1e400,"a":2}`, false},
			{`{"é":1e400,"z":1e400}`, false},
		}},
		// An "if" that only tests a property against a string (TagTest):
		// non-objects satisfy it, and it evaluates the property only
		// when it holds.
		{`{"if": {"properties": {"t": {"const": "n"}}, "required": ["t"]}, "then": {"properties": {"v": {"type": "number"}}}, "else": {"properties": {"v": {"type": "string"}}}}`, []instance{
			{`{"t": "n", "v": 1}`, true},
			{`{"t": "n", "v": "1"}`, false},
			{`{"t": "\u006e", "v": 1}`, true},
			{`{"t": "s", "v": "1"}`, true},
			{`{"t": 1, "v": 1}`, false},
			{`{"v": 1}`, false},
			{`[]`, true},
			{`"n"`, true},
		}},
		{`{"allOf": [{"if": {"properties": {"kind": {"const": "a"}}, "required": ["kind"]}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}], "properties": {"x": true, "y": true}, "unevaluatedProperties": false}`, []instance{
			{`{"kind": "a", "x": 1}`, true},
			{`{"kind": "a"}`, false},
			{`{"kind": "b", "y": 1}`, false},
			{`{"y": 1}`, true},
			{`{"kind": 1, "y": 1}`, false},
			{`"str"`, true},
		}},
		{`{"patternProperties": {"^[a-z]$": true}, "additionalProperties": false}`, []instance{
			{`{"b": 1, "10": 2, "2": 3, "x": 4}`, false},
			{`{"b": 1, "4294967295": 2, "4294967294": 3}`, false},
		}},
	}
	var out []*suite.Group
	for i, g := range groups {
		schema, err := resolve.Decode([]byte(g.schema))
		if err != nil {
			return nil, fmt.Errorf("edge group %d: %v", i, err)
		}
		group := &suite.Group{Draft: resolve.Draft2020, File: "omnigen-edges.json", Index: i, Schema: schema, SchemaJSON: []byte(g.schema)}
		for _, in := range g.instances {
			group.Tests = append(group.Tests, suite.Test{Data: []byte(in.data), Valid: in.valid})
		}
		out = append(out, group)
	}
	return out, nil
}

// maxDepth is the Go runtime's limit on nesting (jsonrt/json.go), read from
// the TypeScript runtime, which must have the same.
var maxDepth = func() int {
	m := regexp.MustCompile(`export const maxDepth = (\d+);`).FindStringSubmatch(checksSource)
	n, _ := strconv.Atoi(m[1])
	return n
}()

// With format assertion on, the generated TypeScript passes at least 95 % of
// the suite's optional/format tests of each draft, with the generated Go's
// verdict, pointer, keyword and message on every instance.
func TestSuiteFormatsGenerated(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from every format schema of the suite")
	}
	node, tsc := toolchain(t)
	groups, err := suitegen.FormatGroups()
	if err != nil {
		t.Fatal(err)
	}
	instances := suite.Instances(groups)
	dir := t.TempDir()
	if _, err := writeSuiteModules(dir, groups); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	verdicts, err := suite.Run(exec.Command(node, filepath.Join(dir, "main.mjs")), instances)
	if err != nil {
		t.Fatal(err)
	}
	table, wrong := suite.Score(instances, verdicts)
	t.Logf("generated TypeScript, optional/format with formats asserted:\n%s", strings.TrimSuffix(table, "\n"))
	pass, total := map[resolve.Draft]int{}, map[resolve.Draft]int{}
	for i, in := range instances {
		total[in.Draft]++
		if verdicts[i].Valid == in.Valid {
			pass[in.Draft]++
		}
	}
	for d, n := range total {
		if float64(pass[d]) < 0.95*float64(n) {
			t.Errorf("%s: %d/%d, below 95 %%", suite.DraftDirs[d], pass[d], n)
		}
	}
	for _, w := range wrong {
		t.Log(w)
	}
	program, err := suitegen.BuildGo(t.TempDir(), groups)
	if err != nil {
		t.Fatal(err)
	}
	goVerdicts, err := suite.Run(exec.Command(program), instances)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range instances {
		if verdicts[i].Problem() != goVerdicts[i].Problem() {
			t.Errorf("%s test %d: Go and TypeScript differ\n  Go: %+v\n  TS: %+v", in.Group, in.Test, goVerdicts[i], verdicts[i])
		}
	}
	suiteRoundTrips(t, instances, len(instances), verdicts, goVerdicts)
	suiteProgramAgrees(t, groups, instances, goVerdicts)
}

// sameJSON reports whether two verdict strings (the JSON text of a JSON
// text) hold the same JSON value, keys in any order.
func sameJSON(a, b string) bool {
	var as, bs string
	if json.Unmarshal([]byte(a), &as) != nil || json.Unmarshal([]byte(b), &bs) != nil {
		return false
	}
	var av, bv any
	if json.Unmarshal([]byte(as), &av) != nil || json.Unmarshal([]byte(bs), &bv) != nil {
		return false
	}
	return reflect.DeepEqual(av, bv)
}
