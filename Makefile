# omnigen's tasks. `make demo` sets up and runs the main job; `make test` runs
# every test (CI runs exactly that, see .ci/run).

SHELL   := bash
GO      ?= go
OMNIGEN := $(GO) run ./cmd/omnigen
TS      := gen/ts

.PHONY: demo setup test test-go test-ts generate check update bench go-bench validate-bench codec-bench ts-bench general-bench fuzz lint

## demo: set up, validate the sample Trace, regenerate gen/ and docs/
demo: setup
	$(OMNIGEN) validate --profile trace testdata/traces/realistic.jsonl
	$(OMNIGEN) generate

## setup: fetch Go modules and install the pinned TypeScript toolchain
setup:
	$(GO) mod download
	npm ci --prefix $(TS) --no-audit --no-fund --loglevel=error

## test: gofmt and vet, all Go tests, the TypeScript tests, and the drift
## check; each prints its failures and a closing count, not every test
test: setup lint test-go test-ts check

# go test prints a line per package and the failures; the closing count
# comes from those lines (the exit code stays go test's). The packages
# that build and run generated code (internal/gen/golang, .../typescript)
# spend minutes in the go and tsc processes they start, which compete on
# a small shared machine: go test's default 10-minute alarm per package
# fired once on a loaded one. CI's own limit (15 minutes in all) is the
# one that matters, so the alarm is set just under it.
test-go:
	@log=$$(mktemp); $(GO) test -timeout 14m ./... 2>&1 | tee $$log; rc=$${PIPESTATUS[0]}; \
	echo "go: $$(grep -c '^ok' $$log) packages passed, $$(grep -c '^FAIL[[:space:]]' $$log) failed"; \
	rm -f $$log; exit $$rc

test-ts:
	@npm test --silent --prefix $(TS)

## generate: rewrite what omnigen.yaml lists (gen/go, gen/ts/src, docs/)
## from the schema, and gen/ts/dist from gen/ts/src
generate: setup
	$(OMNIGEN) generate
	npm run --silent build:dist --prefix $(TS)

## check: fail when gen/, gen/ts/dist or docs/ differs from what the schema
## generates (the outputs of omnigen.yaml)
check:
	$(OMNIGEN) generate --check
	npm run --silent check:dist --prefix $(TS)

## update: rewrite every golden file (and gen/, README outputs) from the
## current code; review the diff. Only packages whose tests define -update.
UPDATABLE = $(sort $(dir $(shell grep -rl --include='*_test.go' 'flag[.]Bool[^"]*"update"' internal gen)))
## gen/ and gen/ts/dist come first: the CLI's tests install the package
## from gen/ts, so they must see the dist the current code builds.
update:
	$(OMNIGEN) generate
	npm run --silent build:dist --prefix $(TS)
	$(GO) test $(addprefix ./,$(UPDATABLE)) -update
	# The README's examples read the golden files the line above rewrote.
	$(GO) test ./internal/cli -run '^TestREADMEExamples$$' -update

## bench: the Go micro-benchmarks, the validate benchmark, the codec
## benchmark and parseOmniMessage beside JSON.parse (bench/README.md)
bench: go-bench validate-bench codec-bench ts-bench general-bench

## go-bench: the Go micro-benchmarks (go test runs them only with -bench)
go-bench:
	$(GO) test -run '^$$' -bench . -benchmem ./gen/go/... ./internal/...

## validate-bench: omnigen validate beside cat, ajv, sourcemeta and the naive
## Go loop on seeded 200 MB corpora (BENCH_SIZE=20MB for a quick run)
validate-bench:
	GO=$(GO) bench/run.sh

## codec-bench: Unmarshal and Marshal of gen/go/omnimessage beside sonic and
## go-json on the bench Trace (bench/codec, a module of its own)
codec-bench:
	cd bench/codec && $(GO) run . -trace ../../testdata/traces/bench-trace.jsonl

## general-bench: the generated packages of schemas outside the dialect,
## COUNT runs: go-library's on its samples, any-maps' (native Go maps) and
## any-select-whole's (items picked by their own property) on theirs (the
## canonical package, the same emitter's since issue 20, is go-bench's)
general-bench:
	$(GO) test -run '^$$' -bench . -count $(or $(COUNT),5) ./testdata/gen/go-library/go ./testdata/gen/any-maps/go ./testdata/gen/any-select-whole/go

## ts-bench: parseOmniMessage beside JSON.parse alone on seeded Trace corpora
## (with and without images; BENCH_SIZE each, default 20MB), a ratio per row
ts-bench: setup
	GO=$(GO) bench/tsjson/omnimessage.sh

## fuzz: a fuzzing session on each fuzz target (FUZZTIME each); the inputs
## worth keeping go to testdata/fuzz/<target>/. Then the differential test
## of engine, Go, TypeScript and omnigen validate on DIFF_MUTANTS mutants of
## a random seed (make test runs 20,000 of seed 1; a failure prints its
## seed), Go against TypeScript on GOLDEN_MUTANTS mutants of each golden
## case's samples (make test runs 300), the dialect's Go codec against the
## general one on as many of each dialect case's, and the canonical schema
## through the shaper against the canonical package on DIFF_MUTANTS mutants
## (make test runs 3,000). With Go before 1.27, a target may end with a bare "context
## deadline exceeded" and no input saved: the fuzzer's own race at the end
## of FUZZTIME (golang/go#75804), not a failure of the target; FUZZTIME=Nx
## (a count of runs) avoids it. Pauses at 0 execs/s are the fuzzer making
## new inputs smaller; FuzzGenerate's, whole schemas, take longest. Then
## SCHEMA_MUTANTS structure-aware mutants of each golden schema generated
## and compiled, Go and TypeScript (make test: 5 of seed 1), and those that
## generate compared in Go, TypeScript and the check program on 100 mutants
## of their case's samples (make test: 2 schemas a case, 20 documents).
FUZZTIME ?= 30s
DIFF_MUTANTS ?= 200000
GOLDEN_MUTANTS ?= 10000
SCHEMA_MUTANTS ?= 50
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzUnmarshal$$' -fuzztime $(FUZZTIME) -parallel 1 ./gen/go/omnimessage
	$(GO) test -run '^$$' -fuzz '^FuzzValidate$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/validate
	$(GO) test -run '^$$' -fuzz '^FuzzFastPath$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/validate
	$(GO) test -run '^$$' -fuzz '^FuzzFormats$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/runtime/formatrt
	$(GO) test -run '^$$' -fuzz '^FuzzChecks$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/runtime/jsonrt
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeYAML$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/resolve
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/resolve
	$(GO) test -run '^$$' -fuzz '^FuzzLocate$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/jsonptr
	$(GO) test -run '^$$' -fuzz '^FuzzECMARegex$$' -fuzztime $(FUZZTIME) -parallel 1 ./internal/runtime/regexrt
	$(GO) test -run '^$$' -fuzz '^FuzzGenerate$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 2s -parallel 1 ./internal/gen/pipeline
	for c in any-select any-objects any-unions any-tuples any-nullable-defs; do \
		$(GO) test -run '^$$' -fuzz '^FuzzUnmarshal$$' -fuzztime $(FUZZTIME) -parallel 1 ./testdata/gen/$$c/go || exit 1; done
	OMNIGEN_SCHEMA_MUTANTS=$(SCHEMA_MUTANTS) OMNIGEN_DIFF_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(GO) test -count 1 -run '^TestMutatedSchemasGenerate$$' -v -timeout 30m ./internal/gen/pipeline
	OMNIGEN_SCHEMA_MUTANTS=$(SCHEMA_MUTANTS) OMNIGEN_DIFF_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(GO) test -count 1 -run '^TestMutatedSchemasCompile$$' -v -timeout 30m ./internal/gen/typescript
	OMNIGEN_SCHEMA_MUTANTS=$(SCHEMA_MUTANTS) OMNIGEN_GOLDEN_MUTANTS=100 OMNIGEN_DIFF_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(GO) test -count 1 -run '^TestMutatedSchemasRoundTrip$$' -v -timeout 60m ./internal/gen/typescript
	OMNIGEN_DIFF_MUTANTS=$(DIFF_MUTANTS) OMNIGEN_DIFF_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(GO) test -count 1 -run '^TestDifferential$$' -v -timeout 30m ./internal/validate
	OMNIGEN_GOLDEN_MUTANTS=$(GOLDEN_MUTANTS) OMNIGEN_DIFF_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(GO) test -count 1 -run '^TestGoldenSamples$$' -v -timeout 30m ./internal/gen/typescript

## lint: gofmt (every tracked Go file) and go vet
lint:
	@unformatted=$$(gofmt -l $$(find . -name '*.go' -not -path '*/node_modules/*' -not -path './bench/.*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
