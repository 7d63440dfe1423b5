package golang

import "github.com/dave/jennifer/jen"

// treeFuncs decides which functions of the value-tree codec codec.go
// carries (readers, writers, the trials of union members): those that other
// code of the package calls, directly or through one another. A type the
// one-pass codec reads and writes has none, unless something still reads
// or writes it as a tree (a bridged type, a nullable's element in its json
// methods, a package that imports the runtime), so that a package does not
// carry a second, dead codec.
//
// Each function is rendered where it stands in the file, its calls
// recorded as it is, and placed there once every call is known.
type treeFuncs struct {
	// in is the function being rendered, "" for any other code.
	in string
	// calls are the functions each function calls, and "" those that
	// other code calls.
	calls map[string][]string
	// pending are the functions rendered, each with its place in the file.
	pending []pendingFunc
}

type pendingFunc struct {
	name     string
	at, code *jen.Statement
}

func newTreeFuncs() *treeFuncs {
	return &treeFuncs{calls: map[string][]string{}}
}

// call records that the code being rendered calls function name, and
// returns name.
func (r *treeFuncs) call(name string) string {
	if r != nil { // (nil: not rendering codec.go)
		r.calls[r.in] = append(r.calls[r.in], name)
	}
	return name
}

// render renders function name (with fn) and keeps a place for it in f.
func (r *treeFuncs) render(f *jen.File, name string, fn func(*jen.Group)) {
	outer := r.in
	r.in = name
	code := jen.CustomFunc(jen.Options{Multi: true}, fn)
	r.in = outer
	at := &jen.Statement{}
	f.Add(at)
	r.pending = append(r.pending, pendingFunc{name, at, code})
}

// place puts in its place every function that other code calls, directly
// or through other functions; the others in rest, unless it is nil.
func (r *treeFuncs) place(rest *jen.File) {
	live := map[string]bool{}
	var visit func(string)
	visit = func(from string) {
		for _, name := range r.calls[from] {
			if !live[name] {
				live[name] = true
				visit(name)
			}
		}
	}
	visit("")
	for _, p := range r.pending {
		if live[p.name] {
			*p.at = append(*p.at, p.code)
		} else if rest != nil {
			rest.Add(p.code)
		}
	}
}
