import type { OmniMessage } from "./types.js";
/**
 * A value that is not a valid OmniMessage: pointer says where (an RFC 6901 JSON
 * pointer, "" for the whole value) and detail what.
 */
export declare class OmniMessageError extends Error {
    /**
     * Where the problem is: the JSON pointer of the offending value, of a missing
     * property, or of an unknown one.
     */
    readonly pointer: string;
    /** What the problem is. */
    readonly detail: string;
    constructor(pointer: string, detail: string);
}
/**
 * Parses one JSON text (one JSONL line) and checks it against the schema, and
 * against what the Go package generated from the same schema rejects beyond it
 * (see scanText): arrays and objects nested more than MAX_DEPTH levels, a key
 * given twice, a number JavaScript reads as Infinity, an integer JavaScript
 * would write back as another number. Throws a OmniMessageError naming the JSON
 * pointer of the problem. The value it returns has its properties in schema
 * order, as the builders make them (free-form JSON as it was), so that
 * JSON.stringify writes what the Go package's Marshal writes.
 */
export declare function parseOmniMessage(line: string): OmniMessage;
/** Reports whether value is an OmniMessage: exactly what the schema accepts. */
export declare function isOmniMessage(value: unknown): value is OmniMessage;
/**
 * Checks value against the schema: undefined when it is an OmniMessage, else
 * the problem (the deepest one when there are several).
 */
export declare function validateOmniMessage(value: unknown): OmniMessageError | undefined;
