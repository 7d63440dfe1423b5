package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// StdinName is how findings name standard input.
const StdinName = "<stdin>"

// Input is one source of JSON Lines.
type Input struct {
	// Name is how findings name it: the path as given or as found below a
	// directory argument, or StdinName.
	Name string
	// Path is the file to open; "" means standard input.
	Path string
	// Size is the file's size in bytes (compressed, for gzip), or -1 when
	// unknown.
	Size int64
}

// DefaultInclude are the names of the files a directory argument stands for
// when no other globs are given.
var DefaultInclude = []string{"*.jsonl", "*.jsonl.gz"}

// Inputs expands command-line arguments into inputs: "-" (or no argument at
// all) is standard input, a file is itself whatever its name, and a
// directory stands for every *.jsonl and *.jsonl.gz file below it, in sorted
// order. A path given twice is read once. A missing path or a directory
// without such files is an error.
func Inputs(args []string) ([]Input, error) { return InputsIncluding(args, nil) }

// InputsIncluding is Inputs where a directory stands for the files below it
// whose names match one of the globs of include (filepath.Match patterns
// such as "*.ndjson"); nil means DefaultInclude.
func InputsIncluding(args, include []string) ([]Input, error) {
	if include == nil {
		include = DefaultInclude
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	var out []Input
	seen := map[string]bool{}
	add := func(in Input) {
		key := in.Path
		if key != "" {
			key = filepath.Clean(key)
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, in)
		}
	}
	for _, arg := range args {
		if arg == "-" {
			add(Input{Name: StdinName, Size: -1})
			continue
		}
		if arg == "" {
			return nil, errors.New("an empty path")
		}
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			add(Input{Name: arg, Path: arg, Size: size(info)})
			continue
		}
		found, err := filesBelow(arg, include)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: a directory with no %s file in it or below it", arg, strings.Join(include, " or "))
		}
		for _, in := range found {
			add(in)
		}
	}
	return out, nil
}

// included reports whether a file name is one a directory argument stands
// for.
func included(name string, include []string) bool {
	for _, glob := range include {
		if ok, _ := filepath.Match(glob, name); ok {
			return true
		}
	}
	return false
}

func filesBelow(dir string, include []string) ([]Input, error) {
	var out []Input
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !included(d.Name(), include) {
			return nil
		}
		info, err := os.Stat(path) // follows a symbolic link
		if err != nil {
			return err
		}
		if info.Mode().IsRegular() {
			out = append(out, Input{Name: path, Path: path, Size: size(info)})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
}

func size(info fs.FileInfo) int64 {
	if !info.Mode().IsRegular() {
		return -1
	}
	return info.Size()
}
