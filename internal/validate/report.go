package validate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Severity says how much a finding matters.
type Severity uint8

const (
	// Error: the line is invalid and the run fails (exit code 1; 2 for an I/O
	// error).
	Error Severity = iota
	// Warning: something worth knowing that does not fail the run (a blank
	// line, a torn last line of a Trace).
	Warning
	// Notice: information about a file (it is empty).
	Notice
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Notice:
		return "notice"
	}
	return "error"
}

// Rule names what kind of check a finding comes from; the JSON format
// carries it so that tools can filter on it.
const (
	RuleIO        = "io"        // the input could not be read
	RuleEncoding  = "encoding"  // byte-order mark, invalid UTF-8
	RuleSyntax    = "syntax"    // not one JSON value, torn last line
	RuleDuplicate = "duplicate" // a duplicate key
	RuleNumber    = "number"    // a number JavaScript reads as Infinity
	RuleLimit     = "limit"     // a line whose checks would need too much memory
	RuleBlank     = "blank"     // a blank line
	RuleEmpty     = "empty"     // an empty file
	RuleSchema    = "schema"    // the schema rejects the line
	RuleTrace     = "trace"     // a Trace rule
	RuleStream    = "stream"    // a stream rule
)

// Finding is one problem (or note) about one line, or about a file when
// Line is 0.
type Finding struct {
	File     string
	Line     int
	Pointer  string // RFC 6901; "" is the whole line
	Severity Severity
	Rule     string
	Message  string

	// was is, for a finding about an earlier line (found at the end of the
	// file), the category that line had been counted in.
	was category
	// late marks such a finding.
	late bool
}

// Reporter prints findings in input order.
type Reporter interface {
	Report(f Finding) error
	// Flush writes out anything buffered.
	Flush() error
}

// Formats lists the output formats NewReporter knows.
var Formats = []string{"text", "json", "github"}

// NewReporter returns a reporter that writes findings to w in format:
//
//   - text: "FILE:LINE: POINTER: message" ("/" is the pointer of the whole
//     line), with "warning: " or "note: " before the message of a finding that
//     is not an error, and "FILE: message" for a finding about a whole file;
//   - json: one object per line with file, line, pointer, severity, rule and
//     message (line 0 for a whole file; pointer "" for the whole line);
//   - github: GitHub Actions workflow commands ("::error file=…,line=…::…"),
//     which become annotations on the pull request.
func NewReporter(format string, w io.Writer) (Reporter, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	switch format {
	case "text":
		return &textReporter{w: bw}, nil
	case "json":
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
		return &jsonReporter{w: bw, enc: enc}, nil
	case "github":
		return &githubReporter{w: bw}, nil
	}
	return nil, fmt.Errorf("unknown format %q: want one of %s", format, strings.Join(Formats, ", "))
}

// displayPointer is how text shows a pointer: "/" for the whole line, as
// schema.Error does.
func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

type textReporter struct{ w *bufio.Writer }

func (r *textReporter) Report(f Finding) error {
	w := r.w
	w.WriteString(f.File)
	if f.Line > 0 {
		w.WriteByte(':')
		w.WriteString(strconv.Itoa(f.Line))
		w.WriteString(": ")
		w.WriteString(displayPointer(f.Pointer))
	}
	w.WriteString(": ")
	switch f.Severity {
	case Warning:
		w.WriteString("warning: ")
	case Notice:
		w.WriteString("note: ")
	}
	w.WriteString(oneLine(f.Message))
	return w.WriteByte('\n')
}

func (r *textReporter) Flush() error { return r.w.Flush() }

type jsonReporter struct {
	w   *bufio.Writer
	enc *json.Encoder
}

type jsonFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Pointer  string `json:"pointer"`
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
}

func (r *jsonReporter) Report(f Finding) error {
	return r.enc.Encode(jsonFinding{
		File: f.File, Line: f.Line, Pointer: f.Pointer,
		Severity: f.Severity.String(), Rule: f.Rule, Message: f.Message,
	})
}

func (r *jsonReporter) Flush() error { return r.w.Flush() }

type githubReporter struct{ w *bufio.Writer }

func (r *githubReporter) Report(f Finding) error {
	w := r.w
	w.WriteString("::")
	w.WriteString(f.Severity.String())
	w.WriteString(" file=")
	w.WriteString(ghProperty(f.File))
	if f.Line > 0 {
		w.WriteString(",line=")
		w.WriteString(strconv.Itoa(f.Line))
	}
	w.WriteString(",title=")
	w.WriteString(ghProperty("omnigen validate (" + f.Rule + ")"))
	w.WriteString("::")
	msg := f.Message
	if f.Line > 0 {
		msg = displayPointer(f.Pointer) + ": " + msg
	}
	w.WriteString(ghData(msg))
	return w.WriteByte('\n')
}

func (r *githubReporter) Flush() error { return r.w.Flush() }

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// oneLine keeps a text finding on one line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}
