package golang

import "github.com/omnigen-dev/omnigen/internal/gen/model"

// onePass renders the codec that reads and writes a value in one pass,
// checking as it goes (emit_codec.go, emit_open.go, emit_deferred.go): a
// decodeX and an encodeX method of the runtime's decoder and encoder for
// the types that need them, over the types the general it embeds names and
// declares.
type onePass struct {
	*general
	// fn names the decodeX/encodeX pair of a type that has one: every named
	// type, and anonymous arrays and constrained scalars.
	fn map[*model.Type]string
	// anon lists the anonymous types that have functions, in first-use order.
	anon []*model.Type
	// synth lists the anonymous types that get a Go type of their own (an
	// inline union of scalar types), in first-use order.
	synth []*model.Type
	// tagLists names the constant listing a union's tags, for messages.
	tagLists map[*model.Type]string
	// choose names the function decoding the selected field of an object.
	choose map[*model.Type]string
	// decodes and encodes are the types whose decoder and encoder the
	// root's need.
	decodes, encodes map[*model.Type]bool
	// cyclic are the types that contain themselves.
	cyclic map[*model.Type]bool
	// openNames names the list of property names of each open object
	// (emit_open.go).
	openNames map[*model.Type]string
	// deferred are the types whose codec leaves rules to the program, with
	// the check to run: the general renders that part of the program
	// (emit_deferred.go).
	deferred map[*model.Type]*model.Check
	// nullChecks are the nullable fields whose null is checked with their
	// property's check, which null may break (emit_deferred.go).
	nullChecks map[*model.Field]*model.Check
}

// newOnePass names the functions of the one-pass codec of the types g has
// named, and finds which types it reads and writes.
func newOnePass(g *general) (*onePass, error) {
	c := &onePass{
		general: g,
		fn:      map[*model.Type]string{}, tagLists: map[*model.Type]string{},
		choose: map[*model.Type]string{}, openNames: map[*model.Type]string{},
	}
	for _, step := range []func() error{c.nameOpen, c.checkTypes, c.planDeferred, c.reach} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return c, nil
}
