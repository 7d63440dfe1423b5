package typescript

import (
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite/suitegen"
)

// The JSON reader of the generated TypeScript (rt/json.ts) refuses exactly
// the texts the Go runtime's decoder refuses, with the same message, byte
// offset and pointer: on texts made by mutating JSON documents (bytes cut,
// added and repeated), read by parse<Root> of a schema that accepts every
// value, and by the Go generated from it.
func TestJSONReaderMatchesGo(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the TypeScript and the Go of a schema")
	}
	node, tsc := toolchain(t)
	seeds := []string{
		`{"id":"inv-1","items":[{"sku":"a-1","quantity":2,"price":9.99,"tags":["x","y"]},{"quantity":1,"sku":"b-2"}],"counts":{"a-1":2,"10":4,"2":1},"owner":null,"ok":true,"off":false}`,
		`[1,-0,1.5e300,12345678901234567890,1e400,0.1,{"a":{"b":{"c":[]}}},"é😀\"\\\/\b\f\n\r\t\u0041\ud800"]`,
		` { "a" : [ 1 , 2 ] , "b" : { } , "c" : "x" } `,
		`{"x":{"a":1,"b":{"c":1,"d":2},"a2":3},"y":[[[["deep"]]]]}`,
		// What JSON.parse reads alike but the reader refuses or orders
		// otherwise (json.ts quickRead): duplicates the text alone shows,
		// around strings that hold quotes, colons and backslashes; keys
		// that are or may be array indexes; Infinity; nesting to the limit.
		`{"a\":":"\\","b":":","a\":" : [":\"",{"\\":1,"\\" :2}],"__proto__":{"__proto__":0,"__proto__":1}}`,
		`{"b":{"\u0031":1,"0":2,"x":[3,-1e400]},"c":1e-400,"d":[1.5e308,{"e":[[1e309]]}]}`,
		strings.Repeat("[", maxDepth) + `{"a":1,"a":2}` + strings.Repeat("]", maxDepth),
		strings.Repeat(`{"a":`, maxDepth-1) + `[]` + strings.Repeat("}", maxDepth-1),
	}
	rng := rand.New(rand.NewSource(14))
	pieces := []string{"{", "}", "[", "]", `"`, ",", ":", `\`, " ", "\n", "0", "1", "-", ".", "e", "E", "+", "t", "f", "n", "u", "a", "é", "😀", "\x01", `"a"`, `"a":1`, "null", "true"}
	seen := map[string]bool{}
	var texts []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			texts = append(texts, s)
		}
	}
	for _, s := range seeds {
		add(s)
		for i := 0; i < 600; i++ {
			add(mutate(rng, []rune(s), pieces))
		}
	}
	group := &suite.Group{Draft: resolve.Draft2020, File: "omnigen-json.json", Schema: true, SchemaJSON: []byte("true")}
	for _, text := range texts {
		group.Tests = append(group.Tests, suite.Test{Data: []byte(text)})
	}
	groups := []*suite.Group{group}
	dir := t.TempDir()
	if _, err := writeSuiteModules(dir, groups); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, firstLines(string(out), 40))
	}
	instances := suite.Instances(groups)
	verdicts, err := suite.Run(exec.Command(node, dir+"/main.mjs"), instances)
	if err != nil {
		t.Fatal(err)
	}
	program, err := suitegen.BuildGo(t.TempDir(), groups)
	if err != nil {
		t.Fatal(err)
	}
	goVerdicts, err := suite.Run(exec.Command(program), instances)
	if err != nil {
		t.Fatal(err)
	}
	valid, differ := 0, 0
	for i, text := range texts {
		if verdicts[i].Valid {
			valid++
		}
		// One verdict, and for a text both accept, the same bytes written.
		if verdicts[i].Problem() != goVerdicts[i].Problem() || verdicts[i].Written != goVerdicts[i].Written {
			differ++
			if differ <= 20 {
				t.Errorf("%q: Go and TypeScript differ\n  Go: %+v\n  TS: %+v", text, goVerdicts[i], verdicts[i])
			}
		}
	}
	t.Logf("Go and TypeScript read %d texts alike but %d (%d of them JSON)", len(texts), differ, valid)
}

// mutate cuts, adds or repeats a few pieces of s.
func mutate(rng *rand.Rand, s []rune, pieces []string) string {
	for n := 1 + rng.Intn(3); n > 0 && len(s) > 0; n-- {
		i := rng.Intn(len(s))
		switch rng.Intn(3) {
		case 0:
			j := min(len(s), i+1+rng.Intn(3))
			s = append(s[:i:i], s[j:]...)
		case 1:
			p := []rune(pieces[rng.Intn(len(pieces))])
			s = append(s[:i:i], append(p, s[i:]...)...)
		default:
			j := min(len(s), i+1+rng.Intn(8))
			s = append(s[:j:j], append(append([]rune(nil), s[i:j]...), s[j:]...)...)
		}
	}
	return strings.Clone(string(s))
}
