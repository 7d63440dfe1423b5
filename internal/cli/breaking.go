package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/breaking"
	"github.com/omnigen-dev/omnigen/internal/config"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/gen/pipeline"
)

func init() { commands = append(commands, newBreakingCommand) }

func newBreakingCommand() *cobra.Command {
	var against, schemaFlag, format string
	var categories []string
	cmd := &cobra.Command{
		Use:   "breaking [--against OLD] [NEW]",
		Short: "Report the changes between two versions of a schema, and which ones break old data or callers",
		Long: `Compare schema NEW with an older version OLD and list every change: its JSON
pointer (into NEW for additions and changes, into OLD for removals), its rule,
its severity and what it means.

NEW is the argument, else --schema, else the schema of omnigen.yaml (in the
current directory or above), else the embedded canonical schema. OLD is
--against, else breaking.against of omnigen.yaml. Either is:

  a git ref      main, HEAD~1, v1.2.0, origin/main: NEW's file as of that
                 commit ("git show REF:PATH" in NEW's repository), as buf's
                 --against does; NEW must then be a file in a git repository
  .git#K=V       buf's form: .git#branch=main, .git#tag=v1.2.0,
                 .git#ref=HEAD~1 (DIR/.git#... for the repository at DIR)
  REF:PATH       a file as of a commit, PATH from the repository root, or
                 ./PATH from the current directory
  a file         a schema file

A name that is an existing file is the file. A $ref to another file of a
schema read from git resolves in the working tree.

Changes fall in two categories, as buf separates WIRE_JSON from FILE;
--category chooses which to compare (both by default):

  wire  what data is valid. A change is breaking when data valid under OLD may
        be rejected or misread under NEW, or when a definition that other
        schemas $ref disappears; it is compatible when NEW accepts everything
        OLD did. A compatible change that lets new data carry what a strict old
        reader rejects is a widening, e.g. "compatible (enum widening)": upgrade
        readers before writers.
  api   what callers of the generated Go and TypeScript use. A change is
        breaking when code written against the code generated from OLD may not
        compile against the code generated from NEW: a builder removed or
        renamed, a parameter added, removed, reordered or made required, an
        exported type, field or enum value removed or renamed. Its messages
        start with the language ("Go: ", "TypeScript: "). A language that
        cannot render one of the schemas is not compared; a note says so.

--format json prints one JSON document ({"old", "new", "breaking",
"compatible", "changes": [{"pointer", "rule", "severity", "widening",
"message"}]}; an error is {"error": {"message", "file"}}); --format github
prints a GitHub Actions annotation per change, an error for a breaking one
and a notice for a compatible one, at its line of the schema file when the
file is in the working tree.

Rules:
` + rulesPlaceholder + `
Exit codes: 0 no breaking change in the categories compared, 1 breaking
changes found, 2 usage error, unreadable input, a failing git, or a schema
omnigen cannot read.`,
		Example: `  # with an omnigen.yaml: the working tree's schema against a branch
  omnigen breaking --against main
  omnigen breaking --against .git#branch=main --format github
  # what the last commit changed
  omnigen breaking --against HEAD~1 schema/omnimessage.schema.json
  # two files, as JSON
  omnigen breaking --against v1.schema.json v2.schema.json --format json
  # only what breaks readers of data; only what breaks callers of the generated code
  omnigen breaking --category wire --against v1.schema.json v2.schema.json
  omnigen breaking --category api --against v1.schema.json v2.schema.json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, checkFormats); err != nil {
				return err
			}
			cats, err := parseCategories(categories)
			if err != nil {
				return err
			}
			c, err := projectConfig(cmd)
			if err != nil {
				return err
			}
			newArg := schemaFlag
			switch {
			case len(args) == 1:
				newArg = args[0]
			case !cmd.Flags().Changed("schema") && c != nil:
				newArg = display(c.Schema)
			}
			newArg = schemaArg(newArg)
			if against == "" && c != nil {
				against = c.Against
			}
			if against == "" {
				return usageError("--against OLD is required (or breaking.against in %s): a git ref, .git#branch=NAME, REF:PATH or a file", config.FileName)
			}
			newName, newSchema := "the embedded canonical schema", (*model.Schema)(nil)
			if newArg != "" {
				newName = newArg
				newSchema, err = loadSchema(newArg)
			} else {
				newSchema, err = model.BuildFile("")
			}
			if err != nil {
				return err
			}
			oldName, old, err := loadAgainst(against, newArg)
			if err != nil {
				return err
			}
			r := &breaking.Report{Old: oldName, New: newName, Categories: cats}
			r.Changes, r.Notes = breaking.CompareCategories(old, newSchema, cats)
			switch format {
			case "json":
				err = r.WriteJSON(cmd.OutOrStdout())
			case "github":
				writeBreakingAnnotations(cmd.OutOrStdout(), r, newArg, against)
			default:
				err = r.WriteText(cmd.OutOrStdout())
			}
			if err != nil {
				return err
			}
			if r.Breaking() {
				return failed()
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&against, "against", "", "the old schema: a git ref, .git#branch=NAME, REF:PATH or a file (default: breaking.against of omnigen.yaml)")
	cmd.Flags().StringVar(&schemaFlag, "schema", "", "the new schema, when no NEW argument is given (default: omnigen.yaml's, else the embedded canonical schema)")
	cmd.Flags().StringSliceVar(&categories, "category", []string{"wire", "api"}, "the categories to compare: wire (data), api (generated code), or both (comma-separated or repeated)")
	formatFlag(cmd, &format, checkFormats, "")
	reportErrorsAs(cmd, &format)
	// The rules are written into the help when it is shown: the run that
	// does not show it does not spend its start-up on wrapping their text.
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		c.Long = strings.Replace(c.Long, rulesPlaceholder, rulesHelp(), 1)
		c.Root().HelpFunc()(c, args)
	})
	return cmd
}

// rulesPlaceholder stands in breaking's help for the list of its rules.
const rulesPlaceholder = "<rules>\n"

// parseCategories reads --category, in the order reports list them.
func parseCategories(names []string) ([]breaking.Category, error) {
	var cats []breaking.Category
	for _, c := range breaking.Categories {
		for _, n := range names {
			if n == string(c) {
				cats = append(cats, c)
				break
			}
		}
	}
	for _, n := range names {
		known := false
		for _, c := range breaking.Categories {
			known = known || n == string(c)
		}
		if !known {
			return nil, usageError("--category must be wire or api, got %q", n)
		}
	}
	if len(cats) == 0 {
		return nil, usageError("--category needs at least one of wire and api")
	}
	return cats, nil
}

func rulesHelp() string {
	var sb strings.Builder
	for _, r := range breaking.Rules {
		label := string(r.Category) + ", " + string(r.Severity)
		if r.Widening != "" {
			label += " (" + r.Widening + ")"
		}
		fmt.Fprintf(&sb, "  %s: %s\n", r.Rule, label)
		line := "     "
		for _, w := range strings.Fields(r.Meaning) {
			if len(line)+1+len(w) > 79 {
				sb.WriteString(line + "\n")
				line = "     "
			}
			line += " " + w
		}
		sb.WriteString(line + "\n")
	}
	return sb.String()
}

// loadSchema builds the model of a schema file, or of REF:PATH read from git
// when no file has that name.
func loadSchema(arg string) (*model.Schema, error) {
	if _, err := os.Stat(arg); err == nil || !strings.Contains(arg, ":") {
		data, err := os.ReadFile(arg)
		if err != nil {
			return nil, err
		}
		return buildSchema(data, arg, arg)
	}
	ref, path, _ := strings.Cut(arg, ":")
	if ref == "" || path == "" {
		return nil, usageError("%q: want a file or REF:PATH", arg)
	}
	data, err := gitShow(ref, path)
	if err != nil {
		return nil, err
	}
	return buildSchema(data, worktreePath(path), arg)
}

// buildSchema builds the model of data read from path (a file, or one as of
// a git commit), naming it name in errors: one in data is placed there
// (name:line:col: #/pointer), one in a document it references at that
// document, when that is a file here.
func buildSchema(data []byte, path, name string) (*model.Schema, error) {
	s, err := pipeline.LoadData(data, path, model.LoadOptions{AllDefinitions: true})
	var me *model.Error
	if !errors.As(err, &me) {
		return s, err
	}
	if doc, _, _ := strings.Cut(me.Pointer, "#"); doc == "" || doc == path {
		return nil, place(me, name, data)
	}
	if le := located(err, path); le != err {
		return nil, le
	}
	return nil, fmt.Errorf("%s: %w", name, err)
}

// gitShow returns the content of path as of ref.
func gitShow(ref, path string) ([]byte, error) {
	out, err := git(".", "show", ref+":"+path)
	if err != nil {
		return nil, fmt.Errorf("git show %s:%s: %v", ref, path, err)
	}
	return []byte(out), nil
}

// worktreePath is where the file PATH of REF:PATH lies in the working tree,
// against which its relative $refs resolve: from the repository root, or from
// the current directory for ./PATH and ../PATH.
func worktreePath(path string) string {
	if strings.HasPrefix(path, "./") || strings.HasPrefix(path, "../") {
		return path
	}
	top, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return path
	}
	return filepath.Join(strings.TrimSpace(top), filepath.FromSlash(path))
}
