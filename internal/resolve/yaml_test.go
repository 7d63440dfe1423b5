package resolve

import (
	"strings"
	"testing"
)

// A YAML schema reads as the JSON it stands for: key order kept, numbers
// exact, timestamps as their text.
func TestDecodeYAML(t *testing.T) {
	v, err := DecodeYAML([]byte(`# a schema
type: object
required: [name]
properties:
  name: {type: string, maxLength: 64}
  size: {type: number, minimum: 0.5, maximum: 1e3}
  "200": {const: 2026-12-03}
  big: {const: 12345678901234567890}
  flags: &flags {enum: [yes, no, true, null]}
  again: *flags
`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","required":["name"],"properties":{"name":{"type":"string","maxLength":64},` +
		`"size":{"type":"number","minimum":0.5,"maximum":1e3},"200":{"const":"2026-12-03"},"big":{"const":12345678901234567890},` +
		`"flags":{"enum":["yes","no",true,null]},"again":{"enum":["yes","no",true,null]}}}`
	if got := string(Compact(v)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// YAML without a JSON equivalent is refused with its line.
func TestDecodeYAMLRefuses(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"a: 1\n---\nb: 2\n", "line 2: a second YAML document"},
		{"? [a, b]\n: 1\n", "line 1: a key that is not a string"},
		{"base: &b {x: 1}\nmore:\n  <<: *b\n", "line 3: a merge key"},
		{"x: .inf\n", "line 1: .inf is not a JSON number"},
		{"x: !!binary aGVsbG8=\n", "line 1: a !!binary value"},
		{"a: 1\na: 2\n", "duplicate key"},
		{"a: [1\n", "line"},
		{"", "an empty YAML document"},
	} {
		_, err := DecodeYAML([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.yaml, err, c.want)
		}
	}
}

// Aliases cannot expand a small file into a huge schema.
func TestDecodeYAMLAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 9; i++ {
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	_, err := DecodeYAML([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("an alias bomb: %v", err)
	}
}

// A YAML file loads as a schema, and its references resolve.
func TestLoadYAMLFile(t *testing.T) {
	set := NewSet(Options{})
	root, err := set.LoadFileBytes("/tmp/s.yaml", []byte("$defs:\n  name: {type: string}\nproperties:\n  a: {$ref: '#/$defs/name'}\n"))
	if err != nil {
		t.Fatal(err)
	}
	a := set.Sub(root, "properties/a")
	name, err := set.Resolve(a, "$ref", "#/$defs/name")
	if err != nil || name.Ptr != "/$defs/name" {
		t.Fatalf("resolve: %v %v", name, err)
	}
	_, err = NewSet(Options{}).LoadFileBytes("/tmp/bad.yml", []byte("a: [1\n"))
	if err == nil || !strings.Contains(err.Error(), "bad.yml") {
		t.Errorf("a bad YAML file: %v", err)
	}
}

// FuzzDecodeYAML feeds arbitrary text to the YAML reader: it never panics,
// and what it reads is JSON that Decode reads back as the same value.
// Interesting inputs are kept in testdata/fuzz/FuzzDecodeYAML.
func FuzzDecodeYAML(f *testing.F) {
	for _, seed := range []string{
		"type: object\nproperties:\n  a: {type: string}\n",
		"a: &x [1, 2.5, -0, 1e3, .5]\nb: *x\n\"c\": 'd'\n",
		"- null\n- ~\n- true\n- 0x1F\n- 0o17\n- 12345678901234567890\n",
		"k: 2026-12-03T10:00:00Z\nl: |\n  text\n",
		"? [a]\n: 1\n",
		"a: 1\n---\nb: 2\n",
		"<<: {a: 1}\n",
		"x: !!binary aGk=\n",
		"{a: [b, {c: d}]}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeYAML(data)
		if err != nil {
			return
		}
		text := Compact(v)
		back, err := Decode(text)
		if err != nil {
			t.Fatalf("DecodeYAML(%q) made text Decode refuses: %s: %v", data, text, err)
		}
		if again := Compact(back); string(again) != string(text) {
			t.Fatalf("DecodeYAML(%q): %s, read back as %s", data, text, again)
		}
	})
}
