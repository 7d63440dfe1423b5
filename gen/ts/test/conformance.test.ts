// parseOmniMessage and isOmniMessage over every conformance vector: each
// valid message is accepted and written back byte for byte, also with its
// keys shuffled; each invalid one is rejected, naming its pointer.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  isOmniMessage,
  OmniMessageError,
  parseOmniMessage,
} from "../src/index.js";
import { readVectors, shuffledJSON } from "./support.js";

describe("valid vectors", () => {
  const vectors = readVectors("valid.jsonl");
  test("there are vectors", () => {
    assert.ok(vectors.length > 0);
  });
  for (const v of vectors) {
    test(v.name, () => {
      const msg = parseOmniMessage(v.raw);
      assert.equal(JSON.stringify(msg), v.raw);
      assert.equal(isOmniMessage(JSON.parse(v.raw)), true);
    });
    test(v.name + ", keys shuffled", () => {
      const value = JSON.parse(v.raw) as unknown;
      let moved = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const line = shuffledJSON(value, seed);
        if (line !== v.raw) {
          moved++;
        }
        assert.equal(JSON.stringify(parseOmniMessage(line)), line);
      }
      assert.ok(moved > 0, "no seed moved a key");
    });
  }
});

describe("invalid vectors", () => {
  const vectors = readVectors("invalid.jsonl");
  test("there are vectors", () => {
    assert.ok(vectors.length > 0);
  });
  for (const v of vectors) {
    test(v.name, () => {
      assert.throws(
        () => parseOmniMessage(v.raw),
        (err: unknown) => {
          assert.ok(err instanceof OmniMessageError);
          assert.equal(err.pointer, v.pointer, err.message);
          return true;
        },
      );
      assert.equal(isOmniMessage(JSON.parse(v.raw)), false);
    });
  }
});
