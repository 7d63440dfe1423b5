/** A JSON object, as JSON.parse makes it. */
export type JsonObject = {
    [key: string]: unknown;
};
/** A problem: where (an RFC 6901 JSON pointer), which keyword, and what. */
export interface Problem {
    pointer: string;
    keyword: string;
    message: string;
}
/**
 * A generated check: it reports whether v satisfies the schema, recording
 * why not in c, and the properties and items it evaluated in ev when ev is
 * given.
 */
export type CheckFunc = (c: Checker, v: unknown, ev: Evaluated | undefined) => boolean;
/**
 * The deepest nesting of arrays and objects a value may have, the top-level
 * value at depth 1: the limit of the Go runtime's decoder (MaxDepth in
 * jsonrt/json.go), so that both languages refuse the same documents, with
 * the same message (tooDeepMessage).
 */
export declare const maxDepth = 1000;
/** What is wrong with a value nested deeper than maxDepth. */
export declare const tooDeepMessage: string;
/** The JSON Schema types, as bits of a set ("type": ["string", "null"]). */
export declare const Types: {
    readonly null: 1;
    readonly boolean: 2;
    readonly object: 4;
    readonly array: 8;
    readonly number: 16;
    readonly string: 32;
    readonly integer: 64;
};
/**
 * Which member of an anyOf or oneOf a value that no member accepts was meant
 * for, where that is plain: the one whose const tag the value carries, else
 * the one whose Types hold the value's (model.Closest).
 */
export interface Closest {
    tag?: string;
    tags?: readonly (readonly string[])[];
    kinds: readonly number[];
    /**
     * For each member, the values of tag an object it accepts must carry, as
     * the schema's rules prove them; null where they tell nothing.
     */
    dispatch?: readonly (readonly string[] | null)[];
}
/** Orders strings by code point, as Go orders them (by UTF-8 bytes). */
export declare function byCodePoint(a: string, b: string): number;
/** Reports whether v is a JSON object: not null, not an array. */
export declare function isObject(v: unknown): v is JsonObject;
/** Reports whether a surrogate pair starts at s[i]. */
export declare function isPair(s: string, i: number): boolean;
/** A path as an RFC 6901 JSON pointer. */
export declare function pointer(path: readonly (string | number)[]): string;
/**
 * The value of the number literal s as its significant digits and the
 * exponent of the last one ("-125e-1" for -12.50), "0" for zero: two literals
 * of the same number have the same decimal. The Go runtime's decimalOf.
 */
export declare function decimalOf(s: string): string;
/**
 * Records which members and items of one value the keywords applied to it
 * have evaluated, for unevaluatedProperties and unevaluatedItems.
 */
export declare class Evaluated {
    readonly props: Set<string>;
    readonly items: boolean[];
    /** Adds what o evaluated. */
    merge(o: Evaluated): void;
}
/** An entry of "properties": a name and its check, or deny. */
export interface Property {
    name: string;
    fn?: CheckFunc;
    deny?: boolean;
}
/** An entry of "patternProperties". */
export interface PatternProperty {
    match: RegExp;
    fn?: CheckFunc;
    deny?: boolean;
}
/**
 * How many items "contains" wants to match: at least min (1 unless
 * "minContains" says otherwise) and at most max ("maxContains", else
 * Infinity); marks is set when the matching items count as evaluated (from
 * 2020-12).
 */
export interface Matches {
    min: number;
    max: number;
    marks?: boolean;
}
/**
 * Runs checks. It stops at the first problem, unless explain is set: then it
 * goes on, and keeps the deepest problem (the first of equally deep ones),
 * which is the one reported.
 */
export declare class Checker {
    explain: boolean;
    err: Problem | undefined;
    errDepth: number;
    /**
     * The number literals of the text the value was read from that JavaScript
     * reads as another number (see read in json.ts, exactIntegers), by the
     * pointer of their value; undefined when there are none, the common case.
     */
    numbers: Map<string, string> | undefined;
    private readonly path;
    /**
     * Records a problem with the value at the current path. Unless explain is
     * set, it records nothing: a check that does not explain only tells
     * whether v passes. The rules whose message costs to write test explain
     * before they write it, as the Go runtime's do.
     */
    fail(keyword: string, message: string): false;
    /**
     * Reports whether the checks must keep the path of the value checked: to
     * name a problem, or to find the text of a number (numbers).
     */
    private tracks;
    /** Records a problem with member key of the current object. */
    failKey(key: string, keyword: string, message: string): false;
    /** Records a problem with item i of the current array. */
    failIndex(i: number, keyword: string, message: string): false;
    /** Reports whether v satisfies fn, recording nothing. */
    try(fn: CheckFunc, v: unknown, ev: Evaluated | undefined): boolean;
    /** The deepest problem fn finds with v, and its depth. */
    why(fn: CheckFunc, v: unknown): [Problem | undefined, number];
    /**
     * Reports that v matches no member of an anyOf or oneOf: the problem of the
     * member it was meant for, where that is plain (see Closest); else that its
     * type is none the members take, or, where every member is tagged, that its
     * tag is missing or unknown; else the rule's own message at v.
     */
    private none;
    /** Checks "type": types is a set of Types, want lists them for messages. */
    isType(v: unknown, types: number, want: string): boolean;
    /**
     * The Types of v, the value being checked: an integral number is no
     * integer when its text is none (1.0000000000000001, 1e-400), as the
     * schema engine and the Go runtime's typesOf have it.
     */
    private types;
    /**
     * The text of the number being checked, when JavaScript reads it as
     * another number (see numbers); undefined for most, without making the
     * pointer when there is no such number at all, the common case.
     */
    private numberText;
    /**
     * Checks the dialect's rule of integers (ExactIntegerRule in the model),
     * which follows the check that v is an integer (as written: see isType):
     * one in the int64 range that JavaScript writes back unchanged
     * (9007199254740993 is not). The Go runtime's exactInteger.
     */
    exactInteger(v: unknown): boolean;
    /** Checks "const". */
    constant(v: unknown, want: unknown): boolean;
    /** Checks "enum". */
    enum(v: unknown, values: readonly unknown[]): boolean;
    /** Checks "minimum" (keyword names the rule). */
    atLeast(v: number, keyword: string, limit: number): boolean;
    /** Checks "maximum" (keyword names the rule). */
    atMost(v: number, keyword: string, limit: number): boolean;
    /** Checks "exclusiveMinimum", or draft 4's exclusive "minimum". */
    greaterThan(v: number, keyword: string, limit: number): boolean;
    /** Checks "exclusiveMaximum", or draft 4's exclusive "maximum". */
    lessThan(v: number, keyword: string, limit: number): boolean;
    /** Reports a number that is not within a limit: ok says whether it is. */
    private bound;
    /** Checks "multipleOf" exactly, in decimal. */
    multipleOf(v: number, by: number): boolean;
    /** Checks "minLength", in code points. */
    minLength(v: string, n: number): boolean;
    /** Checks "maxLength", in code points. */
    maxLength(v: string, n: number): boolean;
    /** Checks "pattern": the string matches somewhere. */
    pattern(v: string, re: RegExp, source: string): boolean;
    /** Checks "format" when formats assert. */
    format(v: string, name: string, valid: (s: string) => boolean): boolean;
    /** Checks "minItems". */
    minItems(v: readonly unknown[], n: number): boolean;
    /** Checks "maxItems". */
    maxItems(v: readonly unknown[], n: number): boolean;
    /** Checks "minProperties". */
    minProperties(v: JsonObject, n: number): boolean;
    /** Checks "maxProperties". */
    maxProperties(v: JsonObject, n: number): boolean;
    /**
     * Reports a value with too few or too many items or properties: want says
     * how many it must have, got how many it has.
     */
    private count;
    /** Checks "uniqueItems", in time linear in the array's size. */
    unique(v: readonly unknown[]): boolean;
    /**
     * Checks "items" (or "additionalItems"): every item from index from
     * satisfies fn (undefined: any item).
     */
    items(v: readonly unknown[], from: number, fn: CheckFunc | undefined, ev: Evaluated | undefined): boolean;
    /**
     * Checks "items" (or "additionalItems") when it is the false schema: there
     * is no item from index from.
     */
    noItems(v: readonly unknown[], keyword: string, from: number): boolean;
    /**
     * Checks "prefixItems" (an array "items" before 2020-12): item i satisfies
     * fns[i] (undefined: any item).
     */
    prefixItems(v: readonly unknown[], fns: readonly (CheckFunc | undefined)[], ev: Evaluated | undefined): boolean;
    /**
     * Checks "prefixItems" (an array "items" before 2020-12) whose schema n is
     * the false schema: item i satisfies fns[i] (undefined: any item), and the
     * array has at most n items.
     */
    prefixItemsAtMost(v: readonly unknown[], keyword: string, n: number, fns: readonly (CheckFunc | undefined)[], ev: Evaluated | undefined): boolean;
    /** Reports whether item i of v satisfies fn. */
    private checkItem;
    /** Reports item i of an array that may have at most i items. */
    private tooMany;
    /**
     * Checks "contains", "minContains" and "maxContains": as many items as
     * want says satisfy fn (undefined: any item).
     */
    contains(v: readonly unknown[], fn: CheckFunc | undefined, want: Matches, ev: Evaluated | undefined): boolean;
    /**
     * Checks one property of "properties": member name of v, when v has it,
     * satisfies fn. The checks of a schema whose properties all have a schema
     * call it once for each, in order, rather than properties with a table,
     * so that each call knows the function it calls.
     */
    property(v: JsonObject, name: string, fn: CheckFunc, ev: Evaluated | undefined): boolean;
    /** Checks "properties". */
    properties(v: JsonObject, props: readonly Property[], ev: Evaluated | undefined): boolean;
    /**
     * The keys of v in the order the members "properties" does not name are
     * checked: when the problem is explained, by name, as the schema engine
     * names problems (names that are integers as numbers, see compareTokens),
     * so that of equally deep problems the one it names is found first; else
     * in the object's own order.
     */
    private nameOrder;
    /** Checks "patternProperties". */
    patternProperties(v: JsonObject, props: readonly PatternProperty[], ev: Evaluated | undefined): boolean;
    /**
     * Checks "additionalProperties": every member known does not cover
     * satisfies fn (undefined: any value).
     */
    additional(v: JsonObject, known: ((name: string) => boolean) | undefined, fn: CheckFunc | undefined, ev: Evaluated | undefined): boolean;
    /**
     * Checks "additionalProperties" when it is the false schema: known covers
     * every member.
     */
    noAdditional(v: JsonObject, known: ((name: string) => boolean) | undefined): boolean;
    /** Reports whether member k of v satisfies fn. */
    private checkMember;
    /**
     * Checks "propertyNames": every name, as a string, satisfies fn.
     */
    propertyNames(v: JsonObject, fn: CheckFunc): boolean;
    /**
     * Checks "propertyNames" when it is the false schema: the object has no
     * members.
     */
    noPropertyNames(v: JsonObject): boolean;
    /** Checks "required". */
    required(v: JsonObject, names: readonly string[]): boolean;
    /**
     * Checks "dependentRequired" (the array form of "dependencies"): when name
     * is present, so is each of names.
     */
    dependentRequired(v: JsonObject, keyword: string, name: string, names: readonly string[]): boolean;
    /**
     * Checks "dependentSchemas" (the schema form of "dependencies"): when name
     * is present, v satisfies fn.
     */
    dependentSchema(v: JsonObject, name: string, fn: CheckFunc, ev: Evaluated | undefined): boolean;
    /**
     * Checks "dependentSchemas" (or "dependencies") when the schema of name is
     * the false schema: name is not present.
     */
    noProperty(v: JsonObject, keyword: string, name: string): boolean;
    /**
     * Checks "anyOf". With ev it tries every alternative, for the properties
     * and items each that matches evaluates.
     */
    anyOf(v: unknown, ev: Evaluated | undefined, cl: Closest | undefined, fns: readonly CheckFunc[]): boolean;
    /** Checks "oneOf". */
    oneOf(v: unknown, ev: Evaluated | undefined, cl: Closest | undefined, fns: readonly CheckFunc[]): boolean;
    /** Checks "not". */
    not(v: unknown, fn: CheckFunc): boolean;
    /**
     * Checks "if", "then" and "else" (an undefined then or otherwise accepts
     * anything).
     */
    ifThenElse(v: unknown, ev: Evaluated | undefined, cond: CheckFunc, then: CheckFunc | undefined, otherwise: CheckFunc | undefined): boolean;
    /**
     * Checks "if", "then" and "else" where "if" only asks an object for
     * property name equal to the string value (model.TagTest): a value that is
     * no object satisfies it, as ifThenElse would find without trying it.
     */
    ifTag(v: unknown, ev: Evaluated | undefined, name: string, value: string, then: CheckFunc | undefined, otherwise: CheckFunc | undefined): boolean;
    /**
     * Checks "unevaluatedProperties": every member that own does not record
     * satisfies fn (undefined: any value). Then every member counts as
     * evaluated.
     */
    unevaluatedProperties(v: JsonObject, own: Evaluated, fn: CheckFunc | undefined): boolean;
    /**
     * Checks "unevaluatedProperties" when it is the false schema: own records
     * every member.
     */
    noUnevaluatedProperties(v: JsonObject, own: Evaluated): boolean;
    /** Checks "unevaluatedItems" likewise. */
    unevaluatedItems(v: readonly unknown[], own: Evaluated, fn: CheckFunc | undefined): boolean;
    /**
     * Checks "unevaluatedItems" when it is the false schema: own records every
     * item.
     */
    noUnevaluatedItems(v: readonly unknown[], own: Evaluated): boolean;
}
/** The check of the false schema. */
export declare function alwaysFalse(c: Checker): boolean;
/** The length in UTF-8 bytes of s, or of its first end UTF-16 units. */
export declare function utf8Length(s: string, end?: number): number;
/**
 * Checks value with fn, the check of a root: undefined when it is valid,
 * else the deepest problem.
 */
export declare function check(fn: CheckFunc, value: unknown): Problem | undefined;
/**
 * Checks value, which is JSON data nested at most maxDepth deep (what
 * json.ts reads), with fn: undefined when it is valid, else the deepest
 * problem. numbers are the literals of the text it was read from that
 * JavaScript reads as other numbers, by pointer (see Checker.numbers).
 */
export declare function run(fn: CheckFunc, value: unknown, numbers?: Map<string, string>): Problem | undefined;
/** Reports whether value satisfies fn, the check of a root. */
export declare function accepts(fn: CheckFunc, value: unknown): boolean;
