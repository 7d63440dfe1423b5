package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The canonical schema says, in its own annotations, what the reference
// module does: isCompleteModelMessage is "model_msg and not a partial", the
// guards name their narrowed envelopes, and Go's approval builder is named
// in the schema.
func TestCanonicalAnnotations(t *testing.T) {
	s, err := BuildFile("")
	if err != nil {
		t.Fatal(err)
	}
	var aliases []string
	for _, a := range s.Envelope.Aliases {
		aliases = append(aliases, a.Name+"="+a.Payload.Name)
	}
	if got := strings.Join(aliases, " "); got != "SessionMetaMessage=SessionMetaPayload ModelMessage=ModelPayload EventMessage=EventPayload CompleteModelMessage=CompleteModelPayload PartialModelMessage=PartialModelPayload" {
		t.Errorf("aliases %s", got)
	}
	var complete *MessageGuard
	for _, g := range s.Envelope.Guards {
		if g.Name == "isCompleteModelMessage" {
			complete = g
		}
	}
	if complete == nil || complete.Unless != s.Lookup("PartialModelPayload") || complete.Payload != s.Lookup("CompleteModelPayload") {
		t.Errorf("isCompleteModelMessage: %+v", complete)
	}
	if b := s.Builder("approvalDecision"); b == nil || b.Names["go"] != "ApprovalDecisionMessage" {
		t.Errorf("approvalDecision names: %+v", b)
	}
	if b := s.Builder("requestEnd"); b == nil || len(b.Params) != 3 || b.Params[2].Field.Name != "retry_in_ms" || !b.Params[2].Optional || b.Params[2].Required() {
		t.Errorf("requestEnd: %+v", b)
	}
	if b := s.Builder("goalFinished"); b == nil || b.Kind != "event_msg" || len(b.Params) != 3 || !b.Params[2].Required() {
		t.Errorf("goalFinished: %+v", b)
	}
}

func TestOptionsAndOmitWhen(t *testing.T) {
	s := build(t, `{"$defs":{"A":{"type":"object","properties":{
		"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"integer"}},"required":["a"],"additionalProperties":false,
		"x-omnigen":{"builders":[{"name":"makeA","names":{"go":"NewA","ts":"createA"},
			"params":[{"name":"a","field":"a"}],
			"options":[{"name":"b","field":"b","default":"x","omitWhen":"x"},{"name":"c","field":"c"}]}]}}}}`)
	b := s.Builder("makeA")
	if b.Names["go"] != "NewA" || b.Names["ts"] != "createA" || !b.HasOptions() {
		t.Fatalf("builder %+v", b)
	}
	positional, options := b.Split()
	if len(positional) != 1 || len(options) != 2 || positional[0].InOptions || !options[0].InOptions {
		t.Fatalf("split %v %v", positional, options)
	}
	if string(options[0].OmitWhen) != `"x"` || string(options[0].Default) != `"x"` {
		t.Errorf("b: %+v", options[0])
	}
	// A member of the options object without a default is optional.
	if !options[1].Optional || options[1].Required() || options[1].OmitWhen != nil {
		t.Errorf("c: %+v", options[1])
	}
}

func TestAnnotationErrors(t *testing.T) {
	const env = `"E":{"type":"object","properties":{"k":{"$ref":"#/$defs/K"},"p":{"type":"object","x-omnigen":{"union":"All"}}},"required":["k","p"],"additionalProperties":false,
		"allOf":[{"if":{"properties":{"k":{"const":"x"}},"required":["k"]},"then":{"properties":{"p":{"$ref":"#/$defs/X"}}}},
			{"if":{"properties":{"k":{"const":"y"}},"required":["k"]},"then":{"properties":{"p":{"$ref":"#/$defs/Y"}}}}],
		"x-omnigen":{"envelope":{"timestamp":"k","kind":"k","payload":"p"},%s}},
		"K":{"type":"string","enum":["x","y"]},
		"All":{"oneOf":[{"$ref":"#/$defs/X"},{"$ref":"#/$defs/Y"}]},
		"X":{"oneOf":[{"$ref":"#/$defs/Done"},{"$ref":"#/$defs/Part"}]},
		"Done":{"oneOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/C"}]},
		"Y":{"type":"object","properties":{"t":{"const":"y"}},"required":["t"],"additionalProperties":false},
		"Part":{"oneOf":[{"$ref":"#/$defs/B"},{"$ref":"#/$defs/D"}],"x-omnigen":{"guard":{"name":"isPart"}}},
		"A":{"type":"object","properties":{"t":{"const":"a"}},"required":["t"],"additionalProperties":false},
		"B":{"type":"object","properties":{"t":{"const":"b"}},"required":["t"],"additionalProperties":false},
		"C":{"type":"object","properties":{"t":{"const":"c"}},"required":["t"],"additionalProperties":false},
		"D":{"type":"object","properties":{"t":{"const":"d"}},"required":["t"],"additionalProperties":false}`
	withEnv := func(ann string) string { return `{"$defs":{` + strings.Replace(env, "%s", ann, 1) + `}}` }
	// The well-formed guard and alias build.
	s := build(t, withEnv(`"guards":[{"name":"isDone","kind":"x","payload":"Done","unless":"Part","alias":"DoneE"}],"aliases":[{"name":"PartE","payload":"Part"}]`))
	if g := s.Envelope.Guards[0]; g.Unless != s.Lookup("Part") || len(s.Envelope.Aliases) != 2 || s.Envelope.Aliases[0].Guard != g {
		t.Errorf("guard %+v, aliases %+v", g, s.Envelope.Aliases)
	}
	cases := []struct{ name, schema, pointer string }{
		{"unless without a guard", withEnv(`"guards":[{"name":"isDone","kind":"x","payload":"Part","unless":"Done"}]`), "#/$defs/E/x-omnigen/guards/0/unless"},
		{"unless without payload", withEnv(`"guards":[{"name":"isDone","kind":"x","unless":"Part"}]`), "#/$defs/E/x-omnigen/guards/0/unless"},
		{"unknown guard key", withEnv(`"guards":[{"name":"isDone","kind":"x","not":"Part"}]`), "#/$defs/E/x-omnigen/guards/0/not"},
		{"alias of nothing", withEnv(`"aliases":[{"name":"NoE","payload":"Nope"}]`), "#/$defs/E/x-omnigen/aliases/0/payload"},
		{"alias twice", withEnv(`"guards":[{"name":"isDone","kind":"x","payload":"Done","alias":"DoneE"}],"aliases":[{"name":"DoneE","payload":"Done"}]`), "#/$defs/E/x-omnigen/aliases/0/name"},
		{"alias lower case", withEnv(`"aliases":[{"name":"doneE","payload":"Done"}]`), "#/$defs/E/x-omnigen/aliases/0/name"},
		{"aliases off the envelope", `{"$defs":{"A":{"type":"object","properties":{},"x-omnigen":{"aliases":[]}}}}`, "#/$defs/A/x-omnigen/aliases"},
		{"omitWhen an object", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"object"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"a","field":"a","omitWhen":{}}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/omitWhen"},
		{"options on a payload builder", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"x-omnigen":{"builders":[{"name":"makeA","style":"payload","options":[]}]}}}}`, "#/$defs/A/x-omnigen/builders/0"},
		{"option fills a required property", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"x-omnigen":{"builders":[{"name":"makeA","options":[{"name":"a","field":"a"}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/options/0"},
		{"default of another type", `{"$defs":{"A":{"type":"object","properties":{"n":{"type":"number"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"n","field":"n","default":true}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/default"},
		{"default outside the enum", `{"$defs":{"A":{"type":"object","properties":{"s":{"$ref":"#/$defs/S"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"s","field":"s","default":"shut"}]}]}},"S":{"enum":["open","done"]}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/default"},
		{"default beyond a double", `{"$defs":{"A":{"type":"object","properties":{"n":{"type":"number"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"n","field":"n","default":1e400}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/default"},
		{"omitWhen of another type", `{"$defs":{"A":{"type":"object","properties":{"i":{"type":"integer"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"i","field":"i","omitWhen":"0"}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/omitWhen"},
		// A string enum whose other value is an array: its values are JSON
		// text, which a Go builder could not compare (a schema mutant).
		{"omitWhen on JSON text", `{"$defs":{"A":{"type":"object","properties":{"m":{"enum":["calm",["x"]]}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"m","field":"m","omitWhen":"calm"}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/params/0/omitWhen"},
		{"set of another type", `{"$defs":{"A":{"type":"object","properties":{"b":{"type":"boolean"}},"x-omnigen":{"builders":[{"name":"makeA","params":[],"set":{"b":"yes"}}]}}}}`, "#/$defs/A/x-omnigen/builders/0/set/b"},
		{"param and option share a name", `{"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"x-omnigen":{"builders":[{"name":"makeA","params":[{"name":"a","field":"a"}],"options":[{"name":"a","field":"b"}]}]}}}}`, "#/$defs/A/x-omnigen/builders/0/options/0/name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantErrorAt(t, c.schema, c.pointer) })
	}
}

// An aggregate's phase and key are required properties of the partial:
// both languages' aggregators read them with no case for their absence (an
// optional phase once gave TypeScript that did not compile).
func TestAggregatePhaseAndKeyRequired(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "gen", "go-protocol", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	const required = `"required": ["t", "phase", "speaker", "words", "thread"]`
	if !strings.Contains(string(data), required) {
		t.Fatalf("go-protocol's ChunkPayload no longer says %s", required)
	}
	for _, c := range []struct{ optional, required, pointer string }{
		{"phase", `"required": ["t", "speaker", "words", "thread"]`, "#/$defs/ChunkPayload/x-omnigen/aggregate/phase"},
		{"thread", `"required": ["t", "phase", "speaker", "words"]`, "#/$defs/ChunkPayload/x-omnigen/aggregate/key"},
	} {
		schema := strings.Replace(string(data), required, c.required, 1)
		t.Run(c.optional, func(t *testing.T) { wantErrorAt(t, schema, c.pointer) })
	}
}

// A guard whose payload and unless overlap in two leaves is refused naming
// the first of them, every time: the error once named whichever a map
// gave first.
func TestGuardUnlessOverlapNamesTheFirstLeaf(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "gen", "go-errors", "guard-unless-overlap.json"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "#/$defs/E/x-omnigen/guards/0/unless: Done and All must split All between them; A is in 2 of them"
	for range 20 {
		if _, err := Build(data, ""); err == nil || err.Error() != want {
			t.Fatalf("got %v, want %s", err, want)
		}
	}
}
