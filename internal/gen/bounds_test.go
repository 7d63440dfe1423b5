package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen/golang"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/typescript"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// Generation is bounded on any input: pathological schemas of n parts
// generate Go and TypeScript with work roughly linear in n, or fail with a
// clear error. TestGenerationBounds counts allocations, which do not depend
// on the machine's load; BenchmarkGenerationBounds reports the time and
// memory per schema byte.

// pathological are schema sets made to stress the generator, each of size n.
var pathological = []struct {
	name string
	// files writes the schema set of size n into dir and returns the root
	// file and the --ref-map it needs ("" for none).
	files func(dir string, n int) (root, refMap string)
}{
	{"definitions", func(dir string, n int) (string, string) {
		// n definitions, each referring to the next.
		var defs []string
		for i := range n {
			defs = append(defs, fmt.Sprintf(`"d%d": {"type": "object", "properties": {"name": {"type": "string"}, "size": {"type": "integer", "minimum": 0}, "next": {"$ref": "#/$defs/d%d"}}}`, i, (i+1)%n))
		}
		return writeSchema(dir, "root.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"first": {"$ref": "#/$defs/d0"}}, "$defs": {`+strings.Join(defs, ",")+`}}`), ""
	}},
	{"wide anyOf of refs", func(dir string, n int) (string, string) {
		var refs, defs []string
		for i := range n {
			refs = append(refs, fmt.Sprintf(`{"$ref": "#/$defs/m%d"}`, i))
			defs = append(defs, fmt.Sprintf(`"m%d": {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "k%d"}, "v": {"type": "number"}}}`, i, i))
		}
		return writeSchema(dir, "root.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "anyOf": [`+strings.Join(refs, ",")+`], "$defs": {`+strings.Join(defs, ",")+`}}`), ""
	}},
	{"dynamicRef chain", func(dir string, n int) (string, string) {
		// n resources, each with a dynamic anchor, a reference to the next
		// and a $dynamicRef that any of them may answer.
		var defs []string
		for i := range n {
			defs = append(defs, fmt.Sprintf(`"r%d": {"$id": "r%d", "$dynamicAnchor": "node", "type": "object", "properties": {"self": {"$dynamicRef": "#node"}, "next": {"$ref": "r%d"}}}`, i, i, (i+1)%n))
		}
		return writeSchema(dir, "root.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/root", "$dynamicAnchor": "node", "type": "object", "properties": {"chain": {"$ref": "r0"}}, "$defs": {`+strings.Join(defs, ",")+`}}`), ""
	}},
	{"self-described meta-schemas", func(dir string, n int) (string, string) {
		// n meta-schemas, each its own $schema, each referring to the next.
		for i := range n {
			writeSchema(dir, fmt.Sprintf("meta%d.json", i), fmt.Sprintf(`{"$schema": "https://meta.example.com/meta%d.json", "$id": "https://meta.example.com/meta%d.json", "type": ["object", "boolean"], "properties": {"title": {"type": "string"}, "items": {"$ref": "#"}, "properties": {"type": "object", "additionalProperties": {"$ref": "#"}}, "next": {"$ref": "meta%d.json"}}}`, i, i, (i+1)%n))
		}
		return writeSchema(dir, "root.json", `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"schema": {"$ref": "https://meta.example.com/meta0.json"}}}`), "https://meta.example.com/=" + dir
	}},
	{"deep nesting", func(dir string, n int) (string, string) {
		s := `{"type": "string"}`
		for i := range n {
			s = fmt.Sprintf(`{"type": "object", "properties": {"p%d": %s}}`, i, s)
		}
		return writeSchema(dir, "root.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"top": `+s+`}}`), ""
	}},
}

func writeSchema(dir, name, content string) string {
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return path
}

// generateSet generates Go and TypeScript from a schema set.
func generateSet(root, refMap string) error {
	opts := model.LoadOptions{}
	if refMap != "" {
		m, err := resolve.ParseMapping(refMap)
		if err != nil {
			return err
		}
		opts.RefMap = []resolve.Mapping{m}
	}
	s, err := model.Load(root, opts)
	if err != nil {
		return err
	}
	if _, err := golang.Generate(s, golang.Options{Package: "p"}); err != nil {
		return err
	}
	_, err = typescript.Generate(s, typescript.Options{})
	return err
}

func setSize(dir string) int64 {
	var size int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			size += info.Size()
		}
	}
	return size
}

func TestGenerationBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("generates schemas of hundreds of parts")
	}
	for _, p := range pathological {
		t.Run(p.name, func(t *testing.T) {
			allocs := map[int]float64{}
			sizes := map[int]int64{}
			for _, n := range []int{100, 400} {
				dir := t.TempDir()
				root, refMap := p.files(dir, n)
				sizes[n] = setSize(dir)
				var err error
				allocs[n] = testing.AllocsPerRun(1, func() { err = generateSet(root, refMap) })
				if err != nil {
					// A limit hit must be a clear error that names where.
					if !strings.Contains(err.Error(), "#") {
						t.Errorf("n=%d: an error that names no pointer: %v", n, err)
					}
					return
				}
			}
			// Four times the schema may cost at most six times the
			// allocations (linear work, with the fixed cost of the
			// runtimes); quadratic work would cost sixteen times.
			ratio := allocs[400] / allocs[100]
			t.Logf("%s: %.0f allocations for %d bytes, %.0f for %d bytes (x%.1f)", p.name, allocs[100], sizes[100], allocs[400], sizes[400], ratio)
			if ratio > 6 {
				t.Errorf("%s: 4x the schema costs %.1fx the allocations; want at most 6x", p.name, ratio)
			}
		})
	}
}

// BenchmarkGenerationBounds reports, for each pathological schema set of
// 2,000 parts (10,000 definitions for "definitions"), the time and memory
// of generating Go and TypeScript per byte of schema.
func BenchmarkGenerationBounds(b *testing.B) {
	for _, p := range pathological {
		n := 2000
		switch p.name {
		case "definitions":
			n = 10000
		case "deep nesting":
			n = 400
		}
		b.Run(p.name, func(b *testing.B) {
			dir := b.TempDir()
			root, refMap := p.files(dir, n)
			size := setSize(dir)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := generateSet(root, refMap); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/schema-byte")
			b.SetBytes(size)
		})
	}
}
