package suite

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SchemasDir is the set of real-world schemas with sample documents that
// sits beside the checkout (../shared/schemas).
func SchemasDir() string { return filepath.Join(Dir(), "..", "schemas") }

// SchemasAvailable reports whether the real-world schemas are there, and if
// not why.
func SchemasAvailable() (bool, string) {
	if _, err := os.Stat(filepath.Join(SchemasDir(), "manifest.tsv")); err != nil {
		return false, fmt.Sprintf("the real-world schemas are not at %s (CI has them beside the checkout): %v", SchemasDir(), err)
	}
	return true, ""
}

// RealSchema is one real-world schema and its samples.
type RealSchema struct {
	// ID is the manifest's id ("chrome_manifest"), Path the schema file
	// (absolute).
	ID, Path string
	Samples  []Sample
}

// Sample is a sample document and what the schema engine says of it: "1"
// valid, "0" invalid, "?" the engine could not compile the schema.
type Sample struct {
	Path, Verdict string
}

// RealSchemas reads manifest.tsv and verdicts.tsv.
func RealSchemas() ([]RealSchema, error) {
	dir := SchemasDir()
	verdicts := map[string]string{}
	if err := eachLine(filepath.Join(dir, "verdicts.tsv"), func(fields []string) {
		if len(fields) >= 2 {
			verdicts[fields[0]] = fields[1]
		}
	}); err != nil {
		return nil, err
	}
	var out []RealSchema
	err := eachLine(filepath.Join(dir, "manifest.tsv"), func(fields []string) {
		if len(fields) < 3 {
			return
		}
		rs := RealSchema{ID: fields[0], Path: filepath.Join(dir, fields[1])}
		for _, s := range strings.Fields(fields[2]) {
			rs.Samples = append(rs.Samples, Sample{Path: filepath.Join(dir, s), Verdict: verdicts[s]})
		}
		out = append(out, rs)
	})
	return out, err
}

func eachLine(path string, fn func([]string)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			fn(strings.Split(line, "\t"))
		}
	}
	return sc.Err()
}

// GoldenSchemas are the golden cases of the repository at repo that have
// samples (testdata/gen/*/samples/*.json), as real-world schemas are: the
// ID is the case's folder with "_" for "-", a sample named *.invalid.json
// is invalid ("0"), any other valid ("1").
func GoldenSchemas(repo string) ([]RealSchema, error) {
	dirs, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "samples"))
	if err != nil {
		return nil, err
	}
	var out []RealSchema
	for _, dir := range dirs {
		c := filepath.Dir(dir)
		schema, err := filepath.Abs(filepath.Join(c, "schema.json"))
		if err != nil {
			return nil, err
		}
		rs := RealSchema{ID: strings.ReplaceAll(filepath.Base(c), "-", "_"), Path: schema}
		samples, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, sample := range samples {
			abs, err := filepath.Abs(sample)
			if err != nil {
				return nil, err
			}
			verdict := "1"
			if strings.HasSuffix(sample, ".invalid.json") {
				verdict = "0"
			}
			rs.Samples = append(rs.Samples, Sample{Path: abs, Verdict: verdict})
		}
		out = append(out, rs)
	}
	return out, nil
}
