package golang

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// marshalEncode finds, in the codec.go of a generated package whose
// Marshal writes with the one-pass encoder, the root's Go type and the
// check of the whole that Marshal falls back to.
var marshalEncode = regexp.MustCompile(`(?s)func Marshal\(v (\w+)\) \(\[\]byte, error\) \{\n\treturn encode\(func\(e \*encoder\) \{\n.*?\n\t\}, (\w+)\)\n\}`)

// jsonMethodEncode finds the MarshalJSON methods that write with the
// one-pass encoder: the type and the check it runs.
var jsonMethodEncode = regexp.MustCompile(`(?s)func \(x (\w+)\) MarshalJSON\(\) \(\[\]byte, error\) \{\n\treturn encode\(func\(e \*encoder\) \{\n.*?\n\t\}, (\w+)\)\n\}`)

var packageClause = regexp.MustCompile(`(?m)^package (\w+)$`)

// marshalDiffTest is the source of a test, for the generated package
// whose codec.go is codec, that compares the one-pass codec with the
// value-tree codec on what no document gives: each valid sample of samples
// (a directory) that Unmarshal reads, then changed at random (a string, a
// number, a pointer set to nil or to a new zero value, an item dropped or
// repeated, a union set to another value of its type from the same
// document, JSON text garbled), mutants times a sample, from seed.
// Marshal and the value-tree writer checked whole must write the same
// bytes or fail with the same error: the one-pass encoder accepts exactly
// what the check of the whole accepts, and writes, its rules quiet, what
// the value-tree writer writes. So must each type's MarshalJSON, on every
// value of the type in the changed values, and its UnmarshalJSON read what
// that wrote, garbled, as the value-tree reader does (jsonMethodRefs).
// tree holds the value-tree codec's functions that codec.go does not carry
// (Options.unusedTree). "" when Marshal does not use the one-pass encoder.
func marshalDiffTest(codec, tree []byte, samples string, mutants int, seed uint64) string {
	m := marshalEncode.FindSubmatch(codec)
	pkg := packageClause.FindSubmatch(codec)
	if m == nil || pkg == nil {
		return ""
	}
	both := append(append([]byte(nil), codec...), tree...)
	r := strings.NewReplacer("PKG", string(pkg[1]), "ROOT", string(m[1]), "FALLBACK", "return "+treeMarshal(both, string(m[1]), "v", string(m[2])),
		"SAMPLES", fmt.Sprintf("%q", filepath.ToSlash(samples)), "MUTANTS", fmt.Sprint(mutants), "SEED", fmt.Sprint(seed))
	return r.Replace(marshalDiffSource) + jsonMethodRefs(codec, both)
}

// treeMarshal is the expression writing x, of Go type typ, with the
// value-tree writer of typ that src declares, checked whole with check.
func treeMarshal(src []byte, typ, x, check string) string {
	w := regexp.MustCompile(`func \(e \*encoder\) (write\w*)\(x (\*?)` + typ + `\) \{`).FindSubmatch(src)
	if w == nil {
		return "nil, nil // no value-tree writer of " + typ
	}
	if len(w[2]) > 0 {
		x = "&" + x
	}
	return fmt.Sprintf("marshal(func(e *encoder) {\n\t\te.%s(%s)\n\t}, %s)", w[1], x, check)
}

// jsonMethodRefs declares, for each type whose json methods use the
// one-pass codec, the value-tree codec's MarshalJSON and UnmarshalJSON
// with the same check, by the type, as src (codec.go and the value-tree
// functions it does not carry) declares them.
func jsonMethodRefs(codec, src []byte) string {
	var marshals, unmarshals strings.Builder
	for _, m := range jsonMethodEncode.FindAllSubmatch(codec, -1) {
		typ, check := string(m[1]), string(m[2])
		fmt.Fprintf(&marshals, "\treflect.TypeFor[%s](): func(v any) ([]byte, error) {\n\t\tx := v.(%s)\n\t\treturn %s\n\t},\n", typ, typ, treeMarshal(src, typ, "x", check))
		reader := "func (r *reader) read" + typ + "(v *value) " + typ + " {"
		onePass := "func (x *" + typ + ") UnmarshalJSON(data []byte) error {\n\td := newDecoder("
		if bytes.Contains(src, []byte(reader)) && bytes.Contains(codec, []byte(onePass)) {
			fmt.Fprintf(&unmarshals, "\treflect.TypeFor[%s](): func(data []byte) (any, error) {\n\t\tvar out %s\n\t\terr := unmarshal(data, %s, func(r *reader, v *value) { out = r.read%s(v) })\n\t\treturn out, err\n\t},\n", typ, typ, check, typ)
		}
	}
	return "\nvar marshalJSONRefs = map[reflect.Type]func(any) ([]byte, error){\n" + marshals.String() + "}\n" +
		"\nvar unmarshalJSONRefs = map[reflect.Type]func([]byte) (any, error){\n" + unmarshals.String() + "}\n"
}

const marshalDiffSource = `package PKG

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// referenceMarshal is Marshal's fallback: the value-tree writer, checked
// whole.
func referenceMarshal(v ROOT) ([]byte, error) {
	FALLBACK
}

func TestMarshalAgreesWithTree(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(SAMPLES, "*.json"))
	r := rand.New(rand.NewSource(SEED))
	total, valid, methods := 0, 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, ".invalid.json") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Unmarshal(data); err != nil {
			continue // valid, but not for Go (an integer past 2^53)
		}
		for i := 0; i < MUTANTS; i++ {
			v, _ := Unmarshal(data)
			for n := r.Intn(3); i > 0 && n >= 0; n-- {
				mutate(r, reflect.ValueOf(&v).Elem())
			}
			got, gerr := Marshal(v)
			want, werr := referenceMarshal(v)
			total++
			if werr == nil {
				valid++
			}
			if errText(gerr) != errText(werr) || !bytes.Equal(got, want) {
				t.Errorf("%s, mutant %d: Marshal wrote %q (%v), the value-tree writer %q (%v)", filepath.Base(f), i, got, gerr, want, werr)
			}
			methods += jsonMethodsAgree(t, r, reflect.ValueOf(v), filepath.Base(f), i)
		}
	}
	t.Logf("%d values (%d valid) written alike; json methods alike on %d values", total, valid, methods)
}

// jsonMethodsAgree compares the json methods of each value v holds, of a
// type in marshalJSONRefs, with the value-tree codec's: MarshalJSON, then
// UnmarshalJSON of what it wrote, garbled. It returns how many values it
// compared.
func jsonMethodsAgree(t *testing.T, r *rand.Rand, v reflect.Value, sample string, i int) int {
	n := 0
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		if depth > 32 || n > 50 || !v.IsValid() {
			return
		}
		if ref, ok := marshalJSONRefs[v.Type()]; ok && v.CanInterface() {
			n++
			got, gerr := v.Interface().(json.Marshaler).MarshalJSON()
			want, werr := ref(v.Interface())
			if errText(gerr) != errText(werr) || !bytes.Equal(got, want) {
				t.Errorf("%s, mutant %d: %s's MarshalJSON wrote %q (%v), the value-tree writer %q (%v)", sample, i, v.Type(), got, gerr, want, werr)
			}
			if uref, ok := unmarshalJSONRefs[v.Type()]; ok && gerr == nil {
				text := garble(r, got)
				p := reflect.New(v.Type())
				gerr := p.Interface().(json.Unmarshaler).UnmarshalJSON(text)
				w, werr := uref(text)
				if errText(gerr) != errText(werr) {
					t.Errorf("%s, mutant %d: %s's UnmarshalJSON of %q says %v, the value-tree reader %v", sample, i, v.Type(), text, gerr, werr)
				} else if gerr == nil {
					a, aerr := p.Elem().Interface().(json.Marshaler).MarshalJSON()
					b, berr := w.(json.Marshaler).MarshalJSON()
					if errText(aerr) != errText(berr) || !bytes.Equal(a, b) {
						t.Errorf("%s, mutant %d: %s's UnmarshalJSON of %q read what writes %q (%v), the value-tree reader %q (%v)", sample, i, v.Type(), text, a, aerr, b, berr)
					}
				}
			}
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), depth+1)
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i), depth+1)
				}
			}
		case reflect.Slice:
			if v.Type().Elem().Kind() != reflect.Uint8 {
				for i := 0; i < v.Len(); i++ {
					walk(v.Index(i), depth+1)
				}
			}
		}
	}
	walk(v, 0)
	return n
}

// garble makes up to three random edits to a copy of text, or none, or
// puts a value of some JSON type in its place.
func garble(r *rand.Rand, text []byte) []byte {
	if r.Intn(8) == 0 {
		// A value of any JSON type in its place, null among them.
		values := []string{"null", "true", "0", "-1.5", "\"\"", "\"x\"", "[]", "{}"}
		return []byte(values[r.Intn(len(values))])
	}
	text = append([]byte(nil), text...)
	for n := r.Intn(4) - 1; n >= 0 && len(text) > 0; n-- {
		at := r.Intn(len(text))
		switch r.Intn(4) {
		case 0:
			text = append(text[:at], text[at+1:]...)
		case 1:
			const chars = "{}[]\",:0-e\\ \xff"
			text = append(text[:at], append([]byte{chars[r.Intn(len(chars))]}, text[at:]...)...)
		case 2:
			end := at + r.Intn(len(text)-at)
			text = append(text[:end], append(append([]byte(nil), text[at:end]...), text[end:]...)...)
		default:
			text[at] = text[r.Intn(len(text))]
		}
	}
	return text
}

// TestUnmarshalJSONAgreesWithTree reads every sample, valid or not, and
// garbled copies, with the root type's UnmarshalJSON and the value-tree
// reader, where the root type's UnmarshalJSON reads in one pass.
func TestUnmarshalJSONAgreesWithTree(t *testing.T) {
	uref, ok := unmarshalJSONRefs[reflect.TypeFor[ROOT]()]
	if !ok {
		t.Skip("the root type's UnmarshalJSON reads a value tree")
	}
	files, _ := filepath.Glob(filepath.Join(SAMPLES, "*.json"))
	r := rand.New(rand.NewSource(SEED))
	total, valid := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < MUTANTS; i++ {
			text := data
			if i > 0 {
				text = garble(r, data)
			}
			var got ROOT
			gerr := any(&got).(json.Unmarshaler).UnmarshalJSON(text)
			want, werr := uref(text)
			total++
			if errText(gerr) != errText(werr) {
				t.Errorf("%s, mutant %d %q: UnmarshalJSON says %v, the value-tree reader %v", filepath.Base(f), i, text, gerr, werr)
				continue
			}
			if gerr != nil {
				continue
			}
			valid++
			a, aerr := Marshal(got)
			b, berr := Marshal(want.(ROOT))
			if errText(aerr) != errText(berr) || !bytes.Equal(a, b) {
				t.Errorf("%s, mutant %d %q: UnmarshalJSON read what Marshal writes %q (%v), the value-tree reader %q (%v)", filepath.Base(f), i, text, a, aerr, b, berr)
			}
		}
	}
	t.Logf("%d texts (%d valid) read alike", total, valid)
}

// TestEveryUnmarshalJSONAgreesWithTree reads every value in every sample
// (every member's, every item's, the whole), as encoding/json writes it
// and garbled, with the UnmarshalJSON of each type whose json methods read
// in one pass and with its value-tree reader: a type the root does not
// reach, which no value of the root holds, is compared too.
func TestEveryUnmarshalJSONAgreesWithTree(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(SAMPLES, "*.json"))
	r := rand.New(rand.NewSource(SEED))
	var texts [][]byte
	var collect func(v any)
	collect = func(v any) {
		if b, err := json.Marshal(v); err == nil {
			texts = append(texts, b)
		}
		switch v := v.(type) {
		case map[string]any:
			for _, m := range v {
				collect(m)
			}
		case []any:
			for _, m := range v {
				collect(m)
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if json.Unmarshal(data, &v) == nil {
			collect(v)
		}
	}
	total, valid := 0, 0
	for typ, uref := range unmarshalJSONRefs {
		for _, text := range texts {
			for i := 0; i < 4; i++ {
				in := text
				if i > 0 {
					in = garble(r, text)
				}
				p := reflect.New(typ)
				gerr := p.Interface().(json.Unmarshaler).UnmarshalJSON(in)
				w, werr := uref(in)
				total++
				if errText(gerr) != errText(werr) {
					t.Errorf("%s's UnmarshalJSON of %q says %v, the value-tree reader %v", typ, in, gerr, werr)
					continue
				}
				if gerr != nil {
					continue
				}
				valid++
				a, aerr := p.Elem().Interface().(json.Marshaler).MarshalJSON()
				b, berr := w.(json.Marshaler).MarshalJSON()
				if errText(aerr) != errText(berr) || !bytes.Equal(a, b) {
					t.Errorf("%s's UnmarshalJSON of %q read what writes %q (%v), the value-tree reader %q (%v)", typ, in, a, aerr, b, berr)
				}
			}
		}
	}
	t.Logf("%d texts (%d valid) read alike by %d types", total, valid, len(unmarshalJSONRefs))
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// mutate changes one value that v holds, at random.
func mutate(r *rand.Rand, v reflect.Value) {
	var spots []reflect.Value
	unions := map[reflect.Type][]reflect.Value{}
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		if depth > 64 {
			return
		}
		if v.CanSet() {
			spots = append(spots, v)
		}
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem(), depth+1)
			}
		case reflect.Interface:
			if !v.IsNil() {
				unions[v.Type()] = append(unions[v.Type()], v.Elem())
				if e := v.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() {
					walk(e.Elem(), depth+1)
				}
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i), depth+1)
			}
		case reflect.Slice:
			if v.Type().Elem().Kind() == reflect.Uint8 {
				return // JSON text: changed whole
			}
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), depth+1)
			}
		}
	}
	walk(v, 0)
	if len(spots) == 0 {
		return
	}
	s := spots[r.Intn(len(spots))]
	switch s.Kind() {
	case reflect.String:
		words := []string{"", "x", "0", "ok", "error", "login", "shape", "text", "2024-01-01T00:00:00Z", "\xff", "a\u00a0b", strings.Repeat("y", 300)}
		if r.Intn(2) == 0 && s.Len() > 0 {
			s.SetString(s.String()[:r.Intn(s.Len())])
		} else {
			s.SetString(words[r.Intn(len(words))])
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		ns := []int64{0, -1, 1, 2, 100, -100, 1 << 53, 1<<53 + 1, math.MaxInt64, math.MinInt64}
		s.SetInt(ns[r.Intn(len(ns))])
	case reflect.Float64, reflect.Float32:
		fs := []float64{0, -1, 0.5, 1e21, -1e-7, 1 << 53, math.Inf(1), math.NaN(), math.Copysign(0, -1)}
		s.SetFloat(fs[r.Intn(len(fs))])
	case reflect.Bool:
		s.SetBool(!s.Bool())
	case reflect.Pointer:
		if s.IsNil() {
			s.Set(reflect.New(s.Type().Elem()))
		} else {
			s.SetZero()
		}
	case reflect.Interface:
		if others := unions[s.Type()]; len(others) > 0 && r.Intn(3) > 0 {
			s.Set(others[r.Intn(len(others))])
		} else {
			s.SetZero()
		}
	case reflect.Slice:
		switch {
		case s.Type().Elem().Kind() == reflect.Uint8:
			texts := []string{"", "{", "null", "1", "{}", "[]", "\"\xff\"", "{\"a\":1,\"a\":2}", "1e400"}
			s.SetBytes([]byte(texts[r.Intn(len(texts))]))
		case s.Len() > 0 && r.Intn(2) == 0:
			s.Set(reflect.AppendSlice(s.Slice(0, r.Intn(s.Len())), s.Slice(r.Intn(s.Len()), s.Len())))
		case s.Len() > 0:
			s.Set(reflect.Append(s, s.Index(r.Intn(s.Len()))))
		default:
			s.Set(reflect.Append(s, reflect.Zero(s.Type().Elem())))
		}
	case reflect.Map:
		s.SetZero()
	case reflect.Struct:
		s.SetZero()
	}
}
`
