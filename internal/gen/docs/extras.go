package docs

// The x-omnigen annotations, as the reference states them: builders,
// guards, helpers and aggregation rules, beside the type they belong to and
// in an index at the end.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// signature is how a builder is called, with the schema's names:
// toolCall({ name, arguments, toolCallId, stopReason = "completed" }).
func signature(b *model.Builder) string {
	if b.Style == model.Whole {
		return b.Name + "(payload)"
	}
	var params []string
	for _, p := range b.Params {
		s := p.Name
		switch {
		case p.Default != nil:
			s += " = " + string(p.Default)
		case p.Optional:
			s += "?"
		}
		params = append(params, s)
	}
	if b.Style == model.Object {
		return b.Name + "({ " + strings.Join(params, ", ") + " })"
	}
	return b.Name + "(" + strings.Join(params, ", ") + ")"
}

// builders lists the builders of t.
func (r *renderer) builders(t *model.Type) {
	if len(t.Builders) == 0 {
		return
	}
	r.f("Builders:\n\n")
	for _, b := range t.Builders {
		r.f("- `%s`", signature(b))
		if b.Description != "" {
			r.f(": %s", strings.TrimSuffix(b.Description, "."))
		}
		r.f(".")
		var notes []string
		if env := r.s.Envelope; env != nil && b.Kind != "" {
			notes = append(notes, fmt.Sprintf("the message's `%s` is `%s`", env.Kind.Name, b.Kind))
		}
		for _, fx := range b.Set {
			notes = append(notes, fmt.Sprintf("`%s` is `%s`", fx.Field.Name, fx.Value))
		}
		if len(notes) > 0 {
			r.f(" %s.", sentence(gen.JoinOr(notes, "and")))
		}
		var omitted []string
		for _, p := range b.Params {
			if p.OmitEmpty {
				omitted = append(omitted, "`"+p.Field.Name+"`")
			}
		}
		if len(omitted) > 0 {
			r.f(" An empty %s is left out.", gen.JoinOr(omitted, "or"))
		}
		r.f("\n")
	}
	r.f("\n")
}

// helpers lists the guards and helpers that belong to t.
func (r *renderer) helpers(t *model.Type) {
	var lines []string
	if env := r.s.Envelope; env != nil && env.Type == t {
		for _, g := range env.Guards {
			lines = append(lines, fmt.Sprintf("`%s(msg)`: %s", g.Name, r.guardMeaning(g)))
		}
		for _, p := range env.Prepend {
			lines = append(lines, fmt.Sprintf("`%s(msg, %s)`: %s", p.Name, p.Param, strings.TrimSuffix(p.Description, ".")))
		}
	}
	if t.Guard != nil {
		lines = append(lines, fmt.Sprintf("`%s(value)`: %s", t.Guard.Name, or(t.Guard.Description, "whether a value is a "+t.Name)))
	}
	if t.Zero != nil {
		lines = append(lines, fmt.Sprintf("`%s()`: %s", t.Zero.Name, or(t.Zero.Description, "every count 0")))
	}
	if t.Sum != nil {
		lines = append(lines, fmt.Sprintf("`%s(a, b)`: %s", t.Sum.Name, or(t.Sum.Description, "the sum, field by field")))
	}
	if len(lines) == 0 {
		return
	}
	r.f("Guards and helpers:\n\n")
	for _, l := range lines {
		r.f("- %s.\n", strings.TrimSuffix(l, "."))
	}
	r.f("\n")
}

// guardMeaning says when a message guard holds.
func (r *renderer) guardMeaning(g *model.MessageGuard) string {
	env := r.s.Envelope
	when := fmt.Sprintf("true when `%s` is `%s`", env.Kind.Name, g.Kind)
	if g.Payload != nil {
		when += fmt.Sprintf(" and `%s` is a %s", env.Payload.Name, r.link(g.Payload))
	}
	if g.Description != "" {
		return strings.TrimSuffix(g.Description, ".") + " (" + when + ")"
	}
	return when
}

func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// aggregate says how the fragments of a partial type fold into a complete
// message.
func (r *renderer) aggregate(t *model.Type) {
	a := t.Aggregate
	if a == nil {
		return
	}
	r.f("Streamed fragments fold into the message that `%s` builds", a.Into.Name)
	r.f(" (a %s): `%s` says where a fragment is (%s)", r.link(a.Into.Target), a.Phase.Name, codeList(a.Phase.Type.Values))
	if a.Key != nil {
		r.f(", and the fragments with the same `%s` are one message", a.Key.Name)
	}
	r.f(". ")
	var rules []string
	for _, f := range a.Append {
		rules = append(rules, fmt.Sprintf("`%s` is the fragments' `%s` concatenated", f.Name, f.Name))
	}
	for _, f := range a.Override {
		rules = append(rules, fmt.Sprintf("`%s` is the last non-empty one", f.Name))
	}
	for _, f := range a.Latest {
		rules = append(rules, fmt.Sprintf("`%s` is the last one given", f.Name))
	}
	if len(rules) > 0 {
		r.f("In the complete message, %s.", strings.Join(rules, "; "))
	}
	r.f("\n\n")
}

// index lists every builder, guard and helper with the definition it
// belongs to.
func (r *renderer) index() {
	if len(r.s.Builders) == 0 && !r.hasHelpers() {
		return
	}
	r.f("## Builders and guards\n\n")
	r.f("Named as in the schema and the TypeScript module; the Go package exports each with a capital letter (`go doc` lists them).\n\n")
	r.f("| name | of |\n| --- | --- |\n")
	if env := r.s.Envelope; env != nil {
		for _, g := range env.Guards {
			r.f("| `%s` | %s |\n", g.Name, r.link(env.Type))
		}
		for _, p := range env.Prepend {
			r.f("| `%s` | %s |\n", p.Name, r.link(env.Type))
		}
	}
	for _, t := range r.s.Types {
		for _, h := range []*model.Helper{t.Guard, t.Zero, t.Sum} {
			if h != nil {
				r.f("| `%s` | %s |\n", h.Name, r.link(t))
			}
		}
	}
	for _, b := range r.s.Builders {
		r.f("| `%s` | %s |\n", b.Name, r.link(b.Target))
	}
	r.f("\n")
}

// builderDefault is the value the builders of t give field f when the
// caller leaves it out, when they all agree on one; "" otherwise.
func builderDefault(t *model.Type, f *model.Field) string {
	def := ""
	for _, b := range t.Builders {
		p := b.Param(f.Name)
		if p == nil || p.Default == nil {
			continue
		}
		if def != "" && def != string(p.Default) {
			return ""
		}
		def = string(p.Default)
	}
	return def
}

// cell makes text fit in one table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(strings.Fields(s), " ")
}

// codeList is `a`, `b`, `c`.
func codeList(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = "`" + v + "`"
	}
	return strings.Join(out, ", ")
}

// jsonString is s as a JSON string.
func jsonString(s string) string { return strconv.Quote(s) }

// sentence capitalises the first letter of s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
