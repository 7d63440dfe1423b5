package validate

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/schema"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// aggregate says how the pieces of one kind of streamed partial fold into a
// complete message. It is read from the schema, never written here: the
// partial payload's x-omnigen "aggregate" annotation names the builder of the
// complete message ("into"), the phase field, the key field, the fields
// whose pieces are appended, and the fields ("override") where a later
// non-empty value takes the place of the stored one; the payload type
// of the complete message is the discriminator const of the definition that
// has that builder.
type aggregate struct {
	partial   string   // payload type of the partial, e.g. "partial_tool_call"
	complete  string   // payload type of the complete message, e.g. "tool_call"
	phase     string   // the field holding start, delta or stop
	key       string   // the field that tells segments apart ("" for none)
	appends   []string // fields whose pieces are concatenated
	overrides []string // fields a later non-empty value (string or array) overrides
}

// aggregates maps payload types (of partials and of the complete messages
// they fold into) to their aggregate.
type aggregates struct {
	byPartial  map[string]*aggregate
	byComplete map[string][]*aggregate
}

// partialTypes lists the partial payload types, sorted.
func (t *aggregates) partialTypes() []string {
	var out []string
	for k := range t.byPartial {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var canonicalAggregates = sync.OnceValues(func() (*aggregates, error) {
	return aggregatesOf(schema.Canonical())
})

// aggregatesOf reads the aggregate annotations of doc. A schema that refers
// to the canonical schema by its $id (a downstream extension) also gets the
// canonical schema's annotations, its own taking precedence.
func aggregatesOf(doc *schema.Document) (*aggregates, error) {
	t := &aggregates{byPartial: map[string]*aggregate{}, byComplete: map[string][]*aggregate{}}
	docs := []*schema.Document{doc}
	if doc.ID != canonical.ID && strings.Contains(string(doc.Source), canonical.ID) {
		docs = []*schema.Document{schema.Canonical(), doc}
	}
	for _, d := range docs {
		found, err := readAggregates(d.JSON)
		if err != nil {
			name := d.Path
			if name == "" {
				name = "embedded schema"
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, a := range found {
			t.byPartial[a.partial] = a
		}
	}
	for _, a := range t.byPartial {
		t.byComplete[a.complete] = append(t.byComplete[a.complete], a)
	}
	return t, nil
}

// readAggregates walks a schema document for definitions with an x-omnigen
// aggregate annotation.
func readAggregates(root any) ([]*aggregate, error) {
	builders := map[string]string{} // builder name -> payload type it builds
	type pending struct {
		def  map[string]any
		spec map[string]any
	}
	var partials []pending
	eachObject(root, func(x map[string]any) {
		ext, ok := x["x-omnigen"].(map[string]any)
		if !ok {
			return
		}
		if bs, ok := ext["builders"].([]any); ok {
			if tag, _, ok := discriminator(x); ok {
				for _, b := range bs {
					if bm, ok := b.(map[string]any); ok {
						if name, ok := bm["name"].(string); ok {
							builders[name] = tag
						}
					}
				}
			}
		}
		if spec, ok := ext["aggregate"].(map[string]any); ok {
			partials = append(partials, pending{def: x, spec: spec})
		}
	})

	var out []*aggregate
	for _, p := range partials {
		tag, _, ok := discriminator(p.def)
		if !ok {
			return nil, fmt.Errorf("x-omnigen aggregate on a definition without a const discriminator")
		}
		into, _ := p.spec["into"].(string)
		complete, ok := builders[into]
		if !ok {
			return nil, fmt.Errorf("x-omnigen aggregate of %s: into %q names no builder", tag, into)
		}
		a := &aggregate{partial: tag, complete: complete}
		a.phase, _ = p.spec["phase"].(string)
		a.key, _ = p.spec["key"].(string)
		a.appends = stringList(p.spec["append"])
		a.overrides = stringList(p.spec["override"])
		if a.phase == "" {
			return nil, fmt.Errorf("x-omnigen aggregate of %s: no phase field", tag)
		}
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].partial < out[j].partial })
	return out, nil
}

// eachObject calls f on every object of a decoded schema document, at any
// depth.
func eachObject(v any, f func(map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		f(x)
		for _, c := range x {
			eachObject(c, f)
		}
	case []any:
		for _, c := range x {
			eachObject(c, f)
		}
	}
}

// discriminator finds the required property of an object schema that is fixed
// by a string const: the payload's type tag.
func discriminator(def map[string]any) (tag, property string, ok bool) {
	props, _ := def["properties"].(map[string]any)
	required, _ := def["required"].([]any)
	for _, r := range required {
		name, _ := r.(string)
		if p, _ := props[name].(map[string]any); p != nil {
			if c, ok := p["const"].(string); ok {
				return c, name, true
			}
		}
	}
	return "", "", false
}

func stringList(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
