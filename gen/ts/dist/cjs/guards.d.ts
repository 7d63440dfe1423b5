import type { CompleteModelMessage, EventPayload, ModelPayload, OmniMessage, OmniPayload, PartialModelPayload, SessionMetaPayload } from "./types.js";
/** Reports whether payload is one of the streaming partial_* payloads. */
export declare function isPartialPayload(payload: OmniPayload): payload is PartialModelPayload;
/** Reports whether msg is a session_meta message. */
export declare function isSessionMeta(msg: OmniMessage): msg is OmniMessage<SessionMetaPayload>;
/** Reports whether msg is a model_msg message, complete or partial. */
export declare function isModelMessage(msg: OmniMessage): msg is OmniMessage<ModelPayload>;
/** Reports whether msg is an event_msg message. */
export declare function isEventMessage(msg: OmniMessage): msg is OmniMessage<EventPayload>;
/**
 * Reports whether msg is a model_msg whose payload is not a partial: what a
 * Trace may hold.
 */
export declare function isCompleteModelMessage(msg: OmniMessage): msg is CompleteModelMessage;
