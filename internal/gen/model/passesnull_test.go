package model

import "testing"

// PassesNull is sure of null only where every rule lets it through: a
// check it may fail is one that a codec reading null must run.
func TestPassesNull(t *testing.T) {
	types := func(ts ...JSONType) Rule { return &TypeRule{Types: ts} }
	lit := func(json string) *Literal { return &Literal{JSON: []byte(json)} }
	check := func(rules ...Rule) *Check { return &Check{Rules: rules} }
	yes, no := true, false
	nullable := check(types(TypeNull, TypeString))
	str := check(types(TypeString))
	loop := &Check{}
	loop.Rules = []Rule{&RefRule{Key: "$ref", Check: loop}}
	for _, c := range []struct {
		name string
		ch   *Check
		want bool
	}{
		{"nil", nil, true},
		{"true", &Check{Always: &yes}, true},
		{"false", &Check{Always: &no}, false},
		{"no rules", check(), true},
		{"type with null", nullable, true},
		{"type without null", str, false},
		{"rules on other types", check(types(TypeNull, TypeInteger), &BoundRule{Key: "minimum"}, &LengthRule{}, &ExactIntegerRule{}), true},
		{"enum without null", check(types(TypeNull, TypeString), &EnumRule{Values: []*Literal{lit(`"a"`)}}), false},
		{"enum with null", check(&EnumRule{Values: []*Literal{lit(`"a"`), lit("null")}}), true},
		{"const null", check(&ConstRule{Value: lit("null")}), true},
		{"const string", check(&ConstRule{Value: lit(`"a"`)}), false},
		{"not", check(types(TypeNull, TypeString), &NotRule{Check: check(types(TypeNull))}), false},
		{"reference", check(&RefRule{Key: "$ref", Check: nullable}), true},
		{"reference refusing", check(&RefRule{Key: "$ref", Check: str}), false},
		{"allOf", check(&AllOfRule{Checks: []*Check{nullable, str}}), false},
		{"anyOf with a null branch", check(&AnyOfRule{Checks: []*Check{str, check(types(TypeNull))}}), true},
		{"anyOf without one", check(&AnyOfRule{Checks: []*Check{str, str}}), false},
		{"oneOf", check(&OneOfRule{Checks: []*Check{str, check(types(TypeNull))}}), false},
		{"a loop of references", loop, false},
	} {
		if got := c.ch.PassesNull(); got != c.want {
			t.Errorf("%s: PassesNull() = %v, want %v", c.name, got, c.want)
		}
	}
}
