package formatrt

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFormats checks that no format function panics, whatever the string,
// and that the relations between the formats hold: a URI is a URI
// reference and an IRI, a host name is an IDN host name (and for ASCII the
// two agree), an e-mail address is an IDN one, Punycode encodes and decodes
// back, and an IDN host name written with A-labels is a valid host name.
// Interesting inputs are kept in testdata/fuzz/FuzzFormats.
func FuzzFormats(f *testing.F) {
	for _, s := range []string{
		"", "2024-02-29T23:59:60+00:00", "P1Y2M3DT4H5M6S", "a@b.c", "xn--bcher-kva.example",
		"1::2:3.4.5.6", "http://[v7.a]:8/p?q#f", "{+a,b:3}", "0/a~1b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range formatNames {
			if known, _ := checkFormat(name, s); !known {
				t.Fatalf("checkFormat(%q) is not known", name)
			}
		}
		implies := func(a bool, nameA string, b bool, nameB string) {
			if a && !b {
				t.Errorf("%q is a valid %s but not a valid %s", s, nameA, nameB)
			}
		}
		uri, uriRef, iri, iriRef := formatURI(s), formatURIReference(s), formatIRI(s), formatIRIReference(s)
		implies(uri, "uri", uriRef, "uri-reference")
		implies(uri, "uri", iri, "iri")
		implies(iri, "iri", iriRef, "iri-reference")
		implies(uriRef, "uri-reference", iriRef, "iri-reference")
		host, idnHost := formatHostname(s), formatIDNHostname(s)
		implies(host, "hostname", idnHost, "idn-hostname")
		if isASCII(s) && host != idnHost {
			t.Errorf("%q: hostname %v but idn-hostname %v for an ASCII string", s, host, idnHost)
		}
		implies(formatEmail(s), "email", formatIDNEmail(s), "idn-email")
		if formatDateTime(s) && !(formatDate(s[:10]) && formatTime(s[11:])) {
			t.Errorf("%q is a valid date-time but its date or time is not valid", s)
		}

		if utf8.ValidString(s) && len(s) < 200 { // encoding is quadratic
			u := []rune(s)
			if enc, ok := fmtPunyEncode(u); ok {
				dec, ok := fmtPunyDecode(enc)
				if !ok || !slices.Equal(dec, u) {
					t.Errorf("Punycode of %q is %q, which decodes to %q (%v)", s, enc, string(dec), ok)
				}
			}
		}
		if idnHost {
			if ascii := toASCII(t, s); !formatHostname(ascii) {
				t.Errorf("%q is a valid idn-hostname but its A-label form %q is not a valid hostname", s, ascii)
			}
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// toASCII writes an IDN host name with A-labels and "." separators.
func toASCII(t *testing.T, s string) string {
	labels := strings.FieldsFunc(s, func(r rune) bool {
		return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
	})
	for i, label := range labels {
		if isASCII(label) {
			continue
		}
		enc, ok := fmtPunyEncode([]rune(label))
		if !ok {
			t.Fatalf("%q: label %q does not encode", s, label)
		}
		labels[i] = "xn--" + enc
	}
	return strings.Join(labels, ".")
}
