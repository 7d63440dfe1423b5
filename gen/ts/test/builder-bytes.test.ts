// Byte identity across languages: testdata/builders/calls.json lists builder
// calls (a builder, its arguments, the instant to build at); the JSONL bytes
// they must produce are committed beside it in calls.jsonl, and the Go
// builders are held to the same file. See testdata/builders/README.md.
//
// OMNIGEN_UPDATE=1 npm test rewrites calls.jsonl from these builders (review
// the diff: the file is the contract between the languages).

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { mock, test } from "node:test";

import * as omnimessage from "../src/index.js";
import { repoPath } from "./support.js";

interface Call {
  name: string;
  builder: string;
  args: unknown[];
  timestamp: string;
}

type Fn = (...args: unknown[]) => unknown;

const exports = omnimessage as unknown as Record<string, unknown>;

/** The argument as the builder receives it: a nested call's result, or the
 * JSON value itself. */
function argument(value: unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "$call") {
      const nested = (value as { $call: { builder: string; args: unknown[] } })
        .$call;
      return invoke(nested.builder, nested.args);
    }
  }
  return value;
}

function invoke(builder: string, args: unknown[]): unknown {
  const fn = exports[builder];
  if (typeof fn !== "function") {
    throw new Error(`no builder named ${builder}`);
  }
  return (fn as Fn)(...args.map(argument));
}

/** Runs a call with the clock stopped at its timestamp. */
function run(call: Call): string {
  mock.timers.enable({ apis: ["Date"], now: Date.parse(call.timestamp) });
  try {
    return JSON.stringify(invoke(call.builder, call.args));
  } finally {
    mock.timers.reset();
  }
}

const dir = repoPath("testdata", "builders");
const calls = JSON.parse(readFileSync(dir + "/calls.json", "utf8")) as Call[];
const expectedPath = dir + "/calls.jsonl";

test("calls.jsonl holds the bytes the TypeScript builders write", () => {
  const got = calls.map(run);
  const text = got.map((line) => line + "\n").join("");
  if (process.env["OMNIGEN_UPDATE"] === "1") {
    writeFileSync(expectedPath, text);
  }
  const want = readFileSync(expectedPath, "utf8");
  const wantLines = want.split("\n");
  assert.equal(wantLines.pop(), "", "calls.jsonl must end in a newline");
  assert.equal(wantLines.length, calls.length, "one line per call");
  calls.forEach((call, i) => {
    assert.equal(got[i], wantLines[i], call.name);
  });
  assert.equal(text, want);
});

test("every expected line parses and is written back unchanged", () => {
  const lines = readFileSync(expectedPath, "utf8").split("\n").slice(0, -1);
  for (const line of lines) {
    assert.equal(JSON.stringify(omnimessage.parseOmniMessage(line)), line);
  }
});

test("the calls cover every builder and helper", () => {
  const used = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (typeof value === "object" && value !== null) {
      const call = (value as { $call?: { builder: string } }).$call;
      if (call !== undefined) {
        used.add(call.builder);
      }
      Object.values(value).forEach(walk);
    }
  };
  for (const call of calls) {
    used.add(call.builder);
    walk(call.args);
  }
  const builders = [
    "sessionMeta",
    "textMessage",
    "userText",
    "assistantText",
    "imageUrlMessage",
    "inlineData",
    "thinkingMessage",
    "inlineThinking",
    "toolCall",
    "toolCallOutput",
    "partialText",
    "partialThinking",
    "partialToolCall",
    "partialToolCallOutput",
    "approvalDecision",
    "abortEvent",
    "requestBegin",
    "requestEnd",
    "compactionBegin",
    "compactionEnd",
    "subagentEvent",
    "tokenUsage",
    "emptyTokenCounts",
    "addTokenCounts",
    "withOrigin",
  ];
  assert.deepEqual(
    builders.filter((b) => !used.has(b)),
    [],
  );
});
