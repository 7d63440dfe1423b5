package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigen-dev/omnigen/internal/jsonptr"
	"github.com/omnigen-dev/omnigen/schema"
)

func init() { commands = append(commands, newSchemaCommand) }

func newSchemaCommand() *cobra.Command {
	var pointer string
	cmd := &cobra.Command{
		Use:   "schema",
		Short: "Print the embedded canonical OmniMessage schema",
		Long: `Print the canonical OmniMessage JSON Schema (draft 2020-12) that this binary
embeds, byte for byte as committed in schema/omnimessage.schema.json. Its
x-omnigen annotations are described in schema/README.md.

--pointer prints only the value at a JSON pointer (RFC 6901, with or without
a leading "#"), indented, its keys in schema order: the quickest way to read
one definition.`,
		Example: `  omnigen schema > omnimessage.schema.json
  omnigen schema --pointer '#/$defs/StopReason'
  omnigen schema | jq '.["$defs"] | keys'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if pointer == "" {
				_, err := cmd.OutOrStdout().Write(schema.Canonical)
				return err
			}
			raw, err := lookupPointer(schema.Canonical, pointer)
			if err != nil {
				return usageError("--pointer %s: %v", pointer, err)
			}
			var out bytes.Buffer
			if err := json.Indent(&out, raw, "", "  "); err != nil {
				return err
			}
			out.WriteByte('\n')
			_, err = cmd.OutOrStdout().Write(out.Bytes())
			return err
		},
	}
	cmd.Flags().StringVar(&pointer, "pointer", "", "print only the value at this JSON pointer, e.g. '#/$defs/TextPayload'")
	return cmd
}

// lookupPointer returns the raw JSON at pointer in doc. Raw values keep the
// document's key order, which a decode into map[string]any would lose.
func lookupPointer(doc []byte, pointer string) (json.RawMessage, error) {
	pointer = strings.TrimPrefix(pointer, "#")
	if pointer != "" && !strings.HasPrefix(pointer, "/") {
		return nil, fmt.Errorf("a JSON pointer is empty or starts with /")
	}
	cur := json.RawMessage(doc)
	if pointer == "" {
		return cur, nil
	}
	at := ""
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = jsonptr.Unescape(tok)
		var obj map[string]json.RawMessage
		var arr []json.RawMessage
		switch {
		case json.Unmarshal(cur, &obj) == nil && obj != nil:
			v, ok := obj[tok]
			if !ok {
				return nil, fmt.Errorf("%s has no member %q", orRoot(at), tok)
			}
			cur = v
		case json.Unmarshal(cur, &arr) == nil && arr != nil:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(arr) {
				return nil, fmt.Errorf("%s is an array of %d items; %q is not an index of it", orRoot(at), len(arr), tok)
			}
			cur = arr[i]
		default:
			return nil, fmt.Errorf("%s is neither an object nor an array", orRoot(at))
		}
		at += "/" + tok
	}
	return cur, nil
}

func orRoot(p string) string {
	if p == "" {
		return "the schema"
	}
	return p
}
