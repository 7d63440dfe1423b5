package jsonrt

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestUnquote(t *testing.T) {
	for _, s := range []string{`plain`, `a\"b\\c\/d\be\ff\ng\rh\ti`, `\u00e9\u4e2d\ud83d\udc27`, `\ud800`, `\udc00\ud800x`, `\ud800\u0041`, `\ud83d\ud83d\udc27`} {
		var want string
		if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
			t.Fatal(err)
		}
		if got := string(Unquote(nil, []byte(s))); got != want {
			t.Errorf("Unquote(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestUnquoteOffsets puts each escape at every offset of a word, after a
// prefix in dst, for the word-at-a-time copy.
func TestUnquoteOffsets(t *testing.T) {
	for _, e := range []string{`\"`, `\\`, `\n`, `\u00e9`, `\ud83d\udc27`, `\ud800`, `é`, `\/`} {
		for n := 0; n < 20; n++ {
			for _, s := range []string{strings.Repeat("a", n) + e, e + strings.Repeat("b", n) + e + e, strings.Repeat("c", n) + e + strings.Repeat("d", 9)} {
				var want string
				if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
					t.Fatal(err)
				}
				if got := string(Unquote([]byte("pre"), []byte(s))); got != "pre"+want {
					t.Errorf("Unquote(%q) = %q, want %q", s, got, "pre"+want)
				}
			}
		}
	}
}

func TestSkipValue(t *testing.T) {
	line := []byte(`{"a":"x\\\"}","b":[1,{"c":"]"}],"d":-1.5e3,"e":true}`)
	var keys []string
	end := Members(line, 0, func(k []byte, s int) int {
		e := SkipValue(line, s)
		keys = append(keys, string(k)+"="+string(line[s:e]))
		return e
	})
	if end != len(line) {
		t.Errorf("members ends at %d, want %d", end, len(line))
	}
	want := []string{`a="x\\\"}"`, `b=[1,{"c":"]"}]`, `d=-1.5e3`, `e=true`}
	if !slices.Equal(keys, want) {
		t.Errorf("members: %q, want %q", keys, want)
	}
}

// TestSkipString compares SkipString with the plain reading of a string
// (the closing quote is the first not escaped), with escapes at every offset
// and after long plain runs.
func TestSkipString(t *testing.T) {
	ref := func(data []byte, i int) int {
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '"':
				return j + 1
			case '\\':
				j++
			}
		}
		return len(data)
	}
	for _, e := range []string{`\"`, `\\`, `\\\"`, `\\\\`, `\n`, `\u0022`, `é`, `\/`, strings.Repeat(`\"a\\`, 30), strings.Repeat(`\\\"`, 25)} {
		for n := 0; n < 300; n += 1 + n/10 {
			for _, body := range []string{strings.Repeat("a", n) + e, e + strings.Repeat("b", n) + e + e, strings.Repeat("c", n) + e + strings.Repeat("d", n) + e} {
				for _, tail := range []string{`"`, `","k":"v"}`, `"` + strings.Repeat(`\"`, 9)} {
					line := []byte(`"` + body + tail)
					if got, want := SkipString(line, 0), ref(line, 0); got != want {
						t.Errorf("SkipString(%q) = %d, want %d", line, got, want)
					}
				}
			}
		}
	}
}

// An integer is read from its text, exactly, however it is written: the
// reader then refuses 9007199254740993.0 as it refuses 9007199254740993,
// where the double nearest it would have been written back as another
// number.
func TestValueInteger(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"42", 42, true},
		{"-7", -7, true},
		{"1.0", 1, true},
		{"1e2", 100, true},
		{"9007199254740993", 9007199254740993, true},
		{"9007199254740993.0", 9007199254740993, true},
		{"90071992547409930e-1", 9007199254740993, true},
		{"-9223372036854775808", -9223372036854775808, true},
		{"9223372036854775808", 0, false},
		{"1e19", 0, false},
	} {
		b := newTreeBuilder([]byte(c.in), false, 1)
		_, v, ok := b.document()
		if !ok {
			t.Fatalf("%s: not read", c.in)
		}
		got, ok := v.integer()
		b.release(false)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%s: integer() = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	r := &reader{}
	b := newTreeBuilder([]byte("9007199254740993.0"), false, 1)
	_, v, _ := b.document()
	r.integer(v)
	b.release(false)
	if r.err == nil || r.err.Keyword != "type" {
		t.Errorf("reader.integer(9007199254740993.0): %v, want a type error", r.err)
	}
}
