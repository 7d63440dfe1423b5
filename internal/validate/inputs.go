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
	// Err, when not nil, says why an entry found below a directory argument
	// is not read (see Inputs): Run reports it as an I/O error about the
	// entry, and goes on with the other inputs.
	Err error
	// Note, when not "", says why an entry found below a directory argument
	// is passed over without being an error; Run reports it as a notice.
	Note string
}

// DefaultInclude are the names of the files a directory argument stands for
// when no other globs are given.
var DefaultInclude = []string{"*.jsonl", "*.jsonl.gz"}

// Inputs expands command-line arguments into inputs: "-" (or no argument at
// all) is standard input, a file is itself whatever its name (a named pipe
// too: <(zcat x.gz) is one), and a directory stands for every *.jsonl and
// *.jsonl.gz file below it, in sorted order. A path given twice is read once.
// A missing path or a directory with nothing of that name below it is an
// error.
//
// Below a directory, what cannot be read is an input of its own, with Err
// set, reported where it sorts, so that every readable file is still
// checked and the run ends with exit code 2:
//   - a directory that cannot be listed (no permission, a path too long);
//   - an entry with an included name that is a symbolic link which cannot
//     be followed (a loop, or to nothing);
//   - one that is a named pipe, a socket or a device: it is not opened, as
//     reading it could block for ever or never end.
//
// A symbolic link to a directory is not followed (it could lead in a
// circle); one with an included name gets a notice (Note). Other symbolic
// links to files are read; a file that cannot be opened is an I/O error
// when its turn comes.
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
		found := filesBelow(arg, include)
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

// filesBelow lists the inputs a directory argument stands for, and the
// entries below it that cannot be read, sorted by path.
func filesBelow(dir string, include []string) []Input {
	var out []Input
	problem := func(path string, err error) {
		out = append(out, Input{Name: path, Path: path, Err: err})
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil && (d == nil || d.IsDir()):
			// The directory could not be listed: the rest is.
			problem(path, fmt.Errorf("cannot read the directory: %w", unwrapPath(err)))
			return nil
		case err != nil:
			problem(path, unwrapPath(err))
			return nil
		case d.IsDir() || !included(d.Name(), include):
			return nil
		}
		info, err := os.Stat(path) // follows a symbolic link
		mode := fs.FileMode(0)
		if err == nil {
			mode = info.Mode()
		}
		switch {
		case err != nil && d.Type()&fs.ModeSymlink != 0:
			problem(path, fmt.Errorf("cannot follow the symbolic link: %w", unwrapPath(err)))
		case err != nil:
			problem(path, unwrapPath(err))
		case mode.IsRegular():
			out = append(out, Input{Name: path, Path: path, Size: size(info)})
		case mode.IsDir():
			out = append(out, Input{Name: path, Path: path,
				Note: "a symbolic link to a directory: not followed (it could lead in a circle)"})
		default:
			problem(path, fmt.Errorf("not a regular file (%s): not read, as reading it could block or never end", kindOf(mode)))
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// unwrapPath drops the path from an error about path: findings name it.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// kindOf names the kind of a file that is not a regular one.
func kindOf(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

func size(info fs.FileInfo) int64 {
	if !info.Mode().IsRegular() {
		return -1
	}
	return info.Size()
}
