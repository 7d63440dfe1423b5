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
	if cl.Tag == "" && (!some || sameKinds(cl.Kinds)) && len(members) > 1 {
		// Nothing tells one member from another. (A value that one
		// member alone fails was meant for it: its problem is the one.)
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
// const string value each, the values distinct across members: the first
// such property in name order, and each member's values of it (none for a
// member without). A member that is itself a union of such members (a
// oneOf or anyOf, perhaps behind a $ref) takes every value its own members
// do, so that a value's tag finds the member it was meant for through a
// union of unions.
func (c *compiler) memberTags(members []*resolve.Schema) (string, [][]string) {
	consts := make([]map[string][]string, len(members))
	var names []string
	seen := map[string]bool{}
	for i, m := range members {
		consts[i] = constProps(c.set, m, 0)
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
		tags := make([][]string, len(members))
		count, distinct := 0, true
		for i := range members {
			vs, ok := consts[i][name]
			if !ok {
				continue
			}
			for _, v := range vs {
				if values[v] {
					distinct = false
				}
				values[v] = true
			}
			tags[i] = vs
			count++
		}
		if distinct && count >= 2 {
			return name, tags
		}
	}
	return "", nil
}

// maxTagDepth bounds how many references and nested unions constProps
// follows to find a member's tags.
const maxTagDepth = 16

// constProps are the properties schema s (or what it refers to) requires
// with one string value, "kind": {"const": "created"}, each with that value;
// for a oneOf or anyOf, the properties every member of it has so, each with
// the values of all its members, in order.
func constProps(set *resolve.Set, s *resolve.Schema, depth int) map[string][]string {
	out := map[string][]string{}
	if s == nil || depth > maxTagDepth {
		return out
	}
	o := s.Object()
	if o == nil {
		return out
	}
	if o.Has("properties") {
		return ownConstProps(o)
	}
	if ref, ok := o.Values["$ref"].(string); ok {
		t, err := set.Resolve(s, "$ref", ref)
		if err != nil {
			return out
		}
		return constProps(set, t, depth+1)
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		list, ok := o.Values[kw].([]any)
		if !ok || len(list) == 0 {
			continue
		}
		for i := range list {
			m := constProps(set, set.Sub(s, kw+"/"+strconv.Itoa(i)), depth+1)
			if i == 0 {
				out = m
				continue
			}
			for n := range out {
				if vs, ok := m[n]; ok {
					out[n] = append(out[n], vs...)
				} else {
					delete(out, n)
				}
			}
		}
		return out
	}
	return out
}

// ownConstProps are the properties object schema o requires with one
// string value.
func ownConstProps(o *resolve.Object) map[string][]string {
	out := map[string][]string{}
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
			out[name] = []string{v}
		} else if vals, ok := p.Values["enum"].([]any); ok && len(vals) == 1 {
			if v, ok := vals[0].(string); ok {
				out[name] = []string{v}
			}
		}
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
