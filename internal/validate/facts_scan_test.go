package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// spellings are ways to write pieces of text in a JSON string body: the
// canonical spelling and others that decode to the same bytes, and escapes
// whose decoding depends on their neighbours (surrogates).
var spellings = [][]string{
	{"a", `\u0061`},
	{"/", `\/`, `\u002f`, `\u002F`},
	{`\"`, `\u0022`},
	{`\\`, `\u005c`, `\u005C`},
	{`\n`, `\u000a`, `\u000A`},
	{`\t`, `\u0009`},
	{`\b`, `\u0008`},
	{`\f`, `\u000c`},
	{`\r`, `\u000d`},
	{`\u001b`, `\u001B`},
	{`\u0000`},
	{`\u007f`, "\x7f"},
	{"é", `\u00e9`, `\u00E9`},
	{"\uFFFD", `\ufffd`, `\ud800`, `\udfff`},
	{"😀", `\ud83d\ude00`, `\uD83D\uDE00`},
	{`\ud83d`}, {`\ude00`},
	{"€"}, {" "}, {"x"}, {strings.Repeat("b", 70)}, {strings.Repeat(`\\`, 33)},
}

// randomBody writes a string body of n pieces, each in a random spelling.
func randomBody(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		s := spellings[r.IntN(len(spellings))]
		b.WriteString(s[r.IntN(len(s))])
	}
	return b.String()
}

// TestScanString checks scanString against jsonrt.SkipString and the decoded text
// on bodies of random spellings, at every offset of a 64-byte block.
func TestScanString(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	long := strings.Repeat("x", 300)
	fixed := []string{"", long, long + `\u00e9` + long + `\n`, long + `\n` + long + `\/`, `\ud83d` + long + `\"`}
	for i := range 20000 {
		body := randomBody(r, r.IntN(40))
		if i < len(fixed) {
			body = fixed[i]
		}
		pre := strings.Repeat(" ", i%70)
		line := []byte(pre + `"` + body + `"` + strings.Repeat(" ", r.IntN(3)) + "}")
		s := len(pre)
		end, esc, odd := scanString(line, s)
		if want := jsonrt.SkipString(line, s); end != want {
			t.Fatalf("%q: end %d, want %d", line, end, want)
		}
		decoded := jsonrt.Unquote(nil, []byte(body))
		canon, n := canonicalText(nil, []byte(body))
		if n != len(decoded) || !bytes.Equal(canon, canonicalOf(decoded)) {
			t.Fatalf("%q: canonical spelling %q of %d bytes, want %q of %d", body, canon, n, canonicalOf(decoded), len(decoded))
		}
		if !odd {
			if string(canon) != body {
				t.Fatalf("%q: not odd, but its canonical spelling is %q", body, canon)
			}
			if len(body)-esc != len(decoded) {
				t.Fatalf("%q: esc %d, but it decodes to %d bytes", body, esc, len(decoded))
			}
		} else if string(canon) == body {
			t.Fatalf("%q: odd, but in its canonical spelling", body)
		}
	}
}

// TestContentDigests checks that the content facts of a complete message
// and of its pieces compare as their decoded text does, whatever the
// spelling of either and wherever the pieces are cut.
func TestContentDigests(t *testing.T) {
	table, err := canonicalAggregates()
	if err != nil {
		t.Fatal(err)
	}
	x := newExtractor(table, true)
	line := func(ptype, phase, field, body string) []byte {
		if phase != "" {
			return fmt.Appendf(nil, `{"type":"model_msg","payload":{"type":%q,"role":"assistant","event_type":%q,%q:"%s"}}`, ptype, phase, field, body)
		}
		return fmt.Appendf(nil, `{"type":"model_msg","payload":{"type":%q,"role":"assistant",%q:"%s"}}`, ptype, field, body)
	}
	r := rand.New(rand.NewPCG(3, 4))
	same, differ := 0, 0
	for range 5000 {
		var pieces []string
		for range 1 + r.IntN(4) {
			pieces = append(pieces, randomBody(r, r.IntN(6)))
		}
		var whole string
		if r.IntN(2) == 0 {
			whole = strings.Join(pieces, "") // the same spelling
		} else {
			whole = randomBody(r, r.IntN(12))
		}
		// The decoded text, as the rules compared it before.
		var want []byte
		for _, p := range pieces {
			want = jsonrt.Unquote(want, []byte(p))
		}
		wantWhole := jsonrt.Unquote(nil, []byte(whole))

		h := newHash()
		n := 0
		for _, p := range pieces {
			var f facts
			x.extract(line("partial_text", "delta", "text", p), &f, false)
			if len(f.fields) != 1 || !f.fields[0].present {
				t.Fatalf("%q: no piece read: %+v", p, f)
			}
			h.Write(f.fields[0].piece)
			n += f.fields[0].n
		}
		var f facts
		x.extract(line("text", "", "text", whole), &f, false)
		if len(f.fields) != 1 || !f.fields[0].present {
			t.Fatalf("%q: no text read: %+v", whole, f)
		}
		d := f.fields[0].d
		if n != len(want) || d.n != len(wantWhole) {
			t.Fatalf("%q / %q: lengths %d and %d, want %d and %d", pieces, whole, n, d.n, len(want), len(wantWhole))
		}
		equal := bytes.Equal(want, wantWhole)
		if got := d.n == n && d.sum == h.Sum64(); got != equal {
			t.Fatalf("pieces %q and text %q: equal %v, want %v (decoded %q and %q)", pieces, whole, got, equal, want, wantWhole)
		}
		if equal {
			same++
		} else {
			differ++
		}
		if d.sum != maphash.Bytes(digestSeed, canonicalOf(wantWhole)) {
			t.Fatalf("%q: the digest is not that of the canonical spelling", whole)
		}
	}
	if same < 1000 || differ < 1000 {
		t.Fatalf("%d cases equal, %d not: the test does not cover both", same, differ)
	}
}

func canonicalOf(decoded []byte) []byte {
	var out []byte
	for _, c := range decoded {
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			out = appendControl(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// FuzzScanString checks scanString and canonicalText on any string body
// that is valid JSON against jsonrt.SkipString and the decoded text.
func FuzzScanString(f *testing.F) {
	for _, s := range []string{``, `abc`, `\u00e9\n`, `\ud83d\ude00\/`, strings.Repeat(`x\\`, 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		line := []byte(`"` + body + `"`)
		if !json.Valid(line) {
			return
		}
		end, esc, odd := scanString(line, 0)
		if end != len(line) {
			t.Fatalf("%q: end %d, want %d", line, end, len(line))
		}
		decoded := jsonrt.Unquote(nil, []byte(body))
		canon, n := canonicalText(nil, []byte(body))
		if n != len(decoded) || !bytes.Equal(canon, canonicalOf(decoded)) {
			t.Fatalf("%q: canonical spelling %q of %d bytes, want %q of %d", body, canon, n, canonicalOf(decoded), len(decoded))
		}
		if !odd && (body != string(canon) || len(body)-esc != n) {
			t.Fatalf("%q: not odd, but spelled %q, esc %d for %d decoded bytes", body, canon, esc, n)
		}
	})
}
