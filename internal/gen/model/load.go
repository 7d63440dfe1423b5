package model

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// LoadOptions say how to read a schema.
type LoadOptions struct {
	// RefMap stands local directories for URL prefixes.
	RefMap []resolve.Mapping
	// Draft, when set, is the draft of every schema, whatever its $schema.
	Draft resolve.Draft
	// RootName names the root type, instead of the schema's title or file
	// name.
	RootName string
	// Formats says whether "format" asserts: by each schema's draft, by
	// default.
	Formats Formats
	// Schemas are other schema files, or directories of them (*.json,
	// *.yaml, *.yml, at any depth), read beside the root so that a $ref
	// naming one by its $id resolves to it.
	Schemas []string
	// AllDefinitions sets Schema.Whole on a schema outside the dialect:
	// the same schema with every definition of its root document typed,
	// reached from its root or not (omnigen breaking compares them).
	AllDefinitions bool
	// General is for a command that checks values but renders no code
	// (omnigen validate --schema): a schema that asks for the dialect but
	// cannot have it (another draft, an annotation in error) is compiled
	// as any schema instead of refused.
	General bool
}

// Load reads the schema file at path (the embedded canonical schema when
// path is empty) and builds its model.
//
// Every schema is compiled into a Program and shaped into the types that
// hold what it accepts (shapes.go), one way for all. A schema that asks
// for omnigen's own dialect, by x-omnigen annotations beyond names
// (builders, guards, an envelope, …) or by referring to the canonical
// schema, is shaped with the dialect's rule of integers and choices of
// types, and its annotations are attached to its types (Schema.Annotated);
// an annotation's error is reported with its pointer, not worked around.
// How a schema is written (a top-level $ref, closed objects, const tags)
// never changes what its code is or which rules it keeps. x-omnigen
// "names" alone is not the dialect: any schema's types take their names
// from it.
func Load(path string, opts LoadOptions) (*Schema, error) {
	if path == "" {
		return BuildFile("")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return LoadData(data, path, opts)
}

// LoadData is Load of data read as the file at path (the file as of
// another commit, say): its references resolve from path's directory.
func LoadData(data []byte, path string, opts LoadOptions) (*Schema, error) {
	// The document decoded, once, for the questions below that need it.
	decoded := sync.OnceValues(func() (any, error) {
		if resolve.IsYAML(path) {
			return resolve.DecodeYAML(data)
		}
		return resolve.Decode(data)
	})
	annotated := dialectAnnotated(data, decoded) || strings.Contains(string(data), canonical.ID)
	if !annotated {
		return general(data, path, opts, false)
	}
	if err := checkDialectDraft(decoded, opts.Draft); err != nil {
		if opts.General {
			// validate --schema checks it as any schema.
			return general(data, path, opts, false)
		}
		return nil, err
	}
	s, err := general(data, path, opts, true)
	var merr *Error
	switch {
	case err == nil:
		s.AskedBy = askedBy(decoded)
		return s, nil
	case errors.As(err, &merr) && !opts.General:
		return nil, err
	}
	// validate --schema checks it as any schema.
	return general(data, path, opts, false)
}

// dialectAnnotated reports whether the document carries x-omnigen
// annotations that only the dialect knows (builders, guards, envelope, …).
// Names alone ({"x-omnigen": {"names": …}}) are read by any schema's types
// too, so they do not make a schema the dialect's.
func dialectAnnotated(data []byte, decoded func() (any, error)) bool {
	// In JSON text "x-omnigen", in YAML x-omnigen: or "x-omnigen": the
	// decoded document tells.
	if !strings.Contains(string(data), "x-omnigen") {
		return false
	}
	v, err := decoded()
	if err != nil {
		return true // the dialect's reader reports the syntax error
	}
	return hasDialectAnnotation(v)
}

func hasDialectAnnotation(v any) bool { return dialectAsk(v, "#") != "" }

// askedBy says what in the document asks for the dialect, and where: its
// first x-omnigen annotation beyond names, else its first reference to
// the canonical schema.
func askedBy(decoded func() (any, error)) string {
	v, err := decoded()
	if err != nil {
		return ""
	}
	if ask := dialectAsk(v, "#"); ask != "" {
		return ask
	}
	return canonicalRef(v, "#")
}

// dialectAsk names the first x-omnigen annotation below v (at ptr) that
// only the dialect knows: `x-omnigen "builders" at PTR`; "" when none.
func dialectAsk(v any, ptr string) string {
	return firstMember(v, ptr, func(key string, value any, at string) string {
		if key != "x-omnigen" {
			return ""
		}
		ann, ok := value.(*resolve.Object)
		if !ok {
			return "x-omnigen at " + at
		}
		for _, k := range ann.Keys {
			if k != "names" {
				return fmt.Sprintf("x-omnigen %q at %s", k, at)
			}
		}
		return "" // names alone: any schema's
	})
}

// canonicalRef names the first reference below v (at ptr) to the
// canonical schema; "" when none.
func canonicalRef(v any, ptr string) string {
	return firstMember(v, ptr, func(_ string, value any, at string) string {
		if s, ok := value.(string); ok && strings.HasPrefix(s, canonical.ID) {
			return "the reference to the canonical schema at " + at
		}
		return ""
	})
}

// firstMember calls found on each member of the objects below v (at ptr),
// in document order, depth first, and returns its first answer that is not
// "". It does not look below a member it answered for, nor below an
// x-omnigen member: annotations are not schemas.
func firstMember(v any, ptr string, found func(key string, value any, at string) string) string {
	switch v := v.(type) {
	case *resolve.Object:
		for _, k := range v.Keys {
			at := ptr + "/" + jsonptr.Escape(k)
			if answer := found(k, v.Values[k], at); answer != "" {
				return answer
			}
			if k == "x-omnigen" {
				continue
			}
			if answer := firstMember(v.Values[k], at, found); answer != "" {
				return answer
			}
		}
	case []any:
		for i, e := range v {
			if answer := firstMember(e, ptr+"/"+strconv.Itoa(i), found); answer != "" {
				return answer
			}
		}
	}
	return ""
}

// checkDialectDraft refuses a schema that asks for the dialect in another
// draft than 2020-12, the dialect's (its own, or forced): the dialect's
// builders and guards would otherwise be left out without a word. A
// document that does not decode is the dialect's reader's to report.
func checkDialectDraft(decoded func() (any, error), forced resolve.Draft) error {
	v, err := decoded()
	if err != nil {
		return nil
	}
	switch {
	case forced != 0 && forced != resolve.Draft2020:
		return errorf("#", "%s asks for the x-omnigen dialect, which is JSON Schema 2020-12; the schema is read as another draft (--draft)", askedBy(decoded))
	case !dialectDraft(decoded):
		ptr := "#"
		if o, _ := v.(*resolve.Object); o != nil && o.Has("$schema") {
			ptr = "#/$schema"
		}
		return errorf(ptr, "%s asks for the x-omnigen dialect, which is JSON Schema 2020-12; write the schema in that draft, or leave the annotation out", askedBy(decoded))
	}
	return nil
}

// dialectDraft reports whether the document is 2020-12, the dialect's
// draft: it says so, or says nothing and uses no earlier draft's forms.
func dialectDraft(decoded func() (any, error)) bool {
	v, err := decoded()
	if err != nil {
		return false
	}
	o, _ := v.(*resolve.Object)
	if o == nil {
		return false
	}
	if meta := o.Str("$schema"); meta != "" {
		return strings.Contains(meta, "2020-12")
	}
	return true
}

// general compiles any schema; dialect, for a schema in the dialect, adds
// its rule of integers and makes its choices of types (CompileOptions
// ExactIntegers and DialectTypes).
func general(data []byte, path string, opts LoadOptions, dialect bool) (*Schema, error) {
	s, err := compiled(data, path, opts, dialect, false)
	if err != nil || !opts.AllDefinitions {
		return s, err
	}
	s.Whole, err = compiled(data, path, opts, dialect, true)
	return s, err
}

// compiled is general's model, with every definition typed when all.
func compiled(data []byte, path string, opts LoadOptions, dialect, all bool) (*Schema, error) {
	set := newSet(opts)
	root, err := set.LoadFileBytes(path, data)
	if err != nil {
		return nil, asModelError(err)
	}
	if err := loadOthers(set, path, opts.Schemas); err != nil {
		return nil, err
	}
	return Compiled(set, root, rootName(root, path, opts.RootName), CompileOptions{Formats: opts.Formats, NameRoot: opts.RootName != "", ExactIntegers: dialect, DialectTypes: dialect,
		AllDefinitions: all})
}

// newSet is the set of documents a schema is read into, whichever model it
// gets: the canonical schema is known by its $id.
func newSet(opts LoadOptions) *resolve.Set {
	return resolve.NewSet(resolve.Options{
		Draft: opts.Draft, RefMap: opts.RefMap,
		Documents: map[string][]byte{canonical.ID: canonical.Canonical},
	})
}

// Compiled is the model of any schema, root of set: the Program of its
// checks and the types of the values it accepts, the root's named name
// unless it is a definition with a name of its own.
func Compiled(set *resolve.Set, root *resolve.Schema, name string, opts CompileOptions) (*Schema, error) {
	c := newCompiler(set, opts)
	r := RootSchema{Schema: root, Name: name}
	if err := c.findAnchors([]RootSchema{r}); err != nil {
		return nil, asModelError(err)
	}
	c.prog.Roots = []*Check{c.rootCheck(r)}
	sh := newShaper(c)
	sh.rootResource = root.Resource
	sh.dialect = opts.DialectTypes
	if err := c.finish(); err != nil {
		return nil, asModelError(err)
	}
	rt := sh.root(root, name, opts.NameRoot)
	defs := definitions(set, root)
	switch {
	case opts.AllDefinitions:
		for _, def := range defs {
			sh.typeOf(def, hint{short: ownName(def)})
		}
	case opts.DialectTypes:
		sh.unreachedDefinitions(defs)
	}
	sh.unions()
	sh.tags()
	if opts.DialectTypes {
		sh.dialectChoices()
	}
	if err := sh.link(); err != nil {
		return nil, asModelError(err)
	}
	s := &Schema{Program: c.prog, Notes: set.Notes(), Root: rt, Types: sh.named(), Annotated: opts.DialectTypes}
	for _, t := range s.Types {
		t.Synthetic = sh.holders[t] != nil
	}
	if opts.DialectTypes {
		s.Types = sh.inDefinitionOrder(s.Types, defs)
	}
	if o := root.Object(); o != nil {
		s.ID, s.Title, s.Description = o.Str("$id"), o.Str("title"), o.Str("description")
	}
	for _, def := range defs {
		s.Definitions = append(s.Definitions, "#"+def.Ptr)
	}
	if opts.DialectTypes {
		if err := annotateShaped(s, sh, defs); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// definitions are the entries of the root document's $defs and
// definitions, in order.
func definitions(set *resolve.Set, root *resolve.Schema) []*resolve.Schema {
	o := root.Object()
	if o == nil {
		return nil
	}
	var out []*resolve.Schema
	for _, kw := range []string{"$defs", "definitions"} {
		if defs := o.Obj(kw); defs != nil {
			for _, k := range defs.Keys {
				if d := set.Sub(root, kw+"/"+jsonptr.Escape(k)); d != nil {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// rootName names the root type: the name asked for, else the schema's
// title, else its file name.
func rootName(root *resolve.Schema, path, asked string) string {
	if asked != "" {
		return asked
	}
	if o := root.Object(); o != nil {
		if t := Pascal(o.Str("title")); t != "" {
			return t
		}
	}
	base := filepath.Base(path)
	for _, ext := range []string{".json", ".schema", ".jsonschema"} {
		base = strings.TrimSuffix(base, ext)
	}
	if n := Pascal(base); n != "" {
		return n
	}
	return "Document"
}

// asModelError turns a resolve error into a model error, so that every
// generator error has one type.
func asModelError(err error) error {
	var rerr *resolve.Error
	if errors.As(err, &rerr) {
		return &Error{Pointer: rerr.Loc, Message: rerr.Message}
	}
	return err
}
