package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/omnigen-dev/omnigen/internal/gen/pipeline"
	"github.com/omnigen-dev/omnigen/internal/schema"
	"github.com/omnigen-dev/omnigen/internal/validate"
	canonical "github.com/omnigen-dev/omnigen/schema"
)

func init() { commands = append(commands, newValidateCommand) }

func newValidateCommand() *cobra.Command {
	var (
		schemaPath string
		profile    string
		format     string
		include    []string
		maxErrors  int
		quiet      bool
		schemaOpts schemaOptions
	)
	cmd := &cobra.Command{
		Use:   "validate [FILE|DIR|-]...",
		Short: "Validate JSON Lines messages, Traces and streams against the schema",
		Long: `Validate JSON Lines: every line must be one message valid against the schema
(--schema FILE, else the schema of omnigen.yaml, else the embedded canonical
OmniMessage schema). Input comes from files, from directories (every *.jsonl
and *.jsonl.gz file below them, in sorted order; --include GLOB, repeatable,
names other files by their base name, e.g. '*.ndjson', instead) and from
standard input ("-", or no argument). Gzip input is
recognised by its magic bytes, whatever the file is called. Lines have no
length limit and are checked in parallel on all cores; findings come out in
input order.

Profiles (--profile):
  message  every line is one message valid against the schema (default)
  trace    plus the Trace rules, per file: session_meta on the first line and
           only there; no partial_* payloads; no origin; request_begin and
           request_end paired; every tool_call_output and approval_decision
           answers an earlier tool_call with the same tool_call_id (at most
           one output per call, a decision before the output); a torn last
           line (no final newline, not parseable) is a warning, not an error
           as under the other profiles
  stream   plus the streaming discipline, per file and per origin chain: each
           segment start -> delta* -> stop, keyed by payload type and
           tool_call_id; the complete message right after its stop, its
           text/thinking/arguments/output equal to the concatenated pieces; no
           segment left open at the end; origin never an empty array; a
           session_meta only as the first message of its stream. Which partial
           folds into which message comes from the schema's x-omnigen
           "aggregate" annotations.

Findings go to standard output, one per line:
  text    FILE:LINE: POINTER: message    (POINTER "/" is the whole line;
          "warning: " precedes a warning; "FILE: message" is about a file)
  json    {"file":…,"line":…,"pointer":…,"severity":…,"rule":…,"message":…}
  github  ::error file=…,line=…::POINTER: message   (Actions annotations)
Standard input is named <stdin>. The message speaks of the payload the line
claims to be: a tool_call with a bad role is told that the role of a
tool_call must be "assistant". The profile's rules report nothing more about
a line that the reader or the schema already rejects.
Findings about the end of a file (a request or a segment still open) come
after that file's other findings. --max-errors N prints the first N errors
and counts the rest.

Awkward input: invalid UTF-8, a line that is not JSON, data after the value,
a duplicate key in any object (ambiguous), arrays and objects nested more than
1000 levels deep and a number JavaScript reads as Infinity are errors, as they
are for the generated Go and TypeScript code; a UTF-8 byte-order mark at the
start of a file is an error (the rest of the line is still checked); CRLF line
endings are accepted; a blank line is a warning; an empty file is valid (0
lines, noted); a truncated or corrupt gzip file is an I/O error. A line whose
start already makes it invalid is rejected without being held whole.

Below a directory, an entry that cannot be read is an I/O error of its own and
the other files are still checked: a directory that cannot be listed, a
*.jsonl symbolic link that loops or leads nowhere, a *.jsonl named pipe, socket
or device (not opened: reading it could block). A symbolic link to a directory
is not followed (noted when it is named *.jsonl).

A summary goes to standard error at the end (lines, files, valid, invalid,
warnings, bytes, time, MB/s), and a progress line while a long run reads from
files or a pipe, when standard error is a terminal. --quiet drops both. With
--format json the summary is one JSON object: {"files", "lines", "valid",
"invalid", "warnings", "errors", "bytes", "seconds", "unreadable",
"suppressed"}. An input that cannot be found is reported in the chosen format
too, as an error of rule "io" about the file.

The defaults of --profile and --include come from the validate section of
omnigen.yaml, when it has one.

Exit codes: 0 every line valid (warnings allowed), 1 something invalid,
2 usage error, an input that could not be read, or (with --schema) a line whose
checks would need more memory than the bound allows, reported ("limit") and
not checked.`,
		Example: `  omnigen validate --profile trace traces/
  omnigen validate --profile stream capture.jsonl.gz
  zcat old/*.jsonl.gz | omnigen validate -
  omnigen validate --format github --max-errors 50 testdata/traces/
  omnigen validate --include '*.ndjson' --include '*.ndjson.gz' exports/
  omnigen validate --schema my-extension.schema.json messages.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := projectConfig(cmd)
			if err != nil {
				return err
			}
			flags := cmd.Flags()
			schemaPath = schemaOpts.schema()
			schemaOpts.withConfig(cmd, c)
			if c != nil {
				if !flags.Changed("schema") {
					schemaPath = display(c.Schema)
				}
				if !flags.Changed("profile") && c.Profile != "" {
					profile = c.Profile
					if !contains(validate.Profiles, profile) {
						return usageError("%s: validate.profile must be one of %s, got %q", c.At("validate.profile"), strings.Join(validate.Profiles, ", "), profile)
					}
				}
				if !flags.Changed("include") && c.Include != nil {
					include = c.Include
				}
			}
			for _, glob := range include {
				if _, err := filepath.Match(glob, ""); err != nil {
					return usageError("--include %q: %v", glob, err)
				}
			}
			schemaPath = schemaArg(schemaPath)
			switch {
			case !contains(validate.Profiles, profile):
				return usageError("--profile must be one of %s, got %q", strings.Join(validate.Profiles, ", "), profile)
			case !contains(validate.Formats, format):
				return usageError("--format must be one of %s, got %q", strings.Join(validate.Formats, ", "), format)
			case maxErrors < 0:
				return usageError("--max-errors must be 0 (no limit) or more, got %d", maxErrors)
			}
			stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
			reporter, err := validate.NewReporter(format, stdout)
			if err != nil {
				return usageError("%v", err)
			}
			inputs, err := validate.InputsIncluding(args, include)
			if err != nil {
				// Reported as a finding too, so that a tool reading the
				// findings sees why the run stopped.
				var pe *fs.PathError
				if format != "text" && errors.As(err, &pe) {
					_ = reporter.Report(validate.Finding{File: pe.Path, Severity: validate.Error, Rule: validate.RuleIO, Message: pe.Err.Error()})
					_ = reporter.Flush()
				}
				return usageError("%v", err)
			}
			opts := validate.Options{
				Profile:   validate.Profile(profile),
				MaxErrors: maxErrors,
				Stdin:     cmd.InOrStdin(),
			}
			if schemaPath != "" && !sameAsCanonical(schemaPath) {
				if opts.Schema, opts.Checker, err = schemaChecker(schemaPath, schemaOpts); err != nil {
					return err
				}
			}
			opts.Reporter = reporter
			if !quiet && isTerminal(stderr) {
				opts.Progress = stderr
			}
			sum, err := validate.Run(inputs, opts)
			if err != nil {
				return usageError("%w", err)
			}
			if sum.Suppressed > 0 && format != "json" {
				fmt.Fprintf(stderr, "omnigen validate: %d more findings not shown (--max-errors %d)\n", sum.Suppressed, maxErrors)
			}
			switch {
			case quiet:
			case format == "json":
				writeJSONSummary(stderr, sum)
			default:
				fmt.Fprintf(stderr, "omnigen validate: %s\n", sum)
			}
			switch {
			case sum.IOErrors > 0 || sum.Unchecked > 0:
				return &exitError{code: ExitUsage}
			case sum.Invalid > 0:
				return failed()
			}
			return nil
		},
	}
	f := cmd.Flags()
	schemaOpts.schemaFlag(f, "validate against this schema file instead of the embedded one")
	schemaOpts.flags(f)
	f.Lookup("root-name").Hidden = true
	f.StringVar(&profile, "profile", string(validate.ProfileMessage), "rules on top of the schema: "+strings.Join(validate.Profiles, ", "))
	f.StringVar(&format, "format", "text", "output format: "+strings.Join(validate.Formats, ", "))
	completeValues(cmd, "format", validate.Formats)
	completeValues(cmd, "profile", validate.Profiles)
	f.StringArrayVar(&include, "include", nil, "in directories, read the files whose names match this glob instead of *.jsonl and *.jsonl.gz (repeatable)")
	f.IntVar(&maxErrors, "max-errors", 0, "print at most N errors (0: no limit); the rest are counted, and the exit code is the same")
	f.BoolVarP(&quiet, "quiet", "q", false, "print findings only: no summary, no progress")
	return cmd
}

// sameAsCanonical reports whether the schema file at path is the embedded
// canonical schema byte for byte (this repository's omnigen.yaml names it
// by its file): it is then checked by the code generated from it, which is
// faster than its check program and gives the same findings.
func sameAsCanonical(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && bytes.Equal(data, canonical.Canonical)
}

// writeJSONSummary writes the summary of --format json: one JSON object.
func writeJSONSummary(w io.Writer, s *validate.Summary) {
	out := struct {
		Files      int     `json:"files"`
		Lines      int64   `json:"lines"`
		Valid      int64   `json:"valid"`
		Invalid    int64   `json:"invalid"`
		Warnings   int64   `json:"warnings"`
		Errors     int64   `json:"errors"`
		Bytes      int64   `json:"bytes"`
		Seconds    float64 `json:"seconds"`
		Unreadable int     `json:"unreadable"`
		Suppressed int64   `json:"suppressed"`
	}{s.Files, s.Lines, s.Valid, s.Invalid, s.Warned, s.Errors, s.Bytes, s.Elapsed.Seconds(), s.IOErrors, s.Suppressed}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(out)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// schemaChecker reads --schema: its document (the Trace and stream rules
// read its annotations) and its checker, the schema's check program: the
// rules the code generated from it runs, for a schema in omnigen's dialect
// too (compiled as any schema is, since validate renders no code).
func schemaChecker(path string, o schemaOptions) (*schema.Document, validate.LineChecker, error) {
	doc, err := schema.Load(path)
	if err != nil {
		return nil, nil, usageError("--schema: %v", err)
	}
	lo, err := o.load()
	if err != nil {
		return nil, nil, err
	}
	lo.General = true
	m, err := pipeline.Load(path, lo)
	if err != nil {
		if le := located(err, path); le != err {
			return nil, nil, usageError("--schema: %v", le)
		}
		return nil, nil, usageError("--schema %s: %v", path, err)
	}
	c, err := newProgramChecker(m)
	if err != nil {
		return nil, nil, usageError("--schema %s: %v", path, err)
	}
	return doc, c, nil
}
