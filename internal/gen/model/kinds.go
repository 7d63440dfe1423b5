package model

import (
	"encoding/json"
	"strconv"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// The JSON kinds a schema may accept, for the shaper: a type holds every
// value its checks accept, so where a schema does not pin the kind (no
// "type", or a type array) the shape has a member for each kind that may
// come. The analysis may say a kind is possible when the checks in fact
// reject it (it reads type, enum, const, allOf, anyOf, oneOf and $ref, not
// every keyword); it never says a kind is impossible when a value of it
// is accepted.

// kindSet is a set of JSON kinds; integers and other numbers are apart,
// so that "integer" is a kind of its own.
type kindSet uint8

const (
	kNull kindSet = 1 << iota
	kBoolean
	kObject
	kArray
	kString
	kInteger
	kFraction // a number that is not an integer

	kNumber = kInteger | kFraction
	kAll    = kNull | kBoolean | kObject | kArray | kString | kNumber
)

// kindOfName is the set of kinds a "type" name stands for.
func kindOfName(name string) kindSet {
	switch name {
	case "null":
		return kNull
	case "boolean":
		return kBoolean
	case "object":
		return kObject
	case "array":
		return kArray
	case "string":
		return kString
	case "integer":
		return kInteger
	case "number":
		return kNumber
	}
	return 0
}

// kindOfValue is the kind of a decoded JSON value.
func kindOfValue(v any) kindSet {
	switch v := v.(type) {
	case nil:
		return kNull
	case bool:
		return kBoolean
	case string:
		return kString
	case []any:
		return kArray
	case *resolve.Object:
		return kObject
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err == nil && f == float64(int64(f)) {
			return kInteger
		}
		return kFraction
	}
	return kAll
}

// kindFinder works out, once per schema, the kinds of the values a schema
// may accept: for the shaper's types and for the checks' closest member.
type kindFinder struct {
	set *resolve.Set
	of  map[*resolve.Schema]kindSet
}

func newKindFinder(set *resolve.Set) *kindFinder {
	return &kindFinder{set: set, of: map[*resolve.Schema]kindSet{}}
}

// kinds returns the kinds of the values schema s may accept.
func (sh *kindFinder) kinds(s *resolve.Schema) kindSet {
	if k, ok := sh.of[s]; ok {
		return k
	}
	// A schema that reaches itself (through $ref) is taken to accept any
	// kind while its kinds are worked out.
	sh.of[s] = kAll
	k := sh.kindsNow(s)
	sh.of[s] = k
	return k
}

func (sh *kindFinder) sub(s *resolve.Schema, rel string) *resolve.Schema { return sh.set.Sub(s, rel) }

func (sh *kindFinder) kindsNow(s *resolve.Schema) kindSet {
	if b, ok := s.Bool(); ok {
		if b {
			return kAll
		}
		return 0
	}
	o := s.Object()
	if o == nil {
		return kAll
	}
	if kw, ref := refOf(s); kw != "" {
		k := kAll
		// A dynamic reference may land elsewhere than its static target:
		// no kind is ruled out by it.
		if kw == "$ref" {
			if t, err := sh.set.Resolve(s, kw, ref); err == nil {
				k = sh.kinds(t)
			}
		}
		if s.Draft < resolve.Draft2019 && kw == "$ref" {
			// Before 2019-09, $ref's siblings are ignored.
			return k
		}
		return k & sh.ownKinds(s, o)
	}
	return sh.ownKinds(s, o)
}

// ownKinds are the kinds that s's keywords other than a reference allow.
func (sh *kindFinder) ownKinds(s *resolve.Schema, o *resolve.Object) kindSet {
	k := kAll
	if names := typeNames(o); o.Has("type") {
		t := kindSet(0)
		for _, n := range names {
			t |= kindOfName(n)
		}
		k &= t
	}
	if vals, ok := o.Values["enum"].([]any); ok {
		e := kindSet(0)
		for _, v := range vals {
			e |= kindOfValue(v)
		}
		k &= e
	}
	if v, ok := o.Values["const"]; ok && s.Draft >= resolve.Draft6 {
		k &= kindOfValue(v)
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		list, ok := o.Values[kw].([]any)
		if !ok {
			continue
		}
		some := kindSet(0)
		for i := range list {
			m := sh.sub(s, kw+"/"+strconv.Itoa(i))
			if m == nil {
				continue
			}
			mk := sh.kinds(m)
			if kw == "allOf" {
				k &= mk
			} else {
				some |= mk
			}
		}
		if kw != "allOf" {
			k &= some
		}
	}
	return k
}

// kindNames are the kinds of a set as "type" names, in the order the
// shaper makes union members in: object, array, string, number (or
// integer), boolean, null.
func (k kindSet) names() []string {
	var out []string
	for _, n := range []string{"object", "array", "string"} {
		if k&kindOfName(n) != 0 {
			out = append(out, n)
		}
	}
	switch k & kNumber {
	case kInteger:
		out = append(out, "integer")
	case 0:
	default:
		out = append(out, "number")
	}
	for _, n := range []string{"boolean", "null"} {
		if k&kindOfName(n) != 0 {
			out = append(out, n)
		}
	}
	return out
}
