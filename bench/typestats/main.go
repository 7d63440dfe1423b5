// Command typestats generates Go for every real-world schema of
// ../shared/schemas (or -dir) with the omnigen binary given, and counts what
// a reviewer of the types would: fields typed and fields that are
// json.RawMessage, unions (sealed interfaces), type names ending in Item,
// and lines per package (the package's own and the runtime copied into it).
// -runtime import generates with --go-runtime import: the packages then
// carry no runtime, and their own lines say what that option saves.
//
//	go build -o /tmp/omnigen ./cmd/omnigen
//	go run ./bench/typestats -omnigen /tmp/omnigen
//	go run ./bench/typestats -omnigen /tmp/omnigen -runtime import
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	bin := flag.String("omnigen", "omnigen", "the omnigen binary")
	dir := flag.String("dir", "../shared/schemas", "the real-world schemas (manifest.tsv)")
	verbose := flag.Bool("v", false, "a line per schema")
	runtime := flag.String("runtime", "copy", "--go-runtime: copy or import")
	flag.Parse()
	manifest, err := os.Open(filepath.Join(*dir, "manifest.tsv"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "typestats:", err)
		os.Exit(2)
	}
	defer manifest.Close()
	tmp, err := os.MkdirTemp("", "typestats")
	if err != nil {
		fmt.Fprintln(os.Stderr, "typestats:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(tmp)
	var total, one stats
	schemas, failed := 0, 0
	in := bufio.NewScanner(manifest)
	for in.Scan() {
		cols := strings.Split(in.Text(), "\t")
		if len(cols) < 2 {
			continue
		}
		out := filepath.Join(tmp, cols[0])
		cmd := exec.Command(*bin, "generate", "--schema", filepath.Join(*dir, cols[1]), "--go-out", out, "--go-package", "p",
			"--ref-map", "https://json.schemastore.org/="+filepath.Dir(filepath.Join(*dir, cols[1])), "--go-runtime", *runtime)
		cmd.Env = append(os.Environ(), "OMNIGEN_NOCACHE=1")
		if msg, err := cmd.CombinedOutput(); err != nil {
			failed++
			fmt.Fprintf(os.Stderr, "%s: %v: %s", cols[0], err, msg)
			continue
		}
		one = count(out)
		schemas++
		if *verbose {
			fmt.Printf("%-28s %s\n", cols[0], one)
		}
		total.add(one)
	}
	fmt.Printf("%d schemas generated, %d failed\n%s\n", schemas, failed, total)
}

type stats struct {
	typed, raw, unions, item, own, runtime int
}

func (s *stats) add(o stats) {
	s.typed += o.typed
	s.raw += o.raw
	s.unions += o.unions
	s.item += o.item
	s.own += o.own
	s.runtime += o.runtime
}

func (s stats) String() string {
	return fmt.Sprintf("fields: %d typed, %d json.RawMessage; %d unions; %d names ending in Item; lines: %d of its own, %d of runtime",
		s.typed, s.raw, s.unions, s.item, s.own, s.runtime)
}

// own are the files generated from the schema itself; the others are the
// runtime copied into every package.
var own = map[string]bool{"types.go": true, "codec.go": true, "checks.go": true}

func count(dir string) stats {
	var s stats
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		lines := strings.Count(string(data), "\n")
		if own[filepath.Base(path)] {
			s.own += lines
		} else {
			s.runtime += lines
		}
		if filepath.Base(path) != "types.go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, data, 0)
		if err != nil {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if strings.HasSuffix(ts.Name.Name, "Item") {
				s.item++
			}
			switch t := ts.Type.(type) {
			case *ast.InterfaceType:
				s.unions++
			case *ast.StructType:
				for _, fl := range t.Fields.List {
					if len(fl.Names) == 0 || !fl.Names[0].IsExported() || fl.Names[0].Name == "Extra" {
						continue
					}
					if isRaw(fl.Type) {
						s.raw++
					} else {
						s.typed++
					}
				}
			}
			return true
		})
	}
	return s
}

func isRaw(e ast.Expr) bool {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "RawMessage"
}
