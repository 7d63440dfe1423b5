package golang

import (
	"strings"
	"testing"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// prune drops the unexported functions of the package's own files that
// nothing names, with their doc comments, until none is left (a function
// called only by one dropped goes too), and keeps what is named anywhere:
// a method a selector names, a marker method an interface declares, a
// function only a runtime file or a test calls, anything exported.
func TestPrune(t *testing.T) {
	codec := `package p

// Decode is exported.
func Decode() int { return used() }

// used is called by Decode.
func used() int { return 1 }

// unused is called by nothing.
func unused() int { return onlyByUnused() }

// onlyByUnused is called by unused alone.
func onlyByUnused() int { return 2 }

type e struct{}

// write is called as a method.
func (e) write() {}

// drop is a method no selector names.
func (e) drop() {}

type marker interface{ isMarker() }

func (e) isMarker() {}

// forRuntime is called by the runtime file.
func forRuntime() {}

// forTest is called by a test file.
func forTest() {}

func init() { e{}.write() }
`
	runtime := "package p\n\nfunc rt() { forRuntime() }\n\nfunc rtUnused() {}\n"
	test := "package p\n\nfunc check() { forTest() }\n"
	files := []gen.File{{Path: "codec.go", Content: []byte(codec)}, {Path: "json.go", Content: []byte(runtime)}, {Path: "x_test.go", Content: []byte(test)}}
	out, err := prune(files, func(path string) bool { return path == "codec.go" })
	if err != nil {
		t.Fatal(err)
	}
	got := string(out[0].Content)
	for _, gone := range []string{"unused", "onlyByUnused", "drop", "a method no selector"} {
		if strings.Contains(got, gone) {
			t.Errorf("prune kept %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"func Decode", "func used", "func (e) write", "func (e) isMarker", "func forRuntime", "func forTest", "func init"} {
		if !strings.Contains(got, kept) {
			t.Errorf("prune dropped %q:\n%s", kept, got)
		}
	}
	if string(out[1].Content) != runtime || string(out[2].Content) != test {
		t.Error("prune changed a file that is not the package's own")
	}
	if string(files[0].Content) != codec {
		t.Error("prune changed its input")
	}
}
