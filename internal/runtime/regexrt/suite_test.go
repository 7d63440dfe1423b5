package regexrt

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/realworld.txt")

// evalSchema is the part of JSON Schema the suite's pattern tests use, with
// match deciding the patterns; anything else fails the test, so that no
// keyword is silently ignored.
func evalSchema(t *testing.T, schema, data any, match func(pattern, s string) bool) bool {
	switch schema := schema.(type) {
	case bool:
		return schema
	case map[string]any:
		obj, isObj := data.(map[string]any)
		matched := map[string]bool{}
		ok := true
		// patternProperties before additionalProperties, which depends on it.
		keys := make([]string, 0, len(schema))
		for k := range schema {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			return keys[i] == "patternProperties" || keys[j] != "patternProperties" && keys[i] < keys[j]
		})
		for _, k := range keys {
			v := schema[k]
			switch k {
			case "$schema", "description":
			case "type":
				ok = ok && hasType(data, v.(string))
			case "pattern":
				if s, isStr := data.(string); isStr {
					ok = ok && match(v.(string), s)
				}
			case "maximum":
				if n, isNum := data.(float64); isNum {
					ok = ok && n <= v.(float64)
				}
			case "format":
				if s, isStr := data.(string); isStr && v == "regex" {
					ok = ok && formatRegex(s)
				}
			case "patternProperties":
				if !isObj {
					continue
				}
				for p, sub := range v.(map[string]any) {
					for key, value := range obj {
						if match(p, key) {
							matched[key] = true
							ok = ok && evalSchema(t, sub, value, match)
						}
					}
				}
			case "additionalProperties":
				for key, value := range obj {
					if !matched[key] {
						ok = ok && evalSchema(t, v, value, match)
					}
				}
			default:
				t.Fatalf("the suite's schema uses %q, which this test does not evaluate", k)
			}
		}
		return ok
	}
	t.Fatalf("schema %v", schema)
	return false
}

func hasType(v any, typ string) bool {
	switch v := v.(type) {
	case nil:
		return typ == "null"
	case bool:
		return typ == "boolean"
	case string:
		return typ == "string"
	case float64:
		return typ == "number" || typ == "integer" && v == math.Trunc(v)
	case map[string]any:
		return typ == "object"
	case []any:
		return typ == "array"
	}
	return false
}

// TestSuite runs the suite's tests that exercise patterns, with the
// backtracker alone and with the generated code's choice (the RE2
// translation where it serves), against the expected verdicts.
func TestSuite(t *testing.T) {
	modes := map[string]func(c *compiled, s string) bool{
		"backtracker": func(c *compiled, s string) bool { return c.backtrack(t, s) },
		"generated":   func(c *compiled, s string) bool { v, _ := c.generated(t, s); return v },
	}
	total := 0
	for _, file := range suiteFiles {
		for _, sf := range suiteGroups(t, file) {
			draft, groups := sf.draft, sf.groups
			for mode, verdict := range modes {
				match := func(p, s string) bool {
					c, err := compile(t, p)
					if err != nil {
						t.Fatalf("%s/%s: %v", draft, file, err)
					}
					return verdict(c, s)
				}
				n := 0
				for _, g := range groups {
					var schema any
					if err := json.Unmarshal(g.Schema, &schema); err != nil {
						t.Fatal(err)
					}
					for _, test := range g.Tests {
						n++
						if got := evalSchema(t, schema, test.Data, match); got != test.Valid {
							t.Errorf("%s/%s: %s: %s (%s): got valid=%v", draft, file, g.Description, test.Description, mode, got)
						}
					}
				}
				total += n
			}
		}
	}
	if total == 0 {
		t.Fatal("no suite tests found")
	}
	t.Logf("%d verdicts of the suite (each test with both matchers)", total)
}

// TestRealWorld analyzes every pattern of the real-world schemas: each must
// compile for the generated code, and testdata/realworld.txt lists which
// flag it takes and whether it needs the backtracker (-update rewrites it).
// On the strings of the schemas' samples, the generated code's choice must
// answer as the backtracker.
func TestRealWorld(t *testing.T) {
	patterns, strs := realWorldPatterns(t)
	var b strings.Builder
	b.WriteString("# The patterns of ../shared/schemas/*/*.json: the flag JavaScript takes, and the RE2\n")
	b.WriteString("# translation (with its guard) or why the backtracker is needed. Written by\n")
	b.WriteString("# go test ./internal/runtime/regexrt -run TestRealWorld -update\n")
	var backtracked int
	for _, rw := range patterns {
		c, err := compile(t, rw.pattern)
		if err != nil {
			t.Errorf("%q (%s): %v", rw.pattern, strings.Join(rw.files, ", "), err)
			fmt.Fprintf(&b, "\n%q\n\terror: %v\n", rw.pattern, err)
			continue
		}
		fmt.Fprintf(&b, "\n%q in %s\n\tflags %q", rw.pattern, strings.Join(rw.files, ", "), c.p.Flags())
		if c.p.UnicodeError() != nil {
			fmt.Fprintf(&b, " (with u: %v)", c.p.UnicodeError())
		}
		if re2, ok := c.p.RE2(); ok {
			fmt.Fprintf(&b, "\n\tRE2 %q, guard: %v\n", re2, c.p.RE2Guard())
		} else {
			backtracked++
			fmt.Fprintf(&b, "\n\tbacktracker: %s\n", c.p.Backtracker())
		}
		for _, s := range strs {
			if got, _ := c.generated(t, s); got != c.backtrack(t, s) {
				t.Errorf("%q on %q: the RE2 translation and the backtracker differ", rw.pattern, s)
			}
		}
	}
	fmt.Fprintf(&b, "\n%d patterns, %d need the backtracker\n", len(patterns), backtracked)
	t.Logf("%d real-world patterns, %d need the backtracker; %d sample strings", len(patterns), backtracked, len(strs))
	golden := filepath.Join("testdata", "realworld.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -run TestRealWorld -update writes it)", err)
	}
	if string(want) != b.String() {
		t.Errorf("%s is out of date: go test ./internal/runtime/regexrt -run TestRealWorld -update, and review the diff", golden)
	}
}
