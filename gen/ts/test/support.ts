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
