// Command codec times the generated Go codec (gen/go/omnimessage Unmarshal
// and Marshal) beside sonic and go-json reading and writing the same Trace
// lines into and from hand-written structs (peers.go), interleaved in one
// process, and prints a table of MB/s and ratios (median of the rounds).
//
//	go run . [-trace FILE] [-rounds N]
//
// It is a module of its own so that the main module does not depend on
// sonic or go-json.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/bytedance/sonic"
	gojson "github.com/goccy/go-json"

	"github.com/omnigen-dev/omnigen/gen/go/omnimessage"
)

func main() {
	trace := flag.String("trace", "../../testdata/traces/bench-trace.jsonl", "the Trace to read and write")
	rounds := flag.Int("rounds", 5, "rounds of every benchmark; the median counts")
	flag.Parse()
	if err := run(*trace, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "codec:", err)
		os.Exit(1)
	}
}

// codec is one way to read and write the Trace's lines.
type codec struct {
	name string
	// decode reads every line; encode writes every decoded value.
	decode, encode func() error
}

func run(trace string, rounds int) error {
	data, err := os.ReadFile(trace)
	if err != nil {
		return err
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	size := int64(len(data))

	msgs := make([]omnimessage.Message, len(lines))
	for i, l := range lines {
		if msgs[i], err = omnimessage.Unmarshal(l); err != nil {
			return fmt.Errorf("%s:%d: %v", trace, i+1, err)
		}
	}
	codecs := []codec{{
		name:   "omnigen",
		decode: each(lines, func(l []byte) (omnimessage.Message, error) { return omnimessage.Unmarshal(l) }),
		encode: each(msgs, omnimessage.Marshal),
	}}
	peers := []peer{
		{"sonic", sonic.Marshal, sonic.Unmarshal},
		{"go-json", gojson.MarshalNoEscape, gojson.Unmarshal},
	}
	fmt.Printf("%s: %d lines, %.1f MB\n\n", trace, len(lines), float64(size)/1e6)
	fmt.Println("| codec | lines written back byte for byte |")
	fmt.Println("| --- | --: |")
	fmt.Printf("| omnigen | %d of %d |\n", len(lines), len(lines))
	for _, p := range peers {
		decoded := make([]message, len(lines))
		same := 0
		for i, l := range lines {
			if decoded[i], err = p.decode(l); err != nil {
				return fmt.Errorf("%s: %s:%d: %v", p.name, trace, i+1, err)
			}
			out, err := p.marshal(decoded[i])
			if err != nil {
				return fmt.Errorf("%s: %s:%d: %v", p.name, trace, i+1, err)
			}
			if bytes.Equal(out, l) {
				same++
			}
		}
		fmt.Printf("| %s | %d of %d |\n", p.name, same, len(lines))
		codecs = append(codecs, codec{
			name:   p.name,
			decode: each(lines, p.decode),
			encode: each(decoded, func(m message) ([]byte, error) { return p.marshal(m) }),
		})
	}

	// ns[op][codec] holds the ns per pass over the Trace of every round.
	ns := [2][][]float64{make([][]float64, len(codecs)), make([][]float64, len(codecs))}
	for range rounds {
		for op := range 2 {
			for i, c := range codecs {
				fn := c.decode
				if op == 1 {
					fn = c.encode
				}
				var ferr error
				r := testing.Benchmark(func(b *testing.B) {
					for b.Loop() {
						if err := fn(); err != nil {
							ferr = err
							b.FailNow()
						}
					}
				})
				if ferr != nil {
					return fmt.Errorf("%s: %v", c.name, ferr)
				}
				ns[op][i] = append(ns[op][i], float64(r.T.Nanoseconds())/float64(r.N))
			}
		}
	}
	fmt.Printf("\nMB/s, median of %d rounds; a ratio is omnigen's speed over the peer's (above 1: omnigen is faster)\n\n", rounds)
	fmt.Print("| operation |")
	for _, c := range codecs {
		fmt.Printf(" %s MB/s |", c.name)
	}
	for _, c := range codecs[1:] {
		fmt.Printf(" omnigen ÷ %s |", c.name)
	}
	fmt.Print("\n| --- |")
	for range 2*len(codecs) - 1 {
		fmt.Print(" --: |")
	}
	fmt.Println()
	for op, name := range []string{"Unmarshal (decode)", "Marshal (encode)"} {
		fmt.Printf("| %s |", name)
		med := make([]float64, len(codecs))
		for i := range codecs {
			med[i] = median(ns[op][i])
			fmt.Printf(" %.0f |", float64(size)/med[i]*1e3)
		}
		for i := range codecs[1:] {
			fmt.Printf(" %.2f |", med[i+1]/med[0])
		}
		fmt.Println()
	}
	return nil
}

// each returns a pass of f over xs, which stops at the first error.
func each[X, Y any](xs []X, f func(X) (Y, error)) func() error {
	return func() error {
		for _, x := range xs {
			if _, err := f(x); err != nil {
				return err
			}
		}
		return nil
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
