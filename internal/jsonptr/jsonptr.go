// Package jsonptr escapes and unescapes the reference tokens of a JSON
// pointer (RFC 6901), for every package that writes or reads one.
package jsonptr

import (
	"cmp"
	"strconv"
	"strings"
)

// Escape escapes one reference token: "~" as "~0", "/" as "~1".
func Escape(token string) string {
	if !strings.ContainsAny(token, "~/") {
		return token
	}
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

// Unescape undoes Escape.
func Unescape(token string) string {
	if !strings.Contains(token, "~") {
		return token
	}
	return strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
}

// Compare orders tokens as problems are named, in the schema engine's order:
// array indexes as numbers, other tokens as strings.
func Compare(a, b string) int {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return strings.Compare(a, b)
}
