package cli

// What omnigen breaking compares with: --against as a file, REF:PATH, a git
// ref or buf's .git#branch=NAME form; and where a change is in a schema
// file, for annotations.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/breaking"
	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/jsonptr"
)

// loadAgainst builds the old schema that against names, for the new schema
// newArg ("" for the embedded one), and returns how to name it.
func loadAgainst(against, newArg string) (string, *model.Schema, error) {
	if info, err := os.Stat(against); err == nil && !info.IsDir() {
		s, err := loadSchema(against)
		return against, s, err
	}
	if repo, ref, ok, err := parseGitInput(against); ok || err != nil {
		if err != nil {
			return "", nil, err
		}
		return schemaAtRef(repo, ref, newArg)
	}
	if strings.Contains(against, ":") {
		s, err := loadSchema(against)
		return against, s, err
	}
	if newArg == "" {
		return "", nil, usageError("--against %s: no such file (as a git ref, it needs the schema as a file: give NEW, --schema, or schema in omnigen.yaml)", against)
	}
	return schemaAtRef("", against, newArg)
}

// parseGitInput reads buf's git input form, DIR.git#branch=NAME (or tag=,
// ref=), "DIR" empty for the current repository. ok is false when against
// is not of that form.
func parseGitInput(against string) (repo, ref string, ok bool, err error) {
	path, opts, found := strings.Cut(against, "#")
	if !found || !strings.HasSuffix(path, ".git") {
		return "", "", false, nil
	}
	repo = strings.TrimSuffix(path, ".git")
	if repo == "" {
		repo = "."
	}
	for _, opt := range strings.Split(opts, ",") {
		k, v, _ := strings.Cut(opt, "=")
		switch {
		case v == "":
			return "", "", true, usageError("--against %s: %q needs a value, as in .git#branch=main", against, opt)
		case k == "branch" || k == "tag" || k == "ref":
			if ref != "" {
				return "", "", true, usageError("--against %s: give one of branch, tag or ref", against)
			}
			ref = v
			if k == "tag" {
				ref = "refs/tags/" + v
			}
		default:
			return "", "", true, usageError("--against %s: unknown key %q; want branch, tag or ref", against, k)
		}
	}
	if ref == "" {
		return "", "", true, usageError("--against %s: say which commit: .git#branch=NAME, .git#tag=NAME or .git#ref=REF", against)
	}
	return repo, ref, true, nil
}

// schemaAtRef reads the new schema's file as of ref in the git repository
// at repo ("" for the one that holds the file).
func schemaAtRef(repo, ref, newArg string) (string, *model.Schema, error) {
	if newArg == "" {
		return "", nil, usageError("--against %s: comparing with a git ref needs the schema as a file: give NEW, --schema, or schema in omnigen.yaml", ref)
	}
	file, err := filepath.Abs(newArg)
	if err != nil {
		return "", nil, err
	}
	if repo == "" {
		repo = filepath.Dir(file)
	}
	top, err := git(repo, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", nil, usageError("--against %s: %s is not in a git repository: %v", ref, display(file), err)
	}
	top = strings.TrimSpace(top)
	rel, err := filepath.Rel(evalSymlinks(top), evalSymlinks(file))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", nil, usageError("--against %s: %s is not in the git repository at %s", ref, display(file), top)
	}
	if _, err := git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
		return "", nil, usageError("--against %s: no such file, and not a commit of the git repository at %s", ref, display(top))
	}
	name := ref + ":" + filepath.ToSlash(rel)
	data, err := git(repo, "show", name)
	if err != nil {
		return "", nil, usageError("git show %s: %v", name, err)
	}
	s, err := buildSchema([]byte(data), file, name)
	return name, s, err
}

func evalSymlinks(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	return path
}

// git runs git in dir and returns its standard output; the error is git's
// message.
func git(dir string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	c := exec.Command("git", args...)
	c.Dir, c.Stdout, c.Stderr = dir, &stdout, &stderr
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("%s", msg)
	}
	return stdout.String(), nil
}

// writeBreakingAnnotations prints a report as GitHub Actions annotations:
// an error per breaking change and a notice per compatible one, each at the
// line of the schema file in the working tree that its pointer names (NEW's
// file, else OLD's when it is a file), and a summary notice.
func writeBreakingAnnotations(w io.Writer, r *breaking.Report, newFile, oldArg string) {
	files := []string{newFile}
	if info, err := os.Stat(oldArg); err == nil && !info.IsDir() {
		files = append(files, oldArg)
	}
	contents := map[string][]byte{}
	for _, f := range files {
		if f != "" {
			if data, err := os.ReadFile(f); err == nil {
				contents[f] = data
			}
		}
	}
	for _, c := range r.Changes {
		file, line := newFile, 0
		for _, f := range files {
			if n := pointerLine(contents[f], c.Pointer); n > 0 {
				file, line = f, n
				break
			}
		}
		level := "notice"
		if c.Severity == breaking.Breaking {
			level = "error"
		}
		ghAnnotation(w, level, file, line, "omnigen breaking ("+string(c.Rule)+")", c.Pointer+": "+c.Label()+": "+c.Message)
	}
	b, k := r.Count()
	ghAnnotation(w, "notice", "", 0, "omnigen breaking", fmt.Sprintf("%d breaking, %d compatible changes from %s to %s", b, k, r.Old, r.New))
}

// pointerLine is the line of data, a JSON document, at which the value that
// ptr ("#/$defs/X/properties/y") names starts: the line of its key, or of
// the value itself in an array. 0 when data does not hold it, or ptr is
// into another document.
func pointerLine(data []byte, ptr string) int {
	rest, ok := strings.CutPrefix(ptr, "#")
	if !ok || data == nil {
		return 0
	}
	if rest == "" {
		return 1
	}
	var want []string
	for _, tok := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		want = append(want, jsonptr.Unescape(tok))
	}
	lineAt := func(off int64) int { return 1 + bytes.Count(data[:off], []byte("\n")) }
	dec := json.NewDecoder(bytes.NewReader(data))
	// path is where the decoder is; index counts an array's items, key says
	// that an object's next string token is a key.
	type level struct {
		array bool
		index int
		key   bool
	}
	var stack []level
	var path []string
	matches := func() bool {
		if len(path) != len(want) {
			return false
		}
		for i := range path {
			if path[i] != want[i] {
				return false
			}
		}
		return true
	}
	// value is called before each value: in an array it names the value.
	value := func() {
		if n := len(stack); n > 0 && stack[n-1].array {
			path[len(path)-1] = strconv.Itoa(stack[n-1].index)
			stack[n-1].index++
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0
		}
		n := len(stack)
		if d, ok := tok.(json.Delim); ok && (d == ']' || d == '}') {
			stack, path = stack[:n-1], path[:len(path)-1]
			if n := len(stack); n > 0 && !stack[n-1].array {
				stack[n-1].key = true
			}
			continue
		}
		if n > 0 && !stack[n-1].array && stack[n-1].key {
			path[len(path)-1] = tok.(string)
			stack[n-1].key = false
			if matches() {
				return lineAt(dec.InputOffset())
			}
			continue
		}
		value()
		if n > 0 && stack[n-1].array && matches() {
			return lineAt(dec.InputOffset())
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, level{array: d == '[', key: d == '{'})
			path = append(path, "")
			continue
		}
		if n > 0 && !stack[n-1].array {
			stack[n-1].key = true
		}
	}
}
