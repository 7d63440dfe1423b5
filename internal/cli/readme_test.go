package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestREADMEExamples keeps the README honest: every command in its
// ```console blocks is run here, from the repository root, and what it
// prints (stdout and stderr, in the order written) must be what the README
// shows under it. "$ echo $?" shows the previous command's exit code, and
// "< FILE" feeds a file to standard input. Timings and the Go version differ
// from run to run and are masked on both sides. With -update the outputs in
// README.md are rewritten from the real ones (review the diff).
func TestREADMEExamples(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(root, "README.md")
	examples, err := readmeExamples(readme)
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) < 5 {
		t.Fatalf("README.md has %d console examples; the commands section should show each command", len(examples))
	}
	t.Chdir(root)
	seen := map[string]bool{}
	lastCode := 0
	actual := make([]string, len(examples))
	for i, ex := range examples {
		name := fmt.Sprintf("line %d: %s", ex.line, ex.command)
		if ex.command == "echo $?" {
			actual[i] = strconv.Itoa(lastCode) + "\n"
			if got := actual[i]; got != ex.output && !updateGolden() {
				t.Errorf("README.md %s: exit code %sREADME shows %s", name, got, ex.output)
			}
			continue
		}
		args, stdin, err := splitCommand(ex.command)
		if err != nil {
			t.Errorf("README.md %s: %v", name, err)
			continue
		}
		if len(args) > 0 {
			seen[args[0]] = true
		}
		var out bytes.Buffer
		lastCode = Main(args, strings.NewReader(stdin), &out, &out)
		actual[i] = out.String()
		if maskVolatile(actual[i]) == maskVolatile(ex.output) {
			// Only timings differ: -update keeps what the README says, so
			// that it leaves no diff that is only noise.
			actual[i] = ex.output
		}
		if got, want := maskVolatile(out.String()), maskVolatile(ex.output); got != want && !updateGolden() {
			t.Errorf("README.md %s: output differs\n--- README\n%s--- actual\n%s", name, want, got)
		}
	}
	if updateGolden() {
		if err := rewriteREADME(readme, examples, actual); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range NewRootCommand(nil, nil, nil).Commands() {
		// completion prints a whole shell script: the README shows how to
		// load it rather than what it prints.
		if c.Name() != "help" && c.Name() != "completion" && !seen[c.Name()] {
			t.Errorf("README.md shows no example of omnigen %s", c.Name())
		}
	}
}

type readmeExample struct {
	line     int    // of the command, 1-based
	outLines int    // how many lines of output follow it
	command  string // after "$ omnigen " (or "echo $?")
	output   string
}

// readmeExamples reads the "$ omnigen …" commands of README's ```console
// blocks, each with the lines up to the next command or the block's end.
func readmeExamples(path string) ([]readmeExample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []readmeExample
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```console"):
			in = true
		case in && strings.HasPrefix(line, "```"):
			in = false
		case in && strings.HasPrefix(line, "$ "):
			cmd := strings.TrimPrefix(line, "$ ")
			if cmd != "echo $?" {
				var ok bool
				if cmd, ok = strings.CutPrefix(cmd, "omnigen "); !ok {
					return nil, fmt.Errorf("README.md:%d: a console block runs only omnigen and echo $?, not %q", n, line)
				}
			}
			out = append(out, readmeExample{line: n, command: cmd})
		case in && len(out) > 0:
			out[len(out)-1].output += line + "\n"
			out[len(out)-1].outLines++
		}
	}
	return out, sc.Err()
}

// splitCommand splits a command line into words (with '…' and "…" quoting)
// and reads the file of a trailing "< FILE".
func splitCommand(s string) (args []string, stdin string, err error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, "", fmt.Errorf("unclosed quote")
	}
	if inWord {
		words = append(words, cur.String())
	}
	if n := len(words); n >= 2 && words[n-2] == "<" {
		data, err := os.ReadFile(words[n-1])
		if err != nil {
			return nil, "", err
		}
		return words[:n-2], string(data), nil
	}
	return words, "", nil
}

var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`in [0-9.]+m?s \([0-9.]+ [kMG]?B/s\)`), "in T (R)"},
	{regexp.MustCompile(`\(go[0-9][0-9a-z.]*\)`), "(goX)"},
	{regexp.MustCompile(`"elapsed_seconds":[0-9.e-]+`), `"elapsed_seconds":T`},
	{regexp.MustCompile(`"mb_per_second":[0-9.e-]+`), `"mb_per_second":R`},
	{regexp.MustCompile(`"seconds":[0-9.e-]+`), `"seconds":T`},
}

func maskVolatile(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return s
}

// rewriteREADME replaces the output under each example with actual.
func rewriteREADME(path string, examples []readmeExample, actual []string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.SplitAfter(string(data), "\n")
	var b strings.Builder
	next := 0 // index into lines
	for i, ex := range examples {
		for ; next < ex.line; next++ {
			b.WriteString(lines[next])
		}
		b.WriteString(actual[i])
		if actual[i] != "" && !strings.HasSuffix(actual[i], "\n") {
			b.WriteString("\n")
		}
		next += ex.outLines
	}
	for ; next < len(lines); next++ {
		b.WriteString(lines[next])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
