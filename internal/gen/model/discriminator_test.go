package model

import (
	"encoding/json"
	"testing"

	canonical "github.com/omnigen-dev/omnigen/schema"
)

func TestDiscriminator(t *testing.T) {
	s, err := BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"ModelPayload": "type", "EventPayload": "type", "PartialModelPayload": "type", "OmniPayload": ""} {
		if got := s.Lookup(name).Discriminator; got != want {
			t.Errorf("%s: discriminator %q, want %q", name, got, want)
		}
	}
}

// The order a schema writes its keys in decides no tag, discriminator or
// select: the canonical schema with its keys sorted (as jq -S writes it)
// has the same ones.
func TestKeyOrderDecidesNoTag(t *testing.T) {
	var doc any
	if err := json.Unmarshal(canonical.Canonical, &doc); err != nil {
		t.Fatal(err)
	}
	sorted, err := json.Marshal(doc) // a map: its keys sorted
	if err != nil {
		t.Fatal(err)
	}
	a, err := BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(sorted, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, ta := range a.Types {
		tb := b.Lookup(ta.Name)
		if tb == nil {
			t.Errorf("%s: missing with sorted keys", ta.Name)
			continue
		}
		if ta.Discriminator != tb.Discriminator || (ta.Tag == nil) != (tb.Tag == nil) || ta.Tag != nil && ta.Tag.Name != tb.Tag.Name || (ta.Select == nil) != (tb.Select == nil) {
			t.Errorf("%s: discriminator %q/%q, tag %v/%v, select %v/%v", ta.Name, ta.Discriminator, tb.Discriminator, ta.Tag, tb.Tag, ta.Select != nil, tb.Select != nil)
		}
	}
}

// A leaf in two unions told apart by two properties keeps one tag, the
// first union's, and each union tells its leaves apart by its own
// discriminator (TagIn): A by kind, B by type.
func TestSharedLeafKeepsItsTag(t *testing.T) {
	s, err := Build([]byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$ref":"#/$defs/Root","$defs":{
	"Root":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/$defs/B"}},"additionalProperties":false},
	"A":{"oneOf":[{"$ref":"#/$defs/M"},{"$ref":"#/$defs/L"}]},
	"B":{"oneOf":[{"$ref":"#/$defs/N"},{"$ref":"#/$defs/L"}]},
	"L":{"type":"object","properties":{"kind":{"const":"l"},"type":{"const":"x"}},"required":["kind","type"],"additionalProperties":false},
	"M":{"type":"object","properties":{"kind":{"const":"m"},"type":{"const":"x"}},"required":["kind","type"],"additionalProperties":false},
	"N":{"type":"object","properties":{"type":{"const":"y"}},"required":["type"],"additionalProperties":false}}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "kind", "B": "type"}
	for name, disc := range want {
		u := s.Lookup(name)
		if u == nil || u.Kind != KindUnion || u.Discriminator != disc {
			t.Fatalf("%s: %+v, want a union told apart by %q", name, u, disc)
		}
		seen := map[string]bool{}
		for _, leaf := range u.Leaves() {
			v := u.TagIn(leaf)
			if v == "" || seen[v] {
				t.Errorf("%s: leaf %s has the tag %q, not one of its own", name, leaf.Name, v)
			}
			seen[v] = true
		}
	}
	if l := s.Lookup("L"); l.Tag == nil || l.Tag.Name != "kind" {
		t.Errorf("L is tagged %v, want kind (A's, the first union)", l.Tag)
	}
}
