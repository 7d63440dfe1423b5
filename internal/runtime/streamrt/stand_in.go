package streamrt

// What a generated package declares and stream.go uses: its root type and
// its entry points. Here they are stand-ins, so that stream.go compiles
// and is tested on its own; omnigen copies only stream.go.

import (
	"encoding/json"
	"errors"
)

// Root stands in for the root type: one line holds {"n": N} with N >= 0.
type Root struct{ N int }

// Unmarshal stands in for the generated Unmarshal.
func Unmarshal(data []byte) (Root, error) {
	var v struct{ N *int }
	if err := json.Unmarshal(data, &v); err != nil {
		return Root{}, err
	}
	if v.N == nil || *v.N < 0 {
		return Root{}, errors.New("/n: must be an integer >= 0")
	}
	return Root{N: *v.N}, nil
}

// Marshal stands in for the generated Marshal.
func Marshal(v Root) ([]byte, error) {
	if v.N < 0 {
		return nil, errors.New("/n: must be an integer >= 0")
	}
	return json.Marshal(map[string]int{"n": v.N})
}
