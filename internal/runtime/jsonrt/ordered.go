package jsonrt

// This file holds the types that the Go code generated for a schema outside
// the x-omnigen dialect uses to keep everything a document holds: the
// members an object does not declare, maps that keep their key order, and
// the JSON null. It is written into such a package beside check.go.

import (
	"encoding/json"
	"iter"
)

// Member is a member of an object that its schema does not declare: its
// name and its exact JSON.
type Member struct {
	Name  string
	Value json.RawMessage
}

// Map is a JSON object whose members all have one type, V. It keeps the
// order of its keys: a decoded Map lists them as the document did, and
// Set appends a new key at the end. The zero Map is empty and ready to use.
type Map[V any] struct {
	keys   []string
	values map[string]V
}

// Len is the number of members.
func (m *Map[V]) Len() int { return len(m.keys) }

// Get returns the value of key, and whether there is one.
func (m *Map[V]) Get(key string) (V, bool) {
	v, ok := m.values[key]
	return v, ok
}

// Set sets the value of key, appending key when it is new.
func (m *Map[V]) Set(key string, v V) {
	if m.values == nil {
		m.values = map[string]V{}
	}
	if _, ok := m.values[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.values[key] = v
}

// Delete removes key.
func (m *Map[V]) Delete(key string) {
	if _, ok := m.values[key]; !ok {
		return
	}
	delete(m.values, key)
	for i, k := range m.keys {
		if k == key {
			m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
			break
		}
	}
}

// Keys returns the keys, in order.
func (m *Map[V]) Keys() []string { return append([]string(nil), m.keys...) }

// All yields the members in order.
func (m *Map[V]) All() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for _, k := range m.keys {
			if !yield(k, m.values[k]) {
				return
			}
		}
	}
}

// Null is the JSON null, the one value of a property whose schema allows
// only null.
type Null struct{}

// integer reads a number the schema says is an integer as an int64, from
// its text read exactly however it is written (9007199254740993.0 is
// 9007199254740993, not the double nearest it). ok is false for an integer
// outside the int64 range, which the Go type cannot hold.
func (v *value) integer() (int64, bool) {
	n, isInt, inRange := parseInteger(v.raw)
	return n, isInt && inRange
}
