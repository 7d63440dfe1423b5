import type { AbortPayload, ApprovalDecision, ApprovalDecisionPayload, CompactionBeginPayload, CompactionEndPayload, CompactionMode, CompactionReason, Count, Fidelity, GoalFinishedPayload, GoalOutcomeStatus, ImageUrlPayload, Images, InlineDataPayload, InlineThinkingPayload, MessageOrigin, OmniMessage, PartialTextPayload, PartialThinkingPayload, PartialToolCallOutputPayload, PartialToolCallPayload, RequestBeginPayload, RequestEndPayload, Role, SessionMetaPayload, StopReason, StreamEventType, SubagentPayload, TextPayload, ThinkingPayload, TokenCounts, TokenUsagePayload, ToolCallOutputPayload, ToolCallPayload } from "./types.js";
/** Builds a session_meta message from a complete payload. */
export declare function sessionMeta(payload: SessionMetaPayload): OmniMessage<SessionMetaPayload>;
/** Builds a text message. */
export declare function textMessage(role: Role, text: string, stopReason?: StopReason, fidelity?: Fidelity): OmniMessage<TextPayload>;
/** Builds a text message from the user. */
export declare function userText(text: string): OmniMessage<TextPayload>;
/** Builds a text message from the assistant. */
export declare function assistantText(text: string, stopReason?: StopReason, fidelity?: Fidelity): OmniMessage<TextPayload>;
/** Builds a thinking message. */
export declare function thinkingMessage(thinking: string, stopReason?: StopReason, fidelity?: Fidelity): OmniMessage<ThinkingPayload>;
/** Builds an inline_thinking message. */
export declare function inlineThinking(data: string, mimeType: string, fidelity?: Fidelity): OmniMessage<InlineThinkingPayload>;
/** The arguments of toolCall. */
export interface ToolCallArgs {
    /** The tool's name. */
    name: string;
    /** The arguments as a JSON string. */
    arguments: string;
    /** The id that pairs the call with its output. */
    toolCallId: string;
    /** Marks an abnormal terminal state. Default: "completed". */
    stopReason?: StopReason | undefined;
    /** Provider fidelity. Not written when absent or empty. */
    fidelity?: Fidelity | undefined;
}
/** Builds a tool_call message. */
export declare function toolCall(args: ToolCallArgs): OmniMessage<ToolCallPayload>;
/** The arguments of toolCallOutput. */
export interface ToolCallOutputArgs {
    /** The tool's output. */
    output: string;
    /** The id of the tool_call this answers. */
    toolCallId: string;
    /** Marks an abnormal terminal state. Default: "completed". */
    stopReason?: StopReason | undefined;
    /**
     * Images the tool returned, as data URLs (e.g. read_image results). Not
     * written when absent or empty.
     */
    images?: Images | undefined;
}
/** Builds a tool_call_output message. */
export declare function toolCallOutput(args: ToolCallOutputArgs): OmniMessage<ToolCallOutputPayload>;
/** Builds an image_url message. */
export declare function imageUrlMessage(imageUrl: string): OmniMessage<ImageUrlPayload>;
/** Builds an inline_data message. */
export declare function inlineData(role: Role, data: string, mimeType: string, fidelity?: Fidelity): OmniMessage<InlineDataPayload>;
/** Builds a partial_text message. */
export declare function partialText(eventType: StreamEventType, text?: string, stopReason?: StopReason): OmniMessage<PartialTextPayload>;
/** Builds a partial_thinking message. */
export declare function partialThinking(eventType: StreamEventType, thinking?: string, stopReason?: StopReason): OmniMessage<PartialThinkingPayload>;
/** The arguments of partialToolCall. */
export interface PartialToolCallArgs {
    /** The fragment's phase. */
    eventType: StreamEventType;
    /** The tool's name. */
    name: string;
    /** An incremental fragment of the arguments JSON. Default: "". */
    arguments?: string | undefined;
    /** The id of the tool call being streamed. */
    toolCallId: string;
    /** Marks an abnormal terminal state. Default: "completed". */
    stopReason?: StopReason | undefined;
}
/** Builds a partial_tool_call message. */
export declare function partialToolCall(args: PartialToolCallArgs): OmniMessage<PartialToolCallPayload>;
/** The arguments of partialToolCallOutput. */
export interface PartialToolCallOutputArgs {
    /** The fragment's phase. */
    eventType: StreamEventType;
    /** The output added by this fragment. Default: "". */
    output?: string | undefined;
    /** The id of the tool_call this answers. */
    toolCallId: string;
    /** Marks an abnormal terminal state. Default: "completed". */
    stopReason?: StopReason | undefined;
    /**
     * Images are not incremental: one fragment carries the whole set. Not written
     * when absent or empty.
     */
    images?: Images | undefined;
}
/** Builds a partial_tool_call_output message. */
export declare function partialToolCallOutput(args: PartialToolCallOutputArgs): OmniMessage<PartialToolCallOutputPayload>;
/** Builds a request_begin event. */
export declare function requestBegin(): OmniMessage<RequestBeginPayload>;
/**
 * Builds a request_end event; message and retryInMs are written only when
 * given.
 */
export declare function requestEnd(status: StopReason, message?: string, retryInMs?: number): OmniMessage<RequestEndPayload>;
/** Builds an approval_decision event. */
export declare function approvalDecision(decision: ApprovalDecision, toolCallId: string): OmniMessage<ApprovalDecisionPayload>;
/** Builds a token_usage event. */
export declare function tokenUsage(session: TokenCounts, request: TokenCounts): OmniMessage<TokenUsagePayload>;
/** The arguments of compactionBegin. */
export interface CompactionBeginArgs {
    /** What triggered it. */
    reason: CompactionReason;
    /** How it compacts. */
    mode: CompactionMode;
    /** Context tokens at trigger time. */
    context: Count;
    /** Cumulative turns at trigger time. */
    turns: Count;
}
/** Builds a compaction_begin event. */
export declare function compactionBegin(args: CompactionBeginArgs): OmniMessage<CompactionBeginPayload>;
/** The arguments of compactionEnd. */
export interface CompactionEndArgs {
    /** What triggered it. */
    reason: CompactionReason;
    /** How it compacted. */
    mode: CompactionMode;
    /** How it ended. */
    status: StopReason;
}
/** Builds a compaction_end event. */
export declare function compactionEnd(args: CompactionEndArgs): OmniMessage<CompactionEndPayload>;
/** Builds an abort event; reason is always written, null by default. */
export declare function abortEvent(reason?: string | null): OmniMessage<AbortPayload>;
/** Builds a goal_finished event. */
export declare function goalFinished(outcome: GoalOutcomeStatus, rounds: Count, tokensUsed: Count): OmniMessage<GoalFinishedPayload>;
/** Builds a subagent event. */
export declare function subagentEvent(sessionId: string): OmniMessage<SubagentPayload>;
/** Returns token counts that are all zero. */
export declare function emptyTokenCounts(): TokenCounts;
/** Returns the field-wise sum of a and b. */
export declare function addTokenCounts(a: TokenCounts, b: TokenCounts): TokenCounts;
/**
 * Returns a copy of msg whose origin is sessionId followed by msg's own origin:
 * one more hop of the Subagent chain.
 */
export declare function withOrigin<M extends OmniMessage>(msg: M, sessionId: MessageOrigin): M;
