package model

import "testing"

// Pascal makes every name the model makes from a schema's words, in both
// languages: PascalCase ASCII, never starting with a digit.
func TestPascal(t *testing.T) {
	for in, want := range map[string]string{
		"tool_call_id": "ToolCallId",
		"tool-call id": "ToolCallId",
		"toolCallId":   "ToolCallId",
		"image.url":    "ImageUrl",
		"v2beta":       "V2Beta",
		"2fa":          "N2Fa",
		"$ref":         "Ref",
		"héllo wörld":  "HLloWRld",
		"_":            "",
	} {
		if got := Pascal(in); got != want {
			t.Errorf("Pascal(%q) = %q, want %q", in, got, want)
		}
	}
}
