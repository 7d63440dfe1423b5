package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// omnigen validate --schema gives every instance of the official suite its
// verdict, as the code generated from the same schema does (both run the
// schema's check program): each group's schema is a file, its instances a
// JSON Lines file.
func TestValidateSchemaOnTheSuite(t *testing.T) {
	if ok, why := suite.Available(); !ok {
		t.Skip(why)
	}
	dir := t.TempDir()
	for _, d := range resolve.Drafts {
		groups, err := suite.Groups(d, "*.json")
		if err != nil {
			t.Fatal(err)
		}
		pass, total := 0, 0
		for i, g := range groups {
			schema := g.SchemaJSON
			if o, ok := g.Schema.(*resolve.Object); ok && !o.Has("$schema") && len(o.Keys) > 0 {
				schema = append([]byte(fmt.Sprintf("{%q:%q,", "$schema", suite.MetaSchemas[d])), bytes.TrimPrefix(bytes.TrimSpace(schema), []byte("{"))...)
			}
			schemaFile := filepath.Join(dir, fmt.Sprintf("%s-%d.json", suite.DraftDirs[d], i))
			var lines bytes.Buffer
			for _, tc := range g.Tests {
				if err := json.Compact(&lines, tc.Data); err != nil {
					t.Fatal(err)
				}
				lines.WriteByte('\n')
			}
			linesFile := filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", suite.DraftDirs[d], i))
			if err := os.WriteFile(schemaFile, schema, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(linesFile, lines.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"validate", "--quiet", "--format", "json", "--schema", schemaFile, linesFile}
			if _, isBool := g.Schema.(bool); isBool {
				args = append(args, "--draft", suite.DraftDirs[d])
			}
			args = append(args, "--ref-map", suite.Remotes().Prefix+"="+suite.Remotes().Dir)
			code, stdout, stderr := run(t, "", args...)
			if code == ExitUsage {
				t.Errorf("%s: %s", g.ID(), stderr)
				continue
			}
			invalid := map[int]bool{}
			for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
				var f struct {
					Line int `json:"line"`
				}
				if line != "" {
					if err := json.Unmarshal([]byte(line), &f); err != nil {
						t.Fatalf("%s: %q: %v", g.ID(), line, err)
					}
					invalid[f.Line] = true
				}
			}
			for j, tc := range g.Tests {
				total++
				if invalid[j+1] != tc.Valid {
					pass++
				} else {
					t.Errorf("%s %q: want valid %v (%s)", g.ID(), tc.Description, tc.Valid, stdout)
				}
			}
		}
		t.Logf("%s: %d/%d", d, pass, total)
	}
}
