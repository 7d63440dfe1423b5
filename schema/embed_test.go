package schema

import (
	"encoding/json"
	"testing"
)

// ID is the $id the canonical schema gives itself.
func TestID(t *testing.T) {
	var doc struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(Canonical, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.ID != ID {
		t.Errorf("the schema's $id is %q, ID is %q", doc.ID, ID)
	}
}
