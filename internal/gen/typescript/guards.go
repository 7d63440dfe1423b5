package typescript

import "github.com/omnigen-dev/omnigen/internal/gen/model"

// guardsFile renders the union guards (x-omnigen "guard") and the message
// guards (the envelope's "guards") as type predicates.
func (e *emitter) guardsFile() (string, error) {
	e.used = map[string]bool{}
	defer func() { e.used = nil }()
	var w writer
	// tagSets are the unions whose tag values a guard tests, in order.
	var tagSets []*model.Type
	needSet := map[*model.Type]bool{}
	setOf := func(u *model.Type) (string, error) {
		if tagProperty(u) == "" {
			return "", errorf(u.Pointer, "a guard needs the members of %s told apart by one const property", e.names[u])
		}
		if !needSet[u] {
			needSet[u] = true
			tagSets = append(tagSets, u)
		}
		return lowerFirst(e.names[u]) + "Tags", nil
	}
	for _, t := range e.s.Types {
		if t.Guard == nil {
			continue
		}
		set, err := setOf(t)
		if err != nil {
			return "", err
		}
		top := t
		for len(top.Unions) > 0 {
			top = top.Unions[0]
		}
		param := "value"
		if e.envelope != nil && t.IsMemberOf(e.envelope.Payload.Type) {
			param = binding(e.envelope.Payload.Name)
		}
		w.gap()
		w.doc(t.Guard.Description)
		test := "tagIn(" + param + ", " + str(tagProperty(t)) + ", " + set + ")"
		if top == t {
			// A union no other union holds: the guard takes any value.
			w.signature("export function "+t.Guard.Name, []string{param + ": unknown"}, ": "+param+" is "+e.name(t))
			w.returnAnd([]string{"typeof " + param + ` === "object"`, param + " !== null", test})
		} else {
			w.signature("export function "+t.Guard.Name, []string{param + ": " + e.name(top)}, ": "+param+" is "+e.name(t))
			w.line("return " + test + ";")
		}
		w.close("}")
	}
	if env := e.envelope; env != nil {
		root := e.names[env.Type]
		for _, g := range env.Guards {
			var kindType *model.Type
			for _, c := range env.Type.Select.Cases {
				if c.Value == g.Kind {
					kindType = c.Type
				}
			}
			var narrowed string
			switch {
			case g.Alias != "":
				narrowed = e.use(g.Alias)
			case g.Payload != nil:
				narrowed = e.use(root) + "<" + e.name(g.Payload) + ">"
			default:
				narrowed = e.use(root) + "<" + e.name(kindType) + ">"
			}
			cond := access("msg", env.Kind.Name) + " === " + str(g.Kind)
			switch {
			case g.Unless != nil:
				// As the schema says it: the kind, and not the other union.
				cond += " && !" + g.Unless.Guard.Name + "(" + access("msg", env.Payload.Name) + ")"
			case g.Payload != nil:
				set, err := setOf(g.Payload)
				if err != nil {
					return "", err
				}
				cond += " && tagIn(" + access("msg", env.Payload.Name) + ", " + str(tagProperty(g.Payload)) + ", " + set + ")"
			}
			w.gap()
			w.doc(g.Description)
			w.signature("export function "+g.Name, []string{"msg: " + e.use(root)}, ": msg is "+narrowed)
			w.returnAnd(splitAnd(cond))
			w.close("}")
		}
	}
	if w.buf.Len() == 0 {
		return "", nil
	}
	var consts writer
	for _, u := range tagSets {
		vals := tagValues(u)
		elems := make([]string, len(vals))
		for i, v := range vals {
			elems[i] = str(v)
		}
		consts.list("const "+lowerFirst(e.names[u])+"Tags: ReadonlySet<unknown> = new Set(", elems, ");")
	}
	w.line("")
	w.doc("Reports whether value's property key holds one of tags.")
	w.signature("function tagIn", []string{"value: object", "key: string", "tags: ReadonlySet<unknown>"}, ": boolean")
	w.line("return tags.has((value as Record<string, unknown>)[key]);")
	w.close("}")
	used := e.used
	return file(func(h *writer) {
		imports(h, true, "./types.js", used)
		if consts.buf.Len() > 0 {
			h.line("")
			h.buf.Write(consts.buf.Bytes())
		}
	}, &w), nil
}

func splitAnd(cond string) []string {
	var out []string
	for {
		i := indexTop(cond, " && ")
		if i < 0 {
			return append(out, cond)
		}
		out = append(out, cond[:i])
		cond = cond[i+4:]
	}
}

// indexTop finds sep outside parentheses and string literals.
func indexTop(s, sep string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case depth == 0 && len(s)-i >= len(sep) && s[i:i+len(sep)] == sep:
			return i
		}
	}
	return -1
}
