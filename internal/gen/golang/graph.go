package golang

import "github.com/omnigen-dev/omnigen/internal/gen/model"

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
