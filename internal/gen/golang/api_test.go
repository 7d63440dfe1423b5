package golang

import (
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
)

// The Go API of a schema outside the dialect lists what its package
// exports, as the dialect's does: types, constants, fields (the Extra one
// too), union member wrappers, Null wrappers and the package's own names.
func TestGeneralAPI(t *testing.T) {
	s, err := model.LoadData([]byte(`{"title":"Doc","type":"object","required":["id"],"properties":{
		"id":{"type":"string"},"mode":{"enum":["a","b"]},"note":{"type":["string","null"]},
		"size":{"type":["string","integer"]},"level":{"enum":[1,2]},"tags":{"type":"object","additionalProperties":{"type":"string"}}}}`),
		"doc.json", model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Annotated {
		t.Fatal("read in the dialect, not as any schema")
	}
	surface, err := API(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, sym := range surface.Symbols {
		got = append(got, sym.Key+" = "+sym.Name+" "+sym.Type)
	}
	text := strings.Join(got, "\n")
	if strings.Contains(text, "NewDecoder") {
		t.Errorf("the JSON Lines Decoder, which only a package of the dialect has, in\n%s", text)
	}
	for _, want := range []string{
		"type Doc = Doc struct",
		"field Doc.id = Doc.ID string",
		"field Doc.note = Doc.Note *NullString",
		"field Doc.size = Doc.Size Size",
		"field Doc.tags = Doc.Tags *Map[string]",
		"value Mode.a = ModeA \"a\"",
		"value Level.1 = LevelV1 1",
		"extra Doc = Doc.Extra []Member",
		"member Size.SizeString = SizeString string",
		"member Size.SizeInteger = SizeInteger int64",
		"runtime NullString = NullString ",
		"runtime Validate = Validate ",
		"runtime Map = Map ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}
