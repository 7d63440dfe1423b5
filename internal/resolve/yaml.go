package resolve

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Schemas written in YAML (a .yaml or .yml file) are read into the values
// Decode makes of JSON: key order kept, numbers as json.Number. YAML that has
// no JSON equivalent is refused with its line: several documents, a key that
// is not a scalar, a merge key, a binary or an infinite or NaN number.
// Timestamps stay strings (JSON has no dates), as the text written.

// IsYAML reports whether a schema file is read as YAML, by its extension.
func IsYAML(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}

// maxYAMLNodes bounds the nodes an aliased YAML document expands to, so
// that a small file cannot make a huge schema (the "billion laughs").
const maxYAMLNodes = 1 << 20

// DecodeYAML decodes one YAML document as Decode decodes JSON.
func DecodeYAML(data []byte) (any, error) {
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	var doc yaml.Node
	if err := dec.Decode(&doc); err == io.EOF {
		return nil, fmt.Errorf("an empty YAML document")
	} else if err != nil {
		return nil, err
	}
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		return nil, fmt.Errorf("line %d: a second YAML document; a schema file holds one", more.Line)
	}
	y := yamlReader{}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("an empty YAML document")
	}
	return y.value(doc.Content[0], 0)
}

type yamlReader struct{ nodes int }

func (y *yamlReader) value(n *yaml.Node, depth int) (any, error) {
	y.nodes++
	if y.nodes > maxYAMLNodes {
		return nil, fmt.Errorf("line %d: the document expands to more than %d nodes through its aliases", n.Line, maxYAMLNodes)
	}
	if depth > maxDepth {
		return nil, fmt.Errorf("line %d: nested more than %d levels deep", n.Line, maxDepth)
	}
	switch n.Kind {
	case yaml.AliasNode:
		return y.value(n.Alias, depth)
	case yaml.DocumentNode:
		return y.value(n.Content[0], depth)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := y.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		o := &Object{Values: map[string]any{}}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.AliasNode {
				k = k.Alias
			}
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a key that is not a string", k.Line)
			}
			if k.Tag == "!!merge" {
				return nil, fmt.Errorf("line %d: a merge key (<<), which JSON has no equivalent of", k.Line)
			}
			if _, dup := o.Values[k.Value]; dup {
				return nil, fmt.Errorf("line %d: duplicate key %q", k.Line, k.Value)
			}
			val, err := y.value(v, depth+1)
			if err != nil {
				return nil, err
			}
			o.Keys = append(o.Keys, k.Value)
			o.Values[k.Value] = val
		}
		return o, nil
	}
	return scalar(n)
}

// scalar is the JSON value of a YAML scalar, by its resolved tag.
func scalar(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, fmt.Errorf("line %d: %v", n.Line, err)
		}
		return b, nil
	case "!!int":
		var i int64
		if err := n.Decode(&i); err == nil {
			return json.Number(strconv.FormatInt(i, 10)), nil
		}
		// Beyond int64: its decimal text, as JSON would write it.
		if _, err := strconv.ParseFloat(n.Value, 64); err == nil {
			return json.Number(strings.TrimPrefix(n.Value, "+")), nil
		}
		return nil, fmt.Errorf("line %d: the integer %s has no JSON form", n.Line, n.Value)
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return nil, fmt.Errorf("line %d: %v", n.Line, err)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("line %d: %s is not a JSON number", n.Line, n.Value)
		}
		if text := strings.TrimPrefix(n.Value, "+"); isJSONNumber(text) {
			return json.Number(text), nil
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	case "!!str", "!!timestamp":
		return n.Value, nil
	}
	return nil, fmt.Errorf("line %d: a %s value, which JSON has no equivalent of", n.Line, n.ShortTag())
}

// isJSONNumber reports whether text is a number as JSON writes one.
func isJSONNumber(text string) bool {
	var n json.Number
	return json.Unmarshal([]byte(text), &n) == nil && string(n) == text
}
