// Command runner times the validators of the validate benchmark on the same
// corpus files, in one run, and prints a Markdown table. bench/run.sh builds
// the tools and the corpora and calls it; see bench/README.md.
//
//	runner -schema S -corpus NAME:PROFILE:DIR[:KIND]... -omnigen BIN -naive BIN \
//	       -ajv SCRIPT -sourcemeta BIN -simdjson BIN [-runs 3] [-budget 60s]
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
// The simdjson row is self-timed: the program (bench/validate/simdjson)
// prints the seconds its parse took, the files already in memory, and its
// MB/s come from those, not from the process's wall time. omnigen runs with
// the default GOMAXPROCS and with GOMAXPROCS=1.
//
// KIND says which rows a corpus gets: "full" (the default: every tool),
// "gzip" (the *.jsonl.gz copy of the corpus before it: gzip -dc | cat beside
// omnigen's message profile), "one" and "many" (the same bytes in one file
// and in many small files below a directory: omnigen's message profile).
// After the results, tables of the ratios issues 16 and 22 set targets for.
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
	"runtime"
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
	name      string
	peer      bool     // counts for "fastest peer"
	isCat     bool     // the read floor
	omni      bool     // an omnigen row: gets the ratios
	selfTimed bool     // prints its own time (see parseSelfTimed); MB/s come from it
	env       []string // added to the runner's environment, e.g. GOMAXPROCS=1
	kinds     string   // the corpus kinds it runs on, space-separated
	broken    string   // why it cannot run, if it cannot
	argv      func(c *corpus) []string
	show      func(c *corpus) string // the command as a person would type it
}

// The names of the rows the ratio tables read.
const (
	toolMessage  = "omnigen --profile message"
	toolProfile  = "omnigen --profile PROFILE" // PROFILE: the corpus's profile (see label)
	oneCore      = ", GOMAXPROCS=1"
	toolSimdjson = "simdjson parse_many (own timer, file in memory)"
)

type result struct {
	runs   int
	wall   time.Duration // best: the process's wall time, or the time a self-timed tool printed
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
	simdjson := flag.String("simdjson", "bench/.bin/simdjson-parse", "the simdjson baseline (bench/validate/simdjson/parse.cc)")
	simdjsonErr := flag.String("simdjson-error", "", "why the simdjson baseline cannot run")
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
	if _, err := os.Stat(*simdjson); *simdjsonErr == "" && err != nil {
		*simdjsonErr = "binary not found: " + *simdjson
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
	// omniTool is omnigen's row for the message profile (toolMessage) or the
	// corpus's own (toolProfile), on the default cores or on one.
	omniTool := func(name, kinds string, one bool) tool {
		t := tool{name: name, omni: true, broken: *omnigenErr, kinds: kinds}
		prefix := ""
		if one {
			t.name += oneCore
			t.env = []string{"GOMAXPROCS=1"}
			prefix = "GOMAXPROCS=1 "
		}
		prof := func(c *corpus) string { return strings.TrimPrefix(label(tool{name: name}, c), "omnigen --profile ") }
		t.argv = func(c *corpus) []string {
			return append([]string{*omnigen, "validate", "--profile", prof(c)}, omniArgs(c)...)
		}
		t.show = func(c *corpus) string {
			return fmt.Sprintf("%s%s validate --profile %s %s", prefix, *omnigen, prof(c), omniShow(c))
		}
		return t
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
		{name: toolSimdjson, selfTimed: true, kinds: "full", broken: *simdjsonErr,
			argv: func(c *corpus) []string { return append([]string{*simdjson}, files(c)...) },
			show: func(c *corpus) string { return *simdjson + " " + glob(c) }},
		omniTool(toolMessage, "full gzip one many", false),
		omniTool(toolMessage, "full", true),
		omniTool(toolProfile, "full", false),
		omniTool(toolProfile, "full", true),
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
	fmt.Printf("Every row is timed as a whole process (wall time), except %s: its MB/s and lines/s come from\n", toolSimdjson)
	fmt.Println("the seconds it prints, its own timer around `parse_many` alone, the file already loaded into memory (one thread).")
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
	printIssue22(os.Stdout, cs, best, runtime.GOMAXPROCS(0))

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

// printIssue22 prints the targets of issue 22, from the best runs of one
// corpus's turn-taking tools: simdjson's parse alone (its own timer, the file
// in memory) beside omnigen as a whole process on one core (GOMAXPROCS=1) and
// on the default cores (cores: the GOMAXPROCS the runner has, which omnigen,
// built by the same Go, has too); then the message profile on one core over
// simdjson, the trace or stream profile over the message profile, and the
// default cores over one core.
func printIssue22(w io.Writer, cs []*corpus, best map[string]float64, cores int) {
	ratio := func(a, b float64) string {
		if a == 0 || b == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f", a/b)
	}
	speed := func(v float64) string {
		if v == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f", v)
	}
	n := fmt.Sprintf("%d cores", cores)
	if cores == 1 {
		n = "1 core (the default)"
	}
	fmt.Fprintln(w, "### Ratios (issue 22; best runs, side by side)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "simdjson: `dom::parser::parse_many`, one thread, its own timer around the parse alone, the file already in memory.")
	fmt.Fprintf(w, "omnigen: the whole process, reading included, with GOMAXPROCS=1 (1 core) and without (%s). MB/s:\n", n)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| corpus | simdjson parse | message, 1 core | message, %s | profile, 1 core | profile, %s |\n", n, n)
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|")
	type row struct{ name, sj, msg1, msgN, prof1, profN string }
	var rows []row
	for _, c := range cs {
		if c.kind != "full" {
			continue
		}
		prof := label(tool{name: toolProfile}, c)
		get := func(t string) float64 { return best[c.name+"/"+t] }
		sj, msg1, msgN, prof1, profN := get(toolSimdjson), get(toolMessage+oneCore), get(toolMessage), get(prof+oneCore), get(prof)
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", c.name, speed(sj), speed(msg1), speed(msgN), speed(prof1), speed(profN))
		rows = append(rows, row{c.name, ratio(msg1, sj), ratio(prof1, msg1), ratio(profN, msgN), ratio(msgN, msg1), ratio(profN, prof1)})
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| corpus | message, 1 core ÷ simdjson (≥ 1.0) | profile ÷ message, 1 core (≥ 0.85) | profile ÷ message, %s (≥ 0.85) "+
		"| message: %s ÷ 1 core (≥ 1.7) | profile: %s ÷ 1 core (≥ 1.7) |\n", n, n, n)
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", r.name, r.sj, r.msg1, r.msgN, r.prof1, r.profN)
	}
	fmt.Fprintln(w)
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
			one, startErr := runOnce(t.argv(c), t.env, timeout)
			if startErr != nil {
				res[i], done[i] = result{status: "not run: " + startErr.Error()}, true
				continue
			}
			r := &res[i]
			spent[i] += one.wall
			r.runs++
			r.rssKB = max(r.rssKB, one.rssKB)
			timed, status := one.wall, one.status
			if t.selfTimed && status == "ok" {
				timed, status = selfTime(one.out, c)
			}
			if status == "ok" && (r.wall == 0 || timed < r.wall) {
				r.wall, r.cpu = timed, one.cpu
			}
			r.status = status
			done[i] = status != "ok" // a failing tool is not timed again
		}
	}
	return res
}

// parseSelfTimed reads the line a self-timed tool prints last:
// "bytes=N seconds=S docs=D" (the bytes and documents it parsed and the
// seconds its own timer measured).
func parseSelfTimed(out []byte) (bytes, docs int64, seconds float64, err error) {
	line := ""
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			line = l
		}
	}
	seen := map[string]bool{}
	for _, f := range strings.Fields(line) {
		k, v, ok := strings.Cut(f, "=")
		var perr error
		switch {
		case !ok || seen[k]:
			perr = errors.New("bad field")
		case k == "bytes":
			bytes, perr = strconv.ParseInt(v, 10, 64)
		case k == "docs":
			docs, perr = strconv.ParseInt(v, 10, 64)
		case k == "seconds":
			seconds, perr = strconv.ParseFloat(v, 64)
		default:
			perr = errors.New("unknown field")
		}
		if perr != nil {
			return 0, 0, 0, fmt.Errorf("want bytes=N seconds=S docs=D last, got %q", line)
		}
		seen[k] = true
	}
	if !seen["bytes"] || !seen["docs"] || !seen["seconds"] || seconds <= 0 || bytes < 0 || docs < 0 {
		return 0, 0, 0, fmt.Errorf("want bytes=N seconds=S docs=D last, got %q", line)
	}
	return bytes, docs, seconds, nil
}

// selfTime is the time a self-timed tool printed, and "ok" if it parsed all
// of c: every byte and one document per line (each line of a corpus is one).
func selfTime(out []byte, c *corpus) (time.Duration, string) {
	bytes, docs, seconds, err := parseSelfTimed(out)
	switch {
	case err != nil:
		return 0, "FAILED: " + err.Error()
	case bytes != c.bytes || docs != c.lines:
		return 0, fmt.Sprintf("FAILED: parsed %d bytes, %d documents; the corpus has %d bytes, %d lines", bytes, docs, c.bytes, c.lines)
	}
	return time.Duration(seconds * float64(time.Second)), "ok"
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

// oneRun is what runOnce measured of one run.
type oneRun struct {
	wall, cpu time.Duration
	rssKB     int64
	status    string // "ok" or what went wrong
	out       []byte // the last bytes of its output (standard output and error)
}

// runOnce runs argv once, with env added to the runner's environment.
func runOnce(argv, env []string, timeout time.Duration) (one oneRun, startErr error) {
	if _, err := exec.LookPath(argv[0]); err != nil {
		return one, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var report string
	if gnuTime != "" {
		f, err := os.CreateTemp("", "bench-time-")
		if err != nil {
			return one, err
		}
		f.Close()
		report = f.Name()
		defer os.Remove(report)
		argv = append([]string{gnuTime, "-f", "%M %U %S", "-o", report}, argv...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	out := &tail{}
	if filepath.Base(toolBinary(argv)) != "cat" {
		cmd.Stdout = out
	} // cat writes to /dev/null (a nil Stdout)
	cmd.Stderr = out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return one, err
	}
	err := cmd.Wait()
	one.wall = time.Since(start)
	one.out = out.b
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		one.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if report != "" {
		if data, err := os.ReadFile(report); err == nil {
			// The last line; GNU time writes "Command exited with non-zero status N" first.
			fs := strings.Fields(lastLine(data))
			if len(fs) == 3 {
				one.rssKB, _ = strconv.ParseInt(fs[0], 10, 64)
				u, _ := strconv.ParseFloat(fs[1], 64)
				s, _ := strconv.ParseFloat(fs[2], 64)
				one.cpu = time.Duration((u + s) * float64(time.Second))
			}
		}
	}
	switch {
	case ctx.Err() != nil:
		one.status = fmt.Sprintf("timeout after %s", timeout)
	case err != nil:
		var ee *exec.ExitError
		code := -1
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		one.status = fmt.Sprintf("FAILED exit %d: %s", code, lastLine(out.b))
	default:
		one.status = "ok"
	}
	return one, nil
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
