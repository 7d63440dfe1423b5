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

// A constraint beside a property's $ref would be silently ignored; it is an
// error instead.
func TestKeywordBesideRef(t *testing.T) {
	_, err := Build([]byte(`{"$defs":{"A":{"type":"object","properties":{"a":{"$ref":"#/$defs/S","minLength":3,"description":"d"}}},"S":{"type":"string"}}}`), "")
	if e, ok := err.(*Error); !ok || e.Pointer != "#/$defs/A/properties/a/minLength" {
		t.Errorf("minLength beside $ref: %v", err)
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
