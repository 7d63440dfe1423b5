package golang

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// onePass renders the codec that reads and writes a value in one pass,
// checking as it goes (emit_codec.go, emit_open.go, emit_deferred.go): a
// decodeX and an encodeX method of the runtime's decoder and encoder for
// the types that need them, over the types the general it embeds names and
// declares.
type onePass struct {
	*general
	// fn names the decodeX/encodeX pair of a type that has one: every named
	// type, and anonymous arrays and constrained scalars.
	fn map[*model.Type]string
	// anon lists the anonymous types that have functions, in first-use order.
	anon []*model.Type
	// synth lists the anonymous types that get a Go type of their own (an
	// inline union of scalar types), in first-use order.
	synth []*model.Type
	// tagLists names the constant listing a union's tags, for messages.
	tagLists map[*model.Type]string
	// choose names the function decoding the selected field of an object.
	choose map[*model.Type]string
	// decodes and encodes are the types whose decoder and encoder the
	// root's need.
	decodes, encodes map[*model.Type]bool
	// cyclic are the types that contain themselves.
	cyclic map[*model.Type]bool
	// openNames names the list of property names of each open object
	// (emit_open.go).
	openNames map[*model.Type]string
	// deferred are the types whose codec leaves rules to the program, with
	// the check to run: the general renders that part of the program
	// (emit_deferred.go).
	deferred map[*model.Type]*model.Check
	// nullChecks are the nullable fields whose null is checked with their
	// property's check, which null may break (emit_deferred.go).
	nullChecks map[*model.Field]*model.Check
}

// newOnePass names the functions of the one-pass codec of the types g has
// named, and finds which types it reads and writes.
func newOnePass(g *general) (*onePass, error) {
	c := &onePass{
		general: g,
		fn:      map[*model.Type]string{}, tagLists: map[*model.Type]string{},
		choose: map[*model.Type]string{}, openNames: map[*model.Type]string{},
	}
	for _, step := range []func() error{c.nameOpen, c.checkTypes, c.planDeferred, c.reach} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// newReader is the one-pass decoder of a schema outside the dialect, which
// Unmarshal and Validate read with where its root is an object or an
// array (readsRoot): objects, arrays and scalars are read in one pass, as
// the dialect's are, checking as they go and deferring the rules they do
// not check to the program; a value of another kind (a union, a map, a
// tuple, a literal, JSON text, a Null wrapper) is read as the value-tree
// codec reads it, checked whole (bridged). Marshal stays the tree's.
func newReader(g *general) *onePass {
	c := &onePass{
		general: g,
		fn:      map[*model.Type]string{}, tagLists: map[*model.Type]string{},
		choose: map[*model.Type]string{}, openNames: map[*model.Type]string{},
		decodes: map[*model.Type]bool{}, encodes: map[*model.Type]bool{},
		deferred: map[*model.Type]*model.Check{}, nullChecks: map[*model.Field]*model.Check{},
	}
	if !c.reads(g.s.Root) || !typesChecked(g.prog) {
		return c
	}
	var visit func(t *model.Type, base string)
	visit = func(t *model.Type, base string) {
		if c.decodes[t] || c.bridged(t) {
			return
		}
		c.decodes[t] = true
		if name, named := g.names[t]; named {
			base = name
		}
		if ch := checksOf(t); ch != nil && (defers(t) || !saysOwnType(t) || t.Kind == model.KindObject && !c.propsTyped(t)) {
			c.deferred[t] = ch
		}
		if _, named := g.names[t]; named || t.Kind == model.KindArray || len(valueRules(t)) > 0 || c.deferred[t] != nil {
			c.fn[t] = strings.TrimPrefix(c.helperName(t, "decode", "decode"+base, false), "decode")
			if _, named := g.names[t]; !named {
				c.anon = append(c.anon, t)
			}
			if p := patternOf(t); p != nil {
				c.namePattern(p, lowerName(base)+"Pattern")
			}
		}
		switch t.Kind {
		case model.KindObject:
			for _, f := range t.Fields {
				visit(f.Type, base+g.fields[f])
			}
		case model.KindArray:
			visit(t.Items, base+"Item")
		}
	}
	visit(g.s.Root, g.names[g.s.Root])
	return c
}

// reads reports whether the one-pass decoder of a schema outside the
// dialect reads values of t itself; the others it reads as a checked
// value tree. An integer with bounds is the tree's: the decoder compares
// an int64, which holds fewer integers than the schema allows.
func (g *onePass) reads(t *model.Type) bool {
	switch t.Kind {
	case model.KindObject:
		return t.Select == nil && t.Additional == nil
	case model.KindArray, model.KindString, model.KindEnum, model.KindNumber, model.KindBoolean:
		return true
	case model.KindInteger:
		return len(valueRules(t)) == 0
	}
	return false
}

// bridged reports whether the one-pass decoder reads t as a checked value
// tree (see newReader): never in the dialect.
func (g *onePass) bridged(t *model.Type) bool {
	return !g.dialect && !g.reads(t)
}

// readChecked is the expression reading a value of t as the value-tree
// codec does, checked with t's check (readChecked in the runtime).
func (g *onePass) readChecked(t *model.Type) *jen.Statement {
	check := jen.Nil()
	if ch := checksOf(t); ch != nil {
		check = jen.Id(g.check[ch])
	}
	read := jen.Func().Params(jen.Id("r").Op("*").Id("reader"), jen.Id("v").Op("*").Id("value")).Add(g.goType(t)).Block(
		jen.Return(g.read(t, jen.Id("v"))))
	return jen.Id("readChecked").Call(jen.Id("d"), check, read)
}

// propsTyped reports whether each property object t declares is checked
// by its field's type: the check of its schema is that of the type. Where
// one says more, the decoder checks the object whole (deferred).
func (g *onePass) propsTyped(t *model.Type) bool {
	ch := checksOf(t)
	if ch == nil {
		return true
	}
	for _, r := range ch.Rules {
		pr, ok := r.(*model.PropertiesRule)
		if !ok {
			continue
		}
		for _, p := range pr.Props {
			f := t.Field(p.Name)
			if p.Deny || f == nil {
				continue
			}
			own := p.Check
			if own != nil {
				if to := own.Forward(); to != nil {
					own = to
				}
			}
			if own != checksOf(f.Type) && !(own == nil || own.Always != nil && *own.Always) {
				return false
			}
		}
	}
	return true
}

// readsRoot reports whether Unmarshal and Validate read with the one-pass
// decoder.
func (g *onePass) readsRoot() bool { return g.decodes[g.s.Root] }

// readRoot is the body of Validate (validate) or Unmarshal of a schema
// outside the dialect read by the one-pass decoder: the root read, and
// checked whole where the root schema says more than its type's.
func (g *onePass) readRoot(validate bool) []jen.Code {
	root := g.s.Root
	isObject := root.Kind == model.KindObject
	body := []jen.Code{jen.Id("d").Op(":=").Id("newDecoder").Call(jen.Id("data"), jen.Lit(validate))}
	read := g.decodeExpr(root)
	switch {
	case isObject:
		body = append(body, jen.Var().Id("v").Id(g.names[root]))
		read = d().Dot("decode" + g.fn[root]).Call(jen.Op("&").Id("v"))
	case validate:
	default:
		read = jen.Id("v").Op(":=").Add(read)
	}
	whole := g.prog.Roots[0]
	if to := whole.Forward(); to != nil {
		whole = to
	}
	checked := whole != checksOf(root) && g.deferred[root] != whole
	if checked {
		body = append(body, jen.Id("start").Op(":=").Id("d").Dot("startCheck").Call())
	}
	body = append(body, read)
	if checked {
		body = append(body, jen.Id("d").Dot("checked").Call(jen.Id("start"), jen.Id(g.check[g.prog.Roots[0]])))
	}
	if validate {
		return append(body, jen.Return(jen.Id("d").Dot("finish").Call()))
	}
	zero := zeroLit(root)
	if isObject {
		zero = jen.Id(g.names[root]).Values()
	}
	return append(body,
		jen.If(jen.Err().Op(":=").Id("d").Dot("finish").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(zero, jen.Err())),
		jen.Return(jen.Id("v"), jen.Nil()))
}

// saysOwnType reports whether a value of another JSON type than t's breaks
// t's check as the decoder says it does ("must be number"): where the
// check allows types t does not hold ("must be number or integer"), the
// check says it (deferred).
func saysOwnType(t *model.Type) bool {
	ch := checksOf(t)
	if ch == nil {
		return true
	}
	for _, r := range ch.Rules {
		if r, ok := r.(*model.TypeRule); ok {
			return r.Phrase() == string(jsonType(t)) || t.Kind == model.KindInteger && r.Phrase() == "integer"
		}
	}
	return true
}

// typesChecked reports whether the check of each type is how the program
// checks its values wherever they are: not where a schema location is
// checked in several dynamic scopes ($dynamicRef, $recursiveRef), each a
// check of its own, nor where what a parent's unevaluatedProperties or
// unevaluatedItems allows depends on what its subschemas evaluated. There
// the one-pass decoder is not used.
func typesChecked(p *model.Program) bool {
	if p.Scoped {
		return false
	}
	for _, ch := range p.Checks {
		for _, r := range ch.Rules {
			if _, ok := r.(*model.UnevaluatedRule); ok {
				return false
			}
		}
	}
	return true
}

// integerReader is the decoder's method reading an integer: with the
// dialect's rule of integers where the program has it, else any integer
// the schema allows (wideInteger).
func (g *onePass) integerReader() string {
	if g.dialect || g.exactRuntime {
		return "integer"
	}
	return "wideInteger"
}
