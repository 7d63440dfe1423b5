// Command omnigen generates Go and TypeScript code from the OmniMessage JSON
// Schema, validates JSONL files against it, and checks that nothing has
// drifted from it.
package main

import (
	"os"

	"github.com/omnigen-dev/omnigen/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
