package golang

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A property's tag names it as encoding/json reads tags: a struct with the
// tag marshals with encoding/json under the property's name.
func TestPropertyTag(t *testing.T) {
	for _, c := range []struct {
		name     string
		required bool
		want     map[string]string
	}{
		{"name", true, map[string]string{"json": "name", "yaml": "name"}},
		{"display-name", false, map[string]string{"json": "display-name,omitempty", "yaml": "display-name,omitempty"}},
		{"-", true, map[string]string{"json": "-,", "yaml": "-,"}},
		{"-", false, map[string]string{"json": "-,omitempty", "yaml": "-,omitempty"}},
		{"a,b", false, nil},
		{`say "hi"`, true, nil},
		{"", true, nil},
		{"héllo wörld", true, map[string]string{"json": "héllo wörld", "yaml": "héllo wörld"}},
	} {
		if got := propertyTag([]string{"json", "yaml"}, c.name, c.required); !reflect.DeepEqual(got, c.want) {
			t.Errorf("propertyTag(%q, %v) = %v, want %v", c.name, c.required, got, c.want)
		}
	}
	if got := propertyTag(nil, "name", true); got != nil {
		t.Errorf("no keys: %v, want no tag", got)
	}
	// What encoding/json makes of the tags written for "-" and a name with
	// a space.
	type dash struct {
		X bool   `json:"-,"`
		Y string `json:"héllo wörld"`
	}
	b, err := json.Marshal(dash{true, "y"})
	if err != nil || string(b) != `{"-":true,"héllo wörld":"y"}` {
		t.Errorf("encoding/json wrote %s, %v", b, err)
	}
}

func TestCheckTags(t *testing.T) {
	for _, ok := range [][]string{nil, {}, {"json"}, {"json", "yaml", "mapstructure", "validate"}} {
		if err := CheckTags(ok); err != nil {
			t.Errorf("CheckTags(%q): %v", ok, err)
		}
	}
	for _, bad := range [][]string{{""}, {"a b"}, {"json:"}, {`x"`}, {"x`"}, {"é"}} {
		if err := CheckTags(bad); err == nil {
			t.Errorf("CheckTags(%q) accepts it", bad)
		}
	}
}

func TestTagKeys(t *testing.T) {
	if got := tagKeys(Options{}); !reflect.DeepEqual(got, []string{"json"}) {
		t.Errorf("default: %q", got)
	}
	if got := tagKeys(Options{Tags: []string{}}); len(got) != 0 {
		t.Errorf("none: %q", got)
	}
	if got := tagKeys(Options{Tags: []string{"yaml", "json", "yaml"}}); !reflect.DeepEqual(got, []string{"yaml", "json"}) {
		t.Errorf("repeats: %q", got)
	}
}
