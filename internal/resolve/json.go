package resolve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Object is a JSON object that remembers the order of its keys: generated
// code follows the schema's order (properties, definitions), so the order
// is part of the input. A nil *Object reads as one without members (the
// Object of a boolean schema is nil).
type Object struct {
	Keys   []string
	Values map[string]any
}

// Get returns the member called key.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.Values[key]
	return v, ok
}

// Has reports whether o has a member called key.
func (o *Object) Has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.Values[key]
	return ok
}

// Str returns the member key when it is a string, else "".
func (o *Object) Str(key string) string {
	if o == nil {
		return ""
	}
	s, _ := o.Values[key].(string)
	return s
}

// Obj returns the member key when it is an object, else nil.
func (o *Object) Obj(key string) *Object {
	if o == nil {
		return nil
	}
	v, _ := o.Values[key].(*Object)
	return v
}

// Arr returns the member key when it is an array, else nil.
func (o *Object) Arr(key string) []any {
	if o == nil {
		return nil
	}
	v, _ := o.Values[key].([]any)
	return v
}

// Decode decodes one JSON document keeping key order: objects become
// *Object, arrays []any, numbers json.Number (their exact text), strings
// string, and true, false and null bool and nil. A duplicate key is an
// error: a schema with one is ambiguous.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the top-level value")
	}
	return v, nil
}

// maxDepth bounds the nesting of a schema document, so that a hostile one
// cannot exhaust the stack of the generator.
const maxDepth = 1000

func decodeValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '{':
		o := &Object{Values: map[string]any{}}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k := kt.(string)
			v, err := decodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			if _, dup := o.Values[k]; dup {
				return nil, fmt.Errorf("duplicate key %q", k)
			}
			o.Keys = append(o.Keys, k)
			o.Values[k] = v
		}
		_, err := dec.Token()
		return o, err
	default:
		a := []any{}
		for dec.More() {
			v, err := decodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
}

// Compact writes v (a value Decode returned) as compact JSON, keys in their
// order, numbers as written.
func Compact(v any) []byte {
	var buf bytes.Buffer
	writeCompact(&buf, v)
	return buf.Bytes()
}

func writeCompact(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case *Object:
		buf.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k)
			buf.WriteByte(':')
			writeCompact(buf, x.Values[k])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeCompact(buf, e)
		}
		buf.WriteByte(']')
	case string:
		writeString(buf, x)
	case json.Number:
		buf.WriteString(string(x))
	case bool:
		if x {
			buf.WriteString("true")
		} else {
			buf.WriteString("false")
		}
	case nil:
		buf.WriteString("null")
	}
}

func writeString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}
