package golang

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// marshalFallback finds, in the codec.go of a generated package whose
// Marshal writes with the one-pass encoder, the root's Go type and the
// statement by which Marshal falls back to the value-tree writer and the
// whole check: the reference the encoder is compared with.
var marshalFallback = regexp.MustCompile(`(?s)func Marshal\(v (\w+)\) \(\[\]byte, error\) \{\n\te := newEncoder\(\).*?\n\te\.finish\(\)\n\t(return marshal\(.*?\n\t\}, \w+\))\n\}`)

// marshalDiffTest is the source of a test, for the generated package
// whose codec.go is codec, that compares Marshal with the value-tree
// writer checked whole on Go values no document gives: each valid sample
// of samples (a directory) that Unmarshal reads, then changed at random (a string, a
// number, a pointer set to nil or to a new zero value, an item dropped or
// repeated, a union set to another value of its type from the same
// document, JSON text garbled), mutants times a sample, from seed. The
// two must write the same bytes or fail with the same error: the one-pass
// encoder accepts exactly what the check of the whole accepts. "" when
// Marshal does not use the one-pass encoder.
func marshalDiffTest(codec []byte, samples string, mutants int, seed uint64) string {
	m := marshalFallback.FindSubmatch(codec)
	pkg := packageClause.FindSubmatch(codec)
	if m == nil || pkg == nil {
		return ""
	}
	r := strings.NewReplacer("PKG", string(pkg[1]), "ROOT", string(m[1]), "FALLBACK", string(m[2]),
		"SAMPLES", fmt.Sprintf("%q", filepath.ToSlash(samples)), "MUTANTS", fmt.Sprint(mutants), "SEED", fmt.Sprint(seed))
	return r.Replace(marshalDiffSource)
}

var packageClause = regexp.MustCompile(`(?m)^package (\w+)$`)

const marshalDiffSource = `package PKG

import (
	"bytes"
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
	total, valid := 0, 0
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
		}
	}
	t.Logf("%d values (%d valid) written alike", total, valid)
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
