// Type-level tests: tsc compiles this file as part of npm test, and every
// line marked @ts-expect-error must fail to type-check (tsc reports a
// directive that no longer finds an error). The functions never run.

import { test } from "node:test";

import {
  approvalDecision,
  isCompleteModelMessage,
  isEventMessage,
  isModelMessage,
  partialText,
  textMessage,
  toolCall,
  userText,
  withOrigin,
} from "../src/index.js";
import type {
  AbortPayload,
  CompleteModelMessage,
  CompleteModelPayload,
  ModelPayload,
  OmniMessage,
  OmniPayload,
  RequestBeginPayload,
  SessionMetaPayload,
  TextPayload,
  ToolCallPayload,
} from "../src/index.js";

declare const abort: AbortPayload;
declare const text: TextPayload;
declare const meta: SessionMetaPayload;
declare const msg: OmniMessage;

/** Misuses the types must reject. */
export function misuses(): unknown[] {
  const call: ToolCallPayload = {
    type: "tool_call",
    // @ts-expect-error a tool_call is always the assistant's, never the user's
    role: "user",
    name: "x",
    arguments: "{}",
    tool_call_id: "c",
  };

  // @ts-expect-error an event payload cannot sit in a model_msg
  const eventInModel: OmniMessage = {
    timestamp: "t",
    type: "model_msg",
    payload: abort,
  };

  // @ts-expect-error a model payload cannot sit in an event_msg
  const modelInEvent: OmniMessage = {
    timestamp: "t",
    type: "event_msg",
    payload: text,
  };

  // @ts-expect-error a session_meta payload cannot sit in a model_msg
  const metaInModel: OmniMessage = {
    timestamp: "t",
    type: "model_msg",
    payload: meta,
  };

  const abortMsg: OmniMessage<AbortPayload> = {
    timestamp: "t",
    // @ts-expect-error the kind follows from the payload type
    type: "model_msg",
    payload: abort,
  };

  const badStop: TextPayload = {
    type: "text",
    role: "user",
    text: "x",
    // @ts-expect-error stop_reason is one of six values
    stop_reason: "stop",
  };

  // @ts-expect-error role is "user" or "assistant"
  const badRole: TextPayload = { type: "text", role: "system", text: "x" };

  // @ts-expect-error tool_call_id is required
  const missing: ToolCallPayload = {
    type: "tool_call",
    role: "assistant",
    name: "x",
    arguments: "{}",
  };

  const extra: TextPayload = {
    type: "text",
    role: "user",
    text: "x",
    // @ts-expect-error a text payload has no images
    images: [],
  };

  // @ts-expect-error an optional property is absent, not undefined
  const undef: TextPayload = {
    type: "text",
    role: "user",
    text: "x",
    fidelity: undefined,
  };

  // @ts-expect-error origin is an array of session ids
  const origin: OmniMessage<TextPayload> = { ...userText("x"), origin: "s" };

  // @ts-expect-error a partial is not a complete model message
  const complete: CompleteModelMessage = partialText("delta", "x");

  // @ts-expect-error withOrigin keeps the message's type
  const kept: OmniMessage<AbortPayload> = withOrigin(userText("x"), "s");

  // @ts-expect-error textMessage's role is "user" or "assistant"
  const sys = textMessage("system", "x");

  // @ts-expect-error the arguments of a tool call are a JSON string
  const args = toolCall({ name: "x", arguments: {}, toolCallId: "c" });

  // @ts-expect-error toolCall takes one object, not positional arguments
  const positional = toolCall("x", "{}", "c");

  // @ts-expect-error a decision is "allow" or "deny"
  const maybe = approvalDecision("maybe", "c");

  const narrowed: unknown[] = [];
  if (isEventMessage(msg)) {
    // @ts-expect-error an event payload has no text
    narrowed.push(msg.payload.text);
  }
  if (isModelMessage(msg)) {
    // @ts-expect-error a model payload is not a session_meta payload
    const m: SessionMetaPayload = msg.payload;
    narrowed.push(m);
  }

  return [
    call,
    eventInModel,
    modelInEvent,
    metaInModel,
    abortMsg,
    badStop,
    badRole,
    missing,
    extra,
    undef,
    origin,
    complete,
    kept,
    sys,
    args,
    positional,
    maybe,
    narrowed,
  ];
}

/** A generic helper over messages: the payload of an OmniMessage<P> is a P. */
function payloadOf<P extends OmniPayload>(m: OmniMessage<P>): P {
  return m.payload;
}

/** Uses the types must accept. */
export function uses(): unknown[] {
  const out0: unknown[] = [];
  const fromBuilder: OmniMessage = userText("x");
  const exact: OmniMessage<TextPayload> = textMessage("user", "x");
  const kept: OmniMessage<TextPayload> = withOrigin(exact, "s");
  const textPayload: TextPayload = payloadOf(kept);
  out0.push(textPayload.text);
  const begin: OmniMessage<RequestBeginPayload> = {
    timestamp: "t",
    type: "event_msg",
    payload: { type: "request_begin" },
  };
  const list: OmniMessage[] = [fromBuilder, kept, begin];
  const out: unknown[] = [];
  for (const m of list) {
    if (m.type === "model_msg") {
      const p: ModelPayload = m.payload;
      out.push(p.type);
    } else if (m.type === "session_meta") {
      out.push(m.payload.session_id);
    }
    if (isCompleteModelMessage(m)) {
      const p: CompleteModelPayload = m.payload;
      if (p.type === "tool_call") {
        out.push(p.tool_call_id);
      }
    }
  }
  // session_meta's payload has no type, so type discriminates every payload.
  const kind: string | undefined = msg.payload.type;
  out.push(kind);
  const explicitUndefined = toolCall({
    name: "x",
    arguments: "{}",
    toolCallId: "c",
    stopReason: undefined,
    fidelity: undefined,
  });
  return [out0, out, explicitUndefined];
}

test("the types reject misuses and accept uses (checked by tsc)", () => {});
