module github.com/omnigen-dev/omnigen

go 1.24

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/text v0.14.0
)
