package validate

import (
	"bytes"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// The Trace rules need three facts of a payload (its type, its tool_call_id
// and, for a partial, its phase), but a tool output keeps its text or a
// megabyte of base64 image between them. For a line the generated decoder
// has accepted against the canonical schema, payloadTail finds them without
// reading that value again: the payload's members are read forwards while
// their keys are wanted ones, and backwards from its end while their values
// are short scalars, until every wanted member is there. What lies between
// holds none of them (a line the schema accepts has no duplicate key); when
// the two ends do not give them all, every member is read as before.

// payloadTail reads the payload starting at line[s] (an object) of a line
// the canonical fast checker accepted, when it is the envelope's last member.
// It fills x.spans and x.keys with the members it read and returns the end of
// the payload, or -1 when the shortcut does not apply (the caller then reads
// every member).
func (x *extractor) payloadTail(line []byte, s int) int {
	// The canonical envelope's only object-valued member is the payload: it
	// is the last member when the envelope's closing brace follows one.
	e := prevNonWS(line, len(line)-1)
	if e <= s || line[e] != '}' {
		return -1
	}
	p := prevNonWS(line, e-1)
	if p <= s || line[p] != '}' {
		return -1
	}
	if x.noCallID == nil {
		x.noCallID = canonicalNoCallID()
	}
	x.spans, x.keys = x.spans[:0], x.keys[:0]
	// Forwards, while the members are wanted ones.
	i := jsonrt.SkipWS(line, s+1)
	for i < p && line[i] == '"' {
		end := jsonrt.SkipString(line, i)
		key := line[i+1 : end-1]
		if !x.wanted(key) {
			break
		}
		v := jsonrt.SkipWS(line, jsonrt.SkipWS(line, end)+1)
		ve := jsonrt.SkipValue(line, v)
		x.addSpan(key, v, ve)
		i = jsonrt.SkipWS(line, ve)
		if line[i] == ',' {
			i = jsonrt.SkipWS(line, i+1)
		}
	}
	if i >= p {
		return p + 1 // every member was read
	}
	// Backwards, while the values are short scalars, until the wanted
	// members are all there.
	for k := prevNonWS(line, p-1); k > i && !x.tailComplete(line); {
		ve := k + 1
		vs := -1
		switch c := line[k]; c {
		case ']', '}':
		case '"':
			vs = openingQuote(line, k, max(i, k-maxTailValue))
		default:
			for j := k; j > i && k-j < maxTailValue; j-- {
				if isDelim(line[j-1]) {
					vs = j
					break
				}
			}
		}
		if vs < 0 {
			break // a long or structured value: the middle is not read
		}
		colon := prevNonWS(line, vs-1)
		if line[colon] != ':' {
			return -1
		}
		kq := prevNonWS(line, colon-1)
		if line[kq] != '"' {
			return -1
		}
		ko := openingQuote(line, kq, max(i, kq-maxTailValue))
		if ko < 0 {
			break
		}
		key := line[ko+1 : kq]
		if bytes.IndexByte(key, '\\') >= 0 {
			return -1
		}
		x.addSpan(key, vs, ve)
		if ko == i {
			return p + 1 // the two ends met: every member was read
		}
		k = prevNonWS(line, ko-1)
		if line[k] != ',' {
			return -1
		}
		k = prevNonWS(line, k-1)
	}
	if !x.tailComplete(line) {
		return -1
	}
	return p + 1
}

// maxTailValue bounds the values payloadTail reads backwards.
const maxTailValue = 256

// wanted reports whether a payload key is one the Trace facts read: type,
// tool_call_id or the phase field of a partial.
func (x *extractor) wanted(key []byte) bool {
	switch string(key) {
	case fieldType, fieldCallID:
		return true
	}
	for _, a := range x.table.byPartial {
		if string(key) == a.phase {
			return true
		}
	}
	return false
}

// tailComplete reports whether the spans read so far hold every member the
// Trace facts read: type, tool_call_id and, for a partial, its phase.
func (x *extractor) tailComplete(line []byte) bool {
	sp, ok := x.span(fieldType)
	if !ok {
		return false
	}
	b, ok := x.text(line, sp.start, sp.end)
	if !ok {
		return false
	}
	if _, ok := x.span(fieldCallID); !ok && !x.noCallID[string(b)] {
		return false
	}
	if a := x.table.byPartial[string(b)]; a != nil {
		if _, ok := x.span(a.phase); !ok {
			return false
		}
	}
	return true
}

// canonicalNoCallID lists the payload types of the canonical schema that
// cannot have a tool_call_id: their definition is closed
// (additionalProperties false) and has no such property. Every definition
// of the type must say so.
var canonicalNoCallID = sync.OnceValue(func() map[string]bool {
	no := map[string]bool{}
	has := map[string]bool{}
	eachObject(schema.Canonical().JSON, func(x map[string]any) {
		if tag, prop, ok := discriminator(x); ok && prop == fieldType {
			props, _ := x["properties"].(map[string]any)
			_, withID := props[fieldCallID]
			ap, isBool := x["additionalProperties"].(bool)
			_, patterns := x["patternProperties"]
			if isBool && !ap && !patterns && !withID {
				no[tag] = true
			} else {
				has[tag] = true
			}
		}
	})
	for tag := range has {
		delete(no, tag)
	}
	return no
})

func (x *extractor) addSpan(key []byte, s, e int) {
	x.spans = append(x.spans, span{k0: len(x.keys), k1: len(x.keys) + len(key), start: s, end: e})
	x.keys = append(x.keys, key...)
}

func isDelim(c byte) bool {
	switch c {
	case ':', ',', '{', '[', ' ', '\t', '\r', '\n':
		return true
	}
	return false
}

// prevNonWS returns the index of the last byte at or before i that is not
// JSON whitespace (-1 when there is none).
func prevNonWS(line []byte, i int) int {
	for i >= 0 {
		switch line[i] {
		case ' ', '\t', '\r', '\n':
			i--
		default:
			return i
		}
	}
	return i
}

// openingQuote returns the opening quote of the string of well-formed JSON
// whose closing quote is at line[k]: the nearest quote before it preceded by
// an even number of backslashes (inside a string every quote is escaped).
// It returns -1 when that quote is not at lo or after.
func openingQuote(line []byte, k, lo int) int {
	j := k
	for {
		j = bytes.LastIndexByte(line[lo:j], '"')
		if j < 0 {
			return -1
		}
		j += lo
		b := j - 1
		for b >= 0 && line[b] == '\\' {
			b--
		}
		if (j-1-b)%2 == 0 {
			return j
		}
	}
}
