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
	// formatsSet is set when --assert-formats or the project file said
	// whether formats assert; else each schema's draft decides.
	formatsSet bool
	// schemas are the --schema values: the first is the schema, the others
	// are read beside it (as schemas: in the project file), so that
	// references by $id resolve to them.
	schemas []string
	others  []string
}

// schemaFlag declares --schema, repeatable.
func (o *schemaOptions) schemaFlag(f *pflag.FlagSet, usage string) {
	f.StringArrayVar(&o.schemas, "schema", nil, usage+"; given again, the other files (or directories of them) are read beside it, so that a $ref naming one by its $id resolves to it")
}

// schema is the first --schema value ("" for none); the others go to the
// files read beside it.
func (o *schemaOptions) schema() string {
	if len(o.schemas) == 0 {
		return ""
	}
	o.others = append(o.others, o.schemas[1:]...)
	return o.schemas[0]
}

func (o *schemaOptions) flags(f *pflag.FlagSet) {
	f.StringArrayVar(&o.refMap, "ref-map", nil, "resolve references starting with URL_PREFIX to files under DIR (URL_PREFIX=DIR, repeatable); nothing is fetched over the network")
	f.StringVar(&o.draft, "draft", "", "read the schema as this draft whatever its $schema: 4, 6, 7, 2019-09 or 2020-12")
	f.StringVar(&o.rootName, "root-name", "", "name of the root type (default: the schema's title, else its file name)")
	f.BoolVar(&o.assertFormats, "assert-formats", false, "check \"format\" (date-time, email, uri, …) as an assertion (true) or as an annotation only (false) in every draft; default: by draft, as drafts 4 to 7 expect and 2019-09 and 2020-12 only with the format-assertion vocabulary")
}

// withConfig takes what the project file says of reading the schema where
// no flag said otherwise.
func (o *schemaOptions) withConfig(cmd *cobra.Command, c *config.Config) {
	f := cmd.Flags()
	o.formatsSet = f.Changed("assert-formats")
	if c == nil {
		return
	}
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
	for _, s := range c.Schemas {
		o.others = append(o.others, display(s))
	}
	if !o.formatsSet && c.AssertFormats != nil {
		o.assertFormats, o.formatsSet = *c.AssertFormats, true
	}
}

// load turns the flags into model.LoadOptions; a malformed one is a usage
// error.
func (o *schemaOptions) load() (model.LoadOptions, error) {
	opts := model.LoadOptions{RootName: o.rootName, Schemas: o.others}
	switch {
	case o.formatsSet && o.assertFormats:
		opts.Formats = model.FormatsAssert
	case o.formatsSet:
		opts.Formats = model.FormatsAnnotate
	}
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
