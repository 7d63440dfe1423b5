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
