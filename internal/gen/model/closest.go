package model

import (
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// closest works out the Closest of the members of kw (anyOf or oneOf):
// their kinds and, where one property tags two or more of them with
// distinct string consts, that tag.
func (k *keywords) closest(kw string) *Closest {
	list, _ := k.o.Values[kw].([]any)
	var members []*resolve.Schema
	for i := range list {
		members = append(members, k.c.set.Sub(k.s, kw+"/"+strconv.Itoa(i)))
	}
	cl := &Closest{}
	some := false
	for _, m := range members {
		ks := kAll
		if m != nil {
			ks = k.c.kinds.kinds(m)
		}
		if ks != kAll {
			some = true
		}
		cl.Kinds = append(cl.Kinds, typeSetOf(ks))
	}
	cl.Tag, cl.Tags = k.c.memberTags(members)
	if cl.Tag == "" && (!some || sameKinds(cl.Kinds)) {
		// Nothing tells one member from another.
		return nil
	}
	return cl
}

// typeSetOf names the JSON types of a kind set.
func typeSetOf(ks kindSet) TypeSet {
	var out TypeSet
	for _, n := range []string{"null", "boolean", "object", "array", "string"} {
		if ks&kindOfName(n) != 0 {
			out = append(out, n)
		}
	}
	switch ks & kNumber {
	case kNumber, kFraction:
		out = append(out, "number")
	case kInteger:
		out = append(out, "integer")
	}
	return out
}

// memberTags finds a property that two or more members require with a
// const string value each, the values distinct: the first such property in
// name order, and each member's value ("" for a member without one).
func (c *compiler) memberTags(members []*resolve.Schema) (string, []string) {
	consts := make([]map[string]string, len(members))
	var names []string
	seen := map[string]bool{}
	for i, m := range members {
		consts[i] = constProps(c.set, m)
		for n := range consts[i] {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	for _, name := range names {
		values := map[string]bool{}
		tags := make([]string, len(members))
		count, distinct := 0, true
		for i := range members {
			v, ok := consts[i][name]
			if !ok {
				continue
			}
			if values[v] {
				distinct = false
				break
			}
			values[v] = true
			tags[i] = v
			count++
		}
		if distinct && count >= 2 {
			return name, tags
		}
	}
	return "", nil
}

// constProps are the properties schema s (or what it refers to) requires
// with one string value: "kind": {"const": "created"}.
func constProps(set *resolve.Set, s *resolve.Schema) map[string]string {
	out := map[string]string{}
	for range 16 {
		if s == nil {
			return out
		}
		o := s.Object()
		if o == nil {
			return out
		}
		if ref, ok := o.Values["$ref"].(string); ok && !o.Has("properties") {
			t, err := set.Resolve(s, "$ref", ref)
			if err != nil {
				return out
			}
			s = t
			continue
		}
		required, _ := stringList(o.Values["required"])
		props := o.Obj("properties")
		for _, name := range required {
			if props == nil {
				break
			}
			p := props.Obj(name)
			if p == nil {
				continue
			}
			if v, ok := p.Values["const"].(string); ok {
				out[name] = v
			} else if vals, ok := p.Values["enum"].([]any); ok && len(vals) == 1 {
				if v, ok := vals[0].(string); ok {
					out[name] = v
				}
			}
		}
		return out
	}
	return out
}

// sameKinds reports whether every member takes the same types.
func sameKinds(kinds []TypeSet) bool {
	for _, k := range kinds[1:] {
		if strings.Join(k, " ") != strings.Join(kinds[0], " ") {
			return false
		}
	}
	return true
}
