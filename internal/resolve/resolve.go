// Package resolve loads JSON Schema documents of any draft (4, 6, 7,
// 2019-09 and 2020-12) and finds what their references name: every schema
// has a location (document and JSON pointer), a base URI, the schema
// resource it belongs to, a draft and the vocabularies in force. $ref,
// $dynamicRef and $recursiveRef are resolved here, statically; what a
// dynamic reference finds at run time is the model's business (it knows
// the path evaluation takes).
//
// Documents come from files (relative references resolve next to the
// referring file), from the official meta-schemas embedded here, from
// documents given by URI (the canonical OmniMessage schema), and from
// local directories standing for URL prefixes (--ref-map). Nothing is ever
// fetched over the network.
package resolve

import (
	"embed"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// Options say where documents come from and how to read them.
type Options struct {
	// Draft, when set, is the draft of every schema, whatever its $schema.
	Draft Draft
	// DefaultDraft, when set, is the draft of a document that has no
	// $schema, instead of the draft its forms suggest.
	DefaultDraft Draft
	// RefMap maps URL prefixes to local directories.
	RefMap []Mapping
	// Documents are documents known by URI without a file (the canonical
	// schema by its $id).
	Documents map[string][]byte
}

// Mapping stands a local directory for every URL that starts with Prefix:
// Prefix + "a/b.json" is Dir/a/b.json.
type Mapping struct {
	Prefix string
	Dir    string
}

// ParseMapping reads "URL_PREFIX=DIR", the form of --ref-map.
func ParseMapping(s string) (Mapping, error) {
	prefix, dir, ok := strings.Cut(s, "=")
	if !ok || prefix == "" || dir == "" {
		return Mapping{}, fmt.Errorf("--ref-map %q: want URL_PREFIX=DIR", s)
	}
	if _, err := url.Parse(prefix); err != nil {
		return Mapping{}, fmt.Errorf("--ref-map %q: %v", s, err)
	}
	return Mapping{Prefix: prefix, Dir: dir}, nil
}

// Error is a problem with a schema, at a location: a document name and a
// JSON pointer ("schema.json#/properties/a").
type Error struct {
	Loc     string
	Message string
}

func (e *Error) Error() string { return e.Loc + ": " + e.Message }

// Document is one JSON document that schemas live in.
type Document struct {
	// URI is the document's retrieval URI ("file:///abs/schema.json").
	URI string
	// Name is what locations call it: "" for the first file loaded (its
	// locations read "#/…"), the path from that file's directory for other
	// files, the URI for the others.
	Name string
	// Path is what messages call it: the file's path from the working
	// directory, or the URI.
	Path string
	// JSON is the decoded document.
	JSON any
	// dir is the directory of a file document, for relative references.
	dir string
}

// Schema is one schema: a JSON object or a boolean at a location.
type Schema struct {
	Doc *Document
	// Ptr is the schema's JSON pointer in Doc, "" for the document itself.
	Ptr string
	// Base is the absolute base URI its references resolve against.
	Base string
	// Resource is the root of the schema resource it belongs to (itself when
	// it has an $id, or is a document).
	Resource *Schema
	// Draft says what its keywords mean; Vocab which of them apply.
	Draft Draft
	Vocab Vocab
	// Value is the schema: a bool or an *Object.
	Value any
	// DynamicAnchor is its "$dynamicAnchor"; RecursiveAnchor its
	// "$recursiveAnchor": true.
	DynamicAnchor   string
	RecursiveAnchor bool
}

// Loc is the schema's location for messages: "file.json#/properties/a".
func (s *Schema) Loc() string { return s.Doc.Name + "#" + s.Ptr }

// Object is the schema object, nil for a boolean schema.
func (s *Schema) Object() *Object {
	o, _ := s.Value.(*Object)
	return o
}

// Bool returns a boolean schema's value; ok is false for an object.
func (s *Schema) Bool() (value, ok bool) {
	b, ok := s.Value.(bool)
	return b, ok
}

// URI is the schema's canonical URI: its resource's URI and the JSON
// pointer from there.
func (s *Schema) URI() string {
	rel := strings.TrimPrefix(s.Ptr, s.Resource.Ptr)
	return s.Resource.Base + "#" + rel
}

// errorf returns an *Error at the schema's location, or at rel below it.
func (s *Schema) errorf(rel, format string, args ...any) *Error {
	loc := s.Doc.Path + "#" + s.Ptr
	if rel != "" {
		loc += "/" + rel
	}
	return &Error{Loc: loc, Message: fmt.Sprintf(format, args...)}
}

// Errorf is errorf for other packages: the model reports its own problems
// at schema locations.
func (s *Schema) Errorf(rel, format string, args ...any) *Error {
	return s.errorf(rel, format, args...)
}

// Set is the documents loaded so far and every schema in them.
type Set struct {
	opts      Options
	docs      map[string]*Document // by retrieval URI and by root $id
	resources map[string]*Schema   // by absolute URI without fragment
	anchors   map[string]*Schema   // by absolute URI + "#" + plain name
	at        map[*Document]map[string]*Schema
	// Notes are remarks worth a line on stderr: an unknown $schema read as
	// a known draft, and the like. They are sorted and free of repeats.
	notes map[string]bool
	// rootDir is the directory of the first file loaded.
	rootDir string
	// reading holds the documents being read (by URI without fragment).
	reading map[string]bool
	// siblings stand, for each file whose root has an absolute $id, the
	// file's directory for the $id's: a reference to a document beside it
	// (common.json from https://example.com/orders.json) that nothing else
	// resolves is read from beside the file.
	siblings []Mapping
}

// NewSet returns an empty set reading documents as opts says.
func NewSet(opts Options) *Set {
	return &Set{
		opts: opts, docs: map[string]*Document{}, resources: map[string]*Schema{},
		anchors: map[string]*Schema{}, at: map[*Document]map[string]*Schema{}, notes: map[string]bool{},
		reading: map[string]bool{},
	}
}

// Notes returns the remarks gathered while loading, sorted.
func (set *Set) Notes() []string {
	out := make([]string, 0, len(set.notes))
	for n := range set.notes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// LoadFile loads the schema file at name and returns its root schema.
func (set *Set) LoadFile(name string) (*Schema, error) {
	return set.LoadFileBytes(name, nil)
}

// LoadFileBytes loads data as the schema file at name (the file as of
// another commit, say): its references resolve from name's directory. With
// nil data it reads the file.
func (set *Set) LoadFileBytes(name string, data []byte) (*Schema, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, err
	}
	uri := fileURI(abs)
	if d, ok := set.docs[uri]; ok {
		return set.at[d][""], nil
	}
	if data == nil {
		if data, err = os.ReadFile(name); err != nil {
			return nil, err
		}
	}
	if set.rootDir == "" {
		// The first file's locations read "#/…" and the others' are named
		// from its directory, so that what is generated from them does not
		// depend on the directory omnigen ran in.
		set.rootDir = filepath.Dir(abs)
		return set.add(data, uri, "", name, filepath.Dir(abs), 0)
	}
	return set.add(data, uri, set.fileName(abs), name, filepath.Dir(abs), 0)
}

// fileName names a file document in locations: its path from the first
// file's directory.
func (set *Set) fileName(abs string) string {
	if set.rootDir != "" {
		if rel, err := filepath.Rel(set.rootDir, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return relName(abs)
}

// LoadBytes loads a document read from elsewhere, known by uri (a name
// for messages too).
func (set *Set) LoadBytes(data []byte, uri string) (*Schema, error) {
	if d, ok := set.docs[uri]; ok {
		return set.at[d][""], nil
	}
	return set.add(data, uri, uri, uri, "", 0)
}

// LoadValue adds a document already decoded (a test suite's schema) under
// uri. The value's objects must be *Object.
func (set *Set) LoadValue(v any, uri string) (*Schema, error) {
	if d, ok := set.docs[uri]; ok {
		return set.at[d][""], nil
	}
	d := &Document{URI: uri, Name: uri, Path: uri, JSON: v}
	return set.register(d, 0)
}

func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// add decodes and registers a document; inherit is the draft of the schema
// that referred to it (0 for the root), used when it says none itself.
func (set *Set) add(data []byte, uri, name, path, dir string, inherit Draft) (*Schema, error) {
	var v any
	var err error
	if IsYAML(path) {
		if v, err = DecodeYAML(data); err != nil {
			return nil, &Error{Loc: path, Message: "not a YAML document JSON Schema can be read from: " + err.Error()}
		}
	} else if v, err = Decode(data); err != nil {
		return nil, &Error{Loc: path, Message: "not a JSON document: " + err.Error()}
	}
	d := &Document{URI: uri, Name: name, Path: path, JSON: v, dir: dir}
	return set.register(d, inherit)
}

func (set *Set) register(d *Document, inherit Draft) (*Schema, error) {
	set.docs[d.URI] = d
	set.at[d] = map[string]*Schema{}
	draft := set.opts.Draft
	if draft == 0 {
		draft = inherit
	}
	if draft == 0 {
		draft = set.opts.DefaultDraft
	}
	root := &Schema{Doc: d, Base: stripFragment(d.URI), Value: d.JSON, Vocab: allVocab}
	root.Resource = root
	// A document being read is not read again as its own meta-schema (a
	// custom meta-schema whose $schema is its $id) or another's.
	set.reading[stripFragment(d.URI)] = true
	defer delete(set.reading, stripFragment(d.URI))
	if err := set.walk(root, draft, true); err != nil {
		return nil, err
	}
	set.resources[stripFragment(d.URI)] = root
	return root, nil
}

// walk registers s, its identifiers and, recursively, its subschemas. s
// has Doc, Ptr, Base, Resource and Value set from its parent; draft is the
// parent's (0 for a document root without a referrer).
func (set *Set) walk(s *Schema, draft Draft, docRoot bool) error {
	o := s.Object()
	if o == nil {
		if _, ok := s.Value.(bool); !ok {
			return s.errorf("", "a schema must be an object or a boolean, got %s", jsonKind(s.Value))
		}
		if draft == 0 {
			draft = Draft2020
		}
		s.Draft = draft
		set.at[s.Doc][s.Ptr] = s
		return nil
	}
	if set.opts.Draft != 0 {
		draft = set.opts.Draft
	} else if meta, ok := o.Values["$schema"].(string); ok && (docRoot || hasID(o)) {
		d, vocab, err := set.metaDraft(s, meta)
		if err != nil {
			return err
		}
		draft, s.Vocab = d, vocab
	} else if draft == 0 {
		draft = sniff(o)
	}
	s.Draft = draft
	if err := set.identify(s, o); err != nil {
		return err
	}
	set.at[s.Doc][s.Ptr] = s
	var err error
	eachSubschema(o, draft, true, func(rel string, sub any) {
		if err != nil {
			return
		}
		c := &Schema{Doc: s.Doc, Ptr: s.Ptr + "/" + rel, Base: s.Base, Resource: s.Resource, Value: sub, Vocab: s.Vocab}
		err = set.walk(c, draft, false)
	})
	return err
}

func hasID(o *Object) bool { return o.Has("$id") || o.Has("id") }

// identify applies s's $id (or draft 4's id), $anchor, $dynamicAnchor and
// $recursiveAnchor.
func (set *Set) identify(s *Schema, o *Object) error {
	idKey := "$id"
	if s.Draft == Draft4 {
		idKey = "id"
	}
	// Before 2019-09, $ref takes the place of every keyword beside it, $id
	// included.
	ignoreID := s.Draft <= Draft7 && o.Has("$ref")
	if id, ok := o.Values[idKey].(string); ok && !ignoreID {
		u, err := resolveURI(s.Base, id)
		if err != nil {
			return s.errorf(idKey, "invalid %s %q: %v", idKey, id, err)
		}
		frag := fragment(u)
		switch {
		case strings.HasPrefix(id, "#") && s.Draft <= Draft7:
			// A plain-name fragment alone is an anchor, not a new resource.
			if err := set.anchor(s, frag); err != nil {
				return err
			}
		default:
			if frag != "" && s.Draft >= Draft2019 {
				return s.errorf(idKey, "%s %q has a fragment; use $anchor", idKey, id)
			}
			s.Base = stripFragment(u)
			s.Resource = s
			if s.Ptr == "" && s.Doc.dir != "" && u.Scheme != "file" && u.IsAbs() {
				prefix := s.Base[:strings.LastIndex(s.Base, "/")+1]
				set.siblings = append(set.siblings, Mapping{Prefix: prefix, Dir: s.Doc.dir})
			}
			if prev, ok := set.resources[s.Base]; ok && prev != s && prev.Doc == s.Doc && prev.Ptr != s.Ptr {
				return s.errorf(idKey, "%s %q is also the id of %s", idKey, s.Base, prev.Loc())
			}
			set.resources[s.Base] = s
			if frag != "" {
				if err := set.anchor(s, frag); err != nil {
					return err
				}
			}
		}
	}
	if s.Draft >= Draft2019 {
		if a, ok := o.Values["$anchor"].(string); ok {
			if err := set.anchor(s, a); err != nil {
				return err
			}
		}
	}
	if s.Draft >= Draft2020 {
		if a, ok := o.Values["$dynamicAnchor"].(string); ok {
			s.DynamicAnchor = a
			if err := set.anchor(s, a); err != nil {
				return err
			}
		}
	}
	if s.Draft == Draft2019 {
		s.RecursiveAnchor, _ = o.Values["$recursiveAnchor"].(bool)
	}
	return nil
}

func (set *Set) anchor(s *Schema, name string) error {
	key := s.Base + "#" + name
	if prev, ok := set.anchors[key]; ok && prev != s {
		return s.errorf("", "anchor %q is defined twice in %s (also at %s)", name, s.Base, prev.Loc())
	}
	set.anchors[key] = s
	return nil
}

// metaDraft reads a $schema: an official meta-schema names its draft; a
// meta-schema that can be loaded gives its own draft and the vocabularies
// its $vocabulary lists; anything else is read as the draft the schema's
// forms suggest, with a note.
func (set *Set) metaDraft(s *Schema, meta string) (Draft, Vocab, error) {
	if d, ok := knownMeta(meta); ok {
		return d, allVocab, nil
	}
	if u, err := url.Parse(meta); err == nil && u.Host == "json-schema.org" && (u.Path == "/schema" || u.Path == "/draft/next/schema") {
		return Draft2020, allVocab, nil
	}
	if set.reading[stripFragment(meta)] {
		// A meta-schema that describes itself, or meta-schemas that
		// describe each other: their drafts are not said anywhere; the
		// forms used tell.
		d := sniff(s.Value)
		set.notes[fmt.Sprintf("%s#%s: $schema %q describes itself; reading it as %s", s.Doc.Path, s.Ptr, meta, d)] = true
		return d, allVocab, nil
	}
	m, err := set.load(s, stripFragment(meta), 0)
	if err != nil {
		set.notes[fmt.Sprintf("%s#%s: $schema %q is not a meta-schema omnigen knows or can load; reading it as %s", s.Doc.Path, s.Ptr, meta, sniff(s.Value))] = true
		return sniff(s.Value), allVocab, nil
	}
	vocab := allVocab
	if vs := m.Object(); vs != nil && vs.Obj("$vocabulary") != nil {
		vocab = vocabOf(vs.Obj("$vocabulary"))
	}
	return m.Draft, vocab, nil
}

// Resolve returns the schema that ref, a $ref found in from, names.
func (set *Set) Resolve(from *Schema, keyword, ref string) (*Schema, error) {
	u, err := resolveURI(from.Base, ref)
	if err != nil {
		return nil, from.errorf(keyword, "invalid reference %q: %v", ref, err)
	}
	return set.lookup(from, keyword, u)
}

// lookup finds the schema at an absolute URI.
func (set *Set) lookup(from *Schema, keyword string, u *url.URL) (*Schema, error) {
	frag := fragment(u)
	res, err := set.load(from, stripFragment(u), from.Draft)
	if err != nil {
		return nil, from.errorf(keyword, "%v", err)
	}
	switch {
	case frag == "":
		return res, nil
	case strings.HasPrefix(frag, "/"):
		s, err := set.pointer(res, frag)
		if err != nil {
			return nil, from.errorf(keyword, "%v", err)
		}
		return s, nil
	}
	if s, ok := set.anchors[res.Base+"#"+frag]; ok {
		return s, nil
	}
	return nil, from.errorf(keyword, "no anchor %q in %s", frag, res.Base)
}

// load returns the resource at uri (no fragment), loading its document when
// it is not known yet.
func (set *Set) load(from *Schema, uri string, inherit Draft) (*Schema, error) {
	if r, ok := set.resources[uri]; ok {
		return r, nil
	}
	if data, ok := set.opts.Documents[uri]; ok {
		return set.add(data, uri, uri, uri, "", inherit)
	}
	if data, ok := metaSchema(uri); ok {
		return set.add(data, uri, uri, uri, "", inherit)
	}
	u, err := url.Parse(uri)
	if err != nil {
		return nil, err
	}
	if m, rest, ok := mapped(set.opts.RefMap, uri); ok {
		file := filepath.Join(m.Dir, filepath.FromSlash(rest))
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s (for %s, mapped by --ref-map %s=%s): %v", file, uri, m.Prefix, m.Dir, err)
		}
		abs, _ := filepath.Abs(file)
		return set.add(data, uri, set.fileName(abs), relName(file), filepath.Dir(abs), inherit)
	}
	if m, rest, ok := mapped(set.siblings, uri); ok {
		file := filepath.Join(m.Dir, filepath.FromSlash(rest))
		if data, err := os.ReadFile(file); err == nil {
			return set.add(data, uri, set.fileName(file), relName(file), filepath.Dir(file), inherit)
		}
	}
	if u.Scheme == "file" {
		file := filepath.FromSlash(u.Path)
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %v", relName(file), err)
		}
		return set.add(data, uri, set.fileName(file), relName(file), filepath.Dir(file), inherit)
	}
	return nil, fmt.Errorf("cannot resolve %s: omnigen never fetches over the network; map its prefix to a local directory with --ref-map URL_PREFIX=DIR", uri)
}

// mapped finds the longest prefix of uri among maps.
func mapped(maps []Mapping, uri string) (Mapping, string, bool) {
	best := -1
	for i, m := range maps {
		if strings.HasPrefix(uri, m.Prefix) && (best < 0 || len(m.Prefix) > len(maps[best].Prefix)) {
			best = i
		}
	}
	if best < 0 {
		return Mapping{}, "", false
	}
	m := maps[best]
	rest, err := url.PathUnescape(strings.TrimPrefix(uri, m.Prefix))
	if err != nil {
		rest = strings.TrimPrefix(uri, m.Prefix)
	}
	return m, path.Clean("/" + rest)[1:], true
}

// relName is a file name relative to the working directory when it is
// below it, for messages.
func relName(file string) string {
	wd, err := os.Getwd()
	if err != nil {
		return file
	}
	if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// pointer returns the schema at a JSON pointer from a resource's root.
func (set *Set) pointer(res *Schema, ptr string) (*Schema, error) {
	full := res.Ptr + ptr
	if s, ok := set.at[res.Doc][full]; ok {
		return s, nil
	}
	// A location no keyword walk reached (below an unknown keyword, say):
	// walk down from the resource, taking each $id on the way.
	tokens := strings.Split(ptr, "/")[1:]
	// Messages name a document by its path, as every location does; a
	// resource inside one, by its $id.
	where := res.Base
	if res.Ptr == "" {
		where = res.Doc.Path
	}
	cur := res
	v := res.Value
	p := res.Ptr
	for _, tok := range tokens {
		tok = jsonptr.Unescape(tok)
		switch x := v.(type) {
		case *Object:
			next, ok := x.Values[tok]
			if !ok {
				return nil, fmt.Errorf("no %s in %s", ptr, where)
			}
			v = next
		case []any:
			i, ok := index(tok, len(x))
			if !ok {
				return nil, fmt.Errorf("no %s in %s", ptr, where)
			}
			v = x[i]
		default:
			return nil, fmt.Errorf("no %s in %s", ptr, where)
		}
		p += "/" + jsonptr.Escape(tok)
		if s, ok := set.at[res.Doc][p]; ok {
			cur = s
		}
	}
	s := &Schema{Doc: res.Doc, Ptr: full, Base: cur.Base, Resource: cur.Resource, Value: v, Vocab: cur.Vocab}
	if err := set.walk(s, cur.Draft, false); err != nil {
		return nil, err
	}
	return s, nil
}

func index(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' {
		return 0, false
	}
	i := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
		if i >= n {
			return 0, false
		}
	}
	return i, true
}

func resolveURI(base, ref string) (*url.URL, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	if base == "" {
		return r, nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return b.ResolveReference(r), nil
}

func fragment(u *url.URL) string { return u.Fragment }

// stripFragment returns the URI without its fragment.
func stripFragment(u any) string {
	switch x := u.(type) {
	case *url.URL:
		c := *x
		c.Fragment, c.RawFragment = "", ""
		return c.String()
	case string:
		s, _, _ := strings.Cut(x, "#")
		return s
	}
	return ""
}

func jsonKind(v any) string {
	switch v.(type) {
	case *Object:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return "number"
}

//go:embed metaschemas/*.json
var metaFS embed.FS

// metaSchema returns the embedded official meta-schema with URI uri.
func metaSchema(uri string) ([]byte, bool) {
	u := strings.TrimPrefix(strings.TrimPrefix(uri, "https://"), "http://")
	u = strings.TrimPrefix(u, "json-schema.org/")
	name := strings.ReplaceAll(u, "/", "_") + ".json"
	data, err := metaFS.ReadFile("metaschemas/" + name)
	return data, err == nil
}

// Schemas returns every schema registered so far, by document then pointer.
func (set *Set) Schemas() []*Schema {
	var out []*Schema
	uris := make([]string, 0, len(set.docs))
	seen := map[*Document]bool{}
	for u, d := range set.docs {
		if !seen[d] {
			seen[d] = true
			uris = append(uris, u)
		}
	}
	sort.Strings(uris)
	for _, u := range uris {
		d := set.docs[u]
		ptrs := make([]string, 0, len(set.at[d]))
		for p := range set.at[d] {
			ptrs = append(ptrs, p)
		}
		sort.Strings(ptrs)
		for _, p := range ptrs {
			out = append(out, set.at[d][p])
		}
	}
	return out
}

// Root returns the schema that is document d as a whole.
func (set *Set) Root(d *Document) *Schema { return set.at[d][""] }

// Sub returns the subschema of s at the relative pointer rel (escaped
// tokens joined by "/", as "properties/a"), or nil when s has none there.
func (set *Set) Sub(s *Schema, rel string) *Schema {
	if sub, ok := set.at[s.Doc][s.Ptr+"/"+rel]; ok {
		return sub
	}
	return nil
}

// DynamicAnchor returns the schema of resource res that has
// "$dynamicAnchor": name, or nil.
func (set *Set) DynamicAnchor(res *Schema, name string) *Schema {
	if s, ok := set.anchors[res.Base+"#"+name]; ok && s.DynamicAnchor == name && s.Resource == res {
		return s
	}
	return nil
}
