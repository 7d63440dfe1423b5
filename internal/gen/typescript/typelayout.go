package typescript

import "strings"

// A type expression tree for the types of a schema outside the dialect,
// which the writer prints on one line when it fits, and otherwise breaks as
// prettier (default options) breaks types: a union one member a line after a
// leading "|", an object type or a tuple one member a line.
type tnode interface {
	// flat is the type on one line.
	flat() string
}

// tname is a type that never breaks: a keyword or a literal type; tref is
// a named type (prettier keeps a named type or an object type beside null
// on one line).
type (
	tname string
	tref  string
)

// tunion is A | B | C.
type tunion []tnode

// tarray is T[].
type tarray struct{ elem tnode }

// tmap is { [key: string]: T }.
type tmap struct{ val tnode }

// ttuple is [A, B?, ...C[]]: items are the types in place (toptional for the
// optional ones, tspread for the rest).
type ttuple []tnode

// toptional is an optional tuple item, T?.
type toptional struct{ x tnode }

// tspread is the rest of a tuple, ...T.
type tspread struct{ x tnode }

// tnarrow is T narrowed to values whose property key has one of the
// literal types values, (T & { key: values }), as prettier writes it in
// a union.
type tnarrow struct {
	x           tnode
	key, values string
}

func (n tname) flat() string  { return string(n) }
func (n tref) flat() string   { return string(n) }
func (u tunion) flat() string { return joinTypes(u, " | ") }
func (a tarray) flat() string { return grouped(a.elem) + "[]" }
func (m tmap) flat() string   { return "{ [key: string]: " + m.val.flat() + " }" }
func (t ttuple) flat() string { return "[" + joinTypes(t, ", ") + "]" }
func (o toptional) flat() string {
	return grouped(o.x) + "?"
}
func (s tspread) flat() string { return "..." + s.x.flat() }
func (n tnarrow) flat() string {
	return "(" + grouped(n.x) + " & { " + n.key + ": " + n.values + " })"
}

func joinTypes(ns []tnode, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = n.flat()
	}
	return strings.Join(parts, sep)
}

// grouped is n flat, in parentheses when it is a union.
func grouped(n tnode) string {
	if _, ok := n.(tunion); ok {
		return "(" + n.flat() + ")"
	}
	return n.flat()
}

// union is the union of members, unions among them flattened; one member
// is itself.
func union(members []tnode) tnode {
	var out tunion
	for _, m := range members {
		if u, ok := m.(tunion); ok {
			out = append(out, u...)
		} else {
			out = append(out, m)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return out
}

// aliasLine writes "export type X = n;", laid out as prettier lays out a
// type alias: head is "export type X =".
func (w *writer) aliasLine(head string, n tnode) {
	flat := n.flat() + ";"
	if w.fits(head + " " + flat) {
		w.line(head + " " + flat)
		return
	}
	if !w.fits(head) {
		// The type goes on the next line, flat if it fits there.
		w.line(head)
		w.indent++
		defer func() { w.indent-- }()
		if u, ok := n.(tunion); ok && !w.fits(flat) && hug(u) == nil {
			w.line("")
			w.indent++
			defer func() { w.indent-- }()
			w.pipes(u, ";")
			return
		}
		w.typeLine("", n, ";")
		return
	}
	switch x := n.(type) {
	case tunion:
		if obj := hug(x); obj == nil {
			w.line(head)
			w.indent++
			w.pipes(x, ";")
			w.indent--
			return
		} else if _, ok := obj.(tmap); ok {
			w.typeLine(head+" ", n, ";")
			return
		}
	case tmap, ttuple:
		w.typeLine(head+" ", n, ";")
		return
	case tarray:
		if breaksInside(x.elem) {
			w.typeLine(head+" ", n, ";")
			return
		}
	}
	// A type that does not break: on the next line.
	w.line(head)
	w.indent++
	w.line(flat)
	w.indent--
}

// breaksInside reports whether prettier breaks n inside rather than moving
// it to a line of its own: a union that does not keep one type beside null,
// an object type, a tuple.
func breaksInside(n tnode) bool {
	switch x := n.(type) {
	case tunion:
		_, ok := hug(x).(tmap)
		return ok || hug(x) == nil
	case tmap, ttuple:
		return true
	}
	return false
}

// hug returns the one type of a union of a named type or an object type
// with null, which prettier keeps beside "| null"; nil for another union.
func hug(u tunion) tnode {
	var one tnode
	for _, m := range u {
		switch m.(type) {
		case tref, tmap:
			if one != nil {
				return nil
			}
			one = m
		default:
			if m != tname("null") {
				return nil
			}
		}
	}
	return one
}

// pipes writes a broken union, a member a line after "| ", suffix after the
// last.
func (w *writer) pipes(u tunion, suffix string) {
	for i, m := range u {
		s := ""
		if i == len(u)-1 {
			s = suffix
		}
		w.typeLine("| ", m, s)
	}
}

// typeLine writes prefix, n and suffix: on one line when it fits, else
// broken as prettier breaks n where it annotates a property ("key: ",
// whose union goes one member a line below it) or is a member of a union or
// tuple (""); a type that cannot break stays on the line, however long.
func (w *writer) typeLine(prefix string, n tnode, suffix string) {
	flat := prefix + n.flat() + suffix
	if w.fits(flat) {
		w.line(flat)
		return
	}
	switch x := n.(type) {
	case tunion:
		obj := hug(x)
		switch obj.(type) {
		case tmap:
			w.typeLine(prefix, obj, strings.TrimPrefix(x.flat(), obj.flat())+suffix)
			return
		case nil:
			if prefix == "" {
				w.pipes(x, suffix)
				return
			}
			w.line(strings.TrimRight(prefix, " "))
			w.indent++
			w.pipes(x, suffix)
			w.indent--
			return
		}
	case tmap:
		w.open(prefix + "{")
		if line := "[key: string]: " + x.val.flat() + ";"; w.fits(line) || breaksInside(x.val) {
			w.typeLine("[key: string]: ", x.val, ";")
		} else {
			w.open("[")
			w.line("key: string")
			w.close("]: " + x.val.flat() + ";")
		}
		w.close("}" + suffix)
		return
	case ttuple:
		w.open(prefix + "[")
		for _, it := range x {
			w.typeLine("", it, ",")
		}
		w.close("]" + suffix)
		return
	case tarray:
		if u, ok := x.elem.(tunion); ok && hug(u) == nil {
			w.open(prefix + "(")
			w.pipes(u, "")
			w.close(")[]" + suffix)
			return
		}
		if _, ok := x.elem.(tmap); ok {
			w.typeLine(prefix, x.elem, "[]"+suffix)
			return
		}
	}
	w.line(flat)
}
