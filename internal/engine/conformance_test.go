package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/testutil/conformance"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// vector is one conformance vector (testdata/conformance, see its
// README.md).
type vector = conformance.Vector

func loadVectors(t *testing.T, file string) []vector {
	t.Helper()
	vs, err := conformance.Load(filepath.Join("..", ".."), file)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestConformanceValid(t *testing.T) {
	for _, v := range loadVectors(t, "valid.jsonl") {
		if v.Pointer != nil {
			t.Errorf("valid.jsonl:%d %s: a valid vector has no pointer", v.Line, v.Name)
		}
		if err := Validate(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: rejected: %v", v.Line, v.Name, err)
		}
	}
}

func TestConformanceInvalid(t *testing.T) {
	for _, v := range loadVectors(t, "invalid.jsonl") {
		if v.Pointer == nil {
			t.Errorf("invalid.jsonl:%d %s: missing pointer", v.Line, v.Name)
			continue
		}
		err := Validate(v.Message)
		if err == nil {
			t.Errorf("invalid.jsonl:%d %s: accepted, want an error at %q", v.Line, v.Name, *v.Pointer)
			continue
		}
		var e *schema.Error
		if !errors.As(err, &e) {
			t.Errorf("invalid.jsonl:%d %s: error %T (%v), want *schema.Error", v.Line, v.Name, err, err)
			continue
		}
		if e.Pointer != *v.Pointer {
			t.Errorf("invalid.jsonl:%d %s: pointer got %q, want %q (message: %s)", v.Line, v.Name, e.Pointer, *v.Pointer, e.Message)
		}
		if e.Message == "" {
			t.Errorf("invalid.jsonl:%d %s: empty error message", v.Line, v.Name)
		}
	}
}

func TestConformanceCountsAndNames(t *testing.T) {
	valid := loadVectors(t, "valid.jsonl")
	invalid := loadVectors(t, "invalid.jsonl")
	if len(valid) < 60 {
		t.Errorf("valid vectors: %d, want at least 60", len(valid))
	}
	if len(invalid) < 100 {
		t.Errorf("invalid vectors: %d, want at least 100", len(invalid))
	}
	seen := map[string]string{}
	for file, vs := range map[string][]vector{"valid.jsonl": valid, "invalid.jsonl": invalid} {
		for _, v := range vs {
			if !isKebab(v.Name) {
				t.Errorf("%s:%d: name %q is not kebab-case", file, v.Line, v.Name)
			}
			if prev, dup := seen[v.Name]; dup {
				t.Errorf("%s:%d: name %q already used in %s", file, v.Line, v.Name, prev)
			}
			seen[v.Name] = fmt.Sprintf("%s:%d", file, v.Line)
		}
	}
}

func isKebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// schemaDefs returns the canonical schema's $defs, decoded.
func schemaDefs(t *testing.T) map[string]map[string]any {
	t.Helper()
	root, ok := schema.Canonical().JSON.(map[string]any)
	if !ok {
		t.Fatal("schema is not an object")
	}
	raw, ok := root["$defs"].(map[string]any)
	if !ok {
		t.Fatal("schema has no $defs")
	}
	defs := map[string]map[string]any{}
	for name, d := range raw {
		obj, ok := d.(map[string]any)
		if !ok {
			t.Fatalf("$defs/%s is not an object", name)
		}
		defs[name] = obj
	}
	return defs
}

func refName(s any) string {
	obj, _ := s.(map[string]any)
	ref, _ := obj["$ref"].(string)
	return strings.TrimPrefix(ref, "#/$defs/")
}

// payloadDefs maps each payload type (the const of a $defs entry's type
// property) to its $defs name.
func payloadDefs(t *testing.T) map[string]string {
	out := map[string]string{}
	for name, d := range schemaDefs(t) {
		props, _ := d["properties"].(map[string]any)
		typ, _ := props["type"].(map[string]any)
		if c, ok := typ["const"].(string); ok {
			out[c] = name
		}
	}
	if len(out) == 0 {
		t.Fatal("no payload types found in the schema's $defs")
	}
	return out
}

// envelopePayloadDefs maps each envelope type to the $defs name of the
// payload its allOf if/then selects.
func envelopePayloadDefs(t *testing.T) map[string]string {
	env := schemaDefs(t)["OmniMessage"]
	out := map[string]string{}
	all, _ := env["allOf"].([]any)
	for _, c := range all {
		obj, _ := c.(map[string]any)
		ifs, _ := obj["if"].(map[string]any)
		ifProps, _ := ifs["properties"].(map[string]any)
		typ, _ := ifProps["type"].(map[string]any)
		kind, _ := typ["const"].(string)
		then, _ := obj["then"].(map[string]any)
		thenProps, _ := then["properties"].(map[string]any)
		if kind != "" {
			out[kind] = refName(thenProps["payload"])
		}
	}
	return out
}

// enumValues returns the values of $defs entries that are string enums.
func enumValues(t *testing.T) map[string][]string {
	out := map[string][]string{}
	for name, d := range schemaDefs(t) {
		vals, ok := d["enum"].([]any)
		if !ok {
			continue
		}
		for _, v := range vals {
			if s, ok := v.(string); ok {
				out[name] = append(out[name], s)
			}
		}
	}
	return out
}

func decodeMessage(t *testing.T, v vector) map[string]any {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(v.Message))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", v.Name, err)
	}
	return m
}

func TestConformanceCoversEveryType(t *testing.T) {
	payloadTypes := map[string]bool{}
	envelopeTypes := map[string]bool{}
	for _, v := range loadVectors(t, "valid.jsonl") {
		m := decodeMessage(t, v)
		kind, _ := m["type"].(string)
		envelopeTypes[kind] = true
		p, _ := m["payload"].(map[string]any)
		if typ, ok := p["type"].(string); ok {
			payloadTypes[typ] = true
		}
	}
	for typ, def := range payloadDefs(t) {
		if !payloadTypes[typ] {
			t.Errorf("no valid vector has payload type %q ($defs/%s)", typ, def)
		}
	}
	kinds := envelopePayloadDefs(t)
	if len(kinds) == 0 {
		t.Fatal("no envelope types found in OmniMessage's allOf")
	}
	for kind := range kinds {
		if !envelopeTypes[kind] {
			t.Errorf("no valid vector has envelope type %q", kind)
		}
	}
}

// TestConformanceCoversEveryEnumValue checks that each value of each string
// enum in $defs appears in a valid vector under a property that uses it.
func TestConformanceCoversEveryEnumValue(t *testing.T) {
	defs := schemaDefs(t)
	// property name -> enums it refers to, across all $defs.
	uses := map[string]map[string]bool{}
	for _, d := range defs {
		props, _ := d["properties"].(map[string]any)
		for prop, s := range props {
			if ref := refName(s); ref != "" {
				if _, isEnum := defs[ref]["enum"]; isEnum {
					if uses[ref] == nil {
						uses[ref] = map[string]bool{}
					}
					uses[ref][prop] = true
				}
			}
		}
	}
	seen := map[string]bool{} // "prop=value"
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if s, ok := c.(string); ok {
					seen[k+"="+s] = true
				}
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	for _, v := range loadVectors(t, "valid.jsonl") {
		walk(decodeMessage(t, v))
	}
	for enum, values := range enumValues(t) {
		if len(uses[enum]) == 0 {
			t.Errorf("$defs/%s is an enum no property refers to", enum)
		}
		for _, val := range values {
			found := false
			for prop := range uses[enum] {
				found = found || seen[prop+"="+val]
			}
			if !found {
				t.Errorf("no valid vector uses %s value %q", enum, val)
			}
		}
	}
}

// TestConformanceValidIsCanonical checks that every valid message is written
// as JSON.stringify writes it: no insignificant whitespace, only the escapes
// JSON.stringify makes, numbers in ECMAScript's shortest form, and object
// keys in the schema's order (the order the reference builders write them).
func TestConformanceValidIsCanonical(t *testing.T) {
	order := newKeyOrder(t)
	for _, v := range loadVectors(t, "valid.jsonl") {
		var buf bytes.Buffer
		if err := json.Compact(&buf, v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: %v", v.Line, v.Name, err)
			continue
		}
		if !bytes.Equal(buf.Bytes(), v.Message) {
			t.Errorf("valid.jsonl:%d %s: not compact", v.Line, v.Name)
		}
		if err := checkStringEscapes(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: %v", v.Line, v.Name, err)
		}
		if err := checkNumbers(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: %v", v.Line, v.Name, err)
		}
		if err := order.checkMessage(v.Message); err != nil {
			t.Errorf("valid.jsonl:%d %s: %v", v.Line, v.Name, err)
		}
	}
}

// checkStringEscapes accepts the escapes JSON.stringify writes: \" \\ \b \f
// \n \r \t, and \u00xx (lower-case hex) for the other control characters.
func checkStringEscapes(data []byte) error {
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !inString {
			if c == '"' {
				inString = true
			}
			continue
		}
		switch c {
		case '"':
			inString = false
		case '\\':
			if i+1 >= len(data) {
				return fmt.Errorf("offset %d: truncated escape", i)
			}
			switch e := data[i+1]; e {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+6 > len(data) {
					return fmt.Errorf("offset %d: truncated \\u escape", i)
				}
				hex := string(data[i+2 : i+6])
				n, err := strconv.ParseUint(hex, 16, 16)
				if err != nil || hex != strings.ToLower(hex) || n >= 0x20 || strings.ContainsRune("\b\f\n\r\t", rune(n)) {
					return fmt.Errorf("offset %d: JSON.stringify does not write \\u%s", i, hex)
				}
				i += 5
			default:
				return fmt.Errorf("offset %d: JSON.stringify does not write \\%c", i, e)
			}
		}
	}
	return nil
}

// checkNumbers compares each number with the form ECMAScript's
// Number.prototype.toString gives it.
func checkNumbers(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		n, ok := tok.(json.Number)
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return fmt.Errorf("number %s: %v", n, err)
		}
		if want := jsNumber(f); string(n) != want {
			return fmt.Errorf("number %s: JSON.stringify writes %s", n, want)
		}
	}
}

// jsNumber formats f as ECMAScript's Number::toString (radix 10).
func jsNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(math.Abs(f), 'e', -1, 64), "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	k, n := len(digits), e+1
	var s string
	switch {
	case k <= n && n <= 21:
		s = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		s = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		s = "0." + strings.Repeat("0", -n) + digits
	default:
		sign := "+"
		if n-1 < 0 {
			sign = "-"
		}
		s = digits[:1]
		if k > 1 {
			s += "." + digits[1:]
		}
		s += "e" + sign + strconv.Itoa(int(math.Abs(float64(n-1))))
	}
	if f < 0 {
		s = "-" + s
	}
	return s
}

func TestJSNumber(t *testing.T) {
	for f, want := range map[float64]string{
		1: "1", -17: "-17", 0.1: "0.1", 1.5e300: "1.5e+300", 1e21: "1e+21", 1e20: "100000000000000000000",
		123456789012345678901: "123456789012345680000", 1e-7: "1e-7", 1.5e-6: "0.0000015", 2.5e-10: "2.5e-10",
		128000.5: "128000.5", 5e-324: "5e-324", math.MaxFloat64: "1.7976931348623157e+308",
	} {
		if got := jsNumber(f); got != want {
			t.Errorf("jsNumber(%v) = %s, want %s", f, got, want)
		}
	}
}

// object is a JSON object with its keys in document order.
type object struct {
	keys   []string
	fields map[string]json.RawMessage
}

func parseObject(data []byte) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object")
	}
	o := &object{fields: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		o.keys = append(o.keys, key)
		o.fields[key] = raw
	}
	return o, nil
}

func (o *object) object(key string) *object {
	raw, ok := o.fields[key]
	if !ok {
		return nil
	}
	sub, err := parseObject(raw)
	if err != nil {
		return nil
	}
	return sub
}

// keyOrder knows the order of each $defs entry's properties as the schema
// source lists them.
type keyOrder struct {
	defs     *object
	payloads map[string]string // payload type -> $defs name
	kinds    map[string]string // envelope type -> $defs name (when not a union)
}

func newKeyOrder(t *testing.T) *keyOrder {
	root, err := parseObject(canonical.Canonical)
	if err != nil {
		t.Fatal(err)
	}
	defs := root.object("$defs")
	if defs == nil {
		t.Fatal("schema has no $defs")
	}
	kinds := envelopePayloadDefs(t)
	for kind, def := range kinds {
		if _, isUnion := schemaDefs(t)[def]["oneOf"]; isUnion {
			delete(kinds, kind)
		}
	}
	return &keyOrder{defs: defs, payloads: payloadDefs(t), kinds: kinds}
}

func (k *keyOrder) checkMessage(data []byte) error {
	msg, err := parseObject(data)
	if err != nil {
		return err
	}
	if err := k.check(msg, "OmniMessage", ""); err != nil {
		return err
	}
	payload := msg.object("payload")
	var kind string
	if err := json.Unmarshal(msg.fields["type"], &kind); err != nil {
		return err
	}
	def := k.kinds[kind]
	if def == "" {
		var typ string
		if err := json.Unmarshal(payload.fields["type"], &typ); err != nil {
			return fmt.Errorf("/payload/type: %v", err)
		}
		def = k.payloads[typ]
	}
	return k.check(payload, def, "/payload")
}

// check compares o's keys with def's property order and descends into
// properties whose schema is a $ref to another object definition (or an
// array of them), except opaque ones.
func (k *keyOrder) check(o *object, def, at string) error {
	sch := k.defs.object(def)
	if sch == nil {
		return fmt.Errorf("%s: no $defs/%s", at, def)
	}
	props := sch.object("properties")
	if props == nil {
		return nil
	}
	index := map[string]int{}
	for i, key := range props.keys {
		index[key] = i
	}
	last := -1
	for _, key := range o.keys {
		i, ok := index[key]
		if !ok {
			return fmt.Errorf("%s: unknown key %q", at, key)
		}
		if i < last {
			return fmt.Errorf("%s: keys %v are not in the schema's order %v", at, o.keys, props.keys)
		}
		last = i
		prop := props.object(key)
		var ref string
		if items := prop.object("items"); items != nil {
			_ = json.Unmarshal(items.fields["$ref"], &ref)
			ref = strings.TrimPrefix(ref, "#/$defs/")
			if ref == "" || k.defs.object(ref).object("properties") == nil {
				continue
			}
			var elems []json.RawMessage
			if err := json.Unmarshal(o.fields[key], &elems); err != nil {
				return err
			}
			for j, e := range elems {
				sub, err := parseObject(e)
				if err != nil {
					return err
				}
				if err := k.check(sub, ref, fmt.Sprintf("%s/%s/%d", at, key, j)); err != nil {
					return err
				}
			}
			continue
		}
		_ = json.Unmarshal(prop.fields["$ref"], &ref)
		ref = strings.TrimPrefix(ref, "#/$defs/")
		if ref == "" || k.defs.object(ref).object("properties") == nil {
			continue
		}
		if sub := o.object(key); sub != nil {
			if err := k.check(sub, ref, at+"/"+key); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestConformanceBuilders checks that there is a builder-<name> vector for
// each builder the schema declares.
func TestConformanceBuilders(t *testing.T) {
	var names []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if ext, ok := x["x-omnigen"].(map[string]any); ok {
				if bs, ok := ext["builders"].([]any); ok {
					for _, b := range bs {
						if n, ok := b.(map[string]any)["name"].(string); ok {
							names = append(names, n)
						}
					}
				}
			}
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(schema.Canonical().JSON)
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("the schema declares no builders")
	}
	have := map[string]bool{}
	for _, v := range loadVectors(t, "valid.jsonl") {
		have[v.Name] = true
	}
	for _, n := range names {
		want := "builder-" + kebab(n)
		if !have[want] {
			t.Errorf("no valid vector %q for builder %s", want, n)
		}
	}
}

// kebab turns a camelCase name into kebab-case.
func kebab(s string) string {
	var sb strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				sb.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
