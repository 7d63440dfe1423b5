// Package goals is OmniMessage with this module's goal_finished event: its
// types are generated from schema/goals.schema.json, which references the
// canonical schema and extends its event union.
package goals

//go:generate go run github.com/omnigen-dev/omnigen/cmd/omnigen generate --schema ../schema/goals.schema.json --go-out . --go-package goals
