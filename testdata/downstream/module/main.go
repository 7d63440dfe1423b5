// Command downstream reads a Trace with a package omnigen generated in this
// module: trace (the canonical schema) or tasks (the module's schema, which
// adds a task_finished event). It decodes every line, counts the messages by
// type and payload, checks that Marshal gives each line back byte for byte,
// and prints a summary; exit status 1 at the first line that fails.
//
//	go run . trace testdata/realistic.jsonl
//	go run . tasks testdata/tasks.jsonl
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"reflect"
	"sort"

	"example.com/downstream/tasks"
	"example.com/downstream/trace"
)

// codec is what each generated package offers, for its own Message type.
type codec[M any] struct {
	unmarshal func([]byte) (M, error)
	marshal   func(M) ([]byte, error)
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
			unmarshal: trace.Unmarshal,
			marshal:   trace.Marshal,
			kind:      func(m trace.Message) string { return kind(string(m.Type()), m.Payload) },
		})
	case "tasks":
		stats := taskStats{outcomes: map[tasks.TaskOutcome]int{}}
		err = summarize(file, codec[tasks.Message]{
			unmarshal: tasks.Unmarshal,
			marshal:   tasks.Marshal,
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

// summarize reads file line by line with c and prints the count of each kind
// of message.
func summarize[M any](file string, c codec[M]) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	counts := map[string]int{}
	total := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		total++
		line := sc.Bytes()
		m, err := c.unmarshal(line)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", file, total, err)
		}
		out, err := c.marshal(m)
		if err != nil {
			return fmt.Errorf("%s:%d: Marshal: %v", file, total, err)
		}
		if !bytes.Equal(out, line) {
			return fmt.Errorf("%s:%d: Marshal wrote\n%s\ninstead of\n%s", file, total, out, line)
		}
		counts[c.kind(m)]++
	}
	if err := sc.Err(); err != nil {
		return err
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
	return nil
}
