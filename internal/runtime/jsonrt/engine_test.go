package jsonrt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// engineGroup is a suite group compiled both ways: our checks and the
// jsonschema engine.
type engineGroup struct {
	g      *suite.Group
	checks *Checks
	engine *jsonschema.Schema
}

var engineDrafts = map[resolve.Draft]*jsonschema.Draft{
	resolve.Draft4: jsonschema.Draft4, resolve.Draft6: jsonschema.Draft6, resolve.Draft7: jsonschema.Draft7,
	resolve.Draft2019: jsonschema.Draft2019, resolve.Draft2020: jsonschema.Draft2020,
}

// remoteLoader reads the suite's remotes for http://localhost:1234/.
type remoteLoader struct{}

func (remoteLoader) Load(url string) (any, error) {
	rest, ok := strings.CutPrefix(url, suite.Remotes().Prefix)
	if !ok {
		return nil, fmt.Errorf("no remote %s", url)
	}
	f, err := os.Open(filepath.Join(suite.Remotes().Dir, filepath.FromSlash(rest)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return jsonschema.UnmarshalJSON(f)
}

// engineGroups compiles every required group of the suite that the engine
// compiles too.
func engineGroups(t testing.TB) []engineGroup {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	var out []engineGroup
	for _, d := range resolve.Drafts {
		groups, err := suite.Groups(d, "*.json")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			set := resolve.NewSet(resolve.Options{DefaultDraft: d, RefMap: []resolve.Mapping{suite.Remotes()}})
			root, err := set.LoadValue(g.Schema, g.URI())
			if err != nil {
				t.Fatal(err)
			}
			cs := rootChecks(t, set, root)
			c := jsonschema.NewCompiler()
			c.DefaultDraft(engineDrafts[d])
			c.UseLoader(jsonschema.SchemeURLLoader{"http": remoteLoader{}})
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(g.SchemaJSON))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(g.SchemaJSON, []byte(`"format"`)) {
				// Before 2019-09 the engine asserts formats; omnigen, unless
				// asked, reads them as annotations.
				continue
			}
			if err := c.AddResource(g.URI(), doc); err != nil {
				continue
			}
			sch, err := c.Compile(g.URI())
			if err != nil {
				continue
			}
			out = append(out, engineGroup{g: g, checks: cs, engine: sch})
		}
	}
	return out
}

// compare runs one instance through both; it returns "" when they agree,
// or when the instance is outside what both can judge alike.
func (eg engineGroup) compare(data []byte) string {
	if !comparable(data) {
		return ""
	}
	ours := eg.checks.Validate(0, data)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return ""
	}
	theirs := eg.engine.Validate(inst)
	if ours != nil && theirs == nil && lenientURI(data, ours) {
		return ""
	}
	if (ours == nil) != (theirs == nil) {
		return fmt.Sprintf("%s: %s: ours %v, the engine %v", eg.g.ID(), data, ours, theirs)
	}
	return ""
}

// lenientURI reports whether ours is a URI format's problem with a string
// that holds a character RFC 3986 leaves out of every URI (a space, a
// control character, one of "<>\^`{|}): the engine reads URIs with
// net/url, which takes them; omnigen's format checks follow the RFC, as
// the suite's optional format tests ask (formatrt's tests run them). A
// meta-schema's "$ref" (format uri-reference) is where the fuzzer finds it.
func lenientURI(data []byte, ours error) bool {
	msg := ours.Error()
	if Keyword(ours) != "format" || !strings.Contains(msg, "not a valid uri") && !strings.Contains(msg, "not a valid iri") {
		return false
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return false
	}
	if p := Pointer(ours); p != "" {
		for _, tok := range strings.Split(p[1:], "/") {
			switch x := v.(type) {
			case map[string]any:
				v = x[jsonptr.Unescape(tok)]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return false
				}
				v = x[i]
			default:
				return false
			}
		}
	}
	s, ok := v.(string)
	return ok && strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f || strings.ContainsRune("\"<>\\^`{|}", r) }) >= 0
}

// comparable leaves out what the engine reads differently on purpose: a
// duplicate key (the engine keeps the last, as JSON.parse; omnigen rejects
// it), invalid UTF-8 and lone surrogates (the engine reads U+FFFD; omnigen
// rejects the first and keeps the second, as JavaScript does) and numbers
// that a float64 does not hold exactly (the engine compares them exactly,
// omnigen as JavaScript does).
func comparable(data []byte) bool {
	if !utf8.Valid(data) || loneSurrogate.Match(data) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return plainValue(dec)
}

// plainValue reads one value and reports whether it has no duplicate key
// and no inexact number.
func plainValue(dec *json.Decoder) bool {
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	switch x := tok.(type) {
	case json.Delim:
		seen := map[string]bool{}
		for dec.More() {
			if x == '{' {
				k, err := dec.Token()
				if err != nil || seen[k.(string)] {
					return false
				}
				seen[k.(string)] = true
			}
			if !plainValue(dec) {
				return false
			}
		}
		_, err := dec.Token()
		return err == nil
	case json.Number:
		return exactFloat(string(x))
	}
	return true
}

// loneSurrogate finds a \u escape of a surrogate (paired or not: the
// check is cheap and rare inputs are left out).
var loneSurrogate = regexp.MustCompile(`(?i)\\ud[89a-f]`)

// exactFloat reports whether a number literal reads as a float64 with no
// rounding: a short integer or a short decimal fraction.
func exactFloat(s string) bool {
	digits := 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			digits++
		}
		if c == 'e' || c == 'E' {
			return false
		}
	}
	return digits <= 15
}

// mutate returns a variant of the JSON document data: a value changed in
// type or in size, a member dropped or added, an item repeated.
func mutate(r *rand.Rand, data []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return data
	}
	v = mutateValue(r, v, 0)
	out, err := json.Marshal(v)
	if err != nil {
		return data
	}
	return out
}

var replacements = []any{nil, true, false, json.Number("0"), json.Number("-1"), json.Number("1.5"), json.Number("1e2"),
	"", "a", "foo", []any{}, []any{json.Number("1")}, map[string]any{}, map[string]any{"foo": json.Number("1")}}

func mutateValue(r *rand.Rand, v any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 && r.IntN(3) > 0 {
			keys := sortedKeys(x)
			k := keys[r.IntN(len(keys))]
			switch r.IntN(4) {
			case 0:
				delete(x, k)
			case 1:
				x[k+"x"] = x[k]
			default:
				x[k] = mutateValue(r, x[k], depth+1)
			}
			return x
		}
		names := []string{"foo", "bar", "baz", "a", "b", "x", "1"}
		x[names[r.IntN(len(names))]] = replacements[r.IntN(len(replacements))]
		return x
	case []any:
		if len(x) > 0 && r.IntN(3) > 0 {
			i := r.IntN(len(x))
			switch r.IntN(3) {
			case 0:
				return append(x[:i:i], x[i+1:]...)
			case 1:
				return append(x, x[i])
			default:
				x[i] = mutateValue(r, x[i], depth+1)
				return x
			}
		}
		return append(x, replacements[r.IntN(len(replacements))])
	case json.Number:
		switch r.IntN(3) {
		case 0:
			return json.Number(string(x) + "1")
		case 1:
			return json.Number("-" + strings.TrimPrefix(string(x), "-"))
		}
	case string:
		if r.IntN(2) == 0 {
			return x + "é"
		}
		if len(x) > 0 {
			return x[:len(x)-1]
		}
	}
	return replacements[r.IntN(len(replacements))]
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// The checks agree with the jsonschema engine on every instance of the
// suite and on mutants of each (a fixed seed; FuzzChecks goes further).
func TestChecksAgreeWithEngine(t *testing.T) {
	groups := engineGroups(t)
	r := rand.New(rand.NewPCG(1, 2))
	n, disagree := 0, 0
	for _, eg := range groups {
		for _, tc := range eg.g.Tests {
			inputs := [][]byte{tc.Data}
			for range 4 {
				inputs = append(inputs, mutate(r, tc.Data))
			}
			for _, in := range inputs {
				n++
				if msg := eg.compare(in); msg != "" {
					disagree++
					if disagree <= 20 {
						t.Error(msg)
					}
				}
			}
		}
	}
	t.Logf("%d groups, %d instances, %d disagreements", len(groups), n, disagree)
}

// FuzzChecks compares the checks with the engine on instances the fuzzer
// makes, against the schema of one suite group.
func FuzzChecks(f *testing.F) {
	groups := engineGroups(f)
	for i, eg := range groups {
		for _, tc := range eg.g.Tests {
			f.Add(uint16(i), []byte(tc.Data))
		}
	}
	// Interesting inputs found before, kept in the repository.
	dir := filepath.Join("..", "..", "..", "testdata", "fuzz", "FuzzChecks")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
		if len(lines) != 3 || lines[0] != "go test fuzz v1" {
			f.Fatalf("%s: not a corpus file of two values", e.Name())
		}
		n, err1 := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(lines[1], "uint16("), ")"))
		data, err2 := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[2], "[]byte("), ")"))
		if err1 != nil || err2 != nil {
			f.Fatalf("%s: not a corpus file of two values", e.Name())
		}
		f.Add(uint16(n), []byte(data))
	}
	f.Fuzz(func(t *testing.T, i uint16, data []byte) {
		if !json.Valid(data) {
			return
		}
		eg := groups[int(i)%len(groups)]
		if msg := eg.compare(data); msg != "" {
			t.Fatal(msg)
		}
	})
}
