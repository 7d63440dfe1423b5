// Package cli wires omnigen's cobra command tree: one file per command. It
// parses flags, calls the packages that do the work, prints, and maps errors
// to exit codes; nothing else lives here.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/config"
)

// Exit codes that scripts can rely on.
const (
	ExitOK     = 0 // everything held
	ExitFailed = 1 // the check ran and found a problem (invalid lines, drift, breaking changes)
	ExitUsage  = 2 // bad flags or arguments, unreadable input, or any other error
)

// exitError carries an exit code up to Main; a nil cause means the command
// has already printed what went wrong.
type exitError struct {
	code  int
	cause error
}

func (e *exitError) Error() string {
	if e.cause == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.cause.Error()
}

// failed reports that a check found problems it has already printed.
func failed() error { return &exitError{code: ExitFailed} }

// NewRootCommand builds the omnigen command tree writing to the given streams.
func NewRootCommand(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "omnigen",
		Short: "One JSON Schema, one protocol, Go and TypeScript that agree byte for byte",
		Long: `omnigen treats one JSON Schema (by default the embedded canonical OmniMessage
schema) as the source of truth for a message protocol. It generates Go and
TypeScript packages from it, validates JSON Lines files against it, and checks
that generated code and later schema versions have not drifted from it.

Exit codes: 0 success, 1 a check found problems, 2 usage or I/O error.`,
		Example: `  omnigen validate --profile trace testdata/traces/
  omnigen generate --check --go-out gen/go/omnimessage --ts-out gen/ts
  omnigen schema > omnimessage.schema.json`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.CompletionOptions.HiddenDefaultCmd = false
	root.PersistentFlags().String(configFlag, "", "the project file to read (default: "+config.FileName+" in the current directory or above)")
	root.Version = versionLine(buildVersion())
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetHelpCommand(newHelpCommand())
	for _, add := range commands {
		root.AddCommand(add())
	}
	return root
}

// newHelpCommand is cobra's help command, except that an unknown topic is a
// usage error (exit 2), not a usage text and exit 0.
func newHelpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help prints the help of a command: omnigen help generate is omnigen generate --help.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			if len(args) == 0 {
				for _, sub := range c.Root().Commands() {
					if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
						names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
					}
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || cmd == nil || len(rest) > 0 {
				return usageError("unknown help topic %q; omnigen help lists the commands", strings.Join(args, " "))
			}
			return cmd.Help()
		},
	}
}

// commands lists the constructors of the subcommands; each command's file
// appends its own in an init function.
var commands []func() *cobra.Command

// Main runs omnigen with args and returns the process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := NewRootCommand(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.cause != nil {
			fmt.Fprintf(stderr, "omnigen: %v\n", ee.cause)
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "omnigen: %v\n", err)
	return ExitUsage
}
