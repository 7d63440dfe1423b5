package jsonptr

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Locate finds the value that the JSON pointer ptr ("/a/0", or a fragment:
// "#/a/0") names in the JSON text data, and returns its line and column
// (from 1; the column counts bytes, as the Go tools count them). A pointer
// that names no value gives the place of its deepest ancestor that is one,
// and false; text that is not JSON, where it stops being JSON.
func Locate(data []byte, ptr string) (line, col int, found bool) {
	s := &scan{data: data}
	at, found := s.find(tokens(ptr)), true
	if at < 0 {
		at, found = -at-1, false
	}
	line = 1 + bytes.Count(data[:at], []byte("\n"))
	return line, at - bytes.LastIndexByte(data[:at], '\n'), found
}

// LocateYAML is Locate for a YAML document: the line and column of the
// node the pointer names, or of its deepest ancestor that is one.
func LocateYAML(data []byte, ptr string) (line, col int, found bool) {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 1, 1, false
	}
	n := doc.Content[0]
	for _, tok := range tokens(ptr) {
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == tok {
					next = n.Content[i+1]
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
			}
		}
		if next == nil {
			return n.Line, n.Column, false
		}
		n = next
	}
	return n.Line, n.Column, true
}

// tokens are the reference tokens of ptr, unescaped.
func tokens(ptr string) []string {
	ptr = strings.TrimPrefix(ptr, "#")
	if ptr == "" {
		return nil
	}
	var out []string
	for _, t := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		out = append(out, Unescape(t))
	}
	return out
}

// scan walks JSON text by byte offsets.
type scan struct {
	data []byte
	i    int
}

// find returns the offset of the value the tokens name below the value at
// s.i, or -1 minus the offset of the deepest one found.
func (s *scan) find(tokens []string) int {
	s.space()
	start := s.i
	if len(tokens) == 0 {
		return start
	}
	switch s.peek() {
	case '{':
		s.i++
		for s.space(); s.peek() == '"'; s.space() {
			keyStart := s.i
			s.skipString()
			var key string
			if json.Unmarshal(s.data[keyStart:s.i], &key) != nil {
				return -start - 1
			}
			if s.space(); s.peek() != ':' {
				return -start - 1
			}
			s.i++
			if key == tokens[0] {
				return s.find(tokens[1:])
			}
			s.skipValue()
			if s.space(); s.peek() != ',' {
				break
			}
			s.i++
		}
	case '[':
		n, err := strconv.Atoi(tokens[0])
		if err != nil || n < 0 {
			return -start - 1
		}
		s.i++
		for k := 0; ; k++ {
			if s.space(); s.peek() == ']' || s.i >= len(s.data) {
				break
			}
			if k == n {
				return s.find(tokens[1:])
			}
			s.skipValue()
			if s.space(); s.peek() != ',' {
				break
			}
			s.i++
		}
	}
	return -start - 1
}

func (s *scan) peek() byte {
	if s.i < len(s.data) {
		return s.data[s.i]
	}
	return 0
}

func (s *scan) space() {
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t' || s.data[s.i] == '\n' || s.data[s.i] == '\r') {
		s.i++
	}
}

// skipString skips the string that starts at s.i.
func (s *scan) skipString() {
	for s.i++; s.i < len(s.data); s.i++ {
		switch s.data[s.i] {
		case '\\':
			s.i++
		case '"':
			s.i++
			return
		}
	}
}

// skipValue skips the value at s.i (and, in text that is not JSON, what
// looks like one).
func (s *scan) skipValue() {
	s.space()
	depth := 0
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.skipString()
		case c == '{' || c == '[':
			depth++
			s.i++
		case c == '}' || c == ']':
			if depth == 0 {
				return
			}
			depth--
			s.i++
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return
		default:
			s.i++
		}
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return // a string, or an object or array, ends here
		}
	}
}
