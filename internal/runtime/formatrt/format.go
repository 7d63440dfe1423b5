package formatrt

// This file is the format runtime of a generated package: the checks behind
// the JSON Schema "format" keyword when it is an assertion. It does not depend
// on the schema and uses the standard library only. Every name starts with
// "format" or "fmt" so that it cannot collide with generated code; the
// TypeScript twin (internal/gen/typescript/rt/format.ts) has the same
// functions, the same tables and the same verdicts.
//
// Strings are taken as what a JSON decoder produces: a byte that is not
// UTF-8 reads as U+FFFD, the replacement character.

import (
	"strings"
	"unicode/utf8"
)

// checkFormat checks s against the format called name, as JSON Schema names
// it. known is false for a name this runtime does not check ("regex" is
// checked elsewhere; unknown formats are annotations): the caller then
// accepts the string.
//
// One rule per format serves every draft (4, 6, 7, 2019-09, 2020-12): no
// string of the JSON Schema Test Suite is valid in one draft's
// optional/format tests and invalid in another's, and the specifications the
// drafts cite for these formats agree.
func checkFormat(name, s string) (known, ok bool) {
	switch name {
	case "date-time":
		return true, formatDateTime(s)
	case "date":
		return true, formatDate(s)
	case "time":
		return true, formatTime(s)
	case "duration":
		return true, formatDuration(s)
	case "email":
		return true, formatEmail(s)
	case "idn-email":
		return true, formatIDNEmail(s)
	case "hostname":
		return true, formatHostname(s)
	case "idn-hostname":
		return true, formatIDNHostname(s)
	case "ipv4":
		return true, formatIPv4(s)
	case "ipv6":
		return true, formatIPv6(s)
	case "uri":
		return true, formatURI(s)
	case "uri-reference":
		return true, formatURIReference(s)
	case "iri":
		return true, formatIRI(s)
	case "iri-reference":
		return true, formatIRIReference(s)
	case "uri-template":
		return true, formatURITemplate(s)
	case "uuid":
		return true, formatUUID(s)
	case "json-pointer":
		return true, formatJSONPointer(s)
	case "relative-json-pointer":
		return true, formatRelativeJSONPointer(s)
	}
	return false, false
}

// ---- dates and times -------------------------------------------------------

// formatDateTime checks an RFC 3339 §5.6 date-time: a full-date, "T", then a
// full-time, where "T" and "Z" may be lower case (§5.6 note) and the rules of
// formatDate and formatTime hold.
func formatDateTime(s string) bool {
	return len(s) > 11 && (s[10] == 'T' || s[10] == 't') && formatDate(s[:10]) && formatTime(s[11:])
}

// formatDate checks an RFC 3339 §5.6 full-date, YYYY-MM-DD in ASCII digits,
// with a month of 01–12 and a day that exists in that month (§5.7: February
// has 29 days in leap years of the Gregorian calendar).
func formatDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	year, ok1 := fmtDigits(s, 0, 4)
	month, ok2 := fmtDigits(s, 5, 2)
	day, ok3 := fmtDigits(s, 8, 2)
	if !ok1 || !ok2 || !ok3 || month < 1 || month > 12 || day < 1 {
		return false
	}
	days := 31
	switch month {
	case 4, 6, 9, 11:
		days = 30
	case 2:
		days = 28
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			days = 29
		}
	}
	return day <= days
}

// formatTime checks an RFC 3339 §5.6 full-time: HH:MM:SS, an optional
// fraction of one or more digits, then "Z" (either case) or a numeric offset
// ±HH:MM. Hours are 00–23, minutes 00–59, seconds 00–60, and a leap second
// (60) only where the time is 23:59 in UTC (§5.7).
func formatTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	hour, ok1 := fmtDigits(s, 0, 2)
	minute, ok2 := fmtDigits(s, 3, 2)
	second, ok3 := fmtDigits(s, 6, 2)
	if !ok1 || !ok2 || !ok3 || hour > 23 || minute > 59 || second > 60 {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || i == len(s) {
			return false
		}
	}
	offset := 0 // minutes east of UTC
	switch s[i] {
	case 'Z', 'z':
		if i+1 != len(s) {
			return false
		}
	case '+', '-':
		if len(s)-i != 6 || s[i+3] != ':' {
			return false
		}
		oh, ok1 := fmtDigits(s, i+1, 2)
		om, ok2 := fmtDigits(s, i+4, 2)
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return false
		}
		offset = oh*60 + om
		if s[i] == '-' {
			offset = -offset
		}
	default:
		return false
	}
	if second == 60 {
		utc := ((hour*60+minute-offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// fmtDigits reads n ASCII digits of s at i as a number.
func fmtDigits(s string, i, n int) (int, bool) {
	v := 0
	for j := i; j < i+n; j++ {
		c := s[j]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// formatDuration checks an RFC 3339 Appendix A duration: "P" then either
// weeks alone (nW) or date elements Y, M, D and/or "T" with time elements
// H, M, S, each an integer of ASCII digits and its upper-case designator, in
// that order and without gaps (Y then D needs M; H then S needs M), with at
// least one element after "P" and after "T". Fractions and signs are not part
// of the grammar.
func formatDuration(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	var date, clock []byte // designators, in order
	inTime := false
	for i := 1; i < len(s); {
		if s[i] == 'T' && !inTime {
			inTime = true
			i++
			continue
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || i == len(s) {
			return false
		}
		if inTime {
			clock = append(clock, s[i])
		} else {
			date = append(date, s[i])
		}
		i++
	}
	if inTime && len(clock) == 0 {
		return false
	}
	if string(date) == "W" {
		return !inTime
	}
	return fmtOneOf(string(date), "", "D", "M", "MD", "Y", "YM", "YMD") &&
		fmtOneOf(string(clock), "", "H", "HM", "HMS", "M", "MS", "S") &&
		len(date)+len(clock) > 0
}

// fmtOneOf reports whether s is one of the options.
func fmtOneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}

// ---- e-mail addresses ------------------------------------------------------

// formatEmail checks an RFC 5321 §4.1.2 Mailbox: a Local-part (a dot-string
// of atext atoms or a quoted string) of at most 64 octets (§4.5.3.1.1), "@",
// then a domain that is a valid hostname (see formatHostname) or an address
// literal holding an IPv4 address or "IPv6:" and an IPv6 address (§4.1.3).
func formatEmail(s string) bool {
	return fmtMailbox(s, false)
}

// formatIDNEmail checks an RFC 6531 §3.3 Mailbox: formatEmail's grammar where
// the local part may also hold any non-ASCII character and the domain is
// checked as an idn-hostname (see formatIDNHostname). The 64-octet limit of
// the local part counts UTF-8 octets.
func formatIDNEmail(s string) bool {
	return fmtMailbox(s, true)
}

// fmtMailbox checks an RFC 5321 mailbox, with RFC 6531's extensions when idn.
func fmtMailbox(s string, idn bool) bool {
	i := 0
	if i < len(s) && s[i] == '"' {
		i++
		for {
			if i >= len(s) {
				return false
			}
			c := s[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' {
				if i+1 >= len(s) || s[i+1] < 32 || s[i+1] > 126 {
					return false
				}
				i += 2
				continue
			}
			if c >= 0x80 && idn {
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
				continue
			}
			if c < 32 || c > 126 {
				return false
			}
			i++
		}
	} else {
		atom := 0 // length of the current atom
		for i < len(s) && s[i] != '@' {
			c := s[i]
			switch {
			case c == '.':
				if atom == 0 {
					return false
				}
				atom = 0
				i++
				continue
			case c >= 0x80 && idn:
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			case c < 0x80 && fmtIsAtext(c):
				i++
			default:
				return false
			}
			atom++
		}
		if atom == 0 {
			return false
		}
	}
	if i > 64 || i >= len(s) || s[i] != '@' {
		return false
	}
	domain := s[i+1:]
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		literal := domain[1 : len(domain)-1]
		if fmtHasPrefixFold(literal, "ipv6:") {
			return formatIPv6(literal[5:])
		}
		return formatIPv4(literal)
	}
	if idn {
		return formatIDNHostname(domain)
	}
	return formatHostname(domain)
}

// fmtHasPrefixFold reports whether s starts with the lower-case ASCII
// prefix, in any case.
func fmtHasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// fmtIsAtext reports whether c is an RFC 5322 atext character.
func fmtIsAtext(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// ---- host names ------------------------------------------------------------

// formatHostname checks an RFC 1123 §2.1 host name: labels of ASCII letters,
// digits and hyphens, 1–63 octets, not starting or ending with a hyphen,
// separated by dots (no empty label, no trailing dot), 253 octets at most.
// A label starting with "xn--" (any case) must be an IDNA2008 A-label
// (RFC 5890 §2.3.2.1): valid Punycode (RFC 3492) that decodes to a valid
// U-label (see formatIDNHostname) and encodes back to the same label.
func formatHostname(s string) bool {
	return fmtDomain(s, false)
}

// formatIDNHostname checks an IDNA2008 internationalized host name (RFC 5890
// §2.3.2.3): labels separated by "." or by U+3002, U+FF0E or U+FF61 (the
// separators of RFC 3490 §3.1), each an LDH label as for formatHostname, an
// A-label, or a U-label. A U-label (RFC 5891 §4.2.3, §5.4) has only code
// points that RFC 5892 derives as PVALID, or CONTEXTJ/CONTEXTO ones whose
// RFC 5892 Appendix A rule holds; it does not start with a combining mark,
// start or end with "-" or have "--" in positions 3 and 4, and its A-label
// has at most 63 octets. When a label is right-to-left, every label meets the
// Bidi rule of RFC 5893 §2. The whole name has at most 253 octets in A-label
// form. The property tables are Unicode 15.0.0's, built into this file. Not
// checked: that a U-label is in Normalization Form C (the standard library
// has no normalizer; a code point that NFKC changes is DISALLOWED, so only
// composable sequences such as "e" + U+0301 are let through), and the
// mapping of RFC 5895 or UTS #46 is not applied (upper case is DISALLOWED in
// a U-label, as the RFCs say; an all-ASCII label may have either case).
func formatIDNHostname(s string) bool {
	return fmtDomain(s, true)
}

// fmtDomain checks a host name; idn allows U-labels and the IDNA separators.
func fmtDomain(s string, idn bool) bool {
	if s == "" {
		return false
	}
	var labels [][]rune // each label as Unicode, ASCII in lower case
	total := -1         // length in A-label form, with the dots
	bidiDomain := false
	for start := 0; start <= len(s); {
		end, next := len(s), len(s)+1
		for i, r := range s[start:] {
			if r == '.' || idn && (r == 0x3002 || r == 0xFF0E || r == 0xFF61) {
				end, next = start+i, start+i+utf8.RuneLen(r)
				break
			}
		}
		label := s[start:end]
		start = next
		u, alabel, ok := fmtLabel(label, idn)
		if !ok {
			return false
		}
		total += 1 + alabel
		if total > 253 {
			return false
		}
		for _, r := range u {
			if r < 0x80 {
				continue // L, EN or ES: not right-to-left
			}
			switch fmtIDNAProps(r) >> fmtIDNABidiShift & 15 {
			case fmtBidiR, fmtBidiAL, fmtBidiAN:
				bidiDomain = true
			}
		}
		labels = append(labels, u)
	}
	if bidiDomain {
		for _, u := range labels {
			if !fmtBidiLabel(u) {
				return false
			}
		}
	}
	return true
}

// fmtLabel checks one label of a host name and returns it as Unicode (ASCII
// letters in lower case) and the length of its A-label (or LDH) form.
func fmtLabel(label string, idn bool) (u []rune, alabel int, ok bool) {
	if label == "" {
		return nil, 0, false
	}
	ascii := true
	for i := 0; i < len(label); i++ {
		if label[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if !ascii {
		// An A-label has at most 63 octets, "xn--" and then at least one
		// per code point: a longer label is refused before any work that
		// grows faster than its length.
		if !idn || utf8.RuneCountInString(label) > 59 {
			return nil, 0, false
		}
		u = []rune(label)
		if !fmtULabel(u) {
			return nil, 0, false
		}
		enc, ok := fmtPunyEncode(u)
		if !ok || 4+len(enc) > 63 {
			return nil, 0, false
		}
		return u, 4 + len(enc), true
	}
	if len(label) > 63 {
		return nil, 0, false
	}
	lower := strings.ToLower(label)
	if strings.HasPrefix(lower, "xn--") {
		u, ok := fmtPunyDecode(lower[4:])
		if !ok || !fmtULabel(u) {
			return nil, 0, false
		}
		nonASCII := false
		for _, r := range u {
			nonASCII = nonASCII || r >= 0x80
		}
		enc, ok := fmtPunyEncode(u)
		if !nonASCII || !ok || enc != lower[4:] {
			return nil, 0, false
		}
		return u, len(label), true
	}
	for i := 0; i < len(lower); i++ {
		c := lower[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return nil, 0, false
		}
	}
	if lower[0] == '-' || lower[len(lower)-1] == '-' {
		return nil, 0, false
	}
	return []rune(lower), len(label), true
}

// fmtULabel checks the rules of RFC 5891 §4.2.3 that hold for one U-label:
// hyphens, a leading combining mark, and the RFC 5892 property of each code
// point with the contextual rules of its Appendix A. (Length and the Bidi
// rule depend on more than the label: the caller checks them.)
func fmtULabel(u []rune) bool {
	n := len(u)
	if n == 0 || u[0] == '-' || u[n-1] == '-' || n >= 4 && u[2] == '-' && u[3] == '-' {
		return false
	}
	for _, r := range u {
		if fmtIDNAProps(r)&fmtIDNAPropMask == fmtIDNADisallowed {
			return false
		}
	}
	if fmtIDNAProps(u[0])&fmtIDNAMark != 0 {
		return false
	}
	for i, r := range u {
		switch fmtIDNAProps(r) & fmtIDNAPropMask {
		case fmtIDNAContextJ:
			if !fmtContextJ(u, i) {
				return false
			}
		case fmtIDNAContextO:
			if !fmtContextO(u, i) {
				return false
			}
		}
	}
	return true
}

// fmtContextJ checks the rules of RFC 5892 Appendix A.1 (ZERO WIDTH
// NON-JOINER) and A.2 (ZERO WIDTH JOINER) for u[i].
func fmtContextJ(u []rune, i int) bool {
	if i > 0 && fmtIDNAProps(u[i-1])&fmtIDNAVirama != 0 {
		return true
	}
	if u[i] != 0x200C {
		return false
	}
	// (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
	j := i - 1
	for j >= 0 && fmtJoining(u[j]) == fmtJoinT {
		j--
	}
	if j < 0 || fmtJoining(u[j]) != fmtJoinL && fmtJoining(u[j]) != fmtJoinD {
		return false
	}
	k := i + 1
	for k < len(u) && fmtJoining(u[k]) == fmtJoinT {
		k++
	}
	return k < len(u) && (fmtJoining(u[k]) == fmtJoinR || fmtJoining(u[k]) == fmtJoinD)
}

// fmtJoining is the Joining_Type of r.
func fmtJoining(r rune) uint16 {
	return fmtIDNAProps(r) >> fmtIDNAJoinShift & 7
}

// fmtScript is the script class of r (fmtScriptGreek, ...).
func fmtScript(r rune) uint16 {
	return fmtIDNAProps(r) >> fmtIDNAScriptShift & 3
}

// fmtContextO checks the rules of RFC 5892 Appendix A.3 to A.9 for u[i].
func fmtContextO(u []rune, i int) bool {
	r := u[i]
	switch {
	case r == 0x00B7: // MIDDLE DOT: between two 'l'
		return i > 0 && u[i-1] == 'l' && i+1 < len(u) && u[i+1] == 'l'
	case r == 0x0375: // GREEK LOWER NUMERAL SIGN: before a Greek letter
		return i+1 < len(u) && fmtScript(u[i+1]) == fmtScriptGreek
	case r == 0x05F3 || r == 0x05F4: // HEBREW GERESH, GERSHAYIM: after Hebrew
		return i > 0 && fmtScript(u[i-1]) == fmtScriptHebrew
	case r == 0x30FB: // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han
		for _, c := range u {
			if fmtScript(c) == fmtScriptKana {
				return true
			}
		}
		return false
	case r >= 0x0660 && r <= 0x0669: // ARABIC-INDIC DIGITS: not with extended ones
		for _, c := range u {
			if c >= 0x06F0 && c <= 0x06F9 {
				return false
			}
		}
		return true
	case r >= 0x06F0 && r <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS: not with the others
		for _, c := range u {
			if c >= 0x0660 && c <= 0x0669 {
				return false
			}
		}
		return true
	}
	return false
}

// fmtBidiLabel checks the Bidi rule of RFC 5893 §2 for one label.
func fmtBidiLabel(u []rune) bool {
	bidi := func(r rune) uint16 { return fmtIDNAProps(r) >> fmtIDNABidiShift & 15 }
	// The classes both directions allow, as a bit set.
	const common = 1<<fmtBidiEN | 1<<fmtBidiES | 1<<fmtBidiCS | 1<<fmtBidiET |
		1<<fmtBidiON | 1<<fmtBidiBN | 1<<fmtBidiNSM
	var allowed uint16 // the classes allowed in the label
	var ends uint16    // the classes the label may end with, before NSMs
	switch bidi(u[0]) {
	case fmtBidiR, fmtBidiAL: // rules 2 to 4
		allowed = common | 1<<fmtBidiR | 1<<fmtBidiAL | 1<<fmtBidiAN
		ends = 1<<fmtBidiR | 1<<fmtBidiAL | 1<<fmtBidiEN | 1<<fmtBidiAN
	case fmtBidiL: // rules 5 and 6
		allowed = common | 1<<fmtBidiL
		ends = 1<<fmtBidiL | 1<<fmtBidiEN
	default: // rule 1
		return false
	}
	var seen uint16
	for _, r := range u {
		seen |= 1 << bidi(r)
	}
	if seen&^allowed != 0 || seen&(1<<fmtBidiEN) != 0 && seen&(1<<fmtBidiAN) != 0 {
		return false
	}
	last := len(u) - 1
	for last > 0 && bidi(u[last]) == fmtBidiNSM {
		last--
	}
	return ends&(1<<bidi(u[last])) != 0
}

// ---- Punycode (RFC 3492) ---------------------------------------------------

const (
	fmtPunyBase    = 36
	fmtPunyTMin    = 1
	fmtPunyTMax    = 26
	fmtPunySkew    = 38
	fmtPunyDamp    = 700
	fmtPunyBias    = 72
	fmtPunyN       = 128
	fmtPunyMaxUint = 1<<31 - 1 // the bound on every intermediate value
)

// fmtPunyAdapt is the bias adaptation function of RFC 3492 §6.1.
func fmtPunyAdapt(delta, points int, first bool) int {
	if first {
		delta /= fmtPunyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (fmtPunyBase-fmtPunyTMin)*fmtPunyTMax/2 {
		delta /= fmtPunyBase - fmtPunyTMin
		k += fmtPunyBase
	}
	return k + (fmtPunyBase-fmtPunyTMin+1)*delta/(delta+fmtPunySkew)
}

// fmtPunyThreshold is t(k) of RFC 3492 §6.2 and §6.3.
func fmtPunyThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return fmtPunyTMin
	case k >= bias+fmtPunyTMax:
		return fmtPunyTMax
	}
	return k - bias
}

// fmtPunyDecode decodes lower-case Punycode (RFC 3492 §6.2).
func fmtPunyDecode(s string) ([]rune, bool) {
	var out []rune
	in := 0
	if b := strings.LastIndexByte(s, '-'); b > 0 {
		for i := 0; i < b; i++ {
			out = append(out, rune(s[i]))
		}
		in = b + 1
	}
	n, i, bias := fmtPunyN, 0, fmtPunyBias
	for in < len(s) {
		oldi, w := i, 1
		for k := fmtPunyBase; ; k += fmtPunyBase {
			if in >= len(s) {
				return nil, false
			}
			c := s[in]
			in++
			digit := fmtPunyBase
			switch {
			case c >= 'a' && c <= 'z':
				digit = int(c - 'a')
			case c >= '0' && c <= '9':
				digit = int(c-'0') + 26
			}
			if digit >= fmtPunyBase || digit > (fmtPunyMaxUint-i)/w {
				return nil, false
			}
			i += digit * w
			t := fmtPunyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > fmtPunyMaxUint/(fmtPunyBase-t) {
				return nil, false
			}
			w *= fmtPunyBase - t
		}
		points := len(out) + 1
		bias = fmtPunyAdapt(i-oldi, points, oldi == 0)
		if i/points > fmtPunyMaxUint-n {
			return nil, false
		}
		n += i / points
		i %= points
		if n > utf8.MaxRune {
			return nil, false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, true
}

// fmtPunyEncode encodes u as Punycode (RFC 3492 §6.3), digits in lower case.
func fmtPunyEncode(u []rune) (string, bool) {
	var out []byte
	for _, r := range u {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	b := len(out)
	h := b
	if b > 0 {
		out = append(out, '-')
	}
	n, delta, bias := fmtPunyN, 0, fmtPunyBias
	for h < len(u) {
		m := int(utf8.MaxRune) + 1
		for _, r := range u {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if (m - n) > (fmtPunyMaxUint-delta)/(h+1) {
			return "", false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range u {
			if int(r) < n {
				delta++
				if delta > fmtPunyMaxUint {
					return "", false
				}
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := fmtPunyBase; ; k += fmtPunyBase {
				t := fmtPunyThreshold(k, bias)
				if q < t {
					break
				}
				out = append(out, fmtPunyDigit(t+(q-t)%(fmtPunyBase-t)))
				q = (q - t) / (fmtPunyBase - t)
			}
			out = append(out, fmtPunyDigit(q))
			bias = fmtPunyAdapt(delta, h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return string(out), true
}

// fmtPunyDigit is the lower-case Punycode digit for d (0–35).
func fmtPunyDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// ---- IP addresses ----------------------------------------------------------

// formatIPv4 checks an RFC 2673 §3.2 dotted-quad: four decimal numbers of
// 0–255 in ASCII digits, separated by dots, without leading zeros (which
// some parsers read as octal; RFC 3986's dec-octet forbids them too).
func formatIPv4(s string) bool {
	parts := 0
	for i := 0; ; {
		start := i
		v := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 3 {
			v = v*10 + int(s[i]-'0')
			i++
		}
		if i == start || v > 255 || s[start] == '0' && i-start > 1 {
			return false
		}
		parts++
		if parts == 4 {
			return i == len(s)
		}
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i++
	}
}

// formatIPv6 checks an RFC 4291 §2.2 IPv6 address in text: eight groups of
// 1–4 hex digits separated by colons, where one "::" may stand for one or
// more groups of zeros and the last two groups may be written as an IPv4
// dotted-quad (see formatIPv4). No zone, prefix length or brackets.
func formatIPv6(s string) bool {
	groups := 0
	compressed := false
	i := 0
	if strings.HasPrefix(s, "::") {
		compressed = true
		i = 2
		if i == len(s) {
			return true
		}
	}
	for {
		start := i
		for i < len(s) && fmtIsHex(s[i]) && i-start < 5 {
			i++
		}
		if i < len(s) && s[i] == '.' {
			// The rest is a dotted-quad standing for the last two groups.
			return formatIPv4(s[start:]) && (groups+2 == 8 && !compressed || compressed && groups+2 < 8)
		}
		if i == start || i-start > 4 {
			return false
		}
		groups++
		if i == len(s) {
			break
		}
		if s[i] != ':' {
			return false
		}
		i++
		if i < len(s) && s[i] == ':' {
			if compressed {
				return false
			}
			compressed = true
			i++
			if i == len(s) {
				break
			}
		} else if i == len(s) {
			return false
		}
	}
	return groups == 8 && !compressed || compressed && groups < 8
}

// fmtIsHex reports whether c is an ASCII hex digit.
func fmtIsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// ---- URIs and IRIs ---------------------------------------------------------

// formatURI checks an RFC 3986 §3 URI: a scheme, ":", a hierarchical part
// (an authority after "//" with an optional user, a host that is a
// bracketed IPv6 address or IPvFuture or a registered name, an optional
// numeric port; then a path), an optional query and fragment, every
// character allowed where it stands and "%" followed by two hex digits.
func formatURI(s string) bool {
	return fmtURIRef(s, false, false)
}

// formatURIReference checks an RFC 3986 §4.1 URI-reference: a URI (see
// formatURI) or a relative reference (§4.2), whose first path segment has no
// colon when there is no authority.
func formatURIReference(s string) bool {
	return fmtURIRef(s, true, false)
}

// formatIRI checks an RFC 3987 §2.2 IRI: formatURI's grammar where
// unreserved characters also include the ucschar ranges (non-ASCII letters,
// marks, symbols, ...) and the query may also hold private-use characters.
func formatIRI(s string) bool {
	return fmtURIRef(s, false, true)
}

// formatIRIReference checks an RFC 3987 §2.2 IRI-reference: an IRI or a
// relative reference with formatIRI's characters.
func formatIRIReference(s string) bool {
	return fmtURIRef(s, true, true)
}

// fmtURI parts that a character may appear in, for fmtURIChar.
const (
	fmtInUserinfo  = iota // unreserved, sub-delims, ":"
	fmtInHost             // unreserved, sub-delims
	fmtInSegment          // pchar: unreserved, sub-delims, ":", "@"
	fmtInSegmentNC        // pchar but ":"
	fmtInQuery            // pchar, "/", "?" (and iprivate in an IRI)
	fmtInFragment         // pchar, "/", "?"
)

// fmtURIRef checks a URI or IRI, or a reference when relative is true.
func fmtURIRef(s string, relative, iri bool) bool {
	i := fmtScheme(s)
	if i < 0 && !relative {
		return false
	}
	rest := s
	if i >= 0 {
		rest = s[i+1:]
	}
	hier, query, fragment := rest, "", ""
	hasQuery, hasFragment := false, false
	if j := strings.IndexByte(hier, '#'); j >= 0 {
		hier, fragment, hasFragment = hier[:j], hier[j+1:], true
	}
	if j := strings.IndexByte(hier, '?'); j >= 0 {
		hier, query, hasQuery = hier[:j], hier[j+1:], true
	}
	if hasQuery && !fmtURIChars(query, fmtInQuery, iri) ||
		hasFragment && !fmtURIChars(fragment, fmtInFragment, iri) {
		return false
	}
	path := hier
	if strings.HasPrefix(hier, "//") {
		end := strings.IndexByte(hier[2:], '/')
		if end < 0 {
			end = len(hier) - 2
		}
		if !fmtAuthority(hier[2:2+end], iri) {
			return false
		}
		path = hier[2+end:]
	} else if i < 0 {
		// A relative path's first segment has no ":" (path-noscheme).
		first := path
		if j := strings.IndexByte(path, '/'); j >= 0 {
			first = path[:j]
		}
		if !fmtURIChars(first, fmtInSegmentNC, iri) {
			return false
		}
	}
	for _, seg := range strings.Split(path, "/") {
		if !fmtURIChars(seg, fmtInSegment, iri) {
			return false
		}
	}
	return true
}

// fmtScheme returns the index of the ":" ending s's scheme, or -1 when s has
// no scheme (RFC 3986 §3.1: a letter, then letters, digits, "+", "-", ".").
func fmtScheme(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

// fmtAuthority checks an RFC 3986 §3.2 authority (RFC 3987 iauthority).
func fmtAuthority(a string, iri bool) bool {
	if j := strings.IndexByte(a, '@'); j >= 0 {
		if !fmtURIChars(a[:j], fmtInUserinfo, iri) {
			return false
		}
		a = a[j+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 {
			return false
		}
		host, port = a[:end+1], a[end+1:]
		if port != "" && port[0] != ':' {
			return false
		}
		literal := host[1 : len(host)-1]
		if !formatIPv6(literal) && !fmtIPvFuture(literal) {
			return false
		}
	} else {
		if j := strings.IndexByte(a, ':'); j >= 0 {
			host, port = a[:j], a[j:]
		}
		if !fmtURIChars(host, fmtInHost, iri) {
			return false
		}
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// fmtIPvFuture checks RFC 3986's IPvFuture: "v", hex digits, ".", then
// unreserved, sub-delims or ":".
func fmtIPvFuture(s string) bool {
	if len(s) < 4 || s[0] != 'v' && s[0] != 'V' {
		return false
	}
	i := 1
	for i < len(s) && fmtIsHex(s[i]) {
		i++
	}
	if i == 1 || i+1 >= len(s) || s[i] != '.' {
		return false
	}
	return fmtURIChars(s[i+1:], fmtInUserinfo, false)
}

// fmtURIChars reports whether every character of s may appear in the part
// of a URI (or IRI) given by in, "%" starting a pct-encoded octet.
func fmtURIChars(s string, in int, iri bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x80 {
			if !iri {
				return false
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if !fmtUCSChar(r) && !(in == fmtInQuery && fmtIPrivate(r)) {
				return false
			}
			i += n
			continue
		}
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("-._~!$&'()*+,;=", c) >= 0:
		case c == '%':
			if i+2 >= len(s) || !fmtIsHex(s[i+1]) || !fmtIsHex(s[i+2]) {
				return false
			}
			i += 2
		case c == ':':
			if in == fmtInHost || in == fmtInSegmentNC {
				return false
			}
		case c == '@':
			if in == fmtInUserinfo || in == fmtInHost {
				return false
			}
		case c == '/' || c == '?':
			if in != fmtInQuery && in != fmtInFragment {
				return false
			}
		default:
			return false
		}
		i++
	}
	return true
}

// fmtUCSChar reports whether r is an RFC 3987 ucschar.
func fmtUCSChar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		// Each plane but its last two code points; plane 14 from E1000.
		return r&0xFFFE != 0xFFFE && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

// fmtIPrivate reports whether r is an RFC 3987 iprivate character.
func fmtIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0x10FFFD && r&0xFFFE != 0xFFFE
}

// formatURITemplate checks an RFC 6570 §2 URI Template: literals (any
// character but controls, space, '"', "%" outside a pct-encoded octet, "<",
// ">", "\", "^", "`", "{", "|" and "}"; the apostrophe is allowed, as RFC 6570
// erratum 6937 asks) and expressions: "{", an optional operator
// (+ # . / ; ? & and the reserved = , ! @ |), then one or more comma-separated
// variable names (letters, digits, "_", pct-encoded octets, single inner
// dots) each with an optional "*" or ":" and a length of 1–9999 without a
// leading zero, then "}".
func formatURITemplate(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !fmtUCSChar(r) && !fmtIPrivate(r) {
				return false
			}
			i += n
		case c == '%':
			if i+2 >= len(s) || !fmtIsHex(s[i+1]) || !fmtIsHex(s[i+2]) {
				return false
			}
			i += 3
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 || !fmtTemplateExpression(s[i+1:i+end]) {
				return false
			}
			i += end + 1
		case c <= ' ' || c == 0x7F || strings.IndexByte("\"<>\\^`|}", c) >= 0:
			return false
		default:
			i++
		}
	}
	return true
}

// fmtTemplateExpression checks the inside of an RFC 6570 expression.
func fmtTemplateExpression(e string) bool {
	if e != "" && strings.IndexByte("+#./;?&=,!@|", e[0]) >= 0 {
		e = e[1:]
	}
	for _, spec := range strings.Split(e, ",") {
		name := spec
		if strings.HasSuffix(spec, "*") {
			name = spec[:len(spec)-1]
		} else if j := strings.IndexByte(spec, ':'); j >= 0 {
			name = spec[:j]
			length := spec[j+1:]
			if length == "" || len(length) > 4 || length[0] == '0' {
				return false
			}
			for k := 0; k < len(length); k++ {
				if length[k] < '0' || length[k] > '9' {
					return false
				}
			}
		}
		if name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
			return false
		}
		for k := 0; k < len(name); k++ {
			c := name[k]
			switch {
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.':
			case c == '%':
				if k+2 >= len(name) || !fmtIsHex(name[k+1]) || !fmtIsHex(name[k+2]) {
					return false
				}
				k += 2
			default:
				return false
			}
		}
	}
	return true
}

// ---- identifiers and pointers ----------------------------------------------

// formatUUID checks an RFC 9562 §4 UUID in its string form: 32 hex digits in
// either case, grouped 8-4-4-4-12 by hyphens; any version and variant.
func formatUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !fmtIsHex(s[i]) {
			return false
		}
	}
	return true
}

// formatJSONPointer checks an RFC 6901 §3 JSON Pointer: empty, or "/"
// followed by reference tokens separated by "/", where "~" is always followed
// by "0" or "1". Any other character is allowed.
func formatJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

// formatRelativeJSONPointer checks a Relative JSON Pointer
// (draft-handrews-relative-json-pointer-01 §3, which the drafts cite): a
// non-negative integer in ASCII digits without a leading zero, then either
// "#" or a JSON Pointer (see formatJSONPointer). The later index adjustment
// ("0+1/a") is not part of it.
func formatRelativeJSONPointer(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || s[0] == '0' && i > 1 {
		return false
	}
	return s[i:] == "#" || formatJSONPointer(s[i:])
}

// ---- IDNA2008 properties ---------------------------------------------------

// The properties of a code point for IDNA2008, as fmtIDNAProps returns them:
// its RFC 5892 derived property (fmtIDNAPropMask), whether it is a combining
// mark (General_Category M), whether its Canonical_Combining_Class is Virama,
// its Bidi_Class (RFC 5893), its Joining_Type (RFC 5892 Appendix A.1) and
// the script class the contextual rules ask about. Only the code points that
// are not DISALLOWED have properties; the others read as 0.
const (
	fmtIDNAPropMask    = 3
	fmtIDNADisallowed  = 0 // DISALLOWED or UNASSIGNED
	fmtIDNAPValid      = 1
	fmtIDNAContextJ    = 2
	fmtIDNAContextO    = 3
	fmtIDNAMark        = 1 << 2
	fmtIDNAVirama      = 1 << 3
	fmtIDNABidiShift   = 4  // 4 bits: fmtBidiL, ...
	fmtIDNAJoinShift   = 8  // 3 bits: fmtJoinU, ...
	fmtIDNAScriptShift = 11 // 2 bits: fmtScriptOther, ...
	fmtIDNAAlternate   = 1 << 13
)

// Bidi classes (RFC 5893 §2). Any class the Bidi rule does not allow reads
// as fmtBidiOther.
const (
	fmtBidiOther = iota
	fmtBidiL
	fmtBidiR
	fmtBidiAL
	fmtBidiEN
	fmtBidiES
	fmtBidiCS
	fmtBidiET
	fmtBidiON
	fmtBidiBN
	fmtBidiNSM
	fmtBidiAN
)

// Joining types (Unicode ArabicShaping.txt).
const (
	fmtJoinU = iota
	fmtJoinL
	fmtJoinR
	fmtJoinD
	fmtJoinT
	fmtJoinC
)

// Script classes of the contextual rules.
const (
	fmtScriptOther  = iota
	fmtScriptGreek  // Script=Greek
	fmtScriptHebrew // Script=Hebrew
	fmtScriptKana   // Script=Hiragana, Katakana or Han
)

// fmtIDNAProps returns the properties of r. fmtIDNARanges holds entries of
// five characters, sorted: four base-57 digits (each a character minus '#',
// most significant first) giving the first code point of a range, and one
// digit indexing fmtIDNAAttrs, whose entries are three base-57 digits each.
// A range runs to the next entry's start. When its attributes have
// fmtIDNAAlternate, only every other code point (the first, the third, ...)
// has them and the others read as 0: upper and lower case often alternate.
func fmtIDNAProps(r rune) uint16 {
	return fmtIDNALookup(fmtIDNARanges, fmtIDNAAttrs, r)
}

// fmtIDNALookup reads the properties of r from tables encoded as
// fmtIDNARanges and fmtIDNAAttrs are.
func fmtIDNALookup(ranges, attrs string, r rune) uint16 {
	d := func(s string, i int) int { return int(s[i]) - '#' }
	start := func(i int) rune {
		j := i * 5
		return rune(((d(ranges, j)*57+d(ranges, j+1))*57+d(ranges, j+2))*57 + d(ranges, j+3))
	}
	lo, hi := 0, len(ranges)/5
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if start(mid) <= r {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return 0
	}
	a := d(ranges, lo*5-1) * 3
	props := uint16((d(attrs, a)*57+d(attrs, a+1))*57 + d(attrs, a+2))
	if props&fmtIDNAAlternate != 0 && (r-start(lo-1))&1 == 1 {
		return 0
	}
	return props &^ fmtIDNAAlternate
}

// BEGIN IDNA TABLES
// fmtIDNARanges (2063 ranges) and fmtIDNAAttrs (40 property sets) are
// generated from Unicode 15.0.0 by
// "go test ./internal/runtime/formatrt -run TestIDNATables -update";
// do not edit them.
const fmtIDNARanges = "" +
	"########P$###Q####S%##$$###$K&##%,###&/'##&0###&W&##'6###'7&##'?###'@(" +
	"##(9###(;&##(<###(=&##(?###(@(##(F###(H(##(P###(Q(##)F###)G(##)O###)P&" +
	"##)Q###)R&##)S###)U&##)V###)Y&##)[###*&&##*'###*)&##**###*-&##*0###*2&" +
	"##*3###*5(##*;###*<&##*=###*>&##*@###*A&##*B###*D&##*E###*H&##*I###*J&" +
	"##*K###*M&##*P###*Q&##*X###+)(##+8(##+K&##+L###+P&##+Q###+T(##,V&##-##" +
	"##-%&##-&###-(&##-*###-+&##-,###-0(##-9&##/'###/0)##/2&##/9###/=)##/G&" +
	"##/I###0*)##0+###0,&##0-###0>*##1E###1G*##1H###1K*##1T###1U*##2<###2=+" +
	"##2>###2?+##2@###2A,##2B###2C+##2D###2G+##2J###3#+##3$###3?+##4)###41-" +
	"##4=(##4K###4M+##4N###4R+##4S###4U+##4W###5Q&##6H###6I(##72*##77###7:(" +
	"##87###88(##8E(##:5###;$&##;%###;+&##;R###;S&##;T###<#.##<P###<Q.##<R#" +
	"##<S.##<U###<V.##<X###<Y.##<Z###=)/##=D###=H/##=L0##=N###>0*##>;###>@1" +
	"##>A2##>B3##>F1##>G3##>H1##>I3##>J1##>O3##>S1##?'###?(1##?/3##?01##?2*" +
	"##?G4##?Q###?U1##?W*##?X3##?[2##@####@'1##@63##@H1##A53##A61##A83##AA1" +
	"##AB3##AC1##AD3##AE1##AG3##AI###AJ3##AK*##AR###AT*##AZ2##B#*##B%###B&*" +
	"##B*3##B,5##B61##B92##B;1##B<###BL3##BM*##BN1##BQ3##BV1##BZ3##B[1##C+3" +
	"##C,1##C-3##C.1##C/3##C01##C23##C3*##CN###CP3##CQ1##D#3##D&1##D53##D71" +
	"##D;3##D<1##D=3##D?1##DB3##DD1##DJ2##E7*##EB2##EC###EQ6##E[7##FC*##FL6" +
	"##FN###FU*##FV###FX6##G5*##G96##G:*##GC6##GD*##GG6##GH*##GM###H&8##H'7" +
	"##H,8##H.7##H/8##H07##H:8##H;7##H<8##H?*##HB###HF1##HG2##HH1##HL2##HM3" +
	"##HN1##HO3##HQ###HV3##I09##I31##I42##I5###I61##I;3##I<###IE*##IM1##IW3" +
	"##IZ2##I[3##J#1##J%3##J'1##J-3##J.1##J=2##J>*##JV###JW*##K>:##K?&##L<*" +
	"##L=:##L>*##L?&##L@:##LC*##LK:##LO;##LP:##LR&##LS*##LZ###M)&##M+*##M-#" +
	"##M/&##M9###M:&##MJ*##MK:##MM###MN&##MV###MX&##MZ###N#&##N9###N:&##NA#" +
	"##NB&##NC###NF&##NJ###NL*##NM&##NN:##NQ*##NU###NW:##NY###N[:##O$;##O%&" +
	"##O&###O.:##O/###O7&##O9*##O;###O=&##OI###OS&##OT###OU*##OV###OX*##OZ:" +
	"##O[###P#&##P)###P-&##P/###P1&##PG###PH&##PO###PP&##PQ###PS&##PT###PV&" +
	"##PX###PZ*##P[###Q#:##Q&*##Q(###Q,*##Q.###Q0*##Q2;##Q3###Q6*##Q7###QA&" +
	"##QB###QK&##QU*##QW&##QZ*##Q[###R-*##R/:##R0###R1&##R:###R;&##R>###R?&" +
	"##RU###RV&##S$###S%&##S'###S(&##S-###S/*##S0&##S1:##S4*##S9###S:*##S<:" +
	"##S=###S>:##S@;##SA###SC&##SD###SS&##SU*##SW###SY&##T*###T3&##T4*##T:#" +
	"##T;*##T<:##T>###T?&##TG###TI&##TK###TM&##U*###U+&##U2###U3&##U5###U6&" +
	"##U;###U=*##U>&##U?:##U@*##UA:##UB*##UF###UH:##UJ###UL:##UN;##UO###UV*" +
	"##UX:##UY###V'&##V**##V,###V.&##V8###V9&##V:###VJ*##VK&##VL###VM&##VS#" +
	"##VV&##VY###VZ&##W%###W(&##W*###W+&##W,###W-&##W/###W2&##W4###W7&##W:#" +
	"##W=&##WI###WM:##WO*##WP:##WR###WU:##WX###WY:##X#;##X$###X&&##X'###X-:" +
	"##X.###X<&##XF###XV*##XW:##XZ*##X[&##Y*###Y+&##Y.###Y/&##YF###YG&##YW#" +
	"##YY*##YZ&##Y[*##Z%:##Z)###Z**##Z-###Z.*##Z1;##Z2###Z9*##Z;###Z<&##Z?#" +
	"##ZA&##ZB###ZD&##ZF*##ZH###ZJ&##ZT###[+&##[,*##[-:##[/###[0&##[8###[9&" +
	"##[<###[=&##[T###[U&#$#&##$#'&#$#,##$#.*#$#/&#$#0:#$#1<#$#2:#$#7##$#8<" +
	"#$#9:#$#;##$#<:#$#>*#$#?;#$#@##$#G:#$#I##$#O&#$#Q##$#R&#$#T*#$#V##$#X&" +
	"#$$)##$$*&#$$,:#$$-##$$9*#$$;:#$$=&#$$F##$$G&#$$J##$$K&#$%;;#$%=&#$%>:" +
	"#$%A*#$%E##$%F:#$%I##$%J:#$%M;#$%N&#$%O##$%T&#$%W:#$%X##$&&&#$&)*#$&+#" +
	"#$&-&#$&7##$&A&#$&G##$&H*#$&I:#$&K##$&L&#$'%##$'(&#$'@##$'A&#$'J##$'K&" +
	"#$'L##$'N&#$'U##$'X;#$'Y##$($:#$('*#$(*##$(+*#$(,##$(-:#$(5##$(;&#$(E#" +
	"#$(G:#$(I##$(V&#$)M*#$)N&#$)O##$)P*#$)V;#$)W##$*#&#$***#$*2##$*3&#$*=#" +
	"#$++&#$+-##$+.&#$+/##$+0&#$+5##$+6&#$+N##$+O&#$+P##$+Q&#$+[*#$,#&#$,$#" +
	"#$,%*#$,+;#$,,*#$,.&#$,/##$,1&#$,6##$,7&#$,8##$,9*#$,@##$,A&#$,K##$,O&" +
	"#$,Q##$-8&#$-9##$-C&#$-D##$-P*#$-R##$-X&#$.)##$.4=#$.:##$.=:#$.?&#$.B#" +
	"#$.C&#$.G##$.H&#$.L##$.M&#$.Q##$.R&#$.V##$.W&#$.[##$/#&#$//##$/0&#$/3#" +
	"#$/7*#$/9##$/:*#$/;##$/@*#$/E:#$/F*#$/G##$/H*#$/J;#$/K##$/L*#$/N&#$/S*" +
	"#$/Y##$/Z*#$0%##$0&*#$0*##$0+*#$0/##$00*#$04##$05*#$09##$0:*#$0F##$0G*" +
	"#$0J##$0S*#$0T##$1T&#$2F:#$2H*#$2L:#$2M*#$2S:#$2T;#$2V:#$2X*#$2Z&#$3,#" +
	"#$32&#$38:#$3:*#$3<&#$3@*#$3C&#$3D:#$3G&#$3I:#$3P&#$3S*#$3W&#$4+*#$4,:" +
	"#$4.*#$40:#$46*#$47&#$48:#$49&#$4C:#$4F*#$4G##$5@&#$62##$64&#$67##$:S&" +
	"#$<*##$<+&#$</##$<1&#$<8##$<9&#$<:##$<;&#$<?##$<A&#$=1##$=2&#$=6##$=8&" +
	"#$=Y##$=Z&#$>%##$>'&#$>.##$>/&#$>0##$>1&#$>5##$>7&#$>F##$>G&#$?G##$?H&" +
	"#$?L##$?N&#$@X##$@Z*#$A$##$AD&#$AT##$B+&#$CH##$CS&#$NL##$NN&#$O&##$O'&" +
	"#$OA##$OF&#$PX##$Q%&#$Q-##$Q4&#$QF*#$QH;#$QI>#$QJ##$QS&#$R-*#$R/>#$R0#" +
	"#$R;&#$RM*#$RO##$R[&#$S/##$S0&#$S3##$S4*#$S6##$SB&#$T=##$T?:#$T@*#$TG:" +
	"#$TO*#$TP:#$TR*#$T[;#$U#*#$U$##$U'&#$U(##$U,&#$U-*#$U.##$U0&#$U:##$V'&" +
	"#$V1##$V7?#$WW##$X%&#$X**#$X,?#$XN*#$XO?#$XP##$XU&#$Z)##$Z3&#$ZR##$ZS*" +
	"#$ZV:#$ZZ*#$[#:#$[&##$[*:#$[,*#$[-:#$[3*#$[6##$[@&#%#/##%#1&#%#6##%#A&" +
	"#%$4##%$8&#%$R##%$X&#%%)##%%O&#%&-*#%&/:#%&1*#%&2##%&6&#%'2:#%'3*#%'4:" +
	"#%'5*#%'<##%'=;#%'>:#%'?*#%'@:#%'B*#%'J:#%'P*#%'Z##%(#*#%($&#%(.##%(4&" +
	"#%(>##%(K&#%(L##%(T*#%))##%)**#%):##%*2*#%*6:#%*7&#%+-*#%+.:#%+/*#%+4:" +
	"#%+5*#%+6:#%+;*#%+<:#%+=>#%+>&#%+F##%+I&#%+S##%,+*#%,4##%,@*#%,B:#%,C&" +
	"#%-(:#%-)*#%--:#%-/*#%-1>#%-2;#%-3*#%-5&#%.4*#%.5:#%.6*#%.8:#%.;*#%.<:" +
	"#%.=*#%.@>#%.B##%.N&#%/9:#%/A*#%/I:#%/K*#%/M##%/U&#%0&##%0)&#%0Z##%2:*" +
	"#%2=##%2>*#%2K:#%2L*#%2S&#%2W*#%2X&#%3%*#%3&&#%3(:#%3)*#%3+&#%3,##%31&" +
	"#%3W+#%4#&#%4$##%4'&#%4(##%43&#%44##%4F&#%4G##%5*&#%57##%58&#%5Z##%6F*" +
	"#%7M##%7N(#%:8&#%:<##%:>&#%:@##%:A(#%<0+#%<8##%<@+#%<F##%<P+#%<X##%='+" +
	"#%=/##%=7+#%==##%=G+#%=O##%=W+#%>&##%>.-#%><##%?5+#%?7##%?;+#%?<##%?K+" +
	"#%?L##%?U+#%?X##%?[+#%@$##%@,+#%@/##%@0+#%@4##%@B+#%@C##%@X@#%@YA#%@Z#" +
	"#%FD&#%FE##%GA&#%GB##&>=&#&?4##&?5&#&?6##&?9&#&?;##&?<(#&?B##&?E&#&?F#" +
	"#&?G&#&?I##&?J&#&?P##&?U(#&AF&#&AG##&AN&#&AO##&AP&#&AQ*#&AT##&AU&#&AV#" +
	"#&B)&#&BO##&BP&#&BQ##&BV&#&BW##&BY&#&CX##&D6;#&D7&#&DN##&DW&#&E%##&E&&" +
	"#&E-##&E.&#&E5##&E6&#&E=##&E>&#&EE##&EF&#&EM##&EN&#&EU##&EV&#&F$##&F%*" +
	"#&FE##&G;)#&G<##&OIB#&OJ&#&OKB#&OL##&P5*#&P9##&PG&#&PH##&PLB#&R0##&R2*" +
	"#&R4##&R6B#&R8##&R:B#&S['#&T#&#&T$B#&T&##&T,&#&TW##&VU&#&W<##&X3B#&XC#" +
	"#'(BB#)*.##)+5B#/EE&#/Z%##/[/&#0#$##0#&&#0'O##0'R&#0(5##0(J(#0)>&#0)?*" +
	"#0)@##0)D*#0)N##0)O)#0)P##0)Q(#0*4##0*5*#0*7&#0+D##0+N*#0+P##0,<)#0,E#" +
	"#0,H(#0,U&#0,W##0,X(#0.%&#0.,##0.-&#0..##0./&#0.0##0.2(#0.;)#0.<##0.?&" +
	"#0.@##0.A&#0.C##0.D&#0.E##0.F&#0.I##0.J(#0/%##0/)&#0/*##0//(#0/?##0/B&" +
	"#0/C##0/D&#0/E##0/K(#0/U##007&#009##00;&#00C*#00D&#00G;#00H&#00L*#00M&" +
	"#01+:#01-*#01/:#010##014;#015##01H?#02AC#02B&#02C##02O:#02Q&#03J:#03Z;" +
	"#03[*#04###04-&#047##04=*#04O&#04U##04X&#04Y##04Z&#05#*#05$&#05J*#05R#" +
	"#05T&#062*#06=:#06>>#06?##072*#075:#076&#08,*#08-:#08/*#083:#085*#087:" +
	"#089>#08:##08H&#08S##08Y&#09%*#09&&#09?##09@&#0:0*#0:6:#0:8*#0:::#0:<*" +
	"#0:>##0:G&#0:J*#0:K&#0:S*#0:T:#0:U##0:W&#0;(##0;.&#0;E##0;H&#0;I:#0;J*" +
	"#0;K:#0;L&#0<E*#0<F&#0<G*#0<J&#0<L*#0<N&#0<S*#0<U&#0<V*#0<W&#0<X##0=7&" +
	"#0=:##0=<&#0=G:#0=H*#0=J:#0=L##0=N&#0=Q:#0=R;#0=S##0>$&#0>*##0>,&#0>2#" +
	"#0>4&#0>:##0>C&#0>J##0>K&#0>R##0>S&#0?E##0?J&#0?O+#0?P&#0?S##0A8&#0A[:" +
	"#0B$*#0B%:#0B'*#0B(:#0B*##0B+:#0B,;#0B-##0B/&#0B9##0B?&#3[?##6K&B#6K(#" +
	"#6K)B#6K*##6K+B#6K-##6K7D#6K<B#6K=##6K?B#6KB##6OR.#6OS##7$6*#7$F##7%P2" +
	"#7%Q##7,N&#7,Z##7,[&#7-<##7-=&#7-P##7-Q&#7-S##7-T&#7.*##7.,&#7.:##7/#&" +
	"#71,##75J*#75K##77[&#78?##78B&#79:##79I*#79J##7:0&#7:P##7;$&#7;8##7;9&" +
	"#7;A##7;G&#7<4*#7<9##7<>&#7=###7=%&#7=I##7=M&#7=U##7?;&#7A?##7AA&#7AK#" +
	"#7B@&#7C+##7C/&#7CW##7D&&#7DZ##7ET&#7F&##7F'&#7F6##7F7&#7F>##7F?&#7FA#" +
	"#7GK&#7M,##7M5&#7MK##7MU&#7N$##7N<&#7N=##7PJ6#7PP##7PR6#7PS##7PT6#7QG#" +
	"#7QH6#7QJ##7QM6#7QN##7QP6#7R.##7R86#7RO##7RX6#7S>##7TF6#7TY##7TZ6#7U##" +
	"#7U-6#7UC##7UM6#7V.##7W;6#7X:##7X@6#7XB##7YI6#7YJ*#7YM##7YN*#7YP##7YU*" +
	"#7YY6#7Z$##7Z%6#7Z(##7Z)6#7ZF##7ZH*#7ZK##7ZO;#7ZP##7[76#7[T##7[W6#8#;#" +
	"#8$%7#8$*8#8$+6#8$,8#8$-##8$.8#8$06#8$2E#8$38#8$87#8$<E#8$=7#8$B8#8$C7" +
	"#8$F8#8$G6#8$I8#8$J*#8$L##8%,6#8&)##8&36#8&I##8&S6#8'-##8':7#8';8#8'<7" +
	"#8'=8#8'@7#8'C8#8'D7#8'F8#8'G7#8'H8#8'J7#8'K8#8'L##8)H6#8*X##8-$6#8-W#" +
	"#8.+F#8.,1#8.M3#8.N1#8.O*#8.S##8.[G#8/,##84U6#85F##85G*#85I##85L6#85N#" +
	"#87'*#87*6#87G##87Q6#87R##87Z1#88$3#88%1#8862#887*#88B##89(7#89,8#89.7" +
	"#89:*#89>##8:/7#8:06#8:17#8:38#8:66#8:77#8:88#8::7#8:<8#8:=7#8:?6#8:@7" +
	"#8:A8#8:C7#8:D##8;&6#8;=##8;F:#8;G*#8;H:#8;I&#8<E*#8<S;#8<T##8=:&#8=D;" +
	"#8=E&#8=G*#8=I&#8=J##8=S;#8=T*#8=V:#8=W&#8>K:#8>N*#8>R:#8>T;#8>U*#8>V#" +
	"#8?$*#8?%##8?2&#8?K##8?R&#8@###8@)*#8@,&#8@P*#8@U:#8@V*#8A#;#8A%##8A&&" +
	"#8A0##8A4&#8A5:#8A7&#8A8##8A@&#8B**#8B+##8B-&#8B.##8B7*#8B9:#8B:&#8C1:" +
	"#8C4*#8C=:#8C>>#8C?&#8CC##8CG*#8CK##8CL:#8CM*#8CN&#8CY##8CZ&#8C[##8DE&" +
	"#8DW##8DX&#8E8:#8E;*#8E>:#8E@*#8EA>#8EB*#8ED##8EJ*#8EK&#8EM*#8EN##8FS&" +
	"#8FZ##8F[&#8G###8G$&#8G(##8G)&#8G8##8G9&#8GC##8GJ&#8H@*#8HA:#8HD*#8HK;" +
	"#8HL##8HQ&#8H[##8I(*#8I*:#8I,##8I-&#8I5##8I7&#8I9##8I;&#8IQ##8IR&#8IY#" +
	"#8IZ&#8J###8J$&#8J)##8J**#8J,&#8J-:#8J/*#8J0:#8J4##8J6:#8J8##8J::#8J<>" +
	"#8J=##8J?&#8J@##8JF:#8JG##8JL&#8JQ:#8JS##8JU*#8K###8K&*#8K+##8MD&#8N@:" +
	"#8NC*#8NK:#8NM;#8NN*#8NP:#8NQ*#8NR&#8NV##8N[&#8O,##8O0*#8O1&#8O4##8OR&" +
	"#8PI:#8PL*#8PR:#8PS*#8PT:#8PX*#8PZ:#8P[;#8Q#*#8Q$&#8Q&##8Q'&#8Q(##8Q0&" +
	"#8Q:##8T5&#8U+:#8U.*#8U2##8U4:#8U8*#8U::#8U;;#8U<*#8U=##8UT&#8UX*#8UZ#" +
	"#8VC&#8W::#8W=*#8WE:#8WG*#8WH:#8WI;#8WJ*#8WK##8WN&#8WO##8WZ&#8X+##8XQ&" +
	"#8YC*#8YD:#8YE*#8YF:#8YH*#8YN>#8YO*#8YP&#8YQ##8YX&#8Z)##8[&&#8[A##8[C*" +
	"#8[F:#8[H*#8[L:#8[M*#8[Q;#8[R##8[V&#9#'##9#-&#9#4##9&B&#9'5:#9'8*#9'A:" +
	"#9'B;#9'C*#9'D##9)W&#9*H##9+$&#9+,##9+.&#9+/##9+1&#9+9##9+:&#9+<##9+=&" +
	"#9+U:#9+[##9,#:#9,%##9,'*#9,)>#9,*;#9,+&#9,,:#9,-&#9,.:#9,/*#9,0##9,<&" +
	"#9,F##9-S&#9-[##9.$&#9.K:#9.N*#9.R##9.T*#9.V:#9.Z;#9.[&#9/###9/$&#9/%:" +
	"#9/&##9/A&#9/B*#9/H<#9/J*#9/L&#90;*#90<;#90=*#90A:#90B&#90C*#90G##90O;" +
	"#90P##90X&#90Y*#91&:#91(*#91+&#91Y*#92-:#92.*#92/;#920##923&#924##92F&" +
	"#93V##98@&#98I##98J&#996:#997*#99>##99?*#99E:#99FH#99G&#99H##99W&#9:(#" +
	"#9:@&#9;%##9;'*#9;=##9;>:#9;?*#9;F:#9;G*#9;I:#9;J*#9;L##9=#&#9=*##9=+&" +
	"#9=-##9=.&#9=T*#9=Z##9>$*#9>%##9>&*#9>(##9>)*#9>.;#9>0&#9>1*#9>2##9>:&" +
	"#9>D##9>J&#9>P##9>Q&#9>S##9>T&#9?;:#9?@##9?A*#9?C##9?D:#9?F*#9?G:#9?H;" +
	"#9?I&#9?J##9?Q&#9?[##9E;&#9EN*#9EP:#9ER##9E[*#9F$&#9F%:#9F&&#9F3##9F4&" +
	"#9FV:#9FX*#9G$##9G':#9G)*#9G*>#9G+;#9G,##9G9&#9GC##9I'&#9I(##9J>&#9ZH#" +
	"#:%J&#:)*##:W8&#:Y'##:Y6&#;3+##;3;*#;3<&#;3B*#;3Q##<A,&#<K9##?7S&#?AR#" +
	"#?AY&#?B?##?B@&#?BJ##?BP&#?D-##?D.&#?D8##?D>&#?E###?E%*#?E*##?E5&#?F,*" +
	"#?F3##?F<&#?F@##?FL&#?FV##?G&&#?G;##?G@&#?GS##?T>&#?U%##?W3&#?XE##?XI*" +
	"#?XJ&#?XK:#?YI##?YP*#?YT&#?Z(##?[/&#?[1##?[2B#?[3*#?[4##?[?I#?[A##?[O&" +
	"#AU;##AUC&#B23##B3$&#B3-##E$XB#E%###E%$B#E%+##E%,B#E%.##E%/B#E*5##E*DB" +
	"#E*E##E+)B#E+,##E+.B#E+/##E+=B#E+A##E+I&#E2F##E[)&#F#[##F$'&#F$4##F$7&" +
	"#F$@##F$G&#F$Q##F$T*#F$V##G><*#G?1##G?3*#G?J##H6S*#H7Q##H7U*#H8N##H8V*" +
	"#H8W##H9,*#H9-##H9C*#H9H##H9I*#H9X##HM4&#HMS##HMY&#HN&##HQP*#HQW##HQX*" +
	"#HR0##HR2*#HR9##HR:*#HR<##HR=*#HRB##HT4*#HT5##HV3&#HW'##HW**#HW1&#HW8#" +
	"#HW:&#HWD##HWH&#HWI##I$4&#I$R*#I$S##I%+&#I%W*#I%[&#I&,##I.:&#I.V*#I.Z&" +
	"#I/+##I<,&#I<3##I<4&#I<8##I<9&#I<;##I<<&#I<K##I<L6#I@-##I@8*#I@?##IAQ7" +
	"#IB:*#IBAJ#IBB##IBF6#IBP##K6@B#X>[##X?BB#YO;##YOAB#YS;##YS=B#[FB##[FPB" +
	"$$WV#$&@2B$($W#$(%#B$)5B#"

const fmtIDNAAttrs = "" +
	"####$;#$+##4#%4%A$#%2#7T#G0#I0&+Y$FL$2<$2>#16##T#,S#&+#$-##D#1&#,C#:5#" +
	"#8#8##56%UD##@#0O#%C#<$$V(#'P':Q#('#(7#&)#5>$V,#5B"
	// END IDNA TABLES
