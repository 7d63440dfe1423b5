package golang

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// Generated lines stay short enough to read (the golden test holds every
// line under 160 characters): a long string literal is written as pieces
// joined by + across lines, a byte table as rows of a fixed number of
// bytes. The value is the same constant either way.

// litWidth is how many characters of a string literal one line holds.
const litWidth = 80

// tableRow is how many bytes of a byte table one line holds.
const tableRow = 16

// splitLit cuts s into pieces whose quoted forms (by quote, without its
// quotes) are at most litWidth characters: as few pieces as that takes,
// about as long as each other (see cutLit).
func splitLit(s string, quote func(string) string) []string {
	total := len(quote(s)) - 2
	if total <= litWidth {
		return []string{s}
	}
	lines := (total + litWidth - 1) / litWidth
	for limit := (total + lines - 1) / lines; ; limit++ {
		if pieces := cutLit(s, quote, limit); len(pieces) <= lines || limit >= litWidth {
			return pieces
		}
	}
}

// cutLit cuts s into pieces of at most limit characters quoted, at rune
// boundaries. A piece ends, where it can, before a backslash or "(" or
// after a space or ")" (so that an escape, a word or a group stays on one
// line), else where it runs out of room, never between a backslash
// and what it escapes.
func cutLit(s string, quote func(string) string, limit int) []string {
	var pieces []string
	start, width, good := 0, 0, -1
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		w := len(quote(s[i:i+size])) - 2
		if width+w > limit && i > start {
			cut := i
			switch {
			case good > start && good-start >= limit/2:
				cut = good
			case s[i-1] == '\\' && i-1 > start:
				cut = i - 1
			}
			pieces = append(pieces, s[start:cut])
			start, good = cut, -1
			width = len(quote(s[start:i])) - 2
		}
		if s[i] == '\\' || s[i] == '(' {
			good = i
		}
		width += w
		i += size
		if strings.ContainsRune(" )", rune(s[i-size])) {
			good = i
		}
	}
	return append(pieces, s[start:])
}

// joinLines joins pieces of Go code with +, one piece a line.
func joinLines(pieces []string) jen.Code {
	return jen.Op(strings.Join(pieces, " +\n"))
}

// byteTable is b as a Go string literal of \x escapes, tableRow bytes a
// line.
func byteTable(b []byte) jen.Code {
	rows := []string{}
	for start := 0; start == 0 || start < len(b); start += tableRow {
		var sb strings.Builder
		sb.WriteByte('"')
		for _, c := range b[start:min(start+tableRow, len(b))] {
			sb.WriteString(`\x`)
			sb.WriteString(strconv.FormatUint(uint64(c)>>4, 16))
			sb.WriteString(strconv.FormatUint(uint64(c)&15, 16))
		}
		sb.WriteByte('"')
		rows = append(rows, sb.String())
	}
	return joinLines(rows)
}

// listWidth is how wide a list of strings may run on the line of its
// declaration; rowWidth how wide each of its rows is when it does not fit.
const (
	listWidth = 120
	rowWidth  = 100
)

// stringList is the []string literal of names, after a declaration of
// width characters: on that line when it fits, else as rows of several
// names each, as a person would wrap a long list.
func stringList(names []string, width int) jen.Code {
	quoted := make([]string, len(names))
	total := width + len("[]string{}")
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
		total += len(quoted[i]) + len(", ")
	}
	if total <= listWidth {
		elems := make([]jen.Code, len(names))
		for i, q := range quoted {
			elems[i] = jen.Op(q)
		}
		return jen.Index().String().Values(elems...)
	}
	var rows []jen.Code
	row := ""
	for _, q := range quoted {
		if row != "" && len(row)+len(", ")+len(q) > rowWidth {
			rows = append(rows, jen.Op(row))
			row = ""
		}
		if row != "" {
			row += ", "
		}
		row += q
	}
	rows = append(rows, jen.Op(row))
	return jen.Index().String().Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, rows...)
}
