package suitegen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/testutil/jsonmut"
)

// SchemaMutant is a golden schema mutated as a JSON document.
type SchemaMutant struct {
	// Case is the golden case's folder name ("go-open"), Index the
	// mutant's number in it, Path its file (beside a copy of the case's
	// other schema files, which its references name), Data its text.
	Case  string
	Index int
	Path  string
	Data  []byte
}

// Package is a Go package name (or TypeScript module folder) for the
// mutant: the case's name without dashes, then its number.
func (m SchemaMutant) Package() string {
	return strings.ReplaceAll(m.Case, "-", "") + fmt.Sprint(m.Index)
}

// SchemaMutants writes per mutants of each golden schema of the repository
// at repo (testdata/gen/*/schema.json) into dir/schemas/<case>/, made by
// jsonmut with the schema's own words from the generator of seed and the
// case's place in the list: keys dropped, renamed and repeated, values of
// another type, strings, consts and enums edited.
func SchemaMutants(repo, dir string, per int, seed uint64) ([]SchemaMutant, error) {
	cases, err := filepath.Glob(filepath.Join(repo, "testdata", "gen", "*", "schema.json"))
	if err != nil {
		return nil, err
	}
	var out []SchemaMutant
	for k, file := range cases {
		name := filepath.Base(filepath.Dir(file))
		at := filepath.Join(dir, "schemas", name)
		if err := copySchemaFiles(filepath.Dir(file), at); err != nil {
			return nil, err
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		v, ok := jsonmut.Parse(data)
		if !ok {
			return nil, fmt.Errorf("%s: not a JSON document jsonmut takes", file)
		}
		m := jsonmut.New(seed<<16+uint64(k), v.Words())
		for i := range per {
			mutant := SchemaMutant{Case: name, Index: i, Path: filepath.Join(at, fmt.Sprintf("mutant%d.json", i)), Data: m.Next([]*jsonmut.Value{v})}
			if err := os.WriteFile(mutant.Path, mutant.Data, 0o644); err != nil {
				return nil, err
			}
			out = append(out, mutant)
		}
	}
	return out, nil
}

// copySchemaFiles copies the JSON and YAML files of the golden case in
// from (its schema.json too) to the directory to.
func copySchemaFiles(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") && !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
