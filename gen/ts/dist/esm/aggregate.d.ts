import type { OmniMessage } from "./types.js";
/**
 * Folds streamed partial payloads into the complete messages they stand for.
 * push takes the messages of a stream in order and returns the messages to show
 * in their place; flush completes the fragments still open.
 */
export declare class PartialAggregator {
    #private;
    /**
     * Takes the next message. A message that is not a partial comes back
     * unchanged; a start, delta or stop is folded into its open fragment (a start
     * first completes an open fragment of the same key), and the complete message
     * comes back when the fragment stops.
     */
    push(msg: OmniMessage): OmniMessage[];
    /**
     * Completes every fragment still open, in the order their keys were first
     * opened, and forgets them.
     */
    flush(): OmniMessage[];
}
/**
 * Folds msgs with a new PartialAggregator: pushes each message, then flushes.
 */
export declare function aggregateAll(msgs: Iterable<OmniMessage>): OmniMessage[];
