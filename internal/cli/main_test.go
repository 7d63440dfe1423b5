package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the tests a cache directory of their own, so that the
// generate cache (gencache.go) neither reads what a user's runs left in
// ~/.cache nor leaves the tests' manifests there.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "omnigen-cli-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
