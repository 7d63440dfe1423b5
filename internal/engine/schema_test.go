package engine

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/schema"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

const metaSchemaURL = "https://json-schema.org/draft/2020-12/schema"

// TestSchemaIsValidAgainstMetaSchema validates the canonical schema document
// against the draft 2020-12 meta-schema that jsonschema v6 ships.
func TestSchemaIsValidAgainstMetaSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	meta, err := c.Compile(metaSchemaURL)
	if err != nil {
		t.Fatalf("compile meta-schema: %v", err)
	}
	doc := schema.Canonical()
	if err := meta.Validate(doc.JSON); err != nil {
		t.Fatalf("schema is not valid draft 2020-12: %v", err)
	}
	// The meta-schema does reject a broken schema.
	if err := meta.Validate(map[string]any{"type": "text", "required": "name"}); err == nil {
		t.Error("meta-schema accepted a broken schema")
	}
	root := doc.JSON.(map[string]any)
	if got := root["$schema"]; got != metaSchemaURL {
		t.Errorf("$schema = %v, want %s", got, metaSchemaURL)
	}
	if got := root["$id"]; got != canonical.ID {
		t.Errorf("$id = %v, want %s", got, canonical.ID)
	}
}

func TestSchemaCompiles(t *testing.T) {
	if _, err := Compile(schema.Canonical()); err != nil {
		t.Fatal(err)
	}
}

// TestSchemaDescriptions requires a non-empty description on the root, on
// every $defs entry and on every property, recursively through properties,
// items and inline (non-$ref) oneOf/anyOf/items members.
func TestSchemaDescriptions(t *testing.T) {
	missing := missingDescriptions(schema.Canonical().JSON)
	for _, p := range missing {
		t.Errorf("%s: no description", p)
	}
}

// TestMissingDescriptions checks the checker itself on a small document.
func TestMissingDescriptions(t *testing.T) {
	doc := map[string]any{
		"description": "root",
		"$defs": map[string]any{
			"A": map[string]any{"type": "string"},
			"B": map[string]any{
				"description": "b",
				"properties": map[string]any{
					"ok":    map[string]any{"$ref": "#/$defs/A", "description": "x"},
					"ref":   map[string]any{"$ref": "#/$defs/A"},
					"list":  map[string]any{"description": "l", "items": map[string]any{"type": "string"}},
					"refs":  map[string]any{"description": "r", "items": map[string]any{"$ref": "#/$defs/A"}},
					"union": map[string]any{"description": "u", "oneOf": []any{map[string]any{"$ref": "#/$defs/A"}, map[string]any{"type": "object", "description": " "}}},
				},
			},
		},
	}
	got := strings.Join(missingDescriptions(doc), " ")
	want := "/$defs/A /$defs/B/properties/list/items /$defs/B/properties/ref /$defs/B/properties/union/oneOf/1"
	if got != want {
		t.Errorf("missingDescriptions = %q, want %q", got, want)
	}
}

// missingDescriptions returns the pointers of the subschemas of root that
// need a non-empty description and lack one: the root, every $defs entry,
// every property (recursively) and every inline (non-$ref) items, oneOf or
// anyOf member.
func missingDescriptions(root any) []string {
	var missing []string
	var check func(s any, ptr string, required bool)
	check = func(s any, ptr string, required bool) {
		obj, ok := s.(map[string]any)
		if !ok {
			return
		}
		if d, _ := obj["description"].(string); required && strings.TrimSpace(d) == "" {
			missing = append(missing, ptr)
		}
		if props, ok := obj["properties"].(map[string]any); ok {
			for name, p := range props {
				check(p, ptr+"/properties/"+jsonptr.Escape(name), true)
			}
		}
		if items, ok := obj["items"]; ok {
			check(items, ptr+"/items", isInline(items))
		}
		for _, kw := range []string{"oneOf", "anyOf"} {
			members, _ := obj[kw].([]any)
			for i, m := range members {
				check(m, ptr+"/"+kw+"/"+strconv.Itoa(i), isInline(m))
			}
		}
	}
	check(root, "", true)
	obj, _ := root.(map[string]any)
	defs, _ := obj["$defs"].(map[string]any)
	if len(defs) == 0 {
		missing = append(missing, "/$defs (none)")
	}
	for name, d := range defs {
		check(d, "/$defs/"+jsonptr.Escape(name), true)
	}
	sort.Strings(missing)
	return missing
}

// isInline reports whether a subschema is written in place rather than being
// a reference to a described $defs entry.
func isInline(s any) bool {
	obj, ok := s.(map[string]any)
	if !ok {
		return false
	}
	_, isRef := obj["$ref"]
	return !isRef
}

func TestValidateRejectsNonJSON(t *testing.T) {
	good := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}`
	if err := Validate([]byte(good)); err != nil {
		t.Fatalf("good message rejected: %v", err)
	}
	for name, in := range map[string]string{
		"empty":                   "",
		"whitespace":              "  ",
		"not json":                "hello",
		"truncated":               good[:len(good)-1],
		"torn":                    `{"timestamp":"2026-07-18T03:1`,
		"single quotes":           `{'type':'event_msg'}`,
		"trailing comma":          `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"},}`,
		"trailing garbage":        good + "x",
		"trailing object":         good + "{}",
		"trailing second message": good + "\n" + good,
		"trailing brace":          good + "}",
		"trailing number":         good + " 1",
		"two values":              `1 2`,
		"nan":                     `NaN`,
	} {
		err := Validate([]byte(in))
		if err == nil {
			t.Errorf("%s: accepted %q", name, in)
			continue
		}
		var e *schema.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %T (%v), want *schema.Error", name, err, err)
			continue
		}
		if e.Pointer != "" {
			t.Errorf("%s: pointer %q, want \"\" (%s)", name, e.Pointer, e.Message)
		}
		if e.Message == "" {
			t.Errorf("%s: empty message", name)
		}
	}
}

// TestTieIsDeterministic checks that a line with two equally deep errors
// always gets the same finding, although the engine visits properties in map
// order: the pointer that sorts first wins.
func TestTieIsDeterministic(t *testing.T) {
	line := []byte(`{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"8","text":"20","stop_reason":"21"}}`)
	first := Validate(line)
	var e *schema.Error
	if !errors.As(first, &e) || e.Pointer != "/payload/role" {
		t.Fatalf("got %v, want the finding at /payload/role", first)
	}
	for range 200 {
		if again := Validate(line); again.Error() != first.Error() {
			t.Fatalf("finding changed between calls: %v, then %v", first, again)
		}
	}
}
