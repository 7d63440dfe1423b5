// Package model is omnigen's intermediate representation of a JSON Schema:
// named types, objects and their fields, enums, unions, the check program
// that says exactly what the schema accepts, and the x-omnigen annotations
// (builders, guards, aggregation, helpers). Every emitter renders a *Schema;
// none of them reads JSON Schema itself, and the model knows nothing of any
// particular protocol.
//
// Every schema goes one way: internal/resolve reads its documents, the
// compiler makes the Program of its checks (compile.go, keywords.go), and
// the shaper makes the types of the values it accepts (shapes.go). A
// schema in omnigen's dialect (x-omnigen annotations beyond names, or a
// $ref to the canonical schema) takes the same way, the shaper making the
// dialect's choices of types (shapes_dialect.go), and its annotations are
// attached to the shaped types (annotate.go), refusing, with its pointer,
// one that cannot mean what it says. Otherwise a schema is refused only
// when it is not a valid schema (a keyword of the wrong kind, a pattern
// that is not a regular expression, a $ref that loops without reading the
// value), again with the pointer.
package model

import (
	"encoding/json"
	"slices"
)

// Schema is a whole schema document (plus the documents it $refs), ready to
// render.
type Schema struct {
	// ID is the document's $id ("" when it has none).
	ID string
	// Title and Description are the document's own.
	Title       string
	Description string
	// Root is the type of the document's root schema: the type one JSON
	// document (one JSONL line) holds. A definition's type when the root is
	// a $ref to one.
	Root *Type
	// Types lists every named type. For a schema in the dialect: the root
	// document's $defs in their order, each followed by the types made of
	// its inline schemas, then types of other documents (inDefinitionOrder);
	// for any other, the root first, then in the order the shaper made
	// them.
	Types []*Type
	// Envelope is set when one object type carries an x-omnigen "envelope"
	// annotation.
	Envelope *Envelope
	// Builders lists every builder, in Types order then annotation order.
	Builders []*Builder
	// Aggregates lists every partial type's aggregation rule, in Types order.
	Aggregates []*Aggregate
	// Program holds the checks of the root and of every type (shapes.go),
	// which Root and Types name: what every emitter renders the rules of.
	Program *Program
	// Notes are remarks about the schema worth a line on stderr (an unknown
	// $schema, keywords left as annotations).
	Notes []string
	// Definitions are the pointers of the root document's $defs (and
	// definitions) entries. Outside the dialect Types are only those the
	// root reaches: a definition may be there unused.
	Definitions []string
	// Whole is set on a schema outside the dialect loaded with
	// LoadOptions.AllDefinitions: the same schema with every definition of
	// its root document typed, reached from its root or not. Generated
	// code holds only what the root reaches; a schema that other schemas
	// $ref into is compared whole (omnigen breaking).
	Whole *Schema
	// Annotated says that the schema asks for the dialect (x-omnigen
	// annotations beyond names, or a $ref to the canonical schema): it is
	// compiled with the dialect's rule of integers and choices of types,
	// every definition is typed, and its annotations are attached. AskedBy
	// says what asks, and where (`x-omnigen "builders" at
	// #/$defs/A/x-omnigen`).
	Annotated bool
	AskedBy   string
}

// Lookup returns the named type called name, or nil.
func (s *Schema) Lookup(name string) *Type {
	for _, t := range s.Types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Builder returns the builder called name, or nil.
func (s *Schema) Builder(name string) *Builder {
	for _, b := range s.Builders {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// Kind says what shape a Type has.
type Kind int

const (
	// KindObject is an object with declared properties (a struct).
	KindObject Kind = iota
	// KindEnum is a string with a fixed set of values.
	KindEnum
	// KindUnion is a oneOf of object types told apart by a const property.
	KindUnion
	// KindString, KindInteger, KindNumber and KindBoolean are scalars,
	// possibly with Constraints.
	KindString
	KindInteger
	KindNumber
	KindBoolean
	// KindArray is an array of Items.
	KindArray
	// KindScalarUnion is a value of one of several scalar JSON types, e.g.
	// "type": ["number", "string"]; its exact text is kept.
	KindScalarUnion
	// KindRaw is opaque JSON (a free-form object, or a schema with no type)
	// that passes through byte for byte. RawType says which JSON type it must
	// be ("object"), "" for any.
	KindRaw

	// The kinds below appear only in schemas outside the dialect (see
	// shapes.go).

	// KindMap is an object whose members all have one type, Elem; the
	// document's key order is kept.
	KindMap
	// KindTuple is an array whose first items have types of their own
	// (Tuple, the first MinItems of them always there), then items of type
	// Rest (nil: no more items).
	KindTuple
	// KindNull is the JSON null.
	KindNull
	// KindNullable is a value of type Elem, or null (kept apart from
	// absent).
	KindNullable
	// KindLiteral is one of a fixed set of JSON values (Literals) that are
	// not all strings: numbers, booleans, null, mixed.
	KindLiteral
)

var kindNames = [...]string{"object", "enum", "union", "string", "integer", "number", "boolean", "array", "scalar-union", "raw",
	"map", "tuple", "null", "nullable", "literal"}

func (k Kind) String() string { return kindNames[k] }

// Type is a named type (a $defs entry or a synthesized inline object, enum or
// union) or an anonymous one (a field's inline scalar or array).
type Type struct {
	// Name is the definition's name ("TextPayload"); "" for an anonymous type.
	Name string
	// Qualified, for a type named for where it was met (a property's
	// object, an array's items), is its name qualified by its holder's
	// (ChartMaintainer for Maintainer): what a language whose own names
	// take Name calls it before it numbers it; "" when there is none.
	Qualified string
	// Pointer locates the type's schema ("#/$defs/TextPayload", or
	// "other.json#/$defs/X" for another document).
	Pointer string
	// Synthetic marks a named type made from an inline schema; its name is
	// the holder's name followed by the field's name in PascalCase.
	Synthetic   bool
	Description string
	Deprecated  bool
	Kind        Kind
	// Names holds per-language name overrides from x-omnigen "names"
	// ({"go": "Message"}).
	Names map[string]string

	// Fields of a KindObject, in schema order.
	Fields []*Field
	// Closed is true when additionalProperties is false.
	Closed bool
	// Tag is the const-valued required field that discriminates this object
	// in the unions it belongs to, if any.
	Tag *Field
	// Select is set when the object's allOf of if/then picks the type of one
	// field by the const value of another.
	Select *Select

	// Values of a KindEnum, in schema order.
	Values []string

	// Members of a KindUnion, in oneOf order; a member may itself be a union.
	Members []*Type
	// Discriminator is the property name that tells a union's members apart.
	Discriminator string
	// Unions lists the unions this type is a direct member of.
	Unions []*Type

	// Items of a KindArray.
	Items *Type

	// Scalars of a KindScalarUnion, in schema order: some of "string",
	// "number", "integer" and "boolean" (integer not beside number).
	Scalars []string
	// RawType of a KindRaw: "object", or "" for any JSON value.
	RawType string
	// Kinds, on a KindRaw member of a union by kind, are the JSON kinds it
	// holds ("array", "string", "integer", "number", "boolean", "null"):
	// those the union's other members do not; nil for any.
	Kinds []string

	// Constraints on scalars and arrays.
	Constraints Constraints

	// Guard is a union's x-omnigen "guard": a predicate telling whether a
	// value is one of the union's members.
	Guard *Helper
	// Zero and Sum are an object's x-omnigen "zero" and "sum" helpers (all
	// integer or number fields): the all-zero value and the field-wise sum.
	Zero *Helper
	Sum  *Helper
	// Builders of this type (also listed in Schema.Builders).
	Builders []*Builder
	// Aggregate is this partial type's aggregation rule.
	Aggregate *Aggregate

	// Check is the check of the type's schema location: decoding a union by
	// trial tries its members' checks, and a type decoded on its own is
	// checked by it. A type of the dialect has the check of the location
	// it was built from, when validation from the root reaches it: its
	// decoder checks the rules on one value that it lists (ValueRules).
	Check *Check

	// For the types of a schema outside the dialect:

	// Elem is the type a KindNullable holds, and the value type of a
	// KindMap.
	Elem *Type
	// Additional, on an object that is not Closed, is the type of the
	// members it does not declare; nil keeps them as exact JSON.
	Additional *Type
	// Tuple, MinItems and Rest describe a KindTuple.
	Tuple    []*Type
	MinItems int
	Rest     *Type
	// Literals are a KindLiteral's values, or the one value of a const of
	// another kind (a scalar whose schema is a const).
	Literals []*Literal
	// By says how a union's members are told apart; Exclusive is set for a
	// oneOf (exactly one member matches), not for an anyOf (the first that
	// matches is taken).
	By        UnionBy
	Exclusive bool
	// Trials are the checks a union decoded by trial tries, one per member:
	// those of the member schemas as the union lists them.
	Trials []*Check
	// Defined is set on a type that has a name of its own in the generated
	// code (a definition, an object, an enum, a union…); the others are
	// written in place ([]string, float64).
	Defined bool
}

// UnionBy says how the members of a union are told apart in a document.
type UnionBy int

const (
	// ByTag: each member is an object with its own const value of the
	// Discriminator property.
	ByTag UnionBy = iota
	// ByKind: the members are of different JSON types.
	ByKind
	// ByTrial: the members are tried in order with their checks.
	ByTrial
	// BySelect: the union is the type of a property whose schema a
	// sibling's value picks (the holder's Select); its members are the
	// types of the cases, then Else.
	BySelect
)

// Leaves returns the object types a union ultimately contains, in order;
// for a non-union it returns the type itself.
func (t *Type) Leaves() []*Type {
	if t.Kind != KindUnion {
		return []*Type{t}
	}
	var out []*Type
	for _, m := range t.Members {
		out = append(out, m.Leaves()...)
	}
	return out
}

// Contains reports whether m is t or is a member, at any depth, of union t,
// by t's Members (which every schema's unions have; Unions, the links back,
// only the dialect's).
func (t *Type) Contains(m *Type) bool {
	return m == t || slices.ContainsFunc(t.Members, func(n *Type) bool { return n.Contains(m) })
}

// IsMemberOf reports whether t is u or is contained, at any depth, in union u.
func (t *Type) IsMemberOf(u *Type) bool { return u.Contains(t) }

// Field returns the field with JSON name name, or nil.
func (t *Type) Field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// PropertyCheck is the check of property name in t's check (the one it
// forwards to), nil for none.
func (t *Type) PropertyCheck(name string) *Check {
	ch := t.Check
	if ch == nil {
		return nil
	}
	if to := ch.Forward(); to != nil {
		ch = to
	}
	for _, r := range ch.Rules {
		if pr, ok := r.(*PropertiesRule); ok {
			for _, p := range pr.Props {
				if p.Name == name {
					return p.Check
				}
			}
		}
	}
	return nil
}

// TagValue is the const value of t's Tag field, or "".
func (t *Type) TagValue() string {
	if t.Tag == nil {
		return ""
	}
	return *t.Tag.Const
}

// TagIn is the value that tells leaf apart among the leaves of union u:
// its const of u's Discriminator, else (u has none) its own tag's.
func (u *Type) TagIn(leaf *Type) string {
	if u.Discriminator == "" {
		return leaf.TagValue()
	}
	v, _ := tagValue(leaf, u.Discriminator)
	return v
}

// Constraints are the validation keywords of scalars and arrays that the
// model carries for generated validators.
type Constraints struct {
	Pattern          string
	Format           string
	MinLength        *int
	MaxLength        *int
	Minimum          *json.Number
	Maximum          *json.Number
	ExclusiveMinimum *json.Number
	ExclusiveMaximum *json.Number
	MinItems         *int
	MaxItems         *int
}

// Field is one property of an object.
type Field struct {
	// Name is the JSON property name.
	Name        string
	Description string
	Deprecated  bool
	// Type is the value's type: a named type, or an anonymous scalar or array.
	Type *Type
	// Required is true when the property is in "required".
	Required bool
	// Const is the property's fixed string value, if it has one.
	Const *string
	// Names holds per-language name overrides.
	Names map[string]string
}

// TakesNull reports whether the property takes null: its type is a
// nullable.
func (f *Field) TakesNull() bool {
	return f.Type != nil && f.Type.Kind == KindNullable
}

// ValueType is the type of the property's values other than null.
func (f *Field) ValueType() *Type {
	if f.Type != nil && f.Type.Kind == KindNullable {
		return f.Type.Elem
	}
	return f.Type
}

// Select is an object field whose type is chosen by another field's const
// value (an allOf of if/then).
type Select struct {
	// By is the field whose value chooses, Field the field it types.
	By    *Field
	Field *Field
	Cases []*Case
	// Else is Field's type when By's value is none of the cases' (By is
	// absent, or has a value no branch names); nil when By's type allows
	// no other value.
	Else *Type
	// Vacuous says that an if passes where By is absent (it does not
	// require By): there, its then applies, so that the check may find a
	// problem in Field's value where the decoder, picking no case, finds
	// none.
	Vacuous bool
}

// Case is one branch of a Select.
type Case struct {
	Value string
	Type  *Type
}

// CaseOf returns the case whose type contains t, or nil.
func (s *Select) CaseOf(t *Type) *Case {
	for _, c := range s.Cases {
		if t.IsMemberOf(c.Type) {
			return c
		}
	}
	return nil
}

// Helper is a named generated function with a doc comment.
type Helper struct {
	// Name as the schema writes it, lowerCamelCase ("isPartialPayload").
	Name        string
	Description string
}

// Envelope is the x-omnigen "envelope" annotation: the object that wraps
// every payload, which builders stamp and guards test.
type Envelope struct {
	Type *Type
	// Timestamp is stamped with the current instant by builders.
	Timestamp *Field
	// Kind is the field whose value says which payload family follows; it is
	// the By field of Type.Select.
	Kind *Field
	// Payload holds the payload; its union type is the x-omnigen "union" of
	// the field, and Type.Select says which family each Kind value allows.
	Payload *Field
	// Prepend lists helpers that return a copy with one value put in front of
	// an array field.
	Prepend []*Prepend
	// Guards lists the message predicates.
	Guards []*MessageGuard
	// Aliases lists the named types of envelopes narrowed to one payload
	// type: those the guards name ("alias"), then those of "aliases".
	Aliases []*MessageAlias
}

// Prepend is a helper like withOrigin(msg, sessionId).
type Prepend struct {
	Name        string
	Description string
	Param       string
	Field       *Field
}

// MessageGuard is a predicate on an envelope: its Kind field equals Kind and,
// when Payload is set, its payload is a member of that union; with Unless,
// the payload is instead not a member of Unless (whose own guard decides).
type MessageGuard struct {
	Name        string
	Description string
	Kind        string
	// Payload is the union the guard narrows the payload to; nil narrows it
	// to the family of Kind.
	Payload *Type
	// Unless, when set, is a union with a Guard: the predicate is "the kind
	// is Kind and Unless's guard is false for the payload", written so, as
	// the reference writes isCompleteModelMessage. Payload and Unless then
	// split the family of Kind between them.
	Unless *Type
	// Alias names the envelope narrowed to Payload ("CompleteModelMessage");
	// it is also one of Envelope.Aliases.
	Alias string
}

// MessageAlias is a named type for the envelope whose payload is a Payload
// ("SessionMetaMessage" = OmniMessage<SessionMetaPayload>).
type MessageAlias struct {
	Name        string
	Description string
	Payload     *Type
	// Guard is the guard that narrows to this alias, nil for one of
	// "aliases".
	Guard *MessageGuard
}

// BuilderStyle says how a builder takes its arguments.
type BuilderStyle int

const (
	// Positional builders take their params in order: f(a, b, c).
	Positional BuilderStyle = iota
	// Object builders take one argument with a member per param: f({a, b}).
	Object
	// Whole builders take the complete payload: f(payload).
	Whole
)

// Builder makes an envelope (or, without an envelope, a value) of Target.
type Builder struct {
	// Name as the schema writes it, lowerCamelCase ("assistantText").
	Name string
	// Names holds per-language overrides of the name ({"go":
	// "ApprovalDecisionMessage"}).
	Names       map[string]string
	Description string
	Style       BuilderStyle
	// Target is the object type built.
	Target *Type
	// Kind is the envelope Kind value the message gets ("" without envelope).
	Kind string
	// Params in argument order. A positional builder's params with
	// InOptions set (its x-omnigen "options") come last: they are the
	// members of one trailing options object.
	Params []*Param
	// Set lists fields given a fixed value, in Target field order.
	Set []*Fixed
}

// Param returns the builder's param that fills field, or nil.
func (b *Builder) Param(field string) *Param {
	for _, p := range b.Params {
		if p.Field.Name == field {
			return p
		}
	}
	return nil
}

// Param is one argument of a builder.
type Param struct {
	// Name as the schema writes it, lowerCamelCase ("toolCallId").
	Name string
	// Field is the Target field the argument fills.
	Field *Field
	// Default is the JSON literal used when the argument is not given; nil
	// when it has none.
	Default json.RawMessage
	// Optional params may be left out; without a Default the field is then
	// not written.
	Optional bool
	// OmitEmpty params are not written when absent or empty (an object with
	// no keys, an empty array or string). They are optional.
	OmitEmpty bool
	// OmitWhen is a JSON scalar literal: the property is not written when
	// the param's value (given, or its default) equals it. Nil when none.
	OmitWhen json.RawMessage
	// InOptions marks a member of a positional builder's trailing options
	// object. Such params are optional.
	InOptions bool
	// Pointer locates the param's entry in the annotation.
	Pointer string
}

// Required reports whether a caller must give the param: it has no default
// and is not optional.
func (p *Param) Required() bool { return p.Default == nil && !p.Optional }

// HasOptions reports whether a positional builder ends with an options
// object.
func (b *Builder) HasOptions() bool {
	return len(b.Params) > 0 && b.Params[len(b.Params)-1].InOptions
}

// Split returns b's params before its options object, and those in it.
func (b *Builder) Split() (positional, options []*Param) {
	for _, p := range b.Params {
		if p.InOptions {
			options = append(options, p)
		} else {
			positional = append(positional, p)
		}
	}
	return positional, options
}

// Fixed is a field a builder always writes with a constant value.
type Fixed struct {
	Field *Field
	Value json.RawMessage
	// Pointer locates the value in the annotation.
	Pointer string
}

// Aggregate folds a partial type's fragments into the complete message that
// its Into builder makes.
type Aggregate struct {
	Partial *Type
	Into    *Builder
	// Phase is the partial's start/delta/stop field.
	Phase *Field
	// Key, with the partial's Tag value, identifies one open fragment; nil
	// when there is one fragment per partial type.
	Key *Field
	// Append fields are concatenated over the fragments.
	Append []*Field
	// Override fields take the latest non-empty value (a string or array
	// with at least one element).
	Override []*Field
	// Latest fields take the latest value present (e.g. stop_reason).
	Latest []*Field
}
