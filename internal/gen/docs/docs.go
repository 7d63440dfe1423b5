// Package docs is omnigen's documentation emitter: it renders a
// *model.Schema as a Markdown protocol reference that a person reads the way
// they read a protocol page. The envelope comes first (its properties and
// which payload each kind carries), then every definition in schema order:
// its description; for an object, a table of its properties with their
// types, whether each is required, nullable or defaulted by the builders,
// and their descriptions; the values of an enum; the members of a union; the
// constraints of a scalar; and the builders, guards, helpers and
// aggregation rules its x-omnigen annotations declare.
//
// Like the code emitters it decides nothing about the protocol: everything
// on the page comes from the model, and the same schema gives the same
// bytes.
package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Options configure Generate.
type Options struct {
	// File is the name of the page ("omnimessage.md"). Empty means the
	// schema's title in lower case, letters and digits only, with ".md".
	File string
}

// Generate renders s as one Markdown file, starting with
// gen.MarkdownHeader.
func Generate(s *model.Schema, opts Options) ([]gen.File, error) {
	name := opts.File
	if name == "" {
		name = fileName(s.Title) + ".md"
	}
	r := &renderer{s: s, anchors: map[*model.Type]string{}}
	for _, t := range s.Types {
		r.anchors[t] = anchor(t.Name)
	}
	return []gen.File{{Path: name, Content: r.page()}}, nil
}

func fileName(title string) string {
	name := strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return unicode.ToLower(r)
		}
		return -1
	}, title)
	if name == "" {
		return "schema"
	}
	return name
}

// anchor is the fragment GitHub gives a heading of text.
func anchor(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

type renderer struct {
	s       *model.Schema
	b       bytes.Buffer
	anchors map[*model.Type]string
	// self is the named type whose own shape is being described.
	self *model.Type
}

func (r *renderer) f(format string, args ...any) { fmt.Fprintf(&r.b, format, args...) }

func (r *renderer) page() []byte {
	s := r.s
	r.f("%s\n\n", gen.MarkdownHeader)
	// "reference" keeps the title's anchor apart from the root type's.
	title := "Schema reference"
	if s.Title != "" {
		title = s.Title + " reference"
	}
	r.f("# %s\n\n", title)
	if s.Description != "" {
		r.f("%s\n\n", s.Description)
	}
	what := "the schema"
	if s.ID != "" {
		what = "the schema `" + s.ID + "`"
	}
	r.f("This reference is generated from %s by `omnigen generate`: edit the schema, not this page.", what)
	if s.Root != nil {
		r.f(" One JSON document (one line of a JSON Lines file) is one %s.", r.link(s.Root))
	}
	r.f("\n\n")

	r.f("## Contents\n\n")
	if env := s.Envelope; env != nil {
		r.f("- [The envelope](#the-envelope): %s\n", r.link(env.Type))
	}
	r.f("- [Definitions](#definitions): ")
	var links []string
	for _, t := range s.Types {
		if s.Envelope == nil || t != s.Envelope.Type {
			links = append(links, r.link(t))
		}
	}
	r.f("%s\n", strings.Join(links, ", "))
	if len(s.Builders) > 0 || r.hasHelpers() {
		r.f("- [Builders and guards](#builders-and-guards)\n")
	}
	r.f("\n")

	if env := s.Envelope; env != nil {
		r.f("## The envelope\n\n")
		r.definition(env.Type, "###")
	}
	r.f("## Definitions\n\n")
	for _, t := range s.Types {
		if s.Envelope == nil || t != s.Envelope.Type {
			r.definition(t, "###")
		}
	}
	r.index()
	return append(bytes.TrimRight(r.b.Bytes(), "\n"), '\n')
}

func (r *renderer) hasHelpers() bool {
	if r.s.Envelope != nil && (len(r.s.Envelope.Guards) > 0 || len(r.s.Envelope.Prepend) > 0) {
		return true
	}
	for _, t := range r.s.Types {
		if t.Guard != nil || t.Zero != nil || t.Sum != nil {
			return true
		}
	}
	return false
}

// link is a link to the definition of a named type.
func (r *renderer) link(t *model.Type) string {
	return fmt.Sprintf("[%s](#%s)", t.Name, r.anchors[t])
}

// definition renders one named type under a heading of level.
func (r *renderer) definition(t *model.Type, level string) {
	r.f("%s %s\n\n", level, t.Name)
	if t.Deprecated {
		r.f("**Deprecated.** ")
	}
	if t.Description != "" {
		r.f("%s\n\n", t.Description)
	} else if t.Deprecated {
		r.f("\n\n")
	}
	switch t.Kind {
	case model.KindObject:
		r.object(t)
	case model.KindEnum:
		r.f("A string, one of: %s.\n\n", codeList(t.Values))
	case model.KindUnion:
		r.union(t)
	default:
		r.self = t
		r.f("%s.\n\n", sentence(r.typeText(t)))
		r.self = nil
	}
	if len(t.Unions) > 0 {
		var in []string
		for _, u := range t.Unions {
			in = append(in, r.link(u))
		}
		tag := ""
		if t.Tag != nil {
			tag = fmt.Sprintf(", where `%s` is `%s`", t.Tag.Name, jsonString(*t.Tag.Const))
		}
		r.f("A member of %s%s.\n\n", gen.JoinOr(in, "and"), tag)
	}
	r.helpers(t)
	r.builders(t)
	r.aggregate(t)
}

func (r *renderer) object(t *model.Type) {
	if len(t.Fields) == 0 {
		if t.Closed {
			r.f("An object with no properties: `{}` plus its tag, nothing else.\n\n")
		} else {
			r.f("An object with any properties.\n\n")
		}
		return
	}
	r.f("| property | type | presence | description |\n| --- | --- | --- | --- |\n")
	for _, f := range t.Fields {
		typ := r.fieldType(t, f)
		presence := "optional"
		if f.Required {
			presence = "required"
		}
		if d := builderDefault(t, f); d != "" {
			presence += "; builders default to `" + d + "`"
		}
		desc := f.Description
		if f.Deprecated {
			desc = strings.TrimSpace("**Deprecated.** " + desc)
		}
		r.f("| `%s` | %s | %s | %s |\n", f.Name, cell(typ), presence, cell(desc))
	}
	r.f("\n")
	if !t.Closed {
		r.f("Other properties are allowed.\n\n")
	} else {
		r.f("No other property is allowed.\n\n")
	}
	if sel := t.Select; sel != nil {
		r.f("`%s` says what `%s` holds:\n\n", sel.By.Name, sel.Field.Name)
		r.cases(sel, "`"+sel.Field.Name+"`")
	}
}

// fieldType is the type column of a property.
func (r *renderer) fieldType(t *model.Type, f *model.Field) string {
	if f.Const != nil {
		return "`" + jsonString(*f.Const) + "`"
	}
	typ := r.typeText(f.ValueType())
	if t.Select != nil && f == t.Select.Field {
		typ += ", chosen by `" + t.Select.By.Name + "`"
	}
	if f.TakesNull() {
		typ += " or `null`"
	}
	return typ
}

// typeText describes a type: a link to a named one, words for the others.
func (r *renderer) typeText(t *model.Type) string {
	if t.Name != "" && r.anchors[t] != "" && !r.describing(t) {
		return r.link(t)
	}
	var base string
	switch t.Kind {
	case model.KindString:
		base = "string"
	case model.KindInteger:
		base = "integer"
	case model.KindNumber:
		base = "number"
	case model.KindBoolean:
		base = "boolean"
	case model.KindArray:
		item := r.typeText(t.Items)
		if t.Items.Kind == model.KindNullable {
			// "array of string or null" would say the array may be null.
			item = "(" + item + ")"
		}
		base = "array of " + item
	case model.KindScalarUnion:
		base = gen.JoinOr(t.Scalars, "or") + ", kept as written"
	case model.KindRaw:
		if t.RawType == "object" {
			base = "object (any JSON object, kept as written)"
		} else {
			base = "any JSON value, kept as written"
		}
	case model.KindEnum:
		base = "one of " + codeList(t.Values)
	case model.KindMap:
		if e := t.Elem; e.Kind == model.KindRaw && e.RawType == "" && e.Kinds == nil {
			base = "object of any JSON values, kept as written, keys in document order"
		} else {
			base = "object of " + r.typeText(t.Elem) + " values, keys in document order"
		}
	case model.KindTuple:
		var items []string
		for _, it := range t.Tuple {
			items = append(items, r.typeText(it))
		}
		base = "array of " + strings.Join(items, ", then ")
		if t.Rest != nil {
			base += ", then any number of " + r.typeText(t.Rest)
		}
	case model.KindNull:
		base = "null"
	case model.KindNullable:
		base = r.typeText(t.Elem) + " or `null`"
	case model.KindLiteral:
		var vals []string
		for _, l := range t.Literals {
			vals = append(vals, "`"+string(l.JSON)+"`")
		}
		base = "one of " + strings.Join(vals, ", ")
	case model.KindUnion:
		var members []string
		for _, m := range t.Members {
			members = append(members, r.typeText(m))
		}
		base = gen.JoinOr(members, "or")
	default:
		base = t.Kind.String()
	}
	if c := constraints(t.Constraints); c != "" {
		base += ", " + c
	}
	return base
}

// cases renders a Select's table: each value of sel.By and the type it
// picks, under the heading what, then the type of the other values.
func (r *renderer) cases(sel *model.Select, what string) {
	r.f("| `%s` | %s |\n| --- | --- |\n", sel.By.Name, what)
	for _, c := range sel.Cases {
		r.f("| `%s` | %s |\n", c.Value, cell(r.typeText(c.Type)))
	}
	if sel.Else != nil {
		other := "any other, or none"
		if sel.By.Required {
			other = "any other"
		}
		r.f("| %s | %s |\n", other, cell(r.typeText(sel.Else)))
	}
	r.f("\n")
}

// holderOf is the object whose Select types a property as union u.
func (r *renderer) holderOf(u *model.Type) *model.Type {
	for _, t := range r.s.Types {
		if t.Select != nil && t.Select.Field != nil && t.Select.Field.Type == u {
			return t
		}
	}
	return nil
}

// describing is true while typeText describes a named type's own shape
// (for its definition), rather than linking to it.
func (r *renderer) describing(t *model.Type) bool { return r.self == t }

func (r *renderer) union(t *model.Type) {
	var members []string
	for _, m := range t.Members {
		members = append(members, r.typeText(m))
	}
	r.f("One of %s", gen.JoinOr(members, "or"))
	switch {
	case t.By == model.BySelect && t.Select != nil:
		r.f(", told apart by the value of `%s`", t.Select.By.Name)
	case t.By == model.BySelect:
		if holder := r.holderOf(t); holder != nil {
			r.f(": the `%s` of the %s holding it says which", holder.Select.By.Name, r.typeText(holder))
		}
	case t.Discriminator != "":
		r.f(", told apart by `%s`", t.Discriminator)
	case t.By == model.ByTag:
		// A union of the dialect: always told apart by a tag.
	case t.By == model.ByKind:
		r.f(", told apart by JSON type")
	case t.Exclusive:
		r.f(": exactly one of them matches")
	default:
		r.f(": the first of them that matches")
	}
	r.f(".\n\n")
	if sel := t.Select; sel != nil {
		r.cases(sel, "member")
	}
	if t.Discriminator != "" {
		// Every object, the member unions' too, by its tag.
		r.f("| `%s` | member |\n| --- | --- |\n", t.Discriminator)
		for _, m := range t.Members {
			for _, l := range m.Leaves() {
				via := ""
				if l != m {
					via = " (a " + r.link(m) + ")"
				}
				r.f("| `%s` | %s%s |\n", tagValue(l, t.Discriminator), r.link(l), via)
			}
		}
		r.f("\n")
	}
}

// tagValue is the value of member m's tag property name: its dialect tag,
// or the const of its property of that name.
func tagValue(m *model.Type, name string) string {
	if v := m.TagValue(); v != "" {
		return v
	}
	for _, f := range m.Fields {
		if f.Name == name && f.Const != nil {
			return *f.Const
		}
	}
	return ""
}

// constraints says in words what a type's validation keywords require.
func constraints(c model.Constraints) string {
	var out []string
	if c.Format != "" {
		out = append(out, "format `"+c.Format+"`")
	}
	if c.Pattern != "" {
		out = append(out, "matching `"+c.Pattern+"`")
	}
	bound := func(p *int, what, unit string) {
		if p != nil {
			if *p != 1 {
				unit += "s"
			}
			out = append(out, fmt.Sprintf("%s %d %s", what, *p, unit))
		}
	}
	bound(c.MinLength, "at least", "character")
	bound(c.MaxLength, "at most", "character")
	num := func(p *json.Number, what string) {
		if p != nil {
			out = append(out, what+" "+p.String())
		}
	}
	num(c.Minimum, "at least")
	num(c.ExclusiveMinimum, "more than")
	num(c.Maximum, "at most")
	num(c.ExclusiveMaximum, "less than")
	bound(c.MinItems, "at least", "item")
	bound(c.MaxItems, "at most", "item")
	return strings.Join(out, ", ")
}
