/**
 * The envelope every message shares; only the payload varies, and the
 * envelope's type says which family of payload it carries.
 */
export type OmniMessage<P extends OmniPayload = OmniPayload> = OmniMessageOf<P> & OmniMessageKind<P>;
/** Pairs each payload type in P with the type of the messages that carry it. */
export type OmniMessageKind<P extends OmniPayload> = P extends SessionMetaPayload ? {
    type: "session_meta";
    payload: P;
} : P extends ModelPayload ? {
    type: "model_msg";
    payload: P;
} : P extends EventPayload ? {
    type: "event_msg";
    payload: P;
} : never;
/** The fields of an OmniMessage whose payload is a P. */
export interface OmniMessageOf<P extends OmniPayload> {
    /** When the message was created, ISO 8601 in UTC. */
    timestamp: Timestamp;
    /** Which family of payload the message carries. */
    type: OmniMessageType;
    /** The message content; its family is fixed by type (see allOf). */
    payload: P;
    /**
     * The child-Session chain, outer to inner; absent for a message of the main
     * Session.
     */
    origin?: Origin;
}
/**
 * An instant in ISO 8601 form in UTC (Z suffix), as Date.prototype.toISOString
 * writes it, e.g. 2026-07-18T03:10:22.531Z.
 */
export type Timestamp = string;
/**
 * The three message types: session_meta (the runtime configuration of one model
 * context), model_msg (content inside the model context), event_msg (runtime
 * events outside the context).
 */
export type OmniMessageType = "session_meta" | "model_msg" | "event_msg";
/**
 * The Subagent chain of a forwarded message: one child Session id per hop,
 * outer to inner. Never an empty array.
 */
export type Origin = MessageOrigin[];
/** One hop of the Subagent chain: a child Session id. */
export type MessageOrigin = string;
/**
 * Any payload: session_meta, a model payload (complete or partial) or an event
 * payload.
 */
export type OmniPayload = SessionMetaPayload | ModelPayload | EventPayload;
/**
 * Content inside the model context: a complete payload or a streaming partial.
 */
export type ModelPayload = CompleteModelPayload | PartialModelPayload;
/**
 * The seven complete content payloads, discriminated by type: what a Trace
 * stores.
 */
export type CompleteModelPayload = TextPayload | ThinkingPayload | InlineThinkingPayload | ToolCallPayload | ToolCallOutputPayload | ImageUrlPayload | InlineDataPayload;
/**
 * The four streaming partials, each mirroring its complete counterpart with an
 * event_type phase marker.
 */
export type PartialModelPayload = PartialTextPayload | PartialThinkingPayload | PartialToolCallPayload | PartialToolCallOutputPayload;
/**
 * The nine runtime event payloads, discriminated by type. A downstream schema
 * extends it by defining its own union with "$dynamicAnchor": "EventPayload"
 * that includes this one.
 */
export type EventPayload = RequestBeginPayload | RequestEndPayload | ApprovalDecisionPayload | TokenUsagePayload | CompactionBeginPayload | CompactionEndPayload | AbortPayload | GoalFinishedPayload | SubagentPayload;
/**
 * The full runtime configuration of one model context: per-session invariants
 * only. On resume the engine takes this line as the runtime config.
 */
export interface SessionMetaPayload {
    /**
     * Never present: a SessionMetaPayload has no type, which tells the other
     * members of its unions apart.
     */
    type?: never;
    /** The Session's id. */
    session_id: string;
    /** The provider: one half of the model-identity pair. */
    provider: string;
    /** The upstream request id sent to AgentHub. */
    model_id: string;
    /** The model's context window. */
    model_context_window: ModelContextWindow;
    /** The system prompt, fully assembled, placeholders substituted. */
    system_prompt: string;
    /** The complete tool schema sent to the model. */
    tools: ToolDefinition[];
    /** The absolute path of the Agent State. */
    agent_state: string;
    /** The absolute path of the Workspace. */
    workspace: string;
    /** How the Session was created; absent for a user-created Session. */
    source?: SessionSource;
    /**
     * Legacy: a thinking level recorded by old Traces. It is accepted and ignored
     * on resume; the thinking level is a per-turn parameter.
     *
     * @deprecated
     */
    thinking_level?: unknown;
}
/**
 * A context window size, as a number or as a string; kept exactly as written.
 */
export type ModelContextWindow = number | string;
/** How a Session was created, when not by a user. */
export type SessionSource = "subagent" | "schedule";
/** One tool as sent to the model. */
export interface ToolDefinition {
    /** The tool's name. */
    name: string;
    /** What the tool does, for the model. */
    description: string;
    /** The JSON Schema of the tool's arguments; opaque, kept byte for byte. */
    parameters?: {
        [key: string]: unknown;
    };
}
/** Who speaks a model payload. */
export type Role = "user" | "assistant";
/**
 * How something ended: completed (normally), failed (an error not judged
 * transient, or a tool error), aborted (user interrupt), timeout (LLM timeout,
 * transport disconnect or transient quota error), malformed (parse failure or
 * truncated stream), auth (the provider rejected the credentials).
 */
export type StopReason = "completed" | "failed" | "aborted" | "timeout" | "malformed" | "auth";
/** The phase of a streamed fragment: start, delta or stop. */
export type StreamEventType = "start" | "delta" | "stop";
/**
 * An opaque provider-fidelity payload: an arbitrary JSON object the LLM client
 * records to reproduce the original message on replay (thinking signatures,
 * phase labels, encrypted reasoning). It passes through byte for byte.
 */
export type Fidelity = {
    [key: string]: unknown;
};
/** Images as data:<mime>;base64,… URLs. */
export type Images = string[];
/** Text from the user or the assistant. */
export interface TextPayload {
    /** The payload type: text. */
    type: "text";
    /** Who wrote the text. */
    role: Role;
    /** The text. */
    text: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
    /** Provider fidelity, e.g. a phase segment marker or a signature. */
    fidelity?: Fidelity;
}
/** The assistant's reasoning text. */
export interface ThinkingPayload {
    /** The payload type: thinking. */
    type: "thinking";
    /** Always the assistant. */
    role: "assistant";
    /** The reasoning text; empty when only fidelity carries it. */
    thinking: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
    /** Provider fidelity, required by some models to replay history. */
    fidelity?: Fidelity;
}
/** The assistant's reasoning in binary form. */
export interface InlineThinkingPayload {
    /** The payload type: inline_thinking. */
    type: "inline_thinking";
    /** Always the assistant. */
    role: "assistant";
    /** The reasoning content in binary form. */
    data: string;
    /** The MIME type of data. */
    mime_type: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
    /** Provider fidelity. */
    fidelity?: Fidelity;
}
/**
 * A tool call by the assistant; it pairs with its tool_call_output by
 * tool_call_id.
 */
export interface ToolCallPayload {
    /** The payload type: tool_call. */
    type: "tool_call";
    /** Always the assistant. */
    role: "assistant";
    /** The tool's name. */
    name: string;
    /** The arguments as a JSON string. */
    arguments: string;
    /** The id that pairs the call with its output. */
    tool_call_id: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
    /** Provider fidelity. */
    fidelity?: Fidelity;
}
/** The output of a tool call, fed back to the model as user content. */
export interface ToolCallOutputPayload {
    /** The payload type: tool_call_output. */
    type: "tool_call_output";
    /** Always the user. */
    role: "user";
    /** The tool's output. */
    output: string;
    /** Images the tool returned, as data URLs (e.g. read_image results). */
    images?: Images;
    /** The id of the tool_call this answers. */
    tool_call_id: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** An image from the user, by URL. */
export interface ImageUrlPayload {
    /** The payload type: image_url. */
    type: "image_url";
    /** Always the user. */
    role: "user";
    /** A web URL or a base64 data URL. */
    image_url: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** Other binary content from the user or the assistant. */
export interface InlineDataPayload {
    /** The payload type: inline_data. */
    type: "inline_data";
    /** Who sent the data. */
    role: Role;
    /** The binary content. */
    data: string;
    /** The MIME type of data. */
    mime_type: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
    /** Provider fidelity. */
    fidelity?: Fidelity;
}
/** A streamed fragment of assistant text. */
export interface PartialTextPayload {
    /** The payload type: partial_text. */
    type: "partial_text";
    /** Always the assistant. */
    role: "assistant";
    /** The fragment's phase. */
    event_type: StreamEventType;
    /** The text added by this fragment. */
    text: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** A streamed fragment of assistant reasoning. */
export interface PartialThinkingPayload {
    /** The payload type: partial_thinking. */
    type: "partial_thinking";
    /** Always the assistant. */
    role: "assistant";
    /** The fragment's phase. */
    event_type: StreamEventType;
    /** The reasoning text added by this fragment. */
    thinking: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** A streamed fragment of a tool call. */
export interface PartialToolCallPayload {
    /** The payload type: partial_tool_call. */
    type: "partial_tool_call";
    /** Always the assistant. */
    role: "assistant";
    /** The fragment's phase. */
    event_type: StreamEventType;
    /** The tool's name. */
    name: string;
    /** An incremental fragment of the arguments JSON. */
    arguments: string;
    /** The id of the tool call being streamed. */
    tool_call_id: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** A streamed fragment of a tool's output. */
export interface PartialToolCallOutputPayload {
    /** The payload type: partial_tool_call_output. */
    type: "partial_tool_call_output";
    /** Always the user. */
    role: "user";
    /** The fragment's phase. */
    event_type: StreamEventType;
    /** The output added by this fragment. */
    output: string;
    /** Images are not incremental: one fragment carries the whole set. */
    images?: Images;
    /** The id of the tool_call this answers. */
    tool_call_id: string;
    /** Marks an abnormal terminal state. */
    stop_reason?: StopReason;
}
/** The start of one LLM request. */
export interface RequestBeginPayload {
    /** The payload type: request_begin. */
    type: "request_begin";
}
/**
 * The end of one LLM request; replay keeps a turn only if its status is
 * completed.
 */
export interface RequestEndPayload {
    /** The payload type: request_end. */
    type: "request_end";
    /**
     * How the request ended; completed is the mechanical commit criterion for
     * replay.
     */
    status: StopReason;
    /**
     * The failure detail behind a non-completed request, e.g. a provider quota
     * code.
     */
    message?: string;
    /**
     * The planned in-run retry wait in milliseconds: present only when the engine
     * will retry this failure within the same run (status timeout or malformed
     * with attempts left), absent on final failures and on completed requests.
     */
    retry_in_ms?: number;
}
/** The answer to an approval request. */
export type ApprovalDecision = "allow" | "deny";
/** The audit record of an approval decision on a tool call. */
export interface ApprovalDecisionPayload {
    /** The payload type: approval_decision. */
    type: "approval_decision";
    /** Whether the call was allowed. */
    decision: ApprovalDecision;
    /** The id of the approved or denied tool_call. */
    tool_call_id: string;
}
/** Token counts of a Session or of one Request. */
export interface TokenCounts {
    /** Tokens read from the cache. */
    cache_read: Count;
    /** Tokens written to the cache. */
    cache_write: Count;
    /** Output tokens. */
    output: Count;
    /** All tokens. */
    total: Count;
}
/** A count: a non-negative integer. */
export type Count = number;
/** Token usage after a request. */
export interface TokenUsagePayload {
    /** The payload type: token_usage. */
    type: "token_usage";
    /** The Session's cumulative counts. */
    session: TokenCounts;
    /** This Request's counts. */
    request: TokenCounts;
}
/** What triggered a compaction. */
export type CompactionReason = "context" | "turns" | "manual";
/** How a compaction shrinks the context. */
export type CompactionMode = "summarize" | "discard";
/** The start of a context compaction. */
export interface CompactionBeginPayload {
    /** The payload type: compaction_begin. */
    type: "compaction_begin";
    /** What triggered it. */
    reason: CompactionReason;
    /** How it compacts. */
    mode: CompactionMode;
    /** Context tokens at trigger time. */
    context: Count;
    /** Cumulative turns at trigger time. */
    turns: Count;
}
/** The end of a context compaction. */
export interface CompactionEndPayload {
    /** The payload type: compaction_end. */
    type: "compaction_end";
    /** What triggered it. */
    reason: CompactionReason;
    /** How it compacted. */
    mode: CompactionMode;
    /** How it ended. */
    status: StopReason;
}
/** An abort of the running turn. */
export interface AbortPayload {
    /** The payload type: abort. */
    type: "abort";
    /** Why it was aborted; null or absent when no reason was given. */
    reason?: string | null;
}
/**
 * How a goal ended: the goal file's terminal status (complete, blocked,
 * budget_limited), or aborted when a round was cut off.
 */
export type GoalOutcomeStatus = "complete" | "blocked" | "budget_limited" | "aborted";
/**
 * The last message of a goal-mode run (the Session's goal loop), written to the
 * Trace best-effort.
 */
export interface GoalFinishedPayload {
    /** The payload type: goal_finished. */
    type: "goal_finished";
    /** How the goal ended. */
    outcome: GoalOutcomeStatus;
    /** The rounds actually run; the wrap-up round counts. */
    rounds: Count;
    /**
     * Uncached input plus output tokens across every round, subagents included.
     */
    tokens_used: Count;
}
/** A pointer in the parent Trace to a direct child Session. */
export interface SubagentPayload {
    /** The payload type: subagent. */
    type: "subagent";
    /** The child Session's id. */
    session_id: string;
}
/**
 * The messages isSessionMeta accepts: OmniMessages whose payload is a
 * SessionMetaPayload.
 */
export type SessionMetaMessage = OmniMessage<SessionMetaPayload>;
/**
 * The messages isModelMessage accepts: OmniMessages whose payload is a
 * ModelPayload.
 */
export type ModelMessage = OmniMessage<ModelPayload>;
/**
 * The messages isEventMessage accepts: OmniMessages whose payload is an
 * EventPayload.
 */
export type EventMessage = OmniMessage<EventPayload>;
/**
 * The messages isCompleteModelMessage accepts: OmniMessages whose payload is a
 * CompleteModelPayload.
 */
export type CompleteModelMessage = OmniMessage<CompleteModelPayload>;
/** A model_msg that carries a streaming partial. */
export type PartialModelMessage = OmniMessage<PartialModelPayload>;
