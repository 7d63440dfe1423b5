// The generated runtime check beyond the conformance vectors: JSON errors,
// the error's shape, the choice among several problems, values that are not
// JSON, and that every builder's output passes.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  abortEvent,
  isOmniMessage,
  OmniMessageError,
  parseOmniMessage,
  partialToolCallOutput,
  sessionMeta,
  textMessage,
  tokenUsage,
  userText,
  validateOmniMessage,
  withOrigin,
} from "../src/index.js";

function pointerOf(line: string): string {
  try {
    parseOmniMessage(line);
  } catch (err) {
    assert.ok(err instanceof OmniMessageError);
    return err.pointer;
  }
  assert.fail("accepted: " + line);
}

const TEXT =
  '{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"text","role":"user","text":"hi"}}';

test("text that is not one JSON value fails at the root", () => {
  for (const line of ["", "{", "{} {}", "nul", "{'a':1}", "[1,]"]) {
    assert.equal(pointerOf(line), "", line);
  }
});

test("text that is not JSON is refused in the Go package's words and byte offsets", () => {
  // What the Go package says of the same text, at the UTF-8 byte it stops at.
  const cases: [string, string][] = [
    ["", "not valid JSON: unexpected end of input at offset 0"],
    ["{", "not valid JSON: expected a property name at offset 1"],
    ["{} {}", "not valid JSON: unexpected data after the value at offset 3"],
    ["nul", "not valid JSON: invalid literal at offset 0"],
    ["[1,]", 'not valid JSON: invalid character "]" at offset 3'],
    ['{"é":"\\q"}', "not valid JSON: invalid escape at offset 7"],
    [
      '{"a":"x\u0001"}',
      "not valid JSON: control character in a string at offset 7",
    ],
    ['{"a":"\\u12x4"}', "not valid JSON: invalid \\u escape at offset 6"],
    ['{"a":1.}', "not valid JSON: invalid number at offset 7"],
    [
      '{"a" 1}',
      "not valid JSON: expected ':' after a property name at offset 5",
    ],
    ['["😀",x]', 'not valid JSON: invalid character "x" at offset 8'],
    // A lone surrogate escape is JSON: the text stops after it.
    [
      '{"a":"\\ud800"',
      "not valid JSON: expected ',' or '}' after an object value at offset 13",
    ],
    ["\ufeff{}", "not valid JSON: invalid character 0xef at offset 0"],
    // Nesting too deep comes first.
    [
      "[".repeat(1001) + "x",
      "arrays and objects nested more than 1000 levels deep",
    ],
  ];
  for (const [line, detail] of cases) {
    assert.equal(detailOf(line), detail, line.slice(0, 40));
    assert.equal(pointerOf(line), "", line.slice(0, 40));
  }
});

test("surrounding whitespace and a final newline are fine", () => {
  assert.equal(JSON.stringify(parseOmniMessage(" " + TEXT + "\r\n")), TEXT);
});

test("the error names the pointer and says what is wrong", () => {
  const err = validateOmniMessage(JSON.parse(TEXT.replace('"hi"', "1")));
  assert.ok(err instanceof OmniMessageError);
  assert.ok(err instanceof Error);
  assert.equal(err.name, "OmniMessageError");
  assert.equal(err.pointer, "/payload/text");
  assert.equal(err.detail, "must be string, got number");
  assert.equal(err.message, "/payload/text: must be string, got number");
  assert.equal(validateOmniMessage(JSON.parse(TEXT)), undefined);
  assert.equal(
    validateOmniMessage(null)?.message,
    "/: must be object, got null",
  );
});

test("the deepest problem wins; on a tie the first found", () => {
  const both = JSON.parse(TEXT);
  both.timestamp = "yesterday";
  delete both.payload.text;
  assert.equal(validateOmniMessage(both)?.pointer, "/payload/text");
  const two = JSON.parse(TEXT);
  two.zeta = 1;
  two.alpha = 2;
  assert.equal(validateOmniMessage(two)?.pointer, "/alpha");
});

test("an unknown property's pointer is escaped", () => {
  const m = JSON.parse(TEXT);
  m.payload["a/b~c"] = 1;
  assert.equal(validateOmniMessage(m)?.pointer, "/payload/a~1b~0c");
});

test("integers: 2.0 is one, 2.5 is not, and neither is a negative count", () => {
  const usage = (n: string): string =>
    `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"token_usage","session":{"cache_read":${n},"cache_write":0,"output":0,"total":0},"request":{"cache_read":0,"cache_write":0,"output":0,"total":0}}}`;
  assert.ok(isOmniMessage(JSON.parse(usage("2.0"))));
  assert.ok(isOmniMessage(JSON.parse(usage("1e3"))));
  assert.equal(pointerOf(usage("2.5")), "/payload/session/cache_read");
  assert.equal(pointerOf(usage("-1")), "/payload/session/cache_read");
});

test("values that are not JSON data are rejected", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const bad: unknown[] = [
    textMessage("user", "x", "completed", { when: new Date(0) }),
    textMessage("user", "x", "completed", { gone: undefined }),
    textMessage("user", "x", "completed", { n: NaN }),
    textMessage("user", "x", "completed", { f: () => 1 }),
    textMessage("user", "x", "completed", cyclic),
    textMessage("user", "x", "completed", { sparse: [1, , 3] }),
    { ...userText("x"), timestamp: new Date() },
    tokenUsage(
      { cache_read: Infinity, cache_write: 0, output: 0, total: 0 },
      { cache_read: 0, cache_write: 0, output: 0, total: 0 },
    ),
    new Map(Object.entries(userText("x"))),
    undefined,
  ];
  for (const value of bad) {
    assert.equal(isOmniMessage(value), false);
    assert.notEqual(validateOmniMessage(value), undefined);
  }
  const shared = { a: [1] };
  assert.ok(
    isOmniMessage(
      textMessage("user", "x", "completed", { one: shared, two: shared }),
    ),
  );
});

test("isOmniMessage and validateOmniMessage agree at the depth limit", () => {
  const nested = (levels: number): unknown => {
    let v: unknown = [];
    for (let i = 1; i < levels; i++) {
      v = [v];
    }
    return v;
  };
  const at = (levels: number) =>
    textMessage("user", "x", "completed", { deep: nested(levels) });
  // The deepest fidelity validateOmniMessage lets through: 1000 levels in
  // all, counting the message's own.
  let levels = 1;
  while (validateOmniMessage(at(levels + 1)) === undefined) {
    levels++;
  }
  assert.equal(levels, 997);
  assert.ok(isOmniMessage(at(levels)));
  assert.equal(isOmniMessage(at(levels + 1)), false);
  const problem = validateOmniMessage(at(levels + 1));
  assert.equal(problem?.pointer, "");
  assert.match(problem?.message ?? "", /nested more than 1000 levels deep/);
});

test("what the builders make passes", () => {
  const image = "data:image/png;base64,AAAA";
  for (const msg of [
    userText(""),
    abortEvent(),
    withOrigin(withOrigin(userText("x"), "a"), "b"),
    partialToolCallOutput({
      eventType: "delta",
      toolCallId: "c",
      images: [image],
    }),
    sessionMeta({
      session_id: "s",
      provider: "p",
      model_id: "m",
      model_context_window: "1M",
      system_prompt: "",
      tools: [{ name: "t", description: "", parameters: { type: "object" } }],
      agent_state: "/a",
      workspace: "/w",
      thinking_level: null,
    }),
  ]) {
    assert.equal(validateOmniMessage(msg), undefined, JSON.stringify(msg));
  }
});

// The rules JSON.parse does not apply, shared with the Go package (see the
// package documentation there): the text is checked as well as the value.

const THINKING = (fidelity: string): string =>
  `{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","fidelity":${fidelity}}}`;

const USAGE = (n: string): string =>
  `{"timestamp":"2026-07-18T03:10:22.531Z","type":"event_msg","payload":{"type":"token_usage","session":{"cache_read":${n},"cache_write":0,"output":0,"total":0},"request":{"cache_read":0,"cache_write":0,"output":0,"total":0}}}`;

function detailOf(line: string): string {
  try {
    parseOmniMessage(line);
  } catch (err) {
    assert.ok(err instanceof OmniMessageError, String(err));
    return err.detail;
  }
  assert.fail("accepted: " + line.slice(0, 200));
}

test("nesting: 1000 levels pass, 1001 fail, however deep, with no RangeError", () => {
  // The envelope is level 1, the payload 2, fidelity 3, "n" 4.
  const deep = (levels: number): string =>
    THINKING('{"n":' + "[".repeat(levels - 3) + "]".repeat(levels - 3) + "}");
  const ok = parseOmniMessage(deep(1000));
  assert.equal(JSON.stringify(ok), deep(1000));
  for (const levels of [1001, 5000, 8000, 100000]) {
    assert.equal(
      detailOf(deep(levels)),
      "arrays and objects nested more than 1000 levels deep",
    );
  }
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const value = JSON.parse(deep(1000));
  value.payload.fidelity.n = [[cyclic]];
  assert.equal(
    validateOmniMessage(value)?.detail,
    "arrays and objects nested more than 1000 levels deep",
  );
});

test("a key given twice is rejected, wherever it is and however spelled", () => {
  const twice = [
    TEXT.replace('"type":"model_msg"', '"type":"model_msg","type":"model_msg"'),
    TEXT.replace('"role":"user"', '"role":"user","r\\u006fle":"user"'),
    THINKING('{"a":[{"b":1,"c":{},"b":2}]}'),
    THINKING(
      "{" +
        Array.from({ length: 1000 }, (_, i) => `"k${i}":${i}`).join(",") +
        ',"k999":0}',
    ),
  ];
  for (const line of twice) {
    assert.match(detailOf(line), /^duplicate property "/);
  }
  assert.equal(pointerOf(twice[2] ?? ""), "/payload/fidelity/a/0/b");
  assert.ok(parseOmniMessage(THINKING('{"a":{"a":{"a":1}},"b":"a"}')));
});

test("the quick read of the text misses no duplicate, however the text is laid out", () => {
  // parseOmniMessage counts the members in the text and the keys JSON.parse
  // kept, and reads the text closely only when they differ: strings holding
  // what looks like structure, whitespace around the colon, a duplicate
  // whose dropped value held objects, escaped keys, and an enumerable
  // property on Object.prototype (which for-in would count) must not hide one.
  const tricky =
    '{"s":"\\":{\\"x\\":[1e400,{","t":"\\\\","u":["{\\"a\\":1}",":"]}';
  assert.ok(parseOmniMessage(THINKING(tricky)));
  const twice = [
    THINKING('{"a" : 1 ,\n "a"\t:2}'),
    THINKING('{"a":{"b":{},"c":[{}]},"d":1,"a":0}'),
    THINKING('{"s":"\\"a\\":","a":1,"a":2}'),
    THINKING('{"\\u0031":1,"1":2}'),
    THINKING('{"x":"\\\\","x":0}'),
  ];
  for (const line of twice) {
    assert.match(detailOf(line), /^duplicate property "/, line);
  }
  const polluted = Object.prototype as Record<string, unknown>;
  polluted["extra"] = 1;
  try {
    // Three objects, three duplicates: as many keys as members, counted so.
    const three = THINKING('{"a":1,"a":2,"b":1,"b":2,"c":1,"c":2}');
    assert.match(detailOf(three), /^duplicate property "/);
    assert.ok(parseOmniMessage(THINKING('{"a":1}')));
  } finally {
    delete polluted["extra"];
  }
});

test("numbers: JavaScript must write back what the text says", () => {
  assert.equal(
    detailOf(THINKING('{"n":[1,-1E400]}')),
    "must be a number JavaScript can represent, got -1E400",
  );
  assert.equal(
    pointerOf(THINKING('{"n":[1,-1E400]}')),
    "/payload/fidelity/n/1",
  );
  // Where any number will do, JavaScript's reading is the value.
  const odd = parseOmniMessage(THINKING('{"n":[1e-400,9007199254740993,1.0]}'));
  assert.equal(
    JSON.stringify(odd.payload),
    JSON.stringify({
      type: "thinking",
      role: "assistant",
      thinking: "",
      fidelity: { n: [0, 9007199254740992, 1] },
    }),
  );
  // Where an integer is required, it must be one as written, within int64,
  // and come back unchanged.
  for (const n of ["9007199254912336", "1152921504606847000", "1e2", "-0"]) {
    assert.ok(parseOmniMessage(USAGE(n)), n);
  }
  for (const n of ["1.0000000000000001", "1e-400", "0.5"]) {
    assert.equal(detailOf(USAGE(n)), "must be integer, got number", n);
  }
  for (const n of [
    "9007199254740993",
    "1152921504606846976",
    "1e19",
    "1e400",
  ]) {
    assert.match(detailOf(USAGE(n)), /JavaScript/, n);
  }
});

test("parse keeps the text's key order, array-index keys too", () => {
  const shuffled =
    '{"payload":{"text":"hi","role":"user","fidelity":{"z":1,"a":[{"y":2,"b":3}]},"type":"text"},"type":"model_msg","timestamp":"2026-07-18T03:10:22.531Z"}';
  assert.equal(JSON.stringify(parseOmniMessage(shuffled)), shuffled);
  // JavaScript lists keys such as "10" first, in numeric order: the parsed
  // objects still write them where the text had them, nested ones too, and
  // with JSON.stringify's other arguments.
  const indexKeys =
    '{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","fidelity":{"b":1,"10":2,"2":{"z":[{"9":0,"x":1,"1":2}],"1":1},"4294967295":3,"07":4}}}';
  const msg = parseOmniMessage(indexKeys);
  assert.equal(JSON.stringify(msg), indexKeys);
  assert.equal(JSON.stringify(msg, null, 1).replace(/\s/g, ""), indexKeys);
  const fidelity = (msg.payload as { fidelity: Record<string, unknown> })
    .fidelity;
  assert.deepEqual(Object.keys(fidelity), ["2", "10", "b", "4294967295", "07"]);
  // A key added or removed since parsing is written as it is now.
  delete fidelity["10"];
  fidelity["3"] = "new";
  assert.equal(
    JSON.stringify(fidelity),
    '{"b":1,"2":{"z":[{"9":0,"x":1,"1":2}],"1":1},"4294967295":3,"07":4,"3":"new"}',
  );
  // An object with a key "toJSON" of its own keeps it, and its order.
  const own =
    '{"timestamp":"2026-07-18T03:10:22.531Z","type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"","fidelity":{"toJSON":"x","5":1}}}';
  const ownMsg = parseOmniMessage(own);
  assert.equal(JSON.stringify(ownMsg), own);
  assert.equal(
    (ownMsg.payload as { fidelity: Record<string, unknown> }).fidelity.toJSON,
    "x",
  );
  // In schema order with no such key, the parsed value is JSON.parse's.
  assert.deepEqual(parseOmniMessage(TEXT), JSON.parse(TEXT));
});
