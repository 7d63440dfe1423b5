package typescript

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
)

// validateFile renders the runtime check of the root type: parse<Root>,
// is<Root>, validate<Root> and <Root>Error, with one check function per
// type reachable from the root. It accepts exactly what the schema accepts
// and reports the problem at the JSON pointer the schema validator uses:
// a missing property at that property, an unknown property at itself, a
// missing or unknown union tag at the tag, anything else at the value; the
// deepest problem wins, the first found on a tie.
func (e *emitter) validateFile() (string, error) {
	if e.s.Root == nil {
		return "", nil
	}
	e.used = map[string]bool{}
	defer func() { e.used = nil }()
	v := &validator{e: e, fn: map[*model.Type]string{}, taken: map[string]bool{}, need: map[string]bool{"scanText": true, "quickScan": true, "keyCount": true, "notJSON": true},
		cyclic: cyclicTypes(e.s)}
	for _, n := range privateNames {
		v.taken[n] = true
	}
	for n := range e.exports {
		v.taken[n] = true
	}
	root := v.fnOf(e.s.Root)
	var body writer
	for len(v.queue) > 0 {
		t := v.queue[0]
		v.queue = v.queue[1:]
		body.line("")
		if err := v.check(&body, t); err != nil {
			return "", err
		}
	}
	v.need["keepKeyOrder"] = true

	rootName := e.name(e.s.Root)
	errName := rootName + "Error"
	var w writer
	errorClass(&w, rootName)
	w.line("")
	w.doc("Parses one JSON text (one JSONL line) and checks it against the schema, and against what the Go package generated from the same schema rejects beyond it (see scanText): arrays and objects nested more than MAX_DEPTH levels, a key given twice, a number JavaScript reads as Infinity, an integer JavaScript would write back as another number. Throws a " + errName + " naming the JSON pointer of the problem; for a text that is not JSON, the message and byte offset of the Go package (see notJSON). The value it returns keeps the text's key order, so that JSON.stringify writes the line back as it came whenever it was written as JSON.stringify writes, whatever its key order (see keepKeyOrder); the builders make their objects in the schema's order.")
	w.signature("export function parse"+rootName, []string{"line: string"}, ": "+rootName)
	w.line("let value: unknown;")
	w.open("try {")
	w.line("value = JSON.parse(line);")
	w.indent--
	w.open("} catch (err) {")
	w.line("const reason = err instanceof Error ? err.message : String(err);")
	w.call("throw new ", errName, []string{`""`, `notJSON(line) ?? "not valid JSON: " + reason`}, ";")
	w.close("}")
	w.line("const c = new Checker();")
	w.line("const members = quickScan(line);")
	w.open("if (members < 0 || members !== keyCount(value)) {")
	w.line("scanText(c, line);")
	w.close("}")
	w.open("if (c.failure === undefined) {")
	w.line(root + `(c, value, "");`)
	w.close("}")
	w.line("const f = c.failure;")
	w.open("if (f !== undefined) {")
	w.line("throw new " + errName + "(f.pointer, f.detail, f.keyword);")
	w.close("}")
	w.line("return keepKeyOrder(value, c) as " + rootName + ";")
	w.close("}")
	w.line("")
	w.doc("Reports whether value is " + article(rootName) + ": exactly what the schema accepts.")
	w.signature("export function is"+rootName, []string{"value: unknown"}, ": value is "+rootName)
	w.line("return validate" + rootName + "(value) === undefined;")
	w.close("}")
	w.line("")
	w.doc("Checks value against the schema: undefined when it is " + article(rootName) + ", else the problem (the deepest one when there are several).")
	w.signature("export function validate"+rootName, []string{"value: unknown"}, ": "+errName+" | undefined")
	w.line("const c = new Checker();")
	w.line(root + `(c, value, "");`)
	w.line("const f = c.failure;")
	w.open("if (f === undefined) {")
	w.line("return undefined;")
	w.close("}")
	w.line("return new " + errName + "(f.pointer, f.detail, f.keyword);")
	w.close("}")
	w.buf.Write(body.buf.Bytes())
	w.line("")
	w.buf.WriteString(runtimeCore)
	for changed := true; changed; {
		changed = false
		for _, h := range runtimeHelpers() {
			if !v.need[h.name] {
				continue
			}
			for _, d := range h.deps {
				if !v.need[d] {
					v.need[d] = true
					changed = true
				}
			}
		}
	}
	for _, h := range runtimeHelpers() {
		if v.need[h.name] {
			w.line("")
			w.buf.WriteString(h.code)
		}
	}
	used := e.used
	return file(func(h *writer) { imports(h, true, "./types.js", used) }, &w), nil
}

// errorClass writes the class <root>Error of a check's problem: its JSON
// pointer, the schema keyword it breaks, and what is wrong.
func errorClass(w *writer, root string) {
	name := root + "Error"
	w.doc("A value that is not " + article("valid "+root) + ": pointer says where (an RFC 6901 JSON pointer, \"\" for the whole value), keyword which keyword of the schema it breaks, and detail what.")
	w.open("export class " + name + " extends Error {")
	w.doc("Where the problem is: the JSON pointer of the offending value, of a missing property, or of an unknown one.")
	w.line("readonly pointer: string;")
	w.doc("The schema keyword the value breaks (\"minimum\"); \"\" for a text that is not JSON, or a rule of JavaScript's (a key given twice).")
	w.line("readonly keyword: string;")
	w.doc("What the problem is.")
	w.line("readonly detail: string;")
	w.line("")
	w.open(`constructor(pointer: string, detail: string, keyword = "") {`)
	w.line(`super((pointer === "" ? "/" : pointer) + ": " + detail);`)
	w.line("this.name = " + str(name) + ";")
	w.line("this.pointer = pointer;")
	w.line("this.keyword = keyword;")
	w.line("this.detail = detail;")
	w.close("}")
	w.close("}")
}

type validator struct {
	e *emitter
	// fn names the check function of each type that has one.
	fn    map[*model.Type]string
	queue []*model.Type
	taken map[string]bool
	// need lists the runtime helpers used.
	need map[string]bool
	// cyclic holds the types that can contain themselves: their checks
	// stop at MAX_DEPTH.
	cyclic map[*model.Type]bool
}

// cyclicTypes returns the types of s that can contain a value of their own
// type.
func cyclicTypes(s *model.Schema) map[*model.Type]bool {
	children := func(t *model.Type) []*model.Type {
		switch t.Kind {
		case model.KindObject:
			var out []*model.Type
			for _, f := range t.Fields {
				out = append(out, f.Type)
			}
			if t.Select != nil {
				for _, c := range t.Select.Cases {
					out = append(out, c.Type)
				}
			}
			return out
		case model.KindUnion:
			return t.Members
		case model.KindArray:
			return []*model.Type{t.Items}
		}
		return nil
	}
	cyclic := map[*model.Type]bool{}
	for _, t := range s.Types {
		seen := map[*model.Type]bool{}
		// A copy: the walk pops and pushes, and must not write into the
		// model's own slices.
		next := append([]*model.Type(nil), children(t)...)
		for len(next) > 0 {
			u := next[len(next)-1]
			next = next[:len(next)-1]
			if u == t {
				cyclic[t] = true
				break
			}
			if !seen[u] {
				seen[u] = true
				next = append(next, children(u)...)
			}
		}
	}
	return cyclic
}

// unique returns base, or base followed by a number, not yet taken.
func (v *validator) unique(base string) string {
	name := base
	for i := 2; v.taken[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	v.taken[name] = true
	return name
}

// fnOf is the function checking a value of t: a shared runtime helper for
// a plain anonymous scalar, else a generated function (queued).
func (v *validator) fnOf(t *model.Type) string {
	if name, ok := v.fn[t]; ok {
		return name
	}
	if t.Name == "" && plain(t) {
		var name string
		switch t.Kind {
		case model.KindString:
			name = "checkString"
		case model.KindInteger:
			name = "checkInteger"
		case model.KindNumber:
			name = "checkNumber"
		case model.KindBoolean:
			name = "checkBoolean"
		case model.KindRaw:
			name = "checkJSON"
			if t.RawType == "object" {
				name = "checkObject"
			}
		}
		v.need[name] = true
		return name
	}
	base := "check" + v.e.names[t]
	if t.Name == "" {
		base = "checkValue"
	}
	name := v.unique(base)
	v.fn[t] = name
	v.queue = append(v.queue, t)
	return name
}

// fnOfField is fnOf for a field's type, naming an anonymous type's function
// after the field.
func (v *validator) fnOfField(holder string, f *model.Field) string {
	t := f.Type
	if _, ok := v.fn[t]; !ok && t.Name == "" && !plain(t) {
		name := v.unique("check" + holder + model.Pascal(f.Name))
		v.fn[t] = name
		v.queue = append(v.queue, t)
	}
	return v.fnOf(t)
}

// plain reports whether t has no constraint beyond its JSON type.
func plain(t *model.Type) bool {
	switch t.Kind {
	case model.KindString:
		c := t.Constraints
		return c.Pattern == "" && c.MinLength == nil && c.MaxLength == nil
	case model.KindInteger, model.KindNumber:
		c := t.Constraints
		return c.Minimum == nil && c.Maximum == nil && c.ExclusiveMinimum == nil && c.ExclusiveMaximum == nil
	case model.KindBoolean, model.KindRaw:
		return true
	}
	return false
}

// constName is a module-level constant named after the check function.
func (v *validator) constName(fn, suffix string) string {
	return v.unique(lowerFirst(strings.TrimPrefix(fn, "check")) + suffix)
}

func (v *validator) fail(w *writer, ptr, keyword, msg string) {
	w.call("", "c.fail", []string{ptr, str(keyword), msg}, ";")
}

// check writes the check function of t.
func (v *validator) check(w *writer, t *model.Type) error {
	fn := v.fn[t]
	head := func() {
		w.signature("function "+fn, []string{"c: Checker", "v: unknown", "p: string"}, ": void")
		if v.cyclic[t] {
			v.need["tooDeep"] = true
			w.open("if (tooDeep(c, p)) {")
			w.line("return;")
			w.close("}")
		}
	}
	switch t.Kind {
	case model.KindObject:
		return v.object(w, fn, head, t)
	case model.KindUnion:
		return v.union(w, fn, head, t)
	case model.KindEnum:
		vals := v.constName(fn, "Values")
		elems := make([]string, len(t.Values))
		for i, s := range t.Values {
			elems[i] = str(s)
		}
		w.list("const "+vals+": readonly string[] = ", elems, ";")
		w.line("")
		head()
		v.need["oneOf"] = true
		w.line("oneOf(c, v, p, " + vals + ");")
		w.close("}")
	case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean:
		var pattern string
		if t.Kind == model.KindString && t.Constraints.Pattern != "" {
			pattern = v.constName(fn, "Pattern")
			w.assign("const "+pattern+" =", "/"+regexBody(t.Constraints.Pattern)+"/"+patternFlags(t.Constraints.Pattern))
			w.line("")
		}
		head()
		v.scalar(w, t.Kind, t.Constraints, pattern)
		w.close("}")
	case model.KindArray:
		head()
		w.open("if (!Array.isArray(v)) {")
		v.need["typeName"] = true
		v.fail(w, "p", "type", `"must be array, got " + typeName(v)`)
		w.line("return;")
		w.close("}")
		c := t.Constraints
		if c.MinItems != nil {
			w.open(fmt.Sprintf("if (v.length < %d) {", *c.MinItems))
			v.fail(w, "p", "minItems", str("must have at least "+gen.Counted(*c.MinItems, "item", "items")+", got ")+" + v.length")
			w.close("}")
		}
		if c.MaxItems != nil {
			w.open(fmt.Sprintf("if (v.length > %d) {", *c.MaxItems))
			v.fail(w, "p", "maxItems", str("must have at most "+gen.Counted(*c.MaxItems, "item", "items")+", got ")+" + v.length")
			w.close("}")
		}
		if _, ok := v.fn[t.Items]; !ok && t.Items.Name == "" && !plain(t.Items) {
			v.fn[t.Items] = v.unique(fn + "Item")
			v.queue = append(v.queue, t.Items)
		}
		item := v.fnOf(t.Items)
		w.open("for (let i = 0; i < v.length; i++) {")
		w.call("", item, []string{"c", "v[i]", `p + "/" + i`}, ";")
		w.close("}")
		w.close("}")
	case model.KindScalarUnion:
		kinds := make([]string, len(t.Scalars))
		for i, s := range t.Scalars {
			kinds[i] = str(s)
		}
		head()
		v.need["checkScalar"] = true
		w.call("", "checkScalar", []string{"c", "v", "p", "[" + strings.Join(kinds, ", ") + "]"}, ";")
		w.close("}")
	case model.KindRaw:
		head()
		name := "checkJSON"
		if t.RawType == "object" {
			name = "checkObject"
		}
		v.need[name] = true
		w.line(name + "(c, v, p);")
		w.close("}")
	default:
		return errorf(t.Pointer, "no runtime check for a %s", t.Kind)
	}
	return nil
}

// scalar writes the checks of a string, number or boolean value.
func (v *validator) scalar(w *writer, kind model.Kind, c model.Constraints, pattern string) {
	is, what := "", ""
	switch kind {
	case model.KindString:
		is, what = `typeof v !== "string"`, "string"
	case model.KindInteger:
		v.need["isInteger"] = true
		is, what = "!isInteger(v)", "integer"
	case model.KindNumber:
		v.need["isNumber"] = true
		is, what = "!isNumber(v)", "number"
	case model.KindBoolean:
		is, what = `typeof v !== "boolean"`, "boolean"
	}
	v.need["typeName"] = true
	w.open("if (" + is + ") {")
	v.fail(w, "p", "type", `"must be `+what+`, got " + typeName(v)`)
	w.line("return;")
	w.close("}")
	if kind == model.KindInteger {
		v.need["inexactInteger"] = true
		w.line("const inexact = inexactInteger(c, v, p);")
		w.open("if (inexact !== undefined) {")
		w.line("failInexact(c, p, inexact);")
		w.line("return;")
		w.close("}")
	}
	if kind == model.KindString {
		if pattern != "" {
			v.need["show"] = true
			w.open("if (!" + pattern + ".test(v)) {")
			msg := `show(v) + " does not match the pattern " + ` + pattern + ".source"
			if !w.fits("  " + msg + ",") {
				// Named, so that the call's argument fits on its line
				// as prettier writes it.
				w.line("const source = " + pattern + ".source;")
				msg = `show(v) + " does not match the pattern " + source`
			}
			v.fail(w, "p", "pattern", msg)
			w.close("}")
		}
		if c.MinLength != nil || c.MaxLength != nil {
			v.need["codePoints"] = true
			w.line("const n = codePoints(v);")
		}
		if c.MinLength != nil {
			w.open(fmt.Sprintf("if (n < %d) {", *c.MinLength))
			v.fail(w, "p", "minLength", str("must be at least "+gen.Counted(*c.MinLength, "character", "characters")+" long, got ")+" + n")
			w.close("}")
		}
		if c.MaxLength != nil {
			w.open(fmt.Sprintf("if (n > %d) {", *c.MaxLength))
			v.fail(w, "p", "maxLength", str("must be at most "+gen.Counted(*c.MaxLength, "character", "characters")+" long, got ")+" + n")
			w.close("}")
		}
		return
	}
	bounds := []struct {
		n       *string
		op      string
		keyword string
		what    string
	}{
		{numPtr(c.Minimum), "<", "minimum", "at least"},
		{numPtr(c.ExclusiveMinimum), "<=", "exclusiveMinimum", "greater than"},
		{numPtr(c.Maximum), ">", "maximum", "at most"},
		{numPtr(c.ExclusiveMaximum), ">=", "exclusiveMaximum", "less than"},
	}
	for _, b := range bounds {
		if b.n == nil {
			continue
		}
		n := number(*b.n)
		w.open("if (v " + b.op + " " + n + ") {")
		v.fail(w, "p", b.keyword, `"must be `+b.what+" "+n+`, got " + v`)
		w.close("}")
	}
}

func numPtr[T ~string](n *T) *string {
	if n == nil {
		return nil
	}
	s := string(*n)
	return &s
}

// regexBody escapes a JSON Schema pattern for a regular expression literal.
func regexBody(p string) string {
	if p == "" {
		// "//" would start a comment: the empty pattern as JavaScript
		// writes it (new RegExp("").source).
		return "(?:)"
	}
	var b strings.Builder
	escaped := false
	for _, r := range p {
		switch {
		case escaped:
			escaped = false
			b.WriteRune(r)
		case r == '\\':
			escaped = true
			b.WriteRune(r)
		case r == '/':
			b.WriteString(`\/`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == 0x2028:
			b.WriteString(`\u2028`)
		case r == 0x2029:
			b.WriteString(`\u2029`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (v *validator) notObject(w *writer) {
	v.need["typeName"] = true
	w.open("if (!isObject(v)) {")
	v.fail(w, "p", "type", `"must be object, got " + typeName(v)`)
	w.line("return;")
	w.close("}")
}

func (v *validator) object(w *writer, fn string, head func(), t *model.Type) error {
	holder := v.e.names[t]
	if holder == "" {
		holder = strings.TrimPrefix(fn, "check")
	}
	var props, required string
	if t.Closed {
		props = v.constName(fn, "Properties")
		elems := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			elems[i] = str(f.Name)
		}
		w.list("const "+props+": ReadonlySet<string> = new Set(", elems, ");")
	}
	var req []string
	for _, f := range t.Fields {
		if f.Required {
			req = append(req, str(f.Name))
		}
	}
	if len(req) > 0 {
		required = v.constName(fn, "Required")
		w.list("const "+required+": readonly string[] = ", req, ";")
	}
	if props != "" || required != "" {
		w.line("")
	}
	// Resolve the field checkers before writing, so that the queue order
	// follows the fields.
	checkers := map[*model.Field]string{}
	for _, f := range t.Fields {
		switch {
		case f.Const != nil:
			v.need["constant"] = true
		case t.Select != nil && f == t.Select.Field:
			checkers[f] = "checkRecord"
			v.need["checkRecord"] = true
		default:
			checkers[f] = v.fnOfField(holder, f)
		}
	}
	var cases []string
	if t.Select != nil {
		for _, c := range t.Select.Cases {
			cases = append(cases, v.fnOf(c.Type))
		}
	}
	// The order of the checks decides between problems at the same depth,
	// as the schema validator does: missing properties, then the values,
	// then unknown properties, then the payload a kind selects.
	head()
	v.notObject(w)
	if required != "" {
		v.need["required"] = true
		w.line("required(c, v, p, " + required + ");")
	}
	v.need["has"] = true
	// By name, as the Go decoder orders the problems of one object (the
	// first found is reported on a tie of depth).
	fields := slices.Clone(t.Fields)
	slices.SortStableFunc(fields, func(a, b *model.Field) int { return strings.Compare(a.Name, b.Name) })
	for _, f := range fields {
		val := access("v", f.Name)
		ptr := "p + " + str("/"+jsonptr.Escape(f.Name))
		w.open("if (has(v, " + str(f.Name) + ")) {")
		switch {
		case f.Const != nil:
			w.call("", "constant", []string{"c", val, ptr, str(*f.Const)}, ";")
		case f.Nullable && nullableKind(f.Type) != "":
			// The type error names null too, as the Go decoder's does.
			kind := nullableKind(f.Type)
			v.need["typeName"] = true
			w.open("if (" + val + " !== null) {")
			w.open("if (typeof " + val + " !== " + str(jsType(kind)) + ") {")
			v.fail(w, ptr, "type", `"must be `+withNull(kind)+`, got " + typeName(`+val+")")
			w.close("} else {")
			w.indent++
			w.call("", checkers[f], []string{"c", val, ptr}, ";")
			w.close("}")
			w.close("}")
		case f.Nullable:
			w.open("if (" + val + " !== null) {")
			w.call("", checkers[f], []string{"c", val, ptr}, ";")
			w.close("}")
		default:
			w.call("", checkers[f], []string{"c", val, ptr}, ";")
		}
		w.close("}")
	}
	if t.Closed {
		v.need["closed"] = true
		w.line("closed(c, v, p, " + props + ");")
	}
	if s := t.Select; s != nil {
		val := access("v", s.Field.Name)
		ptr := "p + " + str("/"+jsonptr.Escape(s.Field.Name))
		w.open("if (isObject(" + val + ")) {")
		w.open("switch (" + access("v", s.By.Name) + ") {")
		for i, c := range s.Cases {
			w.line("case " + str(c.Value) + ":")
			w.indent++
			w.call("", cases[i], []string{"c", val, ptr}, ";")
			w.line("break;")
			w.indent--
		}
		w.close("}")
		w.close("}")
	}
	w.close("}")
	return nil
}

func (v *validator) union(w *writer, fn string, head func(), t *model.Type) error {
	tag := tagProperty(t)
	if tag == "" {
		// A oneOf whose members are not told apart by a tag: exactly one
		// member must match.
		var fns []string
		for _, m := range t.Members {
			fns = append(fns, v.fnOf(m))
		}
		v.need["oneOfTypes"] = true
		head()
		w.list("oneOfTypes(c, v, p, ", fns, ");")
		w.close("}")
		return nil
	}
	tags := v.constName(fn, "Tags")
	leaves := t.Leaves()
	elems := make([]string, len(leaves))
	fns := make([]string, len(leaves))
	for i, l := range leaves {
		elems[i] = str(l.TagValue())
		fns[i] = v.fnOf(l)
	}
	// The message lists the tags in order, as the Go decoder's does.
	sorted := slices.Clone(elems)
	sort.Strings(sorted)
	w.list("const "+tags+": readonly string[] = ", sorted, ";")
	w.line("")
	head()
	v.notObject(w)
	v.need["has"] = true
	v.need["missing"] = true
	v.need["unknownTag"] = true
	w.open("if (!has(v, " + str(tag) + ")) {")
	w.line("missing(c, p, " + str(tag) + ");")
	w.line("return;")
	w.close("}")
	val := access("v", tag)
	w.open("switch (" + val + ") {")
	for i, l := range leaves {
		w.line("case " + str(l.TagValue()) + ":")
		w.indent++
		w.line(fns[i] + "(c, v, p);")
		w.line("return;")
		w.indent--
	}
	w.close("}")
	w.call("", "unknownTag", []string{"c", val, "p + " + str("/"+jsonptr.Escape(tag)), str(tag), tags}, ";")
	w.close("}")
	return nil
}

// patternFlags is the flag a pattern's RegExp takes: "u", unless the
// pattern is only valid without it (Annex B syntax such as \-), as
// ECMA-262 reads it then.
func patternFlags(pattern string) string {
	if a, err := regexrt.Analyze(pattern); err == nil && !a.Unicode() {
		return ""
	}
	return "u"
}

// nullableKind is the JSON type a nullable property holds when it is not
// null, for the message of a value of another type; "" when that type is
// not one kind.
func nullableKind(t *model.Type) string {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return "string"
	case model.KindInteger:
		return "integer"
	case model.KindNumber:
		return "number"
	case model.KindBoolean:
		return "boolean"
	}
	return ""
}

// jsType is what typeof says of a value of the JSON type kind.
func jsType(kind string) string {
	if kind == "integer" {
		return "number"
	}
	return kind
}

// withNull lists kind and null in the order the schema engine and the Go
// decoder list types: alphabetical.
func withNull(kind string) string {
	if kind < "null" {
		return kind + " or null"
	}
	return "null or " + kind
}
