// Times read and stringify of dist/src/json.js against JSON.parse and
// JSON.stringify on each file given, interleaved: 15 rounds of 20 calls
// each, the median round counts.
import { readFileSync } from "node:fs";
import { read, stringify } from "./dist/src/json.js";

const accept = () => true;
const time = (fn, n) => {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - t) / 1e6 / n;
};
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
for (const file of process.argv.slice(2)) {
  const text = JSON.stringify(JSON.parse(readFileSync(file, "utf8")));
  const value = read(text).value;
  if (stringify(value, accept).text !== text) {
    throw new Error(file + ": not written back as read");
  }
  const r = { parse: [], read: [], stringify: [], write: [] };
  for (let round = 0; round < 15; round++) {
    r.parse.push(time(() => JSON.parse(text), 20));
    r.read.push(time(() => read(text), 20));
    r.stringify.push(time(() => JSON.stringify(value), 20));
    r.write.push(time(() => stringify(value, accept), 20));
  }
  const [p, q, s, w] = [r.parse, r.read, r.stringify, r.write].map(median);
  console.log(
    `${file.split("/").pop()} (${text.length} bytes): JSON.parse ${p.toFixed(3)} ms, read ${q.toFixed(3)} ms (${(q / p).toFixed(2)}x); ` +
      `JSON.stringify ${s.toFixed(3)} ms, stringify ${w.toFixed(3)} ms (${(w / s).toFixed(2)}x)`,
  );
}
