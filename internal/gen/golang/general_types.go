package golang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/internal/wtf8"
)

// The Go types of a schema outside the dialect (model/shapes.go says which
// shapes there are) and how each is named and held.

// typeNames gives every defined type, field, enum constant and union
// member wrapper its Go name.
func (g *general) typeNames() error {
	// The root's name, then the names given, each as it is: one the
	// package's own names, or another given one, take is an error.
	g.exported[g.root] = g.s.Root.Pointer
	for _, t := range g.s.Types {
		name := t.Names["go"]
		ptr := t.Pointer + "/x-omnigen/names/go"
		if t == g.s.Root || name == "" {
			continue
		}
		if err := givenName(name, ptr); err != nil {
			return err
		}
		name = g.exportedName(name)
		if prev := g.exported[name]; prev != "" {
			return errorf(ptr, "the Go name %s is already taken by %s", name, prev)
		}
		g.exported[name], g.names[t] = t.Pointer, name
	}
	for _, t := range g.s.Types {
		switch {
		case t == g.s.Root:
			g.names[t] = g.root
			continue
		case g.names[t] != "":
			continue
		}
		name := exported(t.Name)
		// A name the package's own names take: the one qualified by its
		// holder's, before a number.
		if q := g.exportedName(exported(t.Qualified)); t.Qualified != "" && g.exported[g.exportedName(name)] != "" && g.exported[q] == "" {
			name = exported(t.Qualified)
		}
		g.names[t] = g.claim(g.exportedName(name), t.Pointer)
	}
	for _, t := range g.s.Types {
		switch {
		case t.Select != nil && t.Select.Field == nil:
			g.selects[t] = t.Select // a union its own property picks the member of
		case t.Select != nil:
			g.selects[t.Select.Field.Type] = t.Select
		}
		switch t.Kind {
		case model.KindObject:
			if err := g.nameFields(t); err != nil {
				return err
			}
		case model.KindEnum:
			for i, v := range t.Values {
				g.consts[t] = append(g.consts[t], g.claim(g.names[t]+constSuffix(v), fmt.Sprintf("%s/enum/%d", t.Pointer, i)))
			}
		case model.KindLiteral:
			for i, l := range t.Literals {
				g.consts[t] = append(g.consts[t], g.claim(g.names[t]+constSuffix(string(l.JSON)), fmt.Sprintf("%s/enum/%d", t.Pointer, i)))
			}
		case model.KindUnion:
			for _, m := range t.Members {
				if m.Kind == model.KindUnion && g.implements(m) {
					g.outers[m] = append(g.outers[m], t)
				}
				if g.implements(m) {
					continue
				}
				g.wrappers[wrapKey{t, m}] = g.claim(g.names[t]+kindWord(m), m.Pointer)
			}
		}
	}
	for _, t := range g.s.Types {
		g.checkOf[t] = g.check[t.Check]
	}
	for _, name := range runtimeMethods() {
		g.methods[name] = true
	}
	for _, t := range g.s.Types {
		g.readName(t)
		g.writeName(t)
	}
	g.findSelfHolding()
	g.findRecursive()
	return nil
}

// nameFields names the fields of object t, and its Extra field when it is
// open: a name given must be a Go name no other field has; one made of the
// property's is numbered.
func (g *general) nameFields(t *model.Type) error {
	// Each name taken, with what takes it.
	seen := map[string]string{"MarshalJSON": "a method", "UnmarshalJSON": "a method"}
	for _, f := range t.Fields {
		name := f.Names["go"]
		if name == "" {
			continue
		}
		ptr := t.Pointer + "/properties/" + jsonptr.Escape(f.Name) + "/x-omnigen/names/go"
		if err := givenName(name, ptr); err != nil {
			return err
		}
		if prev, dup := seen[name]; dup {
			return errorf(ptr, "the Go field name %s is already taken by %s", name, prev)
		}
		seen[name], g.fields[f] = wtf8.Quote(f.Name), name
	}
	for _, f := range t.Fields {
		if g.fields[f] != "" {
			continue
		}
		n := freeIdent(exported(f.Name), func(n string) bool { _, dup := seen[n]; return dup })
		seen[n], g.fields[f] = wtf8.Quote(f.Name), n
	}
	if !t.Closed {
		g.extra[t] = extraName(func(n string) bool { _, dup := seen[n]; return dup })
	}
	return nil
}

// export claims an exported top-level name for what is at ptr.
func (g *general) export(name, ptr string) error {
	if !isExportedIdent(name) {
		return errorf(ptr, "%q is not an exported Go name; set x-omnigen names.go", name)
	}
	if prev, taken := g.exported[name]; taken {
		return errorf(ptr, "the Go name %s is already taken by %s; set x-omnigen names.go", name, prev)
	}
	g.exported[name] = ptr
	return nil
}

// claim takes, for what is at ptr, an exported top-level name made of the
// schema's: name ("X" before it where it is not a Go name), numbered where
// another has it.
func (g *general) claim(name, ptr string) string {
	n := freeIdent(name, func(n string) bool { return g.exported[n] != "" })
	g.exported[n] = ptr
	return n
}

// findRecursive finds the defined types that can reach themselves.
func (g *general) findRecursive() {
	g.recursive = map[*model.Type]bool{}
	for _, t := range g.s.Types {
		g.recursive[t] = reaches(contained(t), t, contained)
	}
}

// extraName names the field of an open struct that holds the members the
// schema does not declare: Extra, unless a property's field is called so.
func extraName(taken func(string) bool) string {
	for _, n := range []string{"Extra", "ExtraMembers", "UndeclaredMembers"} {
		if !taken(n) {
			return n
		}
	}
	n := "Extra"
	for i := 2; taken(n); i++ {
		n = "Extra" + strconv.Itoa(i)
	}
	return n
}

// findSelfHolding notes the required fields whose type holds, by value, the
// struct they are a field of: a required field, a nullable's value and a
// tuple's items are held by value; slices, maps, unions and optional
// fields are not.
func (g *general) findSelfHolding() {
	g.selfHolding = map[*model.Field]bool{}
	held := func(t *model.Type) []*model.Type {
		switch t.Kind {
		case model.KindObject:
			var out []*model.Type
			for _, f := range t.Fields {
				if f.Required {
					out = append(out, f.Type)
				}
			}
			return out
		case model.KindNullable:
			return []*model.Type{t.Elem}
		case model.KindTuple:
			return t.Tuple
		}
		return nil
	}
	for _, holder := range g.s.Types {
		if holder.Kind != model.KindObject {
			continue
		}
		for _, f := range holder.Fields {
			if f.Required && reaches([]*model.Type{f.Type}, holder, held) {
				g.selfHolding[f] = true
			}
		}
	}
}

// constSuffix turns an enum value into the end of a constant's name.
func constSuffix(v string) string {
	s := exported(strings.Trim(v, `"`))
	switch {
	case s == "":
		return "Empty"
	case s[0] >= '0' && s[0] <= '9':
		return "V" + s
	case v == "null":
		return "Null"
	}
	return s
}

// kindWord names a union member by what it holds.
func kindWord(t *model.Type) string {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return "String"
	case model.KindInteger:
		return "Integer"
	case model.KindNumber:
		return "Number"
	case model.KindBoolean:
		return "Boolean"
	case model.KindArray, model.KindTuple:
		return "Array"
	case model.KindObject, model.KindMap:
		return "Object"
	case model.KindNull:
		return "Null"
	case model.KindRaw:
		if t.Kinds != nil {
			// The kinds of value the union's other members do not hold.
			return "Other"
		}
	}
	return "Value"
}

// wrapKey is a union member that needs a type of its own to be in it.
type wrapKey struct{ union, member *model.Type }

// implements reports whether a member type can carry the union's marker
// method itself: a defined struct, enum, literal or tuple.
func (g *general) implements(m *model.Type) bool {
	if !m.Defined || m == g.s.Root && m.Kind != model.KindObject {
		return false
	}
	switch m.Kind {
	case model.KindObject, model.KindEnum, model.KindLiteral, model.KindTuple, model.KindUnion:
		return true
	}
	return false
}

// mapType is the Go type of an object whose members are of type elem: a
// Map, which keeps key order, or with Options.Maps native a Go map.
func (g *general) mapType(elem *model.Type) jen.Code {
	if g.native {
		return jen.Map(jen.String()).Add(g.goType(elem))
	}
	return jen.Id("Map").Types(g.goType(elem))
}

// goType is the Go type of a value of t.
func (g *general) goType(t *model.Type) *jen.Statement {
	if name, ok := g.names[t]; ok {
		return jen.Id(name)
	}
	return g.baseType(t)
}

// baseType is the Go type t is made of.
func (g *general) baseType(t *model.Type) *jen.Statement {
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return jen.String()
	case model.KindInteger:
		return jen.Int64()
	case model.KindNumber:
		return jen.Float64()
	case model.KindBoolean:
		return jen.Bool()
	case model.KindNull:
		return jen.Id("Null")
	case model.KindArray:
		return jen.Index().Add(g.goType(t.Items))
	case model.KindMap:
		return jen.Add(g.mapType(t.Elem))
	case model.KindNullable:
		return jen.Id(g.nullName(t.Elem))
	case model.KindLiteral:
		switch literalKind(t) {
		case model.KindInteger:
			return jen.Int64()
		case model.KindNumber:
			return jen.Float64()
		case model.KindBoolean:
			return jen.Bool()
		}
	case model.KindRaw:
		if g.s.Annotated {
			return jen.Index().Byte()
		}
	}
	return jen.Qual("encoding/json", "RawMessage")
}

// literalKind is the Go kind a literal type's values share: integer,
// number or boolean; KindRaw when they are mixed.
func literalKind(t *model.Type) model.Kind {
	k := model.Kind(-1)
	for _, l := range t.Literals {
		var lk model.Kind
		switch v := l.Value.(type) {
		case bool:
			lk = model.KindBoolean
		case interface{ String() string }:
			lk = model.KindNumber
			if _, err := strconv.ParseInt(v.String(), 10, 64); err == nil {
				lk = model.KindInteger
			}
		default:
			return model.KindRaw
		}
		switch {
		case k == -1:
			k = lk
		case k == model.KindInteger && lk == model.KindNumber || k == model.KindNumber && lk == model.KindInteger:
			k = model.KindNumber
		case k != lk:
			return model.KindRaw
		}
	}
	if k == -1 {
		return model.KindRaw
	}
	return k
}

// nullName names the wrapper of a nullable elem: NullString, NullPerson.
func (g *general) nullName(elem *model.Type) string {
	key := g.display(elem)
	if n, ok := g.nulls[key]; ok {
		return n.name
	}
	n := &generalNull{name: g.claim(g.exportedName("Null"+key), "the Null wrapper of "+key), elem: elem}
	g.nulls[key] = n
	g.nullOrder = append(g.nullOrder, n)
	return n.name
}

// generalNull is a Null wrapper to write.
type generalNull struct {
	name string
	elem *model.Type
}

// display names a type for a wrapper's name.
func (g *general) display(t *model.Type) string {
	if name, ok := g.names[t]; ok {
		return name
	}
	switch t.Kind {
	case model.KindString, model.KindEnum:
		return "String"
	case model.KindInteger:
		return "Int64"
	case model.KindNumber:
		return "Float64"
	case model.KindBoolean:
		return "Bool"
	case model.KindArray:
		return g.display(t.Items) + "List"
	case model.KindMap:
		return g.display(t.Elem) + "Map"
	case model.KindNullable:
		return g.display(t.Elem)
	}
	return "JSON"
}

// fieldPresence says how a field tells absent from present. A required
// field that holds its own struct (a history entry and the one before it)
// is a pointer all the same, which nil never is in a value Unmarshal
// returns: a struct cannot hold itself.
func (g *general) fieldPresence(f *model.Field) presence {
	nullable := f.TakesNull()
	switch {
	case f.Required && nullable && !g.selfHolding[f]:
		return nullValue
	case nullable:
		return nullPointer
	case f.Required && !g.selfHolding[f]:
		return always
	case absentAsZero(f.Type), g.native && f.Type.Kind == model.KindMap:
		// A nil Go map is absent; a present one, even empty, is not nil.
		return zeroAbsent
	}
	return nilAbsent
}

// absentAsZero reports whether t's Go zero value is never a value of t.
func absentAsZero(t *model.Type) bool {
	switch t.Kind {
	case model.KindEnum:
		for _, v := range t.Values {
			if v == "" {
				return false
			}
		}
		return true
	case model.KindArray, model.KindRaw, model.KindUnion:
		return true
	case model.KindLiteral:
		return literalKind(t) == model.KindRaw
	}
	return false
}

// fieldType is the Go type of a field. In the dialect, a const property
// that is optional is a bool, whether it is there (one that is required is
// no field), and a nullable property is the Null wrapper of its type.
func (g *general) fieldType(f *model.Field) *jen.Statement {
	t := g.goType(f.Type)
	switch g.fieldPresence(f) {
	case nilAbsent, nullPointer:
		return jen.Op("*").Add(t)
	}
	return t
}

// isField reports whether property f of object t is a field of its
// struct: a required const property is not (Unmarshal checks it, Marshal
// writes it: a field could only hold the one value, or a wrong one), nor
// is one whose value the Go type of another gives (derived).
func (g *general) isField(t *model.Type, f *model.Field) bool {
	return !(isConstant(f) || derived(t, f))
}

// derived reports whether property f of object t is the one that picks
// the type of another (t.Select), in a way that the Go type of the other
// gives its value (model.Select.Problem), and the other is always there:
// a method gives it (selectMethod: Message.Type()), so that the two cannot
// disagree.
func derived(t *model.Type, f *model.Field) bool {
	sel := t.Select
	return sel != nil && sel.Field != nil && f == sel.By && sel.Field.Required && sel.Problem() == ""
}

// isConstant reports whether property f always has one value: required,
// with a const string value (model.Field.Const).
func isConstant(f *model.Field) bool {
	return f.Const != nil && f.Required && !f.TakesNull()
}

// typesFile renders the package documentation and every type.
func (g *general) typesFile() *jen.File {
	f := g.newFile()
	if g.prefix == "" {
		f.PackageComment(docText(g.packageDoc()))
	}
	for _, t := range g.s.Types {
		g.typeDecl(f, t)
	}
	g.nullDecls(f)
	return f
}

// nullDecls renders the Null wrappers the types use.
func (g *general) nullDecls(f *jen.File) {
	for i := 0; i < len(g.nullOrder); i++ {
		n := g.nullOrder[i]
		f.Add(doc(fmt.Sprintf("%s is %s or null: null and absent are told apart.", n.name, withArticle(g.goType(n.elem).GoString()))))
		f.Type().Id(n.name).Struct(
			jen.Comment("Value is the value when Null is false."),
			jen.Id("Value").Add(g.goType(n.elem)),
			jen.Comment("Null is true for a JSON null."),
			jen.Id("Null").Bool(),
		)
		f.Line()
	}
}

func (g *general) packageDoc() string {
	title := g.s.Title
	if title == "" {
		title = g.root
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Package %s is the Go form of the %s schema", g.pkg, title)
	if g.s.ID != "" {
		fmt.Fprintf(&sb, " (%s)", g.s.ID)
	}
	sb.WriteString(", generated by omnigen: edit the schema, not this package.")
	if g.s.Description != "" {
		sb.WriteString("\n\n" + g.s.Description)
	}
	sb.WriteString("\n\n" + `Unmarshal reads one ` + g.root + ` and checks it against the schema exactly, every keyword as the schema's draft defines it; Validate does the same without keeping it; Marshal writes it back, and writes only what Unmarshal accepts. An *Error names the deepest problem by its JSON pointer and keyword. Every type implements json.Marshaler and json.Unmarshaler with the same bytes, checked against its own part of the schema.`)
	if g.streams() {
		sb.WriteString(" " + streamDoc(g.root))
	}
	maps := "an object without properties is a Map, which keeps its key order"
	unions := "anyOf, oneOf and type arrays are sealed interfaces: only their members implement them"
	integers := "integers are int64 (one outside that range is reported by Unmarshal; Validate accepts it, as the schema does) and numbers float64"
	raw := "a value the schema says nothing of the shape of is json.RawMessage, its text as read without the white space between tokens (numbers and escapes as written; Marshal writes them as JSON.stringify does)"
	integerRule := ""
	if g.s.Annotated {
		// The x-omnigen dialect's choices (model/shapes_dialect.go) and
		// its rule of integers (CompileOptions.ExactIntegers).
		maps = "an object without properties is its JSON text ([]byte), as read"
		unions = "anyOf and oneOf are sealed interfaces: only their members implement them; a type array of scalar types is a struct whose Type says which JSON type the value has"
		integers = "integers are int64 and numbers float64; an integral number written 1.0 or 1e2 is the integer 1 or 100, and is written back as JSON.stringify would, 1 or 100"
		raw = "opaque JSON (a free-form object, a value of any type) is []byte, its exact text, written as JSON.stringify writes what the TypeScript parse function reads from it: JavaScript's numbers and escapes, the keys in the order they came in; the same bytes, for text that JSON.stringify wrote"
		integerRule = "\n  - where an integer is required, one outside the int64 range, or one JavaScript writes back as another number (9007199254740993 is read as 9007199254740992; 1152921504606846976 is written 1152921504606847000)."
	}
	if g.native {
		maps = "an object without properties is a Go map; Marshal writes its keys in sorted order, not the order they came in, so a document with such an object comes back with its keys sorted there"
	}
	sb.WriteString("\n\n" + `How JSON maps to Go:
  - an object with properties is a struct: a field per property, absent when nil (a pointer, slice, union or JSON text) or, for an enum, empty; the members the schema does not declare are kept in Extra; the order the members came in is kept, so that Marshal(Unmarshal(b)) is b for any b that JSON.stringify wrote;
  - ` + maps + `;` + g.constantDoc() + `
  - a nullable value is a Null wrapper (NullString holds a string or null), behind a pointer when it is also optional;
  - ` + unions + `;
  - ` + integers + `;
  - ` + raw + `;
  - strings are UTF-8; a lone surrogate escape (\ud800), which JavaScript strings may hold, is kept as its WTF-8 bytes and written back as the same escape;
  - Marshal writes every value as JavaScript's JSON.stringify writes it (numbers in the shortest form of their double, 1.0 as 1; strings escaped as JavaScript escapes them), but for the key order, which is kept: the bytes of the generated TypeScript's stringify.`)
	sb.WriteString("\n\n" + `Unmarshal also rejects what the schema allows but JavaScript would not write back as it was, and the TypeScript parse function generated from the same schema rejects the same (the rules are in json.go):
  - a property given twice (JSON.parse keeps the last, other readers the first);
  - arrays and objects nested more than MaxDepth (1000) levels deep, the document being level 1: JSON.stringify in Node.js runs out of stack a few thousand levels down;
  - a number JavaScript reads as Infinity (1e400), wherever it is: JSON.stringify would write null;` + integerRule + `

It rejects invalid UTF-8 too (in TypeScript a line is a string, decoded before it is parsed).`)
	return sb.String()
}

// constantDoc is the lines of the package doc that say where the
// properties that are no field went (isField), when some object has one.
func (g *general) constantDoc() string {
	var constant, picker string
	for _, t := range g.s.Types {
		if t.Kind != model.KindObject {
			continue
		}
		if constant == "" && slices.ContainsFunc(t.Fields, isConstant) {
			constant = "\n  - a required property with a const value is not a field: Unmarshal checks it, Marshal writes it;"
		}
		if sel := t.Select; picker == "" && sel != nil && derived(t, sel.By) {
			picker = fmt.Sprintf("\n  - a property whose value picks the type of another, one type a value, is not a field either: a method gives it, from the other's Go type (%s.%s());", g.names[t], g.fields[sel.By])
		}
	}
	return constant + picker
}

// typeDecl renders one defined type.
func (g *general) typeDecl(f *jen.File, t *model.Type) {
	name := g.names[t]
	text := t.Description
	if text == "" {
		text = fmt.Sprintf("%s is the value of the schema at %s.", name, t.Pointer)
		if t == g.s.Root {
			text = fmt.Sprintf("%s is a document the schema describes.", name)
		}
	} else {
		text = sentence(name, text, false)
	}
	if t.Deprecated {
		text += "\n\nDeprecated: the schema deprecates it."
	}
	switch t.Kind {
	case model.KindObject:
		f.Add(doc(text))
		var fields []jen.Code
		for _, fl := range t.Fields {
			if !g.isField(t, fl) {
				continue
			}
			fields = append(fields, doc(g.fieldDoc(fl)), jen.Id(g.fields[fl]).Add(g.fieldType(fl)).Tag(propertyTag(g.tags, fl.Name, fl.Required)))
		}
		if !t.Closed {
			if t.Additional != nil {
				fields = append(fields, doc(g.extra[t]+" holds the members the schema does not declare, in document order."), jen.Id(g.extra[t]).Add(g.mapType(t.Additional)).Tag(skipTag(g.tags)))
			} else {
				fields = append(fields, doc(g.extra[t]+" holds the members the schema does not declare, in document order, as exact JSON."), jen.Id(g.extra[t]).Index().Id(g.member).Tag(skipTag(g.tags)))
			}
		}
		fields = append(fields, jen.Comment("keys is the order the members came in, when it is not the order above."), jen.Id("keys").Index().String())
		f.Type().Id(name).Struct(fields...)
		if t.Select != nil && derived(t, t.Select.By) {
			f.Line()
			g.selectMethod(f, t)
		}
	case model.KindEnum:
		f.Add(doc(text))
		f.Type().Id(name).String()
		f.Line()
		var defs []jen.Code
		for i, v := range t.Values {
			defs = append(defs, jen.Id(g.consts[t][i]).Id(name).Op("=").Lit(v))
		}
		f.Comment(fmt.Sprintf("The values of %s.", name))
		f.Const().Defs(defs...)
		f.Line()
		g.validMethod(f, t)
	case model.KindLiteral:
		f.Add(doc(text))
		f.Type().Id(name).Add(g.baseType(t))
		f.Line()
		var defs []jen.Code
		for i, l := range t.Literals {
			if literalKind(t) == model.KindRaw {
				defs = append(defs, jen.Id(g.consts[t][i]).Op("=").Id(name).Call(rawLit(string(l.JSON))))
			} else {
				defs = append(defs, jen.Id(g.consts[t][i]).Id(name).Op("=").Op(string(l.JSON)))
			}
		}
		f.Comment(fmt.Sprintf("The values of %s.", name))
		if literalKind(t) == model.KindRaw {
			f.Var().Defs(defs...)
		} else {
			f.Const().Defs(defs...)
		}
	case model.KindUnion:
		var members []string
		for _, m := range t.Members {
			members = append(members, g.memberName(t, m))
		}
		which := "It is one of " + gen.JoinOr(members, "or") + "."
		switch sel := g.selects[t]; {
		case sel != nil && t.By == model.BySelect:
			which = g.selectDoc(t, sel)
		case t.Discriminator != "":
			which += fmt.Sprintf(" The %s property tells them apart.", t.Discriminator)
		}
		f.Add(doc(text + "\n\n" + which))
		// A union that is a member of others is one of them too: it
		// embeds their interfaces, and its members carry their markers.
		var methods []jen.Code
		for _, outer := range g.outers[t] {
			methods = append(methods, jen.Id(g.names[outer]))
		}
		f.Type().Id(name).Interface(append(methods, jen.Id(g.marker(t)).Params())...)
		f.Line()
		for _, m := range t.Members {
			if w, ok := g.wrappers[wrapKey{t, m}]; ok {
				f.Add(doc(g.wrapperDoc(w, name, m)))
				f.Type().Id(w).Add(g.goType(m))
				f.Line()
			}
		}
		// Its markers, one a line.
		sealed := map[string]bool{}
		for _, m := range t.Members {
			for _, r := range g.receivers(t, m) {
				if !sealed[r.key] {
					sealed[r.key] = true
					f.Func().Params(r.code).Id(g.marker(t)).Params().Block()
				}
			}
		}
	case model.KindTuple:
		f.Add(doc(text))
		var fields []jen.Code
		for i, it := range t.Tuple {
			ft := g.goType(it)
			note := fmt.Sprintf("Item%d is item %d.", i, i)
			if i >= t.MinItems && !absentAsZero(it) {
				ft = jen.Op("*").Add(ft)
				note += " Absent when nil."
			}
			fields = append(fields, doc(note), jen.Id(fmt.Sprintf("Item%d", i)).Add(ft))
		}
		if t.Rest != nil {
			fields = append(fields, doc("Rest holds the items after them."), jen.Id("Rest").Index().Add(g.goType(t.Rest)))
		}
		f.Type().Id(name).Struct(fields...)
	case model.KindScalarUnion:
		f.Add(doc(text + fmt.Sprintf("\n\nType says which JSON type the value has, %s, and the field of that name holds it.", scalarTypes(t))))
		fields := []jen.Code{
			jen.Comment(fmt.Sprintf("Type is the JSON type of the value: %s.", scalarTypes(t))),
			jen.Id("Type").String(),
		}
		for _, s := range t.Scalars {
			fields = append(fields,
				jen.Comment(fmt.Sprintf("%s is the value when Type is %q.", scalarFields[s], s)),
				jen.Id(scalarFields[s]).Add(scalarGoType(s)))
		}
		f.Type().Id(name).Struct(fields...)
	case model.KindMap:
		if g.native {
			f.Add(doc(text + "\n\nMarshal writes its keys in sorted order, not the order they came in."))
			f.Type().Id(name).Add(g.baseType(t))
			break
		}
		f.Add(doc(text + "\n\nIt is a Map: Get, Set, Delete, Keys and All work on it, in key order."))
		f.Type().Id(name).Struct(jen.Add(g.baseType(t)))
	default:
		switch {
		case t.Kind != model.KindRaw || !g.s.Annotated:
		case t.RawType == "object":
			text += "\n\nIt holds the JSON text of an object, kept as given."
		default:
			text += "\n\nIt holds JSON text, kept as given."
		}
		f.Add(doc(text))
		f.Type().Id(name).Add(g.baseType(t))
	}
	f.Line()
}

// fieldDoc is the doc comment of the field of property fl.
func (g *general) fieldDoc(fl *model.Field) string {
	fd := fl.Description
	if fd == "" {
		fd = fmt.Sprintf("%s is the %q property.", g.fields[fl], fl.Name)
	}
	var notes []string
	if _, named := g.names[fl.Type]; g.s.Annotated && fl.Type.Kind == model.KindRaw && !named {
		notes = append(notes, "It holds JSON text.")
	}
	switch {
	case !fl.Required && !strings.Contains(strings.ToLower(fd), "absent"):
		notes = append(notes, "Absent when "+g.absentWord(fl)+".")
	}
	if len(notes) > 0 {
		fd = strings.TrimSpace(fd)
		if !strings.HasSuffix(fd, ".") && !strings.HasSuffix(fd, "!") && !strings.HasSuffix(fd, "?") {
			fd += "."
		}
		fd += " " + strings.Join(notes, " ")
	}
	if fl.Deprecated {
		fd += "\n\nDeprecated: the schema deprecates it."
	}
	return fd
}

// scalarFields are the fields of a scalar union's struct, by JSON type.
var scalarFields = map[string]string{"string": "String", "number": "Number", "integer": "Integer", "boolean": "Boolean"}

// scalarKinds are the kinds of the values of a scalar union's JSON types.
var scalarKinds = map[string]model.Kind{"string": model.KindString, "number": model.KindNumber, "integer": model.KindInteger, "boolean": model.KindBoolean}

// scalarTypes names the JSON types of scalar union t, each quoted:
// "number" or "string".
func scalarTypes(t *model.Type) string {
	quoted := make([]string, len(t.Scalars))
	for i, s := range t.Scalars {
		quoted[i] = strconv.Quote(s)
	}
	return gen.JoinOr(quoted, "or")
}

// badScalarType is what the encoders of scalar union t say of a Type
// that is none of its JSON types, followed by that Type, quoted.
func badScalarType(t *model.Type) string {
	return "Type must be " + scalarTypes(t) + ", got "
}

// scalarGoType is the Go type of a scalar union's field for JSON type s.
func scalarGoType(s string) *jen.Statement {
	switch s {
	case "string":
		return jen.String()
	case "number":
		return jen.Float64()
	case "integer":
		return jen.Int64()
	}
	return jen.Bool()
}

// selectMethod renders the method that gives the selecting property's
// value from the selected one (derived): Message.Type().
func (g *general) selectMethod(f *jen.File, t *model.Type) {
	sel := t.Select
	method := g.fields[sel.By]
	var cases []string
	var body []jen.Code
	for _, c := range sel.Cases {
		member := g.memberName(sel.Field.Type, c.Type)
		cases = append(cases, fmt.Sprintf("%q for %s %s", c.Value, article(g.names[c.Type]), member))
		value := g.consts[sel.By.Type][slices.Index(sel.By.Type.Values, c.Value)]
		body = append(body, jen.Case(jen.Id(member)).Block(jen.Return(jen.Id(value))))
	}
	f.Add(doc(fmt.Sprintf("%s returns the value of the %s property, which %s decides: %s; \"\" when %s is nil.",
		method, sel.By.Name, g.fields[sel.Field], strings.Join(cases, ", "), g.fields[sel.Field])))
	f.Func().Params(jen.Id("v").Id(g.names[t])).Id(method).Params().Id(g.names[sel.By.Type]).Block(
		jen.Switch(jen.Id("v").Dot(g.fields[sel.Field]).Assert(jen.Type())).Block(body...),
		jen.Return(jen.Lit("")),
	)
}

// absentWord says which zero value of a field means absent.
func (g *general) absentWord(f *model.Field) string {
	if g.fieldPresence(f) == zeroAbsent && f.Type.Kind == model.KindEnum {
		return "empty"
	}
	return "nil"
}

// wrapperDoc documents the type that makes member m of union name.
func (g *general) wrapperDoc(w, name string, m *model.Type) string {
	if m.Kind == model.KindRaw && m.Kinds != nil {
		return fmt.Sprintf("%s is a %s that is %s, kept as exact JSON.", w, name, kindList(m.Kinds))
	}
	word := strings.ToLower(kindWord(m))
	return fmt.Sprintf("%s is %s %s member of %s.", w, article(word), word, name)
}

// kindList writes JSON kinds as a phrase: "an array, a string or null".
func kindList(kinds []string) string {
	words := make([]string, len(kinds))
	for i, k := range kinds {
		words[i] = k
		if k != "null" {
			words[i] = article(k) + " " + k
		}
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// selectDoc says which member of union t, the type of sel.Field, the
// value of sel.By picks: `It is *Login when kind is "login", Shape when
// it is "shape", and BodyObject otherwise.`
func (g *general) selectDoc(t *model.Type, sel *model.Select) string {
	var parts []string
	for i, c := range sel.Cases {
		is := "it is"
		if i == 0 {
			is = sel.By.Name + " is"
		}
		parts = append(parts, fmt.Sprintf("%s when %s %s", g.memberName(t, c.Type), is, strconv.Quote(c.Value)))
	}
	if sel.Else != nil {
		parts = append(parts, g.memberName(t, sel.Else)+" otherwise")
	}
	if len(parts) > 1 {
		parts[len(parts)-1] = "and " + parts[len(parts)-1]
	}
	return "It is " + strings.Join(parts, ", ") + "."
}

// receiver is a type that carries a union's marker: its Go code as a
// method's receiver, and its name.
type receiver struct {
	code jen.Code
	key  string
}

// receivers are the types that make m a member of union u: its wrapper,
// m itself, or, for a union, its own members' (which carry u's marker
// as well as m's).
func (g *general) receivers(u, m *model.Type) []receiver {
	name := g.memberName(u, m)
	_, wrapped := g.wrappers[wrapKey{u, m}]
	switch {
	case wrapped:
	case m.Kind == model.KindObject:
		return []receiver{{jen.Op("*").Id(g.names[m]), name}}
	case m.Kind == model.KindUnion:
		var out []receiver
		for _, mm := range m.Members {
			out = append(out, g.receivers(m, mm)...)
		}
		return out
	}
	return []receiver{{jen.Id(name), name}}
}

// marker is the unexported method that seals union t.
func (g *general) marker(t *model.Type) string { return "is" + g.names[t] }

// memberName is how a union member is written in Go.
func (g *general) memberName(u, m *model.Type) string {
	if w, ok := g.wrappers[wrapKey{u, m}]; ok {
		return w
	}
	if m.Kind == model.KindObject {
		return "*" + g.names[m]
	}
	return g.names[m]
}

func (g *general) validMethod(f *jen.File, t *model.Type) {
	name := g.names[t]
	var cases []jen.Code
	for _, c := range g.consts[t] {
		cases = append(cases, jen.Id(c))
	}
	f.Add(doc(fmt.Sprintf("Valid reports whether v is one of the values of %s.", name)))
	f.Func().Params(jen.Id("v").Id(name)).Id("Valid").Params().Bool().Block(
		jen.Switch(jen.Id("v")).Block(jen.Case(cases...).Block(jen.Return(jen.True()))),
		jen.Return(jen.False()),
	)
	f.Line()
}
