module github.com/omnigen-dev/omnigen

go 1.24

require (
	github.com/dave/jennifer v1.7.1
	github.com/gertd/go-pluralize v0.2.1
	github.com/klauspost/compress v1.19.2
	github.com/pmezard/go-difflib v1.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/term v0.30.0
	golang.org/x/text v0.14.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	golang.org/x/sys v0.31.0 // indirect
)
