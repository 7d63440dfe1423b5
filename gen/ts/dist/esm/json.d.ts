import { type CheckFunc, type Problem } from "./checks.js";
/**
 * What read keeps of an object beyond its values: keys, the document's key
 * order (which JavaScript changes for keys such as "16").
 */
export interface JsonSource {
    keys?: string[];
}
/**
 * The key of the JsonSource of an object or array that read made. It is
 * registered (Symbol.for), so that modules generated from several schemas
 * share it.
 */
export declare const jsonSource: unique symbol;
/** How read reads a text. */
export interface ReadOptions {
    /**
     * Makes plain JSON.stringify write the value in the text's key order:
     * each object whose keys JavaScript lists in another order (array-index
     * keys such as "16" first) gets a toJSON method, not enumerable, that hands
     * JSON.stringify a view of it listing its keys in the text's order, then
     * any added since; one with a key "toJSON" of its own is that view, a
     * Proxy. A value that JSON.parse makes alone has no such object.
     */
    inOrder?: boolean;
    /**
     * Notes the numbers JavaScript reads as other numbers (1.0000000000000001,
     * 9007199254740993, 1e-400), by pointer, for the checks of integers: an
     * integer as written (Checker.isType), and the dialect's rule of integers
     * (Checker.exactInteger).
     */
    exactIntegers?: boolean;
}
/** What read makes of a text. */
export interface Read {
    value: unknown;
    /**
     * The problem: with the root pointer and no keyword for a text that is not
     * JSON, as the Go runtime words it; with the pointer of the member and no
     * keyword for a duplicate key.
     */
    problem: Problem | undefined;
    /** With exactIntegers, the numbers JavaScript reads as others, if any. */
    numbers?: Map<string, string>;
}
/** Reads one JSON text: the value, or the problem. */
export declare function read(input: string, options?: ReadOptions): Read;
/**
 * Reads one JSON text (see read) and checks it with fn: the value, or the
 * problem (one of a text that is not JSON has the root pointer and no
 * keyword).
 */
export declare function parse(input: string, fn: CheckFunc, options?: ReadOptions): {
    value: unknown;
    problem: Problem | undefined;
};
/**
 * Checks value with fn and writes it: the text, or the problem. The text is
 * what JSON.stringify writes, but for the key order of the document value
 * was read from, which is kept.
 */
export declare function stringify(value: unknown, fn: CheckFunc): {
    text: string;
    problem: Problem | undefined;
};
