package golang_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The code generated from every schema of the official JSON Schema Test
// Suite gives each instance's verdict. Each draft's groups share one
// package (Options.Prefix), so that one go build compiles them all.
func TestSuiteGenerated(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("builds a Go program from every schema of the suite")
	}
	groups, err := suitegen.RequiredGroups()
	if err != nil {
		t.Fatal(err)
	}
	program, err := suitegen.BuildGo(t.TempDir(), groups)
	if err != nil {
		t.Fatal(err)
	}
	instances := suite.Instances(groups)
	verdicts, err := suite.Run(exec.Command(program), instances)
	if err != nil {
		t.Fatal(err)
	}
	table, wrong := suite.Score(instances, verdicts)
	for _, w := range wrong {
		t.Error(w)
	}
	t.Logf("generated Go, required tests:\n%s", strings.TrimSuffix(table, "\n"))
}

// With format assertion on, the generated Go passes at least 95 % of the
// suite's optional/format tests of each draft (the formats it cannot judge
// exactly are listed in README.md).
func TestSuiteFormatsGenerated(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("builds a Go program from every format schema of the suite")
	}
	groups, err := suitegen.FormatGroups()
	if err != nil {
		t.Fatal(err)
	}
	program, err := suitegen.BuildGo(t.TempDir(), groups)
	if err != nil {
		t.Fatal(err)
	}
	instances := suite.Instances(groups)
	verdicts, err := suite.Run(exec.Command(program), instances)
	if err != nil {
		t.Fatal(err)
	}
	table, wrong := suite.Score(instances, verdicts)
	t.Logf("generated Go, optional/format with formats asserted:\n%s", strings.TrimSuffix(table, "\n"))
	for _, w := range wrong {
		t.Log(w)
	}
	perDraft := map[string][2]int{}
	for i, in := range instances {
		c := perDraft[suite.DraftDirs[in.Draft]]
		c[1]++
		if verdicts[i].Valid == in.Valid {
			c[0]++
		}
		perDraft[suite.DraftDirs[in.Draft]] = c
	}
	for d, c := range perDraft {
		if float64(c[0]) < 0.95*float64(c[1]) {
			t.Errorf("%s: %d/%d, below 95 %%", d, c[0], c[1])
		}
	}
}
