package cli

// What the commands share beyond cobra: the project file (omnigen.yaml),
// paths shown relative to the current directory, and the output formats of
// the checking commands, errors included.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/config"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

// configFlag is the root's --config: the project file to read instead of
// the one found from the current directory up.
const configFlag = "config"

// projectConfig loads the project file of cmd's run: --config, else the
// omnigen.yaml of the current directory or above, else nil. A file that
// cannot be read or is malformed is a usage error.
func projectConfig(cmd *cobra.Command) (*config.Config, error) {
	path, _ := cmd.Flags().GetString(configFlag)
	if path == "" {
		found, err := config.Find(".")
		if err != nil {
			return nil, usageError("looking for %s: %v", config.FileName, err)
		}
		if found == "" {
			return nil, nil
		}
		path = found
	}
	c, err := config.Load(path)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return c, nil
}

// schemaArg is how a --schema value or a config file names a schema: the
// canonical $id names the embedded schema (""), anything else is a file.
func schemaArg(s string) string {
	if s == canonical.ID {
		return ""
	}
	return s
}

// display is path as the user reads it: relative to the current directory
// when it is below it or at most three levels up, else as it is.
func display(path string) string {
	if path == "" || !filepath.IsAbs(path) {
		return path
	}
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	up := ".." + string(filepath.Separator)
	if err != nil || strings.HasPrefix(rel, strings.Repeat(up, 4)) {
		return path
	}
	return rel
}

// The output formats of the checking commands (generate --check, breaking,
// validate).
var checkFormats = []string{"text", "json", "github"}

// formatFlag adds --format, with shell completion of its values.
func formatFlag(cmd *cobra.Command, p *string, formats []string, usage string) {
	cmd.Flags().StringVar(p, "format", formats[0], "output format: "+strings.Join(formats, ", ")+usage)
	completeValues(cmd, "format", formats)
}

// completeValues makes the shell complete flag's values from values.
func completeValues(cmd *cobra.Command, flag string, values []string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// checkFormat is a usage error unless format is one of formats.
func checkFormat(format string, formats []string) error {
	for _, f := range formats {
		if f == format {
			return nil
		}
	}
	return usageError("--format must be one of %s, got %q", strings.Join(formats, ", "), format)
}

// reportErrorsAs makes cmd report an error that stops it (a usage error, a
// schema or file it cannot read) on standard output in the chosen format as
// well, so that a tool reading that output sees it: one JSON object
// {"error": {"message", "file"?}} for json, an ::error workflow command for
// github. Standard error gets the text as always.
func reportErrorsAs(cmd *cobra.Command, format *string) {
	run := cmd.RunE
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		err := run(cmd, args)
		var ee *exitError
		if err == nil || errors.As(err, &ee) && ee.cause == nil {
			return err
		}
		writeError(cmd.OutOrStdout(), *format, cmd.CommandPath(), err)
		return err
	}
}

// writeError writes err in format ("text" writes nothing: Main prints it).
func writeError(w io.Writer, format, command string, err error) {
	file := ""
	var pe *fs.PathError
	if errors.As(err, &pe) {
		file = pe.Path
	}
	switch format {
	case "json":
		type jsonError struct {
			Message string `json:"message"`
			File    string `json:"file,omitempty"`
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(struct {
			Error jsonError `json:"error"`
		}{jsonError{err.Error(), file}})
	case "github":
		props := ""
		if file != "" {
			props = "file=" + ghProperty(file) + ","
		}
		fmt.Fprintf(w, "::error %stitle=%s::%s\n", props, ghProperty(command), ghData(err.Error()))
	}
}

// ghAnnotation writes one GitHub Actions workflow command: level (error,
// warning, notice) about file at line (0: the whole file; "" file: the run).
func ghAnnotation(w io.Writer, level, file string, line int, title, message string) {
	var props []string
	if file != "" {
		props = append(props, "file="+ghProperty(file))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
		}
	}
	props = append(props, "title="+ghProperty(title))
	fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghData(message))
}

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
