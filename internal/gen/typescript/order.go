package typescript

import (
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// orderer writes, for each type whose values hold objects of the schema, a
// function that copies a checked value with its properties in schema order:
// parse<Root> returns that copy, so that JSON.stringify of what it returns
// is what the Go package's Marshal writes (which writes in schema order, as
// the builders build), whatever order the line had its keys in. Free-form
// JSON (fidelity, parameters) is kept as JSON.parse made it.
type orderer struct {
	v     *validator
	fn    map[*model.Type]string
	queue []*model.Type
}

// needs reports whether values of t hold objects of the schema.
func needsOrder(t *model.Type, seen map[*model.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind {
	case model.KindObject:
		return true
	case model.KindUnion:
		for _, m := range t.Members {
			if needsOrder(m, seen) {
				return true
			}
		}
	case model.KindArray:
		return needsOrder(t.Items, seen)
	}
	return false
}

// of returns the function ordering values of t, "" when they need none.
func (o *orderer) of(t *model.Type) string {
	if name, ok := o.fn[t]; ok {
		return name
	}
	if !needsOrder(t, map[*model.Type]bool{}) {
		return ""
	}
	base := "order" + o.v.e.names[t]
	if o.v.e.names[t] == "" {
		base = "orderValue"
	}
	name := o.v.unique(base)
	o.fn[t] = name
	o.queue = append(o.queue, t)
	return name
}

// write writes the functions of the queue.
func (o *orderer) write(w *writer) {
	for len(o.queue) > 0 {
		t := o.queue[0]
		o.queue = o.queue[1:]
		w.line("")
		w.signature("function "+o.fn[t], []string{"v: unknown"}, ": unknown")
		switch t.Kind {
		case model.KindObject:
			o.object(w, t)
		case model.KindUnion:
			o.union(w, t)
		case model.KindArray:
			w.open("if (!Array.isArray(v)) {")
			w.line("return v;")
			w.close("}")
			w.line("return v.map(" + o.of(t.Items) + ");")
		}
		w.close("}")
	}
}

func (o *orderer) object(w *writer, t *model.Type) {
	o.v.need["has"] = true
	w.open("if (!isObject(v)) {")
	w.line("return v;")
	w.close("}")
	w.line("const out: Record<string, unknown> = {};")
	for _, f := range t.Fields {
		val := access("v", f.Name)
		w.open("if (has(v, " + str(f.Name) + ")) {")
		if s := t.Select; s != nil && f == s.Field {
			w.open("switch (" + access("v", s.By.Name) + ") {")
			for _, c := range s.Cases {
				if fn := o.of(c.Type); fn != "" {
					w.line("case " + str(c.Value) + ":")
					w.indent++
					w.line(access("out", f.Name) + " = " + fn + "(" + val + ");")
					w.line("break;")
					w.indent--
				}
			}
			w.line("default:")
			w.indent++
			w.line(access("out", f.Name) + " = " + val + ";")
			w.indent--
			w.close("}")
		} else if fn := o.of(f.Type); fn != "" {
			w.line(access("out", f.Name) + " = " + fn + "(" + val + ");")
		} else {
			w.line(access("out", f.Name) + " = " + val + ";")
		}
		w.close("}")
	}
	if !t.Closed {
		// The properties the schema does not name come after, as they were.
		w.open("for (const key of Object.keys(v)) {")
		w.open("if (!has(out, key)) {")
		w.line("out[key] = v[key];")
		w.close("}")
		w.close("}")
	}
	w.line("return out;")
}

func (o *orderer) union(w *writer, t *model.Type) {
	tag := tagProperty(t)
	if tag == "" {
		// Members told apart by their checks, not a tag: kept as they are.
		w.line("return v;")
		return
	}
	w.open("if (!isObject(v)) {")
	w.line("return v;")
	w.close("}")
	w.open("switch (" + access("v", tag) + ") {")
	for _, l := range t.Leaves() {
		if fn := o.of(l); fn != "" {
			w.line("case " + str(l.TagValue()) + ":")
			w.indent++
			w.line("return " + fn + "(v);")
			w.indent--
		}
	}
	w.close("}")
	w.line("return v;")
}
