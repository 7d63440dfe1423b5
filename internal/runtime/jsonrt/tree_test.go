package jsonrt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// treeCases are documents, JSON or not, for the tree builder against the
// decoder: every rule of the decoder's, broken and kept.
func treeCases() []string {
	cases := []string{
		`{"a":1,"a":2}`, `{"a":{"b":[1,{"c":1,"c":2}]}}`, `{"\u0061":1,"a":2}`, `{"a~/":1,"a~/":2}`,
		`{"b":1,"2":2,"a":3,"1":4,"01":5}`, `{"b":{"7":[],"x":1,"0":{"1":2,"0":3}},"4294967294":1,"4294967295":2}`,
		` { "a" : [ 1 , 2.50 , -0 , 1E3 ] } `, `"\u0041\/\ud83d"`, `"\ud83d\ude00\udc00"`, `12345678901234567890`,
		`1e400`, `-1e400`, `[1e400]`, `{"a":1e999}`, `1e-400`, `[]`, `{}`, `[[]]`, `[{}]`, `[1,]`, `[,1]`, `{"a":1,}`,
		`{,}`, `{"a" 1}`, `{"a":1 "b":2}`, `{1:2}`, `[1 2]`, `tru`, `nul`, `falsy`, `true false`, `01`, `1.`, `-`, `1e`,
		`.5`, `+1`, `"abc`, ``, ` `, "\t\n", `1 2`, `{"a":1}x`, `{"a":1}}`, `[1]]`, "\"\x01\"", "\"\xff\"",
		"{\"\xff\":1}", `{"a":"\x"}`, `{"\u12":1}`, `["a","b",["c",{"d":null,"e":[true,false]}]]`, `"é中😀"`,
		`{"text":"line\nline\t\"q\" \\ \/ \u00e9","n":-12.5e-3}`, `[` + strings.Repeat(`"\n",`, 40) + `0]`,
	}
	for _, s := range checkStringCases()[:800] {
		cases = append(cases, s, `{`+s+`:1}`, `[`+s+`]`)
	}
	// Objects of many keys, with a key given twice (escaped or not) and
	// without.
	var many strings.Builder
	many.WriteString("{")
	for i := range 100 {
		many.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i) + `,`)
	}
	for _, last := range []string{`"k7":1}`, `"k\u0037":1}`, `"k100":1}`, `"k\u0031\u0030\u0030":{"k7":1}}`} {
		cases = append(cases, many.String()+last)
	}
	for _, depth := range []int{MaxDepth, MaxDepth + 1} {
		cases = append(cases, strings.Repeat("[", depth)+strings.Repeat("]", depth),
			strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth))
	}
	return cases
}

// TestTreeBuilder checks the tree builder against the decoder.
func TestTreeBuilder(t *testing.T) {
	for _, in := range treeCases() {
		compareTree(t, []byte(in))
	}
}

func FuzzTreeBuilder(f *testing.F) {
	for _, in := range treeCases() {
		f.Add([]byte(in))
	}
	f.Fuzz(compareTree)
}

// compareTree checks that the tree builder finds a problem in in exactly
// when the decoder does, that check then reports it as the decoder does,
// and that the tree of a document is the value JSON.parse makes of it
// (written as the decoder writes it), with its strings held or not.
func compareTree(t *testing.T, in []byte) {
	given := bytes.Clone(in)
	defer func() {
		if !bytes.Equal(in, given) {
			t.Fatalf("%q: the decoder or the tree builder wrote into the document: %q", given, in)
		}
	}()
	d := newDecoder(in, false)
	start := d.mark()
	var want []byte
	d.value(&want)
	end := d.pos
	err := d.finish()
	if err == nil {
		// The tree is JSON.parse's value, which lists array-index keys
		// first; the decoder writes the keys in their order.
		want = parsedOrder(t, want)
	}
	var trees [2]*value
	for i, hold := range []bool{false, true} {
		b := newTreeBuilder(in, hold, 1)
		doc, v, ok := b.document()
		b.release(false)
		if ok != (err == nil) {
			t.Fatalf("%q (hold %v): the builder finds a problem: %v, the decoder: %v", in, hold, !ok, err)
		}
		if !ok {
			continue
		}
		if string(doc) != string(in[start:end]) {
			t.Fatalf("%q (hold %v): document %q, want %q", in, hold, doc, in[start:end])
		}
		if got := appendCompact(nil, v); string(got) != string(want) {
			t.Fatalf("%q (hold %v): tree %s, want %s", in, hold, got, want)
		}
		trees[i] = v
	}
	if err == nil {
		if !equal(trees[0], trees[1]) {
			t.Fatalf("%q: the trees with strings left in raw and held differ", in)
		}
		eachString(trees[0], func(v *value) {
			if got, want := v.length(), codePointsOf(v.text()); got != want {
				t.Fatalf("%q: %s is %d code points long, want %d", in, v.raw, got, want)
			}
		})
	}
	_, _, got := check(in, nil)
	if (err == nil) != (got == nil) || (err != nil && *err.(*Error) != *got.(*Error)) {
		t.Fatalf("%q: check reports %v, the decoder %v", in, got, err)
	}
}

// eachString calls fn with each string of the tree v.
func eachString(v *value, fn func(*value)) {
	if v.kind == kindString {
		fn(v)
	}
	for _, it := range v.items {
		eachString(it, fn)
	}
	for _, m := range v.vals {
		eachString(m, fn)
	}
}

// appendCompactRaw drops the white space of JSON text, and only that.
func TestAppendCompactRaw(t *testing.T) {
	n := 0
	cases := append(treeCases(), `"a\" b"`, `{"k\" ":" \\\" x "}`, `["\\", " "]`, `[" \\\\"," "]`)
	for _, in := range cases {
		// Spaces inside strings too, which stay.
		in := "\t " + strings.ReplaceAll(strings.ReplaceAll(in, ",", " , "), ":", "  :") + "\r\n"
		if !json.Valid([]byte(in)) {
			continue
		}
		n++
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(in)); err != nil {
			t.Fatal(err)
		}
		if got := appendCompactRaw(nil, []byte(in)); string(got) != want.String() {
			t.Errorf("%q: %q, want %q", in, got, want.String())
		}
	}
	if n < 500 {
		t.Errorf("%d documents, want more", n)
	}
}

// Documents checked at once, on several goroutines, get their own trees
// and verdicts, and share the literals safely (go test -race): a const
// object of many keys, whose index is built before any check.
func TestCheckConcurrently(t *testing.T) {
	schema := `{"type":"object","required":["c"],"properties":{
		"c":{"const":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":"\u00e9"}},
		"s":{"enum":["x","y\n",{"k":[1,"z"]}]},"n":{"maxLength":3}}}`
	set := resolve.NewSet(resolve.Options{DefaultDraft: resolve.Draft2020})
	root, err := set.LoadBytes([]byte(schema), "mem:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	cs := rootChecks(t, set, root)
	const c = `"c":{"j":"é","i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":1}`
	docs := map[string]string{
		`{` + c + `,"s":"y\n","n":"\u00e9\u00e9\u00e9"}`: "",
		`{` + c + `,"s":{"k":[1,"\u007a"]}}`:             "",
		`{` + c + `,"s":"y"}`:                            "/s enum",
		`{` + c + `,"n":"\u00e9\u00e9\u00e9\u00e9"}`:     "/n maxLength",
		`{"c":{"a":1}}`:                                  "/c const",
		`{` + c + `,"s":"x","s":"x"}`:                    "/s ",
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				for doc, want := range docs {
					got := ""
					if err := cs.Validate(0, []byte(doc)); err != nil {
						got = Pointer(err) + " " + Keyword(err)
					}
					if got != want {
						t.Errorf("%s: %q, want %q", doc, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// rootChecks is the check program of the schema root, ready to run.
func rootChecks(t testing.TB, set *resolve.Set, root *resolve.Schema) *Checks {
	p, err := model.Compile(set, []model.RootSchema{{Schema: root, Name: "Root"}}, model.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := Interpret(p, testFormats())
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// What unmarshal reads out of a tree is its own: the blocks of the tree go
// to the next document, and reading other documents leaves the strings,
// keys, raw members and maps read before as they were.
func TestUnmarshalKeepsWhatItRead(t *testing.T) {
	type kept struct {
		name  string
		order []string
		raw   string
		tags  Map[string]
		items []string
	}
	read := func(doc string) kept {
		var out kept
		err := unmarshal([]byte(doc), nil, func(r *reader, v *value) {
			out.name = v.vals[v.member("name")].str
			out.order = keyOrder(v, []string{"tags", "name"})
			out.raw = string(r.raw(v.vals[v.member("raw")]))
			out.tags = readMap(r, v.vals[v.member("tags")], func(_ *reader, m *value) string { return m.str })
			out.items = readList(r, v.vals[v.member("items")], func(_ *reader, m *value) string { return m.str })
		})
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		return out
	}
	doc := func(i int) string {
		s := strconv.Itoa(i)
		return `{"name":"n` + s + `\u00e9","raw":{"x": [` + s + `]},"items":["a` + s + `","b"],"tags":{"k` + s + `":"v` + s + `"}}`
	}
	first := read(doc(1))
	want := fmt.Sprintf("%q %q %q %q %q", "n1é", []string{"name", "raw", "items", "tags"}, `{"x":[1]}`, "k1=v1", []string{"a1", "b"})
	show := func(k kept) string {
		var tags []string
		for key, val := range k.tags.All() {
			tags = append(tags, key+"="+val)
		}
		return fmt.Sprintf("%q %q %q %q %q", k.name, k.order, k.raw, strings.Join(tags, ","), k.items)
	}
	if got := show(first); got != want {
		t.Fatalf("read %s, want %s", got, want)
	}
	for i := 2; i < 200; i++ {
		read(doc(i))
	}
	if got := show(first); got != want {
		t.Errorf("after 198 more documents, the first reads %s, want %s", got, want)
	}
}

// A problem found by a check run on a value the typed decoder read is
// recorded below the value's path from its pointer: written again, the
// pointer is the same.
func TestPointerSteps(t *testing.T) {
	for _, p := range []string{"", "/", "/a", "/a/0/b", "//", "/a~1b/~0c/~01", "/é/ /1234"} {
		if got := pointer(pointerSteps(p)); got != p {
			t.Errorf("pointer(pointerSteps(%q)) = %q", p, got)
		}
	}
}

// codePointsOf counts the code points of s one by one, a lone surrogate
// (WTF-8) as one: what value.length must agree with.
func codePointsOf(s string) int {
	n := 0
	for i := 0; i < len(s); n++ {
		i += codePointSize(s[i:])
	}
	return n
}

// The value-tree reader refuses a value that its Go type cannot hold, which
// a check without "type" accepts: a string where a list or a map is read,
// with the decoder's words and the value's pointer, not a zero value.
func TestReaderHolds(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"items":"x"}`, `/items: must be array, got string`},
		{`{"tags":null}`, `/tags: must be object, got null`},
		{`{"items":[],"tags":{}}`, ``},
	} {
		err := unmarshal([]byte(c.doc), nil, func(r *reader, v *value) {
			for i, k := range v.keys {
				r.push(k)
				switch k {
				case "items":
					readList(r, v.vals[i], func(_ *reader, m *value) string { return m.str })
				case "tags":
					readMap(r, v.vals[i], func(_ *reader, m *value) string { return m.str })
				}
				r.pop()
			}
		})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.doc, got, c.want)
		}
	}
}

// TestReaderEnum: an enum whose type has no check of its own is refused by
// the value-tree reader as its decoder refuses it.
func TestReaderEnum(t *testing.T) {
	const values = `"in", "out"`
	for _, c := range []struct{ doc, want string }{
		{`{"dir":"in"}`, ``},
		{`{"dir":"up"}`, `/dir: must be one of "in", "out", got "up"`},
		{`{"dir":"\ud800"}`, `/dir: must be one of "in", "out", got "\ud800"`},
	} {
		err := unmarshal([]byte(c.doc), nil, func(r *reader, v *value) {
			r.push("dir")
			s := v.vals[0].str
			r.enum(v.vals[0], s == "in" || s == "out", values)
			r.pop()
		})
		d := newDecoder([]byte(c.doc), false)
		if d.beginObject() {
			var seen bool
			for i := 0; d.nextKey(i); i++ {
				d.field(&seen, "dir")
				if b, ok := d.strBytes(); ok && string(b) != "in" && string(b) != "out" {
					d.enumError(b, values)
				}
				d.pop()
			}
		}
		got, decoded := "", ""
		if err != nil {
			got = err.Error()
		}
		if err := d.finish(); err != nil {
			decoded = err.Error()
		}
		if got != c.want || decoded != c.want {
			t.Errorf("%s: the reader says %q, the decoder %q; want %q", c.doc, got, decoded, c.want)
		}
	}
}

// TestReaderHoldsAs: a value of another JSON type than a scalar's Go type
// holds, where the type's check accepts it (null for a nullable's element,
// a number for a union's string member), is refused by the value-tree
// reader as the decoder refuses it.
func TestReaderHoldsAs(t *testing.T) {
	const values = `"dev", "prod"`
	for _, c := range []struct {
		doc, keyword, words string
		want                kind
		decode              func(d *decoder)
	}{
		{`null`, "type", "must be string", kindString, func(d *decoder) { d.strBytes() }},
		{`5`, "type", "must be string", kindString, func(d *decoder) { d.strBytes() }},
		{`"5"`, "type", "must be integer", kindNumber, func(d *decoder) { d.integer() }},
		{`true`, "type", "must be number", kindNumber, func(d *decoder) { d.float() }},
		{`null`, "enum", "must be one of " + values, kindString, func(d *decoder) { d.enumBytes(values) }},
		{`"dev"`, "enum", "must be one of " + values, kindString, func(d *decoder) { d.enumBytes(values) }},
		{`5`, "type", "must be integer", kindNumber, func(d *decoder) { d.integer() }},
	} {
		err := unmarshal([]byte(c.doc), nil, func(r *reader, v *value) {
			r.holdsAs(v, c.want, c.keyword, c.words)
		})
		d := newDecoder([]byte(c.doc), false)
		c.decode(d)
		got, decoded := "", ""
		if err != nil {
			got = err.Error()
		}
		if err := d.finish(); err != nil {
			decoded = err.Error()
		}
		if got != decoded {
			t.Errorf("%s: the reader says %q, the decoder %q", c.doc, got, decoded)
		}
	}
}

// TestSelector: the decoder reads ahead the string value of one member of
// the object that follows, leaving the object to be read as if it had not
// (the same error, or none) and recording nothing itself.
func TestSelector(t *testing.T) {
	for _, c := range []struct {
		doc, want string
		ok        bool
	}{
		{`{"type":"input","id":"a"}`, "input", true},
		{`{"id":"a","type":"mark\u0064own"}`, "markdown", true},
		{`{"id":"a"}`, "", false},
		{`{"type":5}`, "", false},
		{`"type"`, "", false},
		{`{"id":"a","id":"b","type":"x"}`, "x", true},
		{`{"id":[1,,2],"type":"x"}`, "", false},
		{`{"type":"x","id":{"a":1,"a":2}}`, "x", true},
	} {
		d := newDecoder([]byte(c.doc), false)
		b, ok := d.selector("type")
		if string(b) != c.want || ok != c.ok {
			t.Errorf("%s: selector = %q, %v; want %q, %v", c.doc, b, ok, c.want, c.ok)
		}
		d.value(nil)
		plain := newDecoder([]byte(c.doc), false)
		plain.value(nil)
		if got, want := fmt.Sprint(d.finish()), fmt.Sprint(plain.finish()); got != want {
			t.Errorf("%s: read after selector with the error %s, without %s", c.doc, got, want)
		}
	}
}
