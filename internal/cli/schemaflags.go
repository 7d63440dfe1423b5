package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/omnigen-dev/omnigen/internal/config"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// schemaOptions are the flags that say how to read a schema, shared by the
// commands that read one.
type schemaOptions struct {
	refMap        []string
	draft         string
	rootName      string
	assertFormats bool
}

func (o *schemaOptions) flags(f *pflag.FlagSet) {
	f.StringArrayVar(&o.refMap, "ref-map", nil, "resolve references starting with URL_PREFIX to files under DIR (URL_PREFIX=DIR, repeatable); nothing is fetched over the network")
	f.StringVar(&o.draft, "draft", "", "read the schema as this draft whatever its $schema: 4, 6, 7, 2019-09 or 2020-12")
	f.StringVar(&o.rootName, "root-name", "", "name of the root type (default: the schema's title, else its file name)")
	f.BoolVar(&o.assertFormats, "assert-formats", false, "check \"format\" (date-time, email, uri, …) as an assertion, not only an annotation")
}

// withConfig takes what the project file says of reading the schema where
// no flag said otherwise.
func (o *schemaOptions) withConfig(cmd *cobra.Command, c *config.Config) {
	if c == nil {
		return
	}
	f := cmd.Flags()
	if !f.Changed("ref-map") {
		for _, m := range c.RefMap {
			o.refMap = append(o.refMap, m.Prefix+"="+m.Dir)
		}
	}
	if !f.Changed("draft") && c.Draft != "" {
		o.draft = c.Draft
	}
	if !f.Changed("root-name") && c.RootName != "" {
		o.rootName = c.RootName
	}
	if !f.Changed("assert-formats") && c.AssertFormats {
		o.assertFormats = true
	}
}

// load turns the flags into model.LoadOptions; a malformed one is a usage
// error.
func (o *schemaOptions) load() (model.LoadOptions, error) {
	opts := model.LoadOptions{RootName: o.rootName, AssertFormats: o.assertFormats}
	for _, m := range o.refMap {
		mapping, err := resolve.ParseMapping(m)
		if err != nil {
			return opts, usageError("%v", err)
		}
		opts.RefMap = append(opts.RefMap, mapping)
	}
	if o.draft != "" {
		d, err := resolve.ParseDraft(o.draft)
		if err != nil {
			return opts, usageError("--draft: %v", err)
		}
		opts.Draft = d
	}
	return opts, nil
}
