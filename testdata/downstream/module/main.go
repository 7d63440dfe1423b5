// Command downstream reads a Trace with a package omnigen generated in this
// module: trace (the canonical schema) or tasks (the module's schema, which
// adds a task_finished event). It decodes every line with the package's
// Decoder, counts the messages by type and payload, writes them back with
// its Encoder and checks that this gives the file back byte for byte (less
// a torn last line, which it reports and ignores, as a Trace reader does),
// and prints a summary; exit status 1 at the first line that fails.
//
//	go run . trace testdata/realistic.jsonl
//	go run . tasks testdata/tasks.jsonl
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"

	"example.com/downstream/tasks"
	"example.com/downstream/trace"
)

// decoder and encoder are what each generated package's NewDecoder and
// NewEncoder return, for its own Message type.
type decoder[M any] interface {
	Decode() (M, error)
	Line() int
}

type encoder[M any] interface{ Encode(M) error }

type codec[M any] struct {
	decoder func(io.Reader) decoder[M]
	encoder func(io.Writer) encoder[M]
	torn    error
	// kind is the message's type and its payload's Go type.
	kind func(M) string
}

// taskStats adds up the task_finished events.
type taskStats struct {
	outcomes      map[tasks.TaskOutcome]int
	rounds, total int64
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: downstream trace|tasks FILE")
		os.Exit(2)
	}
	var err error
	switch file := os.Args[2]; os.Args[1] {
	case "trace":
		err = summarize(file, codec[trace.Message]{
			decoder: func(r io.Reader) decoder[trace.Message] { return trace.NewDecoder(r) },
			encoder: func(w io.Writer) encoder[trace.Message] { return trace.NewEncoder(w) },
			torn:    trace.ErrTornLine,
			kind:    func(m trace.Message) string { return kind(string(m.Type()), m.Payload) },
		})
	case "tasks":
		stats := taskStats{outcomes: map[tasks.TaskOutcome]int{}}
		err = summarize(file, codec[tasks.Message]{
			decoder: func(r io.Reader) decoder[tasks.Message] { return tasks.NewDecoder(r) },
			encoder: func(w io.Writer) encoder[tasks.Message] { return tasks.NewEncoder(w) },
			torn:    tasks.ErrTornLine,
			kind: func(m tasks.Message) string {
				if g, ok := m.Payload.(*tasks.TaskFinishedPayload); ok && tasks.IsEventMessage(m) {
					stats.outcomes[g.Outcome]++
					stats.rounds += g.Rounds
					stats.total += g.TokensUsed
				}
				return kind(string(m.Type()), m.Payload)
			},
		})
		if err == nil {
			fmt.Printf("tasks: %d achieved, %d abandoned, %d failed; %d rounds, %d tokens\n",
				stats.outcomes[tasks.TaskOutcomeAchieved], stats.outcomes[tasks.TaskOutcomeAbandoned],
				stats.outcomes[tasks.TaskOutcomeFailed], stats.rounds, stats.total)
		}
	default:
		err = fmt.Errorf("unknown package %q: want trace or tasks", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// kind is "TYPE PAYLOAD": the message's type and its payload's Go type.
func kind(typ string, payload any) string {
	return typ + " " + reflect.TypeOf(payload).Elem().Name()
}

// summarize reads file with c's Decoder, writes every message back with its
// Encoder, and prints the count of each kind of message.
func summarize[M any](file string, c codec[M]) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	dec, enc := c.decoder(bytes.NewReader(data)), c.encoder(&out)
	counts := map[string]int{}
	total, torn := 0, 0
	for {
		m, err := dec.Decode()
		if err == io.EOF {
			break
		}
		if errors.Is(err, c.torn) {
			torn = dec.Line()
			continue
		}
		if err != nil {
			return fmt.Errorf("%s:%v", file, err)
		}
		total++
		counts[c.kind(m)]++
		if err := enc.Encode(m); err != nil {
			return fmt.Errorf("%s:%d: Encode: %v", file, dec.Line(), err)
		}
	}
	want := data
	if torn > 0 {
		want = data[:bytes.LastIndexByte(data, '\n')+1]
	}
	if !bytes.Equal(out.Bytes(), want) {
		return fmt.Errorf("%s: the Encoder wrote %d bytes that differ from the %d read", file, out.Len(), len(want))
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Printf("%s: %d messages, each re-marshalled byte for byte\n", file, total)
	for _, k := range kinds {
		fmt.Printf("%5d %s\n", counts[k], k)
	}
	if torn > 0 {
		fmt.Printf("%s:%d: torn last line ignored\n", file, torn)
	}
	return nil
}
