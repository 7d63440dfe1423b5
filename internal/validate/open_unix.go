//go:build unix

package validate

import (
	"io"
	"io/fs"
	"syscall"
)

// openFile opens a file for reading with plain system calls. os.Open would
// also set the descriptor non-blocking and try to register it with the
// network poller (which refuses regular files), three more system calls
// that a directory of thousands of small files pays for each one. Errors
// are the *fs.PathError os.Open and os.File.Read return.
func openFile(path string) (io.Reader, func(), error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f := &fdFile{fd: fd, path: path}
	return f, func() { syscall.Close(f.fd) }, nil
}

type fdFile struct {
	fd   int
	path string
}

func (f *fdFile) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, b)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.path, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}
