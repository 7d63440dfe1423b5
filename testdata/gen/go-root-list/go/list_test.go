package rootlist

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// A document that is a list: Unmarshal returns it, Marshal writes it back,
// and the JSON Lines Decoder reads one a line.
func TestRootList(t *testing.T) {
	in := `[{"seconds":5,"title":"Two","artist":"X"},{"title":"One","seconds":60}]`
	tracks, err := Unmarshal([]byte(in))
	if err != nil || len(tracks) != 2 || tracks[0].Title != "Two" || *tracks[0].Artist != "X" {
		t.Fatalf("Unmarshal: %+v, %v", tracks, err)
	}
	if out, err := Marshal(tracks); err != nil || string(out) != in {
		t.Errorf("Marshal: %s, %v; want %s", out, err, in)
	}
	dec := NewDecoder(strings.NewReader("[]\n" + in + "\n"))
	var lens []int
	for {
		ts, err := dec.Decode()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		lens = append(lens, len(ts))
	}
	if len(lens) != 2 || lens[0] != 0 || lens[1] != 2 {
		t.Errorf("Decoder read lists of %v tracks", lens)
	}
	five := Tracks{*NewTrack("a", 1), *NewTrack("b", 1), *NewTrack("c", 1), *NewTrack("d", 1), *NewTrack("e", 1)}
	var perr *Error
	if _, err := Marshal(five); !errors.As(err, &perr) || perr.Message != "must have at most 4 items, got 5" {
		t.Errorf("Marshal of five tracks: %v", err)
	}
}
