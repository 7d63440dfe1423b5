package typescript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// read with inOrder (rt/json.ts), which parse<Root> of a dialect schema
// uses, makes of a text a value that plain JSON.stringify writes as the
// runtime's own writer (stringify, which follows the keys read kept) writes
// the value read without it: in the text's key order, by a toJSON method on
// the objects whose keys JavaScript lists otherwise (a Proxy for one with a
// key "toJSON"), and alike after keys were deleted and added. Both refuse
// the same texts with the same problem. On every line of the conformance
// and trace files and on texts with array-index-like keys.
func TestReadInOrderWritesAsStringify(t *testing.T) {
	node, tsc := toolchain(t)
	texts := []string{
		`{"b":1,"0":2,"a":3}`,
		`[{"1":1,"0":0},[{"10":1,"1":2,"x":3}],{"-1":1,"0":2},{"01":1,"0":2}]`,
		`{"4294967295":1,"4294967294":2,"0":3}`,
		`{"a":[{"z":1,"0":[{"2":1,"1":2}]}],"10":{"x":1,"9":2}}`,
		`{"toJSON":1,"1":2,"0":3}`,
		`{"a":{"toJSON":"x","b":1,"0":2},"b":[{"toJSON":null,"5":1,"3":2}]}`,
		`{"__proto__":{"1":1,"0":0},"x":1,"2":2}`,
		`{"\u0031":1,"0":2,"\u0061":3,"b\"":4}`,
		`{"0":1,"1":2,"10":3}`,
		`{"a":1,"a":2,"0":3}`,
		`{"b":1,"0":2,"c":1e400}`,
		`{"b":1,"0":2`,
		` { "y" : [ { "3" : 1 , "2" : 2 } ] , "1" : 0 } `,
	}
	var files []string
	for _, pattern := range []string{"testdata/conformance/valid.jsonl", "testdata/traces/*.jsonl"} {
		m, err := filepath.Glob(filepath.Join(repo, pattern))
		if err != nil || len(m) == 0 {
			t.Fatalf("no files %s: %v", pattern, err)
		}
		files = append(files, m...)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) != "" {
				texts = append(texts, line)
			}
		}
	}

	dir := t.TempDir()
	for _, f := range GeneralRuntime() {
		if err := suitegen.WriteFile(filepath.Join(dir, f.Path), f.Content); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range map[string]string{
		"tsconfig.json": tsconfig([]string{`"src"`}),
		"package.json":  `{ "type": "module" }` + "\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := `import { read, stringify } from "./dist/src/json.js";
import { types } from "node:util";
import { createInterface } from "node:readline";

// Where each object is, whether it is a Proxy, whether it has a toJSON of
// its own that JSON.stringify does not list.
const shape = (v, at, out) => {
  if (typeof v !== "object" || v === null) {
    return out;
  }
  const d = Object.getOwnPropertyDescriptor(v, "toJSON");
  out.push(at + (types.isProxy(v) ? " proxy" : "") + (d !== undefined && !d.enumerable ? " toJSON" : ""));
  for (const k of Object.keys(v)) {
    shape(v[k], at + "/" + k, out);
  }
  return out;
};
// The value after each object lost its least key and got two more.
const changed = (v) => {
  if (typeof v !== "object" || v === null) {
    return v;
  }
  const keys = Object.keys(v);
  for (const k of keys) {
    changed(v[k]);
  }
  if (!Array.isArray(v)) {
    if (keys.length > 0) {
      delete v[[...keys].sort()[0]];
    }
    v.added = 1;
    v["7"] = 2;
  }
  return v;
};
const any = () => true;
const written = (v) => {
  const { text, problem } = stringify(v, any);
  return problem === undefined ? text : "problem " + JSON.stringify(problem);
};
let texts = 0, moved = 0, differ = 0;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const text = JSON.parse(line);
  const plain = read(text);
  const inOrder = read(text, { inOrder: true });
  let want, got;
  if (plain.problem !== undefined || inOrder.problem !== undefined) {
    want = JSON.stringify(plain.problem);
    got = JSON.stringify(inOrder.problem);
  } else {
    want = JSON.stringify([written(plain.value), written(changed(plain.value))]);
    const shown = JSON.stringify(inOrder.value);
    if (shape(inOrder.value, "", []).some((s) => s.endsWith(" toJSON") || s.endsWith(" proxy"))) {
      moved++;
    }
    got = JSON.stringify([shown, JSON.stringify(changed(inOrder.value))]);
  }
  texts++;
  if (want !== got) {
    differ++;
    if (differ <= 10) {
      console.log("DIFFER " + JSON.stringify(text) + "\n  stringify:         " + want + "\n  read with inOrder: " + got);
    }
  }
}
console.log(JSON.stringify({ texts, moved, differ }));
`
	if err := os.WriteFile(filepath.Join(dir, "main.mjs"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	var in bytes.Buffer
	for _, text := range texts {
		b, _ := json.Marshal(text)
		in.Write(append(b, '\n'))
	}
	cmd := exec.Command(node, filepath.Join(dir, "main.mjs"))
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var counts struct{ Texts, Moved, Differ int }
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "{") {
			if err := json.Unmarshal([]byte(line), &counts); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Log(line)
		}
	}
	if counts.Texts != len(texts) {
		t.Fatalf("node read %d texts of %d", counts.Texts, len(texts))
	}
	if counts.Differ != 0 {
		t.Errorf("read with inOrder and stringify differ on %d texts of %d", counts.Differ, counts.Texts)
	}
	// The texts with objects whose key order JavaScript changes: those above.
	if counts.Moved < 9 {
		t.Errorf("only %d texts have objects JavaScript orders otherwise", counts.Moved)
	}
	t.Logf("%d texts alike, %d with objects JavaScript orders otherwise", counts.Texts, counts.Moved)
}
