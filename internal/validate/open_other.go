//go:build !unix

package validate

import (
	"io"
	"os"
)

// openFile opens a file for reading (see open_unix.go).
func openFile(path string) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
