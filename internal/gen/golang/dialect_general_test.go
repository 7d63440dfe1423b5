package golang_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// Go has two codecs until issue 20 makes them one: the dialect's single
// pass (emit_codec.go) and the general emitter's (general_codec.go and the
// check program). Every golden case that the dialect renders is generated
// both ways, and the two packages must make the same of each sample and of
// 300 mutants of them (OMNIGEN_GOLDEN_MUTANTS, OMNIGEN_DIFF_SEED: make
// fuzz): the same bytes written back, or the same error, pointer, message
// and keyword. A case whose general model does not generate is an error
// too: the general emitter is to take every schema.
func TestDialectCodecAgreesWithGeneral(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two Go programs from the golden cases")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool")
	}
	cases, err := suite.GoldenSchemas(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var dialect []suite.RealSchema
	for _, rs := range cases {
		if s, err := suitegen.RealModel(rs); err == nil && s.Program == nil {
			dialect = append(dialect, rs)
		}
	}
	if len(dialect) < 5 {
		t.Fatalf("%d golden cases in the dialect, want at least 5", len(dialect))
	}
	per, seed, err := suite.MutantSettings(300)
	if err != nil {
		t.Fatal(err)
	}
	mutants, err := suitegen.Mutants(t.TempDir(), dialect, per, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range mutants {
		mutants[i].Samples = append(append([]suite.Sample(nil), dialect[i].Samples...), mutants[i].Samples...)
	}
	answers := func(general bool) []suitegen.RoundTrip {
		program, failed, err := suitegen.BuildRealGo(t.TempDir(), mutants, suitegen.GoBuild{General: general})
		if err != nil {
			t.Fatal(err)
		}
		for id, err := range failed {
			t.Fatalf("%s (general %v) does not generate: %v", id, general, err)
		}
		out, err := suitegen.RunRoundTrips(exec.Command(program), mutants)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	byDialect, byGeneral := answers(false), answers(true)
	i, same, accepted := 0, 0, 0
	var rows []string
	for _, rs := range mutants {
		differ := 0
		for _, s := range rs.Samples {
			d, g := byDialect[i], byGeneral[i]
			i++
			if d == g {
				same++
				if d.OK {
					accepted++
				}
				continue
			}
			differ++
			if differ <= 3 {
				data, _ := os.ReadFile(s.Path)
				t.Errorf("%s: %.300s\n  dialect: %+v\n  general: %+v", rs.ID, data, d, g)
			}
		}
		rows = append(rows, fmt.Sprintf("%-22s %4d documents, %d answered differently", rs.ID, len(rs.Samples), differ))
	}
	t.Logf("the dialect's codec and the general one answer alike on %d of %d documents (%d accepted), %d mutants a case, seed %d:\n%s",
		same, i, accepted, per, seed, strings.Join(rows, "\n"))
}
