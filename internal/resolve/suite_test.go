package resolve

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// suiteDir is the official JSON Schema Test Suite beside the checkout.
var suiteDir = filepath.Join("..", "..", "..", "shared", "json-schema-test-suite")

// suiteDrafts names the suite's directory of each draft.
var suiteDrafts = map[Draft]string{
	Draft4: "draft4", Draft6: "draft6", Draft7: "draft7", Draft2019: "draft2019-09", Draft2020: "draft2020-12",
}

// suiteGroup is one test group's schema, its file and index.
type suiteGroup struct {
	file   string
	index  int
	schema any
}

func suiteGroups(t *testing.T, d Draft) []suiteGroup {
	t.Helper()
	dir := filepath.Join(suiteDir, "tests", suiteDrafts[d])
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("the JSON Schema Test Suite is not at %s (it sits beside the checkout in CI)", suiteDir)
	}
	var out []suiteGroup
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, g := range v.([]any) {
			out = append(out, suiteGroup{file: filepath.Base(f), index: i, schema: g.(*Object).Values["schema"]})
		}
	}
	return out
}

func suiteOptions(d Draft) Options {
	return Options{DefaultDraft: d, RefMap: []Mapping{{Prefix: "http://localhost:1234/", Dir: filepath.Join(suiteDir, "remotes")}}}
}

// Every reference in every schema of the suite resolves.
func TestSuiteReferencesResolve(t *testing.T) {
	for _, d := range Drafts {
		t.Run(d.String(), func(t *testing.T) {
			for _, g := range suiteGroups(t, d) {
				set := NewSet(suiteOptions(d))
				uri := "http://omnigen.test/" + strings.TrimSuffix(g.file, ".json") + "/" + strconv.Itoa(g.index) + ".json"
				root, err := set.LoadValue(g.schema, uri)
				if err != nil {
					t.Errorf("%s %d: %v", g.file, g.index, err)
					continue
				}
				_ = root
				for _, s := range set.Schemas() {
					o := s.Object()
					if o == nil {
						continue
					}
					for _, kw := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
						if ref, ok := o.Values[kw].(string); ok {
							if _, err := set.Resolve(s, kw, ref); err != nil {
								t.Errorf("%s %d: %v", g.file, g.index, err)
							}
						}
					}
				}
			}
		})
	}
}
