package jsonrt

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	canonschema "github.com/omnigen-dev/omnigen/schema"
)

// BenchmarkCanonicalProgram checks the lines of the JSON Lines files in
// $OMNIGEN_BENCH_DIR (an absolute path, since the test runs in this
// directory: a corpus of bench/, such as
// $PWD/bench/.corpus/trace-noimages-30MB) against the canonical schema read
// as any schema is, outside the dialect: the check program run through the
// runtime, as omnigen validate --schema runs it and as the generated
// general package's Validate does (the dialect's decoder is
// gen/go/omnimessage's BenchmarkValidate). Without the variable it is
// skipped.
func BenchmarkCanonicalProgram(b *testing.B) {
	dir := os.Getenv("OMNIGEN_BENCH_DIR")
	if dir == "" {
		b.Skip("OMNIGEN_BENCH_DIR is not set")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no .jsonl file in %s", dir)
	}
	var lines [][]byte
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines = append(lines, l)
				size += len(l)
			}
		}
	}
	s, err := model.LoadData(canonschema.Canonical, "omnimessage.schema.json", model.LoadOptions{General: true})
	if err != nil {
		b.Fatal(err)
	}
	cs, err := Interpret(s.Program, testFormats())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	invalid := 0
	for range b.N {
		invalid = 0
		for _, l := range lines {
			if cs.Validate(0, l) != nil {
				invalid++
			}
		}
	}
	b.ReportMetric(float64(invalid), "invalid-lines")
}
