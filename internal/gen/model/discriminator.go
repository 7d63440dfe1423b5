package model

// discriminate sets the Discriminator of every union whose leaves are all
// objects tagged by the same property with distinct values. A union that is
// not told apart that way (one chosen by an envelope's kind, say) keeps "".
func discriminate(s *Schema) {
	for _, t := range s.Types {
		if t.Kind != KindUnion {
			continue
		}
		name := ""
		seen := map[string]bool{}
		for _, leaf := range t.Leaves() {
			if leaf.Kind != KindObject || leaf.Tag == nil || (name != "" && leaf.Tag.Name != name) || seen[leaf.TagValue()] {
				name = ""
				break
			}
			name = leaf.Tag.Name
			seen[leaf.TagValue()] = true
		}
		t.Discriminator = name
	}
}
