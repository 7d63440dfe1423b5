// Package jsondoc edits JSON documents without losing their key order: the
// tests that derive a schema from the canonical one (to compare versions,
// or to generate code from an evolved protocol) need the properties to stay
// in the order the schema lists them, since generated encoders follow it.
//
// A decoded value is a *Object, []any, string, json.Number, bool or nil.
package jsondoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Object is a JSON object with its keys in document order.
type Object struct {
	keys   []string
	values map[string]any
}

// New returns an object of the given key, value pairs, in order.
func New(pairs ...any) *Object {
	o := &Object{values: map[string]any{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		o.Set(pairs[i].(string), pairs[i+1])
	}
	return o
}

// Decode reads one JSON document, numbers kept as written.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("jsondoc: data after the document")
	}
	return v, nil
}

func decode(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := New()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
	}
	return tok, nil
}

// Keys lists the object's keys in order.
func (o *Object) Keys() []string { return append([]string(nil), o.keys...) }

// Get returns the value of key, nil when absent.
func (o *Object) Get(key string) any { return o.values[key] }

// Set gives key a value: in its place when present, else last.
func (o *Object) Set(key string, v any) {
	if _, ok := o.values[key]; !ok {
		o.keys = append(o.keys, key)
	}
	o.values[key] = v
}

// Delete removes key.
func (o *Object) Delete(key string) {
	if _, ok := o.values[key]; !ok {
		return
	}
	delete(o.values, key)
	for i, k := range o.keys {
		if k == key {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
}

// Rename gives the value of key from to the key to, in from's place.
func (o *Object) Rename(from, to string) {
	v, ok := o.values[from]
	if !ok {
		return
	}
	delete(o.values, from)
	if _, dup := o.values[to]; dup {
		o.Delete(to)
	}
	for i, k := range o.keys {
		if k == from {
			o.keys[i] = to
		}
	}
	o.values[to] = v
}

// Obj walks path, a key for each object and a decimal index for each
// array, and returns the object found there; it panics when there is none,
// which in a test is a mistake in the test.
func (o *Object) Obj(path ...string) *Object {
	v, ok := o.At(path...).(*Object)
	if !ok {
		panic(fmt.Sprintf("jsondoc: no object at %s", strings.Join(path, "/")))
	}
	return v
}

// Arr is Obj for an array.
func (o *Object) Arr(path ...string) []any {
	v, ok := o.At(path...).([]any)
	if !ok {
		panic(fmt.Sprintf("jsondoc: no array at %s", strings.Join(path, "/")))
	}
	return v
}

// At returns the value at path (see Obj), nil when there is none.
func (o *Object) At(path ...string) any {
	var v any = o
	for _, p := range path {
		switch x := v.(type) {
		case *Object:
			v = x.values[p]
		case []any:
			var i int
			if _, err := fmt.Sscanf(p, "%d", &i); err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// Clone returns a deep copy of v.
func Clone(v any) any {
	switch x := v.(type) {
	case *Object:
		c := New()
		for _, k := range x.keys {
			c.Set(k, Clone(x.values[k]))
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = Clone(e)
		}
		return c
	}
	return v
}

// Encode writes v indented by two spaces, keys in order, with a final
// newline; strings are escaped as encoding/json escapes them, without HTML
// escaping.
func Encode(v any) []byte {
	var buf bytes.Buffer
	encode(&buf, v, "")
	buf.WriteByte('\n')
	return buf.Bytes()
}

func encode(buf *bytes.Buffer, v any, indent string) {
	inner := indent + "  "
	switch x := v.(type) {
	case *Object:
		if len(x.keys) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i, k := range x.keys {
			buf.WriteString(inner)
			writeString(buf, k)
			buf.WriteString(": ")
			encode(buf, x.values[k], inner)
			if i < len(x.keys)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "}")
	case []any:
		if len(x) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteString("[\n")
		for i, e := range x {
			buf.WriteString(inner)
			encode(buf, e, inner)
			if i < len(x)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "]")
	case string:
		writeString(buf, x)
	default:
		b, err := json.Marshal(x)
		if err != nil {
			panic(fmt.Sprintf("jsondoc: %T: %v", v, err))
		}
		buf.Write(b)
	}
}

func writeString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}
