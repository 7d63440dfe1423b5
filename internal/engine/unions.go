package engine

import (
	"sort"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/schema"
)

// union is a oneOf whose branches are told apart by the const value of one
// property (a discriminated union), as found in the schema document.
type union struct {
	property string
	branches []branch
}

type branch struct {
	values map[string]bool
}

func (u union) allValues() []string {
	var all []string
	for _, b := range u.branches {
		for v := range b.values {
			all = append(all, v)
		}
	}
	sort.Strings(all)
	return all
}

// findUnions returns the discriminated unions of docs keyed by the engine's
// schema location of the schema that holds the oneOf (ID#pointer).
// References between the documents are followed by $id.
func findUnions(docs ...*schema.Document) map[string]union {
	out := map[string]union{}
	byID := map[string]any{}
	for _, d := range docs {
		byID[d.ID] = d.JSON
	}
	for _, d := range docs {
		for k, u := range unionsOf(d, byID) {
			out[k] = u
		}
	}
	return out
}

func unionsOf(doc *schema.Document, byID map[string]any) map[string]union {
	out := map[string]union{}
	r := resolver{byID: byID}
	var walk func(v any, ptr string)
	walk = func(v any, ptr string) {
		switch x := v.(type) {
		case map[string]any:
			if branches, ok := x["oneOf"].([]any); ok {
				if u, ok := r.discriminate(doc.ID, branches); ok {
					out[doc.ID+"#"+ptr] = u
				}
			}
			for k, c := range x {
				walk(c, ptr+"/"+jsonptr.Escape(k))
			}
		case []any:
			for i, c := range x {
				walk(c, ptr+"/"+strconv.Itoa(i))
			}
		}
	}
	walk(doc.JSON, "")
	return out
}

// discriminate finds one property that every branch fixes with a const
// string, with no value shared by two branches.
func (r resolver) discriminate(base string, branches []any) (union, bool) {
	var u union
	seen := map[string]bool{}
	for _, b := range branches {
		prop, values, ok := r.tags(base, b, 0)
		if !ok || (u.property != "" && prop != u.property) {
			return union{}, false
		}
		u.property = prop
		for v := range values {
			if seen[v] {
				return union{}, false
			}
			seen[v] = true
		}
		u.branches = append(u.branches, branch{values: values})
	}
	return u, len(u.branches) > 0
}

// tags returns the discriminating property of a branch and the values it
// takes: a const property of an object, or the union of a nested oneOf's.
func (r resolver) tags(base string, s any, hops int) (string, map[string]bool, bool) {
	obj, ok := s.(map[string]any)
	if !ok || hops > 32 {
		return "", nil, false
	}
	if ref, ok := obj["$ref"].(string); ok {
		targetBase, target, ok := r.resolve(base, ref)
		if !ok {
			return "", nil, false
		}
		return r.tags(targetBase, target, hops+1)
	}
	if branches, ok := obj["oneOf"].([]any); ok {
		u, ok := r.discriminate(base, branches)
		if !ok {
			return "", nil, false
		}
		all := map[string]bool{}
		for _, b := range u.branches {
			for v := range b.values {
				all[v] = true
			}
		}
		return u.property, all, true
	}
	props, _ := obj["properties"].(map[string]any)
	required, _ := obj["required"].([]any)
	for _, r := range required {
		name, _ := r.(string)
		p, _ := props[name].(map[string]any)
		if c, ok := p["const"].(string); ok {
			return name, map[string]bool{c: true}, true
		}
	}
	return "", nil, false
}

// resolver follows references within and between the loaded documents.
type resolver struct {
	byID map[string]any
}

// resolve follows ref found in the document base; it returns the target's
// document and schema.
func (r resolver) resolve(base, ref string) (string, any, bool) {
	id, frag, _ := strings.Cut(ref, "#")
	if id == "" {
		id = base
	}
	root, ok := r.byID[id]
	if !ok {
		return "", nil, false
	}
	v, ok := resolvePointer(root, frag)
	return id, v, ok
}

// resolvePointer follows the JSON pointer ptr from root.
func resolvePointer(root any, ptr string) (any, bool) {
	if ptr == "" {
		return root, true
	}
	v := root
	for _, tok := range strings.Split(ptr, "/")[1:] {
		tok = jsonptr.Unescape(tok)
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = obj[tok]; !ok {
			return nil, false
		}
	}
	return v, true
}
