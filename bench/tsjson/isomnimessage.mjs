// Times isOmniMessage of one or several generated packages (dist/esm
// directories separated by commas, say two commits') on the values
// JSON.parse makes of every line of each corpus directory given (its
// *.jsonl files): ROUNDS rounds, the packages taking turns in each, the
// median round counts. Every line must be an OmniMessage. Prints one
// Markdown row per corpus and package.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [distDirs, ...dirs] = process.argv.slice(2);
const packages = [];
for (const distDir of distDirs.split(",")) {
  const { isOmniMessage } = await import(join(distDir, "validate.js"));
  packages.push({ distDir, isOmniMessage });
}
const rounds = Number(process.env.ROUNDS ?? 21);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log("| corpus | package | lines | MB | isOmniMessage ms | MB/s |");
console.log("| --- | --- | --: | --: | --: | --: |");
for (const dir of dirs) {
  const values = [];
  let bytes = 0;
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".jsonl")) {
      for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
        if (line !== "") {
          values.push(JSON.parse(line));
          bytes += Buffer.byteLength(line);
        }
      }
    }
  }
  const times = packages.map(() => []);
  for (let r = 0; r < rounds; r++) {
    packages.forEach(({ distDir, isOmniMessage }, k) => {
      const t = process.hrtime.bigint();
      for (const v of values) {
        if (!isOmniMessage(v)) {
          throw new Error(dir + ": " + distDir + ": a line is not an OmniMessage");
        }
      }
      times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
    });
  }
  const mb = bytes / 1e6;
  const name = dir.replace(/\/+$/, "").split("/").pop();
  packages.forEach(({ distDir }, k) => {
    const ms = median(times[k]);
    console.log(
      `| ${name} | ${distDir.replace(/\/dist\/esm\/?$/, "")} | ${values.length} | ${mb.toFixed(1)} | ${ms.toFixed(2)} | ${(mb / (ms / 1e3)).toFixed(0)} |`,
    );
  });
}
