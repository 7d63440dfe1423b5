package pipeline

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The draft 2020-12 groups of the official suite, built as the dialect's
// whether or not they ask for it (its rule of integers, its choices of
// types: shapes_dialect.go), are generated as omnigen generate writes a
// schema of the dialect, and the Go they make gives every instance the
// suite's verdict, and writes back what it accepts as
// JSON.stringify(JSON.parse(text)) does. The suite tests of the emitters
// compile every group as any schema is; this is the dialect's share of the
// suite.
func TestSuiteDialect(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("builds the Go of the suite's groups the dialect takes")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool")
	}
	groups, err := suite.Groups(resolve.Draft2020, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var taken []*suite.Group
	var models []*model.Schema
	for _, g := range groups {
		path := filepath.Join(dir, "schemas", strings.ReplaceAll(g.ID(), "/", "_"))
		if err := suitegen.WriteFile(path, g.SchemaJSON); err != nil {
			t.Fatal(err)
		}
		s, err := model.BuildWith(g.SchemaJSON, path, model.LoadOptions{RefMap: []resolve.Mapping{suite.Remotes()}})
		if err != nil || len(s.Notes) > 0 || !dialectRenders(s) {
			continue // refused (tested elsewhere), or a note (an unknown keyword)
		}
		taken, models = append(taken, g), append(models, s)
	}
	if len(taken) < 10 {
		t.Fatalf("the dialect takes %d groups; want at least 10", len(taken))
	}
	program, err := suitegen.BuildDialectGo(filepath.Join(dir, "go"), taken, models)
	if err != nil {
		t.Fatal(err)
	}
	instances := suite.Instances(taken)
	verdicts, err := suite.Run(exec.Command(program), instances)
	if err != nil {
		t.Fatal(err)
	}
	table, wrong := suite.Score(instances, verdicts)
	for i, in := range instances {
		v := verdicts[i]
		if !v.Valid || !in.Valid {
			continue
		}
		want, err := suitegen.StringifiedText([]byte(in.Text))
		var written string
		if err == nil {
			err = json.Unmarshal([]byte(v.Written), &written)
		}
		if err != nil || written != want {
			wrong = append(wrong, fmt.Sprintf("%s test %d: wrote %s, want %s", in.Group, in.Test, v.Written, want))
		}
	}
	t.Logf("%d groups the dialect takes:\n%s", len(taken), table)
	for _, w := range wrong {
		t.Error(w)
	}
}

// dialectRenders reports whether both emitters render s, a model of the
// dialect.
func dialectRenders(s *model.Schema) bool {
	if _, err := golang.Generate(s, golang.Options{Package: "fits"}); err != nil {
		return false
	}
	_, err := typescript.Generate(s, typescript.Options{})
	return err == nil
}
