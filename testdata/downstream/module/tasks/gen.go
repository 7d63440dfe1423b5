// Package tasks is OmniMessage with this module's task_finished event: its
// types are generated from schema/tasks.schema.json, which references the
// canonical schema and extends its event union.
package tasks

//go:generate go run github.com/omnigen-dev/omnigen/cmd/omnigen generate --schema ../schema/tasks.schema.json --go-out . --go-package tasks
