package cli

import (
	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/schema"
)

func init() { commands = append(commands, newSchemaCommand) }

func newSchemaCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the embedded canonical OmniMessage schema",
		Long: `Print the canonical OmniMessage JSON Schema (draft 2020-12) that this binary
embeds, byte for byte as committed in schema/omnimessage.schema.json. Its
x-omnigen annotations are described in schema/README.md.`,
		Example: `  omnigen schema > omnimessage.schema.json
  omnigen schema | jq '.["$defs"] | keys'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := cmd.OutOrStdout().Write(schema.Canonical)
			return err
		},
	}
}
