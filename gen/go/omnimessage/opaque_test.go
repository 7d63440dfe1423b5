package omnimessage

import (
	"strings"
	"testing"
)

// Opaque JSON (a free-form object, a value of any type) is kept as its
// exact text, white space and number forms included, as the package
// documentation says, and written as JSON.stringify writes it.
func TestOpaqueJSONKeptAsWritten(t *testing.T) {
	const fidelity = `{ "b" : [1, 2.50, 1e2], "a":{} }`
	const level = ` "high" `
	const parameters = `{"type" :"object" ,"properties":{ }}`
	meta := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"session_meta","payload":{"session_id":"s","provider":"p","model_id":"m","model_context_window":1,"system_prompt":"","tools":[{"name":"t","description":"d","parameters":` + parameters + `}],"agent_state":"a","workspace":"w","thinking_level":` + level + `}}`
	text := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"hi","fidelity":` + fidelity + `}}`

	m, err := Unmarshal([]byte(meta))
	if err != nil {
		t.Fatal(err)
	}
	p := m.Payload.(*SessionMetaPayload)
	if got := string(p.ThinkingLevel); got != strings.TrimSpace(level) {
		t.Errorf("thinking_level held as %q, want %q", got, strings.TrimSpace(level))
	}
	if got := string(p.Tools[0].Parameters); got != parameters {
		t.Errorf("parameters held as %q, want %q", got, parameters)
	}
	m, err = Unmarshal([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m.Payload.(*TextPayload).Fidelity); got != fidelity {
		t.Errorf("fidelity held as %q, want %q", got, fidelity)
	}
	out, err := Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"fidelity":{"b":[1,2.5,100],"a":{}}`; !strings.Contains(string(out), want) {
		t.Errorf("Marshal wrote %s, want it to hold %s", out, want)
	}
}
