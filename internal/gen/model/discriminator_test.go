package model

import "testing"

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
