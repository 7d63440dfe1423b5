package jsonrt

import "slices"

// The members of an open object that its schema does not declare, as the
// codec of the x-omnigen dialect reads and writes them: kept as exact JSON
// in its Extra field, in document order, and written back where they came.
// A generated package of the dialect carries this file when one of its
// objects is open; one of any other schema always (readMember).

// manyMembers is the count of undeclared members from which the decoder
// looks for a repeated name in a map rather than among those before.
const manyMembers = 32

// undeclared follows the members of an object being read that its schema
// does not declare: where each one's key was, and, once there are many,
// their names.
type undeclared struct {
	at    []int
	index map[string]int
}

// readUndeclared reads the value of the member whose key the decoder has just
// read, which the object's schema does not declare, into *ms; a name given
// twice is reported as the decoder reports it in opaque JSON. The caller
// pops the name.
func (d *decoder) readUndeclared(ms *[]Member, u *undeclared) {
	name := string(d.key)
	// The members before base were read into the same Go value from an
	// earlier object: the one of a property given twice, which the decoder
	// has reported. A name is given twice only among this object's.
	base := len(*ms) - len(u.at)
	own := (*ms)[base:]
	if u.index == nil && len(own) >= manyMembers {
		u.index = make(map[string]int, 2*manyMembers)
		for i, m := range own {
			if _, ok := u.index[m.Name]; !ok {
				u.index[m.Name] = i
			}
		}
	}
	earlier := -1
	if u.index != nil {
		if i, ok := u.index[name]; ok {
			earlier = i
		} else {
			u.index[name] = len(own)
		}
	} else {
		for i, m := range own {
			if m.Name == name {
				earlier = i
				break
			}
		}
	}
	if earlier >= 0 {
		d.duplicate(d.key, u.at[earlier], d.keyStart)
	}
	u.at = append(u.at, d.keyStart)
	d.push(name)
	*ms = append(*ms, Member{Name: name, Value: d.raw(false)})
}

// readMember reads an undeclared member of an open object, as
// readUndeclared does, its value without the white space in it, as
// reader.member keeps it.
func (d *decoder) readMember(ms *[]Member, u *undeclared) {
	d.readUndeclared(ms, u)
	if m := &(*ms)[len(*ms)-1]; !d.noCopy && m.Value != nil {
		// In place: the value is the decoder's copy, and compacting only
		// drops bytes, so each write lands at or before what it reads.
		m.Value = appendCompactRaw(m.Value[:0], m.Value)
	}
}

// memberOrder is the order to write an open object's members in: order
// holds, in the order they were read in, the positions of its properties in
// names and, for each member the schema does not declare, len(names); the
// properties set since follow in names' order, then the members of ms not
// read. The key order is kept, as the TypeScript parse function keeps it,
// names that are array indexes included.
func memberOrder(order string, names []string, ms []Member) []int {
	n := len(names)
	out := make([]int, 0, n+len(ms))
	done := make([]bool, n)
	k := 0
	for _, r := range order {
		switch at := int(r); {
		case at >= 0 && at < n && !done[at]:
			done[at] = true
			out = append(out, at)
		case at == n && k < len(ms):
			out = append(out, n+k)
			k++
		}
	}
	for at := range n {
		if !done[at] {
			out = append(out, at)
		}
	}
	for k < len(ms) {
		out = append(out, n+k)
		k++
	}
	return out
}

// repeatedMember is the index in ms of a member whose name is one of names
// or of a member before it, which Unmarshal would refuse as a property
// given twice; -1 when there is none.
func repeatedMember(names []string, ms []Member) int {
	if len(names)+len(ms) <= manyMembers {
		// A few names: looking back costs less than a map.
		for i, m := range ms {
			if slices.Contains(names, m.Name) {
				return i
			}
			for _, o := range ms[:i] {
				if o.Name == m.Name {
					return i
				}
			}
		}
		return -1
	}
	seen := make(map[string]bool, len(names)+len(ms))
	for _, name := range names {
		seen[name] = true
	}
	for i, m := range ms {
		if seen[m.Name] {
			return i
		}
		seen[m.Name] = true
	}
	return -1
}

// writeUndeclared writes m after a comma, as a member the object's schema does
// not declare.
func (e *encoder) writeUndeclared(m Member) {
	e.buf = append(e.buf, ',')
	e.str(m.Name)
	e.buf = append(e.buf, ':')
	e.push(m.Name)
	e.raw(m.Value, false)
	e.pop()
}
