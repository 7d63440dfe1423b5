#!/bin/sh
# The JSON reader and writer of the TypeScript generated for any schema
# (internal/gen/typescript/rt/json.ts) beside JSON.parse and JSON.stringify,
# interleaved in one node process: the median time of each on the given
# files (default: the largest real-world sample, a 541 kB SARIF log,
# compacted as JSON.stringify writes it). See bench/README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src"
cp "$repo/internal/gen/typescript/checks.ts" "$tmp/src/checks.ts"
cp "$repo/internal/gen/typescript/rt/json.ts" "$tmp/src/json.ts"
echo '{ "type": "module" }' > "$tmp/package.json"
cat > "$tmp/tsconfig.json" <<JSON
{ "extends": "$repo/gen/ts/tsconfig.json", "compilerOptions": { "types": [], "rootDir": ".", "outDir": "dist", "declaration": false, "sourceMap": false }, "include": ["src"] }
JSON
"$repo/gen/ts/node_modules/.bin/tsc" -p "$tmp"
cp "$here/bench.mjs" "$tmp/bench.mjs"
if [ $# -eq 0 ]; then
	set -- "$repo/../shared/schemas/sarif/samples/BinSkim.AllRules.sarif.json"
fi
node "$tmp/bench.mjs" "$@"
