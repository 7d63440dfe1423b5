// Package jsonmut makes mutants of JSON documents for the differential
// tests, which give each mutant to two implementations (Go and TypeScript,
// the generated code and omnigen validate) and compare their answers:
// types flipped, keys dropped, added, repeated, renamed and shuffled,
// strings edited, characters put in, numbers spelled otherwise, values
// nested around the depth limit, escapes and whitespace, and bytes cut,
// added and changed. Objects keep their key order, so that a mutant reads
// as its seed but for its mutations.
package jsonmut

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// Parse reads a seed: one JSON document of at most 64 KiB; ok is false for
// anything else.
func Parse(line []byte) (v *Value, ok bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || len(line) > 64<<10 || !json.Valid(line) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	return parse(dec), true
}

// Words are the property names of v and its strings shorter than 40
// bytes, at any depth: what an edit may put in.
func (v *Value) Words() []string {
	var out []string
	for _, k := range v.keys {
		out = append(out, k)
	}
	if v.kind == 's' && len(v.text) < 40 {
		out = append(out, v.text)
	}
	for _, x := range v.items {
		out = append(out, x.Words()...)
	}
	return out
}

// New returns a mutator drawing from the generator of seed, which puts in
// the words given (property names, enum values, tags…), sorted and without
// repeats.
func New(seed uint64, words []string) *Mutator {
	m := &Mutator{r: rand.New(rand.NewPCG(seed, 11)), words: slices.Clone(words)}
	slices.Sort(m.words)
	m.words = slices.Compact(m.words)
	return m
}

// Next is a mutant of one of the seeds: one to three edits of the tree,
// written with or without extra whitespace and escapes, and one time in
// ten edited at the byte level after. It may hold a newline or be blank:
// callers that want one line pass over those.
func (m *Mutator) Next(seeds []*Value) []byte {
	v := seeds[m.r.IntN(len(seeds))].clone()
	m.spaced, m.escaped = m.r.IntN(4) == 0, m.r.IntN(4) == 0
	for range 1 + m.r.IntN(3) {
		m.mutate(v)
	}
	var b bytes.Buffer
	m.write(&b, v)
	line := b.Bytes()
	if m.r.IntN(10) == 0 {
		line = m.bytesEdit(line)
	}
	return line
}

// Value is a JSON value whose objects keep their key order (and may repeat
// a key), so that a mutant is written as its seed was but for its
// mutations.
type Value struct {
	kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'l' literal
	keys  []string
	items []*Value // object values or array items
	text  string
}

// parse reads one JSON value (a seed: valid JSON).
func parse(dec *json.Decoder) *Value {
	tok, err := dec.Token()
	if err != nil {
		panic(err)
	}
	switch x := tok.(type) {
	case json.Delim:
		v := &Value{kind: 'a'}
		if x == '{' {
			v.kind = 'o'
		}
		for dec.More() {
			if v.kind == 'o' {
				k, _ := dec.Token()
				v.keys = append(v.keys, k.(string))
			}
			v.items = append(v.items, parse(dec))
		}
		dec.Token()
		return v
	case string:
		return &Value{kind: 's', text: x}
	case json.Number:
		return &Value{kind: 'n', text: string(x)}
	case bool:
		return &Value{kind: 'l', text: strconv.FormatBool(x)}
	}
	return &Value{kind: 'l', text: "null"}
}

func (v *Value) clone() *Value {
	c := *v
	c.keys = slices.Clone(v.keys)
	c.items = make([]*Value, len(v.items))
	for i, x := range v.items {
		c.items[i] = x.clone()
	}
	return &c
}

// Mutator makes mutants from seeds, deterministically for a seed.
type Mutator struct {
	r *rand.Rand
	// words are property names, enum values and tags of the schema, and
	// strings of the seeds: what an edit puts in.
	words []string
	// spaced and escaped say how this mutant is written.
	spaced, escaped bool
}

var numberSpellings = []string{"0", "-0", "1", "1.0", "1e0", "10e-1", "0.1e1", "1E+0", "-1", "2.5", "1e2", "100",
	"9007199254740991", "9007199254740992", "9007199254740993", "9007199254912336", "1152921504606846976",
	"1152921504606847000", "9223372036854775807", "9223372036854775808", "1e19", "1e400", "-1E400", "1e-400",
	"1.0000000000000001", "0.30000000000000004", "1.7976931348623157e308", "1.7976931348623159e308", "5e-324",
	"123456789012345678901234567890", "0.1", "1e21", "1e-7", "200000"}

var insertions = []string{"é", "😀", "\u2028", "\u0000", "\x01", "\t", "\"", "\\", "<&>", "\xff", "\xed\xa0\x80", "ü̈", "\u00a0", "/", "\x7f"}

func (m *Mutator) pick(list []string) string { return list[m.r.IntN(len(list))] }

// nodes lists v and the values inside it, with their depth (v at depth).
func nodes(v *Value, depth int, out *[]*Value, depths *[]int) {
	*out = append(*out, v)
	*depths = append(*depths, depth)
	for _, x := range v.items {
		nodes(x, depth+1, out, depths)
	}
}

// mutate applies one random edit to the tree root.
func (m *Mutator) mutate(root *Value) {
	var all []*Value
	var depths []int
	nodes(root, 1, &all, &depths)
	k := m.r.IntN(len(all))
	v := all[k]
	switch m.r.IntN(11) {
	case 0: // type flip
		kinds := []*Value{{kind: 's', text: m.pick(m.words)}, {kind: 'n', text: m.pick(numberSpellings)},
			{kind: 'l', text: "true"}, {kind: 'l', text: "null"}, {kind: 'o'}, {kind: 'a'}}
		*v = *kinds[m.r.IntN(len(kinds))]
	case 1: // drop a key or an item
		if len(v.items) > 0 {
			i := m.r.IntN(len(v.items))
			v.items = slices.Delete(v.items, i, i+1)
			if v.kind == 'o' {
				v.keys = slices.Delete(v.keys, i, i+1)
			}
		}
	case 2: // add a key or an item, or give a key again
		if v.kind == 'o' {
			key := m.pick(m.words)
			if len(v.keys) > 0 && m.r.IntN(3) == 0 {
				key = v.keys[m.r.IntN(len(v.keys))]
			}
			v.keys = append(v.keys, key)
			v.items = append(v.items, &Value{kind: 's', text: m.pick(m.words)})
		} else if v.kind == 'a' {
			v.items = append(v.items, &Value{kind: 's', text: m.pick(m.words)})
		}
	case 3, 4: // an enum value, a tag or another word where a string is
		if v.kind == 's' {
			v.text = m.pick(m.words)
			if m.r.IntN(4) == 0 {
				v.text = strings.ToUpper(v.text)
			}
		}
	case 5: // a character put in a string
		if v.kind == 's' {
			at := m.r.IntN(len(v.text) + 1)
			v.text = v.text[:at] + m.pick(insertions) + v.text[at:]
		}
	case 6, 7: // a number spelled otherwise
		if v.kind == 'n' || m.r.IntN(3) == 0 {
			*v = Value{kind: 'n', text: m.pick(numberSpellings)}
		}
	case 8: // key order
		m.r.Shuffle(len(v.keys), func(i, j int) {
			v.keys[i], v.keys[j] = v.keys[j], v.keys[i]
			v.items[i], v.items[j] = v.items[j], v.items[i]
		})
	case 9: // nested to about the depth limit
		target := jsonrt.MaxDepth - 2 + m.r.IntN(5)
		inner := v.clone()
		if inner.kind == 'o' || inner.kind == 'a' {
			target-- // the value itself is a level
		}
		for range target - depths[k] + 1 {
			inner = &Value{kind: 'a', items: []*Value{inner}}
		}
		*v = *inner
	case 10: // a key renamed
		if v.kind == 'o' && len(v.keys) > 0 {
			v.keys[m.r.IntN(len(v.keys))] = m.pick(m.words)
		}
	}
}

// write writes v as JSON, spelled as the mutator says.
func (m *Mutator) write(b *bytes.Buffer, v *Value) {
	m.space(b)
	switch v.kind {
	case 'o', 'a':
		open, end := byte('['), byte(']')
		if v.kind == 'o' {
			open, end = '{', '}'
		}
		b.WriteByte(open)
		for i, x := range v.items {
			if i > 0 {
				m.space(b)
				b.WriteByte(',')
			}
			if v.kind == 'o' {
				m.space(b)
				m.str(b, v.keys[i])
				m.space(b)
				b.WriteByte(':')
			}
			m.write(b, x)
		}
		m.space(b)
		b.WriteByte(end)
	case 's':
		m.str(b, v.text)
	default:
		b.WriteString(v.text)
	}
	m.space(b)
}

func (m *Mutator) space(b *bytes.Buffer) {
	if m.spaced && m.r.IntN(4) == 0 {
		b.WriteString([]string{" ", "\t", "  ", "\r", " \t"}[m.r.IntN(5)])
	}
}

// str writes s as a JSON string: as JSON.stringify would, or with escapes
// where none are needed; bytes that are not UTF-8 go as they are.
func (m *Mutator) str(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteByte(s[i])
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		case m.escaped && m.r.IntN(3) == 0:
			if r == '/' {
				b.WriteString(`\/`)
			} else if r >= 0x10000 {
				hi, lo := utf16.EncodeRune(r)
				fmt.Fprintf(b, `\u%04X\u%04x`, hi, lo)
			} else {
				fmt.Fprintf(b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}

// bytesEdit changes a written mutant at the byte level: cut, an added byte,
// a dropped one, or a changed one (never a "\n": a mutant is one line).
func (m *Mutator) bytesEdit(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	at := m.r.IntN(len(b))
	extra := []byte{'"', '\\', '{', '}', '[', ']', ',', ':', 0, 0xff, 0xc3, 'a', '1', '-', '.', 'e', ' '}
	switch m.r.IntN(4) {
	case 0:
		return b[:at]
	case 1:
		return slices.Insert(b, at, extra[m.r.IntN(len(extra))])
	case 2:
		return slices.Delete(b, at, at+1)
	}
	b[at] = extra[m.r.IntN(len(extra))]
	return b
}
