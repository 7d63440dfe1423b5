package breaking

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/gen/api"
	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
)

// Surfaces returns the API of the code generated from s in each language,
// or, for a language that cannot render s, why not.
func surfaces(s *model.Schema) (map[string]*api.Surface, map[string]error) {
	out, errs := map[string]*api.Surface{}, map[string]error{}
	if g, err := golang.API(s, golang.Options{}); err != nil {
		errs["Go"] = err
	} else {
		out["Go"] = g
	}
	if t, err := typescript.API(s); err != nil {
		errs["TypeScript"] = err
	} else {
		out["TypeScript"] = t
	}
	return out, errs
}

// Languages are the generated languages the API category compares, in the
// order reports list them.
var Languages = []string{"Go", "TypeScript"}

// CompareAPI lists the changes to the generated code's API from old to new,
// in every language: what a caller of the code generated from old finds
// renamed, removed or called differently in the code generated from new.
// Notes say which languages could not be compared (a schema that language
// cannot render), and why.
func CompareAPI(old, new *model.Schema) (changes []Change, notes []string) {
	os, oerrs := surfaces(old)
	ns, nerrs := surfaces(new)
	for _, lang := range Languages {
		switch {
		case oerrs[lang] != nil:
			notes = append(notes, fmt.Sprintf("%s API not compared: the old schema does not generate %s: %v", lang, lang, oerrs[lang]))
		case nerrs[lang] != nil:
			notes = append(notes, fmt.Sprintf("%s API not compared: the new schema does not generate %s: %v", lang, lang, nerrs[lang]))
		default:
			cs := compareSurfaces(os[lang], ns[lang])
			sortChanges(cs)
			changes = append(changes, cs...)
		}
	}
	return changes, notes
}

// compareSurfaces pairs the symbols of two surfaces by key.
func compareSurfaces(o, n *api.Surface) []Change {
	var out []Change
	say := func(ptr string, r Rule, format string, args ...any) {
		add(&out, ptr, r, o.Lang+": "+format, args...)
	}
	oldBy, newBy := bySymbolKey(o), bySymbolKey(n)
	// A symbol whose owner came or went is reported with its owner.
	ownerGone := func(s *api.Symbol, other map[string]*api.Symbol) bool {
		return s.Owner != "" && other[s.Owner] == nil
	}
	// Builders whose schema name changed are paired by what they build and
	// how they are called.
	renamed := map[*api.Symbol]*api.Symbol{}
	for _, os := range o.Symbols {
		if os.Kind != api.KindBuilder || newBy[os.Key] != nil {
			continue
		}
		for _, ns := range n.Symbols {
			if ns.Kind == api.KindBuilder && oldBy[ns.Key] == nil && ns.Type == os.Type && sameParams(os.Params, ns.Params) && !paired(renamed, ns) {
				renamed[os] = ns
				break
			}
		}
	}
	// local is a symbol's name without its owner's ("Allow" of
	// "ApprovalDecisionAllow"), so that renaming a type is reported once,
	// not again for each of its fields and values.
	local := func(s *api.Symbol, by map[string]*api.Symbol) string {
		if owner := by[s.Owner]; owner != nil {
			return strings.TrimPrefix(s.Name, owner.Name)
		}
		return s.Name
	}
	// A renamed type is reported once, not again in every type that
	// mentions it: old type texts are read with the new names.
	typeNames := map[string]string{}
	for _, os := range o.Symbols {
		if ns := newBy[os.Key]; ns != nil && os.Kind == api.KindType && os.Name != ns.Name {
			typeNames[os.Name] = ns.Name
		}
	}
	sameType := func(old, new string) bool {
		return identifier().ReplaceAllStringFunc(old, func(id string) string {
			if n, ok := typeNames[id]; ok {
				return n
			}
			return id
		}) == new
	}
	for _, os := range o.Symbols {
		ns := newBy[os.Key]
		if ns == nil {
			ns = renamed[os]
		}
		switch {
		case ns != nil && os.Name != ns.Name && local(os, oldBy) == local(ns, newBy):
			// Its owner was renamed, and reported.
		case ns == nil && ownerGone(os, newBy):
		case ns == nil && os.Kind == api.KindBuilder:
			say(os.Pointer, BuilderRemoved, "builder %s was removed; code that calls it no longer compiles", os.Name)
		case ns == nil:
			say(os.Pointer, NameRemoved, "%s %s was removed; code that uses it no longer compiles", os.Kind, os.Name)
		case os.Name != ns.Name && os.Kind == api.KindBuilder:
			say(ns.Pointer, BuilderRenamed, "builder %s was renamed to %s; code that calls %s no longer compiles", os.Name, ns.Name, os.Name)
		case os.Name != ns.Name:
			say(ns.Pointer, NameRenamed, "%s %s was renamed to %s; code that uses %s no longer compiles", os.Kind, os.Name, ns.Name, os.Name)
		}
		if ns == nil {
			continue
		}
		if os.Kind == api.KindBuilder {
			out = append(out, compareParams(o.Lang, ns, os.Params, ns.Params, sameType)...)
		} else if !sameType(os.Type, ns.Type) {
			say(ns.Pointer, NameTypeChanged, "%s %s changed from %s to %s; code that uses it may no longer compile", ns.Kind, ns.Name, quoteType(os.Type), quoteType(ns.Type))
		}
	}
	for _, ns := range n.Symbols {
		if oldBy[ns.Key] != nil || paired(renamed, ns) || ownerGone(ns, oldBy) {
			continue
		}
		switch {
		case ns.Kind == api.KindBuilder:
			say(ns.Pointer, BuilderAdded, "builder %s was added", ns.Name)
		case ns.Kind == api.KindField && o.Lang == "TypeScript" && !strings.HasPrefix(ns.Type, "?"):
			say(ns.Pointer, FieldAddedRequired, "required property %s was added; code that builds a %s without it no longer compiles", ns.Name, ns.Name[:strings.LastIndex(ns.Name, ".")])
		default:
			say(ns.Pointer, NameAdded, "%s %s was added", ns.Kind, ns.Name)
		}
	}
	return out
}

func bySymbolKey(s *api.Surface) map[string]*api.Symbol {
	m := make(map[string]*api.Symbol, len(s.Symbols))
	for _, sym := range s.Symbols {
		m[sym.Key] = sym
	}
	return m
}

func paired(renamed map[*api.Symbol]*api.Symbol, ns *api.Symbol) bool {
	for _, v := range renamed {
		if v == ns {
			return true
		}
	}
	return false
}

func sameParams(a, b []api.Param) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			x, y := a[i], b[i]
			x.Pointer, y.Pointer = "", ""
			if x != y {
				return false
			}
		}
	}
	return true
}

// compareParams judges how a builder's call changed: a caller breaks when
// an argument it passes is gone, moved or of another type, or when one it
// does not pass is now required.
func compareParams(lang string, b *api.Symbol, old, new []api.Param, sameType func(old, new string) bool) []Change {
	var out []Change
	say := func(ptr string, r Rule, format string, args ...any) {
		add(&out, ptr, r, lang+": "+format, args...)
	}
	position := func(ps []api.Param, key string) (int, *api.Param) {
		n := 0
		for i := range ps {
			if ps[i].Key == key {
				if !ps[i].Positional {
					return -1, &ps[i]
				}
				return n, &ps[i]
			}
			if ps[i].Positional {
				n++
			}
		}
		return -1, nil
	}
	positionals := func(ps []api.Param) []api.Param {
		var out []api.Param
		for _, p := range ps {
			if p.Positional {
				out = append(out, p)
			}
		}
		return out
	}
	newPos := positionals(new)
	// renamedFrom maps a positional param that took an old one's place
	// under another name to the old one's key.
	renamedFrom := map[string]string{}
	for _, op := range old {
		oi, np := position(new, op.Key)
		if np == nil {
			if i, _ := position(old, op.Key); op.Positional && i < len(newPos) {
				cand := newPos[i]
				if _, existed := position(old, cand.Key); existed == nil && sameType(op.Type, cand.Type) && cand.Required == op.Required {
					// Only its name changed, which callers do not write.
					renamedFrom[cand.Key] = op.Key
					say(cand.Pointer, ParamRenamed, "%s's argument %d was renamed from %s to %s; callers, which pass it by position, are unaffected", b.Name, i+1, op.Name, cand.Name)
					continue
				}
			}
			what := "argument " + op.Name
			if !op.Positional {
				what = "member " + op.Name
			}
			say(op.Pointer, ParamRemoved, "%s lost its %s; callers that pass it no longer compile", b.Name, what)
			continue
		}
		oldIndex, _ := position(old, op.Key)
		switch {
		case op.Positional != np.Positional && op.Positional:
			say(np.Pointer, ParamMoved, "%s's %s is no longer argument %d but a member %s of an object argument; callers that pass it by position no longer compile", b.Name, op.Name, oldIndex+1, np.Name)
		case op.Positional != np.Positional:
			say(np.Pointer, ParamMoved, "%s's %s is no longer a member of an object argument but argument %d; callers that pass it as a member no longer compile", b.Name, op.Name, oi+1)
		case op.Positional && oldIndex != oi:
			say(np.Pointer, ParamReordered, "%s's %s moved from argument %d to argument %d; callers that pass it by position pass the wrong value", b.Name, op.Name, oldIndex+1, oi+1)
		}
		switch {
		case !op.Required && np.Required:
			say(np.Pointer, ParamMadeRequired, "%s's %s is now required; callers that leave it out no longer compile", b.Name, np.Name)
		case op.Required && !np.Required && op.Positional == np.Positional:
			say(np.Pointer, ParamMadeOptional, "%s's %s is now optional; callers that pass it are unaffected", b.Name, np.Name)
		}
		if !sameType(op.Type, np.Type) {
			say(np.Pointer, ParamTypeChanged, "%s's %s changed type from %s to %s; callers that pass it may no longer compile", b.Name, np.Name, quoteType(op.Type), quoteType(np.Type))
		}
	}
	for _, np := range new {
		if _, op := position(old, np.Key); op != nil || renamedFrom[np.Key] != "" {
			continue
		}
		what := "argument " + np.Name
		if !np.Positional {
			what = "member " + np.Name
		}
		if np.Required {
			say(np.Pointer, ParamAddedRequired, "%s gained the required %s; callers that leave it out no longer compile", b.Name, what)
		} else {
			say(np.Pointer, ParamAddedOptional, "%s gained the optional %s; existing calls still compile", b.Name, what)
		}
	}
	return out
}

// identifier matches the names in a type's text.
var identifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`) })

// quoteType writes a language's type text for a message.
func quoteType(t string) string {
	if strings.HasPrefix(t, "?") {
		return "optional " + t[1:]
	}
	return t
}
