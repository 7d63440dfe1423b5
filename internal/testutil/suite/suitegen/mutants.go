package suitegen

import (
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/testutil/jsonmut"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// Mutants returns, for each case, per mutants of its samples, written to
// files in dir: made with the schema's and the samples' property names,
// enum values and constants as words, from the generator of seed (and the
// case's place in cases). Mutants that are not UTF-8 are left out: node
// reads a file as text.
func Mutants(dir string, cases []suite.RealSchema, per int, seed uint64) ([]suite.RealSchema, error) {
	var out []suite.RealSchema
	for k, rs := range cases {
		var seeds []*jsonmut.Value
		var words []string
		for _, s := range rs.Samples {
			data, err := os.ReadFile(s.Path)
			if err != nil {
				return nil, err
			}
			if v, ok := jsonmut.Parse(data); ok {
				seeds = append(seeds, v)
				words = append(words, v.Words()...)
			}
		}
		schema, err := os.ReadFile(rs.Path)
		if err != nil {
			return nil, err
		}
		if v, ok := jsonmut.Parse(schema); ok {
			words = append(words, v.Words()...)
		}
		m := jsonmut.New(seed<<16+uint64(k), words)
		mutated := suite.RealSchema{ID: rs.ID, Path: rs.Path}
		for len(mutated.Samples) < per {
			line := m.Next(seeds)
			if !utf8.Valid(line) {
				continue
			}
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", rs.ID, len(mutated.Samples)))
			if err := os.WriteFile(path, line, 0o644); err != nil {
				return nil, err
			}
			mutated.Samples = append(mutated.Samples, suite.Sample{Path: path})
		}
		out = append(out, mutated)
	}
	return out, nil
}
