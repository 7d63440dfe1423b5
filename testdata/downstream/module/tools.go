//go:build tools

// This file records the tools go:generate runs, so that go mod tidy keeps
// their requirements in go.mod; the tools build tag keeps it out of builds.
package main

import _ "github.com/omnigen-dev/omnigen/cmd/omnigen"
