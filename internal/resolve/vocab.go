package resolve

import "strings"

// Vocab is a set of the 2019-09 and 2020-12 vocabularies: which keywords a
// schema's meta-schema says apply. Schemas of earlier drafts, and of the
// official meta-schemas, have all of them but format assertion.
type Vocab uint8

// The vocabularies whose keywords the model compiles. Core ($ref, $defs…)
// is always in force.
const (
	VocabApplicator Vocab = 1 << iota
	VocabValidation
	VocabUnevaluated
	VocabFormatAssertion
)

const allVocab = VocabApplicator | VocabValidation | VocabUnevaluated

// vocabOf reads a meta-schema's $vocabulary. 2019-09 keeps the unevaluated
// keywords in its applicator vocabulary.
func vocabOf(o *Object) Vocab {
	var v Vocab
	for _, uri := range o.Keys {
		name := uri[strings.LastIndex(uri, "/")+1:]
		switch name {
		case "applicator":
			v |= VocabApplicator
			if strings.Contains(uri, "2019-09") {
				v |= VocabUnevaluated
			}
		case "validation":
			v |= VocabValidation
		case "unevaluated":
			v |= VocabUnevaluated
		case "format-assertion":
			v |= VocabFormatAssertion
		case "format":
			// 2019-09's format vocabulary asserts when it is required.
			if req, _ := o.Values[uri].(bool); req {
				v |= VocabFormatAssertion
			}
		}
	}
	return v
}
