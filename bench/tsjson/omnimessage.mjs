// Times parseOmniMessage of the generated package (gen/ts/dist/esm) against
// JSON.parse alone on every line of each corpus directory given (its
// *.jsonl files), interleaved: ROUNDS rounds, each parsing every line once
// with JSON.parse then with each parseOmniMessage; the median round counts.
// The first argument is the dist/esm directory, or several separated by
// commas (say main's and a branch's), timed side by side in the same rounds.
// Before timing, each line must come back from
// JSON.stringify(parseOmniMessage(line)) as JSON.stringify(JSON.parse(line))
// writes it: the line itself when it is written as JSON.stringify writes (the
// corpora also hold numbers such as -3e-2 and escapes such as \ufffd, which
// JSON.stringify writes otherwise). Prints one Markdown row per corpus and
// package, the ratio to JSON.parse last.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [distDirs, ...dirs] = process.argv.slice(2);
const packages = [];
for (const distDir of distDirs.split(",")) {
  const { parseOmniMessage } = await import(join(distDir, "validate.js"));
  packages.push({ distDir, parseOmniMessage });
}
const rounds = Number(process.env.ROUNDS ?? 9);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const time = (fn, lines) => {
  const t = process.hrtime.bigint();
  for (const line of lines) fn(line);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const several = packages.length > 1;

console.log(
  `| corpus |${several ? " package |" : ""} lines | MB | JSON.parse ms | JSON.parse MB/s | parseOmniMessage ms | parseOmniMessage MB/s | ratio |`,
);
console.log(`| --- |${several ? " --- |" : ""} --: | --: | --: | --: | --: | --: | --: |`);
for (const dir of dirs) {
  const lines = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".jsonl")) {
      for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
        if (line !== "") lines.push(line);
      }
    }
  }
  let bytes = 0;
  for (const line of lines) {
    bytes += Buffer.byteLength(line);
    for (const { distDir, parseOmniMessage } of packages) {
      if (JSON.stringify(parseOmniMessage(line)) !== JSON.stringify(JSON.parse(line))) {
        throw new Error(dir + ": " + distDir + ": a line not written back as read: " + line.slice(0, 200));
      }
    }
  }
  const parse = [];
  const omni = packages.map(() => []);
  for (let r = 0; r < rounds; r++) {
    parse.push(time(JSON.parse, lines));
    packages.forEach(({ parseOmniMessage }, k) => omni[k].push(time(parseOmniMessage, lines)));
  }
  const p = median(parse);
  const mb = bytes / 1e6;
  const name = dir.replace(/\/+$/, "").split("/").pop();
  packages.forEach(({ distDir }, k) => {
    const o = median(omni[k]);
    const pkg = several ? ` ${distDir.replace(/\/dist\/esm\/?$/, "")} |` : "";
    console.log(
      `| ${name} |${pkg} ${lines.length} | ${mb.toFixed(1)} | ${p.toFixed(1)} | ${(mb / (p / 1e3)).toFixed(0)} | ${o.toFixed(1)} | ${(mb / (o / 1e3)).toFixed(0)} | ${(o / p).toFixed(2)}x |`,
    );
  });
}
