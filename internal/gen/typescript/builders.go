package typescript

import (
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// buildersFile renders the builders, the zero and sum helpers and the
// prepend helpers.
func (e *emitter) buildersFile() (string, error) {
	e.used = map[string]bool{}
	defer func() { e.used = nil }()
	var w writer
	needNow, needFilled := false, false
	for _, b := range e.s.Builders {
		if e.envelope != nil {
			needNow = true
		}
		for _, p := range b.Params {
			if p.OmitEmpty {
				needFilled = true
			}
		}
		w.gap()
		if err := e.builder(&w, b); err != nil {
			return "", err
		}
	}
	for _, t := range e.s.Types {
		if t.Zero != nil {
			w.gap()
			e.zero(&w, t)
		}
		if t.Sum != nil {
			w.gap()
			e.sum(&w, t)
		}
	}
	if env := e.envelope; env != nil {
		for _, p := range env.Prepend {
			w.gap()
			if err := e.prepend(&w, p); err != nil {
				return "", err
			}
		}
	}
	if w.buf.Len() == 0 {
		return "", nil
	}
	if needNow {
		w.line("")
		w.doc("The current instant as Date.prototype.toISOString writes it.")
		w.open("function currentTimestamp(): string {")
		w.line("return new Date().toISOString();")
		w.close("}")
	}
	if needFilled {
		w.line("")
		w.doc("Reports whether value is given and not empty (an object with no keys, an empty array or an empty string).")
		w.open("function isFilled<T>(value: T | undefined): value is T {")
		w.open("if (value === undefined || value === null) {")
		w.line("return false;")
		w.close("}")
		w.open(`if (typeof value === "string" || Array.isArray(value)) {`)
		w.line("return value.length > 0;")
		w.close("}")
		w.open(`if (typeof value === "object") {`)
		w.line("return Object.keys(value).length > 0;")
		w.close("}")
		w.line("return true;")
		w.close("}")
	}
	used := e.used
	return file(func(h *writer) { imports(h, true, "./types.js", used) }, &w), nil
}

// result is the type a builder of t returns: the envelope of t, or t.
func (e *emitter) result(t *model.Type) string {
	if e.envelope == nil {
		return e.name(t)
	}
	return e.name(e.envelope.Type) + "<" + e.name(t) + ">"
}

// paramDoc says how an argument is used beyond its field's description.
func paramDoc(p *model.Param) string {
	d := strings.TrimSpace(p.Field.Description)
	note := ""
	switch {
	case p.Default != nil:
		note = "Default: " + string(p.Default) + "."
	case p.OmitEmpty:
		note = "Not written when absent or empty."
	case p.Optional:
		note = "Written only when given."
	}
	if p.OmitWhen != nil {
		note = strings.TrimSpace(note + " Not written when it is " + string(p.OmitWhen) + ".")
	}
	if note == "" {
		return d
	}
	if d == "" {
		return note
	}
	return d + " " + note
}

// members writes the interface of an object argument (the arguments of an
// object-style builder, or the options of a positional one) and sets the
// expression of each param, read from the object named obj.
func (e *emitter) members(w *writer, b *model.Builder, name, what, obj string, params []*model.Param, value map[*model.Param]string) error {
	w.doc("The " + what + " of " + builderName(b) + ".")
	w.open("export interface " + name + " {")
	for _, p := range params {
		w.doc(paramDoc(p))
		typ := e.fieldType(p.Field)
		if p.Default != nil || p.Optional {
			w.line(propertyKey(p.Name) + "?: " + typ + " | undefined;")
		} else {
			w.line(propertyKey(p.Name) + ": " + typ + ";")
		}
		v := access(obj, p.Name)
		if p.Default != nil {
			def, err := literal(p.Default)
			if err != nil {
				return errorf(b.Target.Pointer+"/x-omnigen/builders", "builder %s: default of %s: %v", b.Name, p.Name, err)
			}
			if p.Field.TakesNull() && def != "null" {
				v = v + " === undefined ? " + def + " : " + v
			} else {
				v = v + " ?? " + def
			}
		}
		value[p] = v
	}
	w.close("}")
	w.line("")
	return nil
}

func (e *emitter) builder(w *writer, b *model.Builder) error {
	ptr := b.Target.Pointer + "/x-omnigen/builders"
	ret := e.result(b.Target)
	if b.Style == model.Whole {
		param := "payload"
		if e.envelope != nil {
			param = binding(e.envelope.Payload.Name)
		}
		w.doc(b.Description)
		w.signature("export function "+builderName(b), []string{param + ": " + e.name(b.Target)}, ": "+ret)
		if e.envelope == nil {
			w.line("return " + param + ";")
		} else if err := e.envelopeLiteral(w, b, func() { w.line(shorthand(propertyKey(e.envelope.Payload.Name), param) + ",") }); err != nil {
			return err
		}
		w.close("}")
		return nil
	}

	// value is the expression of each param's argument, defaults applied.
	value := map[*model.Param]string{}
	var params []string
	if b.Style == model.Object {
		if err := e.members(w, b, argsName(b), "arguments", "args", b.Params, value); err != nil {
			return err
		}
		params = []string{"args: " + argsName(b)}
	} else {
		var options []*model.Param
		for _, p := range b.Params {
			if p.InOptions {
				options = append(options, p)
				continue
			}
			id := binding(p.Name)
			if id == "currentTimestamp" || id == "isFilled" || (id == "options" && len(options) > 0) {
				return errorf(ptr, "builder %s: param %q collides with a name of the generated code", b.Name, p.Name)
			}
			typ := e.fieldType(p.Field)
			switch {
			case p.Default != nil:
				def, err := literal(p.Default)
				if err != nil {
					return errorf(ptr, "builder %s: default of %s: %v", b.Name, p.Name, err)
				}
				params = append(params, id+": "+typ+" = "+def)
			case p.Optional:
				params = append(params, id+"?: "+typ)
			default:
				params = append(params, id+": "+typ)
			}
			value[p] = id
		}
		if len(options) > 0 {
			for _, p := range b.Params {
				if !p.InOptions && binding(p.Name) == "options" {
					return errorf(ptr, "builder %s: param %q collides with its options object", b.Name, p.Name)
				}
			}
			if err := e.members(w, b, optionsName(b), "options", "options", options, value); err != nil {
				return err
			}
			params = append(params, "options: "+optionsName(b)+" = {}")
		}
	}
	w.doc(b.Description)
	w.signature("export function "+builderName(b), params, ": "+ret)
	// A param whose property is left out for one value is read once, into a
	// constant of its name.
	for _, p := range b.Params {
		if p.OmitWhen == nil || value[p] == binding(p.Name) {
			continue
		}
		id := binding(p.Name)
		if id == "args" || id == "options" || id == "currentTimestamp" || id == "isFilled" {
			return errorf(ptr, "builder %s: param %q collides with a name of the generated code", b.Name, p.Name)
		}
		w.line("const " + id + " = " + value[p] + ";")
		value[p] = id
	}
	payload := func() {
		e.payloadLiteral(w, b, value)
	}
	if e.envelope == nil {
		w.line("return {")
		w.indent++
		e.payloadFields(w, b, value)
		w.close("};")
	} else if err := e.envelopeLiteral(w, b, payload); err != nil {
		return err
	}
	w.close("}")
	return nil
}

// envelopeLiteral writes "return { timestamp, kind, payload };", the
// payload written by payload.
func (e *emitter) envelopeLiteral(w *writer, b *model.Builder, payload func()) error {
	env := e.envelope
	w.open("return {")
	for _, f := range env.Type.Fields {
		switch f {
		case env.Timestamp:
			w.line(propertyKey(f.Name) + ": currentTimestamp(),")
		case env.Kind:
			w.line(propertyKey(f.Name) + ": " + str(b.Kind) + ",")
		case env.Payload:
			payload()
		default:
			if f.Required {
				return errorf(env.Type.Pointer, "builder %s: the envelope's required %q is neither its timestamp, kind nor payload, and no builder can fill it", b.Name, f.Name)
			}
		}
	}
	w.close("};")
	return nil
}

func (e *emitter) payloadLiteral(w *writer, b *model.Builder, value map[*model.Param]string) {
	w.open(propertyKey(e.envelope.Payload.Name) + ": {")
	e.payloadFields(w, b, value)
	w.close("},")
}

// payloadFields writes the target's properties in schema order: consts,
// fixed values, and arguments (conditionally when optional).
func (e *emitter) payloadFields(w *writer, b *model.Builder, value map[*model.Param]string) {
	fixed := map[*model.Field]string{}
	for _, s := range b.Set {
		v, err := literal(s.Value)
		if err != nil {
			v = string(s.Value)
		}
		fixed[s.Field] = v
	}
	for _, f := range b.Target.Fields {
		key := propertyKey(f.Name)
		if f.Const != nil {
			w.line(key + ": " + str(*f.Const) + ",")
			continue
		}
		if v, ok := fixed[f]; ok {
			w.line(key + ": " + v + ",")
			continue
		}
		p := b.Param(f.Name)
		if p == nil {
			continue
		}
		v := value[p]
		prop := shorthand(key, v)
		var conds []string
		switch {
		case p.OmitEmpty && p.Default == nil:
			conds = append(conds, "isFilled("+v+")")
		case p.Optional && p.Default == nil:
			conds = append(conds, v+" !== undefined")
		}
		if p.OmitWhen != nil {
			lit, err := literal(p.OmitWhen)
			if err != nil {
				lit = string(p.OmitWhen)
			}
			conds = append(conds, v+" !== "+lit)
		}
		if len(conds) == 0 {
			w.line(prop + ",")
		} else {
			conditional(w, strings.Join(conds, " && "), prop)
		}
	}
}

// conditional writes a property present only when cond holds, as prettier
// lays out the spread of a conditional object.
func conditional(w *writer, cond, prop string) {
	flat := "...(" + cond + " ? { " + prop + " } : {}),"
	if w.fits(flat) {
		w.line(flat)
		return
	}
	w.line("...(" + cond)
	w.indent++
	w.line("? { " + prop + " }")
	w.line(": {}),")
	w.indent--
}

func (e *emitter) zero(w *writer, t *model.Type) {
	w.doc(t.Zero.Description)
	w.signature("export function "+t.Zero.Name, nil, ": "+e.name(t))
	w.open("return {")
	for _, f := range t.Fields {
		w.line(propertyKey(f.Name) + ": 0,")
	}
	w.close("};")
	w.close("}")
}

func (e *emitter) sum(w *writer, t *model.Type) {
	name := e.name(t)
	w.doc(t.Sum.Description)
	w.signature("export function "+t.Sum.Name, []string{"a: " + name, "b: " + name}, ": "+name)
	w.open("return {")
	for _, f := range t.Fields {
		a, b := access("a", f.Name), access("b", f.Name)
		if !f.Required {
			a, b = "("+a+" ?? 0)", "("+b+" ?? 0)"
		}
		line := propertyKey(f.Name) + ": " + a + " + " + b + ","
		if w.fits(line) {
			w.line(line)
		} else {
			w.line(propertyKey(f.Name) + ":")
			w.indent++
			w.line(a + " + " + b + ",")
			w.indent--
		}
	}
	w.close("};")
	w.close("}")
}

func (e *emitter) prepend(w *writer, p *model.Prepend) error {
	env := e.envelope
	param := binding(p.Param)
	if param == "msg" {
		return errorf(env.Type.Pointer+"/x-omnigen/prepend", "param %q collides with the message parameter", p.Param)
	}
	arr := p.Field.Type
	item := e.typeRef(arr.Items)
	root := e.name(env.Type)
	cur := access("msg", p.Field.Name)
	if !p.Field.Required {
		cur = "(" + cur + " ?? [])"
	}
	w.doc(p.Description)
	w.signature("export function "+p.Name+"<M extends "+root+">", []string{"msg: M", param + ": " + item}, ": M")
	w.open("return {")
	w.line("...msg,")
	w.list(propertyKey(p.Field.Name)+": ", []string{param, "..." + cur}, ",")
	w.close("};")
	w.close("}")
	return nil
}

// shorthand is the object property key: value, shortened to key when the
// value is the variable of that name.
func shorthand(key, value string) string {
	if key == value {
		return key
	}
	return key + ": " + value
}
