package tsrun

import (
	"os"
	"strings"
	"testing"
)

func TestCompileAndRun(t *testing.T) {
	p := Compile(t, map[string]string{
		"lib/greet.ts": `export function greet(name: string): string {
  return "hello " + name;
}
`,
		"main.ts": `import { readFileSync } from "node:fs";
import { greet } from "./lib/greet.js";

const input = readFileSync(0, "utf8");
process.stdout.write(greet(input.trim()) + " " + process.argv.slice(2).join(","));
`,
		"fail.ts": `console.error("broken on purpose");
process.exit(3);
`,
	})
	got := string(p.Run(t, "main.ts", []byte("world\n"), "a", "b"))
	if want := "hello world a,b"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if _, err := p.Output("main.ts", nil, "x"); err != nil {
		t.Errorf("a second run: %v", err)
	}
	if _, err := p.Output("fail.ts", nil); err == nil || !strings.Contains(err.Error(), "broken on purpose") {
		t.Errorf("want the exit status and stderr of a failing program, got %v", err)
	}
}

// The house options are in force: noUncheckedIndexedAccess makes an array
// element possibly undefined, so this does not compile.
func TestHouseOptions(t *testing.T) {
	tc, err := Find()
	if err != nil {
		t.Skip("TypeScript check skipped: " + err.Error())
	}
	_, err = tc.Build(t.TempDir(), map[string]string{
		"main.ts": `const xs: number[] = [1];
const x: number = xs[0];
console.log(x);
`,
	})
	if err == nil || !strings.Contains(err.Error(), "TS2322") {
		t.Errorf("want error TS2322 (noUncheckedIndexedAccess), got %v", err)
	}
}

func TestBadName(t *testing.T) {
	tc, err := Find()
	if err != nil {
		t.Skip("TypeScript check skipped: " + err.Error())
	}
	if _, err := tc.Build(t.TempDir(), map[string]string{"../main.ts": ""}); err == nil {
		t.Error("a name outside the directory was accepted")
	}
}

func TestPrettierCheck(t *testing.T) {
	tc, err := Find()
	if err != nil {
		t.Skip("TypeScript check skipped: " + err.Error())
	}
	dir := t.TempDir()
	good, bad := dir+"/good.ts", dir+"/bad.ts"
	if err := os.WriteFile(good, []byte("const a = 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("const a   =   1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tc.PrettierCheck(good); err != nil {
		t.Errorf("a formatted file: %v", err)
	}
	if err := tc.PrettierCheck(bad); err == nil || !strings.Contains(err.Error(), "bad.ts") {
		t.Errorf("want bad.ts reported, got %v", err)
	}
}
