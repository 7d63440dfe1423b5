package model

import "slices"

// Dispatch, for an anyOf or oneOf whose Closest has a tag, lists for each
// member the values of the tag an object it accepts must carry, as the
// program itself proves them (a required property whose check allows only
// those strings): a member without such values is nil. A checker may skip a
// member for an object whose tag is not one of its values, since the member
// cannot accept it; the verdict and every problem stay the same, only
// sooner. Closest's tags say whom an error is meant for; Dispatch is what
// the rules guarantee, so it holds in every draft and vocabulary.
type Dispatch [][]string

// maxDispatchDepth bounds how many references and nested unions
// tagValues follows.
const maxDispatchDepth = 16

// dispatch sets the Dispatch of every anyOf and oneOf with a tag.
func (c *compiler) dispatch() {
	for _, ch := range c.prog.Checks {
		for _, r := range ch.Rules {
			cl, members := Union(r)
			if cl == nil || cl.Tag == "" {
				continue
			}
			d := make(Dispatch, len(members))
			some := false
			for i, m := range members {
				if vals, ok := tagValues(m, cl.Tag, 0); ok {
					d[i], some = vals, true
				}
			}
			if some {
				cl.Dispatch = d
			}
		}
	}
}

// Union is the Closest and the members of an anyOf or oneOf rule, nil for
// another rule.
func Union(r Rule) (*Closest, []*Check) {
	switch r := r.(type) {
	case *AnyOfRule:
		return r.Closest, r.Checks
	case *OneOfRule:
		return r.Closest, r.Checks
	}
	return nil, nil
}

// TagValues reports the strings property tag of an object ch accepts must
// be, when ch's rules require the property and allow only those strings.
func TagValues(ch *Check, tag string) ([]string, bool) { return tagValues(ch, tag, 0) }

// tagValues is TagValues, depth references and unions down.
func tagValues(ch *Check, tag string, depth int) ([]string, bool) {
	if ch == nil || depth > maxDispatchDepth {
		return nil, false
	}
	required := false
	var own []string
	ownOK := false
	for _, r := range ch.Rules {
		switch r := r.(type) {
		case *RequiredRule:
			if slices.Contains(r.Names, tag) {
				required = true
			}
		case *PropertiesRule:
			for _, p := range r.Props {
				if p.Name == tag && !p.Deny {
					own, ownOK = onlyStrings(p.Check, 0)
				}
			}
		case *RefRule:
			if vals, ok := tagValues(r.Check, tag, depth+1); ok {
				return vals, true
			}
		case *AllOfRule:
			for _, m := range r.Checks {
				if vals, ok := tagValues(m, tag, depth+1); ok {
					return vals, true
				}
			}
		case *AnyOfRule, *OneOfRule:
			_, members := Union(r)
			if vals, ok := unionTagValues(members, tag, depth); ok {
				return vals, true
			}
		}
	}
	if required && ownOK {
		return own, true
	}
	return nil, false
}

// unionTagValues are the tag values of a union: those of every member,
// when each member has some.
func unionTagValues(members []*Check, tag string, depth int) ([]string, bool) {
	var out []string
	for _, m := range members {
		vals, ok := tagValues(m, tag, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, vals...)
	}
	return out, len(members) > 0
}

// onlyStrings reports the strings ch allows, when it allows nothing else
// (a const or an enum of strings, perhaps behind references).
func onlyStrings(ch *Check, depth int) ([]string, bool) {
	if ch == nil || depth > maxDispatchDepth {
		return nil, false
	}
	for _, r := range ch.Rules {
		switch r := r.(type) {
		case *ConstRule:
			if s, ok := r.Value.Value.(string); ok {
				return []string{s}, true
			}
		case *EnumRule:
			var out []string
			for _, l := range r.Values {
				s, ok := l.Value.(string)
				if !ok {
					out = nil
					break
				}
				out = append(out, s)
			}
			if out != nil {
				return out, true
			}
		case *RefRule:
			if vals, ok := onlyStrings(r.Check, depth+1); ok {
				return vals, true
			}
		}
	}
	return nil, false
}
