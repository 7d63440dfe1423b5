package resolve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/omnigen-dev/omnigen/internal/wtf8"
)

// Object is a JSON object that remembers the order of its keys: generated
// code follows the schema's order (properties, definitions), so the order
// is part of the input. A nil *Object reads as one without members (the
// Object of a boolean schema is nil).
type Object struct {
	Keys   []string
	Values map[string]any
}

// Get returns the member called key.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.Values[key]
	return v, ok
}

// Has reports whether o has a member called key.
func (o *Object) Has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.Values[key]
	return ok
}

// Str returns the member key when it is a string, else "".
func (o *Object) Str(key string) string {
	if o == nil {
		return ""
	}
	s, _ := o.Values[key].(string)
	return s
}

// Obj returns the member key when it is an object, else nil.
func (o *Object) Obj(key string) *Object {
	if o == nil {
		return nil
	}
	v, _ := o.Values[key].(*Object)
	return v
}

// Arr returns the member key when it is an array, else nil.
func (o *Object) Arr(key string) []any {
	if o == nil {
		return nil
	}
	v, _ := o.Values[key].([]any)
	return v
}

// Decode decodes one JSON document keeping key order: objects become
// *Object, arrays []any, numbers json.Number (their exact text), strings
// string, and true, false and null bool and nil. A duplicate key is an
// error: a schema with one is ambiguous.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	r := &reader{dec: dec, data: data, surrogates: surrogateEscape().Match(data)}
	v, err := r.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the top-level value")
	}
	return v, nil
}

// maxDepth bounds the nesting of a schema document, so that a hostile one
// cannot exhaust the stack of the generator.
const maxDepth = 1000

// reader decodes data's values; surrogates says data escapes a surrogate,
// which, when it is lone, encoding/json reads as U+FFFD: its strings are
// read again from their text then (stringAt).
type reader struct {
	dec        *json.Decoder
	data       []byte
	surrogates bool
}

// token is the decoder's next token, a string as JavaScript reads it.
func (r *reader) token() (json.Token, error) {
	start := r.dec.InputOffset()
	tok, err := r.dec.Token()
	if s, ok := tok.(string); ok && r.surrogates && err == nil {
		return r.stringAt(start, s), nil
	}
	return tok, err
}

// stringAt is the string token that ends at the decoder's offset, read
// from the text after start (separators first) with its lone surrogates
// kept in WTF-8; decoded, what the decoder made of it.
func (r *reader) stringAt(start int64, decoded string) string {
	raw := r.data[start:r.dec.InputOffset()]
	raw = raw[bytes.IndexByte(raw, '"'):]
	if !bytes.Contains(raw, []byte(`\u`)) {
		return decoded
	}
	var out []byte
	for i := 1; i < len(raw)-1; i++ {
		if c := raw[i]; c != '\\' {
			// As encoding/json reads it: invalid UTF-8 is U+FFFD.
			r, size := utf8.DecodeRune(raw[i : len(raw)-1])
			out = utf8.AppendRune(out, r)
			i += size - 1
			continue
		}
		i++
		switch raw[i] {
		case 'u':
			u := hex4(raw[i+1:])
			i += 4
			if u >= 0xD800 && u <= 0xDBFF && i+6 < len(raw) && raw[i+1] == '\\' && raw[i+2] == 'u' {
				if lo := hex4(raw[i+3:]); lo >= 0xDC00 && lo <= 0xDFFF {
					out = utf8.AppendRune(out, utf16.DecodeRune(u, lo))
					i += 6
					continue
				}
			}
			if u >= 0xD800 && u <= 0xDFFF {
				out = wtf8.AppendSurrogate(out, u)
			} else {
				out = utf8.AppendRune(out, u)
			}
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		default: // " \\ /
			out = append(out, raw[i])
		}
	}
	return string(out)
}

// hex4 is the value of the four hex digits that b starts with.
func hex4(b []byte) rune {
	n, _ := strconv.ParseUint(string(b[:4]), 16, 32)
	return rune(n)
}

// surrogateEscape matches the escape of a surrogate ("\ud800"), paired or
// not (or text that looks like one: it only costs reading strings again).
var surrogateEscape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\\u[dD][89a-fA-F]`) })

func (r *reader) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	tok, err := r.token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '{':
		o := &Object{Values: map[string]any{}}
		for r.dec.More() {
			kt, err := r.token()
			if err != nil {
				return nil, err
			}
			k := kt.(string)
			v, err := r.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if _, dup := o.Values[k]; dup {
				return nil, fmt.Errorf("duplicate key %q", k)
			}
			o.Keys = append(o.Keys, k)
			o.Values[k] = v
		}
		_, err := r.dec.Token()
		return o, err
	default:
		a := []any{}
		for r.dec.More() {
			v, err := r.value(depth + 1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := r.dec.Token()
		return a, err
	}
}

// Compact writes v (a value Decode returned) as compact JSON, keys in their
// order, numbers as written.
func Compact(v any) []byte {
	var buf bytes.Buffer
	writeCompact(&buf, v)
	return buf.Bytes()
}

func writeCompact(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case *Object:
		buf.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k)
			buf.WriteByte(':')
			writeCompact(buf, x.Values[k])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeCompact(buf, e)
		}
		buf.WriteByte(']')
	case string:
		writeString(buf, x)
	case json.Number:
		buf.WriteString(string(x))
	case bool:
		if x {
			buf.WriteString("true")
		} else {
			buf.WriteString("false")
		}
	case nil:
		buf.WriteString("null")
	}
}

func writeString(buf *bytes.Buffer, s string) {
	if !utf8.ValidString(s) {
		// A lone surrogate in WTF-8 (wtf8) is its escape, as
		// JSON.stringify writes it; the runs of valid UTF-8 between are
		// written as encoding/json writes them, another invalid byte as
		// U+FFFD.
		buf.WriteByte('"')
		for i := 0; i < len(s); {
			if r, ok := wtf8.Surrogate(s, i); ok {
				fmt.Fprintf(buf, `\u%04x`, r)
				i += 3
				continue
			}
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if r == utf8.RuneError && size == 1 {
					break
				}
				j += size
			}
			if j == i {
				buf.WriteString(`\ufffd`)
				i++
				continue
			}
			var run bytes.Buffer
			writeString(&run, s[i:j])
			buf.Write(run.Bytes()[1 : run.Len()-1])
			i = j
		}
		buf.WriteByte('"')
		return
	}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}
