package golang

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// commentWidth is the width doc comments are wrapped at (the "// " included).
const commentWidth = 80

// doc renders text as a // comment wrapped at commentWidth; blank lines in
// text separate paragraphs. An empty text renders nothing.
func doc(text string) jen.Code {
	c := docText(text)
	if c == "" {
		return jen.Null()
	}
	return jen.Comment(c)
}

// docText is the text of doc's comment, "" for an empty text.
func docText(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	var lines []string
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			lines = append(lines, "//")
		}
		for _, l := range wrap(para, commentWidth-3) {
			lines = append(lines, "// "+l)
		}
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text into lines of at most width characters, between words.
// A line of text that starts with "  - " is a list item: its continuation
// lines are indented to match, as gofmt lays out doc comment lists.
func wrap(text string, width int) []string {
	var lines []string
	for _, src := range strings.Split(text, "\n") {
		prefix, cont := "", ""
		if strings.HasPrefix(src, "  - ") {
			prefix, cont, src = "  - ", "    ", src[4:]
		}
		line, empty := prefix, true
		for _, w := range strings.Fields(src) {
			if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
				lines = append(lines, line)
				line, empty = cont, true
			}
			if !empty {
				line += " "
			}
			line += w
			empty = false
		}
		if !empty {
			lines = append(lines, line)
		}
	}
	return lines
}

// sentence makes a schema description into the start of a Go doc comment
// for name: "<name> is <description>" for a type or a field, or
// "<name> <description>" for a function whose description starts with a
// verb ("Builds a text message." → "AssistantText builds a text message.").
func sentence(name, description string, function bool) string {
	description = strings.TrimSpace(description)
	if description == "" {
		return ""
	}
	first, rest, _ := strings.Cut(description, " ")
	if first == name || strings.HasPrefix(description, name+" ") {
		return description
	}
	if function {
		return name + " " + lowerFirst(first) + spaced(rest)
	}
	return name + " is " + lowerFirst(first) + spaced(rest)
}

func spaced(rest string) string {
	if rest == "" {
		return ""
	}
	return " " + rest
}

// lowerFirst lower-cases a word that is capitalized prose ("The" → "the")
// but leaves names and acronyms ("ISO", "PenguinHarness") alone.
func lowerFirst(w string) string {
	rs := []rune(w)
	if len(rs) == 0 || !unicode.IsUpper(rs[0]) {
		return w
	}
	for _, r := range rs[1:] {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			return w
		}
	}
	rs[0] = unicode.ToLower(rs[0])
	return string(rs)
}

// renameParams rewrites the schema's parameter names in a description to
// their Go names ("sessionId" → "sessionID").
func renameParams(description string, names map[string]string) string {
	froms := make([]string, 0, len(names))
	for from := range names {
		froms = append(froms, from)
	}
	sort.Strings(froms)
	for _, from := range froms {
		to := names[from]
		if from == to {
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(from) + `\b`)
		description = re.ReplaceAllString(description, to)
	}
	return description
}

// join joins two sentences with a space, either of which may be empty.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}
