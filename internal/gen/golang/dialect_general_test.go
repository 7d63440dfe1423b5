package golang_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// Go has two codecs until issue 20 makes them one: the dialect's single
// pass (emit_codec.go) and the general emitter's (general_codec.go and the
// check program). Every golden case that the dialect renders is generated
// both ways, and the two packages must make the same of each sample and of
// 300 mutants of them (OMNIGEN_GOLDEN_MUTANTS, OMNIGEN_DIFF_SEED: make
// fuzz): the same bytes written back, or the same error, pointer, message
// and keyword. So must the packages of the case's schema mutated (one
// mutant of each case that stays in the dialect; OMNIGEN_SCHEMA_MUTANTS
// asks for more), on the same documents, and of oddTags. A schema the
// dialect generates and the general emitter does not is an error too: the
// general emitter is to take every schema.
func TestDialectCodecAgreesWithGeneral(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two Go programs from the golden cases")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool")
	}
	repo := filepath.Join("..", "..", "..")
	cases, err := suite.GoldenSchemas(repo)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	odd := oddTags(t, dir)
	var dialect []suite.RealSchema
	for _, rs := range append(cases, odd) {
		if s, err := suitegen.RealModel(rs); err == nil && s.Program == nil {
			dialect = append(dialect, rs)
		}
	}
	if len(dialect) < 6 || dialect[len(dialect)-1].ID != odd.ID {
		t.Fatalf("%d golden cases in the dialect, want at least 5 and oddTags", len(dialect))
	}
	per, seed, err := suite.MutantSettings(300)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := suitegen.Mutants(t.TempDir(), dialect, per, seed)
	if err != nil {
		t.Fatal(err)
	}
	byCase := map[string][]suite.Sample{}
	for i := range docs {
		docs[i].Samples = append(append([]suite.Sample(nil), dialect[i].Samples...), docs[i].Samples...)
		byCase[docs[i].ID] = docs[i].Samples
	}
	schemaPer, schemaSeed, err := suite.SchemaMutantSettings(1)
	if err != nil {
		t.Fatal(err)
	}
	mutants, err := suitegen.SchemaMutants(repo, dir, schemaPer, schemaSeed)
	if err != nil {
		t.Fatal(err)
	}
	schemas := docs
	for _, m := range mutants {
		rs := suite.RealSchema{ID: strings.ReplaceAll(m.Case, "-", "_") + fmt.Sprintf("_mutant%d", m.Index), Path: m.Path}
		samples, ok := byCase[strings.ReplaceAll(m.Case, "-", "_")]
		if !ok || !bothWays(t, rs) {
			continue
		}
		rs.Samples = samples
		schemas = append(schemas, rs)
	}
	answers := func(general bool) []suitegen.RoundTrip {
		program, failed, err := suitegen.BuildRealGo(t.TempDir(), schemas, suitegen.GoBuild{General: general})
		if err != nil {
			t.Fatal(err)
		}
		for id, err := range failed {
			t.Fatalf("%s (general %v) does not generate: %v", id, general, err)
		}
		out, err := suitegen.RunRoundTrips(exec.Command(program), schemas)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	byDialect, byGeneral := answers(false), answers(true)
	i, same, accepted := 0, 0, 0
	var rows []string
	for _, rs := range schemas {
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
				t.Errorf("%s (%s): %.300s\n  dialect: %+v\n  general: %+v", rs.ID, rs.Path, data, d, g)
			}
		}
		if differ > 0 || len(rows) < len(docs) {
			rows = append(rows, fmt.Sprintf("%-26s %4d documents, %d answered differently", rs.ID, len(rs.Samples), differ))
		}
	}
	t.Logf("the dialect's codec and the general one answer alike on %d of %d documents (%d accepted), %d document mutants a case, seed %d, and %d schema mutants in the dialect:\n%s",
		same, i, accepted, per, seed, len(schemas)-len(docs), strings.Join(rows, "\n"))
}

// bothWays reports whether the schema at rs.Path is in the dialect and its
// dialect Go generates; a general way that then refuses it is an error.
func bothWays(t *testing.T, rs suite.RealSchema) bool {
	t.Helper()
	s, err := suitegen.RealModel(rs)
	if err != nil || s.Program != nil {
		return false
	}
	if _, err := golang.Generate(s, golang.Options{Package: "p"}); err != nil {
		return false
	}
	return true
}

// oddTags is a dialect schema (its guard asks for the dialect) whose tag and enum values hold characters Go
// quotes otherwise than JSON.stringify does (DEL, U+2028, a quote), in a
// const, a required property's name too, with documents that make both
// codecs say them in an error: the dialect's once
// said "trian\x7fgle", as Go source does, where the check runtime says the
// value as JSON.stringify writes it.
func oddTags(t *testing.T, dir string) suite.RealSchema {
	at := filepath.Join(dir, "odd-tags")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	schema := `{"$ref":"#/$defs/Shape","$defs":{
"Shape":{"oneOf":[{"$ref":"#/$defs/Tri"},{"$ref":"#/$defs/Sq"}],"x-omnigen":{"guard":{"name":"isAnyShape","description":"Reports whether a value is a Shape."}}},
"Tri":{"type":"object","properties":{"kind":{"const":"tri\u007fangle"},"level":{"$ref":"#/$defs/Level"},"ti\u007fp":{"const":"t\u2028ip"}},"required":["kind","ti\u007fp"],"additionalProperties":false},
"Sq":{"type":"object","properties":{"kind":{"const":"squ\u2028are\""}},"required":["kind"],"additionalProperties":false},
"Level":{"enum":["lo\u007fw","hi\u2028gh","\"q\""]}}}`
	rs := suite.RealSchema{ID: "odd_tags", Path: filepath.Join(at, "schema.json")}
	if err := os.WriteFile(rs.Path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, doc := range []string{
		`{"kind":"tri\u007fangle","level":"hi\u2028gh","ti\u007fp":"t\u2028ip"}`, `{"kind":"squ\u2028are\""}`,
		`{"kind":"triangle"}`, `{"kind":"tri\u007fangle","level":"low","ti\u007fp":"t\u2028ip"}`,
		`{"kind":"tri\u007fangle"}`, `{"kind":"tri\u007fangle","ti\u007fp":"tip"}`,
		`{"kind":"tri\u007fangle","ti\u007fp":"t\u2028ip","ti\u007fp":"t\u2028ip"}`,
	} {
		s := suite.Sample{Path: filepath.Join(at, fmt.Sprintf("doc%d.json", i))}
		if err := os.WriteFile(s.Path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		rs.Samples = append(rs.Samples, s)
	}
	return rs
}
