package validate

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Below a directory argument, each entry that cannot be read has its answer
// (see Inputs), and none keeps the other files from being checked.
func TestDirectoryEntries(t *testing.T) {
	dir := t.TempDir()
	good := `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"request_begin"}}` + "\n"
	write := func(name, data string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.jsonl", good)
	write("m/inside.jsonl", "{}\n")
	write("z.jsonl", good+good)
	for name, target := range map[string]string{
		"loop.jsonl":     "loop.jsonl",
		"dangling.jsonl": "nothing-there.jsonl",
		"linked.jsonl":   "a.jsonl",
		"dir.jsonl":      "m",
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "sock.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// A directory that cannot be listed, even by root: its path is longer
	// than the kernel takes (made one level at a time, relative to the last).
	long := strings.Repeat("d", 250)
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		if err := syscall.Mkdirat(fd, long, 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := syscall.Openat(fd, long, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		syscall.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		fd = next
	}
	syscall.Close(fd)
	want := []string{
		"a.jsonl: ",
		"dangling.jsonl: error: cannot follow the symbolic link: no such file or directory",
		"dddd…: error: cannot read the directory: file name too long",
		"dir.jsonl: notice: a symbolic link to a directory: not followed",
		"fifo.jsonl: error: not a regular file (a named pipe): not read",
		"linked.jsonl: ",
		"loop.jsonl: error: cannot follow the symbolic link: too many levels of symbolic links",
		"m/inside.jsonl: ",
		"sock.jsonl: error: not a regular file (a socket): not read",
		"z.jsonl: ",
	}
	if os.Geteuid() != 0 {
		write("p/q.jsonl", good)
		os.Chmod(filepath.Join(dir, "p"), 0)
		defer os.Chmod(filepath.Join(dir, "p"), 0o755)
		want = append(want[:8], append([]string{"p: error: cannot read the directory: permission denied"}, want[8:]...)...)
	} else {
		t.Log("running as root: a directory without permissions would be read, so that case is not tried")
	}
	inputs, err := Inputs([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	c := &collect{}
	sum, err := Run(inputs, Options{Reporter: c})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range inputs {
		name, _ := filepath.Rel(dir, in.Name)
		if strings.HasPrefix(name, "dd") {
			name = "dddd…"
		}
		line := name + ": "
		for _, f := range c.findings {
			if f.File == in.Name && f.Line == 0 {
				line += f.Severity.String() + ": " + f.Message
			}
		}
		got = append(got, line)
	}
	if len(got) != len(want) {
		t.Fatalf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) || (strings.HasSuffix(want[i], ": ") && got[i] != want[i]) {
			t.Errorf("%s, want %s…", got[i], want[i])
		}
	}
	// Every readable file was checked: 5 lines, the one of m/inside.jsonl
	// invalid; each entry that could not be read counts (all but the 4
	// files and the notice).
	if sum.Lines != 5 || sum.Valid != 4 || sum.Invalid != 1 || sum.IOErrors != len(want)-5 {
		t.Errorf("summary %+v", sum)
	}
}
