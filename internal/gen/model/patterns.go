package model

import (
	"fmt"
	"regexp"
)

// analyzePattern decides how the emitters match an ECMA-262 pattern: the
// RegExp flags JavaScript compiles it with, and its Go regexp translation
// when Go's engine matches the same strings.
//
// TODO(regex): until the ECMA-262 layer lands, a pattern Go's regexp
// compiles is taken as it is, and any other is an error.
func analyzePattern(src string) (flags, re2 string, err error) {
	if _, err := regexp.Compile(src); err != nil {
		return "", "", fmt.Errorf("pattern %q: %v", src, err)
	}
	return "u", src, nil
}
