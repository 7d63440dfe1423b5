// Package goals is OmniMessage with this module's goal_finished event: its
// types are generated from schema/goals.schema.json, which references the
// canonical schema and extends its event union, as omnigen.yaml says.
package goals

//go:generate go tool omnigen generate
