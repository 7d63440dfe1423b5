package golang

import (
	"fmt"
	"strings"
	"unicode"
)

// Struct tags. Marshal and Unmarshal (and MarshalJSON, UnmarshalJSON) are
// the source of a type's bytes; the tags say, at each field, which
// property it holds, for a reader and for the libraries that read tags
// (YAML through sigs.k8s.io/yaml, mapstructure, validators), as
// hand-written types do.

// DefaultTags are the tag keys every field gets unless Options.Tags says
// otherwise.
var DefaultTags = []string{"json"}

// CheckTags reports whether every key of tags can be a struct tag key.
func CheckTags(tags []string) error {
	for _, k := range tags {
		if k == "" || strings.ContainsFunc(k, func(r rune) bool {
			return r <= ' ' || r == ':' || r == '"' || r == '`' || r == 0x7f || r > unicode.MaxASCII
		}) {
			return fmt.Errorf("%q is not a struct tag key", k)
		}
	}
	return nil
}

// tagKeys are the keys of the tags of opts, in order, without repeats.
func tagKeys(opts Options) []string {
	if opts.Tags == nil {
		return DefaultTags
	}
	var out []string
	seen := map[string]bool{}
	for _, k := range opts.Tags {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// propertyTag is the tag of a field that holds property name: each key
// names it, with omitempty unless the property is required. A name that
// encoding/json cannot take from a tag (a comma, a quote, a backslash) has
// no tag: it would name another property.
func propertyTag(keys []string, name string, required bool) map[string]string {
	if len(keys) == 0 || !validTagName(name) {
		return nil
	}
	value := name
	if !required {
		value += ",omitempty"
	} else if name == "-" {
		value += "," // "-" alone leaves the field out
	}
	tag := map[string]string{}
	for _, k := range keys {
		tag[k] = value
	}
	return tag
}

// skipTag is the tag of a field that holds no one property (Extra): the
// libraries that read tags leave it out.
func skipTag(keys []string) map[string]string {
	tag := map[string]string{}
	for _, k := range keys {
		tag[k] = "-"
	}
	return tag
}

// validTagName reports whether encoding/json takes name from a tag, as
// its isValidTag does.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
