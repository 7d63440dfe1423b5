// Package jsonptr escapes and unescapes the reference tokens of a JSON
// pointer (RFC 6901), for every package that writes or reads one.
package jsonptr

import "strings"

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
