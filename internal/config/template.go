package config

import (
	"fmt"
	"strings"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

// Values are what `omnigen init` was told; an empty one is written as a
// commented-out example.
type Values struct {
	Schema    string
	GoOut     string
	GoPackage string
	TSOut     string
	DocsOut   string
	Against   string
}

// Template is the omnigen.yaml that `omnigen init` writes: every key, each
// with a comment saying what it does, those given in v set and the others
// commented out with an example value. It parses with Parse.
func Template(v Values) []byte {
	var b strings.Builder
	// line writes "key: value" at indent, commented out when value is ""
	// (example shows what it would hold).
	line := func(indent int, key, value, example, comment string) {
		pad := strings.Repeat("  ", indent)
		text := key + ": " + quote(value)
		if value == "" {
			text = "# " + key + ": " + quote(example)
		}
		if comment != "" {
			text += " # " + comment
		}
		b.WriteString(pad + text + "\n")
	}
	section := func(indent int, key string, on bool) {
		pad := strings.Repeat("  ", indent)
		if on {
			b.WriteString(pad + key + ":\n")
		} else {
			b.WriteString(pad + "# " + key + ":\n")
		}
	}
	b.WriteString(`# omnigen.yaml: what omnigen does in this repository.
#
# omnigen generate, generate --check, breaking and validate read this file
# from the current directory or the nearest directory above it (up to the
# root of the git repository); --config FILE names another. Their flags
# override what it says. Paths are relative to the directory of this file.
version: 1

# The JSON Schema that is the source of truth: a file, or the $id of the
# canonical OmniMessage schema that omnigen embeds (the default when the key
# is left out).
`)
	line(0, "schema", v.Schema, canonical.ID, "")
	b.WriteString(`
# Other schema files, or directories of them, that the schema refers to by
# their $id (as more --schema flags): each is read, so that a $ref such as
# https://example.com/schemas/address.json resolves to it.
# schemas:
#   - schemas/
# Remote $refs read from local directories, never from the network: each
# entry is URL_PREFIX=DIR (as --ref-map takes it).
# ref-map:
#   - https://example.com/schemas/=third_party/schemas

# How to read the schema (as --draft, --root-name and --assert-formats):
# the draft of a schema that says none and uses no earlier draft's forms is
# 2020-12; the root type is named after the schema's title, else its file;
# "format" is an annotation unless formats assert.
# draft: 2020-12
# root-name: Config
# assert-formats: false

# What omnigen generate writes and generate --check compares; every output
# is optional. Output flags (--go-out, --ts-out, --docs-out) replace this
# list for one run.
`)
	goOn, tsOn, docsOn := v.GoOut != "", v.TSOut != "", v.DocsOut != ""
	section(0, "generate", goOn || tsOn || docsOn)
	b.WriteString("  # A Go package (standard library only).\n")
	section(1, "go", goOn)
	line(2, "out", v.GoOut, "gen/go/omnimessage", "its directory")
	pkg := v.GoPackage
	if !goOn {
		pkg = ""
	}
	line(2, "package", pkg, "omnimessage", "its name; default: the directory's name")
	b.WriteString("    # tags: [json, yaml] # the struct tag keys of every field; default: [json]\n")
	b.WriteString("    # maps: native # Go maps (keys written sorted) instead of Map, which keeps key order; default: ordered\n")
	b.WriteString("    # runtime: import # import the shared runtime github.com/omnigen-dev/omnigen/runtime/omnigenrt instead of a copy in the package; default: copy\n")
	b.WriteString("  # A TypeScript module; its files go to OUT/src/.\n")
	section(1, "ts", tsOn)
	line(2, "out", v.TSOut, "gen/ts", "")
	b.WriteString("  # The protocol reference, in Markdown.\n")
	section(1, "docs", docsOn)
	line(2, "out", v.DocsOut, "docs", "")
	b.WriteString(`
# omnigen breaking compares the schema with this when --against is not
# given: a git ref (main, HEAD~1, v1.2.0, .git#branch=main) at which the
# schema file is read, REF:PATH, or another schema file.
`)
	section(0, "breaking", v.Against != "")
	line(1, "against", v.Against, "main", "")
	b.WriteString(`
# Defaults of omnigen validate (the schema is the one above).
# validate:
#   profile: message  # message, trace or stream
#   include: ["*.jsonl", "*.jsonl.gz"]  # the files a directory argument stands for
`)
	return []byte(b.String())
}

// quote writes a YAML string that reads back as s.
func quote(s string) string {
	if s == "" || strings.ContainsAny(s, ":#{}[],&*!|>'\"%@`") || strings.TrimSpace(s) != s {
		return fmt.Sprintf("%q", s)
	}
	return s
}
