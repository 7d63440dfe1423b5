package typescript

import (
	"regexp"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	canonicalschema "github.com/omnigen-dev/omnigen/schema"
)

// The canonical schema, annotations and all, through the one front end
// (model.LoadOptions.General: the shaper making the dialect's choices of
// types, model/shapes_dialect.go) types a value of several scalar types
// as the canonical package does, and an object that declares no property
// as an object of JSON values, not as any JSON value. (What else its
// TypeScript types still differ in, the envelope's generic type first, is
// issue 20's.)
func TestCanonicalShapedScalarTypes(t *testing.T) {
	types := func(general bool) string {
		t.Helper()
		s, err := model.LoadData(canonicalschema.Canonical, "", model.LoadOptions{General: general})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Generate(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Path == "src/types.ts" {
				return string(f.Content)
			}
		}
		t.Fatal("no src/types.ts")
		return ""
	}
	dialect, general := types(false), types(true)
	declared := func(src, name string) string {
		m := regexp.MustCompile(`(?m)^export type ` + name + ` = ([^;]*);`).FindStringSubmatch(src)
		if m == nil {
			t.Fatalf("no type %s declared in:\n%s", name, src)
		}
		return m[1]
	}
	if d, g := declared(dialect, "ModelContextWindow"), declared(general, "ModelContextWindow"); d != g || g != "number | string" {
		t.Errorf("ModelContextWindow is %q in the dialect, %q in general, want both number | string", d, g)
	}
	if g := declared(general, "Fidelity"); g != "{ [key: string]: JsonValue }" {
		t.Errorf("Fidelity (an object of no property) is %q in general, want an object of JSON values", g)
	}
	if !regexp.MustCompile(`(?m)^  parameters\?: \{ \[key: string\]: JsonValue \};$`).MatchString(general) {
		t.Error("ToolDefinition's parameters (an object of no property) are not an object of JSON values in general")
	}
}
