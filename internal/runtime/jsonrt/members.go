package jsonrt

// The members of an open object that its schema does not declare, as the
// one-pass decoder reads them into its Extra field, in document order:
// as exact JSON for a schema in the x-omnigen dialect (readUndeclared),
// without white space for any other (readMember), as the value-tree codec
// keeps them.

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
