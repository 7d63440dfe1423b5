// Package golang is omnigen's Go emitter: it renders a *model.Schema, with
// github.com/dave/jennifer, as one Go package that depends on the standard
// library only (or on omnigen's runtime package, when asked):
//
//   - types.go: a struct per object, a string type with constants and Valid
//     per enum, a sealed interface per union (its members implement an
//     unexported marker method; a nested union embeds its parents'), named
//     scalars, arrays, maps, tuples and JSON text (general_types.go);
//   - codec.go: Unmarshal, Validate and Marshal of the root type, and the
//     json methods of every type: a one-pass decoder that checks as it reads
//     what gives a value its shape and the simple rules on one value, and
//     encoders that check as they write (onepass.go, emit_codec.go,
//     onepass_kinds.go, onepass_write.go), or the value-tree codec
//     (general_codec.go);
//   - checks.go and check.go: the check program, a function per check
//     (emit_checks.go), which the codec runs on the rules it does not check
//     as it reads (emit_deferred.go) and for the words of every error;
//   - builders.go, guards.go, aggregate.go, times.go: the x-omnigen
//     builders and helpers, the guards, the partial aggregator and the
//     time.Time conversions of date-time strings, when the schema has them
//     (general_annotations.go);
//   - json.go, shape.go, ordered.go, members.go, exact.go, regex.go,
//     format.go: the runtimes (internal/runtime, copied), each where the
//     package needs it;
//   - stream.go: the JSON Lines Decoder and Encoder of the root type
//     (package streamrt, copied with the root type's name).
//
// Nothing here knows a protocol: every name, builder, guard and rule comes
// from the model. A construct the emitter cannot render faithfully is an
// error naming its JSON pointer, never approximate code.
package golang

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// Options configure Generate.
type Options struct {
	// Package is the name of the generated package ("omnimessage"). Empty
	// means the schema's title in lower case, letters and digits only.
	Package string
	// Prefix, for a schema outside the x-omnigen dialect, makes its code
	// share a package with other schemas' code: every top-level name starts
	// with it, the entry points end with it (ValidateG12),
	// file names start with it, and the runtime is left out (write it once
	// with GeneralRuntime).
	Prefix string
	// Tags are the struct tag keys of every field that holds a property
	// (`json:"name,omitempty"`, without omitempty when it is required);
	// nil means DefaultTags, empty none.
	Tags []string
	// Maps says how an object whose members all have one type is held:
	// MapsOrdered (the default, "") as a Map, which keeps its key order so
	// that a document comes back byte for byte, or MapsNative as a Go map,
	// written back in sorted key order.
	Maps string
	// Runtime says where the runtime of the generated code is:
	// RuntimeCopy (the default, "") in the package itself, an unexported
	// copy on the standard library alone, or RuntimeImport in the public
	// package runtime/omnigenrt of the omnigen module, which the package
	// imports (and checks the version of at compile time). Import is for
	// schemas outside the x-omnigen dialect, without Prefix.
	Runtime string

	// unusedTree, for tests, adds the functions of the value-tree codec
	// that codec.go does not carry (treeFuncs) in a file of their own,
	// treeTestFile: the oracle the one-pass codec is compared with.
	unusedTree bool
}

const treeTestFile = "zz_tree_test.go"

// The values of Options.Runtime.
const (
	RuntimeCopy   = "copy"
	RuntimeImport = "import"
)

// CheckRuntime reports whether runtime is a value of Options.Runtime.
func CheckRuntime(runtime string) error {
	switch runtime {
	case "", RuntimeCopy, RuntimeImport:
		return nil
	}
	return fmt.Errorf("%q is not a place for the runtime: copy or import", runtime)
}

// The values of Options.Maps.
const (
	MapsOrdered = "ordered"
	MapsNative  = "native"
)

// CheckMaps reports whether maps is a value of Options.Maps.
func CheckMaps(maps string) error {
	switch maps {
	case "", MapsOrdered, MapsNative:
		return nil
	}
	return fmt.Errorf("%q is not a way to hold maps: ordered or native", maps)
}

// Generate renders s as the files of one Go package, with paths relative to
// the package directory, in a fixed order. Every file starts with
// gen.Header and is gofmt-clean. The error, for a schema the emitter cannot
// render, is a *model.Error naming the construct's pointer.
func Generate(s *model.Schema, opts Options) ([]gen.File, error) {
	if err := CheckRuntime(opts.Runtime); err != nil {
		return nil, err
	}
	if opts.Runtime == RuntimeImport && s.Annotated {
		return nil, errorf("#", "a package of the x-omnigen dialect carries its own runtime: the runtime import is for schemas outside the dialect; generate it with the runtime copy")
	}
	if opts.Runtime == RuntimeImport && opts.Prefix != "" {
		return nil, fmt.Errorf("packages shared by several schemas (Prefix) copy the runtime")
	}
	if s.Program == nil {
		// Every schema loaded has its program: this is a model built by
		// hand, without one.
		return nil, errorf("#", "the model has no check program to render")
	}
	g, err := newGeneral(s, opts)
	if err != nil {
		return nil, err
	}
	return g.files(opts.Prefix == "")
}

// generator renders the x-omnigen builders, guards and aggregator of a
// schema in the dialect over the general package's types and one-pass
// codec (the onePass it embeds; general_annotations.go).
type generator struct {
	*onePass
	// builders: Go names, their Args types, param names.
	builders map[*model.Builder]*builderInfo
	// helper names (guards, prepend, zero, sum) by schema name.
	helperNames map[string]string
	// now is the unexported function formatting the builders' timestamp.
	now string
	// fragmentNames names the aggregator's fragment type of each aggregate.
	fragmentNames map[*model.Aggregate]string
	// timeOf names the time.Time constructor of each date-time string type.
	timeOf map[*model.Type]string
}

func errorf(ptr, format string, args ...any) error {
	return model.Errorf(ptr, format, args...)
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

func lowerName(s string) string {
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	if i > 1 && i < len(rs) {
		i-- // "URLPattern" → "urlPattern"
	}
	if i == 0 {
		i = 1
	}
	return strings.ToLower(string(rs[:i])) + string(rs[i:])
}
