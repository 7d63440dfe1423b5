package golang

// times.go: every string type of format date-time of a schema in the
// x-omnigen dialect converts to and from time.Time.

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

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
