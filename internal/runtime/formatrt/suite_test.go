package formatrt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// suiteDir is the official JSON Schema Test Suite, beside the checkout.
const suiteDir = "../../../../shared/json-schema-test-suite/tests"

var suiteDrafts = []string{"draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"}

// minPassRate is the share of a draft's optional/format tests (those of
// this runtime's formats) each language must pass.
const minPassRate = 0.95

// notOurs is the format checked by another runtime (the ECMA-262 regex
// parser); its tests are counted apart.
const notOurs = "regex"

// suiteCase is one test of an optional/format file of the suite.
type suiteCase struct {
	Draft, File, Description string
	Format                   string // the schema's format
	Data                     any
	Valid                    bool
}

// str returns the instance when it is a string: format constrains strings
// only, so any other instance is valid whatever the format.
func (c suiteCase) str() (string, bool) {
	s, ok := c.Data.(string)
	return s, ok
}

func (c suiteCase) String() string {
	data, _ := json.Marshal(c.Data)
	return fmt.Sprintf("%s/%s: %s %s (%s)", c.Draft, c.File, c.Format, data, c.Description)
}

// loadSuite reads every optional/format test of every draft, skipping t
// when the suite is not there.
func loadSuite(t *testing.T) []suiteCase {
	t.Helper()
	if _, err := os.Stat(suiteDir); err != nil {
		t.Skipf("the JSON Schema Test Suite is not at %s (../shared beside the checkout): %v", suiteDir, err)
	}
	var cases []suiteCase
	for _, draft := range suiteDrafts {
		files, err := filepath.Glob(filepath.Join(suiteDir, draft, "optional", "format", "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no optional/format tests (%v)", draft, err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var groups []struct {
				Description string
				Schema      struct{ Format string }
				Tests       []struct {
					Description string
					Data        any
					Valid       bool
				}
			}
			if err := json.Unmarshal(data, &groups); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for _, g := range groups {
				if g.Schema.Format == "" {
					t.Fatalf("%s: %q: the schema has no format", file, g.Description)
				}
				for _, test := range g.Tests {
					cases = append(cases, suiteCase{
						Draft: draft, File: strings.TrimSuffix(filepath.Base(file), ".json"),
						Description: test.Description, Format: g.Schema.Format,
						Data: test.Data, Valid: test.Valid,
					})
				}
			}
		}
	}
	return cases
}

// goVerdict is what the Go runtime says of c's instance.
func goVerdict(c suiteCase) bool {
	s, ok := c.str()
	if !ok {
		return true
	}
	known, valid := checkFormat(c.Format, s)
	return !known || valid
}

// passTable logs, for one language, the pass counts per draft and per
// format, and the failures; it fails t for a draft under minPassRate.
func passTable(t *testing.T, lang string, cases []suiteCase, verdicts []bool) {
	t.Helper()
	type count struct{ tests, passed, notOurs int }
	byDraft := map[string]*count{}
	byFormat := map[string]map[string]*count{}
	var failures []string
	for i, c := range cases {
		if byFormat[c.Format] == nil {
			byFormat[c.Format] = map[string]*count{}
		}
		d := byDraft[c.Draft]
		if d == nil {
			d = &count{}
			byDraft[c.Draft] = d
		}
		f := byFormat[c.Format][c.Draft]
		if f == nil {
			f = &count{}
			byFormat[c.Format][c.Draft] = f
		}
		if c.Format == notOurs {
			d.notOurs++
			f.notOurs++
			continue
		}
		d.tests++
		f.tests++
		if verdicts[i] == c.Valid {
			d.passed++
			f.passed++
		} else {
			failures = append(failures, fmt.Sprintf("want valid=%v: %v", c.Valid, c))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: optional/format tests passed (%q tests are not this runtime's)\n", lang, notOurs)
	fmt.Fprintf(&b, "%-22s", "format")
	for _, d := range suiteDrafts {
		fmt.Fprintf(&b, " %13s", d)
	}
	b.WriteString("\n")
	formats := make([]string, 0, len(byFormat))
	for f := range byFormat {
		formats = append(formats, f)
	}
	sort.Strings(formats)
	for _, f := range formats {
		fmt.Fprintf(&b, "%-22s", f)
		for _, d := range suiteDrafts {
			switch c := byFormat[f][d]; {
			case c == nil:
				fmt.Fprintf(&b, " %13s", "-")
			case f == notOurs:
				fmt.Fprintf(&b, " %13s", fmt.Sprintf("not ours %d", c.notOurs))
			default:
				fmt.Fprintf(&b, " %13s", fmt.Sprintf("%d/%d", c.passed, c.tests))
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-22s", "total")
	for _, d := range suiteDrafts {
		c := byDraft[d]
		fmt.Fprintf(&b, " %13s", fmt.Sprintf("%d/%d %.1f%%", c.passed, c.tests, 100*float64(c.passed)/float64(c.tests)))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%d failures\n", len(failures))
	for _, f := range failures {
		b.WriteString("  " + f + "\n")
	}
	t.Log(b.String())
	for _, d := range suiteDrafts {
		c := byDraft[d]
		if rate := float64(c.passed) / float64(c.tests); rate < minPassRate {
			t.Errorf("%s %s: %d of %d optional/format tests passed (%.1f%%), want at least %.0f%%",
				lang, d, c.passed, c.tests, 100*rate, 100*minPassRate)
		}
	}
}

// TestSuiteGo runs every optional/format test of the suite through the Go
// functions.
func TestSuiteGo(t *testing.T) {
	cases := loadSuite(t)
	verdicts := make([]bool, len(cases))
	for i, c := range cases {
		verdicts[i] = goVerdict(c)
	}
	passTable(t, "Go", cases, verdicts)
}

// TestSuiteSameRuleEveryDraft checks what lets one function serve every
// draft: no string of the suite is valid for a format in one draft and
// invalid for it in another.
func TestSuiteSameRuleEveryDraft(t *testing.T) {
	cases := loadSuite(t)
	seen := map[[2]string]suiteCase{}
	for _, c := range cases {
		s, ok := c.str()
		if !ok {
			continue
		}
		key := [2]string{c.Format, s}
		if prev, ok := seen[key]; ok && prev.Valid != c.Valid {
			t.Errorf("the drafts disagree: %v and %v", prev, c)
		}
		seen[key] = c
	}
}

// TestCheckFormatNames checks the dispatch: every format of the suite but
// "regex" and "unknown" is known, and an unknown name is not.
func TestCheckFormatNames(t *testing.T) {
	for _, name := range []string{
		"date-time", "date", "time", "duration", "email", "idn-email", "hostname",
		"idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
		"uri-template", "uuid", "json-pointer", "relative-json-pointer",
	} {
		if known, _ := checkFormat(name, "x"); !known {
			t.Errorf("checkFormat(%q) is not known", name)
		}
	}
	for _, name := range []string{"regex", "unknown", "", "Date-Time", "color"} {
		if known, ok := checkFormat(name, "x"); known || ok {
			t.Errorf("checkFormat(%q) = %v, %v; want false, false", name, known, ok)
		}
	}
}
