// The behaviours of the reference omnimessage module, one test each, written
// against its exports only (builders, guards, aggregator and types, imported
// by name from one path). Pointed at the reference module instead of
// ../src/index.js, this file runs unchanged.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  abortEvent,
  addTokenCounts,
  aggregateAll,
  approvalDecision,
  assistantText,
  compactionBegin,
  compactionEnd,
  emptyTokenCounts,
  goalFinished,
  imageUrlMessage,
  inlineData,
  inlineThinking,
  isCompleteModelMessage,
  isEventMessage,
  isModelMessage,
  isPartialPayload,
  isSessionMeta,
  partialText,
  partialThinking,
  partialToolCall,
  partialToolCallOutput,
  PartialAggregator,
  requestBegin,
  requestEnd,
  sessionMeta,
  subagentEvent,
  textMessage,
  thinkingMessage,
  tokenUsage,
  toolCall,
  toolCallOutput,
  userText,
  withOrigin,
} from "../src/index.js";
import type {
  ApprovalDecision,
  CompleteModelMessage,
  CompleteModelPayload,
  EventMessage,
  EventPayload,
  GoalFinishedPayload,
  GoalOutcomeStatus,
  MessageOrigin,
  ModelMessage,
  ModelPayload,
  OmniMessage,
  OmniMessageType,
  OmniPayload,
  PartialModelMessage,
  PartialModelPayload,
  Role,
  SessionMetaMessage,
  SessionMetaPayload,
  TokenCounts,
} from "../src/index.js";

/** True when A and B are the same type, as TypeScript sees it. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2
    ? true
    : false;

/** True when every value of V is a T. */
type Holds<T, V> = [V] extends [T] ? true : false;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The message as JSON without its timestamp: keys in output order. */
function body(msg: OmniMessage): string {
  const copy: Record<string, unknown> = { ...msg };
  delete copy["timestamp"];
  return JSON.stringify(copy);
}

/** The payload's JSON: keys in output order. */
function payload(msg: OmniMessage): string {
  return JSON.stringify(msg.payload);
}

/** A payload field, whatever the payload's type. */
function field(p: OmniPayload, name: string): unknown {
  return (p as unknown as Record<string, unknown>)[name];
}

const meta: SessionMetaPayload = {
  session_id: "session-1",
  provider: "anthropic",
  model_id: "claude-sonnet-4-5",
  model_context_window: 200000,
  system_prompt: "You are Penguin.",
  tools: [{ name: "read_file", description: "Reads a file." }],
  agent_state: "/state",
  workspace: "/work",
};

const IMG = "data:image/png;base64,iVBORw0KGgo=";

describe("builders", () => {
  test("stamp the current instant as Date.prototype.toISOString", () => {
    const before = Date.now();
    const msg = userText("x");
    const after = Date.now();
    assert.match(msg.timestamp, ISO);
    const at = Date.parse(msg.timestamp);
    assert.ok(before <= at && at <= after);
  });

  test("write the envelope's keys as timestamp, type, payload, origin", () => {
    assert.deepEqual(Object.keys(requestBegin()), [
      "timestamp",
      "type",
      "payload",
    ]);
    assert.deepEqual(Object.keys(withOrigin(requestBegin(), "s")), [
      "timestamp",
      "type",
      "payload",
      "origin",
    ]);
  });

  test("sessionMeta(payload) writes the payload as given", () => {
    const msg = sessionMeta(meta);
    assert.equal(msg.type, "session_meta");
    assert.equal(payload(msg), JSON.stringify(meta));
  });

  test("textMessage(role, text, stopReason = completed, fidelity?)", () => {
    assert.equal(
      body(textMessage("user", "hi")),
      '{"type":"model_msg","payload":{"type":"text","role":"user","text":"hi","stop_reason":"completed"}}',
    );
    assert.equal(
      payload(textMessage("assistant", "a", "failed", { phase: "x" })),
      '{"type":"text","role":"assistant","text":"a","stop_reason":"failed","fidelity":{"phase":"x"}}',
    );
  });

  test("userText(text) is textMessage(user, text)", () => {
    assert.equal(body(userText("hello")), body(textMessage("user", "hello")));
  });

  test("assistantText(text, stopReason = completed, fidelity?)", () => {
    assert.equal(body(assistantText("a")), body(textMessage("assistant", "a")));
    assert.equal(
      payload(assistantText("a", "timeout", { signature: "s" })),
      '{"type":"text","role":"assistant","text":"a","stop_reason":"timeout","fidelity":{"signature":"s"}}',
    );
  });

  test("imageUrlMessage(imageUrl)", () => {
    assert.equal(
      body(imageUrlMessage("https://example.com/a.png")),
      '{"type":"model_msg","payload":{"type":"image_url","role":"user","image_url":"https://example.com/a.png","stop_reason":"completed"}}',
    );
  });

  test("inlineData(role, data, mimeType, fidelity?)", () => {
    assert.equal(
      payload(inlineData("user", "AAAA", "image/png")),
      '{"type":"inline_data","role":"user","data":"AAAA","mime_type":"image/png","stop_reason":"completed"}',
    );
    assert.equal(
      payload(inlineData("assistant", "AAAA", "image/png", { id: "i" })),
      '{"type":"inline_data","role":"assistant","data":"AAAA","mime_type":"image/png","stop_reason":"completed","fidelity":{"id":"i"}}',
    );
  });

  test("thinkingMessage(thinking, stopReason = completed, fidelity?)", () => {
    assert.equal(
      body(thinkingMessage("hmm")),
      '{"type":"model_msg","payload":{"type":"thinking","role":"assistant","thinking":"hmm","stop_reason":"completed"}}',
    );
    assert.equal(
      payload(thinkingMessage("", "aborted", { encrypted_content: "g" })),
      '{"type":"thinking","role":"assistant","thinking":"","stop_reason":"aborted","fidelity":{"encrypted_content":"g"}}',
    );
  });

  test("inlineThinking(data, mimeType, fidelity?)", () => {
    assert.equal(
      payload(inlineThinking("AQID", "application/octet-stream")),
      '{"type":"inline_thinking","role":"assistant","data":"AQID","mime_type":"application/octet-stream","stop_reason":"completed"}',
    );
    assert.equal(
      payload(inlineThinking("AQID", "x/y", { a: [1] })),
      '{"type":"inline_thinking","role":"assistant","data":"AQID","mime_type":"x/y","stop_reason":"completed","fidelity":{"a":[1]}}',
    );
  });

  test("toolCall({ name, arguments, toolCallId, stopReason?, fidelity? })", () => {
    assert.equal(
      body(toolCall({ name: "ls", arguments: "{}", toolCallId: "c1" })),
      '{"type":"model_msg","payload":{"type":"tool_call","role":"assistant","name":"ls","arguments":"{}","tool_call_id":"c1","stop_reason":"completed"}}',
    );
    const full = toolCall({
      name: "ls",
      arguments: "{}",
      toolCallId: "c1",
      stopReason: "malformed",
      fidelity: { index: 1 },
    });
    assert.equal(
      payload(full),
      '{"type":"tool_call","role":"assistant","name":"ls","arguments":"{}","tool_call_id":"c1","stop_reason":"malformed","fidelity":{"index":1}}',
    );
  });

  test("toolCallOutput({ output, toolCallId, stopReason?, images? })", () => {
    assert.equal(
      body(toolCallOutput({ output: "ok", toolCallId: "c1" })),
      '{"type":"model_msg","payload":{"type":"tool_call_output","role":"user","output":"ok","tool_call_id":"c1","stop_reason":"completed"}}',
    );
    const full = toolCallOutput({
      output: "ok",
      toolCallId: "c1",
      stopReason: "failed",
      images: [IMG],
    });
    assert.equal(
      payload(full),
      `{"type":"tool_call_output","role":"user","output":"ok","images":["${IMG}"],"tool_call_id":"c1","stop_reason":"failed"}`,
    );
  });

  test('partialText(eventType, text = "", stopReason = completed)', () => {
    assert.equal(
      body(partialText("start")),
      '{"type":"model_msg","payload":{"type":"partial_text","role":"assistant","event_type":"start","text":"","stop_reason":"completed"}}',
    );
    assert.equal(
      payload(partialText("stop", "x", "aborted")),
      '{"type":"partial_text","role":"assistant","event_type":"stop","text":"x","stop_reason":"aborted"}',
    );
  });

  test('partialThinking(eventType, thinking = "", stopReason = completed)', () => {
    assert.equal(
      payload(partialThinking("delta")),
      '{"type":"partial_thinking","role":"assistant","event_type":"delta","thinking":"","stop_reason":"completed"}',
    );
    assert.equal(
      payload(partialThinking("delta", "h", "timeout")),
      '{"type":"partial_thinking","role":"assistant","event_type":"delta","thinking":"h","stop_reason":"timeout"}',
    );
  });

  test('partialToolCall({ eventType, name, arguments = "", toolCallId, stopReason? })', () => {
    assert.equal(
      payload(
        partialToolCall({ eventType: "start", name: "ls", toolCallId: "c" }),
      ),
      '{"type":"partial_tool_call","role":"assistant","event_type":"start","name":"ls","arguments":"","tool_call_id":"c","stop_reason":"completed"}',
    );
    const full = partialToolCall({
      eventType: "delta",
      name: "",
      arguments: "{",
      toolCallId: "c",
      stopReason: "failed",
    });
    assert.equal(
      payload(full),
      '{"type":"partial_tool_call","role":"assistant","event_type":"delta","name":"","arguments":"{","tool_call_id":"c","stop_reason":"failed"}',
    );
  });

  test('partialToolCallOutput({ eventType, output = "", toolCallId, stopReason?, images? })', () => {
    assert.equal(
      payload(partialToolCallOutput({ eventType: "start", toolCallId: "c" })),
      '{"type":"partial_tool_call_output","role":"user","event_type":"start","output":"","tool_call_id":"c","stop_reason":"completed"}',
    );
    const full = partialToolCallOutput({
      eventType: "delta",
      output: "o",
      toolCallId: "c",
      stopReason: "failed",
      images: [IMG],
    });
    assert.equal(
      payload(full),
      `{"type":"partial_tool_call_output","role":"user","event_type":"delta","output":"o","images":["${IMG}"],"tool_call_id":"c","stop_reason":"failed"}`,
    );
  });

  test("approvalDecision(decision, toolCallId)", () => {
    assert.equal(
      body(approvalDecision("deny", "c1")),
      '{"type":"event_msg","payload":{"type":"approval_decision","decision":"deny","tool_call_id":"c1"}}',
    );
  });

  test("abortEvent(reason = null) always writes reason", () => {
    assert.equal(payload(abortEvent()), '{"type":"abort","reason":null}');
    assert.equal(payload(abortEvent(null)), '{"type":"abort","reason":null}');
    assert.equal(payload(abortEvent("esc")), '{"type":"abort","reason":"esc"}');
  });

  test("requestBegin()", () => {
    assert.equal(
      body(requestBegin()),
      '{"type":"event_msg","payload":{"type":"request_begin"}}',
    );
  });

  test("requestEnd(status, message?, retryInMs?) writes each only when given", () => {
    assert.equal(
      payload(requestEnd("completed")),
      '{"type":"request_end","status":"completed"}',
    );
    assert.equal(
      payload(requestEnd("failed", "quota")),
      '{"type":"request_end","status":"failed","message":"quota"}',
    );
    assert.equal(
      payload(requestEnd("failed", "")),
      '{"type":"request_end","status":"failed","message":""}',
    );
    assert.equal(
      payload(requestEnd("timeout", "no response", 2000)),
      '{"type":"request_end","status":"timeout","message":"no response","retry_in_ms":2000}',
    );
    assert.equal(
      payload(requestEnd("malformed", undefined, 0)),
      '{"type":"request_end","status":"malformed","retry_in_ms":0}',
    );
  });

  test("goalFinished(outcome, rounds, tokensUsed)", () => {
    const msg = goalFinished("budget_limited", 12, 48210);
    assert.equal(
      body(msg),
      '{"type":"event_msg","payload":{"type":"goal_finished","outcome":"budget_limited","rounds":12,"tokens_used":48210}}',
    );
    const outcomes: GoalOutcomeStatus[] = [
      "complete",
      "blocked",
      "budget_limited",
      "aborted",
    ];
    for (const outcome of outcomes) {
      const p: GoalFinishedPayload = goalFinished(outcome, 0, 0).payload;
      assert.equal(p.outcome, outcome);
    }
    assert.ok(isEventMessage(msg));
  });

  test("compactionBegin({ reason, mode, context, turns })", () => {
    const msg = compactionBegin({
      reason: "context",
      mode: "summarize",
      context: 190000,
      turns: 12,
    });
    assert.equal(
      body(msg),
      '{"type":"event_msg","payload":{"type":"compaction_begin","reason":"context","mode":"summarize","context":190000,"turns":12}}',
    );
  });

  test("compactionEnd({ reason, mode, status })", () => {
    const msg = compactionEnd({
      reason: "manual",
      mode: "discard",
      status: "aborted",
    });
    assert.equal(
      payload(msg),
      '{"type":"compaction_end","reason":"manual","mode":"discard","status":"aborted"}',
    );
  });

  test("subagentEvent(sessionId)", () => {
    assert.equal(
      body(subagentEvent("s-2")),
      '{"type":"event_msg","payload":{"type":"subagent","session_id":"s-2"}}',
    );
  });

  test("tokenUsage(session, request)", () => {
    const a: TokenCounts = {
      cache_read: 1,
      cache_write: 2,
      output: 3,
      total: 6,
    };
    assert.equal(
      payload(tokenUsage(a, emptyTokenCounts())),
      '{"type":"token_usage","session":{"cache_read":1,"cache_write":2,"output":3,"total":6},"request":{"cache_read":0,"cache_write":0,"output":0,"total":0}}',
    );
  });

  test("emptyTokenCounts() is all zero, without an envelope", () => {
    assert.equal(
      JSON.stringify(emptyTokenCounts()),
      '{"cache_read":0,"cache_write":0,"output":0,"total":0}',
    );
  });

  test("addTokenCounts(a, b) is the field-wise sum", () => {
    const a: TokenCounts = {
      cache_read: 1,
      cache_write: 2,
      output: 3,
      total: 6,
    };
    const b: TokenCounts = {
      cache_read: 10,
      cache_write: 20,
      output: 30,
      total: 60,
    };
    assert.equal(
      JSON.stringify(addTokenCounts(a, b)),
      '{"cache_read":11,"cache_write":22,"output":33,"total":66}',
    );
  });

  test("withOrigin(msg, sessionId) prepends one hop to a copy", () => {
    const msg = userText("from child");
    const once = withOrigin(msg, "inner");
    const twice = withOrigin(once, "outer");
    assert.deepEqual(once.origin, ["inner"]);
    assert.deepEqual(twice.origin, ["outer", "inner"]);
    assert.equal(msg.origin, undefined);
    assert.deepEqual(once.origin, ["inner"]);
    assert.equal(twice.timestamp, msg.timestamp);
    assert.equal(payload(twice), payload(msg));
  });

  test("an absent or empty fidelity is not written", () => {
    for (const msg of [
      textMessage("user", "x", "completed", {}),
      assistantText("x", "completed", {}),
      inlineData("user", "d", "m", {}),
      thinkingMessage("x", "completed", {}),
      inlineThinking("d", "m", {}),
      toolCall({ name: "n", arguments: "", toolCallId: "c", fidelity: {} }),
    ]) {
      assert.equal(field(msg.payload, "fidelity"), undefined, payload(msg));
      assert.ok(!payload(msg).includes("fidelity"));
    }
  });

  test("absent or empty images are not written", () => {
    for (const msg of [
      toolCallOutput({ output: "o", toolCallId: "c" }),
      toolCallOutput({ output: "o", toolCallId: "c", images: [] }),
      partialToolCallOutput({ eventType: "delta", toolCallId: "c" }),
      partialToolCallOutput({
        eventType: "delta",
        toolCallId: "c",
        images: [],
      }),
    ]) {
      assert.ok(!payload(msg).includes("images"), payload(msg));
    }
  });

  test("every model payload built by a builder carries stop_reason", () => {
    for (const msg of [
      textMessage("user", "x"),
      userText("x"),
      assistantText("x"),
      imageUrlMessage("u"),
      inlineData("user", "d", "m"),
      thinkingMessage("t"),
      inlineThinking("d", "m"),
      toolCall({ name: "n", arguments: "", toolCallId: "c" }),
      toolCallOutput({ output: "o", toolCallId: "c" }),
      partialText("delta"),
      partialThinking("delta"),
      partialToolCall({ eventType: "delta", name: "n", toolCallId: "c" }),
      partialToolCallOutput({ eventType: "delta", toolCallId: "c" }),
    ]) {
      assert.equal(msg.type, "model_msg");
      assert.equal(field(msg.payload, "stop_reason"), "completed");
    }
  });
});

describe("guards", () => {
  const all: OmniMessage[] = [
    sessionMeta(meta),
    userText("x"),
    thinkingMessage("t"),
    toolCall({ name: "n", arguments: "{}", toolCallId: "c" }),
    toolCallOutput({ output: "o", toolCallId: "c" }),
    imageUrlMessage("u"),
    inlineData("user", "d", "m"),
    inlineThinking("d", "m"),
    partialText("delta", "x"),
    partialThinking("delta", "x"),
    partialToolCall({ eventType: "delta", name: "n", toolCallId: "c" }),
    partialToolCallOutput({ eventType: "delta", toolCallId: "c" }),
    requestBegin(),
    requestEnd("completed"),
    approvalDecision("allow", "c"),
    tokenUsage(emptyTokenCounts(), emptyTokenCounts()),
    compactionBegin({ reason: "turns", mode: "discard", context: 1, turns: 2 }),
    compactionEnd({ reason: "turns", mode: "discard", status: "completed" }),
    abortEvent(),
    subagentEvent("s"),
  ];
  const partial = (msg: OmniMessage): boolean =>
    String(field(msg.payload, "type")).startsWith("partial_");

  test("isPartialPayload: the type is one of the four partial_*", () => {
    for (const msg of all) {
      assert.equal(isPartialPayload(msg.payload), partial(msg), body(msg));
    }
  });

  test("isModelMessage: by the envelope's type", () => {
    for (const msg of all) {
      assert.equal(isModelMessage(msg), msg.type === "model_msg", body(msg));
    }
  });

  test("isEventMessage: by the envelope's type", () => {
    for (const msg of all) {
      assert.equal(isEventMessage(msg), msg.type === "event_msg", body(msg));
    }
  });

  test("isSessionMeta: by the envelope's type", () => {
    for (const msg of all) {
      assert.equal(isSessionMeta(msg), msg.type === "session_meta", body(msg));
    }
  });

  test("isCompleteModelMessage: a model_msg whose payload is not partial", () => {
    for (const msg of all) {
      const want = msg.type === "model_msg" && !partial(msg);
      assert.equal(isCompleteModelMessage(msg), want, body(msg));
    }
  });

  test("isCompleteModelMessage is written as the kind and !isPartialPayload: true for an unknown or missing payload type", () => {
    const unvalidated = (payload: object): OmniMessage =>
      ({
        timestamp: "2026-07-18T03:10:22.531Z",
        type: "model_msg",
        payload,
      }) as unknown as OmniMessage;
    for (const p of [{ type: "pictures" }, {}, { type: 7 }]) {
      const msg = unvalidated(p);
      assert.equal(isCompleteModelMessage(msg), true, JSON.stringify(p));
      assert.equal(isModelMessage(msg), true);
      assert.equal(isPartialPayload(msg.payload), false);
    }
    assert.equal(
      isCompleteModelMessage(unvalidated({ type: "partial_text" })),
      false,
    );
    const wrongKind = {
      ...unvalidated({ type: "text" }),
      type: "event_msg",
    } as unknown as OmniMessage;
    assert.equal(isCompleteModelMessage(wrongKind), false);
  });

  test("the guards narrow the message", () => {
    const trace: CompleteModelMessage[] = [];
    const texts: string[] = [];
    for (const msg of all) {
      if (isCompleteModelMessage(msg)) {
        trace.push(msg);
        if (msg.payload.type === "text") {
          texts.push(msg.payload.text);
        }
      }
      if (isSessionMeta(msg)) {
        texts.push(msg.payload.session_id);
      }
    }
    assert.equal(trace.length, 7);
    assert.deepEqual(texts, ["session-1", "x"]);
  });
});

describe("PartialAggregator", () => {
  /** The complete messages' bodies (no timestamp). */
  const bodies = (msgs: OmniMessage[]): string[] => msgs.map(body);

  test("a message that is not a partial passes through unchanged, in order", () => {
    const agg = new PartialAggregator();
    const a = userText("a");
    const b = requestEnd("completed");
    const c = sessionMeta(meta);
    assert.deepEqual(agg.push(a), [a]);
    assert.deepEqual(agg.push(b), [b]);
    assert.equal(agg.push(c)[0], c);
    assert.deepEqual(agg.flush(), []);
  });

  test("start opens a fragment whose content is the first piece; stop emits", () => {
    const agg = new PartialAggregator();
    assert.deepEqual(agg.push(partialText("start", "Hel")), []);
    const out = agg.push(partialText("stop", "lo"));
    assert.deepEqual(bodies(out), [body(assistantText("Hello"))]);
    assert.deepEqual(agg.flush(), []);
  });

  test("delta appends", () => {
    const out = aggregateAll([
      partialThinking("start"),
      partialThinking("delta", "a"),
      partialThinking("delta", "b"),
      partialThinking("stop", "c"),
    ]);
    assert.deepEqual(bodies(out), [body(thinkingMessage("abc"))]);
  });

  test("a start finalises the open fragment of the same key first", () => {
    const agg = new PartialAggregator();
    agg.push(partialText("start", "one"));
    agg.push(partialText("delta", "+"));
    const out = agg.push(partialText("start", "two"));
    assert.deepEqual(bodies(out), [body(assistantText("one+"))]);
    assert.deepEqual(bodies(agg.flush()), [body(assistantText("two"))]);
  });

  test("a delta or stop with no open fragment opens one", () => {
    const agg = new PartialAggregator();
    assert.deepEqual(agg.push(partialText("delta", "mid")), []);
    assert.deepEqual(bodies(agg.push(partialText("stop", "dle"))), [
      body(assistantText("middle")),
    ]);
    assert.deepEqual(bodies(agg.push(partialText("stop", "alone"))), [
      body(assistantText("alone")),
    ]);
  });

  test("fragments are keyed by payload type plus tool_call_id", () => {
    const out = aggregateAll([
      partialToolCall({ eventType: "start", name: "a", toolCallId: "1" }),
      partialToolCall({ eventType: "start", name: "b", toolCallId: "2" }),
      partialText("start", "t"),
      partialThinking("start", "h"),
      partialToolCall({
        eventType: "delta",
        name: "",
        arguments: "{2",
        toolCallId: "2",
      }),
      partialToolCall({
        eventType: "delta",
        name: "",
        arguments: "{1",
        toolCallId: "1",
      }),
      partialText("delta", "ext"),
      partialToolCallOutput({
        eventType: "start",
        output: "o",
        toolCallId: "1",
      }),
      partialToolCall({
        eventType: "stop",
        name: "",
        arguments: "}",
        toolCallId: "1",
      }),
      partialToolCall({
        eventType: "stop",
        name: "",
        arguments: "}",
        toolCallId: "2",
      }),
      partialText("stop"),
      partialThinking("stop", "m"),
      partialToolCallOutput({
        eventType: "stop",
        output: "k",
        toolCallId: "1",
      }),
    ]);
    assert.deepEqual(bodies(out), [
      body(toolCall({ name: "a", arguments: "{1}", toolCallId: "1" })),
      body(toolCall({ name: "b", arguments: "{2}", toolCallId: "2" })),
      body(assistantText("text")),
      body(thinkingMessage("hm")),
      body(toolCallOutput({ output: "ok", toolCallId: "1" })),
    ]);
  });

  test("arguments and output are appended", () => {
    const out = aggregateAll([
      partialToolCall({
        eventType: "start",
        name: "f",
        arguments: "{",
        toolCallId: "c",
      }),
      partialToolCall({
        eventType: "stop",
        name: "f",
        arguments: "}",
        toolCallId: "c",
      }),
      partialToolCallOutput({
        eventType: "start",
        output: "a",
        toolCallId: "c",
      }),
      partialToolCallOutput({
        eventType: "delta",
        output: "b",
        toolCallId: "c",
      }),
      partialToolCallOutput({ eventType: "stop", toolCallId: "c" }),
    ]);
    assert.deepEqual(bodies(out), [
      body(toolCall({ name: "f", arguments: "{}", toolCallId: "c" })),
      body(toolCallOutput({ output: "ab", toolCallId: "c" })),
    ]);
  });

  test("a non-empty name overrides", () => {
    const out = aggregateAll([
      partialToolCall({ eventType: "start", name: "", toolCallId: "c" }),
      partialToolCall({ eventType: "delta", name: "first", toolCallId: "c" }),
      partialToolCall({ eventType: "delta", name: "", toolCallId: "c" }),
      partialToolCall({ eventType: "stop", name: "second", toolCallId: "c" }),
    ]);
    assert.deepEqual(bodies(out), [
      body(toolCall({ name: "second", arguments: "", toolCallId: "c" })),
    ]);
  });

  test("a non-empty images replaces the stored set", () => {
    const one = "data:image/png;base64,AAAA";
    const two = "data:image/png;base64,BBBB";
    const out = aggregateAll([
      partialToolCallOutput({
        eventType: "start",
        toolCallId: "c",
        images: [one],
      }),
      partialToolCallOutput({
        eventType: "delta",
        toolCallId: "c",
        images: [],
      }),
      partialToolCallOutput({
        eventType: "delta",
        toolCallId: "c",
        images: [two, one],
      }),
      partialToolCallOutput({ eventType: "stop", toolCallId: "c" }),
    ]);
    assert.deepEqual(bodies(out), [
      body(toolCallOutput({ output: "", toolCallId: "c", images: [two, one] })),
    ]);
  });

  test("the last stop_reason seen is the complete message's", () => {
    const out = aggregateAll([
      partialText("start", "a", "completed"),
      partialText("delta", "b", "timeout"),
      partialText("stop", "c", "aborted"),
      partialThinking("start", "x"),
      partialThinking("stop", "y"),
    ]);
    assert.deepEqual(bodies(out), [
      body(assistantText("abc", "aborted")),
      body(thinkingMessage("xy", "completed")),
    ]);
  });

  test("the complete message is built fresh: new timestamp, no fidelity, no origin", () => {
    const start = withOrigin(partialText("start", "a"), "child");
    const stop = withOrigin(partialText("stop", "b"), "child");
    const [done] = aggregateAll([start, stop]);
    assert.ok(done !== undefined);
    assert.match(done.timestamp, ISO);
    assert.equal(done.origin, undefined);
    assert.equal(body(done), body(assistantText("ab")));
    assert.equal(field(done.payload, "fidelity"), undefined);
  });

  test("flush emits the still-open fragments in the order they were opened", () => {
    const agg = new PartialAggregator();
    agg.push(
      partialToolCall({ eventType: "start", name: "b", toolCallId: "2" }),
    );
    agg.push(partialText("delta", "t"));
    agg.push(
      partialToolCall({ eventType: "start", name: "a", toolCallId: "1" }),
    );
    agg.push(
      partialToolCall({
        eventType: "delta",
        name: "",
        arguments: "x",
        toolCallId: "2",
      }),
    );
    assert.deepEqual(bodies(agg.flush()), [
      body(toolCall({ name: "b", arguments: "x", toolCallId: "2" })),
      body(assistantText("t")),
      body(toolCall({ name: "a", arguments: "", toolCallId: "1" })),
    ]);
    assert.deepEqual(agg.flush(), []);
  });

  test("a restarted fragment keeps its key's place in the flush order", () => {
    const agg = new PartialAggregator();
    assert.deepEqual(agg.push(partialText("start", "a")), []);
    assert.deepEqual(agg.push(partialThinking("start", "t")), []);
    assert.deepEqual(bodies(agg.push(partialText("start", "b"))), [
      body(assistantText("a")),
    ]);
    assert.deepEqual(bodies(agg.flush()), [
      body(assistantText("b")),
      body(thinkingMessage("t")),
    ]);
    // A key that stopped is gone: starting it again puts it last.
    agg.push(partialText("start", "x"));
    agg.push(partialThinking("start", "y"));
    agg.push(partialText("stop"));
    agg.push(partialText("start", "z"));
    assert.deepEqual(bodies(agg.flush()), [
      body(thinkingMessage("y")),
      body(assistantText("z")),
    ]);
  });

  test("aggregateAll(msgs) pushes each message, then flushes", () => {
    const msgs = [
      userText("q"),
      partialText("start", "a"),
      requestBegin(),
      partialText("delta", "b"),
      partialThinking("delta", "open"),
    ];
    const agg = new PartialAggregator();
    const want = [...msgs.flatMap((m) => agg.push(m)), ...agg.flush()];
    assert.deepEqual(bodies(aggregateAll(msgs)), bodies(want));
    assert.deepEqual(bodies(aggregateAll(msgs)), [
      body(msgs[0]!),
      body(msgs[2]!),
      body(assistantText("ab")),
      body(thinkingMessage("open")),
    ]);
  });
});

describe("exported types", () => {
  test("the aliases are the envelope narrowed to each family", () => {
    const aliases: [
      Equal<SessionMetaMessage, OmniMessage<SessionMetaPayload>>,
      Equal<ModelMessage, OmniMessage<ModelPayload>>,
      Equal<EventMessage, OmniMessage<EventPayload>>,
      Equal<CompleteModelMessage, OmniMessage<CompleteModelPayload>>,
      Equal<PartialModelMessage, OmniMessage<PartialModelPayload>>,
      Equal<MessageOrigin, string>,
      // The enums hold at least the spec's values (a later protocol may add
      // more: that is not a break).
      Holds<OmniMessageType, "session_meta" | "model_msg" | "event_msg">,
      Holds<Role, "user" | "assistant">,
      Holds<ApprovalDecision, "allow" | "deny">,
      Holds<
        GoalOutcomeStatus,
        "complete" | "blocked" | "budget_limited" | "aborted"
      >,
    ] = [true, true, true, true, true, true, true, true, true, true];
    assert.ok(aliases.every((same) => same));
  });

  test("the guards narrow to the aliases", () => {
    const msgs: OmniMessage[] = [
      sessionMeta(meta),
      userText("x"),
      partialText("delta", "p"),
      goalFinished("complete", 1, 2),
    ];
    const kinds: OmniMessageType[] = [];
    const origin: MessageOrigin[] = [];
    for (const msg of msgs) {
      kinds.push(msg.type);
      if (isSessionMeta(msg)) {
        const m: SessionMetaMessage = msg;
        origin.push(m.payload.session_id);
      }
      if (isModelMessage(msg)) {
        const m: ModelMessage = msg;
        if (isPartialPayload(m.payload)) {
          origin.push(m.payload.type);
        }
      }
      if (isEventMessage(msg)) {
        const m: EventMessage = msg;
        origin.push(m.payload.type);
      }
    }
    assert.deepEqual(kinds, [
      "session_meta",
      "model_msg",
      "model_msg",
      "event_msg",
    ]);
    assert.deepEqual(origin, ["session-1", "partial_text", "goal_finished"]);
    assert.deepEqual(withOrigin(userText("x"), origin[0]!).origin, [
      "session-1",
    ]);
    const streamed: PartialModelMessage[] = [
      partialText("start", "a"),
      partialToolCall({ eventType: "stop", name: "n", toolCallId: "c" }),
    ];
    assert.deepEqual(
      streamed.map((m) => isCompleteModelMessage(m)),
      [false, false],
    );
  });
});
