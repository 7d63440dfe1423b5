package typescript

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// The TypeScript types of a schema outside the dialect (model/shapes.go
// says which shapes there are): an object with properties is an interface,
// with an index signature when it is open; a map is an index signature
// type; a nullable is T | null; a union, an enum and a literal are union
// types; a tuple is a tuple type; any JSON is the JSON value type. Values
// are what JSON.parse makes, so the types need no runtime of their own.

// typeGlobals are global type names of TypeScript's standard library that a
// generated type would shadow for whoever imports it: a type the schema
// names so is numbered instead (Date2), as Go numbers the names its runtime
// takes (Map2).
var typeGlobals = []string{
	"AggregateError", "Array", "ArrayBuffer", "ArrayLike", "Awaited", "BigInt", "Boolean",
	"Capitalize", "DataView", "Date", "Error", "EvalError", "Exclude", "Extract", "Function",
	"Generator", "InstanceType", "Intl", "Iterable", "IterableIterator", "Iterator", "JSON",
	"Lowercase", "Map", "Math", "NonNullable", "Number", "Object", "Omit", "Parameters",
	"Partial", "Pick", "Promise", "PromiseLike", "PropertyKey", "Proxy", "RangeError",
	"Readonly", "ReadonlyArray", "ReadonlyMap", "ReadonlySet", "Record", "ReferenceError",
	"Reflect", "RegExp", "Required", "ReturnType", "Set", "String", "Symbol", "SyntaxError",
	"TypeError", "URIError", "Uncapitalize", "Uppercase", "WeakMap", "WeakRef", "WeakSet",
}

// typeNames gives every defined type its TypeScript name: its x-omnigen
// "ts" name, else the model's name (the one Go's names come from too), with
// the prefix; numbered when TypeScript or the module takes it.
func (g *general) typeNames() error {
	taken := map[string]bool{g.value: true, g.root + "Error": true}
	for n := range globals {
		taken[n] = true
	}
	for _, n := range typeGlobals {
		taken[n] = true
	}
	for n := range reservedWords {
		taken[n] = true
	}
	taken[g.root] = true
	g.names[g.s.Root] = g.root
	for _, t := range g.s.Types {
		if t == g.s.Root {
			continue
		}
		name := t.Names[Lang]
		if name == "" {
			name = t.Name
			// A name TypeScript or the module takes: the one qualified by
			// its holder's, before a number.
			if t.Qualified != "" && taken[g.prefix+name] && !taken[g.prefix+t.Qualified] {
				name = t.Qualified
			}
		}
		name = g.prefix + name
		if !isIdentifierName(name) {
			if t.Names[Lang] != "" {
				return errorf(t.Pointer, "%q is not a TypeScript type name", name)
			}
			name = g.prefix + "Value"
		}
		n := name
		for i := 2; taken[n]; i++ {
			n = name + strconv.Itoa(i)
		}
		taken[n] = true
		g.names[t] = n
	}
	return nil
}

// typeExpr is how a value of type t is written in a type: its name when it
// has one, else the type in place.
func (g *general) typeExpr(t *model.Type) tnode {
	return union(g.memberList(t))
}

// memberList is t written as the members of a union: its name, or its
// members in place.
func (g *general) memberList(t *model.Type) []tnode {
	if name, ok := g.names[t]; ok {
		if g.named != nil {
			g.named(name)
		}
		return []tnode{tref(name)}
	}
	return g.members(t)
}

// never stands for the members of a union of none (an enum of no values).
func never(members []tnode) []tnode {
	if len(members) == 0 {
		return []tnode{tname("never")}
	}
	return members
}

// members are the members of the union type that t is written as in
// place: one for all but a nullable, a union, an enum and a literal.
func (g *general) members(t *model.Type) []tnode {
	switch t.Kind {
	case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean:
		if len(t.Literals) == 1 {
			// A const: its one value.
			return []tnode{tname(literalType(t.Literals[0].Value))}
		}
	}
	switch t.Kind {
	case model.KindString:
		return []tnode{tname("string")}
	case model.KindInteger, model.KindNumber:
		return []tnode{tname("number")}
	case model.KindBoolean:
		return []tnode{tname("boolean")}
	case model.KindNull:
		return []tnode{tname("null")}
	case model.KindArray:
		return []tnode{tarray{g.typeExpr(t.Items)}}
	case model.KindMap:
		return []tnode{tmap{g.typeExpr(t.Elem)}}
	case model.KindNullable:
		return append(g.memberList(t.Elem), tname("null"))
	case model.KindEnum:
		out := make([]tnode, len(t.Values))
		for i, v := range t.Values {
			out[i] = tname(str(v))
		}
		return never(out)
	case model.KindLiteral:
		out := make([]tnode, len(t.Literals))
		for i, l := range t.Literals {
			if jsonDepth(l.Value) > maxLiteralDepth {
				// tsc's parser runs out of stack on a tuple type a few
				// hundred levels deep: such a value is any JSON value.
				return []tnode{tref(g.value)}
			}
			out[i] = tname(literalType(l.Value))
		}
		return never(out)
	case model.KindUnion:
		var out []tnode
		for _, m := range t.Members {
			ms := g.memberList(m)
			if key, values := selectNarrowing(t, m); key != "" {
				for i := range ms {
					ms[i] = tnarrow{ms[i], key, values}
				}
			}
			out = append(out, ms...)
		}
		return never(out)
	case model.KindTuple:
		var items ttuple
		for i, it := range t.Tuple {
			item := g.typeExpr(it)
			if i >= t.MinItems {
				item = toptional{item}
			}
			items = append(items, item)
		}
		if t.Rest != nil {
			items = append(items, tspread{tarray{g.typeExpr(t.Rest)}})
		}
		return []tnode{items}
	case model.KindScalarUnion:
		return g.kindMembers(t.Scalars)
	case model.KindRaw:
		switch {
		case t.Kinds != nil:
			return g.kindMembers(t.Kinds)
		case t.RawType == "object":
			return g.kindMembers([]string{"object"})
		}
	}
	return []tnode{tref(g.value)}
}

// kindMembers are the types of JSON values of the given kinds.
func (g *general) kindMembers(kinds []string) []tnode {
	var out []tnode
	for _, k := range kinds {
		switch k {
		case "object":
			out = append(out, tmap{tref(g.value)})
		case "array":
			out = append(out, tarray{tref(g.value)})
		case "integer":
			out = append(out, tname("number"))
		default:
			out = append(out, tname(k))
		}
	}
	return out
}

// literalType is the TypeScript type of exactly one JSON value: a literal
// type, a tuple of them, or an object type of them. A number beyond
// float64 is any number.
func literalType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case string:
		return str(v)
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil || math.IsInf(f, 0) {
			return "number"
		}
		return jsNumber(f)
	case []any:
		items := make([]string, len(v))
		for i, e := range v {
			items[i] = literalType(e)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case *resolve.Object:
		if len(v.Keys) == 0 {
			return "Record<string, never>"
		}
		members := make([]string, len(v.Keys))
		for i, k := range v.Keys {
			members[i] = propertyKey(k) + ": " + literalType(v.Values[k])
		}
		return "{ " + strings.Join(members, "; ") + " }"
	}
	return "unknown"
}

// typesFile renders the JSON value type and every defined type, the root
// first.
func (g *general) typesFile() string {
	var w writer
	w.doc("A JSON value: what JSON.parse returns.")
	w.union("export type "+g.value+" =", []string{"null", "boolean", "number", "string", g.value + "[]", "{ [key: string]: " + g.value + " }"})
	for _, t := range g.s.Types {
		w.line("")
		g.typeDecl(&w, t)
	}
	return file(nil, &w)
}

// rootDoc is the documentation of the root type.
func (g *general) rootDoc() string {
	title := g.s.Title
	if title == "" {
		title = g.root
	}
	text := fmt.Sprintf("A document of the %s schema", title)
	if g.s.ID != "" {
		text += " (" + g.s.ID + ")"
	}
	text += fmt.Sprintf(": parse%s reads one, keeping its key order, so that stringify%s writes it back as JSON.stringify writes the value, in that order (as the Go package's Marshal does); is%s and validate%s check a value.", g.root, g.root, g.root, g.root)
	if g.s.Root.Description != "" {
		text += "\n\n" + g.s.Root.Description
	}
	return text
}

func (g *general) typeDecl(w *writer, t *model.Type) {
	name := g.names[t]
	text := t.Description
	if t == g.s.Root {
		text = g.rootDoc()
	}
	w.doc(text, deprecated(t.Deprecated))
	if t.Kind != model.KindObject {
		w.aliasLine("export type "+name+" =", union(g.members(t)))
		return
	}
	w.open("export interface " + name + " {")
	for _, f := range t.Fields {
		w.doc(f.Description, deprecated(f.Deprecated))
		key := propertyKey(f.Name)
		if !f.Required {
			key += "?"
		}
		w.typeLine(key+": ", g.typeExpr(f.Type), ";")
	}
	if !t.Closed {
		w.doc("The members the schema does not declare.")
		w.typeLine("[key: string]: ", g.indexType(t), ";")
	}
	w.close("}")
}

// indexType is the type of an open object's index signature: unknown when
// the members it does not declare may be any JSON, else their type and
// those of the properties (which the signature covers too), and undefined
// when a property is optional.
func (g *general) indexType(t *model.Type) tnode {
	if t.Additional == nil {
		return tname("unknown")
	}
	var out []tnode
	seen := map[string]bool{}
	add := func(ts []tnode) {
		for _, n := range ts {
			if s := n.flat(); !seen[s] {
				seen[s] = true
				out = append(out, n)
			}
		}
	}
	add(g.memberList(t.Additional))
	optional := false
	for _, f := range t.Fields {
		add(g.memberList(f.Type))
		optional = optional || !f.Required
	}
	if optional {
		// An optional property is T | undefined unless the compiler has
		// exactOptionalPropertyTypes: the signature covers it either way
		// (TS2411 otherwise).
		add([]tnode{tname("undefined")})
	}
	return union(out)
}

// selectNarrowing says how a member m of a union whose members a
// property's value picks (a whole-value select) narrows that property:
// its key ("type", "type?" when it may be absent) and the union of the
// literal types of its values for m, so that a switch on the property
// narrows a value of the union as it narrows a union a person writes with
// a literal tag in each member. "" when nothing narrows it: m is the
// member for any other value, and those are not a fixed set.
func selectNarrowing(u, m *model.Type) (key, values string) {
	sel := u.Select
	if u.By != model.BySelect || sel == nil || sel.Field != nil {
		return "", ""
	}
	var lits, named []string
	for _, c := range sel.Cases {
		named = append(named, c.Value)
		if c.Type == m {
			lits = append(lits, str(c.Value))
		}
	}
	key = propertyKey(sel.By.Name)
	if m == sel.Else {
		f := m.Field(sel.By.Name)
		if f == nil || f.Type == nil || f.Type.Kind != model.KindEnum {
			return "", ""
		}
		for _, v := range f.Type.Values {
			if !slices.Contains(named, v) {
				lits = append(lits, str(v))
			}
		}
		if !sel.By.Required {
			key += "?"
		}
	}
	if len(lits) == 0 {
		return "", ""
	}
	return key, strings.Join(lits, " | ")
}
