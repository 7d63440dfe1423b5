#!/bin/sh
# parse<Root> of the TypeScript generated for a real-world schema (the
# general path: internal/gen/typescript/general*.go, checks.ts, rt/) beside
# JSON.parse followed by ajv's compiled validator of the same schema, and
# JSON.parse alone, interleaved in one node process (general.mjs). See
# bench/README.md. Usage: bench/tsjson/general.sh [SCHEMA [DOCUMENT...]];
# the default is the SARIF schema and its largest sample (541 kB).
# Environment: ROUNDS (15), GO (go).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
GO=${GO:-go}
if [ $# -eq 0 ]; then
	set -- "$repo/../shared/schemas/sarif/sarif.json" "$repo/../shared/schemas/sarif/samples/BinSkim.AllRules.sarif.json"
fi
schema=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if [ ! -d "$repo/bench/node_modules/ajv" ]; then
	npm ci --prefix "$repo/bench" --no-audit --no-fund --loglevel=error >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && $GO run ./cmd/omnigen generate --schema "$schema" --ts-out "$tmp/pkg" >/dev/null)
echo '{ "type": "module" }' > "$tmp/package.json"
cat > "$tmp/tsconfig.json" <<JSON
{ "extends": "$repo/gen/ts/tsconfig.json", "compilerOptions": { "types": [], "rootDir": ".", "outDir": "dist", "declaration": false, "sourceMap": false }, "include": ["pkg"] }
JSON
"$repo/gen/ts/node_modules/.bin/tsc" -p "$tmp"
cp "$here/general.mjs" "$tmp/general.mjs"
ln -s "$repo/bench/node_modules" "$tmp/node_modules"
${NODE:-node} "$tmp/general.mjs" "$tmp/dist/pkg/src/validate.js" "$@"
