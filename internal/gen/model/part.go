package model

// subchecks lists the checks rule r runs on the value (inPlace) or on
// parts of it: items, members, names. A nil entry accepts everything.
func subchecks(r Rule) []*Check {
	if in := inPlace(r); in != nil {
		return in
	}
	var out []*Check
	switch r := r.(type) {
	case *ItemsRule:
		out = append(out, r.Check)
	case *PrefixItemsRule:
		out = append(out, r.Checks...)
	case *ContainsRule:
		out = append(out, r.Check)
	case *PropertiesRule:
		for _, p := range r.Props {
			out = append(out, p.Check)
		}
	case *PatternPropertiesRule:
		for _, p := range r.Props {
			out = append(out, p.Check)
		}
	case *AdditionalRule:
		out = append(out, r.Check)
	case *PropertyNamesRule:
		out = append(out, r.Check)
	case *UnevaluatedRule:
		out = append(out, r.Check)
	}
	return out
}

// Part is the program of the checks roots reach, in p's order, with the
// patterns, literals and formats their rules use: what a package renders
// that runs some checks of a schema and not the rest. Its checks, patterns
// and literals are p's own, their names and indexes unchanged.
func (p *Program) Part(roots []*Check) *Program {
	reached := map[*Check]bool{}
	var visit func(ch *Check)
	visit = func(ch *Check) {
		if ch == nil || reached[ch] {
			return
		}
		reached[ch] = true
		if to := ch.Forward(); to != nil {
			visit(to)
		}
		for _, r := range ch.Rules {
			for _, sub := range subchecks(r) {
				visit(sub)
			}
		}
	}
	for _, ch := range roots {
		visit(ch)
	}
	part := &Program{Roots: roots}
	patterns, literals, formats := map[*Pattern]bool{}, map[*Literal]bool{}, map[string]bool{}
	for _, ch := range p.Checks {
		if !reached[ch] {
			continue
		}
		part.Checks = append(part.Checks, ch)
		for _, r := range ch.Rules {
			switch r := r.(type) {
			case *PatternRule:
				patterns[r.Pattern] = true
			case *PatternPropertiesRule:
				for _, pc := range r.Props {
					patterns[pc.Pattern] = true
				}
			case *AdditionalRule:
				for _, pat := range r.Patterns {
					patterns[pat] = true
				}
			case *ConstRule:
				literals[r.Value] = true
			case *EnumRule:
				for _, l := range r.Values {
					literals[l] = true
				}
			case *FormatRule:
				formats[r.Format] = true
			}
		}
	}
	for _, pat := range p.Patterns {
		if patterns[pat] {
			part.Patterns = append(part.Patterns, pat)
		}
	}
	for _, l := range p.Literals {
		if literals[l] {
			part.Literals = append(part.Literals, l)
		}
	}
	for _, f := range p.Formats {
		if formats[f] {
			part.Formats = append(part.Formats, f)
		}
	}
	return part
}
