package model

// discriminate sets the Discriminator of every union whose leaves are all
// objects tagged by the same property with distinct values: the first
// leaf's tag where it tells them apart, else the first such property of the
// first leaf, whatever order the others declare theirs in. That property
// becomes each leaf's Tag, and a leaf keeps the tag an earlier union gave
// it: a union that could only be told apart by another property of a
// shared leaf, or not at all (one chosen by an envelope's kind, say),
// keeps "".
func discriminate(s *Schema) {
	tagged := map[*Type]string{}
	for _, t := range s.Types {
		if t.Kind != KindUnion {
			continue
		}
		leaves := t.Leaves()
		if len(leaves) == 0 {
			continue
		}
		names := []string{}
		if leaves[0].Tag != nil {
			names = append(names, leaves[0].Tag.Name)
		}
		for _, f := range leaves[0].Fields {
			names = append(names, f.Name)
		}
		for _, name := range names {
			if tellsApart(leaves, name, tagged) {
				t.Discriminator = name
				for _, leaf := range leaves {
					leaf.Tag = leaf.Field(name)
					tagged[leaf] = name
				}
				break
			}
		}
	}
}

// tellsApart reports whether every leaf is an object that requires the
// property name with a const value of its own, and no leaf is tagged by
// another property already.
func tellsApart(leaves []*Type, name string, tagged map[*Type]string) bool {
	seen := map[string]bool{}
	for _, leaf := range leaves {
		if leaf.Kind != KindObject || tagged[leaf] != "" && tagged[leaf] != name {
			return false
		}
		v, ok := tagValue(leaf, name)
		if !ok || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}
