package typescript

import (
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

const (
	aggregatorClass  = "PartialAggregator"
	aggregateAllName = "aggregateAll"
)

// aggregateFile renders PartialAggregator and aggregateAll from the
// partial types' x-omnigen "aggregate" rules.
func (e *emitter) aggregateFile() (string, error) {
	aggs := e.s.Aggregates
	if len(aggs) == 0 {
		return "", nil
	}
	env := e.envelope
	if env == nil {
		return "", errorf(aggs[0].Partial.Pointer+"/x-omnigen/aggregate", "aggregation needs an envelope: it folds messages")
	}
	tag := aggs[0].Partial.Tag.Name
	for _, a := range aggs {
		if a.Partial.Tag.Name != tag {
			return "", errorf(a.Partial.Pointer+"/x-omnigen/aggregate", "every partial type must be tagged by the same property (%q, not %q)", tag, a.Partial.Tag.Name)
		}
		if !a.Partial.IsMemberOf(env.Payload.Type) {
			return "", errorf(a.Partial.Pointer+"/x-omnigen/aggregate", "a partial type must be a payload of the envelope")
		}
	}
	e.used = map[string]bool{}
	defer func() { e.used = nil }()
	builders := map[string]bool{}
	root := e.name(env.Type)
	var w writer

	members := make([]string, len(aggs))
	for i, a := range aggs {
		members[i] = e.name(a.Partial)
	}
	w.doc("A fragment being folded: a copy of its first partial payload, with the later ones folded in.")
	w.union("type Fragment =", members)
	w.line("")

	w.doc("Folds streamed partial payloads into the complete messages they stand for. " +
		"push takes the messages of a stream in order and returns the messages to show in their place; " +
		"flush completes the fragments still open.")
	w.open("export class " + aggregatorClass + " {")
	w.line("readonly #open = new Map<string, Fragment>();")
	w.line("")
	w.doc("Takes the next message. A message that is not a partial comes back unchanged; " +
		"a start, delta or stop is folded into its open fragment (a start first completes an open fragment of the same key), " +
		"and the complete message comes back when the fragment stops.")
	w.open("push(msg: " + root + "): " + root + "[] {")
	w.line("const fragment = fragmentOf(" + access("msg", env.Payload.Name) + ");")
	w.open("if (fragment === undefined) {")
	w.line("return [msg];")
	w.close("}")
	w.line("const key = fragmentKey(fragment);")
	w.line("const phase = phaseOf(fragment);")
	w.line("const out: " + root + "[] = [];")
	w.line("let open = this.#open.get(key);")
	w.open(`if (open !== undefined && phase === "start") {`)
	w.line("out.push(complete(open));")
	w.line("// Set again below: a Map keeps the key in its place.")
	w.line("open = undefined;")
	w.close("}")
	w.open("if (open === undefined) {")
	w.line("open = { ...fragment };")
	w.line("this.#open.set(key, open);")
	w.indent--
	w.open("} else {")
	w.line("merge(open, fragment);")
	w.close("}")
	w.open(`if (phase === "stop") {`)
	w.line("out.push(complete(open));")
	w.line("this.#open.delete(key);")
	w.close("}")
	w.line("return out;")
	w.close("}")
	w.line("")
	w.doc("Completes every fragment still open, in the order their keys were first opened, and forgets them.")
	w.open("flush(): " + root + "[] {")
	w.line("const out = [...this.#open.values()].map(complete);")
	w.line("this.#open.clear();")
	w.line("return out;")
	w.close("}")
	w.close("}")
	w.line("")

	w.doc("Folds msgs with a new " + aggregatorClass + ": pushes each message, then flushes.")
	w.signature("export function "+aggregateAllName, []string{"msgs: Iterable<" + root + ">"}, ": "+root+"[]")
	w.line("const aggregator = new " + aggregatorClass + "();")
	w.line("const out: " + root + "[] = [];")
	w.open("for (const msg of msgs) {")
	w.line("out.push(...aggregator.push(msg));")
	w.close("}")
	w.line("out.push(...aggregator.flush());")
	w.line("return out;")
	w.close("}")
	w.line("")

	// fragmentOf
	payloadUnion := e.name(env.Payload.Type)
	w.doc("The payload as a fragment, or undefined when it is not a partial.")
	w.signature("function fragmentOf", []string{"payload: " + payloadUnion}, ": Fragment | undefined")
	if !allTagged(env.Payload.Type, tag) {
		w.open("if (!(" + str(tag) + " in payload)) {")
		w.line("return undefined;")
		w.close("}")
	}
	w.open("switch (" + access("payload", tag) + ") {")
	for _, a := range aggs {
		w.line("case " + str(a.Partial.TagValue()) + ":")
	}
	w.indent++
	w.line("return payload;")
	w.indent--
	w.close("}")
	w.line("return undefined;")
	w.close("}")
	w.line("")

	// fragmentKey
	w.doc("Identifies the open fragment a partial belongs to: its type and its key.")
	w.signature("function fragmentKey", []string{"fragment: Fragment"}, ": string")
	byKey := map[string][]*model.Aggregate{}
	for _, a := range aggs {
		if a.Key != nil {
			k := a.Key.Name
			if !a.Key.Required {
				k += "?"
			}
			byKey[k] = append(byKey[k], a)
		}
	}
	tagExpr := access("fragment", tag)
	if len(byKey) > 0 {
		w.open("switch (" + tagExpr + ") {")
		for _, k := range sortedKeys(byKey) {
			for _, a := range byKey[k] {
				w.line("case " + str(a.Partial.TagValue()) + ":")
			}
			w.indent++
			name := strings.TrimSuffix(k, "?")
			v := access("fragment", name)
			if strings.HasSuffix(k, "?") {
				v += ` ?? ""`
			}
			w.call("return ", "JSON.stringify", []string{"[" + tagExpr + ", " + v + "]"}, ";")
			w.indent--
		}
		w.close("}")
	}
	w.line("return JSON.stringify([" + tagExpr + `, ""]);`)
	w.close("}")
	w.line("")

	// phaseOf
	w.doc("The phase of a fragment: start, delta or stop.")
	w.signature("function phaseOf", []string{"fragment: Fragment"}, ": string")
	byPhase := map[string][]*model.Aggregate{}
	for _, a := range aggs {
		byPhase[a.Phase.Name] = append(byPhase[a.Phase.Name], a)
	}
	if len(byPhase) == 1 {
		w.line("return " + access("fragment", aggs[0].Phase.Name) + ";")
	} else {
		w.open("switch (" + tagExpr + ") {")
		phases := sortedKeys(byPhase)
		for i, ph := range phases {
			if i == len(phases)-1 {
				w.line("default:")
			} else {
				for _, a := range byPhase[ph] {
					w.line("case " + str(a.Partial.TagValue()) + ":")
				}
			}
			w.indent++
			w.line("return " + access("fragment", ph) + ";")
			w.indent--
		}
		w.close("}")
	}
	w.close("}")
	w.line("")

	// merge
	needNonEmpty := false
	w.doc("Folds p into open, the fragment of the same type and key.")
	w.signature("function merge", []string{"open: Fragment", "p: Fragment"}, ": void")
	for i, a := range aggs {
		v := str(a.Partial.TagValue())
		prefix := "if "
		if i > 0 {
			prefix = "} else if "
			w.indent--
		}
		w.openIf(prefix, []string{access("open", tag) + " === " + v, access("p", tag) + " === " + v})
		for _, f := range a.Append {
			o, p := access("open", f.Name), access("p", f.Name)
			if f.Required {
				w.line(o + " += " + p + ";")
			} else {
				w.open("if (" + p + " !== undefined) {")
				w.line(o + " = (" + o + ` ?? "") + ` + p + ";")
				w.close("}")
			}
		}
		for _, f := range a.Override {
			o, p := access("open", f.Name), access("p", f.Name)
			if isSized(f.Type) {
				needNonEmpty = true
				w.open("if (nonEmpty(" + p + ")) {")
			} else {
				w.open("if (" + p + " !== undefined) {")
			}
			w.line(o + " = " + p + ";")
			w.close("}")
		}
		for _, f := range a.Latest {
			if a.Key != nil && f == a.Key {
				continue
			}
			o, p := access("open", f.Name), access("p", f.Name)
			if f.Required {
				w.line(o + " = " + p + ";")
			} else {
				w.open("if (" + p + " !== undefined) {")
				w.line(o + " = " + p + ";")
				w.close("}")
			}
		}
	}
	w.close("}")
	w.close("}")
	w.line("")

	// complete
	w.doc("The complete message of a fragment, made by its builder.")
	w.signature("function complete", []string{"fragment: Fragment"}, ": "+root)
	w.open("switch (" + tagExpr + ") {")
	for _, a := range aggs {
		w.line("case " + str(a.Partial.TagValue()) + ":")
		w.indent++
		if err := e.completeCall(&w, a); err != nil {
			return "", err
		}
		builders[builderName(a.Into)] = true
		w.indent--
	}
	w.close("}")
	w.close("}")

	if needNonEmpty {
		w.line("")
		w.doc("Reports whether value is given and has at least one element.")
		w.signature("function nonEmpty<T extends string | readonly unknown[]>", []string{"value: T | null | undefined"}, ": value is T")
		w.line("return value !== undefined && value !== null && value.length > 0;")
		w.close("}")
	}

	used := e.used
	return file(func(h *writer) {
		imports(h, false, "./builders.js", builders)
		imports(h, true, "./types.js", used)
	}, &w), nil
}

// allTagged reports whether every leaf of u declares the tag property.
func allTagged(u *model.Type, tag string) bool {
	for _, l := range u.Leaves() {
		if l.Field(tag) == nil {
			return false
		}
	}
	return true
}

// isSized reports whether values of t have a length (strings and arrays).
func isSized(t *model.Type) bool {
	return t.Kind == model.KindString || t.Kind == model.KindArray
}

// completeCall writes "return into(args);" passing each of the into
// builder's params the fragment's property of the same name.
func (e *emitter) completeCall(w *writer, a *model.Aggregate) error {
	b := a.Into
	ptr := a.Partial.Pointer + "/x-omnigen/aggregate/into"
	src := map[*model.Param]string{}
	for _, p := range b.Params {
		f := a.Partial.Field(p.Field.Name)
		switch {
		case f == nil || f == a.Partial.Tag || f == a.Phase:
		case f.Const != nil:
			src[p] = str(*f.Const)
		default:
			src[p] = access("fragment", f.Name)
		}
		required := p.Default == nil && !p.Optional
		if _, ok := src[p]; !ok && required {
			return errorf(ptr, "builder %s needs %s, which %s does not carry", b.Name, p.Name, e.names[a.Partial])
		}
		if f != nil && f.Const == nil && !f.Required && required {
			return errorf(ptr, "builder %s needs %s, which %s may leave out; make %q required or give the param a default", b.Name, p.Name, e.names[a.Partial], f.Name)
		}
	}
	switch b.Style {
	case model.Object:
		w.open("return " + builderName(b) + "({")
		for _, p := range b.Params {
			if v, ok := src[p]; ok {
				w.line(propertyKey(p.Name) + ": " + v + ",")
			}
		}
		w.close("});")
	case model.Positional:
		var args, members []string
		last := -1
		for i, p := range b.Params {
			if _, ok := src[p]; ok && !p.InOptions {
				last = i
			}
		}
		for i := 0; i <= last; i++ {
			v, ok := src[b.Params[i]]
			if !ok {
				v = "undefined"
			}
			args = append(args, v)
		}
		for _, p := range b.Params {
			if v, ok := src[p]; ok && p.InOptions {
				members = append(members, shorthand(propertyKey(p.Name), v))
			}
		}
		if len(members) == 0 {
			w.call("return ", builderName(b), args, ";")
			break
		}
		positional, _ := b.Split()
		for i := len(args); i < len(positional); i++ {
			args = append(args, "undefined")
		}
		head := "return " + builderName(b) + "(" + strings.Join(append(args, ""), ", ")
		if flat := head + "{ " + strings.Join(members, ", ") + " });"; w.fits(flat) {
			w.line(flat)
			break
		}
		// prettier hugs a last argument that is an object literal.
		w.open(head + "{")
		for _, m := range members {
			w.line(m + ",")
		}
		w.close("});")
	default:
		return errorf(ptr, "builder %s takes a whole payload; aggregation needs one with params", b.Name)
	}
	return nil
}
