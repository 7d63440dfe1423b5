package typescript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/wtf8"
)

// width is the line width the output is laid out for: prettier's default
// printWidth, so that the generated files are prettier-clean as written.
const width = 80

// writer accumulates one file. Everything it writes is laid out the way
// prettier (default options) would print it: two-space indents, double
// quotes, trailing commas, lines broken only when they exceed width.
type writer struct {
	buf    bytes.Buffer
	indent int
}

func (w *writer) pad() string { return strings.Repeat("  ", w.indent) }

// line writes one line at the current indent (an empty s writes an empty line).
func (w *writer) line(s string) {
	if s != "" {
		w.buf.WriteString(w.pad())
		w.buf.WriteString(s)
	}
	w.buf.WriteByte('\n')
}

// gap begins a block: an empty line after what has been written, if any.
func (w *writer) gap() {
	if w.buf.Len() > 0 {
		w.line("")
	}
}

func (w *writer) linef(format string, args ...any) { w.line(fmt.Sprintf(format, args...)) }

// open writes s and indents what follows; close dedents and writes s.
func (w *writer) open(s string)  { w.line(s); w.indent++ }
func (w *writer) close(s string) { w.indent--; w.line(s) }

// fits reports whether s, written at the current indent, stays within width.
func (w *writer) fits(s string) bool { return w.indent*2+textWidth(s) <= width }

// textWidth counts characters (as prettier does, wide characters as two).
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if isWide(r) {
			n++
		}
	}
	return n
}

func isWide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0xa4cf && r != 0x303f) ||
		(r >= 0xac00 && r <= 0xd7a3) ||
		(r >= 0xf900 && r <= 0xfaff) ||
		(r >= 0xfe30 && r <= 0xfe6f) ||
		(r >= 0xff00 && r <= 0xff60) ||
		(r >= 0xffe0 && r <= 0xffe6) ||
		(r >= 0x1f300 && r <= 0x1f64f) ||
		(r >= 0x1f900 && r <= 0x1f9ff) ||
		(r >= 0x20000 && r <= 0x3fffd))
}

// doc writes a JSDoc comment: one line when it fits, else wrapped words.
// Extra paragraphs (tags such as "@deprecated") follow a blank comment line.
func (w *writer) doc(text string, extra ...string) {
	text = strings.TrimSpace(text)
	var paras []string
	if text != "" {
		paras = append(paras, text)
	}
	for _, e := range extra {
		if e != "" {
			paras = append(paras, e)
		}
	}
	if len(paras) == 0 {
		return
	}
	for i, p := range paras {
		paras[i] = strings.ReplaceAll(p, "*/", "*\\/")
	}
	if len(paras) == 1 && !strings.Contains(paras[0], "\n") {
		one := "/** " + paras[0] + " */"
		if w.fits(one) {
			w.line(one)
			return
		}
	}
	w.line("/**")
	avail := width - w.indent*2 - 3
	for i, p := range paras {
		if i > 0 {
			w.line(" *")
		}
		for _, src := range strings.Split(p, "\n") {
			for _, l := range wrap(src, avail) {
				if l == "" {
					w.line(" *")
				} else {
					w.line(" * " + l)
				}
			}
		}
	}
	w.line(" */")
}

// wrap breaks s into lines of at most n characters at spaces (a longer word
// stays whole).
func wrap(s string, n int) []string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	cur := ""
	for _, word := range words {
		switch {
		case cur == "":
			cur = word
		case textWidth(cur)+1+textWidth(word) <= n:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	return append(lines, cur)
}

// str is a TypeScript string literal of s as prettier writes it: double
// quotes unless s holds more double quotes than single ones.
func str(s string) string {
	quote := byte('"')
	if strings.Count(s, `"`) > strings.Count(s, `'`) {
		quote = '\''
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range wtf8.Runes(s) {
		switch {
		case r == rune(quote):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x2028 || r == 0x2029 || r == 0x7f || r >= 0xD800 && r <= 0xDFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == utf8.RuneError:
			b.WriteString(`\ufffd`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// literal is a TypeScript expression for a JSON value (a builder default or
// fixed value): strings as str, numbers normalised as prettier prints
// them, objects (keys in their order) and arrays on one line.
func literal(raw json.RawMessage) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return literalOf(dec)
}

func literalOf(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	switch x := tok.(type) {
	case nil:
		return "null", nil
	case bool:
		if x {
			return "true", nil
		}
		return "false", nil
	case string:
		return str(x), nil
	case json.Number:
		return number(string(x)), nil
	case json.Delim:
		var parts []string
		for dec.More() {
			key := ""
			if x == '{' {
				kt, err := dec.Token()
				if err != nil {
					return "", err
				}
				key = propertyKey(kt.(string)) + ": "
			}
			v, err := literalOf(dec)
			if err != nil {
				return "", err
			}
			parts = append(parts, key+v)
		}
		if _, err := dec.Token(); err != nil {
			return "", err
		}
		if x == '[' {
			return "[" + strings.Join(parts, ", ") + "]", nil
		}
		if len(parts) == 0 {
			return "{}", nil
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return "", fmt.Errorf("unexpected JSON token %v", tok)
}

// number normalises a JSON number the way prettier prints numeric literals:
// lower case, no "+" in the exponent, no trailing zeros in the fraction.
func number(s string) string {
	s = strings.ToLower(s)
	mant, exp, hasExp := strings.Cut(s, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	if !hasExp {
		return mant
	}
	exp = strings.TrimPrefix(exp, "+")
	neg := strings.HasPrefix(exp, "-")
	exp = strings.TrimLeft(strings.TrimPrefix(exp, "-"), "0")
	if exp == "" {
		return mant
	}
	if neg {
		exp = "-" + exp
	}
	return mant + "e" + exp
}

// propertyKey is an object or interface key: bare when it is an identifier
// name, quoted otherwise.
func propertyKey(name string) string {
	if isIdentifierName(name) {
		return name
	}
	return str(name)
}

// access is the expression reading property name of the object expression obj.
func access(obj, name string) string {
	if isIdentifierName(name) {
		return obj + "." + name
	}
	return obj + "[" + str(name) + "]"
}

func isIdentifierName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

// reservedWords cannot name a binding in strict-mode TypeScript.
var reservedWords = map[string]bool{
	"arguments": true, "await": true, "break": true, "case": true, "catch": true, "class": true,
	"const": true, "continue": true, "debugger": true, "default": true, "delete": true, "do": true,
	"else": true, "enum": true, "eval": true, "export": true, "extends": true, "false": true,
	"finally": true, "for": true, "function": true, "if": true, "implements": true, "import": true,
	"in": true, "instanceof": true, "interface": true, "let": true, "new": true, "null": true,
	"package": true, "private": true, "protected": true, "public": true, "return": true,
	"static": true, "super": true, "switch": true, "this": true, "throw": true, "true": true,
	"try": true, "typeof": true, "var": true, "void": true, "while": true, "with": true,
	"yield": true, "undefined": true, "NaN": true, "Infinity": true,
}

// binding is a local variable name for a schema name: the name itself, or
// with a trailing underscore when it is a reserved word.
func binding(name string) string {
	if reservedWords[name] {
		return name + "_"
	}
	return name
}

// call lays out fn(args...) followed by suffix, starting at the writer's
// current indent after prefix: on one line when it fits, otherwise one
// argument per line.
func (w *writer) call(prefix, fn string, args []string, suffix string) {
	w.enclosed(prefix+fn, "(", ")", args, suffix)
}

// enclosed writes head, left, the items, right and suffix, the items
// separated by ", ": on one line when it fits (or there are none), otherwise
// one item per line, each followed by a comma, as prettier lays out calls
// and arrays.
func (w *writer) enclosed(head, left, right string, items []string, suffix string) {
	flat := head + left + strings.Join(items, ", ") + right + suffix
	if w.fits(flat) || len(items) == 0 {
		w.line(flat)
		return
	}
	w.open(head + left)
	for _, item := range items {
		w.line(item + ",")
	}
	w.close(right + suffix)
}

// signature writes "head(params): result {" with prettier's layout: one line
// when it fits, else one parameter per line.
func (w *writer) signature(head string, params []string, result string) {
	flat := head + "(" + strings.Join(params, ", ") + ")" + result + " {"
	if w.fits(flat) || len(params) == 0 {
		w.open(flat)
		return
	}
	w.open(head + "(")
	for _, p := range params {
		w.line(p + ",")
	}
	w.indent--
	w.open(")" + result + " {")
}

// union writes "prefix A | B | C;" or, when too long, one member per line.
func (w *writer) union(prefix string, members []string) {
	flat := prefix + " " + strings.Join(members, " | ") + ";"
	if w.fits(flat) || len(members) == 1 {
		w.line(flat)
		return
	}
	w.line(prefix)
	w.indent++
	for i, m := range members {
		if i == len(members)-1 {
			m += ";"
		}
		w.line("| " + m)
	}
	w.indent--
}

// list writes "prefix[a, b, c]suffix" or, when too long, one element per
// line (prettier hugs a sole array argument).
func (w *writer) list(prefix string, elems []string, suffix string) {
	w.enclosed(prefix, "[", "]", elems, suffix)
}

// assign writes "prefix value;" or, when too long, value on its own
// indented line (for values prettier cannot break, such as regexes).
func (w *writer) assign(prefix, value string) {
	flat := prefix + " " + value + ";"
	if w.fits(flat) {
		w.line(flat)
		return
	}
	w.line(prefix)
	w.indent++
	w.line(value + ";")
	w.indent--
}

// openIf writes "prefix(a && b) {" and indents, breaking the && chain one
// operand per line (as prettier does) when the line is too long.
func (w *writer) openIf(prefix string, conds []string) {
	flat := prefix + "(" + strings.Join(conds, " && ") + ") {"
	if w.fits(flat) || len(conds) == 1 {
		w.open(flat)
		return
	}
	w.open(prefix + "(")
	w.andLines(conds)
	w.indent--
	w.open(") {")
}

// returnAnd writes "return a && b;" or, when too long, the && chain in
// parentheses, one operand per line (as prettier does).
func (w *writer) returnAnd(conds []string) {
	if flat := "return " + strings.Join(conds, " && ") + ";"; w.fits(flat) {
		w.line(flat)
		return
	}
	w.open("return (")
	w.andLines(conds)
	w.close(");")
}

// andLines writes the operands of a broken && chain, one per line, each but
// the last followed by the operator.
func (w *writer) andLines(conds []string) {
	for i, c := range conds {
		if i < len(conds)-1 {
			c += " &&"
		}
		w.line(c)
	}
}
