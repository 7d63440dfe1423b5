package golang_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The Go generated for each real-world schema in ../shared/schemas
// compiles cleanly (go vet), accepts every sample the schema accepts and
// writes it back byte for byte as the sample compacted (key order kept),
// and rejects every sample the schema rejects.
func TestRealWorldSchemas(t *testing.T) {
	if ok, why := suite.SchemasAvailable(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("builds a Go program from every real-world schema")
	}
	schemas, err := suite.RealSchemas()
	if err != nil {
		t.Fatal(err)
	}
	program, failed, err := suitegen.BuildRealGo(t.TempDir(), schemas, suitegen.GoBuild{Vet: true})
	if err != nil {
		t.Fatal(err)
	}
	var generated []suite.RealSchema
	for _, rs := range schemas {
		if err, ok := failed[rs.ID]; ok {
			t.Errorf("%s: %v", rs.ID, err)
			continue
		}
		generated = append(generated, rs)
	}
	results, err := suitegen.RunRoundTrips(exec.Command(program), generated)
	if err != nil {
		t.Fatal(err)
	}
	rows, wrong, err := suitegen.ScoreRoundTrips(generated, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wrong {
		t.Error(w)
	}
	t.Logf("generated Go on the real-world schemas:\n%s", strings.Join(rows, "\n"))
}
