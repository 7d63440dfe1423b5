package golang

// interop.go: how a generated package meets the standard library. Every
// object type implements json.Marshaler and json.Unmarshaler with the
// package's own codec, so that a struct of the caller's that holds a
// Message (or a payload) marshals to the protocol's bytes and not to Go
// field names; and every string type of format date-time converts to and
// from time.Time.

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// interopFile renders the json.Marshaler and json.Unmarshaler methods and
// the time conversions; nil when the schema has nothing for them.
func (g *generator) interopFile() *jen.File {
	f := g.newFile()
	n := 0
	for _, t := range g.s.Types {
		if t.Kind == model.KindObject && (t == g.s.Root || g.decodes[t] && g.encodes[t]) {
			g.jsonMethods(f, t)
			n++
		}
	}
	n += g.addTimeMethods(f)
	if n == 0 {
		return nil
	}
	return f
}

// addTimeMethods renders the time conversions of every date-time string
// type into f and returns how many types have them.
func (g *generator) addTimeMethods(f *jen.File) int {
	n := 0
	for _, t := range g.s.Types {
		if name, ok := g.timeOf[t]; ok {
			g.timeMethods(f, t, name)
			n++
		}
	}
	return n
}

// jsonMethods renders MarshalJSON and UnmarshalJSON of the object type t:
// the root's call Marshal and Unmarshal, the others the type's encoder and
// decoder.
func (g *generator) jsonMethods(f *jen.File, t *model.Type) {
	name := g.names[t]
	text := fmt.Sprintf("MarshalJSON implements json.Marshaler: it writes v as Marshal writes it%s, so that json.Marshal of a value that holds a %s writes the protocol's bytes.", insideRoot(g, t), name)
	if t == g.s.Root {
		text += " (json.Marshal then escapes <, > and & as \\u003c, \\u003e and \\u0026, as it does in any string; a json.Encoder with SetEscapeHTML(false) keeps them as they are.)"
	}
	f.Add(doc(text))
	var marshal []jen.Code
	if t == g.s.Root {
		marshal = []jen.Code{jen.Return(jen.Id("Marshal").Call(jen.Id("v")))}
	} else {
		marshal = g.marshalBody(t, func() jen.Code { return jen.Op("&").Id("v") }, false)
	}
	f.Func().Params(jen.Id("v").Id(name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(marshal...)
	f.Line()

	f.Add(doc(fmt.Sprintf("UnmarshalJSON implements json.Unmarshaler: it decodes data as Unmarshal decodes a %s%s, validating it, and leaves v as it was on an error (an *Error, its pointer relative to data).", name, insideRoot(g, t))))
	var unmarshal []jen.Code
	if t == g.s.Root {
		unmarshal = []jen.Code{jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("Unmarshal").Call(jen.Id("data"))}
	} else {
		unmarshal = []jen.Code{
			jen.Id("d").Op(":=").Id("newDecoder").Call(jen.Id("data"), jen.False()),
			jen.Var().Id("x").Id(name),
			d().Dot("decode" + g.fn[t]).Call(jen.Op("&").Id("x")),
			jen.Err().Op(":=").Id("d").Dot("finish").Call(),
		}
	}
	unmarshal = append(unmarshal,
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("v").Op("=").Id("x"),
		jen.Return(jen.Nil()),
	)
	f.Func().Params(jen.Id("v").Op("*").Id(name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(unmarshal...)
	f.Line()
}

// insideRoot says, of a type that is not the root, that Marshal writes it
// as part of the root.
func insideRoot(g *generator, t *model.Type) string {
	if t == g.s.Root {
		return ""
	}
	return " inside a " + g.names[g.s.Root]
}

// timeMethods renders Time and NAMEOf of a date-time string type: the
// conversions from and to time.Time.
func (g *generator) timeMethods(f *jen.File, t *model.Type, of string) {
	name := g.names[t]
	f.Add(doc(fmt.Sprintf("Time parses v (RFC 3339, as time.RFC3339Nano reads it) as a time.Time in UTC. An invalid %s is an error; so is a leap second (second 60), which time.Time cannot hold.", name)))
	f.Func().Params(jen.Id("v").Id(name)).Id("Time").Params().Params(jen.Qual("time", "Time"), jen.Error()).Block(
		jen.List(jen.Id("t"), jen.Err()).Op(":=").Qual("time", "Parse").Call(jen.Qual("time", "RFC3339Nano"), jen.String().Call(jen.Id("v"))),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Qual("time", "Time").Values(), jen.Err())),
		jen.Return(jen.Id("t").Dot("UTC").Call(), jen.Nil()),
	)
	f.Line()
	f.Add(doc(fmt.Sprintf("%s is t as a %s: in UTC with millisecond precision, as JavaScript's Date.prototype.toISOString writes it (2006-01-02T15:04:05.000Z); finer precision is truncated. A year outside 0000–9999 gives a %s that Marshal rejects.", of, name, name)))
	f.Func().Id(of).Params(jen.Id("t").Qual("time", "Time")).Id(name).Block(
		jen.Return(jen.Id(name).Call(jen.Id("t").Dot("UTC").Call().Dot("Format").Call(jen.Lit("2006-01-02T15:04:05.000Z")))),
	)
	f.Line()
}

// nameTimes claims the NAMEOf constructor of every named string type of
// format date-time.
func (g *generator) nameTimes() error {
	g.timeOf = map[*model.Type]string{}
	for _, t := range g.s.Types {
		if t.Kind == model.KindString && t.Constraints.Format == "date-time" {
			of := g.names[t] + "Of"
			if err := g.export(of, t.Pointer+"/format"); err != nil {
				return err
			}
			g.timeOf[t] = of
		}
	}
	return nil
}
