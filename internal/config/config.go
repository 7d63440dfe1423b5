// Package config reads omnigen's project file, omnigen.yaml: which schema a
// repository uses, where each language's generated code goes, and the
// defaults of the checking commands. The CLI finds the file (Find), loads it
// (Load) and lets its flags override what it says; `omnigen init` writes
// Template. Every key is documented in Template and in README.md.
//
// Paths in the file are relative to the directory that holds it, whatever
// the current directory, so that `go generate` in a package directory and CI
// at the repository root read the same file the same way. Load returns them
// absolute.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

// FileName is the name Find looks for.
const FileName = "omnigen.yaml"

// Version is the only version of the file format so far.
const Version = 1

// Config is a loaded omnigen.yaml.
type Config struct {
	// Path is the file, absolute; Dir the directory that holds it.
	Path, Dir string
	// Schema is the schema file (absolute), or "" for the canonical schema
	// omnigen embeds (the file says so by omitting schema or by giving the
	// canonical schema's $id).
	Schema string
	// RefMap maps $id prefixes of remote documents to local directories
	// (absolute), in file order.
	RefMap []RefMapping
	// Schemas are other schema files, or directories of them (absolute),
	// read beside the schema so that references by $id resolve to them.
	Schemas []string
	// Draft, RootName and AssertFormats are the defaults of --draft,
	// --root-name and --assert-formats: how to read the schema
	// (AssertFormats nil: by each schema's draft).
	Draft         string
	RootName      string
	AssertFormats *bool
	// Go, TS and Docs are the generate outputs; nil when the file has none.
	Go   *GoOutput
	TS   *TSOutput
	Docs *DocsOutput
	// Against is the default --against of omnigen breaking ("" for none).
	Against string
	// Profile and Include are the defaults of omnigen validate's --profile
	// and --include ("" and nil for none).
	Profile string
	Include []string

	// lines records where each key was written, for messages.
	lines map[string]int
}

// GoOutput is generate.go: the Go package's directory and name.
type GoOutput struct {
	Out string
	// Package is "" when the file leaves it to the directory's name.
	Package string
	// Tags are the struct tag keys of the fields; nil when the file leaves
	// them to the default (json).
	Tags []string
	// Maps is how maps are held: "ordered", "native", or "" for the
	// default.
	Maps string
	// Runtime is where the runtime is: "copy", "import", or "" for the
	// default.
	Runtime string
}

// TSOutput is generate.ts: the TypeScript module's directory (files go to
// its src/).
type TSOutput struct{ Out string }

// DocsOutput is generate.docs: the directory of the protocol reference.
type DocsOutput struct{ Out string }

// RefMapping is one ref-map entry, URL_PREFIX=DIR.
type RefMapping struct {
	Prefix string
	Dir    string
}

// At is "FILE:LINE" of key (dotted: "generate.go.out") in the file, or the
// file alone when the key is not in it: the prefix of a message about the
// key's value.
func (c *Config) At(key string) string {
	if n := c.lines[key]; n > 0 {
		return fmt.Sprintf("%s:%d", c.Path, n)
	}
	return c.Path
}

// Find returns the omnigen.yaml of dir or of the nearest directory above it,
// stopping at the root of the git repository dir is in (a file above the
// repository belongs to something else), and "" when there is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		path := filepath.Join(dir, FileName)
		info, err := os.Stat(path)
		switch {
		case err == nil && !info.IsDir():
			return path, nil
		case err != nil && !errors.Is(err, os.ErrNotExist):
			return "", err
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and checks the file at path. Its errors name the file and the
// line: "omnigen.yaml:7: generate.go: unknown key "pkg"; known keys: out,
// package".
func Load(path string) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, err
	}
	c, err := Parse(data, abs)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Parse checks data as the omnigen.yaml at path (absolute), against whose
// directory its relative paths resolve.
func Parse(data []byte, path string) (*Config, error) {
	c := &Config{Path: path, Dir: filepath.Dir(path), lines: map[string]int{}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty file: it needs at least \"version: %d\"", path, Version)
		}
		return nil, fmt.Errorf("%s: %v", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	p := parser{c: c}
	root := doc.Content[0]
	if err := p.mapping(root, "", rootKeys); err != nil {
		return nil, err
	}
	if c.lines["version"] == 0 {
		return nil, fmt.Errorf("%s: no version: the first key should be \"version: %d\"", path, Version)
	}
	return c, nil
}

// key is one key of a mapping: how to read its value.
type key struct {
	name string
	read func(p *parser, n *yaml.Node, at string) error
}

// The keys of each mapping, in the order Template documents them.
var (
	rootKeys = []key{
		{"version", (*parser).version},
		{"schema", (*parser).schema},
		{"schemas", func(p *parser, n *yaml.Node, at string) error {
			list, err := p.strings(n, at)
			for i, s := range list {
				if s == "" {
					return p.errorf(n.Content[i], "%s: an empty path", at)
				}
				p.c.Schemas = append(p.c.Schemas, p.path(s))
			}
			return err
		}},
		{"ref-map", (*parser).refMap},
		{"draft", func(p *parser, n *yaml.Node, at string) error { return p.str(n, at, &p.c.Draft) }},
		{"root-name", func(p *parser, n *yaml.Node, at string) error { return p.str(n, at, &p.c.RootName) }},
		{"assert-formats", func(p *parser, n *yaml.Node, at string) error {
			var b bool
			p.c.AssertFormats = &b
			return p.boolean(n, at, &b)
		}},
		{"generate", func(p *parser, n *yaml.Node, at string) error { return p.mapping(n, at, generateKeys) }},
		{"breaking", func(p *parser, n *yaml.Node, at string) error { return p.mapping(n, at, breakingKeys) }},
		{"validate", func(p *parser, n *yaml.Node, at string) error { return p.mapping(n, at, validateKeys) }},
	}
	generateKeys = []key{
		{"go", func(p *parser, n *yaml.Node, at string) error {
			p.c.Go = &GoOutput{}
			return p.output(n, at, &p.c.Go.Out, goKeys)
		}},
		{"ts", func(p *parser, n *yaml.Node, at string) error {
			p.c.TS = &TSOutput{}
			return p.output(n, at, &p.c.TS.Out, nil)
		}},
		{"docs", func(p *parser, n *yaml.Node, at string) error {
			p.c.Docs = &DocsOutput{}
			return p.output(n, at, &p.c.Docs.Out, nil)
		}},
	}
	goKeys = []key{
		{"package", func(p *parser, n *yaml.Node, at string) error { return p.str(n, at, &p.c.Go.Package) }},
		{"tags", func(p *parser, n *yaml.Node, at string) error {
			tags, err := p.strings(n, at)
			p.c.Go.Tags = tags
			return err
		}},
		{"maps", func(p *parser, n *yaml.Node, at string) error {
			if err := p.str(n, at, &p.c.Go.Maps); err != nil {
				return err
			}
			if p.c.Go.Maps != "ordered" && p.c.Go.Maps != "native" {
				return p.errorf(n, "%s must be ordered or native, got %q", at, p.c.Go.Maps)
			}
			return nil
		}},
		{"runtime", func(p *parser, n *yaml.Node, at string) error {
			if err := p.str(n, at, &p.c.Go.Runtime); err != nil {
				return err
			}
			if p.c.Go.Runtime != "copy" && p.c.Go.Runtime != "import" {
				return p.errorf(n, "%s must be copy or import, got %q", at, p.c.Go.Runtime)
			}
			return nil
		}},
	}
	breakingKeys = []key{
		{"against", func(p *parser, n *yaml.Node, at string) error { return p.str(n, at, &p.c.Against) }},
	}
	validateKeys = []key{
		{"profile", func(p *parser, n *yaml.Node, at string) error { return p.str(n, at, &p.c.Profile) }},
		{"include", func(p *parser, n *yaml.Node, at string) error {
			globs, err := p.strings(n, at)
			for i, g := range globs {
				if _, perr := filepath.Match(g, ""); perr != nil {
					return p.errorf(n.Content[i], "%s: %q is not a valid glob: %v", at, g, perr)
				}
			}
			p.c.Include = globs
			return err
		}},
	}
)

type parser struct{ c *Config }

func (p *parser) errorf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.c.Path, n.Line, fmt.Sprintf(format, args...))
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// mapping reads the mapping n (at the dotted key at) whose keys are keys.
func (p *parser) mapping(n *yaml.Node, at string, keys []key) error {
	n = resolveAlias(n)
	what := at
	if what == "" {
		what = "the file"
	}
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "%s must be a mapping of keys to values, got %s", what, kindName(n))
	}
	known := make([]string, len(keys))
	for i, k := range keys {
		known[i] = k.name
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], resolveAlias(n.Content[i+1])
		name := kn.Value
		var read func(*parser, *yaml.Node, string) error
		for _, k := range keys {
			if k.name == name {
				read = k.read
			}
		}
		if read == nil {
			return p.errorf(kn, "%s: unknown key %q; known keys: %s", what, name, strings.Join(known, ", "))
		}
		if seen[name] {
			return p.errorf(kn, "%s: %q given twice", what, name)
		}
		seen[name] = true
		full := join(at, name)
		p.c.lines[full] = kn.Line
		if err := read(p, vn, full); err != nil {
			return err
		}
	}
	return nil
}

// output reads a generate output: a mapping with out (a directory) and the
// language's other keys.
func (p *parser) output(n *yaml.Node, at string, out *string, more []key) error {
	keys := append([]key{{"out", func(p *parser, n *yaml.Node, at string) error {
		if err := p.str(n, at, out); err != nil {
			return err
		}
		if *out == "" {
			return p.errorf(n, "%s: an empty directory; give the directory the files go to", at)
		}
		*out = p.path(*out)
		return nil
	}}}, more...)
	if err := p.mapping(n, at, keys); err != nil {
		return err
	}
	if *out == "" {
		return p.errorf(n, "%s needs out: the directory the files go to", at)
	}
	return nil
}

func (p *parser) version(n *yaml.Node, at string) error {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Value != fmt.Sprint(Version) {
		return p.errorf(n, "version must be %d, got %s: this omnigen reads version %d files", Version, display(n), Version)
	}
	return nil
}

func (p *parser) schema(n *yaml.Node, at string) error {
	var s string
	if err := p.str(n, at, &s); err != nil {
		return err
	}
	switch s {
	case "":
		return p.errorf(n, "schema is empty: give a file, or leave the key out for the canonical schema omnigen embeds")
	case canonical.ID:
	default:
		p.c.Schema = p.path(s)
	}
	return nil
}

func (p *parser) refMap(n *yaml.Node, at string) error {
	entries, err := p.strings(n, at)
	if err != nil {
		return err
	}
	for i, e := range entries {
		prefix, dir, ok := strings.Cut(e, "=")
		if !ok || prefix == "" || dir == "" {
			return p.errorf(n.Content[i], "%s: %q must be URL_PREFIX=DIR", at, e)
		}
		p.c.RefMap = append(p.c.RefMap, RefMapping{Prefix: prefix, Dir: p.path(dir)})
	}
	return nil
}

// path makes a path of the file absolute, from the file's directory.
func (p *parser) path(s string) string {
	s = filepath.FromSlash(s)
	if filepath.IsAbs(s) {
		return filepath.Clean(s)
	}
	return filepath.Join(p.c.Dir, s)
}

func (p *parser) str(n *yaml.Node, at string, out *string) error {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return p.errorf(n, "%s must be a string, got %s", at, display(n))
	}
	*out = n.Value
	return nil
}

func (p *parser) boolean(n *yaml.Node, at string, out *bool) error {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return p.errorf(n, "%s must be true or false, got %s", at, display(n))
	}
	*out = n.Value == "true"
	return nil
}

func (p *parser) strings(n *yaml.Node, at string) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "%s must be a list of strings, got %s", at, display(n))
	}
	out := make([]string, 0, len(n.Content))
	for i, item := range n.Content {
		var s string
		if err := p.str(resolveAlias(item), fmt.Sprintf("%s[%d]", at, i), &s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return display(n)
}

// display names a node's value in a message: "the number 2", "a list".
func display(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return kindName(n)
	}
	switch n.Tag {
	case "!!null":
		return "nothing"
	case "!!str":
		return fmt.Sprintf("the string %q", n.Value)
	case "!!int", "!!float":
		return "the number " + n.Value
	case "!!bool":
		return n.Value
	}
	return n.Value
}
