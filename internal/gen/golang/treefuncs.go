package golang

import "github.com/dave/jennifer/jen"

// treeFuncs decides which functions of the value-tree codec codec.go
// carries (readers, writers, the trials of union members): those that other
// code of the package calls, directly or through one another. A type the
// one-pass codec reads and writes has none, unless something still reads
// or writes it as a tree (a type the decoder reads as one, the json
// methods of a type it does not read, a package that imports the
// runtime), so that a package does not carry a second, dead codec.
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
func (tf *treeFuncs) call(name string) string {
	if tf != nil { // (nil: not rendering codec.go)
		tf.calls[tf.in] = append(tf.calls[tf.in], name)
	}
	return name
}

// render renders function name (with fn) and keeps a place for it in f.
func (tf *treeFuncs) render(f *jen.File, name string, fn func(*jen.Group)) {
	outer := tf.in
	tf.in = name
	code := jen.CustomFunc(jen.Options{Multi: true}, fn)
	tf.in = outer
	at := &jen.Statement{}
	f.Add(at)
	tf.pending = append(tf.pending, pendingFunc{name, at, code})
}

// place puts in its place every function that other code calls, directly
// or through other functions; the others in rest, unless it is nil.
func (tf *treeFuncs) place(rest *jen.File) {
	live := map[string]bool{}
	var visit func(string)
	visit = func(from string) {
		for _, name := range tf.calls[from] {
			if !live[name] {
				live[name] = true
				visit(name)
			}
		}
	}
	visit("")
	for _, p := range tf.pending {
		if live[p.name] {
			*p.at = append(*p.at, p.code)
		} else if rest != nil {
			rest.Add(p.code)
		}
	}
}
