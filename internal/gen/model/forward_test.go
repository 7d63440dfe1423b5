package model

import "testing"

// A check that is only a reference stands for the check it names, through
// any number of references; one that checks anything itself stands for
// none.
func TestForward(t *testing.T) {
	own := &Check{Name: "Own", Rules: []Rule{&TypeRule{Types: []JSONType{TypeString}}}}
	b := &Check{Name: "B", Rules: []Rule{&RefRule{Key: "$ref", Check: own}}}
	a := &Check{Name: "A", Rules: []Rule{&RefRule{Key: "$ref", Check: b}}}
	both := &Check{Name: "Both", Rules: []Rule{&RefRule{Key: "$ref", Check: own}, &TypeRule{Types: []JSONType{TypeString}}}}
	yes := true
	always := &Check{Name: "Always", Always: &yes}
	x := &Check{Name: "X"}
	y := &Check{Name: "Y", Rules: []Rule{&RefRule{Key: "$ref", Check: x}}}
	x.Rules = []Rule{&RefRule{Key: "$ref", Check: y}}
	for _, c := range []struct {
		ch   *Check
		want *Check
	}{{a, own}, {b, own}, {own, nil}, {both, nil}, {always, nil}, {x, nil}} {
		if got := c.ch.Forward(); got != c.want {
			t.Errorf("%s.Forward() = %v, want %v", c.ch.Name, got, c.want)
		}
	}
}
