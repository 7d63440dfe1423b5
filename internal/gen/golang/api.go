package golang

import (
	"fmt"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen/api"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// API lists the exported names of the package Generate would write for s,
// each keyed by the schema construct it comes from, for comparing two
// versions of a schema (package breaking). The error is Generate's.
func API(s *model.Schema, opts Options) (*api.Surface, error) {
	if opts.Package == "" {
		opts.Package = "api" // the package's name is not part of its API
	}
	if _, err := Generate(s, opts); err != nil {
		return nil, err
	}
	g, err := newGeneral(s, opts)
	if err != nil {
		return nil, err
	}
	out := &api.Surface{Lang: "Go"}
	add := func(sym *api.Symbol) { out.Symbols = append(out.Symbols, sym) }
	g.typeSymbols(add)
	// The entry points, and the exported names of the runtime the package
	// carries (one that shares or imports its runtime has none).
	runtime := []string{g.entry("Validate"), g.entry("Unmarshal"), g.entry("Marshal")}
	if g.prefix == "" && !g.imported {
		for _, src := range []string{runtimeSource, checkRuntimeSource, orderedRuntimeSource, shapeRuntimeSource} {
			for _, name := range declaredNames(src) {
				if isExportedIdent(name) {
					runtime = append(runtime, name)
				}
			}
		}
	}
	if s.Annotated {
		x, err := g.annotator()
		if err != nil {
			return nil, err
		}
		runtime = append(runtime, x.annotationSymbols(add)...)
	}
	for _, n := range g.nullOrder {
		runtime = append(runtime, n.name)
	}
	sort.Strings(runtime)
	for _, name := range runtime {
		add(&api.Symbol{Key: "runtime " + name, Kind: api.KindName, Name: name, Pointer: "#"})
	}
	return out, nil
}

// typeSymbols adds the package's types, their constants and fields (the
// Extra field of an open object too), and the wrappers of union members.
func (g *general) typeSymbols(add func(*api.Symbol)) {
	for _, t := range g.s.Types {
		key := "type " + t.Name
		add(&api.Symbol{Key: key, Kind: api.KindType, Name: g.names[t], Type: g.shape(t), Pointer: t.Pointer})
		for i, c := range g.consts[t] {
			name, value := "", ""
			if t.Kind == model.KindEnum {
				name, value = t.Values[i], fmt.Sprintf("%q", t.Values[i])
			} else {
				name = string(t.Literals[i].JSON)
				value = name
			}
			add(&api.Symbol{Key: "value " + t.Name + "." + name, Kind: api.KindValue, Name: c, Type: value, Owner: key, Pointer: fmt.Sprintf("%s/enum/%d", t.Pointer, i)})
		}
		for _, f := range t.Fields {
			add(&api.Symbol{Key: "field " + t.Name + "." + f.Name, Kind: api.KindField, Name: g.names[t] + "." + g.fields[f],
				Type: g.fieldType(f).GoString(), Owner: key, Pointer: t.Pointer + "/properties/" + jsonptr.Escape(f.Name)})
		}
		if extra, ok := g.extra[t]; ok {
			typ := "[]" + g.member
			if t.Additional != nil {
				typ = jen.Add(g.mapType(t.Additional)).GoString()
			}
			add(&api.Symbol{Key: "extra " + t.Name, Kind: api.KindField, Name: g.names[t] + "." + extra, Type: typ, Owner: key, Pointer: t.Pointer})
		}
		for _, m := range t.Members {
			if w, ok := g.wrappers[wrapKey{t, m}]; ok {
				add(&api.Symbol{Key: "member " + t.Name + "." + w, Kind: api.KindType, Name: w, Type: g.goType(m).GoString(), Owner: key, Pointer: m.Pointer})
			}
		}
	}
}

// annotationSymbols adds the x-omnigen API of a package of the dialect:
// its builders and helpers; and returns the names of the aggregator's
// runtime.
func (g *generator) annotationSymbols(add func(*api.Symbol)) []string {
	for _, t := range g.s.Types {
		for _, b := range t.Builders {
			g.builderAPI(b, add)
		}
	}
	var helpers []string
	for name := range g.helperNames {
		helpers = append(helpers, name)
	}
	sort.Strings(helpers)
	for _, name := range helpers {
		add(&api.Symbol{Key: "helper " + name, Kind: api.KindName, Name: g.helperNames[name], Pointer: "#"})
	}
	var runtime []string
	if len(g.s.Aggregates) > 0 {
		runtime = append(runtime, "PartialAggregator", "AggregateAll")
	}
	if g.now != "" {
		runtime = append(runtime, "Now")
	}
	return runtime
}

// builderAPI adds a builder and its options struct.
func (g *generator) builderAPI(b *model.Builder, add func(*api.Symbol)) {
	info := g.builders[b]
	key := "builder " + b.Name
	result := "*" + g.names[b.Target]
	if env := g.s.Envelope; env != nil {
		result = g.names[env.Type]
	}
	sym := &api.Symbol{Key: key, Kind: api.KindBuilder, Name: info.name, Type: result, Pointer: info.ptr}
	if b.Style == model.Whole {
		sym.Params = []api.Param{{Key: "payload", Name: "payload", Type: g.names[b.Target], Positional: true, Required: true, Pointer: info.ptr}}
	}
	positional, _ := b.Split()
	for i, pi := range info.params {
		ptr := fmt.Sprintf("%s/params/%d", info.ptr, i)
		if pi.p.InOptions {
			ptr = fmt.Sprintf("%s/options/%d", info.ptr, i-len(positional))
		}
		sym.Params = append(sym.Params, api.Param{Key: pi.p.Name, Name: pi.name, Type: pi.typ.GoString(), Positional: pi.positional, Required: pi.positional, Pointer: ptr})
	}
	add(sym)
	if info.options != "" {
		add(&api.Symbol{Key: "options " + b.Name, Kind: api.KindType, Name: info.options, Type: "struct", Owner: key, Pointer: info.ptr})
	}
}

// shape is what a defined type's declaration says beyond its name: its
// underlying type, or the kind of type it is.
func (g *general) shape(t *model.Type) string {
	switch t.Kind {
	case model.KindObject, model.KindScalarUnion, model.KindTuple:
		return "struct"
	case model.KindUnion:
		return "interface"
	case model.KindMap:
		if !g.native {
			return "struct"
		}
	}
	return g.baseType(t).GoString()
}
