#!/bin/sh
# parseOmniMessage (gen/ts/dist) beside JSON.parse alone on seeded Trace
# corpora, with and without images (`make ts-bench`, part of `make bench`):
# one Markdown row per corpus, the ratio last. The corpora are made by
# bench/validate/corpusgen and cached in bench/.corpus, as bench/run.sh does.
# Environment: BENCH_SIZE (20MB per corpus), BENCH_SEED (1), ROUNDS (9), GO.
set -eu
cd "$(dirname "$0")/../.."
SIZE=${BENCH_SIZE:-20MB}
SEED=${BENCH_SEED:-1}
GO=${GO:-go}
gen_hash=$(cat $(ls bench/validate/corpusgen/*.go | grep -v _test.go) | sha256sum | cut -c1-10)
dirs=""
for spec in trace-images:true trace-noimages:false; do
	name=${spec%%:*}
	images=${spec#*:}
	dir=bench/.corpus/$name-s$SEED-$SIZE-$gen_hash
	if [ ! -d "$dir" ]; then
		rm -rf "$dir.tmp"
		$GO run ./bench/validate/corpusgen -seed "$SEED" -profile trace -size "$SIZE" -images="$images" -out "$dir.tmp" >&2
		mv "$dir.tmp" "$dir"
	fi
	dirs="$dirs $PWD/$dir"
done
node bench/tsjson/omnimessage.mjs "$PWD/gen/ts/dist/esm" $dirs
