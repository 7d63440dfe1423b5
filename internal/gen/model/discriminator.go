package model

// discriminate sets the Discriminator of every union whose leaves are all
// objects tagged by the same property with distinct values, the first such
// property of its first leaf, whatever order the others declare theirs in:
// that property becomes each leaf's Tag. A union that is not told apart that
// way (one chosen by an envelope's kind, say) keeps "".
func discriminate(s *Schema) {
	for _, t := range s.Types {
		if t.Kind != KindUnion {
			continue
		}
		leaves := t.Leaves()
		if len(leaves) == 0 {
			continue
		}
		for _, f := range leaves[0].Fields {
			if tellsApart(leaves, f.Name) {
				t.Discriminator = f.Name
				for _, leaf := range leaves {
					leaf.Tag = leaf.Field(f.Name)
				}
				break
			}
		}
	}
}

// tellsApart reports whether every leaf is an object that requires the
// property name with a const value of its own.
func tellsApart(leaves []*Type, name string) bool {
	seen := map[string]bool{}
	for _, leaf := range leaves {
		if leaf.Kind != KindObject {
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
