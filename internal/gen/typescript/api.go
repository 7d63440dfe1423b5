package typescript

import (
	"fmt"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen/api"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// API lists the exports of the module Generate would write for s, each keyed
// by the schema construct it comes from, for comparing two versions of a
// schema (package breaking). The error is Generate's.
func API(s *model.Schema) (*api.Surface, error) {
	e, err := newEmitter(s)
	if err != nil {
		return nil, err
	}
	// Generating checks what newEmitter leaves to the files (defaults,
	// names that collide with the generated code's own).
	if _, err := Generate(s, Options{}); err != nil {
		return nil, err
	}
	out := &api.Surface{Lang: "TypeScript"}
	add := func(sym *api.Symbol) { out.Symbols = append(out.Symbols, sym) }
	for _, t := range s.Types {
		key := "type " + t.Name
		add(&api.Symbol{Key: key, Kind: api.KindType, Name: e.names[t], Type: e.shape(t), Pointer: t.Pointer})
		for i, v := range t.Values {
			add(&api.Symbol{Key: "value " + t.Name + "." + v, Kind: api.KindValue, Name: e.names[t] + " " + str(v), Type: str(v), Owner: key, Pointer: fmt.Sprintf("%s/enum/%d", t.Pointer, i)})
		}
		for _, f := range t.Fields {
			typ := e.fieldType(f)
			if !f.Required {
				typ = "?" + typ
			}
			add(&api.Symbol{Key: "field " + t.Name + "." + f.Name, Kind: api.KindField, Name: e.names[t] + "." + f.Name,
				Type: typ, Owner: key, Pointer: t.Pointer + "/properties/" + jsonptr.Escape(f.Name)})
		}
	}
	for _, t := range s.Types {
		for i, b := range t.Builders {
			e.builderAPI(b, fmt.Sprintf("%s/x-omnigen/builders/%d", t.Pointer, i), add)
		}
	}
	var names []string
	for name, what := range e.exports {
		if !strings.HasPrefix(what, "type ") && !strings.HasPrefix(what, "builder ") && !strings.HasPrefix(what, "the arguments of ") && !strings.HasPrefix(what, "the options of ") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		add(&api.Symbol{Key: "export " + name, Kind: api.KindName, Name: name, Pointer: "#"})
	}
	return out, nil
}

// builderAPI adds a builder and the interface of its argument or options.
func (e *emitter) builderAPI(b *model.Builder, ptr string, add func(*api.Symbol)) {
	key := "builder " + b.Name
	sym := &api.Symbol{Key: key, Kind: api.KindBuilder, Name: builderName(b), Type: e.result(b.Target), Pointer: ptr}
	if b.Style == model.Whole {
		sym.Params = []api.Param{{Key: "payload", Name: "payload", Type: e.names[b.Target], Positional: true, Required: true, Pointer: ptr}}
	}
	positional, _ := b.Split()
	for i, p := range b.Params {
		pptr := fmt.Sprintf("%s/params/%d", ptr, i)
		if p.InOptions {
			pptr = fmt.Sprintf("%s/options/%d", ptr, i-len(positional))
		}
		sym.Params = append(sym.Params, api.Param{
			Key: p.Name, Name: p.Name, Type: e.fieldType(p.Field), Pointer: pptr,
			Positional: b.Style == model.Positional && !p.InOptions,
			Required:   p.Required() && !p.InOptions,
		})
	}
	add(sym)
	switch {
	case b.Style == model.Object:
		add(&api.Symbol{Key: "arguments " + b.Name, Kind: api.KindType, Name: argsName(b), Type: "interface", Owner: key, Pointer: ptr})
	case b.HasOptions():
		add(&api.Symbol{Key: "options " + b.Name, Kind: api.KindType, Name: optionsName(b), Type: "interface", Owner: key, Pointer: ptr})
	}
}

// shape is what a named type's declaration says beyond its name.
func (e *emitter) shape(t *model.Type) string {
	switch t.Kind {
	case model.KindObject:
		return "interface"
	case model.KindEnum:
		return "string literals"
	case model.KindUnion:
		return "union"
	}
	return union(e.inPlace.members(t)).flat()
}
