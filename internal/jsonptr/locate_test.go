package jsonptr

import "testing"

func TestLocate(t *testing.T) {
	doc := "{\n  \"a\": {\"b\": [1, {\"c\": \"x,}]\"}, [2]]},\n  \"d~/e\": true,\n  \"\\u0066\": null\n}\n"
	for _, c := range []struct {
		ptr       string
		line, col int
		found     bool
	}{
		{"", 1, 1, true},
		{"#", 1, 1, true},
		{"#/a", 2, 8, true},
		{"#/a/b", 2, 14, true},
		{"#/a/b/0", 2, 15, true},
		{"#/a/b/1/c", 2, 24, true},
		{"#/a/b/2", 2, 33, true},
		{"#/a/b/2/0", 2, 34, true},
		{"#/d~0~1e", 3, 11, true},
		{"#/f", 4, 13, true}, // a key written with an escape
		{"#/a/b/7", 2, 14, false},
		{"#/a/zz/q", 2, 8, false},
		{"#/a/b/x", 2, 14, false},
		{"#/d~0~1e/deeper", 3, 11, false},
	} {
		line, col, found := Locate([]byte(doc), c.ptr)
		if line != c.line || col != c.col || found != c.found {
			t.Errorf("Locate(%q) = %d:%d %v, want %d:%d %v", c.ptr, line, col, found, c.line, c.col, c.found)
		}
	}
	// Text that is not JSON: no panic, a place within it.
	for _, bad := range []string{"", "{", `{"a":`, `{"a" 1}`, `[1,`, `{"a":[}`, "\"\\"} {
		if line, col, _ := Locate([]byte(bad), "#/a/0"); line < 1 || col < 1 {
			t.Errorf("Locate(%q) = %d:%d", bad, line, col)
		}
	}
}

func FuzzLocate(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":2}]}`), "/a/1/b")
	f.Fuzz(func(t *testing.T, data []byte, ptr string) {
		line, col, _ := Locate(data, ptr)
		if line < 1 || col < 1 {
			t.Fatalf("%d:%d", line, col)
		}
		if line, col, _ := LocateYAML(data, ptr); line < 1 || col < 1 {
			t.Fatalf("YAML %d:%d", line, col)
		}
	})
}

func TestLocateYAML(t *testing.T) {
	doc := "a:\n  b: [1, {c: x}]\n  d:\n    - e\n    - &f {g: 1}\nh: *f\n"
	for _, c := range []struct {
		ptr       string
		line, col int
		found     bool
	}{
		{"#", 1, 1, true},
		{"#/a/b/1/c", 2, 14, true},
		{"#/a/d/1/g", 5, 14, true},
		{"#/h/g", 5, 14, true}, // through an alias
		{"#/a/zz", 2, 3, false},
		{"#/a/d/9", 4, 5, false},
	} {
		line, col, found := LocateYAML([]byte(doc), c.ptr)
		if line != c.line || col != c.col || found != c.found {
			t.Errorf("LocateYAML(%q) = %d:%d %v, want %d:%d %v", c.ptr, line, col, found, c.line, c.col, c.found)
		}
	}
}
