package jsonrt

// This file is copied, after check.go, into a generated package whose
// checks have the dialect's rule of integers (model.ExactIntegerRule); a
// package without it does not carry it.

// exactInteger applies the dialect's rule of integers (model.ExactIntegerRule)
// to an integral number v, as the dialect's Go package reads one: an
// integer as written, in the int64 range, that JavaScript writes back
// unchanged.
func (c *checker) exactInteger(v *value) bool {
	if v.kind != kindNumber || !isInteger(v.num) {
		return true
	}
	n, isInt, inRange := parseInteger(v.raw)
	switch {
	case !isInt:
		return c.fail("type", "must be integer, got number")
	case !inRange || !jsInteger(n):
		return c.fail("", inexactMessage+shownInteger(v.raw))
	}
	return true
}
