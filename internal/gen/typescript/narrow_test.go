package typescript

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A union whose members a property's value picks (a whole-value select,
// testdata/gen/any-select-whole) narrows on that property as a union a
// person writes does: in a switch on item.type, each case sees its own
// member's fields, and another member's field is an error.
func TestSelectNarrows(t *testing.T) {
	_, tsc := toolchain(t)
	dir := t.TempDir()
	src := filepath.Join(repo, "testdata", "gen", "any-select-whole", "ts", "src")
	files, err := filepath.Glob(filepath.Join(src, "*.ts"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the golden case's TypeScript: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	use := `import type { Item } from "./index.js";

export function show(item: Item): string {
  switch (item.type) {
    case "markdown":
      // @ts-expect-error: a markdown item has no "checked".
      void item.checked;
      return item.value;
    case "checkbox":
      return String(item.checked);
    case "divider":
      return "";
    default:
      return item.label ?? "";
  }
}
`
	if err := os.WriteFile(filepath.Join(dir, "use.ts"), []byte(use), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(tsconfig([]string{`"*.ts"`})), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tsc, "-p", dir, "--noEmit")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}
