/**
 * OmniMessage is PenguinHarness's unified message protocol: the SDK yields it,
 * the Trace stores it line by line, and the Server pushes it verbatim over SSE.
 * One JSON document is one message envelope.
 *
 * @packageDocumentation
 */
export * from "./types.js";
export * from "./builders.js";
export * from "./guards.js";
export * from "./aggregate.js";
export * from "./validate.js";
