package suite

import (
	"fmt"
	"os"
	"strconv"
)

// MutantSettings are how many mutants a differential test makes of each
// case (per, else its default) and from which seed (1 by default), as
// OMNIGEN_GOLDEN_MUTANTS and OMNIGEN_DIFF_SEED ask (make fuzz).
func MutantSettings(per int) (int, uint64, error) {
	return mutantSettings("OMNIGEN_GOLDEN_MUTANTS", per)
}

// SchemaMutantSettings are MutantSettings for the tests that mutate the
// golden schemas themselves: OMNIGEN_SCHEMA_MUTANTS says how many.
func SchemaMutantSettings(per int) (int, uint64, error) {
	return mutantSettings("OMNIGEN_SCHEMA_MUTANTS", per)
}

func mutantSettings(count string, per int) (int, uint64, error) {
	seed := uint64(1)
	if v := os.Getenv(count); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %v", count, err)
		}
		per = n
	}
	if v := os.Getenv("OMNIGEN_DIFF_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("OMNIGEN_DIFF_SEED: %v", err)
		}
		seed = n
	}
	return per, seed, nil
}
