package typescript

import (
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// typesFile renders every named type, in model order: objects as
// interfaces (with the tags their unions tell them apart by), the rest as
// aliases written as any schema's are (general_types.go). The
// envelope becomes a type whose kind follows from its payload type, so that
// a payload of one family cannot sit in a message of another.
func (e *emitter) typesFile() (string, error) {
	var w writer
	for _, t := range e.s.Types {
		w.gap()
		if e.envelope != nil && t == e.envelope.Type {
			e.envelopeTypes(&w)
			continue
		}
		e.typeDecl(&w, t)
	}
	if env := e.envelope; env != nil {
		for _, a := range env.Aliases {
			w.gap()
			text := a.Description
			if text == "" {
				text = e.names[env.Type] + "s whose " + env.Payload.Name + " is " + article(e.names[a.Payload]) + "."
				if a.Guard != nil {
					text = "The messages " + a.Guard.Name + " accepts: " + text
				}
			}
			w.doc(text)
			w.assign("export type "+a.Name+" =", e.names[env.Type]+"<"+e.names[a.Payload]+">")
		}
	}
	if w.buf.Len() == 0 {
		return "", nil
	}
	return file(nil, &w), nil
}

func deprecated(d bool) string {
	if d {
		return "@deprecated"
	}
	return ""
}

func (e *emitter) typeDecl(w *writer, t *model.Type) {
	name := e.names[t]
	w.doc(t.Description, deprecated(t.Deprecated))
	switch t.Kind {
	case model.KindObject:
		e.interfaceDecl(w, "export interface "+name, t, nil)
	default:
		// Enums, unions, scalars, arrays and the rest: aliases of the
		// type written in place, as any schema's are.
		w.aliasLine("export type "+name+" =", union(e.inPlace.members(t)))
	}
}

// interfaceDecl writes an interface; override replaces the type of some
// fields (the envelope's kind and payload).
func (e *emitter) interfaceDecl(w *writer, head string, t *model.Type, override map[*model.Field]string) {
	if len(t.Fields) == 0 && t.Closed {
		w.line(head + " {}")
		return
	}
	w.open(head + " {")
	for _, tag := range absentTags(t) {
		w.doc("Never present: a " + e.names[t] + " has no " + tag + ", which tells the other members of its unions apart.")
		w.line(propertyKey(tag) + "?: never;")
	}
	for _, f := range t.Fields {
		w.doc(f.Description, deprecated(f.Deprecated))
		typ, ok := override[f]
		if !ok {
			typ = e.fieldType(f)
		}
		opt := ""
		if !f.Required {
			opt = "?"
		}
		w.line(propertyKey(f.Name) + opt + ": " + typ + ";")
	}
	if !t.Closed {
		w.doc("The members the schema does not declare.")
		w.line("[key: string]: unknown;")
	}
	w.close("}")
}

// envelopeTypes writes the envelope as the intersection of an interface
// (its fields, for any payload type P) and a conditional type that pairs the
// kind with each member of P:
//
//	export type Msg<P extends Payload = Payload> = MsgOf<P> & MsgKind<P>;
//	export type MsgKind<P extends Payload> = P extends A ? { kind: "a"; payload: P } : … : never;
//	export interface MsgOf<P extends Payload> { … }
//
// For a concrete P the conditional distributes, so Msg (all payloads) is a
// union of one envelope per payload and a payload of one family cannot sit
// under another's kind; for a generic P, msg.payload is still a P.
func (e *emitter) envelopeTypes(w *writer) {
	env := e.envelope
	t := env.Type
	name := e.names[t]
	payload := e.names[env.Payload.Type]
	p := e.payloadParam
	w.doc(t.Description, deprecated(t.Deprecated))
	w.assign("export type "+name+"<"+p+" extends "+payload+" = "+payload+"> =", e.envOf+"<"+p+"> & "+e.envKind+"<"+p+">")
	w.line("")

	w.doc("Pairs each payload type in " + p + " with the " + env.Kind.Name + " of the messages that carry it.")
	head := "export type " + e.envKind + "<" + p + " extends " + payload + "> ="
	branch := func(c *model.Case) string {
		return "{ " + propertyKey(env.Kind.Name) + ": " + str(c.Value) + "; " + propertyKey(env.Payload.Name) + ": " + p + " }"
	}
	cases := t.Select.Cases
	var flat strings.Builder
	for _, c := range cases {
		flat.WriteString(p + " extends " + e.typeRef(c.Type) + " ? " + branch(c) + " : ")
	}
	flat.WriteString("never;")
	if w.fits(head + " " + flat.String()) {
		w.line(head + " " + flat.String())
	} else {
		// prettier keeps the first condition after "=" when it fits there.
		first := p + " extends " + e.typeRef(cases[0].Type)
		base := w.indent
		if w.fits(head + " " + first) {
			w.line(head + " " + first)
		} else {
			w.line(head)
			w.indent++
			w.line(first)
		}
		for i, c := range cases {
			if i > 0 {
				w.line(": " + p + " extends " + e.typeRef(c.Type))
			}
			w.indent++
			w.line("? " + branch(c))
		}
		w.line(": never;")
		w.indent = base
	}
	w.line("")

	w.doc("The fields of " + article(name) + " whose " + env.Payload.Name + " is " + article(p) + ".")
	kind := e.fieldType(env.Kind)
	head = "export interface " + e.envOf + "<" + p + " extends " + payload + ">"
	e.interfaceDecl(w, head, t, map[*model.Field]string{env.Kind: kind, env.Payload: p})
}

// absentTags lists the tag properties of the unions a closed object belongs
// to that the object itself does not have. Declaring them "?: never" makes
// the unions discriminated in TypeScript (session_meta's payload has no
// type, unlike every other payload), which is exactly what the closed
// schema says.
func absentTags(t *model.Type) []string {
	if !t.Closed {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	var walk func(u *model.Type)
	walk = func(u *model.Type) {
		for _, l := range u.Leaves() {
			if l.Tag != nil && t.Field(l.Tag.Name) == nil && !seen[l.Tag.Name] {
				seen[l.Tag.Name] = true
				out = append(out, l.Tag.Name)
			}
		}
		for _, p := range u.Unions {
			walk(p)
		}
	}
	for _, u := range t.Unions {
		walk(u)
	}
	sort.Strings(out)
	return out
}
