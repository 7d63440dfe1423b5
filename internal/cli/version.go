package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

func init() { commands = append(commands, newVersionCommand) }

func newVersionCommand() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print omnigen's version",
		Long: `Print the version of the omnigen module this binary was built from, as Go's
build information records it ("(devel)" for a build from a checkout, with the
commit it was built from when Go recorded one, "+dirty" for uncommitted
changes), and the Go version that built it.`,
		Example: `  omnigen version
  omnigen version --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			v := buildVersion()
			switch format {
			case "text":
				fmt.Fprintln(cmd.OutOrStdout(), versionLine(v))
			case "json":
				enc := json.NewEncoder(cmd.OutOrStdout())
				return enc.Encode(v)
			default:
				return checkFormat(format, []string{"text", "json"})
			}
			return nil
		},
	}
	formatFlag(cmd, &format, []string{"text", "json"}, "")
	return cmd
}

// versionLine is what omnigen version and omnigen --version print.
func versionLine(v versionInfo) string {
	rev := ""
	// Go 1.24+ already puts the commit in a VCS-stamped version.
	if v.Revision != "" && !strings.Contains(v.Version, v.Revision) {
		rev = " " + v.Revision
		if v.Modified {
			rev += "+dirty"
		}
	}
	return fmt.Sprintf("omnigen %s%s (%s)", v.Version, rev, v.Go)
}

type versionInfo struct {
	Version string `json:"version"`
	Module  string `json:"module"`
	Go      string `json:"go"`
	// Revision and Modified come from the VCS stamp of a build inside a
	// checkout (go build, not go run or go install of a module version).
	Revision string `json:"revision,omitempty"`
	Modified bool   `json:"modified,omitempty"`
}

func buildVersion() versionInfo {
	v := versionInfo{Version: "(unknown)", Go: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v.Module = bi.Main.Path
		if bi.Main.Version != "" {
			v.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
				if len(v.Revision) > 12 {
					v.Revision = v.Revision[:12]
				}
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	return v
}

// usageError is an error that exits with code 2: a bad call, input that
// cannot be read, or a schema the generator cannot represent.
func usageError(format string, args ...any) error {
	return &exitError{code: ExitUsage, cause: fmt.Errorf(format, args...)}
}
