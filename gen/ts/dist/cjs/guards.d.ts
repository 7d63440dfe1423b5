import type { CompleteModelMessage, EventMessage, ModelMessage, OmniMessage, OmniPayload, PartialModelPayload, SessionMetaMessage } from "./types.js";
/** Reports whether payload is one of the streaming partial_* payloads. */
export declare function isPartialPayload(payload: OmniPayload): payload is PartialModelPayload;
/** Reports whether msg is a session_meta message. */
export declare function isSessionMeta(msg: OmniMessage): msg is SessionMetaMessage;
/** Reports whether msg is a model_msg message, complete or partial. */
export declare function isModelMessage(msg: OmniMessage): msg is ModelMessage;
/** Reports whether msg is an event_msg message. */
export declare function isEventMessage(msg: OmniMessage): msg is EventMessage;
/**
 * Reports whether msg is a model_msg whose payload is not a partial: what a
 * Trace may hold. As in the reference, it tests the envelope's type and that
 * the payload is not a partial, so it is also true for a model_msg whose
 * payload type is unknown or missing.
 */
export declare function isCompleteModelMessage(msg: OmniMessage): msg is CompleteModelMessage;
