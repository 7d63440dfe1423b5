package model

import "testing"

// One item of a list is named in the singular, where the list's name is an
// English plural; otherwise the list's name is followed by the suffix.
func TestOneOf(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Dependencies", "Dependency"},
		{"Maintainers", "Maintainer"},
		{"ImportValues", "ImportValue"},
		{"Children", "Child"},
		{"Aliases", "Alias"},
		{"Include", "IncludeItem"},
		{"Status", "StatusItem"},
		{"Series", "SeriesItem"},
		{"Data", "DataItem"},
		{"Metadata", "MetadataItem"},
		{"Env", "EnvItem"},
		{"HTTPHeaders", "HTTPHeader"},
		{"IDs", "ID"},
		{"", "Item"},
	} {
		if got := oneOf(c.name, "Item"); got != c.want {
			t.Errorf("oneOf(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestLastWord(t *testing.T) {
	for _, c := range []struct {
		name string
		at   int
	}{{"ImportValues", 6}, {"Values", 0}, {"HTTPHeaders", 4}, {"Version2Items", 8}, {"", 0}} {
		if got := lastWord(c.name); got != c.at {
			t.Errorf("lastWord(%q) = %d, want %d", c.name, got, c.at)
		}
	}
}
