package formatrt

import (
	"strings"
	"testing"
)

// BenchmarkFormats checks one typical valid string of each format.
func BenchmarkFormats(b *testing.B) {
	examples := map[string]string{
		"date-time": "1963-06-19T08:30:06.283185Z", "date": "2020-02-29", "time": "23:59:60Z",
		"duration": "P1Y2M3DT4H5M6S", "email": "joe.bloggs@example.com", "idn-email": "실례@실례.테스트",
		"hostname": "www.example.com", "idn-hostname": "xn--4gbwdl.xn--wgbh1c", "ipv4": "192.168.0.1",
		"ipv6": "1:2::192.168.0.1", "uri": "http://foo.bar/?baz=qux#quux", "uri-reference": "//foo.bar/?baz",
		"iri": "http://ƒøø.ßår/?∂éœ=πîx#πîüx", "iri-reference": "/âππ",
		"uri-template": "http://example.com/dictionary/{term:1}/{term}",
		"uuid":         "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "json-pointer": "/foo/bar~0/baz~1/%a",
		"relative-json-pointer": "2/0/baz/1/zip",
	}
	for _, name := range formatNames {
		s := examples[name]
		if known, ok := checkFormat(name, s); !known || !ok {
			b.Fatalf("%s %q is not valid", name, s)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				checkFormat(name, s)
			}
		})
	}
}

// BenchmarkLongInputs runs every format on long strings built to make a
// careless check slow (one label of 100,000 Arabic-Indic digits took 6.8 s
// before U-labels were bounded by the 63 octets of their A-label). Each
// should take time linear in its length.
func BenchmarkLongInputs(b *testing.B) {
	var han strings.Builder
	for r := rune(0x4e00); r < 0x4e00+50000; r++ {
		han.WriteRune(r)
	}
	inputs := map[string]string{
		"han-label":       han.String(),
		"arabic-digits":   strings.Repeat("\u0660", 100000),
		"katakana-dots":   strings.Repeat("\u30fb", 100000),
		"middle-dots":     strings.Repeat("l\u00b7", 50000) + "l",
		"joiners":         strings.Repeat("\u0915\u094d\u200d", 30000),
		"braces":          strings.Repeat("{", 1<<20),
		"a-labels":        strings.Repeat("xn--a.", 100000),
		"dotted-labels":   strings.Repeat("a.", 500000),
		"ascii":           strings.Repeat("a", 1<<20),
		"percent-escapes": "http://h/" + strings.Repeat("%41", 300000),
	}
	for name, s := range inputs {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, f := range formatNames {
					checkFormat(f, s)
				}
			}
		})
	}
}
