// Times parseOmniMessage of the generated package (gen/ts/dist/esm) against
// JSON.parse alone on every line of each corpus directory given (its
// *.jsonl files), interleaved: ROUNDS rounds, each parsing every line once
// with one then the other; the median round counts. Before timing, each
// line must come back from JSON.stringify(parseOmniMessage(line)) as
// JSON.stringify(JSON.parse(line)) writes it: the line itself when it is
// written as JSON.stringify writes (the corpora also hold numbers such as
// -3e-2 and escapes such as \ufffd, which JSON.stringify writes otherwise).
// Prints one Markdown row per corpus, the ratio last.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [distDir, ...dirs] = process.argv.slice(2);
const { parseOmniMessage } = await import(join(distDir, "validate.js"));
const rounds = Number(process.env.ROUNDS ?? 9);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const time = (fn, lines) => {
  const t = process.hrtime.bigint();
  for (const line of lines) fn(line);
  return Number(process.hrtime.bigint() - t) / 1e6;
};

console.log("| corpus | lines | MB | JSON.parse ms | parseOmniMessage ms | ratio |");
console.log("| --- | --: | --: | --: | --: | --: |");
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
    if (JSON.stringify(parseOmniMessage(line)) !== JSON.stringify(JSON.parse(line))) {
      throw new Error(dir + ": a line not written back as read: " + line.slice(0, 200));
    }
  }
  const parse = [];
  const omni = [];
  for (let r = 0; r < rounds; r++) {
    parse.push(time(JSON.parse, lines));
    omni.push(time(parseOmniMessage, lines));
  }
  const p = median(parse);
  const o = median(omni);
  const name = dir.replace(/\/+$/, "").split("/").pop();
  console.log(
    `| ${name} | ${lines.length} | ${(bytes / 1e6).toFixed(1)} | ${p.toFixed(1)} | ${o.toFixed(1)} | ${(o / p).toFixed(2)}x |`,
  );
}
