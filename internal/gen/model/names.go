package model

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/gertd/go-pluralize"
)

// How the types of a schema outside the dialect are named, in every
// language alike: as a person names them. A type with a name of its own
// (its key in $defs, its title, its file) keeps it. Any other is named for
// where it was first met: a property's object for the property
// (maintainer → Maintainer), an array's items for one item (dependencies
// → Dependency), a map's values likewise; only when that name is taken is
// it qualified by its holder's (ChartMaintainer), and only when that is
// taken too is it numbered. A union's members and a tuple's items are
// parts of it, named after it (EventIDString, PairItem0).

// hint is where a type was first met, for its name.
type hint struct {
	// short is the type's own name (Maintainer), or its suffix when it is
	// a part (String).
	short string
	// holder is the type whose property, items or member it is; nil for a
	// type with a name of its own.
	holder *Type
	// part is set when the name is always holder's followed by short.
	part bool
}

// child is the hint of a type met as the property, items or values name
// of holder.
func child(name string, holder *Type) hint { return hint{short: name, holder: holder} }

// partOf is the hint of a type that is part suffix of holder.
func partOf(holder *Type, suffix string) hint {
	return hint{short: suffix, holder: holder, part: true}
}

// plurals is the English inflection, made when first needed: making it
// compiles its rules, which a run that names no list need not pay for.
var plurals = sync.OnceValue(pluralize.NewClient)

// oneOf is the name of one item of a list called name (Dependencies →
// Dependency, ImportValues → ImportValue), of one value of a map; name
// followed by suffix when the last word of name is not a plural English
// noun (Include → IncludeItem, Metadata → MetadataItem).
func oneOf(name, suffix string) string {
	i := lastWord(name)
	word := name[i:]
	lower := strings.ToLower(word)
	if word == "" || !plurals().IsPlural(lower) || plurals().IsSingular(lower) || strings.HasSuffix(lower, "data") {
		return name + suffix
	}
	one := plurals().Singular(word)
	if one == "" || one == word {
		return name + suffix
	}
	return name[:i] + one
}

// lastWord is where the last word of a PascalCase name starts.
func lastWord(name string) int {
	rs := []rune(name)
	at := 0
	for i := 1; i < len(rs); i++ {
		lowerNext := i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if unicode.IsUpper(rs[i]) && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) || lowerNext && unicode.IsUpper(rs[i-1])) {
			at = i
		}
	}
	return len(string(rs[:at]))
}

// depth is how deep a type's schema sits in its document.
func depth(pointer string) int {
	_, frag, _ := strings.Cut(pointer, "#")
	return strings.Count(frag, "/")
}

// named names the types that are defined (have a name in the generated
// code) and returns them: the root first, then in the order they were
// made. Types with a name of their own are named first: a name two of them
// would share goes to the first in location order, the others are
// numbered. Then the others, shallowest first: each takes its own name if
// it is free, else its holder's name followed by it, else that numbered.
// So a name moves only when a type that wants it comes nearer the root.
func (sh *shaper) named() []*Type {
	var out, own, derived []*Type
	for _, t := range sh.all {
		if !t.Defined {
			continue
		}
		out = append(out, t)
		if sh.holders[t] == nil {
			own = append(own, t)
		} else {
			derived = append(derived, t)
		}
	}
	taken := map[string]bool{}
	sort.SliceStable(own, func(i, j int) bool { return own[i].Pointer < own[j].Pointer })
	for _, t := range own {
		name := sh.hints[t]
		if name == "" {
			name = "Value"
		}
		taken[name] = true
	}
	claimed := map[string]bool{}
	for _, t := range own {
		name := sh.hints[t]
		if name == "" {
			name = "Value"
		}
		if claimed[name] {
			name = numbered(name, taken)
		}
		claimed[name] = true
		t.Name = name
	}
	sort.SliceStable(derived, func(i, j int) bool { return depth(derived[i].Pointer) < depth(derived[j].Pointer) })
	for _, t := range derived {
		short, holder := sh.hints[t], sh.nameOf(sh.holders[t])
		if sh.parts[t] {
			t.Name = holder + short
		} else {
			if short == "" {
				short = "Value"
			}
			t.Name = short
			if q := join(holder, short); q != short {
				if taken[short] || sh.dialect {
					t.Name = q
				} else {
					// What a language whose own names take short may
					// call it instead.
					t.Qualified = q
				}
			}
		}
		if taken[t.Name] {
			t.Name = numbered(t.Name, taken)
		}
		taken[t.Name] = true
	}
	return out
}

// numbered is name followed by the first number from 2 on that makes a
// name not taken; it takes it.
func numbered(name string, taken map[string]bool) string {
	n := 2
	for taken[name+strconv.Itoa(n)] {
		n++
	}
	taken[name+strconv.Itoa(n)] = true
	return name + strconv.Itoa(n)
}

// nameOf is the name of t, named or not yet: what its hint makes of it.
func (sh *shaper) nameOf(t *Type) string {
	if t == nil {
		return ""
	}
	if t.Name != "" {
		return t.Name
	}
	if t.Kind == KindNullable && t.Elem != nil && t.Elem.Name != "" {
		return t.Elem.Name
	}
	if h := sh.holders[t]; h != nil && sh.parts[t] && h != t {
		return sh.nameOf(h) + sh.hints[t]
	}
	return sh.hints[t]
}
