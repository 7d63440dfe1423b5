package model

import "github.com/omnigen-dev/omnigen/internal/runtime/regexrt"

// analyzePattern reads an ECMA-262 pattern and decides the flags both
// languages compile it with: "u" when it is valid Unicode-mode syntax (as
// JSON Schema asks), else "" and its Annex B meaning. An invalid pattern is
// an error. The parser is regexrt's, the one the generated Go carries.
func analyzePattern(src string) (flags string, err error) {
	p, err := regexrt.Analyze(src)
	if err != nil {
		return "", err
	}
	return p.Flags(), nil
}
