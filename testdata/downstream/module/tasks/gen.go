// Package tasks is OmniMessage with this module's task_finished event: its
// types are generated from schema/tasks.schema.json, which references the
// canonical schema and extends its event union, as omnigen.yaml says.
package tasks

//go:generate go tool omnigen generate
