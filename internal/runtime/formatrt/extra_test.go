package formatrt

import (
	"strings"
	"testing"
)

// extraCases pin the rules the suite leaves open; TestTypeScript puts them
// through format.ts too.
var extraCases = []struct {
	format, s string
	valid     bool
	why       string
}{
	{"date", "0000-02-29", true, "year 0 is a leap year (divisible by 400)"},
	{"time", "00:00:60+00:01", true, "a leap second at 23:59 UTC"},
	{"time", "23:59:60.5Z", true, "a leap second with a fraction"},
	{"time", "12:00:00.Z", false, "a fraction needs a digit"},
	{"date-time", "2024-01-01 12:00:00Z", false, "a space is not T"},
	{"duration", "p1d", false, "designators are upper case"},
	{"duration", "P1W", true, "weeks alone"},
	{"duration", "P1MT1S", true, "months then seconds"},
	{"email", strings.Repeat("a", 64) + "@example.com", true, "a local part of 64 octets"},
	{"email", strings.Repeat("a", 65) + "@example.com", false, "a local part over 64 octets"},
	{"email", "a@[ipv6:::1]", true, "the IPv6 tag in any case"},
	{"email", "a@[IPv7:x]", false, "no general address literal: no other tag is registered"},
	{"email", "a@localhost", true, "a one-label domain"},
	{"email", "a@-a.com", false, "a domain label starts with a hyphen"},
	{"email", "a@xn--X.com", false, "the domain's A-labels are checked"},
	{"email", "\"a\\\"b\"@example.com", true, "a quoted pair in a quoted string"},
	{"email", "\"a\nb\"@example.com", false, "a control character in a quoted string"},
	{"idn-email", strings.Repeat("ü", 32) + "@example.com", true, "64 octets of UTF-8"},
	{"idn-email", strings.Repeat("ü", 33) + "@example.com", false, "66 octets of UTF-8"},
	{"hostname", "XN--BCHER-KVA.example", true, "an A-label in upper case"},
	{"hostname", "ab--cd", true, "hyphens in positions 3 and 4 of an LDH label"},
	{"hostname", strings.Repeat("a.", 126) + "a", true, "253 octets"},
	{"hostname", strings.Repeat("a.", 126) + "ab", false, "254 octets"},
	{"idn-hostname", "bücher.example", true, "a U-label"},
	{"idn-hostname", "Bücher.example", false, "upper case in a U-label is DISALLOWED (no UTS #46 mapping)"},
	{"idn-hostname", "BUCHER.example", true, "an all-ASCII label in either case"},
	{"idn-hostname", "e\u0301.com", true, "not in NFC: accepted, NFC is not checked (known gap)"},
	{"idn-hostname", "\u00e9.com", true, "the NFC form"},
	{"idn-hostname", "xn--bcher-kva.xn--mgbh0fb", true, "two A-labels, one right-to-left"},
	{"idn-hostname", "a\u200db", false, "ZWJ not after a virama"},
	{"idn-hostname", "\u05d0\u0300", true, "a right-to-left label ending in a mark (NSM)"},
	{"ipv4", "01.2.3.4", false, "a leading zero"},
	{"ipv4", "0.0.0.0", true, "zeros"},
	{"ipv6", "1:2:3:4:5:6:7::", true, "'::' for the last group"},
	{"ipv6", "1:2:3:4:5:6:7:8::", false, "'::' with eight groups"},
	{"ipv6", "::1.2.3.4", true, "an IPv4 tail after '::'"},
	{"ipv6", "1:2:3:4:5::1.2.3.4", true, "'::' for one group before an IPv4 tail"},
	{"ipv6", "1:2:3:4::5:6:1.2.3.4", false, "'::' with six groups and an IPv4 tail (eight)"},
	{"uri", "http://[v1.x]", true, "IPvFuture"},
	{"uri", "http://[vz.x]", false, "IPvFuture needs a hex version"},
	{"uri", "a:", true, "a scheme and an empty path"},
	{"uri", "http://h:/p", true, "an empty port"},
	{"uri", "http://h:8a/p", false, "a port of letters"},
	{"uri", "http://h/a#b#c", false, "'#' in a fragment"},
	{"iri", "http://h/\ue000", false, "a private-use character outside the query"},
	{"iri", "http://h/?\ue000", true, "a private-use character in the query"},
	{"iri", "http://h/\ufffe", false, "a noncharacter"},
	{"uri-template", "{=var}", true, "a reserved operator is in the grammar"},
	{"uri-template", "{a}}", false, "an unmatched closing brace"},
	{"uri-template", "{a", false, "an unclosed expression"},
	{"uri-template", "{v:1*}", false, "a prefix and an explode"},
	{"relative-json-pointer", "0+1/a", false, "no index manipulation (draft-handrews-01)"},
	{"relative-json-pointer", "0", true, "zero"},
	{"json-pointer", "/~01", true, "'~0' then '1'"},
	{"uuid", "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false, "braces"},
}

func TestExtraCases(t *testing.T) {
	for _, c := range extraCases {
		if known, ok := checkFormat(c.format, c.s); !known || ok != c.valid {
			t.Errorf("%s %q: known=%v valid=%v, want valid=%v: %s", c.format, c.s, known, ok, c.valid, c.why)
		}
	}
}
