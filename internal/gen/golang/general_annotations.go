package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// The x-omnigen API of a schema in the dialect compiled as any schema is
// (model.CompileOptions.DialectTypes: the shaper's types, with the
// annotations attached to them): its builders, helpers, guards and
// aggregator, rendered by the dialect's emitters (emit_builders.go,
// emit_guards.go, emit_aggregate.go) over the general package's types and
// one-pass codec, and the time conversions of its date-time strings. Its
// json.Marshaler and json.Unmarshaler methods are the codec's.

// annotationFiles renders builders.go, guards.go, aggregate.go and
// times.go, each where the schema has something for it.
func (g *general) annotationFiles() ([]gen.File, error) {
	x, err := g.annotator()
	if err != nil {
		return nil, err
	}
	return g.renderFiles([]fileStep{
		{"builders.go", x.buildersFile},
		{"guards.go", x.guardsFile},
		{"aggregate.go", x.aggregateFile},
		{"times.go", x.timesFile},
	})
}

// annotator is the renderer of the x-omnigen API over g's types, its
// names taken.
func (g *general) annotator() (*generator, error) {
	if g.one == nil {
		return nil, errorf("#", "a package of the x-omnigen dialect carries its own runtime: the runtime import is for schemas outside the dialect; generate it with the runtime copy")
	}
	x := &generator{onePass: g.one, builders: map[*model.Builder]*builderInfo{}, helperNames: map[string]string{}}
	for _, step := range []func() error{x.nameExtras, x.nameTimes} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// timesFile renders the time conversions of the date-time string types;
// nil when there are none.
func (g *generator) timesFile() *jen.File {
	f := g.newFile()
	if g.addTimeMethods(f) == 0 {
		return nil
	}
	return f
}
