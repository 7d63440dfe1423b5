package cli

// gen/ts as a user of the TypeScript package meets it: installed into a new
// project from a path and from a tarball made by npm pack, compiled by the
// user's tsc with strict settings (and no skipLibCheck: the package's
// declarations are checked too), and run on Node as an ES module and as
// CommonJS through require. No build step runs in gen/ts: what installs is
// what the repository holds.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// userProgram uses the package as the README shows: parse, guard, build.
const userProgram = `import {
  isEventMessage,
  parseOmniMessage,
  userText,
  OmniMessageError,
  type OmniMessage,
  type TextPayload,
} from "@omnigen/omnimessage";

declare const console: { log(...args: unknown[]): void };

const line =
  '{"timestamp":"2026-07-18T03:10:23.010Z","type":"event_msg","payload":{"type":"request_begin"}}';
const msg: OmniMessage = parseOmniMessage(line);
const hello: OmniMessage<TextPayload> = userText("hello");
let pointer = "";
try {
  parseOmniMessage('{"timestamp":"x","type":"event_msg","payload":{"type":"request_begin"}}');
} catch (e) {
  if (e instanceof OmniMessageError) pointer = e.pointer;
}
// @ts-expect-error: a user text is not an event payload.
const wrong: OmniMessage<TextPayload> = { ...hello, type: "event_msg" };
console.log(isEventMessage(msg), JSON.stringify(msg) === line, hello.payload.text, pointer, wrong !== undefined);
`

const userOutput = "true true hello /timestamp true\n"

func TestTypeScriptPackageInstalls(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the TypeScript package test, which runs npm install, npm pack, tsc and node")
	}
	root := checkoutRoot(t)
	tsc := filepath.Join(root, "gen", "ts", "node_modules", "typescript", "bin", "tsc")
	npm, errNPM := exec.LookPath("npm")
	node, errNode := exec.LookPath("node")
	if _, err := os.Stat(tsc); err != nil || errNPM != nil || errNode != nil {
		t.Skip("no TypeScript in gen/ts/node_modules (make setup installs it), or no npm or node")
	}
	pkgDir := filepath.Join(root, "gen", "ts")
	exe := func(dir string, args ...string) string {
		t.Helper()
		c := exec.Command(args[0], args[1:]...)
		c.Dir = dir
		// The package has no dependency: nothing may come from the network.
		c.Env = append(os.Environ(), "npm_config_offline=true", "npm_config_audit=false", "npm_config_fund=false", "npm_config_update_notifier=false")
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	project := func(typ string) string {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "package.json"), `{"name": "user", "private": true, "type": "`+typ+`"}`+"\n")
		writeFile(t, filepath.Join(dir, "tsconfig.json"), `{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022"], "module": "NodeNext", "moduleResolution": "NodeNext",
    "types": [], "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
    "noImplicitReturns": true, "noUnusedLocals": true, "outDir": "out"
  },
  "files": ["main.ts"]
}
`)
		writeFile(t, filepath.Join(dir, "main.ts"), userProgram)
		return dir
	}
	compileAndRun := func(dir string) {
		t.Helper()
		exe(dir, node, tsc, "-p", ".")
		if got := exe(dir, node, filepath.Join("out", "main.js")); got != userOutput {
			t.Errorf("%s: the program printed %q, want %q", dir, got, userOutput)
		}
	}

	// From a path: an ES module project, and require from plain JavaScript.
	esm := project("module")
	exe(esm, npm, "install", pkgDir)
	compileAndRun(esm)
	writeFile(t, filepath.Join(esm, "req.cjs"), `const om = require("@omnigen/omnimessage");
const m = om.userText("hi");
console.log(om.isModelMessage(m), m.payload.text, typeof om.PartialAggregator);
`)
	if got := exe(esm, node, "req.cjs"); got != "true hi function\n" {
		t.Errorf("require from the path install printed %q", got)
	}

	// From a tarball, in a CommonJS project: its TypeScript compiles to
	// require calls and type-checks against the CommonJS declarations.
	cjs := project("commonjs")
	var packed []struct {
		Filename string
		Files    []struct{ Path string }
	}
	if err := json.Unmarshal([]byte(exe(cjs, npm, "pack", "--json", "--pack-destination", cjs, pkgDir)), &packed); err != nil || len(packed) != 1 {
		t.Fatalf("npm pack --json: %v", err)
	}
	files := map[string]bool{}
	for _, f := range packed[0].Files {
		files[f.Path] = true
	}
	for _, want := range []string{"package.json", "dist/esm/index.js", "dist/esm/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json", "src/index.ts"} {
		if !files[want] {
			t.Errorf("the tarball lacks %s", want)
		}
	}
	for f := range files {
		if strings.HasPrefix(f, "test/") || strings.HasPrefix(f, "node_modules/") || strings.HasPrefix(f, "build/") {
			t.Errorf("the tarball holds %s", f)
		}
	}
	exe(cjs, npm, "install", "./"+packed[0].Filename)
	compileAndRun(cjs)
	if js := readFile(t, filepath.Join(cjs, "out", "main.js")); !strings.Contains(js, `require("@omnigen/omnimessage")`) {
		t.Errorf("the CommonJS project's program does not require the package:\n%.400s", js)
	}
}
