// Helpers shared by the tests: paths in the repository and the JSONL test
// vectors under testdata/.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A path under the repository root (the tests run from gen/ts/build/test). */
export function repoPath(...parts: string[]): string {
  const url = new URL("../../../../" + parts.join("/"), import.meta.url);
  return fileURLToPath(url);
}

/** The non-empty lines of a text file. */
export function readLines(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "");
}

/**
 * A conformance vector: its name, the exact text of its message, and for an
 * invalid one the pointer the validator must name.
 */
export interface Vector {
  name: string;
  raw: string;
  pointer?: string;
}

/**
 * The vectors of a conformance file. A line is {"name", ["pointer",]
 * "message"} with message last, so the message's exact text is what follows
 * "message": up to the closing brace.
 */
export function readVectors(file: string): Vector[] {
  return readLines(repoPath("testdata", "conformance", file)).map((line) => {
    const parsed = JSON.parse(line) as {
      name: string;
      pointer?: string;
      message: unknown;
    };
    const key = '"message":';
    const at = line.indexOf(key);
    if (at < 0 || !line.endsWith("}")) {
      throw new Error(`${parsed.name}: "message" must be the last member`);
    }
    const raw = line.slice(at + key.length, -1);
    if (JSON.stringify(JSON.parse(raw)) !== JSON.stringify(parsed.message)) {
      throw new Error(`${parsed.name}: "message" must be the last member`);
    }
    const v: Vector = { name: parsed.name, raw };
    if (parsed.pointer !== undefined) {
      v.pointer = parsed.pointer;
    }
    return v;
  });
}

/**
 * value written as JSON.stringify writes it, but with the keys of every
 * object in an order drawn from seed (array-index keys such as "7" too, which
 * JSON.stringify always writes first): the same seed, the same text.
 */
export function shuffledJSON(value: unknown, seed: number): string {
  let state = seed >>> 0 || 1;
  const next = (n: number): number => {
    // xorshift32: a small deterministic generator.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
  const write = (v: unknown): string => {
    if (Array.isArray(v)) {
      return "[" + v.map(write).join(",") + "]";
    }
    if (typeof v !== "object" || v === null) {
      return JSON.stringify(v);
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i > 0; i--) {
      const j = next(i + 1);
      [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
    }
    const o = v as Record<string, unknown>;
    return (
      "{" +
      keys.map((k) => JSON.stringify(k) + ":" + write(o[k])).join(",") +
      "}"
    );
  };
  return write(value);
}
