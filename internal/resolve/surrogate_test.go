package resolve

import "testing"

func TestLoneSurrogatesKept(t *testing.T) {
	for _, c := range []struct{ in, want, compact string }{
		{`{"a":"\ud800x"}`, "\xed\xa0\x80x", `{"a":"\ud800x"}`},
		{`{"a":"x\udfff"}`, "x\xed\xbf\xbf", `{"a":"x\udfff"}`},
		{`{"a":"\ud83d\ude00 \"q\" \n"}`, "\U0001F600 \"q\" \n", `{"a":"😀 \"q\" \n"}`},
		{`{"\udc00k":"\u00e9\ud800\ud800"}`, "\u00e9\xed\xa0\x80\xed\xa0\x80", `{"\udc00k":"é\ud800\ud800"}`},
		{`{"a":"plain"}`, "plain", `{"a":"plain"}`},
	} {
		v, err := Decode([]byte(c.in))
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*Object)
		var got string
		for _, k := range o.Keys {
			got = o.Values[k].(string)
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
		if cs := string(Compact(v)); cs != c.compact {
			t.Errorf("%s: Compact %s, want %s", c.in, cs, c.compact)
		}
	}
}

// Decode reads what Compact writes back as the same value, escaped lone
// surrogates and all, and never panics on text that is not JSON.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":"\ud800x","b":["\udfff",1.5e3,null,true]}`, `"\ud83d\ude00\ud800"`, `{"k\udc00":{"\"":"\\u"}}`, `[1,{"a":"b"}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		text := Compact(v)
		w, err := Decode(text)
		if err != nil {
			t.Fatalf("Compact wrote %s, which does not decode: %v", text, err)
		}
		if again := Compact(w); string(again) != string(text) {
			t.Fatalf("%s decodes and compacts as %s", text, again)
		}
	})
}
