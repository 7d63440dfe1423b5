package model

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

var update = flag.Bool("update", false, "rewrite testdata/model/dialect-shapes")

// The types of a schema in the dialect (Build: the shaper's, held as the
// dialect's emitters hold them, dialect.go) against those the emitters of
// any schema render. For the canonical schema and every golden case in
// the dialect, testdata/model/dialect-shapes/<case>.txt lists where the
// two differ, type by type: what the dialect's view still holds its own
// way (a nullable field, names for where an inline type stands, JSON text
// for what its types do not hold), the shaper making the dialect's other
// choices of types for both (shapes_dialect.go). A change that brings the
// two closer, or drives them apart, shows there ("go test
// ./internal/gen/model -run DialectShapes -update" rewrites the lists).
func TestDialectShapes(t *testing.T) {
	compared := dialectCases(t, func(name string, built, shaped *Schema) {
		got := shapeDifferences(built, shaped)
		file := filepath.Join("..", "..", "..", "testdata", "model", "dialect-shapes", name+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: %v (run with -update to write it)", name, err)
			return
		}
		if got != string(want) {
			t.Errorf("%s: the shaper's types and the dialect's differ otherwise than %s says (run with -update to rewrite it):\n%s", name, file, got)
		}
	})
	if compared < 5 {
		t.Fatalf("%d schemas in the dialect compared, want at least 5", compared)
	}
}

// dialectCases calls compare with the dialect's model (built) and the
// general way's (shaped) of the canonical schema ("omnimessage") and of
// every golden case in the dialect, in name order, and returns how many
// it compared. A schema the dialect takes and the general way refuses is
// an error.
func dialectCases(t *testing.T, compare func(name string, built, shaped *Schema)) int {
	t.Helper()
	cases := map[string]string{"omnimessage": ""}
	schemas, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "gen", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range schemas {
		cases[filepath.Base(filepath.Dir(path))] = path
	}
	compared := 0
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		path := cases[name]
		data := canonical.Canonical
		if path != "" {
			if data, err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
		built, err := BuildWith(data, path, LoadOptions{})
		if err != nil || built.Root == nil {
			continue // not in the dialect
		}
		shaped, err := general(data, path, LoadOptions{}, true)
		if err != nil {
			t.Errorf("%s: the emitters of any schema cannot have a schema the dialect takes: %v", name, err)
			continue
		}
		compared++
		compare(name, built, shaped)
	}
	return compared
}

// shapeDifferences lists, for each type of the dialect's model, how the
// shaper's type of the same schema location differs, then the locations
// only the shaper types.
func shapeDifferences(built, shaped *Schema) string {
	byPointer := map[string]*Type{}
	for _, t := range shaped.Types {
		byPointer[shapePointer(t.Pointer)] = t
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d types in the dialect, %d shaped\n", len(built.Types), len(shaped.Types))
	seen := map[string]bool{}
	for _, d := range built.Types {
		p := shapePointer(d.Pointer)
		seen[p] = true
		s := byPointer[p]
		if s == nil {
			fmt.Fprintf(&b, "%s %s: not shaped\n", p, shapeName(d))
			continue
		}
		if diffs := typeDifferences(d, s); len(diffs) > 0 {
			fmt.Fprintf(&b, "%s %s: %s\n", p, shapeName(d), strings.Join(diffs, "; "))
		}
	}
	for _, s := range shaped.Types {
		if p := shapePointer(s.Pointer); !seen[p] {
			fmt.Fprintf(&b, "%s %s: only shaped\n", p, shapeName(s))
		}
	}
	return b.String()
}

// shapePointer writes a location as the dialect does: another document
// by its file name, the canonical one by canonical.FileName.
func shapePointer(p string) string {
	return strings.Replace(p, canonical.ID, canonical.FileName, 1)
}

// shapeName is a type as the differences name it: Name:kind.
func shapeName(t *Type) string {
	if t == nil {
		return "nil"
	}
	if t.Name == "" {
		return t.Kind.String()
	}
	return t.Name + ":" + t.Kind.String()
}

func typeDifferences(d, s *Type) []string {
	var out []string
	differ := func(what string, a, b any) {
		if x, y := fmt.Sprint(a), fmt.Sprint(b); x != y {
			// An empty side is "none": "field none, shaped height=number".
			out = append(out, fmt.Sprintf("%s %s, shaped %s", what, cmp.Or(x, "none"), cmp.Or(y, "none")))
		}
	}
	differ("kind", d.Kind, s.Kind)
	differ("name", d.Name, s.Name)
	differ("closed", d.Closed, s.Closed)
	differ("values", d.Values, s.Values)
	differ("constraints", constraintText(d.Constraints), constraintText(s.Constraints))
	differ("tag", d.Tag != nil, s.Tag != nil)
	differ("discriminator", d.Discriminator, s.Discriminator)
	differ("select", d.Select != nil, s.Select != nil)
	fields := func(t *Type) []string {
		var out []string
		for _, f := range t.Fields {
			out = append(out, fmt.Sprintf("%s=%s%s%s", f.Name, shapeName(f.Type), flagIf(f.Required, "!"), flagIf(f.Nullable, "?")))
		}
		return out
	}
	if df, sf := fields(d), fields(s); !slices.Equal(df, sf) {
		for i := range max(len(df), len(sf)) {
			var x, y string
			if i < len(df) {
				x = df[i]
			}
			if i < len(sf) {
				y = sf[i]
			}
			differ("field", x, y)
		}
	}
	members := func(t *Type) []string {
		var out []string
		for _, m := range t.Members {
			out = append(out, shapeName(m))
		}
		return out
	}
	differ("members", members(d), members(s))
	return out
}

// constraintText writes the constraints that are set: minItems=1.
func constraintText(c Constraints) string {
	var out []string
	str := func(k, v string) {
		if v != "" {
			out = append(out, k+"="+v)
		}
	}
	num := func(k string, v fmt.Stringer) {
		if v != nil {
			out = append(out, k+"="+v.String())
		}
	}
	count := func(k string, v *int) {
		if v != nil {
			out = append(out, fmt.Sprintf("%s=%d", k, *v))
		}
	}
	str("pattern", c.Pattern)
	str("format", c.Format)
	count("minLength", c.MinLength)
	count("maxLength", c.MaxLength)
	for _, b := range []struct {
		k string
		v *json.Number
	}{{"minimum", c.Minimum}, {"maximum", c.Maximum}, {"exclusiveMinimum", c.ExclusiveMinimum}, {"exclusiveMaximum", c.ExclusiveMaximum}} {
		if b.v != nil {
			num(b.k, b.v)
		}
	}
	count("minItems", c.MinItems)
	count("maxItems", c.MaxItems)
	return "{" + strings.Join(out, " ") + "}"
}

func flagIf(b bool, s string) string {
	if b {
		return s
	}
	return ""
}
