package jsonrt

// This file is copied, after check.go, into a generated package whose
// checks have the dialect's rule of integers (model.ExactIntegerRule); a
// package without it does not carry it.

// exactInteger applies the dialect's rule of integers (model.ExactIntegerRule)
// to an integral number v, as the dialect's Go package reads one: an
// integer in the int64 range that JavaScript writes back unchanged.
func (c *checker) exactInteger(v *value) bool {
	if v.kind != kindNumber || !isInteger(v.num) {
		return true
	}
	// A number that is no integer as written (1e-400) breaks the type rule
	// before this one (see writtenInteger).
	if n, isInt, inRange := parseInteger(v.raw); isInt && (!inRange || !jsInteger(n)) {
		return c.fail("type", inexactMessage+shownInteger(v.raw))
	}
	return true
}
