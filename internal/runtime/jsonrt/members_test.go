package jsonrt

import (
	"fmt"
	"slices"
	"testing"
)

// memberOrder keeps the order members were read in, puts properties set
// since after them in names' order, and members not read last.
func TestMemberOrder(t *testing.T) {
	ms := []Member{{Name: "x"}, {Name: "y"}, {Name: "z"}}
	names := []string{"a", "b", "c"}
	// Read: b, x, a, y (2 = n marks an undeclared member); c set since, z added.
	order := string([]rune{1, 3, 0, 3})
	if got, want := memberOrder(order, names, ms), []int{1, 3, 0, 4, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("memberOrder = %v, want %v", got, want)
	}
	if got, want := memberOrder("", names, nil), []int{0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("memberOrder of a value built in code = %v, want %v", got, want)
	}
}

// repeatedMember finds a member named as a property or as a member before
// it, by looking back and, past manyMembers, with a map: the same answer.
func TestRepeatedMember(t *testing.T) {
	for _, n := range []int{3, manyMembers + 5} {
		var ms []Member
		for i := range n {
			ms = append(ms, Member{Name: fmt.Sprint("m", i)})
		}
		if got := repeatedMember([]string{"a"}, ms); got != -1 {
			t.Errorf("%d members, none repeated: %d", n, got)
		}
		if got := repeatedMember([]string{"a", "m1"}, ms); got != 1 {
			t.Errorf("%d members, m1 a property: %d, want 1", n, got)
		}
		ms = append(ms, Member{Name: "m2"})
		if got := repeatedMember(nil, ms); got != n {
			t.Errorf("%d members, m2 again last: %d, want %d", n, got, n)
		}
	}
}
