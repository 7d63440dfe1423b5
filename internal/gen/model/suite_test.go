package model

import (
	"testing"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// Every schema of the official suite compiles.
func TestSuiteSchemasCompile(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	for _, d := range resolve.Drafts {
		groups, err := suite.Groups(d, "*.json")
		if err != nil {
			t.Fatal(err)
		}
		checks := 0
		for _, g := range groups {
			set := resolve.NewSet(resolve.Options{DefaultDraft: d, RefMap: []resolve.Mapping{suite.Remotes()}})
			root, err := set.LoadValue(g.Schema, g.URI())
			if err != nil {
				t.Errorf("%s: %v", g.ID(), err)
				continue
			}
			p, err := Compile(set, []RootSchema{{Schema: root, Name: "Root"}}, CompileOptions{})
			if err != nil {
				t.Errorf("%s: %v", g.ID(), err)
				continue
			}
			checks += len(p.Checks)
		}
		t.Logf("%s: %d groups, %d checks", d, len(groups), checks)
	}
}
