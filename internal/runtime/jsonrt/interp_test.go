package jsonrt

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// The check program, run through the runtime's rule methods, gives every
// verdict of the official JSON Schema Test Suite's required tests.
func TestInterpretSuite(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	for _, d := range resolve.Drafts {
		groups, err := suite.Groups(d, "*.json")
		if err != nil {
			t.Fatal(err)
		}
		pass, total := map[string]int{}, map[string]int{}
		for _, g := range groups {
			set := resolve.NewSet(resolve.Options{DefaultDraft: d, RefMap: []resolve.Mapping{suite.Remotes()}})
			root, err := set.LoadValue(g.Schema, g.URI())
			if err == nil {
				var p *model.Program
				p, err = model.Compile(set, []model.RootSchema{{Schema: root, Name: "Root"}}, model.CompileOptions{})
				if err == nil {
					var cs *Checks
					cs, err = Interpret(p, testFormats())
					if err == nil {
						for _, tc := range g.Tests {
							total[g.Keyword()]++
							verr := cs.Validate(0, tc.Data)
							if (verr == nil) == tc.Valid {
								pass[g.Keyword()]++
							} else {
								t.Errorf("%s %q / %q: valid %v, got %v", g.ID(), g.Description, tc.Description, tc.Valid, verr)
							}
						}
						continue
					}
				}
			}
			t.Errorf("%s: %v", g.ID(), err)
			for range g.Tests {
				total[g.Keyword()]++
			}
		}
		var rows []string
		p, n := 0, 0
		for k := range total {
			rows = append(rows, fmt.Sprintf("  %-28s %4d/%-4d", k, pass[k], total[k]))
			p, n = p+pass[k], n+total[k]
		}
		sort.Strings(rows)
		t.Logf("%s: %d/%d\n%s", d, p, n, strings.Join(rows, "\n"))
	}
}

// Of two problems as deep, the one the schema engine names is named: that
// of the first property in name order (array indexes as numbers), whatever
// order "properties" lists them in; and "type" lists the types in the
// engine's order.
func TestProblemAsEngineNamesIt(t *testing.T) {
	schema := `{"properties": {"b": {"type": "string"}, "10": {"type": "string"}, "a": {"type": "string"}, "9": {"type": "string"},
		"n": {"type": ["string", "integer", "null"]}}}`
	set := resolve.NewSet(resolve.Options{})
	root, err := set.LoadFileBytes("order.json", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	cs := rootChecks(t, set, root)
	for _, c := range []struct{ doc, pointer, message string }{
		{`{"b": 1, "a": 1, "10": 1, "9": 1}`, "/9", "must be string, got number"},
		{`{"b": 1, "a": 1, "10": 1}`, "/10", "must be string, got number"},
		{`{"b": 1, "a": 1}`, "/a", "must be string, got number"},
		{`{"n": true}`, "/n", "must be null or integer or string, got boolean"},
	} {
		err := cs.Validate(0, []byte(c.doc))
		if err == nil {
			t.Errorf("%s: accepted", c.doc)
			continue
		}
		if Pointer(err) != c.pointer || Message(err) != c.message {
			t.Errorf("%s: %s %q, want %s %q", c.doc, Pointer(err), Message(err), c.pointer, c.message)
		}
	}
}
