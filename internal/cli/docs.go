package cli

import (
	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/gen/docs"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/pipeline"
)

func init() { commands = append(commands, newDocsCommand) }

func newDocsCommand() *cobra.Command {
	var schemaPath string
	cmd := &cobra.Command{
		Use:   "docs",
		Short: "Print the protocol reference that the schema documents, in Markdown",
		Long: `Print the protocol reference generated from the schema: every definition
with its description; every property with its type, whether it is required,
nullable or defaulted by the builders, and its description; the values of
each enum, the members of each union, the constraints of each scalar; and the
builders, guards, helpers and aggregation rules the schema's x-omnigen
annotations declare.

The schema is --schema, else the one of omnigen.yaml, else the embedded
canonical schema. To keep the reference in the repository and under the
drift check, make it an output of generate instead (generate.docs.out in
omnigen.yaml, or --docs-out): omnigen generate writes it, and omnigen
generate --check fails when it is out of date.`,
		Example: `  omnigen docs | less
  omnigen docs --schema my.schema.json > PROTOCOL.md
  omnigen generate --docs-out docs`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("schema") {
				c, err := projectConfig(cmd)
				if err != nil {
					return err
				}
				if c != nil {
					schemaPath = c.Schema
				}
			}
			m, err := pipeline.Load(schemaArg(schemaPath), model.LoadOptions{})
			if err != nil {
				return usageError("schema: %w", located(err, schemaArg(schemaPath)))
			}
			files, err := docs.Generate(m, docs.Options{})
			if err != nil {
				return usageError("docs: %w", located(err, schemaArg(schemaPath)))
			}
			for _, f := range files {
				if _, err := cmd.OutOrStdout().Write(f.Content); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "schema file (default: omnigen.yaml's, else the embedded canonical schema)")
	return cmd
}
