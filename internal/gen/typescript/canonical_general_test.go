package typescript

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/testutil/conformance"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The canonical schema without its x-omnigen annotations is any schema:
// it goes the general way (resolve, the check program, the shaper), and
// the Go and TypeScript generated from it must read and write every
// conformance vector, and 2,000 mutants of them, as they read any
// schema's documents (roundTrips). They must also answer as the canonical
// packages do, which the dialect generates: the same verdict on every
// document, the same bytes written back, and the same problem. Where the
// two ways still part is what stands between the canonical schema and the
// general way (issue 20); the test counts it and names a few.
func TestCanonicalGeneral(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go generated from the canonical schema without its annotations")
	}
	dir := t.TempDir()
	rs := suite.RealSchema{ID: "omnimessage_plain", Path: filepath.Join(dir, "omnimessage.schema.json")}
	if err := os.WriteFile(rs.Path, plainCanonical(t), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := suitegen.RealModel(rs)
	if err != nil {
		t.Fatal(err)
	}
	if s.Annotated {
		t.Fatal("the canonical schema without its annotations is read in the dialect, not as any schema")
	}
	if f := s.Root.Field("payload"); f == nil || f.Type.By != model.BySelect || len(s.Root.Select.Cases) != 3 {
		t.Fatalf("the general way does not type the payload by the envelope's type: %+v", f)
	}
	for _, file := range []string{"valid.jsonl", "invalid.jsonl"} {
		vectors, err := conformance.Load(repo, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vectors {
			sample := suite.Sample{Path: filepath.Join(dir, fmt.Sprintf("%s-%03d.json", file[:len(file)-6], v.Line)), Verdict: "1"}
			if file == "invalid.jsonl" {
				sample.Verdict = "0"
			}
			if err := os.WriteFile(sample.Path, v.Message, 0o644); err != nil {
				t.Fatal(err)
			}
			rs.Samples = append(rs.Samples, sample)
		}
	}
	docs, goes := roundTrips(t, []suite.RealSchema{rs}, "the canonical schema without its annotations", func(generated []suite.RealSchema) []suite.RealSchema {
		mutated := goldenMutants(t, generated, 2000, 1)
		for i := range mutated {
			mutated[i].Samples = append(append([]suite.Sample(nil), generated[i].Samples...), mutated[i].Samples...)
		}
		return mutated
	})
	integers, same := 0, 0
	i := 0
	for _, rs := range docs {
		for _, sample := range rs.Samples {
			general := goes[i]
			i++
			data, err := os.ReadFile(sample.Path)
			if err != nil {
				t.Fatal(err)
			}
			dialect := dialectRoundTrip(data)
			switch {
			case dialect == general:
				same++
			case strings.Contains(dialect.Text, exactIntegerWords):
				// The dialect's rule of integers, which the schema
				// without its annotations does not have.
				integers++
			default:
				t.Errorf("%.300s: the canonical package and the general way part\n  canonical: %+v\n  general:   %+v", data, dialect, general)
			}
		}
	}
	t.Logf("the general way answers as the canonical packages (the same bytes, or the same problem) on %d of %d documents; on %d the canonical package refuses an integer by the dialect's rule of integers",
		same, i, integers)
}

// exactIntegerWords are the words of the dialect's rule of integers
// (model.ExactIntegerRule).
const exactIntegerWords = "must be an integer in the int64 range that JavaScript writes back unchanged"

// dialectRoundTrip is what the canonical Go package makes of data, as the
// round-trip program reports it.
func dialectRoundTrip(data []byte) suitegen.RoundTrip {
	m, err := omnimessage.Unmarshal(data)
	if err == nil {
		var out []byte
		if out, err = omnimessage.Marshal(m); err == nil {
			return suitegen.RoundTrip{OK: true, Text: string(out)}
		}
	}
	var e *omnimessage.Error
	if errors.As(err, &e) {
		return suitegen.RoundTrip{Text: e.Error() + " [" + e.Keyword + "]"}
	}
	return suitegen.RoundTrip{Text: err.Error() + " [?]"}
}

// plainCanonical is the canonical schema without its x-omnigen
// annotations, under an $id of its own: a schema like any other.
func plainCanonical(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repo, "schema", "omnimessage.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, "x-omnigen")
			for _, x := range v {
				strip(x)
			}
		case []any:
			for _, x := range v {
				strip(x)
			}
		}
	}
	strip(v)
	v.(map[string]any)["$id"] = "https://example.com/omnimessage-plain.schema.json"
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}
