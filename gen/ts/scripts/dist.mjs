// Builds dist/, the installable form of src/ (ESM in dist/esm, CommonJS in
// dist/cjs, each with its .d.ts), or with --check compares dist/ with what
// a build gives and fails when they differ. dist/ is committed so that the
// package installs from a path or a packed tarball with no build step; the
// drift check (make check) keeps it in step with src/.
//
//   node scripts/dist.mjs           rebuild dist/
//   node scripts/dist.mjs --check   exit 1, listing the files, if dist/ is stale

import { execFileSync } from "node:child_process";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
  cpSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes("--check");
const out = mkdtempSync(join(tmpdir(), "omnigen-dist-"));
try {
  const tsc = join(pkg, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) {
    console.error(
      "dist: no TypeScript in gen/ts/node_modules: run make setup (npm ci --prefix gen/ts)",
    );
    process.exit(2);
  }
  for (const [config, dir] of [
    ["tsconfig.dist.json", "esm"],
    ["tsconfig.cjs.json", "cjs"],
  ]) {
    execFileSync(
      process.execPath,
      [tsc, "-p", config, "--outDir", join(out, dir)],
      { cwd: pkg, stdio: "inherit" },
    );
  }
  // dist/cjs holds CommonJS although the package is "type": "module".
  writeFileSync(
    join(out, "cjs", "package.json"),
    '{\n  "type": "commonjs"\n}\n',
  );

  const dist = join(pkg, "dist");
  if (!check) {
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dist);
    cpSync(out, dist, { recursive: true });
    process.exit(0);
  }
  const want = files(out);
  const have = existsSync(dist) ? files(dist) : new Map();
  const stale = [];
  for (const [name, content] of want) {
    if (!have.has(name)) stale.push(`dist/${name} is missing`);
    else if (!have.get(name).equals(content))
      stale.push(`dist/${name} differs from what src/ compiles to`);
  }
  for (const name of have.keys())
    if (!want.has(name)) stale.push(`dist/${name} is extra`);
  if (stale.length > 0) {
    console.error(stale.join("\n"));
    console.error(
      `gen/ts: ${stale.length} file(s) of dist/ out of step with src/; run make generate`,
    );
    process.exit(1);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** Every file below dir, by its path relative to dir (with /). */
function files(dir) {
  const found = new Map();
  for (const entry of readdirSync(dir, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      found.set(relative(dir, path).split("\\").join("/"), readFileSync(path));
    }
  }
  return found;
}
