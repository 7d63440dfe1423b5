#!/usr/bin/env bash
# The validate benchmark (`make validate-bench`, part of `make bench`): builds
# bin/omnigen and the peers, generates the seeded corpora if they are not
# cached, and prints a Markdown table of MB/s, lines/s and peak RSS of
# `omnigen validate` beside cat, ajv, the sourcemeta jsonschema CLI, the
# naive Go loop and simdjson's parse alone (issue 22), all on the same files
# in the same run. See bench/README.md.
#
# Environment: BENCH_SIZE (default 200MB per corpus; e.g. 20MB for a quick
# run), BENCH_SEED (1), BENCH_RUNS (3, best counts), BENCH_BUDGET (60s: stop
# repeating a tool once its runs on one corpus took that long), BENCH_TIMEOUT
# (120s: one run is killed after that), GO (go), CXX (g++, for the simdjson
# baseline).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${BENCH_SIZE:-200MB}
SEED=${BENCH_SEED:-1}
RUNS=${BENCH_RUNS:-3}
BUDGET=${BENCH_BUDGET:-60s}
TIMEOUT=${BENCH_TIMEOUT:-120s}
GO=${GO:-go}
CORPUS_ROOT=bench/.corpus
OUT=bench/.out
SCHEMA=schema/omnimessage.schema.json
mkdir -p bench/.bin "$OUT" "$CORPUS_ROOT"
started=$(date +%s)
say() { echo "bench: $*" >&2; }

# omnigen itself. If it does not build (or has no validate command yet), its
# rows say so and the peers are still measured.
omnigen_err=""
say "go build -o bin/omnigen ./cmd/omnigen"
if ! $GO build -o bin/omnigen ./cmd/omnigen 2>"$OUT/omnigen-build.log"; then
	omnigen_err="go build ./cmd/omnigen failed: $(grep -v '^#' "$OUT/omnigen-build.log" | grep -m1 . | tr '|' '/' | cut -c1-150)"
	rm -f bin/omnigen
	say "$omnigen_err"
fi

# The Go peer, the generator and the timer.
for cmd in naive corpusgen runner; do
	$GO build -o "bench/.bin/$cmd" "./bench/validate/$cmd"
done

# The simdjson baseline (issue 22), against Debian's libsimdjson-dev, which
# this script does not install (apt-get install libsimdjson-dev). Without it,
# or if it does not build, its rows say why and the rest still runs.
simdjson_err=""
SIMDJSON=bench/.bin/simdjson-parse
CXX=${CXX:-g++}
if [ ! -e /usr/include/simdjson.h ]; then
	simdjson_err="libsimdjson-dev not installed (apt-get install libsimdjson-dev)"
else
	say "$CXX -O3 -DNDEBUG -std=c++17 -o $SIMDJSON bench/validate/simdjson/parse.cc -lsimdjson"
	if ! $CXX -O3 -DNDEBUG -std=c++17 -o "$SIMDJSON" bench/validate/simdjson/parse.cc -lsimdjson 2>"$OUT/simdjson-build.log"; then
		simdjson_err="$CXX bench/validate/simdjson/parse.cc failed (see $OUT/simdjson-build.log): $(grep -m1 'error' "$OUT/simdjson-build.log" | tr '|' '/' | cut -c1-150)"
	fi
fi
if [ -n "$simdjson_err" ]; then
	rm -f "$SIMDJSON"
	say "simdjson: $simdjson_err"
fi

# The npm peers, pinned by bench/package-lock.json. npm ci runs again only
# when the lockfile changed.
ajv_err=""
sourcemeta_err=""
lock_sum=$(sha256sum bench/package-lock.json | cut -c1-16)
if [ "$(cat bench/node_modules/.bench-lock 2>/dev/null)" != "$lock_sum" ]; then
	say "npm ci --prefix bench"
	if npm ci --prefix bench --no-audit --no-fund --loglevel=error >"$OUT/npm-ci.log" 2>&1; then
		echo "$lock_sum" >bench/node_modules/.bench-lock
	else
		ajv_err="npm ci --prefix bench failed (see $OUT/npm-ci.log)"
		sourcemeta_err=$ajv_err
		say "$ajv_err"
	fi
fi
if [ -z "$ajv_err" ] && ! node -e 'require("./bench/node_modules/ajv/dist/2020.js")' 2>/dev/null; then
	ajv_err="ajv is not installed in bench/node_modules"
fi
# The jsonschema CLI is a native binary inside the npm package; it is run
# directly (not through its Node wrapper) so that its own time and RSS are
# measured.
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case $arch in aarch64) arch=arm64 ;; esac
libc=""
if [ "$os" = linux ] && ldd --version 2>&1 | grep -qi musl; then libc=-musl; fi
SOURCEMETA=bench/node_modules/@sourcemeta/jsonschema/build/github-releases/jsonschema-$os-$arch$libc
if [ -z "$sourcemeta_err" ] && ! "$SOURCEMETA" version >/dev/null 2>&1; then
	sourcemeta_err="no runnable jsonschema binary for $os-$arch$libc in @sourcemeta/jsonschema"
fi

# The corpora, cached by seed, size and a hash of the generator's source
# (a changed generator writes new corpora; old ones are removed).
gen_hash=$(cat $(ls bench/validate/corpusgen/*.go | grep -v _test.go) | sha256sum | cut -c1-10)
corpus_args=()
keep=()
# Each corpus is followed by its gzip copy (gzip -6, the default, of each
# file), for the .jsonl.gz rows.
for spec in trace-images:trace:true stream-images:stream:true trace-noimages:trace:false stream-noimages:stream:false; do
	IFS=: read -r name profile images <<<"$spec"
	dir=$CORPUS_ROOT/$name-s$SEED-$SIZE-$gen_hash
	gzdir=$CORPUS_ROOT/$name.gz-s$SEED-$SIZE-$gen_hash
	keep+=("$(basename "$dir")" "$(basename "$gzdir")")
	if [ ! -d "$dir" ]; then
		say "generating $dir"
		bench/.bin/corpusgen -seed "$SEED" -profile "$profile" -images="$images" -size "$SIZE" -out "$dir"
	fi
	if [ ! -d "$gzdir" ]; then
		say "compressing $dir into $gzdir"
		rm -rf "$gzdir.tmp" && mkdir "$gzdir.tmp"
		to=$(cd "$gzdir.tmp" && pwd)
		(cd "$dir" && ls *.jsonl | xargs -P "$(nproc)" -I{} sh -c 'gzip -c "$1" >"$2/$1.gz"' sh {} "$to")
		mv "$gzdir.tmp" "$gzdir"
	fi
	corpus_args+=(-corpus "$name:$profile:$dir" -corpus "$name.gz:$profile:$gzdir:gzip")
done

# Many small files: the text-only Trace corpus cut at line ends into files of
# about 40 kB (5,000 of them at 200MB), beside one file of the same bytes.
small=$CORPUS_ROOT/small-s$SEED-$SIZE-$gen_hash
keep+=("$(basename "$small")")
if [ ! -d "$small" ]; then
	say "cutting $small"
	rm -rf "$small.tmp" && mkdir -p "$small.tmp/many" "$small.tmp/one"
	cat "$CORPUS_ROOT/trace-noimages-s$SEED-$SIZE-$gen_hash"/*.jsonl |
		LC_ALL=C awk -v dir="$small.tmp/many" '
			n >= 40000 * (i + 1) { close(f); i++ }
			{ f = sprintf("%s/part-%05d.jsonl", dir, i); print > f; n += length($0) + 1 }'
	cat "$small.tmp/many"/*.jsonl >"$small.tmp/one/all.jsonl"
	mv "$small.tmp" "$small"
fi
nsmall=$(ls "$small/many" | wc -l)
corpus_args+=(-corpus "text-1-file:message:$small/one:one" -corpus "text-$nsmall-files:message:$small/many:many")
for d in "$CORPUS_ROOT"/*; do
	[ -e "$d" ] || continue
	case " ${keep[*]} " in *" $(basename "$d") "*) ;; *)
		case $(basename "$d") in *-"$gen_hash" | *-"$gen_hash".tmp) ;; *) say "removing stale $d"; rm -rf "$d" ;; esac
	esac
done

result=$OUT/validate-$SIZE.md
{
	echo "## omnigen validate benchmark"
	echo
	echo "\`BENCH_SIZE=$SIZE BENCH_SEED=$SEED BENCH_RUNS=$RUNS bench/run.sh\`, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo
	echo "- machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ {print $2}') GiB"
	echo "- $($GO version); node $(node --version 2>/dev/null || echo missing)"
	if [ -z "$simdjson_err" ]; then
		echo "- $("$SIMDJSON" --about 2>/dev/null || echo "simdjson: --about failed") (libsimdjson-dev $(dpkg-query -W -f '${Version}' libsimdjson-dev 2>/dev/null || echo '?'))"
	else
		echo "- simdjson: $simdjson_err"
	fi
	echo "- ajv $(node -p 'require("./bench/node_modules/ajv/package.json").version' 2>/dev/null || echo missing); @sourcemeta/jsonschema $("$SOURCEMETA" version 2>/dev/null || echo missing)"
	if [ -n "$omnigen_err" ]; then
		echo "- omnigen: not built (see $OUT/omnigen-build.log)"
	else
		echo "- omnigen: $(bin/omnigen version 2>/dev/null | head -1 || true) ($(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD -- 2>/dev/null || echo ", with uncommitted changes"))"
	fi
	echo
} >"$result"
bench/.bin/runner -schema "$SCHEMA" -runs "$RUNS" -budget "$BUDGET" -timeout "$TIMEOUT" \
	-omnigen bin/omnigen -omnigen-error "$omnigen_err" \
	-naive bench/.bin/naive -ajv bench/validate/ajv.mjs -ajv-error "$ajv_err" \
	-sourcemeta "$SOURCEMETA" -sourcemeta-error "$sourcemeta_err" \
	-simdjson "$SIMDJSON" -simdjson-error "$simdjson_err" \
	"${corpus_args[@]}" >>"$result"
# A rejected line beside the same line when valid (issue 16 target: at most
# 2×), from the Go benchmark that checks both in one run.
{
	echo "### A rejected line ÷ the same line valid (≤ 2×)"
	echo
	echo "\`go test -run '^\$' -bench '^BenchmarkRejected\$' -benchtime 20x ./internal/validate\`"
	echo
	echo "| line | valid | rejected | rejected ÷ valid |"
	echo "|---|--:|--:|--:|"
	$GO test -run '^$' -bench '^BenchmarkRejected$' -benchtime 20x ./internal/validate 2>&1 |
		awk '/^BenchmarkRejected\// {
			name = $1; sub(/^BenchmarkRejected\//, "", name); sub(/-[0-9]+$/, "", name)
			for (i = 2; i < NF; i++) { if ($(i+1) == "ns/valid") v = $i; if ($(i+1) == "ns/rejected") r = $i; if ($(i+1) == "rejected/valid") x = $i }
			printf "| %s | %.1f µs | %.1f µs | %.2f× |\n", name, v / 1000, r / 1000, x
		}'
	echo
} >>"$result"
cat "$result"
say "done in $(($(date +%s) - started))s; table in $result"
