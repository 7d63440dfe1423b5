package typescript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// An expression tree for the code whose layout prettier decides by nesting:
// calls, array and object literals, negations and || chains. The writer
// prints it on one line when it fits, and otherwise breaks it the way
// prettier (default options) does, outermost group first.
type node interface {
	// flat is the expression on one line.
	flat() string
}

// atom is text that never breaks: a name, a literal, a short expression.
type atom string

// call is fn(args...).
type call struct {
	fn   string
	args []node
}

// array is an array literal.
type array []node

// object is an object literal, its fields in order.
type object []field

type field struct {
	key string
	val node
}

// not is !x.
type not struct{ x node }

// or is a || b || ….
type or []node

// bitOr is a | b | …, of atoms.
type bitOr []node

func (a atom) flat() string  { return string(a) }
func (c call) flat() string  { return c.fn + "(" + joinFlat(c.args) + ")" }
func (a array) flat() string { return "[" + joinFlat(a) + "]" }
func (n not) flat() string   { return "!" + n.x.flat() }
func (o or) flat() string    { return joinNodes(o, " || ") }
func (b bitOr) flat() string { return joinNodes(b, " | ") }

// joinNodes is the nodes flat, separated by sep.
func joinNodes(ns []node, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = n.flat()
	}
	return strings.Join(parts, sep)
}

func (o object) flat() string {
	if len(o) == 0 {
		return "{}"
	}
	parts := make([]string, len(o))
	for i, f := range o {
		parts[i] = f.key + ": " + f.val.flat()
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func joinFlat(ns []node) string { return joinNodes(ns, ", ") }

// mustBreak reports whether n breaks whatever the width: prettier always
// breaks an array of two or more objects (or arrays) that each have more than
// one entry, and every group around a broken one.
func mustBreak(n node) bool {
	switch n := n.(type) {
	case call:
		for _, a := range n.args {
			if mustBreak(a) {
				return true
			}
		}
	case not:
		return mustBreak(n.x)
	case or:
		for _, x := range n {
			if mustBreak(x) {
				return true
			}
		}
	case object:
		for _, f := range n {
			if mustBreak(f.val) {
				return true
			}
		}
	case array:
		if len(n) > 1 {
			all := true
			_, objects := n[0].(object)
			for _, e := range n {
				switch e := e.(type) {
				case object:
					all = all && objects && len(e) > 1
				case array:
					all = all && !objects && len(e) > 1
				default:
					all = false
				}
			}
			if all {
				return true
			}
		}
		for _, e := range n {
			if mustBreak(e) {
				return true
			}
		}
	}
	return false
}

// expr writes prefix, n and suffix: on one line when it fits, else broken.
func (w *writer) expr(prefix string, n node, suffix string) {
	flat := prefix + n.flat() + suffix
	if w.fits(flat) && !mustBreak(n) {
		w.line(flat)
		return
	}
	switch n := n.(type) {
	case not:
		w.expr(prefix+"!", n.x, suffix)
	case call:
		if hugsLast(n.args) {
			// prettier keeps the arguments on the line and breaks only
			// the last one, an array or object literal, when its opening
			// fits there.
			last := n.args[len(n.args)-1]
			head := prefix + n.fn + "(" + joinFlat(n.args[:len(n.args)-1])
			if len(n.args) > 1 {
				head += ", "
			}
			if w.fits(head+"[") && !mustBreak(call{args: n.args[:len(n.args)-1]}) {
				w.broken(head, last, ")"+suffix)
				return
			}
		}
		w.open(prefix + n.fn + "(")
		for _, a := range n.args {
			w.expr("", a, ",")
		}
		w.close(")" + suffix)
	case array, object:
		w.broken(prefix, n, suffix)
	case bitOr:
		// As prettier breaks a binary expression that is an argument: the
		// operators end the lines, the operands after the first indented.
		w.line(prefix + n[0].flat() + " |")
		w.indent++
		for i, x := range n[1:] {
			if i < len(n)-2 {
				w.line(x.flat() + " |")
			} else {
				w.line(x.flat() + suffix)
			}
		}
		w.indent--
	case or:
		// Only as an operand: the statements lay out their own chains.
		w.open(prefix + "(")
		w.chain(n)
		w.close(")" + suffix)
	default:
		w.line(flat)
	}
}

// declare writes "head value;", value an array or object literal, as
// prettier lays out the assignment: the literal after the = when the line
// holds the head and the literal's opening bracket, else on the next line,
// indented (whole when it fits there, else broken).
func (w *writer) declare(head string, value node) {
	if w.fits(head + " {") {
		w.expr(head+" ", value, ";")
		return
	}
	w.line(head)
	w.indent++
	w.expr("", value, ";")
	w.indent--
}

// hugsLast reports whether prettier hugs the last of args: an array or object
// literal after an argument of another kind.
func hugsLast(args []node) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	switch last := last.(type) {
	case array:
		if len(last) == 0 || (len(args) > 1 && concise(last)) {
			return false
		}
	case object:
		if len(last) == 0 {
			return false
		}
	default:
		return false
	}
	if len(args) > 1 {
		switch args[len(args)-2].(type) {
		case array:
			_, isArray := last.(array)
			return !isArray
		case object:
			_, isObject := last.(object)
			return !isObject
		}
	}
	return true
}

// broken writes an array or object literal one entry per line (numbers
// filling the lines, as prettier prints an array of numbers).
func (w *writer) broken(prefix string, n node, suffix string) {
	switch n := n.(type) {
	case array:
		w.open(prefix + "[")
		if concise(n) {
			cur := ""
			for _, e := range n {
				item := e.flat() + ","
				if cur != "" && w.fits(cur+" "+item) {
					cur += " " + item
					continue
				}
				if cur != "" {
					w.line(cur)
				}
				cur = item
			}
			w.line(cur)
		} else {
			for _, e := range n {
				w.expr("", e, ",")
			}
		}
		w.close("]" + suffix)
	case object:
		w.open(prefix + "{")
		for _, f := range n {
			w.expr(f.key+": ", f.val, ",")
		}
		w.close("}" + suffix)
	default:
		w.expr(prefix, n, suffix)
	}
}

// concise reports whether an array holds only numbers, which prettier fills
// lines with rather than writing one per line.
func concise(a array) bool {
	if len(a) == 0 {
		return false
	}
	for _, e := range a {
		s, ok := e.(atom)
		if !ok || !isNumberLiteral(string(s)) {
			return false
		}
	}
	return true
}

func isNumberLiteral(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// chain writes a || chain that the enclosing parentheses put on lines of
// its own: on one line when it fits, else one operand per line.
func (w *writer) chain(o or) {
	if w.fits(o.flat()) && !mustBreak(o) {
		w.line(o.flat())
		return
	}
	for i, x := range o {
		suffix := ""
		if i < len(o)-1 {
			suffix = " ||"
		}
		w.expr("", x, suffix)
	}
}

// ifOpen writes "if (test) {" and indents; a test too long goes on lines of
// its own.
func (w *writer) ifOpen(test node) {
	if flat := "if (" + test.flat() + ") {"; w.fits(flat) && !mustBreak(test) {
		w.open(flat)
		return
	}
	w.open("if (")
	if o, ok := test.(or); ok {
		w.chain(o)
	} else {
		w.expr("", test, "")
	}
	w.indent--
	w.open(") {")
}

// returns writes "return x;".
func (w *writer) returns(x node) {
	if flat := "return " + x.flat() + ";"; w.fits(flat) && !mustBreak(x) {
		w.line(flat)
		return
	}
	if o, ok := x.(or); ok {
		w.open("return (")
		w.chain(o)
		w.close(");")
		return
	}
	w.expr("return ", x, ";")
}

// jsonNode is the expression of a JSON value (as resolve.Decode makes it): strings
// as str writes them, numbers as JavaScript reads them, objects with their
// keys in order. A key "__proto__" is written computed, which makes an own
// property of it rather than the object's prototype.
func jsonNode(v any) node {
	switch v := v.(type) {
	case nil:
		return atom("null")
	case bool:
		if v {
			return atom("true")
		}
		return atom("false")
	case string:
		return atom(str(v))
	case json.Number:
		// A number beyond float64 reads as Infinity, in Go as in JavaScript.
		f, _ := strconv.ParseFloat(string(v), 64)
		return atom(jsNumber(f))
	case []any:
		out := make(array, len(v))
		for i, e := range v {
			out[i] = jsonNode(e)
		}
		return out
	case *resolve.Object:
		out := make(object, len(v.Keys))
		for i, k := range v.Keys {
			key := propertyKey(k)
			if k == "__proto__" {
				key = "[" + str(k) + "]"
			}
			out[i] = field{key: key, val: jsonNode(v.Values[k])}
		}
		return out
	}
	return atom("undefined")
}
