package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/config"
)

func init() { commands = append(commands, newInitCommand) }

func newInitCommand() *cobra.Command {
	var v config.Values
	var force bool
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Write a commented omnigen.yaml in the current directory",
		Long: `Init writes omnigen.yaml, the project file that generate, generate --check,
breaking, validate and docs read, in the current directory. Every key is in
it with a comment saying what it does: those given by flags are set, the
others are commented out with an example value. Edit it, then run omnigen
generate.

Init does not overwrite an existing file unless --force is given.`,
		Example: `  omnigen init --schema schema/my.schema.json --go-out internal/protocol --ts-out web/src/protocol
  omnigen init --go-out gen/go/omnimessage --go-package omnimessage --docs-out docs --against main
  omnigen init    # the canonical schema, every output commented out`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path := config.FileName
			if _, err := os.Stat(path); err == nil && !force {
				return usageError("%s already exists; edit it, or give --force to overwrite it", path)
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return usageError("%v", err)
			}
			if v.GoOut != "" {
				if _, err := goPackageName(v.GoOut, v.GoPackage); err != nil {
					return err
				}
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				return err
			}
			data := config.Template(v)
			// What init writes must read back: a value it cannot quote would
			// fail here rather than at the next command.
			if _, err := config.Parse(data, abs); err != nil {
				return usageError("%v", err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return usageError("%v", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", path)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&v.Schema, "schema", "", "the schema file (default: the embedded canonical schema)")
	f.StringVar(&v.GoOut, "go-out", "", "directory of the generated Go package")
	f.StringVar(&v.GoPackage, "go-package", "", "Go package name (default: the --go-out directory's name)")
	f.StringVar(&v.TSOut, "ts-out", "", "directory of the generated TypeScript module")
	f.StringVar(&v.DocsOut, "docs-out", "", "directory of the generated protocol reference")
	f.StringVar(&v.Against, "against", "", "what omnigen breaking compares with by default, e.g. main")
	f.BoolVar(&force, "force", false, "overwrite an existing omnigen.yaml")
	return cmd
}
