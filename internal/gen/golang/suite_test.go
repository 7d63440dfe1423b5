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
