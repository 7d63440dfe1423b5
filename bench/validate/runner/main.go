// Command runner times the validators of the validate benchmark on the same
// corpus files, in one run, and prints a Markdown table. bench/run.sh builds
// the tools and the corpora and calls it; see bench/README.md.
//
//	runner -schema S -corpus NAME:PROFILE:DIR[:KIND]... -omnigen BIN -naive BIN \
//	       -ajv SCRIPT -sourcemeta BIN [-runs 3] [-budget 60s]
//
// Each tool reads every *.jsonl file of a corpus (sorted) in one process.
// The tools of a corpus take turns: run 1 of each, then run 2 of each, so
// that their ratios are measured under the same load on a shared machine. A
// tool runs up to -runs times (fewer once its runs on that corpus have taken
// -budget); the best wall time counts, peak RSS is the largest of its runs
// (getrusage of the child). A tool that cannot be run gets a row that says
// why; a validator that exits non-zero is flagged, since every line of the
// corpus is valid.
//
// KIND says which rows a corpus gets: "full" (the default: every tool),
// "gzip" (the *.jsonl.gz copy of the corpus before it: gzip -dc | cat beside
// omnigen's message profile), "one" and "many" (the same bytes in one file
// and in many small files below a directory: omnigen's message profile).
// After the results, a table of the ratios issue 16 sets targets for.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type corpus struct {
	name, profile, dir string
	kind               string // full, gzip, one or many (see the package doc)
	files              []string
	bytes, lines       int64
	imageLines         int64
	maxLine            int64
}

type tool struct {
	name   string
	peer   bool   // counts for "fastest peer"
	isCat  bool   // the read floor
	omni   bool   // an omnigen row: gets the ratios
	kinds  string // the corpus kinds it runs on, space-separated
	broken string // why it cannot run, if it cannot
	argv   func(c *corpus) []string
	show   func(c *corpus) string // the command as a person would type it
}

type result struct {
	runs   int
	wall   time.Duration // best
	cpu    time.Duration // user+sys of the best run
	rssKB  int64         // largest
	status string        // "ok" or what went wrong
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func main() {
	var corpora multi
	flag.Var(&corpora, "corpus", "NAME:PROFILE:DIR[:KIND] (repeatable; KIND is full, gzip, one or many)")
	schema := flag.String("schema", "schema/omnimessage.schema.json", "schema file for the peers")
	omnigen := flag.String("omnigen", "bin/omnigen", "omnigen binary")
	omnigenErr := flag.String("omnigen-error", "", "why omnigen could not be built (its rows say so)")
	naive := flag.String("naive", "bench/.bin/naive", "naive Go loop binary")
	ajv := flag.String("ajv", "bench/validate/ajv.mjs", "ajv script")
	node := flag.String("node", "node", "node binary")
	ajvErr := flag.String("ajv-error", "", "why the ajv peer cannot run")
	sourcemeta := flag.String("sourcemeta", "", "the jsonschema binary of @sourcemeta/jsonschema")
	sourcemetaErr := flag.String("sourcemeta-error", "", "why the sourcemeta peer cannot run")
	runs := flag.Int("runs", 3, "runs per tool (best counts)")
	budget := flag.Duration("budget", 60*time.Second, "stop repeating a tool once its runs on a corpus took this long")
	timeout := flag.Duration("timeout", 5*time.Minute, "limit for one run")
	flag.Parse()

	var cs []*corpus
	for _, spec := range corpora {
		parts := strings.SplitN(spec, ":", 4)
		if len(parts) == 3 {
			parts = append(parts, "full")
		}
		if len(parts) != 4 || !strings.Contains(" full gzip one many ", " "+parts[3]+" ") {
			fatal("bad -corpus %q: want NAME:PROFILE:DIR[:full|gzip|one|many]", spec)
		}
		c, err := load(parts[0], parts[1], parts[2], parts[3])
		if err != nil {
			fatal("%v", err)
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		fatal("no -corpus given")
	}
	if _, err := os.Stat(*sourcemeta); *sourcemetaErr == "" && err != nil {
		*sourcemetaErr = "binary not found: " + *sourcemeta
	}
	if _, err := exec.LookPath(*node); *ajvErr == "" && err != nil {
		*ajvErr = "node not found"
	}
	if _, err := os.Stat(*omnigen); *omnigenErr == "" && err != nil {
		*omnigenErr = "binary not found: " + *omnigen
	}
	files := func(c *corpus) []string { return c.files }
	glob := func(c *corpus) string { return filepath.Join(c.dir, "*"+c.ext()) }
	// omnigen is given a directory of many files as a person would give it.
	omniArgs := func(c *corpus) []string {
		if c.kind == "many" {
			return []string{c.dir}
		}
		return c.files
	}
	omniShow := func(c *corpus) string {
		if c.kind == "many" {
			return c.dir
		}
		return glob(c)
	}
	tools := []tool{
		{name: "cat (read floor)", isCat: true, kinds: "full",
			argv: func(c *corpus) []string { return append([]string{"cat"}, files(c)...) },
			show: func(c *corpus) string { return "cat " + glob(c) + " > /dev/null" }},
		{name: "ajv (Node)", peer: true, kinds: "full", broken: *ajvErr,
			argv: func(c *corpus) []string { return append([]string{*node, *ajv, *schema}, files(c)...) },
			show: func(c *corpus) string { return fmt.Sprintf("node %s %s %s", *ajv, *schema, glob(c)) }},
		{name: "sourcemeta jsonschema", peer: true, kinds: "full", broken: *sourcemetaErr,
			argv: func(c *corpus) []string {
				return append([]string{*sourcemeta, "validate", "--fast", *schema}, files(c)...)
			},
			show: func(c *corpus) string { return fmt.Sprintf("%s validate --fast %s %s", *sourcemeta, *schema, glob(c)) }},
		{name: "naive Go loop", peer: true, kinds: "full",
			argv: func(c *corpus) []string { return append([]string{*naive, *schema}, files(c)...) },
			show: func(c *corpus) string { return fmt.Sprintf("%s %s %s", *naive, *schema, glob(c)) }},
		{name: "gzip -dc | cat (read floor)", isCat: true, kinds: "gzip",
			argv: func(c *corpus) []string {
				return append([]string{"sh", "-c", `gzip -dc "$@" | cat > /dev/null`, "sh"}, files(c)...)
			},
			show: func(c *corpus) string { return "gzip -dc " + glob(c) + " | cat > /dev/null" }},
		{name: "omnigen --profile message", omni: true, broken: *omnigenErr, kinds: "full gzip one many",
			argv: func(c *corpus) []string {
				return append([]string{*omnigen, "validate", "--profile", "message"}, omniArgs(c)...)
			},
			show: func(c *corpus) string { return fmt.Sprintf("%s validate --profile message %s", *omnigen, omniShow(c)) }},
		{name: "omnigen --profile PROFILE", omni: true, broken: *omnigenErr, kinds: "full",
			argv: func(c *corpus) []string {
				return append([]string{*omnigen, "validate", "--profile", c.profile}, files(c)...)
			},
			show: func(c *corpus) string {
				return fmt.Sprintf("%s validate --profile %s %s", *omnigen, c.profile, glob(c))
			}},
	}

	fmt.Println("### Corpora")
	fmt.Println()
	fmt.Println("| corpus | profile | files | lines | MB | image lines | longest line | omnigen RSS bound (3 × longest + 64 MB) |")
	fmt.Println("|---|---|--:|--:|--:|--:|--:|--:|")
	for _, c := range cs {
		fmt.Printf("| %s | %s | %d | %d | %.1f | %d | %s | %s |\n", c.name, c.profileLabel(), len(c.files), c.lines,
			float64(c.bytes)/1e6, c.imageLines, size(c.maxLine), size(3*c.maxLine+64<<20))
	}
	fmt.Println()

	type row struct {
		c   *corpus
		t   tool
		res result
	}
	var rows []row
	for _, c := range cs {
		warm(c)
		var ts []tool
		for _, t := range tools {
			if strings.Contains(" "+t.kinds+" ", " "+c.kind+" ") {
				ts = append(ts, t)
			}
		}
		for i, res := range measureAll(ts, c, *runs, *budget, *timeout) {
			fmt.Fprintf(os.Stderr, "bench: %-14s %-27s %s\n", c.name, label(ts[i], c), brief(res, c))
			rows = append(rows, row{c, ts[i], res})
		}
	}

	fmt.Println("### Results (best of runs; MB = 10^6 bytes)")
	fmt.Println()
	fmt.Println("| corpus | tool | MB/s | lines/s | peak RSS | CPU s | runs | vs fastest peer | vs cat | status |")
	fmt.Println("|---|---|--:|--:|--:|--:|--:|--:|--:|---|")
	for _, c := range cs {
		var catMBs, peerMBs float64
		peerName := ""
		for _, r := range rows {
			if r.c != c || r.res.status != "ok" {
				continue
			}
			mbs := mbps(c, r.res)
			if r.t.isCat {
				catMBs = mbs
			}
			if r.t.peer && mbs > peerMBs {
				peerMBs, peerName = mbs, r.t.name
			}
		}
		for _, r := range rows {
			if r.c != c {
				continue
			}
			name := strings.ReplaceAll(label(r.t, c), "|", `\|`)
			if r.res.status != "ok" { // not run, failed or timed out: no speed to report
				fmt.Printf("| %s | %s | – | – | – | – | %d | – | – | %s |\n", c.name, name, r.res.runs, r.res.status)
				continue
			}
			vsPeer, vsCat := "", ""
			if r.t.omni && r.res.status == "ok" {
				if peerMBs > 0 {
					vsPeer = fmt.Sprintf("%.2f× (%s)", mbps(c, r.res)/peerMBs, peerName)
				}
				if catMBs > 0 {
					vsCat = fmt.Sprintf("%.0f %%", 100*mbps(c, r.res)/catMBs)
				}
			}
			rss := "n/a"
			if r.res.rssKB > 0 {
				rss = size(r.res.rssKB * 1024)
			}
			fmt.Printf("| %s | %s | %.1f | %.0f | %s | %.2f | %d | %s | %s | %s |\n", c.name, name,
				mbps(c, r.res), float64(c.lines)/r.res.wall.Seconds(), rss,
				r.res.cpu.Seconds(), r.res.runs, vsPeer, vsCat, r.res.status)
		}
	}
	fmt.Println()
	best := map[string]float64{} // corpus name + "/" + tool name: MB/s
	for _, r := range rows {
		if r.res.status == "ok" {
			best[r.c.name+"/"+label(r.t, r.c)] = mbps(r.c, r.res)
		}
	}
	printRatios(cs, best)

	fmt.Println("### Commands")
	fmt.Println()
	for _, r := range rows {
		fmt.Printf("- %s, %s: `%s`\n", r.c.name, label(r.t, r.c), r.t.show(r.c))
	}
}

// printRatios prints the ratios issue 16 sets targets for, each from the
// best runs of one corpus's turn-taking tools: the message profile over the
// read floor, the trace or stream profile over the message profile, omnigen
// on the gzip copy over gzip -dc | cat, and many small files over one file of
// the same bytes.
func printRatios(cs []*corpus, best map[string]float64) {
	ratio := func(a, b float64, format string) string {
		if a == 0 || b == 0 {
			return "–"
		}
		return fmt.Sprintf(format, a/b)
	}
	fmt.Println("### Ratios (issue 16; best runs, side by side)")
	fmt.Println()
	fmt.Println("| corpus | message ÷ cat (≥ 30 %) | profile ÷ message (≥ 0.85) | .jsonl.gz: message ÷ gzip -dc \\| cat (≥ 1.5) |")
	fmt.Println("|---|--:|--:|--:|")
	for _, c := range cs {
		if c.kind != "full" {
			continue
		}
		msg := best[c.name+"/omnigen --profile message"]
		prof := best[c.name+"/omnigen --profile "+c.profile]
		gz := c.name + ".gz"
		fmt.Printf("| %s | %s | %s | %s |\n", c.name,
			ratio(100*msg, best[c.name+"/cat (read floor)"], "%.0f %%"),
			ratio(prof, msg, "%.2f"),
			ratio(best[gz+"/omnigen --profile message"], best[gz+"/gzip -dc | cat (read floor)"], "%.2f×"))
	}
	for _, one := range cs {
		if one.kind != "one" {
			continue
		}
		for _, many := range cs {
			if many.kind == "many" && many.bytes == one.bytes {
				fmt.Printf("\n%s ÷ %s, message profile (≥ 0.90): %s\n", many.name, one.name,
					ratio(best[many.name+"/omnigen --profile message"], best[one.name+"/omnigen --profile message"], "%.2f"))
			}
		}
	}
	fmt.Println()
}

func (c *corpus) ext() string {
	if c.kind == "gzip" {
		return ".jsonl.gz"
	}
	return ".jsonl"
}

func (c *corpus) profileLabel() string {
	if c.kind == "full" {
		return c.profile
	}
	return "message"
}

func label(t tool, c *corpus) string { return strings.ReplaceAll(t.name, "PROFILE", c.profile) }

func mbps(c *corpus, r result) float64 { return float64(c.bytes) / 1e6 / r.wall.Seconds() }

func brief(r result, c *corpus) string {
	if r.status != "ok" {
		return r.status
	}
	return fmt.Sprintf("%.1f MB/s, %s RSS, %d run(s), %s", mbps(c, r), size(r.rssKB*1024), r.runs, r.status)
}

func size(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

// measureAll times the tools on c, taking turns: each run of a tool comes
// between runs of the others, so that a change in the machine's load (it is
// shared) falls on all of them alike.
func measureAll(ts []tool, c *corpus, runs int, budget, timeout time.Duration) []result {
	res := make([]result, len(ts))
	spent := make([]time.Duration, len(ts))
	done := make([]bool, len(ts))
	for i, t := range ts {
		if t.broken != "" {
			res[i], done[i] = result{status: "not run: " + t.broken}, true
		}
	}
	for run := 0; run < runs; run++ {
		for i, t := range ts {
			if done[i] || (run > 0 && spent[i] >= budget) {
				continue
			}
			wall, cpu, rss, status, startErr := runOnce(t.argv(c), timeout)
			if startErr != nil {
				res[i], done[i] = result{status: "not run: " + startErr.Error()}, true
				continue
			}
			r := &res[i]
			spent[i] += wall
			r.runs++
			r.rssKB = max(r.rssKB, rss)
			if r.wall == 0 || wall < r.wall {
				r.wall, r.cpu = wall, cpu
			}
			r.status = status
			done[i] = status != "ok" // a failing tool is not timed again
		}
	}
	return res
}

// tail keeps the last bytes written to it.
type tail struct{ b []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 8192 {
		t.b = append(t.b[:0], t.b[len(t.b)-4096:]...)
	}
	return len(p), nil
}

// gnuTime is GNU time when it is installed: it reports the peak RSS of the
// command itself (the rusage of a child that Go starts would include the
// runner's own memory, which the child shares until exec).
var gnuTime = func() string {
	if err := exec.Command("/usr/bin/time", "-f", "%M", "-o", os.DevNull, "true").Run(); err == nil {
		return "/usr/bin/time"
	}
	return ""
}()

func runOnce(argv []string, timeout time.Duration) (wall, cpu time.Duration, rssKB int64, status string, startErr error) {
	if _, err := exec.LookPath(argv[0]); err != nil {
		return 0, 0, 0, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var report string
	if gnuTime != "" {
		f, err := os.CreateTemp("", "bench-time-")
		if err != nil {
			return 0, 0, 0, "", err
		}
		f.Close()
		report = f.Name()
		defer os.Remove(report)
		argv = append([]string{gnuTime, "-f", "%M %U %S", "-o", report}, argv...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out := &tail{}
	if filepath.Base(toolBinary(argv)) != "cat" {
		cmd.Stdout = out
	} // cat writes to /dev/null (a nil Stdout)
	cmd.Stderr = out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, 0, "", err
	}
	err := cmd.Wait()
	wall = time.Since(start)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if report != "" {
		if data, err := os.ReadFile(report); err == nil {
			// The last line; GNU time writes "Command exited with non-zero status N" first.
			fs := strings.Fields(lastLine(data))
			if len(fs) == 3 {
				rssKB, _ = strconv.ParseInt(fs[0], 10, 64)
				u, _ := strconv.ParseFloat(fs[1], 64)
				s, _ := strconv.ParseFloat(fs[2], 64)
				cpu = time.Duration((u + s) * float64(time.Second))
			}
		}
	}
	switch {
	case ctx.Err() != nil:
		status = fmt.Sprintf("timeout after %s", timeout)
	case err != nil:
		var ee *exec.ExitError
		code := -1
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		status = fmt.Sprintf("FAILED exit %d: %s", code, lastLine(out.b))
	default:
		status = "ok"
	}
	return
}

// toolBinary is the command being measured, past the GNU time wrapper.
func toolBinary(argv []string) string {
	if gnuTime != "" && argv[0] == gnuTime {
		return argv[5]
	}
	return argv[0]
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			l = strings.ReplaceAll(l, "|", "\\|")
			if len(l) > 160 {
				l = l[:160] + "…"
			}
			return l
		}
	}
	return "(no output)"
}

// load lists a corpus's files and counts its lines (of a gzip corpus, its
// bytes and lines after gunzip).
func load(name, profile, dir, kind string) (*corpus, error) {
	c := &corpus{name: name, profile: profile, dir: dir, kind: kind}
	files, err := filepath.Glob(filepath.Join(dir, "*"+c.ext()))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("corpus %s: no *%s in %s", name, c.ext(), dir)
	}
	sort.Strings(files)
	c.files = files
	if info, err := os.ReadFile(filepath.Join(dir, "corpus.txt")); err == nil {
		for _, f := range strings.Fields(string(info)) {
			k, v, _ := strings.Cut(f, "=")
			n, _ := strconv.ParseInt(v, 10, 64)
			switch k {
			case "image_lines":
				c.imageLines = n
			}
		}
	}
	buf := make([]byte, 1<<20)
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		var r io.Reader = fh
		if kind == "gzip" {
			if r, err = gzip.NewReader(fh); err != nil {
				return nil, fmt.Errorf("%s: %v", f, err)
			}
		}
		var line int64
		for {
			n, err := io.ReadFull(r, buf)
			c.bytes += int64(n)
			chunk := buf[:n]
			for len(chunk) > 0 {
				i := bytes.IndexByte(chunk, '\n')
				if i < 0 {
					line += int64(len(chunk))
					break
				}
				line += int64(i + 1)
				c.lines++
				c.maxLine = max(c.maxLine, line)
				line = 0
				chunk = chunk[i+1:]
			}
			if err != nil {
				break
			}
		}
		fh.Close()
		if line > 0 { // a last line without a newline
			c.lines++
			c.maxLine = max(c.maxLine, line)
		}
	}
	return c, nil
}

// warm reads the corpus twice so every tool finds it in the page cache.
func warm(c *corpus) {
	for i := 0; i < 2; i++ {
		for _, f := range c.files {
			if fh, err := os.Open(f); err == nil {
				r := bufio.NewReaderSize(fh, 1<<20)
				_, _ = r.WriteTo(discard{})
				fh.Close()
			}
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func fatal(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "runner: "+format+"\n", args...)
	os.Exit(2)
}
