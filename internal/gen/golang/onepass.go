package golang

import (
	"fmt"
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
	// tagLists names the constant listing a union's tags, for messages.
	tagLists map[*model.Type]string
	// choose names the function decoding the selected field of an object.
	choose map[*model.Type]string
	// decodes and encodes are the types whose decoder and encoder the
	// root's need.
	decodes, encodes map[*model.Type]bool
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
	// readsOf says, of a schema outside the dialect, which types the
	// decoder reads itself (reads).
	readsOf map[*model.Type]bool
	// asElem are the types whose decoder was planned as the element of
	// a nullable, after null (newReader): what it says of a value of
	// another type, or of null, is not its check's.
	asElem map[*model.Type]bool
}

// emptyOnePass is a onePass over g that reads and writes nothing yet.
func emptyOnePass(g *general) *onePass {
	return &onePass{
		general: g,
		fn:      map[*model.Type]string{}, tagLists: map[*model.Type]string{},
		choose: map[*model.Type]string{}, openNames: map[*model.Type]string{},
		decodes: map[*model.Type]bool{}, encodes: map[*model.Type]bool{},
		deferred: map[*model.Type]*model.Check{}, nullChecks: map[*model.Field]*model.Check{},
		readsOf: map[*model.Type]bool{}, asElem: map[*model.Type]bool{},
	}
}

// newReader is the one-pass decoder of a schema outside the dialect, which
// Unmarshal and Validate read with where it reads the root (readsRoot):
// objects, arrays, scalars, enums, nullables, maps and JSON text are read
// in one pass, as the dialect's are, checking as they go and deferring the
// rules they do not check to the program; unions, tuples, literals and
// null are read in one pass too, each value checked whole with its type's
// check where the decoder does not check it as it reads (onepass_kinds.go),
// and so are objects whose property picks another's type (model.Select),
// values whose own property picks their type, and objects whose
// additionalProperties have a type, in a Map or a Go map. What is left (a
// select the Go fields cannot tell) is read as the value-tree codec reads
// it, checked whole (bridged). Every named type is planned, reached from
// the root or not, for its json methods. Marshal writes what it reads,
// with encoders that check as they go (onepass_write.go). Its patterns
// are the program's, named with it.
func newReader(g *general) *onePass {
	c := emptyOnePass(g)
	if !c.reads(g.s.Root) || !typesChecked(g.prog) {
		return c
	}
	var visit func(t *model.Type, base string, orNull bool)
	visit = func(t *model.Type, base string, orNull bool) {
		if c.decodes[t] || c.bridged(t) {
			return
		}
		c.decodes[t] = true
		c.asElem[t] = orNull
		if name, named := g.names[t]; named {
			base = name
		}
		if c.checkedWhole(t, orNull) {
			c.deferred[t] = checksOf(t)
		}
		if t.Kind == model.KindNullable {
			base = g.nullName(t.Elem)
		}
		if _, named := g.names[t]; named || ownDecoder(t) || checksValue(t) || c.deferred[t] != nil {
			c.fn[t] = strings.TrimPrefix(c.helperName(t, "decode", "decode"+base, false), "decode")
			if _, named := g.names[t]; !named {
				c.anon = append(c.anon, t)
			}
		}
		switch t.Kind {
		case model.KindObject:
			for _, f := range t.Fields {
				if t.Select == nil || f != t.Select.Field {
					visit(f.Type, base+g.fields[f], false)
				}
			}
			if t.Additional != nil {
				visit(t.Additional, base+"Value", false)
			}
			if sel := t.Select; sel != nil {
				// The selected property is read as the member its
				// selector picks (selectRead).
				c.choose[t] = c.helperName(t, "choose", "decode"+g.fields[sel.Field]+"Of"+base, false)
				for _, m := range sel.Field.Type.Members {
					visit(m, base+g.fields[sel.Field]+kindWord(m), false)
				}
			}
		case model.KindArray:
			visit(t.Items, base+"Item", false)
		case model.KindNullable:
			visit(t.Elem, base+"Value", true)
		case model.KindMap:
			visit(t.Elem, base+"Value", false)
		case model.KindUnion:
			for _, m := range t.Members {
				visit(m, base+kindWord(m), false)
			}
		case model.KindTuple:
			for i, it := range t.Tuple {
				visit(it, fmt.Sprintf("%sItem%d", base, i), false)
			}
			if t.Rest != nil {
				visit(t.Rest, base+"Rest", false)
			}
		}
	}
	visit(g.s.Root, g.names[g.s.Root], false)
	// A type the root does not reach (a definition no property names, one
	// met only where a property is typed two ways) is read by its json
	// methods alone; a union has none (an interface), its members do.
	for _, t := range g.s.Types {
		if t.Kind != model.KindUnion {
			visit(t, g.names[t], false)
			continue
		}
		for _, m := range t.Members {
			visit(m, g.names[t]+kindWord(m), false)
		}
	}
	// Marshal writes what Unmarshal reads, with the same types' checks
	// (onepass_write.go).
	for t := range c.decodes {
		c.encodes[t] = true
	}
	return c
}

// checkedWhole reports whether the decoder of t, in a schema outside the
// dialect, checks each value it reads with t's check (deferred): where the
// check has rules the decoder does not check as it reads (defers), words a
// value of another type otherwise (saysOwnType; the element of a nullable,
// read after null, says "null or string" as the check does), or says more
// of a property than the property's type (propsTyped). A nullable is
// checked whole where its check is not its element's (nativeNullable).
func (g *onePass) checkedWhole(t *model.Type, orNull bool) bool {
	if checksOf(t) == nil {
		return false
	}
	if t.Kind == model.KindNullable {
		return !g.nativeNullable(t)
	}
	if checkedAsValue(t) {
		_, byKind := kindRule(t)
		return t.Kind != model.KindUnion || tagRule(t) == nil && !byKind
	}
	return defers(t) || !orNull && !saysOwnType(t) || t.Kind == model.KindObject && !g.propsTyped(t)
}

// ownDecoder reports whether the one-pass decoder reads each value of t,
// named or not, with a function of its own.
func ownDecoder(t *model.Type) bool {
	switch t.Kind {
	case model.KindArray, model.KindNullable, model.KindMap, model.KindUnion, model.KindTuple, model.KindLiteral, model.KindNull:
		return true
	}
	return false
}

// checkedAsValue reports whether the decoder of t checks each value whole
// with t's check, whose rules it does not check as it reads: a union's
// anyOf or oneOf and the words of its closest member, a tuple's items, a
// literal's const, null's type.
func checkedAsValue(t *model.Type) bool {
	switch t.Kind {
	case model.KindUnion, model.KindTuple, model.KindLiteral, model.KindNull:
		return true
	}
	return false
}

// reads reports whether the one-pass decoder of a schema outside the
// dialect reads values of t itself; the others it reads as a checked
// value tree.
func (g *onePass) reads(t *model.Type) bool {
	// Decided once a type: what a nullable is read as depends on the
	// wrappers named so far (nativeNullable), and rendering names more.
	if r, ok := g.readsOf[t]; ok {
		return r
	}
	// A type that contains itself (additionalProperties: {"$ref": "#"})
	// is not read by the decoder while it is being decided: bridged,
	// never read by a decoder that does not exist.
	g.readsOf[t] = false
	r := g.readsNow(t)
	g.readsOf[t] = r
	return r
}

func (g *onePass) readsNow(t *model.Type) bool {
	switch t.Kind {
	case model.KindObject:
		return (t.Select == nil || g.selectable(t)) && (t.Additional == nil || g.reads(t.Additional))
	case model.KindArray, model.KindString, model.KindEnum, model.KindNumber, model.KindBoolean, model.KindInteger:
		return true
	case model.KindNullable:
		return g.nullableReads(t)
	case model.KindMap:
		return g.reads(t.Elem)
	case model.KindRaw, model.KindTuple, model.KindLiteral, model.KindNull, model.KindScalarUnion:
		return true
	case model.KindUnion:
		// A member another property picks is read with its holder (a
		// select, selectRead); one its own property picks, here.
		return t.By != model.BySelect || t.Select != nil
	}
	return false
}

// nullableReads reports whether the one-pass decoder reads nullable t
// itself: null, or its element with the element's decoder, checked with
// t's check as the element's (nativeNullable) or else whole (deferred).
func (g *onePass) nullableReads(t *model.Type) bool {
	e := t.Elem
	if checksOf(t) == nil || !g.reads(e) {
		return false
	}
	if g.nulls[g.display(e)] == nil {
		g.nullName(e) // named now as the types will name it
	}
	if n := g.nulls[g.display(e)]; n.elem != e && g.goType(n.elem).GoString() != g.goType(e).GoString() {
		// Its wrapper is another element's of the same name and another
		// Go type, which the value-tree codec reads it as.
		return false
	}
	return true
}

// nativeNullable reports whether nullable t's check is its element's
// ("type": ["string", "null"]): the decoder checks the element's rules as
// it reads them, or defers them, and the messages of a value of another
// type say "null or string" as the check's type rule does. Any other
// nullable it reads is checked whole.
func (g *onePass) nativeNullable(t *model.Type) bool {
	e := t.Elem
	ch := checksOf(t)
	if ch == nil || checksOf(e) != ch {
		return false
	}
	switch e.Kind {
	case model.KindString, model.KindNumber, model.KindInteger, model.KindBoolean, model.KindArray, model.KindObject:
	default:
		return false
	}
	r := typeRule(ch)
	return r != nil && r.Phrase() == "null or "+typeWord(e)
}

// typeWord is how the decoder names the JSON type of t's values when it
// reads another ("must be integer").
func typeWord(t *model.Type) string {
	if t.Kind == model.KindInteger {
		return "integer"
	}
	return string(jsonType(t))
}

// mapDecoder renders the decoder of map t, an object read as a Map, or
// as a Go map (native), made even when the object is empty.
func (g *onePass) mapDecoder(f *jen.File, t *model.Type) {
	m := jen.Op("&").Id("v")
	if _, named := g.names[t]; named && !g.native {
		m = jen.Op("&").Id("v").Dot("Map")
	}
	keys, read := jen.Var().Id("at").Index().Int(), jen.Id("readMapMember").Call(jen.Id("d"), m, jen.Op("&").Id("at"), g.elemReader(t.Elem))
	if g.native {
		keys = jen.List(jen.Id("v"), jen.Id("keys")).Op(":=").List(jen.Add(g.goType(t)).Values(), jen.Id("nativeKeys").Values())
		read = jen.Id("readNativeMember").Call(jen.Id("d"), m, jen.Op("&").Id("keys"), g.elemReader(t.Elem))
	}
	g.decodeFunc(f, t, nil, g.goType(t),
		jen.Var().Id("v").Add(g.goType(t)),
		jen.If(jen.Op("!").Id("d").Dot("beginObject").Call()).Block(jen.Return(jen.Id("v"))),
		// A decoder that only validates keeps nothing of it.
		jen.If(d().Dot("noCopy")).Block(jen.Id("skipMap").Call(jen.Id("d"), g.elemReader(t.Elem)), jen.Return(jen.Id("v"))),
		keys,
		jen.For(jen.Id("i").Op(":=").Lit(0), d().Dot("nextKey").Call(jen.Id("i")), jen.Id("i").Op("++")).Block(
			read,
			d().Dot("pop").Call(),
		),
		jen.Return(jen.Id("v")),
	)
}

// elemReader is the function reading the value of a member of an object
// read as a Map, whose members are of type elem (readMapMember).
func (g *onePass) elemReader(elem *model.Type) jen.Code {
	read := []jen.Code{jen.Return(g.decodeExpr(elem))}
	if elem.Kind == model.KindObject && !g.bridged(elem) {
		read = append(g.readVar(elem), jen.Return(jen.Id("x")))
	}
	return jen.Func().Params(jen.Id("d").Op("*").Id("decoder")).Add(g.goType(elem)).Block(read...)
}

// nullableDecoder renders the decoder of nullable t (nullableReads).
func (g *onePass) nullableDecoder(f *jen.File, t *model.Type) {
	name := g.nullName(t.Elem)
	read := []jen.Code{jen.Id("v").Op(":=").Id(name).Values(kv("Value", g.decodeExpr(t.Elem)))}
	if t.Elem.Kind == model.KindObject {
		read = []jen.Code{jen.Var().Id("v").Id(name), d().Dot("decode" + g.fn[t.Elem]).Call(jen.Op("&").Id("v").Dot("Value"))}
	}
	isNull := d().Dot("null").Call()
	if ch := checksOf(t); ch != nil && !ch.PassesNull() && g.deferred[t] == nil {
		// Its schema refuses null by a rule the element's decoder, which
		// null never reaches, would have checked ("not").
		isNull = d().Dot("nullChecked").Call(jen.Id(g.check[ch]))
	}
	body := []jen.Code{jen.If(isNull).Block(jen.Return(g.conv(t, jen.Id(name).Values(kv("Null", jen.True())))))}
	body = append(body, read...)
	body = append(body, d().Dot("notNull").Call(), jen.Return(g.conv(t, jen.Id("v"))))
	g.decodeFunc(f, t, nil, g.goType(t), body...)
}

// bridged reports whether the one-pass decoder reads t as a checked value
// tree (see newReader): never in the dialect.
func (g *onePass) bridged(t *model.Type) bool {
	return !g.reads(t)
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
			if p.Deny || f == nil || t.Select != nil && f == t.Select.Field && selectTyped(t, p.Check) {
				continue
			}
			if !sameCheck(p.Check, f.Type.Check) {
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
	body := g.readData(root, validate, g.wholeCheck())
	if validate {
		return append(body, jen.Return(jen.Id("d").Dot("finish").Call()))
	}
	zero := zeroLit(root)
	switch root.Kind {
	case model.KindObject, model.KindNullable, model.KindTuple, model.KindNull, model.KindScalarUnion:
		zero = jen.Id(g.names[root]).Values() // a struct
	case model.KindMap:
		if !g.native {
			zero = jen.Id(g.names[root]).Values()
		}
	case model.KindLiteral:
		zero = zeroLit(&model.Type{Kind: literalKind(root)})
	}
	return append(body,
		jen.If(jen.Err().Op(":=").Id("d").Dot("finish").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(zero, jen.Err())),
		jen.Return(jen.Id("v"), jen.Nil()))
}

// readData is the statements that read data, with a new decoder (one
// that only validates, when validate), into v, a value of t (into nothing
// when validate and t is no object), and then run ch, if any, on what they
// read.
func (g *onePass) readData(t *model.Type, validate bool, ch *model.Check) []jen.Code {
	body := []jen.Code{jen.Id("d").Op(":=").Id("newDecoder").Call(jen.Id("data"), jen.Lit(validate))}
	read := g.decodeExpr(t)
	switch {
	case t.Kind == model.KindObject:
		body = append(body, jen.Var().Id("v").Id(g.names[t]))
		read = d().Dot("decode" + g.fn[t]).Call(jen.Op("&").Id("v"))
	case validate:
	default:
		read = jen.Id("v").Op(":=").Add(read)
	}
	return append(body, g.checkedWith("d", ch, read)...)
}

// saysOwnType reports whether a value of another JSON type than t's breaks
// t's check as the decoder says it does ("must be number"): where the
// check allows types t does not hold ("must be number or integer"), the
// check says it (deferred).
func saysOwnType(t *model.Type) bool {
	r := typeRule(checksOf(t))
	return r == nil || r.Phrase() == typeWord(t)
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
	if g.exactRuntime {
		return "integer"
	}
	return "wideInteger"
}
