package streamrt

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// decodeAll reads r to the end and describes each Decode's result.
func decodeAll(t *testing.T, r io.Reader) []string {
	t.Helper()
	d := NewDecoder(r)
	var got []string
	for i := 0; i < 100; i++ {
		v, err := d.Decode()
		var le *LineError
		switch {
		case err == io.EOF:
			return got
		case errors.Is(err, ErrTornLine) && errors.As(err, &le):
			got = append(got, "torn@"+itoa(le.Line))
		case errors.As(err, &le):
			got = append(got, "error@"+itoa(le.Line))
		case err != nil:
			t.Fatalf("Decode: %v", err)
		default:
			got = append(got, itoa(v.N)+"@"+itoa(d.Line()))
		}
	}
	t.Fatal("Decode never returned io.EOF")
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestDecoder(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     string
	}{
		{"empty", "", ""},
		{"lines", "{\"n\":1}\n{\"n\":2}\n", "1@1 2@2"},
		{"no final newline, valid", "{\"n\":1}\n{\"n\":2}", "1@1 2@2"},
		{"CRLF", "{\"n\":1}\r\n{\"n\":2}\r\n", "1@1 2@2"},
		{"torn last line", "{\"n\":1}\n{\"n\":", "1@1 torn@2"},
		{"invalid last line with no newline is not torn", "{\"n\":1}\n{\"n\":-1}", "1@1 error@2"},
		{"a bad line in the middle is skipped", "{\"n\":1}\n{\"n\":\n{\"n\":3}\n", "1@1 error@2 3@3"},
		{"blank line", "{\"n\":1}\n\n{\"n\":3}\n", "1@1 error@2 3@3"},
	} {
		got := strings.Join(decodeAll(t, strings.NewReader(c.in)), " ")
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		// The same, read one byte at a time.
		if got := strings.Join(decodeAll(t, iotest.OneByteReader(strings.NewReader(c.in))), " "); got != c.want {
			t.Errorf("%s, one byte at a time: got %q, want %q", c.name, got, c.want)
		}
	}
}

// A line longer than any buffer decodes, and its error names its line.
func TestDecoderLongLine(t *testing.T) {
	long := "{\"n\":7" + strings.Repeat(" ", 1<<20) + "}\n"
	got := decodeAll(t, strings.NewReader("{\"n\":1}\n"+long+"{\"n\"\n"))
	if strings.Join(got, " ") != "1@1 7@2 error@3" {
		t.Errorf("got %v", got)
	}
}

func TestDecoderReadError(t *testing.T) {
	boom := errors.New("boom")
	d := NewDecoder(io.MultiReader(strings.NewReader("{\"n\":1}\n{\"n\""), iotest.ErrReader(boom)))
	if v, err := d.Decode(); err != nil || v.N != 1 {
		t.Fatalf("first line: %v, %v", v, err)
	}
	for i := 0; i < 2; i++ {
		if _, err := d.Decode(); err != boom {
			t.Errorf("call %d after the read error: %v, want it", i, err)
		}
	}
}

// writes records each Write call.
type writes struct{ calls [][]byte }

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, append([]byte(nil), p...))
	return len(p), nil
}

func TestEncoder(t *testing.T) {
	var w writes
	e := NewEncoder(&w)
	for _, n := range []int{1, 22} {
		if err := e.Encode(Root{N: n}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Encode(Root{N: -1}); err == nil {
		t.Error("Encode of a value Marshal rejects succeeded")
	}
	want := [][]byte{[]byte("{\"n\":1}\n"), []byte("{\"n\":22}\n")}
	if len(w.calls) != len(want) || !bytes.Equal(w.calls[0], want[0]) || !bytes.Equal(w.calls[1], want[1]) {
		t.Errorf("writes %q, want one per message: %q", w.calls, want)
	}
}
