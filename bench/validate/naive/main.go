// Command naive is the baseline of the validate benchmark: the loop anyone
// would write first with santhosh-tekuri/jsonschema/v6. The schema is compiled
// once; each line is decoded to any with jsonschema.UnmarshalJSON and
// validated, one line at a time, on one goroutine.
//
//	naive SCHEMA FILE...
//
// It prints the counts on stderr and exits 1 if a line is invalid.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: naive SCHEMA FILE...")
		os.Exit(2)
	}
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var lines, invalid int
	for _, name := range os.Args[2:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		r := bufio.NewReaderSize(f, 1<<20)
		for n := 1; ; n++ {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				lines++
				v, perr := jsonschema.UnmarshalJSON(bytes.NewReader(line))
				if perr == nil {
					perr = sch.Validate(v)
				}
				if perr != nil {
					invalid++
					if invalid <= 10 {
						fmt.Fprintf(os.Stderr, "%s:%d: %v\n", name, n, perr)
					}
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
		}
		f.Close()
	}
	fmt.Fprintf(os.Stderr, "%d lines, %d invalid\n", lines, invalid)
	if invalid > 0 {
		os.Exit(1)
	}
}
