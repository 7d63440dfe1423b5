package golang

import (
	"fmt"
	"go/format"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/runtime/formatrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/regexrt"
	"github.com/omnigen-dev/omnigen/internal/runtime/rtname"
	"github.com/omnigen-dev/omnigen/internal/runtime/streamrt"
)

// The runtimes a generated package carries, each a real package under
// internal/runtime so that it is compiled and tested on its own: the JSON
// runtime every package has (json.go), the runtime of the checks of a schema
// outside the x-omnigen dialect (check.go, see general.go), the types and
// their reading and writing such a schema's typed code uses (ordered.go,
// shape.go), the ECMA-262 matcher (regex.go) and the format checks
// (format.go) when a package needs them, and the JSON Lines Decoder and
// Encoder of the root type (stream.go, whose stand-in root type is Root).
var (
	runtimeSource        = jsonrt.JSONSource
	checkRuntimeSource   = jsonrt.CheckSource
	exactRuntimeSource   = jsonrt.ExactSource
	orderedRuntimeSource = jsonrt.OrderedSource
	shapeRuntimeSource   = jsonrt.ShapeSource
	membersRuntimeSource = jsonrt.MembersSource
	regexRuntimeSource   = regexrt.Source
	formatRuntimeSource  = formatrt.Source
	streamSource         = streamrt.Source
)

// rootWord is the stand-in root type's name in streamSource, in code and
// comments ("Roots" too).
var rootWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bRoot(s?)\b`) })

// streamFile is the JSON Lines runtime as a file of package pkg, for the
// root type named root.
func streamFile(pkg, root string) ([]byte, error) {
	src := strings.Replace(streamSource, "package streamrt\n", "package "+pkg+"\n", 1)
	src = rootWord().ReplaceAllString(src, root+"$1")
	out, err := format.Source([]byte(gen.Header + "\n\n" + src))
	if err != nil {
		return nil, fmt.Errorf("format stream.go: %w", err)
	}
	return out, nil
}

// streamDoc is what a package's documentation says of stream.go, whose
// root type is root.
func streamDoc(root string) string {
	return fmt.Sprintf("NewDecoder reads a JSON Lines stream one %s per line, with no limit on a line's length, its errors numbered by line and a torn last line told apart (ErrTornLine); NewEncoder writes one %s per line, each in one Write.", root, root)
}

// runtimeAs is a runtime source as a generated file of package pkg.
func runtimeAs(source, name, pkg string) ([]byte, error) {
	formatted, err := formatRuntime(source)
	if err != nil {
		return nil, fmt.Errorf("format %s: %w", name, err)
	}
	clause := formatted[strings.Index(formatted, "\npackage ")+1:]
	clause = clause[:strings.Index(clause, "\n")+1]
	return []byte(strings.Replace(formatted, clause, "package "+pkg+"\n", 1)), nil
}

// formatRuntime is a runtime source with the generated header. The sources
// are gofmt-clean files of real packages (TestRuntimeSourcesAreFormatted), so
// the result is what gofmt would write, without spending a fresh process's
// milliseconds on formatting a few thousand lines.
func formatRuntime(source string) (string, error) {
	if !strings.HasPrefix(source, "package ") {
		return "", fmt.Errorf("a runtime source must begin with its package clause")
	}
	return gen.Header + "\n\n" + source, nil
}

// generalRuntime is the runtime of a package of checks: json.go,
// check.go, ordered.go and shape.go, and regex.go and format.go when its
// patterns or formats need them.
func generalRuntime(pkg string, regex, formats, exact bool) ([]gen.File, error) {
	var files []gen.File
	sources := []struct{ name, source string }{
		{"json.go", runtimeSource}, {"check.go", checkRuntimeSource},
		{"ordered.go", orderedRuntimeSource}, {"shape.go", shapeRuntimeSource},
		{"members.go", membersRuntimeSource},
	}
	if exact {
		sources = append(sources, struct{ name, source string }{"exact.go", exactRuntimeSource})
	}
	if formats {
		sources = append(sources, struct{ name, source string }{"format.go", formatRuntimeSource})
	}
	if regex {
		sources = append(sources, struct{ name, source string }{"regex.go", regexRuntimeSource})
	}
	for _, rt := range sources {
		src, err := runtimeAs(rt.source, rt.name, pkg)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: rt.name, Content: src})
	}
	return files, nil
}

// GeneralRuntime is the runtime several packages of checks generated with
// Options.Prefix share, once, with regex.go and format.go.
// The dialect's rule of integers (exact.go) is not among them: a package
// whose checks have it carries its own runtime.
func GeneralRuntime(pkg string) ([]gen.File, error) { return generalRuntime(pkg, true, true, false) }

// runtimeNames lists the top-level names the runtime declares, which the
// generated code must not reuse. The lists below are read from the sources
// once a process: callers must not append to them in place.
var runtimeNames = sync.OnceValue(func() []string {
	return slices.Concat(declaredNames(runtimeSource), declaredNames(streamSource))
})

// checkRuntimeNames lists those of check.go, ordered.go, shape.go, regex.go
// and format.go.
var checkRuntimeNames = sync.OnceValue(func() []string {
	var names []string
	for _, src := range []string{checkRuntimeSource, orderedRuntimeSource, shapeRuntimeSource, membersRuntimeSource, regexRuntimeSource, formatRuntimeSource} {
		names = append(names, declaredNames(src)...)
	}
	return names
})

// exactRuntimeNames lists those of exact.go.
var exactRuntimeNames = sync.OnceValue(func() []string { return declaredNames(exactRuntimeSource) })

// runtimeMethods lists the names of the methods that the runtimes a
// general package carries declare (on any type: the generated helpers
// that are methods are the reader's and the encoder's).
var runtimeMethods = sync.OnceValue(func() []string {
	var names []string
	for _, src := range []string{runtimeSource, checkRuntimeSource, shapeRuntimeSource} {
		for _, line := range strings.Split(src, "\n") {
			if rest, ok := strings.CutPrefix(line, "func ("); ok {
				if _, after, ok := strings.Cut(rest, ") "); ok && startsIdent(after) {
					names = append(names, leadingIdent(after))
				}
			}
		}
	}
	return names
})

// declaredNames lists the top-level names that the Go source src declares.
// The runtime sources are gofmt-clean (TestRuntimeSourcesAreFormatted), so
// their top-level declarations start at column 0 and the specs of a grouped
// declaration at one tab: reading lines is enough, and costs a fresh
// process far less than parsing a few thousand lines of bodies
// (TestDeclaredNamesAgreesWithTheParser holds it to go/parser's answer).
func declaredNames(src string) []string {
	var names []string
	group := false
	for _, line := range strings.Split(src, "\n") {
		if group {
			if line == ")" {
				group = false
			} else if spec, ok := strings.CutPrefix(line, "\t"); ok && startsIdent(spec) {
				names = append(names, specNames(spec)...)
			}
			continue
		}
		keyword, rest, _ := strings.Cut(line, " ")
		switch keyword {
		case "func":
			if startsIdent(rest) {
				names = append(names, leadingIdent(rest))
			}
		case "type", "var", "const":
			if rest == "(" {
				group = true
			} else if startsIdent(rest) {
				names = append(names, specNames(rest)...)
			}
		}
	}
	return names
}

// specNames lists the names a type or value spec declares: "a, b int = …"
// declares a and b.
func specNames(spec string) []string {
	var names []string
	for {
		name := leadingIdent(spec)
		names = append(names, name)
		rest, ok := strings.CutPrefix(spec[len(name):], ", ")
		if !ok || !startsIdent(rest) {
			return names
		}
		spec = rest
	}
}

// startsIdent tells whether s begins with a Go identifier.
func startsIdent(s string) bool {
	return s != "" && (s[0] == '_' || unicode.IsLetter(rune(s[0])))
}

// leadingIdent is the Go identifier s begins with.
func leadingIdent(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// The runtime of a package of checks is its own unexported copy, or, with
// Options.Runtime RuntimeImport, the public package rtname.Path, whose
// names rtname exports. Every reference of general.go's code to the
// runtime goes through the functions below, so that a package that
// carries its copy reads as if they were not there.

// rt is a top-level name of the runtime (a type, function, variable or
// constant).
func (g *general) rt(name string) *jen.Statement {
	if !g.imported {
		return jen.Id(name)
	}
	return jen.Qual(rtname.Path, rtname.ExportTop(name))
}

// rtm is the name of a field or method of one of the runtime's types.
func (g *general) rtm(name string) string {
	if !g.imported {
		return name
	}
	return rtname.Export(name)
}

// typeSet is the union of the runtime's typeSet constants bits (0 for
// none).
func (g *general) typeSet(bits []string) jen.Code {
	if len(bits) == 0 {
		return jen.Op("0")
	}
	if !g.imported {
		return jen.Op(strings.Join(bits, "|"))
	}
	set := g.rt(bits[0])
	for _, b := range bits[1:] {
		set = set.Op("|").Add(g.rt(b))
	}
	return set
}

// readerFunc begins the declaration of the function name reading a value
// v with the runtime's reader r; its result type comes next.
func (g *general) readerFunc(name string) *jen.Statement {
	return g.runtimeFunc(jen.Id("r").Op("*").Add(g.rt("reader")), name, jen.Id("v").Op("*").Add(g.rt("value")))
}

// encoderFunc begins the declaration of the function name writing param
// with the runtime's encoder e.
func (g *general) encoderFunc(name string, param jen.Code) *jen.Statement {
	return g.runtimeFunc(jen.Id("e").Op("*").Add(g.rt("encoder")), name, param)
}

// runtimeFunc begins the declaration of a function name of recv, one of
// the runtime's types, and param: a method of recv in a package that
// carries the runtime, else (the type being another package's) a function
// taking recv first.
func (g *general) runtimeFunc(recv jen.Code, name string, param jen.Code) *jen.Statement {
	if !g.imported {
		return jen.Func().Params(recv).Id(name).Params(param)
	}
	return jen.Func().Id(name).Params(recv, param)
}

// runtimeCall calls the function name that runtimeFunc declares, of the
// variable recv and arg.
func (g *general) runtimeCall(recv, name string, arg jen.Code) *jen.Statement {
	if !g.imported {
		return jen.Id(recv).Dot(name).Call(arg)
	}
	return jen.Id(name).Call(jen.Id(recv), arg)
}

// importedRuntime declares, in a package that imports the runtime, its
// version check and the names of the runtime that a package carrying its
// copy exports (Error, MaxDepth, Map, Member, Null), as aliases: the
// package's API is the same with either runtime.
func (g *general) importedRuntime(f *jen.File) {
	v := jen.Lit(rtname.Version)
	f.Add(doc(fmt.Sprintf("The package needs version %d of the runtime %s: against one too old or too new for it, it does not compile.", rtname.Version, rtname.Path)))
	f.Const().Defs(
		jen.Id("_").Op("=").Qual(rtname.Path, "EnforceVersion").Call(jen.Add(v).Op("-").Qual(rtname.Path, "MinVersion")),
		jen.Id("_").Op("=").Qual(rtname.Path, "EnforceVersion").Call(jen.Qual(rtname.Path, "MaxVersion").Op("-").Add(v)),
	)
	f.Line()
	f.Add(doc("Error is what Unmarshal, Validate and Marshal return: where the problem is, as an RFC 6901 JSON pointer into the document, and what it is."))
	f.Type().Id("Error").Op("=").Qual(rtname.Path, "Error")
	f.Line()
	f.Add(doc("MaxDepth is the deepest nesting of arrays and objects that Unmarshal, Validate and Marshal accept; the top-level value is at depth 1."))
	f.Const().Id("MaxDepth").Op("=").Qual(rtname.Path, "MaxDepth")
	f.Line()
	f.Add(doc("Map is an object whose members all have one type, in the order they were read or set."))
	f.Type().Id("Map").Types(jen.Id("V").Any()).Op("=").Qual(rtname.Path, "Map").Types(jen.Id("V"))
	f.Line()
	f.Add(doc("Member is a member of an object that the schema does not declare, as exact JSON."))
	f.Type().Id("Member").Op("=").Qual(rtname.Path, "Member")
	f.Line()
	f.Add(doc("Null is the JSON value null."))
	f.Type().Id("Null").Op("=").Qual(rtname.Path, "Null")
	f.Line()
}
