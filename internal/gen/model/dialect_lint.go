package model

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// What the dialect's emitters do not render, refused with the pointer of
// the construct: a reference that names no definition, a union whose
// members are neither definitions nor objects, a select in another form.
// Any keyword is rendered: what the types do not hold (a map, a tuple, an
// anyOf, a nullable definition) is JSON text (dialectView.convert), and
// every rule the codecs do not check as they read is checked by the
// program. A schema that does not ask for the dialect is compiled as any
// schema is instead (Load); one that asks for it gets the error.

// rules are the rules the keywords of schema s make, as the program has
// them.
func (v *dialectView) rules(s *resolve.Schema) []Rule {
	if ch := v.sh.c.prog.at[s]; ch != nil {
		return ch.Rules // compiled already: validation reaches it
	}
	if v.lc == nil {
		v.lc = newCompiler(v.set, CompileOptions{ExactIntegers: true})
	}
	k := &keywords{c: v.lc, s: s, o: s.Object(), ctx: v.lc.enter(scope{}, s.Resource)}
	// A keyword it cannot compile is left to the lint of its form, and to
	// the program's compiler, which words the error for any schema.
	_ = k.compile()
	return k.rules
}

// besideRoot lists what the root may say beside the $ref that names its
// type: anything else would have to hold of the root as well.
var besideRoot = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$ref": true, "$comment": true,
	"title": true, "description": true, "deprecated": true, "examples": true,
}

// lintRoot refuses a root whose $ref does not name a definition, or that
// says more than the definition does.
func (v *dialectView) lintRoot(top *resolve.Schema, o *resolve.Object) error {
	for _, k := range o.Keys {
		if !besideRoot[k] && !strings.HasPrefix(k, "x-") {
			return errorf("#/"+jsonptr.Escape(k), "%q beside the root's $ref is not supported: it would be ignored", k)
		}
	}
	return v.lintStatic(top, "$ref", o.Str("$ref"))
}

// place says where a schema stands, for what it may say.
type place int

const (
	atDefinition place = iota
	atProperty
	atItems
)

// lint refuses what the dialect does not render of schema s, found at
// where.
func (v *dialectView) lint(s *resolve.Schema, where place) error {
	if where == atDefinition {
		// A definition is linted before it is shaped, and again where
		// the types meet it: once is enough.
		if v.linted[s] {
			return nil
		}
		if v.linted == nil {
			v.linted = map[*resolve.Schema]bool{}
		}
		v.linted[s] = true
	}
	ptr := v.pointer(s)
	o := s.Object()
	if o == nil {
		if where == atDefinition {
			return errorf(ptr, "a definition must be a schema object")
		}
		return errorf(ptr, "a property must be a schema object")
	}
	at := func(rel string) string { return ptr + "/" + rel }
	if o.Has("$dynamicRef") {
		// Only a union's member, or a select's case, may be one.
		return errorf(at("$dynamicRef"), "unsupported keyword %q", "$dynamicRef")
	}
	if o.Has("$ref") {
		if where == atDefinition {
			return errorf(at("$ref"), "a definition that is only a $ref (an alias) is not supported")
		}
		for _, r := range v.rules(s) {
			if _, ok := r.(*RefRule); !ok {
				return errorf(at(jsonptr.Escape(r.Keyword())), "%q beside $ref is not supported: it would be ignored", r.Keyword())
			}
		}
		return v.lintRef(s, o)
	}
	var c Constraints
	switch bad := readConstraints(&c, o); bad {
	case "":
	case "minLength", "maxLength", "minItems", "maxItems":
		return errorf(at(bad), "%s must be a non-negative integer", bad)
	default:
		return errorf(at(bad), "%s must be a number", bad)
	}
	if _, ok := o.Values["const"].(string); ok && where == atProperty {
		return nil
	}
	if members, ok := o.Values["oneOf"].([]any); ok {
		for i, m := range members {
			mo, ok := m.(*resolve.Object)
			if !ok {
				return errorf(at(fmt.Sprintf("oneOf/%d", i)), "a oneOf member must be a schema object")
			}
			sub := v.set.Sub(s, fmt.Sprintf("oneOf/%d", i))
			if mo.Str("$ref") == "" && mo.Str("$dynamicRef") == "" {
				// An object written in place: named as the shaper names
				// it (PaymentCard).
				if mo.Str("type") != "object" && !mo.Has("properties") {
					return errorf(at(fmt.Sprintf("oneOf/%d", i)), "a oneOf member must be an object or a $ref to a definition")
				}
				if err := v.lint(sub, atProperty); err != nil {
					return err
				}
				continue
			}
			if err := v.lintRef(sub, mo); err != nil {
				return err
			}
		}
		return nil
	}
	if _, _, err := typeList(o.Values["type"]); err != nil {
		return errorf(at("type"), "%v", err)
	}
	if isObject(o) {
		return v.lintObject(s, o)
	}
	return nil
}

// isObject reports whether schema o is an object with properties, as the
// dialect types it.
func isObject(o *resolve.Object) bool {
	types, _, _ := typeList(o.Values["type"])
	return o.Has("properties") && !o.Has("enum") && (len(types) == 0 || len(types) == 1 && types[0] == "object")
}

// lintObject refuses what the dialect does not render of an object with
// properties.
func (v *dialectView) lintObject(s *resolve.Schema, o *resolve.Object) error {
	at := func(rel string) string { return v.pointer(s) + "/" + rel }
	props := o.Obj("properties")
	if props == nil {
		return errorf(at("properties"), "properties must be an object")
	}
	for _, name := range props.Keys {
		ps := v.set.Sub(s, "properties/"+jsonptr.Escape(name))
		po := ps.Object()
		if po == nil {
			return errorf(v.pointer(ps), "a property must be a schema object")
		}
		if ann := po.Obj("x-omnigen"); ann != nil {
			for _, k := range ann.Keys {
				if k != "names" && k != "union" {
					return errorf(v.pointer(ps)+"/x-omnigen/"+jsonptr.Escape(k), "unknown x-omnigen key %q on a property", k)
				}
			}
		}
	}
	return nil
}

// isSelect reports whether the allOf of the object at s is a select: if/then
// pairs that pick a property's type by another's const. Any other allOf only
// adds checks, which the program makes.
func (v *dialectView) isSelect(s *resolve.Schema, o *resolve.Object) bool {
	all, ok := o.Values["allOf"].([]any)
	return ok && o.Obj("properties") != nil && v.lintSelects(s, o.Obj("properties"), all) == nil
}

// lintSelects says why an allOf is not if/then pairs of the form
// {"if": {"properties": {K: {"const": V}}, "required": [K]},
//
//	"then": {"properties": {F: {"$ref": T}}}},
//
// every one testing the same declared property and typing the same one.
func (v *dialectView) lintSelects(s *resolve.Schema, props *resolve.Object, all []any) error {
	by, field := "", ""
	for i, item := range all {
		iptr := fmt.Sprintf("%s/allOf/%d", v.pointer(s), i)
		io, _ := item.(*resolve.Object)
		if io == nil || io.Obj("if") == nil || io.Obj("then") == nil || len(io.Keys) != 2 {
			return errorf(iptr, "allOf is supported only as if/then pairs that choose a property's type by another's const")
		}
		byName, _, ok := singleConst(io.Obj("if"))
		if !ok {
			return errorf(iptr+"/if", "if must test one required property against a const string")
		}
		thenProps := io.Obj("then").Obj("properties")
		if thenProps == nil || len(thenProps.Keys) != 1 || len(io.Obj("then").Keys) != 1 {
			return errorf(iptr+"/then", "then must give exactly one property a $ref")
		}
		fieldName := thenProps.Keys[0]
		refObj := thenProps.Obj(fieldName)
		if refObj == nil || (refObj.Str("$ref") == "" && refObj.Str("$dynamicRef") == "") {
			return errorf(iptr+"/then", "then must give exactly one property a $ref")
		}
		ref := v.set.Sub(s, fmt.Sprintf("allOf/%d/then/properties/%s", i, jsonptr.Escape(fieldName)))
		if err := v.lintRef(ref, refObj); err != nil {
			return err
		}
		if !props.Has(byName) || !props.Has(fieldName) {
			return errorf(iptr, "if/then name properties %q and %q, which the object does not declare", byName, fieldName)
		}
		if (by != "" && by != byName) || (field != "" && field != fieldName) {
			return errorf(iptr, "every if/then must test the same property and type the same property")
		}
		by, field = byName, fieldName
	}
	return nil
}

func singleConst(o *resolve.Object) (string, string, bool) {
	props := o.Obj("properties")
	if props == nil || len(props.Keys) != 1 {
		return "", "", false
	}
	name := props.Keys[0]
	c, ok := props.Obj(name).Values["const"].(string)
	if !ok {
		return "", "", false
	}
	req := o.Arr("required")
	if len(req) != 1 || req[0] != name {
		return "", "", false
	}
	return name, c, true
}

// lintRef refuses a reference (at s, the schema o) that does not name a
// definition: a $defs entry, or another document whose own top-level $ref
// names one; a $dynamicRef must be "#Anchor" of a definition.
func (v *dialectView) lintRef(s *resolve.Schema, o *resolve.Object) error {
	if ref := o.Str("$ref"); ref != "" {
		return v.lintStatic(s, "$ref", ref)
	}
	ref := o.Str("$dynamicRef")
	ptr := v.pointer(s) + "/$dynamicRef"
	anchor, ok := strings.CutPrefix(ref, "#")
	if !ok || anchor == "" || strings.Contains(anchor, "/") {
		return errorf(ptr, "unsupported $dynamicRef %q: only \"#Anchor\" is supported", ref)
	}
	target := v.sh.deref(s)
	if target == s || !isDefinition(target) || target.DynamicAnchor != anchor {
		return errorf(ptr, "no definition has \"$dynamicAnchor\": %q", anchor)
	}
	return nil
}

// lintStatic refuses a $ref that does not name a definition.
func (v *dialectView) lintStatic(s *resolve.Schema, kw, ref string) error {
	ptr := v.pointer(s) + "/" + kw
	for range 64 {
		target, err := v.set.Resolve(s, kw, ref)
		if err != nil {
			var rerr *resolve.Error
			if errors.As(err, &rerr) {
				return errorf(ptr, "%s", rerr.Message)
			}
			return errorf(ptr, "%v", err)
		}
		if target.Ptr == "" && target.Doc != s.Doc {
			// Another document stands for the type its top-level $ref
			// names.
			top := target.Object()
			if top == nil || top.Str("$ref") == "" {
				return errorf(ptr, "%q has no top-level $ref to stand for it", ref)
			}
			s, ref = target, top.Str("$ref")
			continue
		}
		if !strings.HasPrefix(target.Ptr, "/$defs/") || strings.Count(target.Ptr, "/") != 2 {
			return errorf(ptr, "unsupported $ref %q: references must name a $defs entry", ref)
		}
		if target.Object() == nil {
			return errorf(v.pointer(target), "a definition must be a schema object")
		}
		return nil
	}
	return errorf(ptr, "$ref %q does not reach a definition", ref)
}
