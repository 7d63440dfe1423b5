package golang

import (
	"slices"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// reaches reports whether target is among start and the types next leads
// to from them, at any depth: whether a type contains itself (start its
// next), or a field's type holds its struct.
func reaches(start []*model.Type, target *model.Type, next func(*model.Type) []*model.Type) bool {
	seen := map[*model.Type]bool{}
	stack := append([]*model.Type(nil), start...)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t == target {
			return true
		}
		if !seen[t] {
			seen[t] = true
			stack = append(stack, next(t)...)
		}
	}
	return false
}

// contained are the types a value of t holds directly: its fields',
// members', items', elements', map values' and select cases' types.
func contained(t *model.Type) []*model.Type {
	var out []*model.Type
	for _, f := range t.Fields {
		out = append(out, f.Type)
	}
	out = append(append(out, t.Members...), t.Tuple...)
	if t.Select != nil {
		for _, c := range t.Select.Cases {
			out = append(out, c.Type)
		}
		out = append(out, t.Select.Else)
	}
	out = append(out, t.Items, t.Elem, t.Rest)
	return slices.DeleteFunc(out, func(u *model.Type) bool { return u == nil })
}
