package model

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// What the dialect's types do not hold (a boolean schema, keywords beside
// a $ref, a $dynamicRef outside a union or a select, a reference to what
// is not a definition, a union with a member that is not an object, and
// what convert finds: a map, a tuple, an anyOf, a nullable definition) is
// JSON text (dialectView.asText), with a note that says why, and every
// rule the codecs do not check as they read is checked by the program.
// What lint refuses, with the pointer, is a keyword of the wrong form, an
// annotation in the wrong place, or a $ref that names nothing: no schema
// is refused for its shape. A schema that does not ask for the dialect is
// compiled as any schema is instead (Load).

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

// lintRoot refuses a root whose $ref names nothing. What the root says
// beside it is checked by the program: its type is the one its $ref names
// (a location that is no definition's is named as a root is: hold).
func (v *dialectView) lintRoot(top *resolve.Schema, o *resolve.Object) error {
	_, err := v.lintStatic(top, "$ref", o.Str("$ref"))
	return err
}

// place says where a schema stands, for what it may say.
type place int

const (
	atDefinition place = iota
	atProperty
	atItems
)

// lint says what the dialect's types do not hold of schema s, found at
// where ("" when they hold it: the value there is JSON text otherwise),
// and refuses a keyword of the wrong form.
func (v *dialectView) lint(s *resolve.Schema, where place) (string, error) {
	if where == atDefinition {
		// A definition is linted before it is shaped, and again where
		// the types meet it: once is enough.
		if why, ok := v.linted[s]; ok {
			return why, nil
		}
		if v.linted == nil {
			v.linted = map[*resolve.Schema]string{}
		}
		why, err := v.lintAt(s, where)
		v.linted[s] = why
		return why, err
	}
	return v.lintAt(s, where)
}

func (v *dialectView) lintAt(s *resolve.Schema, where place) (string, error) {
	ptr := v.pointer(s)
	o := s.Object()
	if o == nil {
		return "a boolean schema", nil
	}
	at := func(rel string) string { return ptr + "/" + rel }
	if o.Has("$dynamicRef") {
		// Only a union's member, or a select's case, may be one.
		return "a $dynamicRef outside a union or a select", nil
	}
	if o.Has("$ref") {
		if where == atDefinition {
			// An alias is the type it names.
			if o.Has("x-omnigen") {
				return "", errorf(at("x-omnigen"), "a definition that is only a $ref is the type it names: give that type its x-omnigen")
			}
			return "", nil
		}
		for _, r := range v.rules(s) {
			if _, ok := r.(*RefRule); !ok {
				return fmt.Sprintf("%q beside a $ref", r.Keyword()), nil
			}
		}
		return v.lintRef(s, o)
	}
	var c Constraints
	switch bad := readConstraints(&c, o); bad {
	case "":
	case "minLength", "maxLength", "minItems", "maxItems":
		return "", errorf(at(bad), "%s must be a non-negative integer", bad)
	default:
		return "", errorf(at(bad), "%s must be a number", bad)
	}
	if _, ok := o.Values["const"].(string); ok && where == atProperty {
		return "", nil
	}
	if members, ok := o.Values["oneOf"].([]any); ok {
		return v.lintMembers(s, members)
	}
	if _, _, err := typeList(o.Values["type"]); err != nil {
		return "", errorf(at("type"), "%v", err)
	}
	if isObject(o) {
		return "", v.lintObject(s, o)
	}
	return "", nil
}

// lintMembers says what the dialect's types do not hold of the union at s
// (members, its oneOf): each member names a definition or is an object
// written in place.
func (v *dialectView) lintMembers(s *resolve.Schema, members []any) (string, error) {
	for i := range members {
		sub := v.set.Sub(s, fmt.Sprintf("oneOf/%d", i))
		mo := sub.Object()
		var why string
		var err error
		switch {
		case mo == nil:
			why = "a boolean schema"
		case mo.Str("$ref") != "" || mo.Str("$dynamicRef") != "":
			why, err = v.lintRef(sub, mo)
		case mo.Str("type") != "object" && !mo.Has("properties"):
			why = "a schema that is not an object"
		default:
			// An object written in place: named as the shaper names it
			// (PaymentCard).
			why, err = v.lint(sub, atProperty)
		}
		if err != nil {
			return "", err
		}
		if why != "" {
			return fmt.Sprintf("a union (its member %d: %s)", i, why), nil
		}
	}
	return "", nil
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
		if ann := ps.Object().Obj("x-omnigen"); ann != nil {
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
// pairs of the form
// {"if": {"properties": {K: {"const": V}}, "required": [K]},
//
//	"then": {"properties": {F: {"$ref": T}}}},
//
// every one testing the same declared property and typing the same one.
// Any other allOf only adds checks, which the program makes.
func (v *dialectView) isSelect(s *resolve.Schema, o *resolve.Object) bool {
	all, ok := o.Values["allOf"].([]any)
	props := o.Obj("properties")
	if !ok || props == nil {
		return false
	}
	by, field := "", ""
	for i, item := range all {
		io, _ := item.(*resolve.Object)
		if io == nil || io.Obj("if") == nil || io.Obj("then") == nil || len(io.Keys) != 2 {
			return false
		}
		byName, _, ok := singleConst(io.Obj("if"))
		thenProps := io.Obj("then").Obj("properties")
		if !ok || thenProps == nil || len(thenProps.Keys) != 1 || len(io.Obj("then").Keys) != 1 {
			return false
		}
		fieldName := thenProps.Keys[0]
		refObj := thenProps.Obj(fieldName)
		if refObj == nil || (refObj.Str("$ref") == "" && refObj.Str("$dynamicRef") == "") {
			return false
		}
		ref := v.set.Sub(s, fmt.Sprintf("allOf/%d/then/properties/%s", i, jsonptr.Escape(fieldName)))
		if why, err := v.lintRef(ref, refObj); why != "" || err != nil {
			return false
		}
		if !props.Has(byName) || !props.Has(fieldName) || (by != "" && by != byName) || (field != "" && field != fieldName) {
			return false
		}
		by, field = byName, fieldName
	}
	return true
}

func singleConst(o *resolve.Object) (string, string, bool) {
	props := o.Obj("properties")
	if props == nil || len(props.Keys) != 1 {
		return "", "", false
	}
	name := props.Keys[0]
	po := props.Obj(name) // nil for a boolean schema
	if po == nil {
		return "", "", false
	}
	c, ok := po.Values["const"].(string)
	if !ok {
		return "", "", false
	}
	req := o.Arr("required")
	if len(req) != 1 || req[0] != name {
		return "", "", false
	}
	return name, c, true
}

// lintRef says what the dialect's types do not hold of a reference (at s,
// the schema o) that does not name a definition: a $defs or definitions
// entry (of the document, or of a definition), or another document (the
// definition its top-level $ref names, if it has one); a $dynamicRef must
// be "#Anchor" of a definition.
func (v *dialectView) lintRef(s *resolve.Schema, o *resolve.Object) (string, error) {
	if ref := o.Str("$ref"); ref != "" {
		return v.lintStatic(s, "$ref", ref)
	}
	ref := o.Str("$dynamicRef")
	anchor, ok := strings.CutPrefix(ref, "#")
	if !ok || anchor == "" || strings.Contains(anchor, "/") {
		return fmt.Sprintf("a $dynamicRef other than \"#Anchor\" (%q)", ref), nil
	}
	target := v.sh.deref(s)
	if target == s || !isDefinition(target) || target.DynamicAnchor != anchor {
		return fmt.Sprintf("a $dynamicRef to what is not a definition (%q)", ref), nil
	}
	return "", nil
}

// lintStatic says what the dialect's types do not hold of a $ref that does
// not name a definition, and refuses one that names nothing.
func (v *dialectView) lintStatic(s *resolve.Schema, kw, ref string) (string, error) {
	ptr := v.pointer(s) + "/" + kw
	for range 64 {
		target, err := v.set.Resolve(s, kw, ref)
		if err != nil {
			var rerr *resolve.Error
			if errors.As(err, &rerr) {
				return "", errorf(ptr, "%s", rerr.Message)
			}
			return "", errorf(ptr, "%v", err)
		}
		if target.Ptr == "" && target.Doc != s.Doc {
			// Another document stands for the type its top-level $ref
			// names, else it is a definition itself.
			if ref = target.Object().Str("$ref"); ref == "" {
				return "", nil
			}
			s = target
			continue
		}
		if !isDefinition(target) {
			return fmt.Sprintf("a $ref to what is not a definition (%q)", ref), nil
		}
		return "", nil
	}
	return "", errorf(ptr, "$ref %q does not reach a definition", ref)
}
