package golang

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
	"github.com/omnigen-dev/omnigen/internal/testutil/suite"
)

// The Go generated for each real-world schema in ../shared/schemas
// compiles cleanly (go vet), accepts every sample the schema accepts and
// writes it back byte for byte as the sample compacted (key order kept),
// and rejects every sample the schema rejects.
func TestRealWorldSchemas(t *testing.T) {
	if ok, why := suite.SchemasAvailable(); !ok {
		t.Skip(why)
	}
	if testing.Short() {
		t.Skip("builds a Go program from every real-world schema")
	}
	schemas, err := suite.RealSchemas()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, content []byte) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module realworld\n\ngo 1.24\n"))
	var imports, table []string
	var generated []suite.RealSchema
	for _, rs := range schemas {
		pkg := "s" + strings.ToLower(strings.ReplaceAll(rs.ID, "_", ""))
		s, err := model.Load(rs.Path, model.LoadOptions{RefMap: []resolve.Mapping{{Prefix: "https://json.schemastore.org/", Dir: filepath.Dir(rs.Path)}}})
		if err == nil {
			var files []gen.File
			files, err = Generate(s, Options{Package: pkg})
			for _, f := range files {
				write(filepath.Join(pkg, f.Path), f.Content)
			}
		}
		if err != nil {
			t.Errorf("%s: %v", rs.ID, err)
			continue
		}
		generated = append(generated, rs)
		imports = append(imports, fmt.Sprintf("\t%q", "realworld/"+pkg))
		table = append(table, fmt.Sprintf("\t%q: func(b []byte) ([]byte, error) {\n\t\tv, err := %s.Unmarshal(b)\n\t\tif err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t\treturn %s.Marshal(v)\n\t},", rs.ID, pkg, pkg))
	}
	write("main.go", []byte(`package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

`+strings.Join(imports, "\n")+`
)

var roundTrip = map[string]func([]byte) ([]byte, error){
`+strings.Join(table, "\n")+`
}

// Each line of input is a schema id and a sample file; each line of output
// the sample written back, or the error, quoted.
func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		id, path, _ := strings.Cut(in.Text(), "\t")
		data, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		out, err := roundTrip[id](data)
		if err != nil {
			fmt.Printf("error\t%q\n", err.Error())
			continue
		}
		fmt.Printf("ok\t%q\n", out)
	}
}
`))
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	build := exec.Command("go", "build", "-o", "roundtrip", ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var input bytes.Buffer
	for _, rs := range generated {
		for _, s := range rs.Samples {
			fmt.Fprintf(&input, "%s\t%s\n", rs.ID, s.Path)
		}
	}
	run := exec.Command(filepath.Join(dir, "roundtrip"))
	run.Stdin = &input
	output, err := run.Output()
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(output))
	sc.Buffer(nil, 1<<26)
	var rows []string
	for _, rs := range generated {
		accepted, equal, rejected, bad := 0, 0, 0, 0
		for _, s := range rs.Samples {
			if !sc.Scan() {
				t.Fatal("the program stopped early")
			}
			status, quoted, _ := strings.Cut(sc.Text(), "\t")
			var text string
			fmt.Sscanf(quoted, "%q", &text)
			data, err := os.ReadFile(s.Path)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := json.Compact(&want, data); err != nil {
				t.Fatal(err)
			}
			switch {
			case status == "ok" && s.Verdict != "0":
				accepted++
				if text == want.String() {
					equal++
				} else {
					bad++
					t.Errorf("%s: written back differently:\n got %s\nwant %s", s.Path, text, want.String())
				}
			case status == "error" && s.Verdict == "0":
				rejected++
			default:
				bad++
				t.Errorf("%s: the schema engine says %q, the generated Go: %s %s", s.Path, s.Verdict, status, text)
			}
		}
		rows = append(rows, fmt.Sprintf("%-38s %3d samples: %3d accepted, %3d written back equal, %3d rejected as the engine does, %d wrong", rs.ID, len(rs.Samples), accepted, equal, rejected, bad))
	}
	t.Logf("generated Go on the real-world schemas:\n%s", strings.Join(rows, "\n"))
}
