package jsonrt

// This file is not copied into generated code: it lets the schema engine's
// findings (internal/schema) show values as the generated code does.

// ShowString is s as a message shows a string: as JSON.stringify writes it,
// cut when long (see longShown).
func ShowString(s string) string { return quote(s) }

// ShowNumber is the number literal text as a message shows it: as
// JavaScript writes the number it reads.
func ShowNumber(text string) string { return shown([]byte(text)) }

// QuoteJS is s as JSON.stringify writes it.
func QuoteJS(s string) string { return jsQuote(s) }
