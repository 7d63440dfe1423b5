package shapes

import (
	"errors"
	"strings"
	"testing"
)

const drawing = `{"kind":"group","name":"scene","children":[{"kind":"circle","center":{"x":0,"y":-1.5},"radius":2,"label":"sun"},{"kind":"rect","corner":{"x":1,"y":2},"width":3,"height":4,"rounded":true},{"kind":"group","children":[{"kind":"triangle","points":[{"x":0,"y":0},{"x":1,"y":0},{"x":0,"y":1}]},{"kind":"circle","center":{"x":1e+21,"y":1e-7},"radius":0.5,"label":7}]},{"kind":"circle","center":{"x":0,"y":0},"radius":1,"label":false}]}`

func TestRoundTrip(t *testing.T) {
	s, err := Unmarshal([]byte(drawing))
	if err != nil {
		t.Fatal(err)
	}
	g, ok := s.(*Group)
	if !ok || len(g.Children) != 4 {
		t.Fatalf("decoded %T", s)
	}
	if l := g.Children[0].(*Circle).Label; l == nil || l.Type != "string" || l.String != "sun" {
		t.Errorf("label %+v", l)
	}
	if l := g.Children[3].(*Circle).Label; l.Type != "boolean" || l.Boolean {
		t.Errorf("label %+v", l)
	}
	out, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != drawing {
		t.Errorf("got  %s\nwant %s", out, drawing)
	}
}

func TestGuard(t *testing.T) {
	if !IsPolygon(&Rect{}) || !IsPolygon(&Triangle{}) || IsPolygon(&Circle{}) || IsPolygon(nil) {
		t.Error("IsPolygon")
	}
}

func TestInvalid(t *testing.T) {
	cases := map[string]string{
		`{"kind":"hexagon"}`:                  "/kind",
		`{"center":{"x":0,"y":0},"radius":1}`: "/kind",
		`[]`:                                  "",
		`{"kind":"circle","center":{"x":0,"y":0},"radius":0}`:                         "/radius",
		`{"kind":"circle","center":{"x":0},"radius":1}`:                               "/center/y",
		`{"kind":"circle","center":{"x":0,"y":0},"radius":1,"label":[]}`:              "/label",
		`{"kind":"circle","center":{"x":0,"y":0},"radius":1,"label":1.5}`:             "/label",
		`{"kind":"triangle","points":[{"x":0,"y":0}]}`:                                "/points",
		`{"kind":"group","children":[{"kind":"group","children":[{"kind":"oval"}]}]}`: "/children/0/children/0/kind",
		`{"kind":"group","children":[],"children":[]}`:                                "/children",
		`{"kind":"circle","center":{"x":0,"y":0},"radius":1e999}`:                     "/radius",
	}
	for doc, want := range cases {
		_, err := Unmarshal([]byte(doc))
		var e *Error
		if !errors.As(err, &e) || e.Pointer != want {
			t.Errorf("%s: got %v, want an error at %q", doc, err, want)
		}
	}
}

func TestMarshalRejects(t *testing.T) {
	for _, s := range []Shape{nil, &Circle{Radius: -1}, &Group{Children: []Shape{nil}}, &Circle{Radius: 1, Label: &Label{Type: "object"}}} {
		if _, err := Marshal(s); err == nil {
			t.Errorf("Marshal(%#v) wrote it", s)
		}
	}
}

// A document nested deeper than the limit is refused, not a crash; so is a
// Go value that contains itself.
func TestDepth(t *testing.T) {
	const n = 20000
	doc := strings.Repeat(`{"kind":"group","children":[`, n) + strings.Repeat(`]}`, n)
	if _, err := Unmarshal([]byte(doc)); err == nil || !strings.Contains(err.Error(), "levels deep") {
		t.Errorf("got %v", err)
	}
	g := &Group{}
	g.Children = []Shape{g}
	if _, err := Marshal(g); err == nil || !strings.Contains(err.Error(), "contain itself") {
		t.Errorf("got %v", err)
	}
}
