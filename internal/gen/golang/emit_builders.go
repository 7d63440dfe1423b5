package golang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// paramMode says what a builder argument's Go value means.
type paramMode int

const (
	// pRequired: the value, as is.
	pRequired paramMode = iota
	// pNullable: a pointer; nil means null.
	pNullable
	// pZeroDefault: the zero value means the default.
	pZeroDefault
	// pNilDefault: a pointer; nil means the default.
	pNilDefault
	// pNullDefault: a pointer; nil means null, the default.
	pNullDefault
	// pZeroAbsent: the zero value (nil, or "" for an enum) leaves the
	// property out.
	pZeroAbsent
	// pNilAbsent: a pointer; nil leaves the property out.
	pNilAbsent
	// pOmitEmpty: an empty value (nil, "", no items, an object with no keys)
	// leaves the property out.
	pOmitEmpty
)

type builderInfo struct {
	name string
	// options names the struct of the optional arguments, "" when the
	// builder has none.
	options string
	params  []*paramInfo
	// ptr locates the builder's annotation.
	ptr string
}

type paramInfo struct {
	p *model.Param
	// name is the Go parameter, or the field of the options struct.
	name string
	// positional params are the required ones; the others are fields of
	// the options struct.
	positional bool
	mode       paramMode
	typ        *jen.Statement
	// def is the Go value of the default, when there is one (not null).
	def jen.Code
	// omitWhen is the Go value the property is left out for, or nil.
	omitWhen jen.Code
}

// nameExtras names and checks the builders, helpers, guards and the
// aggregator.
func (g *generator) nameExtras() error {
	env := g.s.Envelope
	if env != nil {
		if env.Timestamp.ValueType().Kind != model.KindString || env.Timestamp.TakesNull() {
			return errorf(env.Type.Pointer+"/properties/"+jsonptr.Escape(env.Timestamp.Name), "the envelope's timestamp must be a string")
		}
		if g.fieldPresence(env.Payload) != always {
			return errorf(env.Type.Pointer+"/properties/"+jsonptr.Escape(env.Payload.Name), "the envelope's payload must be required")
		}
	}
	if len(g.s.Builders) > 0 && env != nil {
		if err := g.export("Now", env.Type.Pointer+"/x-omnigen/envelope"); err != nil {
			return err
		}
		g.now = g.unexported("timestampNow")
	}
	for _, t := range g.s.Types {
		for i, b := range t.Builders {
			if err := g.nameBuilder(b, fmt.Sprintf("%s/x-omnigen/builders/%d", t.Pointer, i)); err != nil {
				return err
			}
		}
	}
	helper := func(name, ptr string) error {
		goName := exported(name)
		if err := g.export(goName, ptr); err != nil {
			return err
		}
		g.helperNames[name] = goName
		return nil
	}
	if env != nil {
		for i, p := range env.Prepend {
			ptr := fmt.Sprintf("%s/x-omnigen/prepend/%d", env.Type.Pointer, i)
			if err := helper(p.Name, ptr); err != nil {
				return err
			}
			if p.Field.ValueType().Items.Kind != model.KindString || g.fieldPresence(p.Field) != zeroAbsent {
				return errorf(ptr, "prepend needs an optional array of strings")
			}
		}
		for i, gd := range env.Guards {
			if err := helper(gd.Name, fmt.Sprintf("%s/x-omnigen/guards/%d", env.Type.Pointer, i)); err != nil {
				return err
			}
		}
	}
	for _, t := range g.s.Types {
		if t.Guard != nil {
			if err := helper(t.Guard.Name, t.Pointer+"/x-omnigen/guard"); err != nil {
				return err
			}
		}
		for _, h := range []*model.Helper{t.Zero, t.Sum} {
			if h == nil {
				continue
			}
			if err := helper(h.Name, t.Pointer+"/x-omnigen"); err != nil {
				return err
			}
			for _, f := range t.Fields {
				if g.fieldPresence(f) != always {
					return errorf(t.Pointer+"/x-omnigen", "%s needs every field required and not nullable; %q is not", h.Name, f.Name)
				}
			}
		}
	}
	return g.nameAggregates()
}

// nameBuilder names a builder and its params. Required params are
// positional; the optional ones are the fields of an options struct that
// the builder takes variadically, so that adding an optional param (or the
// first one) leaves every call compiling.
func (g *generator) nameBuilder(b *model.Builder, ptr string) error {
	info := &builderInfo{name: b.Names["go"], ptr: ptr}
	if info.name == "" {
		info.name = exported(b.Name)
	}
	if err := g.export(info.name, ptr+"/name"); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, p := range b.Params {
		key := "params"
		if p.InOptions {
			positional, _ := b.Split()
			key, i = "options", i-len(positional)
		}
		pptr := fmt.Sprintf("%s/%s/%d", ptr, key, i)
		pi, err := g.param(p, pptr)
		if err != nil {
			return err
		}
		pi.positional = p.Required()
		if !pi.positional {
			pi.name = exported(p.Name)
			if info.options == "" {
				info.options = info.name + "Options"
				if err := g.export(info.options, ptr+"/name"); err != nil {
					return err
				}
			}
		} else if pi.name == "" || seen[pi.name] || reservedLocal[pi.name] {
			pi.name += "Arg"
		}
		seen[pi.name] = true
		if p.OmitWhen != nil {
			if pr := g.fieldPresence(p.Field); pr != zeroAbsent && pr != nilAbsent {
				return errorf(pptr+"/omitWhen", "omitWhen on a nullable property is not supported")
			}
			if pi.omitWhen, err = g.literal(p.Field.ValueType(), p.OmitWhen, pptr+"/omitWhen"); err != nil {
				return err
			}
		}
		info.params = append(info.params, pi)
	}
	for _, fx := range b.Set {
		if string(fx.Value) == "null" {
			if !fx.Field.TakesNull() {
				return errorf(ptr+"/set/"+jsonptr.Escape(fx.Field.Name), "null for a property that is not nullable")
			}
			continue
		}
		if _, err := g.literal(fx.Field.ValueType(), fx.Value, ptr+"/set/"+jsonptr.Escape(fx.Field.Name)); err != nil {
			return err
		}
	}
	g.builders[b] = info
	return nil
}

// reservedLocal are the names a builder's body uses for itself: a
// positional param named so takes an "Arg" suffix.
var reservedLocal = map[string]bool{"p": true, "x": true, "o": true, "opts": true}

// param decides the Go form of a builder argument.
func (g *generator) param(p *model.Param, ptr string) (*paramInfo, error) {
	f, t := p.Field, p.Field.ValueType()
	pi := &paramInfo{p: p, name: local(p.Name), typ: g.goType(t)}
	ptrType := func() { pi.typ = jen.Op("*").Add(g.goType(t)) }
	switch {
	case p.Default != nil && string(p.Default) == "null":
		pi.mode = pNullDefault
		ptrType()
	case p.Default != nil:
		def, err := g.literal(t, p.Default, ptr+"/default")
		if err != nil {
			return nil, err
		}
		pi.def = def
		if zeroIs(t, p.Default) || (t.Kind == model.KindEnum && absentAsZero(t)) || t.Kind == model.KindRaw {
			// The Go zero value stands for the default (or is it).
			pi.mode = pZeroDefault
		} else {
			pi.mode = pNilDefault
			ptrType()
		}
	case f.TakesNull() && p.Optional:
		return nil, errorf(ptr, "an optional nullable param without a default is not supported")
	case p.OmitEmpty && (t.Kind == model.KindRaw || t.Kind == model.KindArray || t.Kind == model.KindString || t.Kind == model.KindEnum):
		pi.mode = pOmitEmpty
	case p.Optional && absentAsZero(t):
		pi.mode = pZeroAbsent
	case p.Optional:
		pi.mode = pNilAbsent
		ptrType()
	case f.TakesNull():
		pi.mode = pNullable
		ptrType()
	default:
		pi.mode = pRequired
	}
	if t.Kind == model.KindUnion && pi.mode == pNilAbsent {
		pi.mode = pZeroAbsent
		pi.typ = g.goType(t)
	}
	return pi, nil
}

// zeroIs reports whether the Go zero value of t is the JSON value v.
func zeroIs(t *model.Type, v json.RawMessage) bool {
	s := string(v)
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return s == `""`
	case model.KindInteger, model.KindNumber:
		f, err := strconv.ParseFloat(s, 64)
		return err == nil && f == 0
	case model.KindBoolean:
		return s == "false"
	}
	return false
}

// literal is the Go value of the JSON value v as t.
func (g *generator) literal(t *model.Type, v json.RawMessage, ptr string) (jen.Code, error) {
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return nil, errorf(ptr, "not JSON: %v", err)
	}
	bad := func() (jen.Code, error) {
		return nil, errorf(ptr, "%s is not a value of the property's type (%s)", v, t.Kind)
	}
	switch t.Kind {
	case model.KindEnum:
		s, ok := x.(string)
		if !ok {
			return bad()
		}
		for i, val := range t.Values {
			if val == s {
				return jen.Id(g.consts[t][i]), nil
			}
		}
		return bad()
	case model.KindString:
		s, ok := x.(string)
		if !ok {
			return bad()
		}
		return jen.Lit(s), nil
	case model.KindInteger:
		n, ok := x.(json.Number)
		if _, err := n.Int64(); !ok || err != nil {
			return bad()
		}
		return jen.Op(n.String()), nil
	case model.KindNumber:
		n, ok := x.(json.Number)
		if !ok {
			return bad()
		}
		return jen.Op(n.String()), nil
	case model.KindBoolean:
		b, ok := x.(bool)
		if !ok {
			return bad()
		}
		return jen.Lit(b), nil
	case model.KindRaw:
		if t.RawType == "object" {
			if _, ok := x.(map[string]any); !ok {
				return bad()
			}
		}
		return g.goType(t).Call(rawLit(string(v))), nil
	}
	return nil, errorf(ptr, "a fixed or default %s value is not supported", t.Kind)
}

// buildersFile renders the builders and the helpers.
func (g *generator) buildersFile() *jen.File {
	env := g.s.Envelope
	hasHelpers := false
	for _, t := range g.s.Types {
		hasHelpers = hasHelpers || t.Zero != nil || t.Sum != nil
	}
	if len(g.s.Builders) == 0 && !hasHelpers && (env == nil || len(env.Prepend) == 0) {
		return nil
	}
	f := g.newFile()
	if env != nil && len(g.s.Builders) > 0 {
		f.Add(doc(fmt.Sprintf("Now is the clock the builders read for the %s of the messages they make; tests may set it to a fixed time. The %s is written in UTC with millisecond precision, as JavaScript's Date.prototype.toISOString writes it: 2006-01-02T15:04:05.000Z.", env.Timestamp.Name, env.Timestamp.Name)))
		f.Var().Id("Now").Op("=").Qual("time", "Now")
		f.Line()
		f.Add(doc(fmt.Sprintf("%s is Now as a %s.", g.now, env.Timestamp.Name)))
		f.Func().Id(g.now).Params().Add(g.goType(env.Timestamp.ValueType())).Block(
			jen.Return(g.conv(env.Timestamp.ValueType(), jen.Id("Now").Call().Dot("UTC").Call().Dot("Format").Call(jen.Lit("2006-01-02T15:04:05.000Z")))),
		)
		f.Line()
	}
	for _, b := range g.s.Builders {
		g.builder(f, b)
	}
	if env != nil {
		for _, p := range env.Prepend {
			g.prepend(f, p)
		}
	}
	for _, t := range g.s.Types {
		if t.Zero != nil {
			f.Add(doc(sentence(g.helperNames[t.Zero.Name], t.Zero.Description, true)))
			f.Func().Id(g.helperNames[t.Zero.Name]).Params().Id(g.names[t]).Block(jen.Return(jen.Id(g.names[t]).Values()))
			f.Line()
		}
		if t.Sum != nil {
			var sum []jen.Code
			for _, fl := range t.Fields {
				sum = append(sum, kv(g.fields[fl], jen.Id("a").Dot(g.fields[fl]).Op("+").Id("b").Dot(g.fields[fl])))
			}
			f.Add(doc(sentence(g.helperNames[t.Sum.Name], t.Sum.Description, true)))
			f.Func().Id(g.helperNames[t.Sum.Name]).Params(jen.List(jen.Id("a"), jen.Id("b")).Id(g.names[t])).Id(g.names[t]).Block(
				jen.Return(jen.Id(g.names[t]).Values(lines(sum)...)))
			f.Line()
		}
	}
	return f
}

func (g *generator) prepend(f *jen.File, p *model.Prepend) {
	env := g.s.Envelope
	name := g.helperNames[p.Name]
	param := local(p.Param)
	if param == "msg" {
		param += "Arg"
	}
	text := sentence(name, renameParams(p.Description, map[string]string{p.Param: param}), true)
	text = join(text, "The payload is shared with msg, not copied.")
	field := g.fields[p.Field]
	f.Add(doc(text))
	f.Func().Id(name).Params(jen.Id("msg").Id(g.names[env.Type]), jen.Id(param).String()).Id(g.names[env.Type]).Block(
		jen.Id("msg").Dot(field).Op("=").Append(g.goType(p.Field.ValueType()).Values(g.conv(p.Field.ValueType().Items, jen.Id(param))), jen.Id("msg").Dot(field).Op("...")),
		jen.Return(jen.Id("msg")),
	)
	f.Line()
}

// zeroWord names the zero value of t for a sentence.
func zeroWord(t *model.Type) string {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return "empty"
	case model.KindInteger, model.KindNumber:
		return "zero"
	case model.KindBoolean:
		return "false"
	}
	return "nil"
}

func emptyWord(t *model.Type) string {
	switch t.Kind {
	case model.KindRaw:
		return "nil, or an object with no keys"
	case model.KindArray:
		return "nil, or no items"
	}
	return `""`
}

// paramNote says what a param's special values mean, "" for a plain one.
func (g *generator) paramNote(pi *paramInfo, subject string) string {
	t := pi.p.Field.ValueType()
	def := string(pi.p.Default)
	field := pi.p.Field.Name
	switch pi.mode {
	case pNullable, pNullDefault:
		return fmt.Sprintf("A nil %s means null.", subject)
	case pZeroDefault:
		if zeroIs(t, pi.p.Default) {
			return ""
		}
		return fmt.Sprintf("%s %s %s means %s.", capitalize(article(zeroWord(t))), zeroWord(t), subject, def)
	case pNilDefault:
		return fmt.Sprintf("A nil %s means %s.", subject, def)
	case pZeroAbsent:
		return fmt.Sprintf("%s %s %s leaves %s out.", capitalize(article(zeroWord(t))), zeroWord(t), subject, field)
	case pNilAbsent:
		return fmt.Sprintf("A nil %s leaves %s out.", subject, field)
	case pOmitEmpty:
		return fmt.Sprintf("An empty %s (%s) leaves %s out.", subject, emptyWord(t), field)
	}
	return ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (g *generator) builder(f *jen.File, b *model.Builder) {
	info := g.builders[b]
	env := g.s.Envelope
	target := g.names[b.Target]
	rename := map[string]string{}
	for _, pi := range info.params {
		if pi.positional {
			rename[pi.p.Name] = pi.name
		} else {
			rename[pi.p.Name] = "opts." + pi.name
		}
	}
	text := sentence(info.name, renameParams(b.Description, rename), true)
	if text == "" {
		text = fmt.Sprintf("%s builds a %s.", info.name, target)
	}
	result := jen.Op("*").Id(target)
	if env != nil {
		result = jen.Id(g.names[env.Type])
	}
	var params []jen.Code
	if b.Style == model.Whole {
		params = []jen.Code{jen.Id("payload").Id(target)}
	} else {
		var notes []string
		var positional []*paramInfo
		for _, pi := range info.params {
			if pi.positional {
				positional = append(positional, pi)
			}
		}
		for i, pi := range positional {
			if n := g.paramNote(pi, pi.name); n != "" {
				notes = append(notes, n)
			}
			if n := g.omitNote(pi, pi.name); n != "" {
				notes = append(notes, n)
			}
			// Consecutive params of one type share it: (a, b string).
			if i+1 < len(positional) && positional[i+1].typ.GoString() == pi.typ.GoString() {
				params = append(params, jen.Id(pi.name))
			} else {
				params = append(params, jen.Id(pi.name).Add(pi.typ.Clone()))
			}
		}
		if info.options != "" {
			g.optionsStruct(f, info)
			params = append(params, jen.Id("opts").Op("...").Id(info.options))
			notes = append(notes, fmt.Sprintf("The optional arguments are the fields of opts (%s).", info.options))
		}
		if len(notes) > 0 {
			text += "\n\n" + strings.Join(notes, " ")
		}
	}
	f.Add(doc(text))
	var body []jen.Code
	payload := jen.Id("p")
	if b.Style == model.Whole {
		payload = jen.Op("&").Id("payload")
	} else {
		body = g.builderBody(b, info)
	}
	if env != nil {
		body = append(body, jen.Return(jen.Id(g.names[env.Type]).Values(
			kv(g.fields[env.Timestamp], jen.Id(g.now).Call()),
			kv(g.fields[env.Payload], payload),
		)))
	} else {
		body = append(body, jen.Return(payload))
	}
	f.Func().Id(info.name).Params(params...).Add(result).Block(body...)
	f.Line()
}

// optionsStruct renders the struct of a builder's optional arguments.
func (g *generator) optionsStruct(f *jen.File, info *builderInfo) {
	var fields []jen.Code
	for _, pi := range info.params {
		if pi.positional {
			continue
		}
		note := g.paramNote(pi, pi.name)
		if note == "" {
			note = fmt.Sprintf("%s %s %s is not given.", capitalize(article(zeroWord(pi.p.Field.ValueType()))), zeroWord(pi.p.Field.ValueType()), pi.name)
			if pi.mode == pNilDefault || pi.mode == pNilAbsent || pi.mode == pNullDefault {
				note = fmt.Sprintf("A nil %s is not given.", pi.name)
			}
		}
		fdoc := join(join(strings.TrimSpace(pi.p.Field.Description), note), g.omitNote(pi, pi.name))
		fields = append(fields, doc(fdoc))
		fields = append(fields, jen.Id(pi.name).Add(pi.typ))
	}
	f.Add(doc(fmt.Sprintf("%s are the optional arguments of %s; a field left at its zero value is not given. When several are passed, a later one's given fields override an earlier one's.", info.options, info.name)))
	f.Type().Id(info.options).Struct(fields...)
	f.Line()
}

// omitNote says when a param with omitWhen leaves its property out.
func (g *generator) omitNote(pi *paramInfo, subject string) string {
	if pi.p.OmitWhen == nil {
		return ""
	}
	return fmt.Sprintf("When %s is %s, %s is not written.", subject, pi.p.OmitWhen, pi.p.Field.Name)
}

// builderBody makes p, the payload, from the params and fixed values: the
// positional params and the defaults first, then each options struct in
// turn, then the omitWhen rules.
func (g *generator) builderBody(b *model.Builder, info *builderInfo) []jen.Code {
	byField := map[*model.Field]*paramInfo{}
	for _, pi := range info.params {
		byField[pi.p.Field] = pi
	}
	fixed := map[*model.Field]json.RawMessage{}
	for _, fx := range b.Set {
		fixed[fx.Field] = fx.Value
	}
	var initial, pre, loop, post []jen.Code
	// set assigns value (of the field's type) to field fl, as p.F = … in
	// the literal when into is nil and it can be, else as statements.
	set := func(fl *model.Field, value jen.Code, into *[]jen.Code) {
		pf := jen.Id("p").Dot(g.fields[fl])
		switch g.fieldPresence(fl) {
		case always, zeroAbsent:
			if into == nil {
				initial = append(initial, kv(g.fields[fl], value))
				return
			}
			*into = append(*into, pf.Op("=").Add(value))
		case nilAbsent:
			stmts := []jen.Code{jen.Id("x").Op(":=").Add(value), pf.Clone().Op("=").Op("&").Id("x")}
			if into == nil {
				pre = append(pre, jen.Block(stmts...))
				return
			}
			*into = append(*into, stmts...)
		case nullValue, nullPointer:
			v := jen.Id(g.nullName(fl.ValueType())).Values(kv("Value", value))
			if g.fieldPresence(fl) == nullPointer {
				v = jen.Op("&").Add(v)
			}
			if into == nil {
				initial = append(initial, kv(g.fields[fl], v))
				return
			}
			*into = append(*into, pf.Op("=").Add(v))
		}
	}
	null := func(fl *model.Field) {
		v := jen.Id(g.nullName(fl.ValueType())).Values(kv("Null", jen.True()))
		if g.fieldPresence(fl) == nullPointer {
			v = jen.Op("&").Add(v)
		}
		initial = append(initial, kv(g.fields[fl], v))
	}
	// given appends to stmts: if cond { p.F = value }.
	given := func(stmts *[]jen.Code, fl *model.Field, cond *jen.Statement, value jen.Code) {
		var then []jen.Code
		set(fl, value, &then)
		*stmts = append(*stmts, jen.If(cond).Block(then...))
	}
	for _, fl := range b.Target.Fields {
		if v, ok := fixed[fl]; ok {
			if string(v) == "null" {
				null(fl)
				continue
			}
			lit, _ := g.literal(fl.ValueType(), v, "")
			set(fl, lit, nil)
			continue
		}
		pi, ok := byField[fl]
		if !ok {
			continue
		}
		if pi.positional {
			a := jen.Id(pi.name)
			switch pi.mode {
			case pRequired:
				set(fl, a, nil)
			case pNullable:
				null(fl)
				given(&pre, fl, a.Clone().Op("!=").Nil(), jen.Op("*").Add(a.Clone()))
			}
		} else {
			a := jen.Id("o").Dot(pi.name)
			// A default that omitWhen leaves out is nothing to write.
			silent := pi.omitWhen != nil && string(pi.p.Default) == string(pi.p.OmitWhen)
			switch pi.mode {
			case pNullDefault:
				null(fl)
				given(&loop, fl, a.Clone().Op("!=").Nil(), jen.Op("*").Add(a.Clone()))
			case pZeroDefault:
				if pr := g.fieldPresence(fl); !silent && (!zeroIs(fl.ValueType(), pi.p.Default) || (pr != always && pr != zeroAbsent)) {
					set(fl, pi.def, nil)
				}
				given(&loop, fl, g.notZero(fl.ValueType(), a.Clone()), a.Clone())
			case pNilDefault:
				if !silent {
					set(fl, pi.def, nil)
				}
				given(&loop, fl, a.Clone().Op("!=").Nil(), jen.Op("*").Add(a.Clone()))
			case pZeroAbsent:
				given(&loop, fl, g.notZero(fl.ValueType(), a.Clone()), a.Clone())
			case pNilAbsent:
				given(&loop, fl, a.Clone().Op("!=").Nil(), jen.Op("*").Add(a.Clone()))
			case pOmitEmpty:
				given(&loop, fl, g.notEmpty(fl.ValueType(), a.Clone()), a.Clone())
			}
		}
		if pi.omitWhen != nil {
			pf := jen.Id("p").Dot(g.fields[fl])
			if g.fieldPresence(fl) == nilAbsent {
				is := jen.Op("*").Add(pf.Clone()).Op("==").Add(pi.omitWhen)
				switch string(pi.p.OmitWhen) {
				case "true":
					is = jen.Op("*").Add(pf.Clone())
				case "false":
					is = jen.Op("!*").Add(pf.Clone())
				}
				post = append(post, jen.If(pf.Clone().Op("!=").Nil().Op("&&").Add(is)).Block(pf.Clone().Op("=").Nil()))
			} else {
				post = append(post, jen.If(pf.Clone().Op("==").Add(pi.omitWhen)).Block(pf.Clone().Op("=").Add(zeroLit(fl.ValueType()))))
			}
		}
	}
	body := []jen.Code{jen.Id("p").Op(":=").Op("&").Id(g.names[b.Target]).Values(lines(initial)...)}
	body = append(body, pre...)
	if len(loop) > 0 {
		body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("o")).Op(":=").Range().Id("opts")).Block(loop...))
	}
	return append(body, post...)
}

// zeroLit is the Go zero value of a type that is not a struct.
func zeroLit(t *model.Type) jen.Code {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return jen.Lit("")
	case model.KindInteger, model.KindNumber:
		return jen.Lit(0)
	case model.KindBoolean:
		return jen.False()
	}
	return jen.Nil()
}

// notZero is the condition that v is not t's Go zero value.
func (g *generator) notZero(t *model.Type, v *jen.Statement) *jen.Statement {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return v.Op("!=").Lit("")
	case model.KindInteger, model.KindNumber:
		return v.Op("!=").Lit(0)
	case model.KindBoolean:
		return v
	case model.KindRaw, model.KindArray:
		return jen.Len(v).Op("!=").Lit(0)
	}
	return v.Op("!=").Nil()
}

// notEmpty is the condition that an omitEmpty value v of t is written.
func (g *generator) notEmpty(t *model.Type, v *jen.Statement) *jen.Statement {
	switch t.Kind {
	case model.KindRaw:
		return jen.Op("!").Id("isEmptyObject").Call(v)
	case model.KindArray:
		return jen.Len(v).Op("!=").Lit(0)
	case model.KindString, model.KindEnum:
		return v.Op("!=").Lit("")
	}
	return v.Op("!=").Nil()
}

// lines lays out the items of a composite literal one per line when there
// are more than two.
func lines(items []jen.Code) []jen.Code {
	if len(items) <= 2 {
		return items
	}
	out := make([]jen.Code, 0, len(items)+1)
	for _, it := range items {
		out = append(out, jen.Line().Add(it))
	}
	return append(out, jen.Line())
}

// kv is one key: value of a composite literal; unlike jen.Dict, a list of
// them keeps its order.
func kv(key string, v jen.Code) jen.Code {
	return jen.Id(key).Op(":").Add(v)
}
