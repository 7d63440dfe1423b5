package golang

import (
	"testing"
	"time"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// BenchmarkGenerateSuiteSchema generates the Go package of every required
// schema of the suite's draft 2020-12, one after the other, from loading
// its documents to formatted files, and reports the slowest one.
func BenchmarkGenerateSuiteSchema(b *testing.B) {
	if ok, why := suite.Available(); !ok {
		b.Skip(why)
	}
	groups, err := suite.Groups(resolve.Draft2020, "*.json")
	if err != nil {
		b.Fatal(err)
	}
	var slowest time.Duration
	for b.Loop() {
		for _, g := range groups {
			start := time.Now()
			set := resolve.NewSet(resolve.Options{DefaultDraft: resolve.Draft2020, RefMap: []resolve.Mapping{suite.Remotes()}})
			root, err := set.LoadValue(g.Schema, g.URI())
			if err != nil {
				b.Fatal(err)
			}
			s, err := model.Compiled(set, root, "Root", model.CompileOptions{NameRoot: true})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Generate(s, Options{Package: "root"}); err != nil {
				b.Fatal(err)
			}
			slowest = max(slowest, time.Since(start))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(groups))/1000, "ms/schema")
	b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-ms")
}
