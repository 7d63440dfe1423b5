import type { OmniMessage } from "./types.js";
/**
 * A value that is not a valid OmniMessage: pointer says where (an RFC 6901 JSON
 * pointer, "" for the whole value), keyword which keyword of the schema it
 * breaks, and detail what.
 */
export declare class OmniMessageError extends Error {
    /**
     * Where the problem is: the JSON pointer of the offending value, of a missing
     * property, or of an unknown one.
     */
    readonly pointer: string;
    /**
     * The schema keyword the value breaks ("minimum"); "" for a text that is not
     * JSON, or a rule of JavaScript's (a key given twice).
     */
    readonly keyword: string;
    /** What the problem is. */
    readonly detail: string;
    constructor(pointer: string, detail: string, keyword?: string);
}
/**
 * Parses one JSON text (one JSONL line) and checks it against the schema, and
 * against what the Go package generated from the same schema rejects beyond it:
 * arrays and objects nested more than 1000 levels, a key given twice, a number
 * JavaScript reads as Infinity, an integer JavaScript would write back as
 * another number. Throws an OmniMessageError naming the deepest problem by its
 * JSON pointer and keyword; for a text that is not JSON, the message and byte
 * offset of the Go package. The value it returns keeps the text's key order, so
 * that JSON.stringify writes the line back as it came whenever it was written
 * as JSON.stringify writes, whatever its key order.
 */
export declare function parseOmniMessage(line: string): OmniMessage;
/** Reports whether value is an OmniMessage: exactly what the schema accepts. */
export declare function isOmniMessage(value: unknown): value is OmniMessage;
/**
 * Checks value against the schema: undefined when it is an OmniMessage, else
 * the deepest problem (the first of equally deep ones).
 */
export declare function validateOmniMessage(value: unknown): OmniMessageError | undefined;
