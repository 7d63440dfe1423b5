// The runtime of the checks generated for any JSON Schema: one method per
// kind of rule, which the generated check functions call. It is written into
// a generated module beside validate.ts (as checks.ts, not exported from
// index.ts). It is the twin of the Go runtime
// (internal/runtime/jsonrt/check.go): the same steps in the same order and
// the same messages, so that both languages name the same problem. Values are
// what JSON.parse makes; an object's members are listed in JavaScript's own
// order (Object.keys), which is the order the Go runtime uses.

/** A JSON object, as JSON.parse makes it. */
export type JsonObject = { [key: string]: unknown };

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
export type CheckFunc = (
  c: Checker,
  v: unknown,
  ev: Evaluated | undefined,
) => boolean;

/**
 * The deepest nesting of arrays and objects a value may have, the top-level
 * value at depth 1: the limit of the Go runtime's decoder (MaxDepth in
 * jsonrt/json.go), so that both languages refuse the same documents, with
 * the same message (tooDeepMessage).
 */
export const maxDepth = 1000;

/** What is wrong with a value nested deeper than maxDepth. */
export const tooDeepMessage =
  "arrays and objects nested more than " + maxDepth + " levels deep";

/** The JSON Schema types, as bits of a set ("type": ["string", "null"]). */
export const Types = {
  null: 1,
  boolean: 2,
  object: 4,
  array: 8,
  number: 16,
  string: 32,
  integer: 64,
} as const;

const hasOwn = Object.prototype.hasOwnProperty;

/** The set of Types v is of: an integral number is a number and an integer. */
function typesOf(v: unknown): number {
  switch (typeof v) {
    case "boolean":
      return Types.boolean;
    case "string":
      return Types.string;
    case "number":
      return Number.isInteger(v) ? Types.number | Types.integer : Types.number;
  }
  return v === null
    ? Types.null
    : Array.isArray(v)
      ? Types.array
      : Types.object;
}

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

/**
 * What the members of cl are told apart by for v (see mayMatch): the value
 * of its tag, "" for an object without a string one, and undefined when
 * they are not told apart (no dispatch, or v is no object).
 */
function dispatchTag(v: unknown, cl: Closest | undefined): string | undefined {
  if (cl === undefined || cl.dispatch === undefined || !isObject(v)) {
    return undefined;
  }
  const tag = cl.tag ?? "";
  const t = hasOwn.call(v, tag) ? v[tag] : undefined;
  return typeof t === "string" ? t : "";
}

/**
 * Reports whether member i of cl may accept an object whose tag is t (see
 * dispatchTag): false only when t is none of the values member i requires
 * (Dispatch in the model), so that the member need not be tried.
 */
function mayMatch(
  cl: Closest | undefined,
  t: string | undefined,
  i: number,
): boolean {
  if (t === undefined) {
    return true;
  }
  const want = cl?.dispatch?.[i];
  return want === undefined || want === null || want.includes(t);
}

/**
 * The member of cl that v, of the Types types (see Checker.types), was meant
 * for; -1 when none is plain.
 */
function nearest(v: unknown, types: number, cl: Closest | undefined): number {
  if (cl === undefined) {
    return -1;
  }
  if (cl.tag !== undefined && types === Types.object) {
    const o = v as { [key: string]: unknown };
    const t = hasOwn.call(o, cl.tag) ? o[cl.tag] : undefined;
    if (typeof t === "string") {
      return only(cl.tags ?? [], (tags) => tags.includes(t));
    }
  }
  return only(cl.kinds, (k) => (k & types) !== 0);
}

/**
 * Reports whether every member of cl has a tag: then an object without one
 * of them is wrong in its tag.
 */
function tagged(cl: Closest): boolean {
  return (
    cl.tag !== undefined &&
    cl.tags !== undefined &&
    cl.tags.every((tags) => tags.length > 0)
  );
}

/** The tags of cl's members for messages, quoted, in code point order. */
function tagList(cl: Closest): string {
  const all = (cl.tags ?? []).flat();
  all.sort(byCodePoint);
  return all.map((t) => JSON.stringify(t)).join(", ");
}

/** Orders strings by code point, as Go orders them (by UTF-8 bytes). */
export function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] !== y[i]) {
      return (x[i] as number) - (y[i] as number);
    }
  }
  return x.length - y.length;
}

/**
 * Orders member names as the schema engine orders the tokens of its
 * pointers, and the Go runtime's compareTokens: names that are integers (as
 * Go's strconv.Atoi reads them, in the int64 range) as numbers, other names
 * by code point.
 */
function compareTokens(a: string, b: string): number {
  const x = atoi(a);
  const y = atoi(b);
  if (x !== undefined && y !== undefined) {
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return byCodePoint(a, b);
}

/** The int64 Go's strconv.Atoi reads from s, or undefined. */
function atoi(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) {
    return undefined;
  }
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** What a value that does not match exactly one of n oneOf schemas is told. */
function oneOfMessage(n: number): string {
  return "must match exactly one of the " + n + " oneOf schemas";
}

/** The Types of the values some member of cl may accept. */
function allKinds(cl: Closest): number {
  let t = 0;
  for (const k of cl.kinds) {
    t |= k;
  }
  return t;
}

/** Names the Types of t for messages, as "type" names them: "string or null". */
function typeNames(t: number): string {
  const names: string[] = [];
  for (const [name, bit] of Object.entries(Types)) {
    if ((t & bit) !== 0 && !(name === "integer" && (t & Types.number) !== 0)) {
      names.push(name);
    }
  }
  return names.join(" or ");
}

/** The index of the one item of list for which match holds, else -1. */
function only<T>(list: readonly T[], match: (item: T) => boolean): number {
  let found = -1;
  for (let i = 0; i < list.length; i++) {
    if (match(list[i] as T)) {
      if (found >= 0) {
        return -1;
      }
      found = i;
    }
  }
  return found;
}

/** Reports whether o has its own member key (never one it inherits). */
function has(o: JsonObject, key: string): boolean {
  return hasOwn.call(o, key);
}

/** Reports whether v is a JSON object: not null, not an array. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The JSON type of v, for messages. */
function typeName(v: unknown): string {
  if (v === null) {
    return "null";
  }
  return Array.isArray(v) ? "array" : typeof v;
}

/**
 * Reports whether two values are equal as JSON Schema compares them: numbers
 * by value (1 equals 1.0), objects whatever their key order.
 */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== "object" || typeof b !== "object") {
    return false;
  }
  if (a === null || b === null) {
    return false;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) {
      return false;
    }
    for (let i = 0; i < a.length; i++) {
      if (!equal(a[i], b[i])) {
        return false;
      }
    }
    return true;
  }
  if (Array.isArray(b)) {
    return false;
  }
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const keys = Object.keys(ao);
  if (keys.length !== Object.keys(bo).length) {
    return false;
  }
  for (const k of keys) {
    if (!has(bo, k) || !equal(ao[k], bo[k])) {
      return false;
    }
  }
  return true;
}

/**
 * A text that two values share exactly when they are equal: keys sorted,
 * numbers as JavaScript writes them.
 */
function canonical(v: unknown): string {
  if (v === null) {
    return "n";
  }
  switch (typeof v) {
    case "boolean":
      return v ? "t" : "f";
    case "number":
      return "#" + String(v);
    case "string":
      return JSON.stringify(v);
  }
  let out: string;
  if (Array.isArray(v)) {
    out = "[";
    for (const it of v) {
      out += canonical(it) + ",";
    }
    return out + "]";
  }
  const o = v as JsonObject;
  out = "{";
  for (const k of Object.keys(o).sort()) {
    out += JSON.stringify(k) + ":" + canonical(o[k]) + ",";
  }
  return out + "}";
}

/**
 * Reports that no two items of v are equal, or false when it cannot tell
 * quickly: the items are told apart by a hash (hashOf), and those of one
 * hash by equal, a number of times linear in the array's size.
 */
function distinct(v: readonly unknown[]): boolean {
  const seen = new Map<number, number[]>();
  let budget = 2 * v.length + 16;
  for (let i = 0; i < v.length; i++) {
    const h = hashOf(v[i]);
    const same = seen.get(h);
    if (same === undefined) {
      seen.set(h, [i]);
      continue;
    }
    for (const j of same) {
      if (--budget < 0 || equal(v[j], v[i])) {
        return false;
      }
    }
    same.push(i);
  }
  return true;
}

/**
 * A number that two equal values share (see equal), read without making
 * strings: of a string its length and a few of its characters, of an object
 * a sum over its members, whatever their order.
 */
function hashOf(v: unknown): number {
  switch (typeof v) {
    case "string": {
      const n = v.length;
      let h = Math.imul(n, 0x9e3779b1);
      if (n > 0) {
        h = Math.imul(h ^ v.charCodeAt(0), 0x01000193);
        h = Math.imul(h ^ v.charCodeAt(n >> 2), 0x01000193);
        h = Math.imul(h ^ v.charCodeAt(n >> 1), 0x01000193);
        h = Math.imul(h ^ v.charCodeAt(n - 1 - (n >> 2)), 0x01000193);
        h = Math.imul(h ^ v.charCodeAt(n - 1), 0x01000193);
      }
      return h;
    }
    case "number":
      // 0 and -0 are equal, and so have one hash.
      return (v * 0x3f1 + v / 0x7d) | 0;
    case "boolean":
      return v ? 0x5bd1e995 : 0x27d4eb2d;
  }
  if (v === null) {
    return 0x165667b1;
  }
  if (Array.isArray(v)) {
    let h = 0x61c88647 ^ v.length;
    for (let i = 0; i < v.length; i++) {
      h = (Math.imul(h, 31) + hashOf(v[i])) | 0;
    }
    return h;
  }
  const o = v as JsonObject;
  let h = 0x7f4a7c15;
  for (const k in o) {
    if (hasOwn.call(o, k)) {
      h = (h + Math.imul(hashOf(k) ^ 0x2545f491, hashOf(o[k]) | 1)) | 0;
    }
  }
  return h;
}

/** n with its noun, one or many: "1 item", "2 items". */
function counted(n: number, one: string, many: string): string {
  return n === 1 ? "1 " + one : n + " " + many;
}

/**
 * The length of s in Unicode code points, as JSON Schema counts it: a
 * surrogate pair is one, and so is a lone surrogate.
 */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    if (isPair(s, i)) {
      i++;
    }
  }
  return n;
}

/** Reports whether a surrogate pair starts at s[i]. */
export function isPair(s: string, i: number): boolean {
  const hi = s.charCodeAt(i);
  if (hi < 0xd800 || hi > 0xdbff || i + 1 >= s.length) {
    return false;
  }
  const lo = s.charCodeAt(i + 1);
  return lo >= 0xdc00 && lo <= 0xdfff;
}

/** The first n code points of s. */
function prefix(s: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n && i < s.length; k++) {
    i += isPair(s, i) ? 2 : 1;
  }
  return s.slice(0, i);
}

/**
 * A value for messages: a scalar as JSON (a string shortened when long),
 * anything else by its type.
 */
function show(v: unknown): string {
  if (typeof v === "object" && v !== null) {
    return typeName(v);
  }
  if (typeof v === "number") {
    return String(v);
  }
  if (typeof v === "string" && codePoints(v) > 64) {
    return JSON.stringify(prefix(v, 61) + "...");
  }
  return JSON.stringify(v);
}

/** A JSON value for messages, as JSON.stringify writes it. */
function compact(v: unknown): string {
  return JSON.stringify(v);
}

/** A path as an RFC 6901 JSON pointer. */
export function pointer(path: readonly (string | number)[]): string {
  let out = "";
  for (const s of path) {
    out += "/";
    out +=
      typeof s === "number"
        ? String(s)
        : s
            .replace(loneSurrogate, "\ufffd")
            .replace(/~/g, "~0")
            .replace(/\//g, "~1");
  }
  return out;
}

/**
 * A surrogate that is not half of a pair: pointers write it as U+FFFD, as
 * the Go runtime's pointer does.
 */
const loneSurrogate =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Reports whether lit, the text of an integral number (undefined: a text
 * JavaScript reads as written), is an integer as written: not
 * 1.0000000000000001 or 1e-400, which JavaScript reads as 1 and 0, as the
 * schema engine and the Go runtime (writtenInteger) have it.
 */
function writtenInteger(lit: string | undefined): boolean {
  if (lit === undefined || !/[.eE]/.test(lit)) {
    return true;
  }
  const d = decimalOf(lit);
  return d === "0" || Number(d.slice(d.indexOf("e") + 1)) >= 0;
}

/**
 * What is wrong with an integer outside the int64 range or one JavaScript
 * writes back as another number, before the number (ExactIntegerMessage in
 * the model).
 */
const exactIntegerMessage =
  "must be an integer in the int64 range that JavaScript writes back " +
  "unchanged, got ";

/**
 * The value of the number literal s as its significant digits and the
 * exponent of the last one ("-125e-1" for -12.50), "0" for zero: two literals
 * of the same number have the same decimal. The Go runtime's decimalOf.
 */
export function decimalOf(s: string): string {
  const e = s.search(/[eE]/);
  const mantissa = e < 0 ? s : s.slice(0, e);
  const neg = mantissa.charCodeAt(0) === 45;
  const point = mantissa.indexOf(".");
  const whole = mantissa.slice(neg ? 1 : 0, point < 0 ? undefined : point);
  const fraction = point < 0 ? "" : mantissa.slice(point + 1);
  const digits = whole + fraction;
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) {
    first++;
  }
  let end = digits.length;
  while (end > first && digits.charCodeAt(end - 1) === 48) {
    end--;
  }
  if (first === end) {
    return "0";
  }
  const exp =
    (e < 0 ? 0 : Number(s.slice(e + 1))) -
    fraction.length +
    (digits.length - end);
  return (neg ? "-" : "") + digits.slice(first, end) + "e" + exp;
}

/**
 * Reports whether x is an integer multiple of by, exactly in decimal: 0.3 is
 * a multiple of 0.1, although 0.3 / 0.1 is not an integer in binary.
 */
function isMultiple(x: number, by: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(by)) {
    return false;
  }
  if (
    Number.isInteger(x) &&
    Number.isInteger(by) &&
    Math.abs(x) < 2 ** 53 &&
    Math.abs(by) < 2 ** 53
  ) {
    return x % by === 0;
  }
  const [xm, xe] = decimal(x);
  const [bm, be] = decimal(by);
  const e = Math.min(xe, be);
  return (xm * 10n ** BigInt(xe - e)) % (bm * 10n ** BigInt(be - e)) === 0n;
}

/**
 * The m and e with f = m × 10^e, from f's shortest decimal text (what
 * toExponential() writes).
 */
function decimal(f: number): [bigint, number] {
  const text = f.toExponential();
  const at = text.indexOf("e");
  let mant = text.slice(0, at);
  let e = Number(text.slice(at + 1));
  const dot = mant.indexOf(".");
  if (dot >= 0) {
    e -= mant.length - dot - 1;
    mant = mant.slice(0, dot) + mant.slice(dot + 1);
  }
  return [BigInt(mant), e];
}

/**
 * Records which members and items of one value the keywords applied to it
 * have evaluated, for unevaluatedProperties and unevaluatedItems.
 */
export class Evaluated {
  readonly props = new Set<string>();
  readonly items: boolean[] = [];

  /** Adds what o evaluated. */
  merge(o: Evaluated): void {
    for (const k of o.props) {
      this.props.add(k);
    }
    o.items.forEach((b, i) => {
      if (b) {
        this.items[i] = true;
      }
    });
  }
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
export class Checker {
  explain = false;
  err: Problem | undefined = undefined;
  errDepth = 0;
  /**
   * The number literals of the text the value was read from that JavaScript
   * reads as another number (see read in json.ts, exactIntegers), by the
   * pointer of their value; undefined when there are none, the common case.
   */
  numbers: Map<string, string> | undefined = undefined;
  private readonly path: (string | number)[] = [];

  /**
   * Records a problem with the value at the current path. Unless explain is
   * set, it records nothing: a check that does not explain only tells
   * whether v passes. The rules whose message costs to write test explain
   * before they write it, as the Go runtime's do.
   */
  fail(keyword: string, message: string): false {
    if (!this.explain) {
      return false;
    }
    if (this.err === undefined || this.path.length > this.errDepth) {
      this.err = { pointer: pointer(this.path), keyword, message };
      this.errDepth = this.path.length;
    }
    return false;
  }

  /**
   * Reports whether the checks must keep the path of the value checked: to
   * name a problem, or to find the text of a number (numbers).
   */
  private tracks(): boolean {
    return this.explain || this.numbers !== undefined;
  }

  /** Records a problem with member key of the current object. */
  failKey(key: string, keyword: string, message: string): false {
    this.path.push(key);
    this.fail(keyword, message);
    this.path.pop();
    return false;
  }

  /** Records a problem with item i of the current array. */
  failIndex(i: number, keyword: string, message: string): false {
    this.path.push(i);
    this.fail(keyword, message);
    this.path.pop();
    return false;
  }

  /** Reports whether v satisfies fn, recording nothing. */
  try(fn: CheckFunc, v: unknown, ev: Evaluated | undefined): boolean {
    const { explain, err, errDepth } = this;
    this.explain = false;
    this.err = undefined;
    const ok = fn(this, v, ev);
    this.explain = explain;
    this.err = err;
    this.errDepth = errDepth;
    return ok;
  }

  /** The deepest problem fn finds with v, and its depth. */
  why(fn: CheckFunc, v: unknown): [Problem | undefined, number] {
    const { explain, err, errDepth } = this;
    this.explain = true;
    this.err = undefined;
    fn(this, v, undefined);
    const found: [Problem | undefined, number] = [this.err, this.errDepth];
    this.explain = explain;
    this.err = err;
    this.errDepth = errDepth;
    return found;
  }

  /**
   * Reports that v matches no member of an anyOf or oneOf: the problem of the
   * member it was meant for, where that is plain (see Closest); else that its
   * type is none the members take, or, where every member is tagged, that its
   * tag is missing or unknown; else the rule's own message at v.
   */
  private none(
    v: unknown,
    cl: Closest | undefined,
    keyword: string,
    message: string,
    fns: readonly CheckFunc[],
  ): false {
    const types = this.types(v);
    const i = nearest(v, types, cl);
    const fn = i >= 0 ? fns[i] : undefined;
    if (fn !== undefined) {
      const [e, d] = this.why(fn, v);
      if (e !== undefined) {
        if (this.err === undefined || d > this.errDepth) {
          this.err = e;
          this.errDepth = d;
        }
        return false;
      }
    }
    if (cl === undefined) {
      return this.fail(keyword, message);
    }
    const want = allKinds(cl);
    if ((types & want) === 0) {
      const msg = "must be " + typeNames(want) + ", got " + typeName(v);
      return this.fail("type", msg);
    }
    if (types === Types.object && tagged(cl) && cl.tag !== undefined) {
      const o = v as { [key: string]: unknown };
      if (!hasOwn.call(o, cl.tag)) {
        const msg = "missing required property " + JSON.stringify(cl.tag);
        return this.failKey(cl.tag, "required", msg);
      }
      const msg =
        "unknown " + cl.tag + " " + show(o[cl.tag]) + ": must be one of ";
      return this.failKey(cl.tag, keyword, msg + tagList(cl));
    }
    return this.fail(keyword, message);
  }

  /** Checks "type": types is a set of Types, want lists them for messages. */
  isType(v: unknown, types: number, want: string): boolean {
    if ((this.types(v) & types) !== 0) {
      return true;
    }
    if (!this.explain) return false;
    return this.fail("type", "must be " + want + ", got " + typeName(v));
  }

  /**
   * The Types of v, the value being checked: an integral number is no
   * integer when its text is none (1.0000000000000001, 1e-400), as the
   * schema engine and the Go runtime's typesOf have it.
   */
  private types(v: unknown): number {
    const t = typesOf(v);
    if ((t & Types.integer) !== 0 && !writtenInteger(this.numberText())) {
      return Types.number;
    }
    return t;
  }

  /**
   * The text of the number being checked, when JavaScript reads it as
   * another number (see numbers); undefined for most, without making the
   * pointer when there is no such number at all, the common case.
   */
  private numberText(): string | undefined {
    return this.numbers === undefined
      ? undefined
      : this.numbers.get(pointer(this.path));
  }

  /**
   * Checks the dialect's rule of integers (ExactIntegerRule in the model),
   * which follows the check that v is an integer (as written: see isType):
   * one in the int64 range that JavaScript writes back unchanged
   * (9007199254740993 is not). The Go runtime's exactInteger.
   */
  exactInteger(v: unknown): boolean {
    if (typeof v !== "number" || !Number.isInteger(v)) {
      return true;
    }
    const lit = this.numberText();
    if (!writtenInteger(lit)) {
      return true; // no integer as written: the type rule said so
    }
    if (lit !== undefined || Math.abs(v) >= 2 ** 63) {
      return this.fail("type", exactIntegerMessage + (lit ?? String(v)));
    }
    return true;
  }

  /** Checks "const". */
  constant(v: unknown, want: unknown): boolean {
    if (equal(v, want)) {
      return true;
    }
    if (!this.explain) return false;
    return this.fail("const", "must be " + compact(want) + ", got " + show(v));
  }

  /** Checks "enum". */
  enum(v: unknown, values: readonly unknown[]): boolean {
    for (const w of values) {
      if (equal(v, w)) {
        return true;
      }
    }
    if (!this.explain) return false;
    const list = values.map(compact).join(", ");
    return this.fail("enum", "must be one of " + list + ", got " + show(v));
  }

  /** Checks "minimum" (keyword names the rule). */
  atLeast(v: number, keyword: string, limit: number): boolean {
    return this.bound(v, keyword, limit, v >= limit, "at least ");
  }

  /** Checks "maximum" (keyword names the rule). */
  atMost(v: number, keyword: string, limit: number): boolean {
    return this.bound(v, keyword, limit, v <= limit, "at most ");
  }

  /** Checks "exclusiveMinimum", or draft 4's exclusive "minimum". */
  greaterThan(v: number, keyword: string, limit: number): boolean {
    return this.bound(v, keyword, limit, v > limit, "greater than ");
  }

  /** Checks "exclusiveMaximum", or draft 4's exclusive "maximum". */
  lessThan(v: number, keyword: string, limit: number): boolean {
    return this.bound(v, keyword, limit, v < limit, "less than ");
  }

  /** Reports a number that is not within a limit: ok says whether it is. */
  private bound(
    v: number,
    keyword: string,
    limit: number,
    ok: boolean,
    what: string,
  ): boolean {
    if (ok) {
      return true;
    }
    if (!this.explain) return false;
    const msg = "must be " + what + String(limit) + ", got " + show(v);
    return this.fail(keyword, msg);
  }

  /** Checks "multipleOf" exactly, in decimal. */
  multipleOf(v: number, by: number): boolean {
    if (isMultiple(v, by)) {
      return true;
    }
    if (!this.explain) return false;
    const msg = "must be a multiple of " + String(by) + ", got " + show(v);
    return this.fail("multipleOf", msg);
  }

  /** Checks "minLength", in code points. */
  minLength(v: string, n: number): boolean {
    const got = codePoints(v);
    if (got < n) {
      if (!this.explain) return false;
      const msg =
        "must be at least " +
        counted(n, "character", "characters") +
        " long, got " +
        got;
      return this.fail("minLength", msg);
    }
    return true;
  }

  /** Checks "maxLength", in code points. */
  maxLength(v: string, n: number): boolean {
    const got = codePoints(v);
    if (got > n) {
      if (!this.explain) return false;
      const msg =
        "must be at most " +
        counted(n, "character", "characters") +
        " long, got " +
        got;
      return this.fail("maxLength", msg);
    }
    return true;
  }

  /** Checks "pattern": the string matches somewhere. */
  pattern(v: string, re: RegExp, source: string): boolean {
    if (re.test(v)) {
      return true;
    }
    if (!this.explain) return false;
    return this.fail(
      "pattern",
      show(v) + " does not match the pattern " + source,
    );
  }

  /** Checks "format" when formats assert. */
  format(v: string, name: string, valid: (s: string) => boolean): boolean {
    if (valid(v)) {
      return true;
    }
    if (!this.explain) return false;
    return this.fail("format", show(v) + " is not a valid " + name);
  }

  /** Checks "minItems". */
  minItems(v: readonly unknown[], n: number): boolean {
    const got = v.length;
    if (got >= n) {
      return true;
    }
    return this.count(
      "minItems",
      "at least " + counted(n, "item", "items"),
      got,
    );
  }

  /** Checks "maxItems". */
  maxItems(v: readonly unknown[], n: number): boolean {
    const got = v.length;
    if (got <= n) {
      return true;
    }
    return this.count(
      "maxItems",
      "at most " + counted(n, "item", "items"),
      got,
    );
  }

  /** Checks "minProperties". */
  minProperties(v: JsonObject, n: number): boolean {
    const got = Object.keys(v).length;
    if (got >= n) {
      return true;
    }
    return this.count(
      "minProperties",
      "at least " + counted(n, "property", "properties"),
      got,
    );
  }

  /** Checks "maxProperties". */
  maxProperties(v: JsonObject, n: number): boolean {
    const got = Object.keys(v).length;
    if (got <= n) {
      return true;
    }
    return this.count(
      "maxProperties",
      "at most " + counted(n, "property", "properties"),
      got,
    );
  }

  /**
   * Reports a value with too few or too many items or properties: want says
   * how many it must have, got how many it has.
   */
  private count(keyword: string, want: string, got: number): false {
    return this.fail(keyword, "must have " + want + ", got " + got);
  }

  /** Checks "uniqueItems", in time linear in the array's size. */
  unique(v: readonly unknown[]): boolean {
    if (v.length < 2 || distinct(v)) {
      return true;
    }
    const seen = new Map<string, number>();
    for (let i = 0; i < v.length; i++) {
      const key = canonical(v[i]);
      const j = seen.get(key);
      if (j !== undefined) {
        const msg = "items " + j + " and " + i + " are equal";
        return this.fail("uniqueItems", msg + ": the items must be unique");
      }
      seen.set(key, i);
    }
    return true;
  }

  /**
   * Checks "items" (or "additionalItems"): every item from index from
   * satisfies fn (undefined: any item).
   */
  items(
    v: readonly unknown[],
    from: number,
    fn: CheckFunc | undefined,
    ev: Evaluated | undefined,
  ): boolean {
    let ok = true;
    for (let i = from; i < v.length; i++) {
      if (ev !== undefined) {
        ev.items[i] = true;
      }
      if (fn !== undefined && !this.checkItem(v, i, fn)) {
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * Checks "items" (or "additionalItems") when it is the false schema: there
   * is no item from index from.
   */
  noItems(v: readonly unknown[], keyword: string, from: number): boolean {
    let ok = true;
    for (let i = from; i < v.length; i++) {
      this.tooMany(i, keyword);
      ok = false;
      if (!this.explain) {
        return false;
      }
    }
    return ok;
  }

  /**
   * Checks "prefixItems" (an array "items" before 2020-12): item i satisfies
   * fns[i] (undefined: any item).
   */
  prefixItems(
    v: readonly unknown[],
    fns: readonly (CheckFunc | undefined)[],
    ev: Evaluated | undefined,
  ): boolean {
    // No item is at fns.length, past the last schema: none is refused.
    return this.prefixItemsAtMost(v, "", fns.length, fns, ev);
  }

  /**
   * Checks "prefixItems" (an array "items" before 2020-12) whose schema n is
   * the false schema: item i satisfies fns[i] (undefined: any item), and the
   * array has at most n items.
   */
  prefixItemsAtMost(
    v: readonly unknown[],
    keyword: string,
    n: number,
    fns: readonly (CheckFunc | undefined)[],
    ev: Evaluated | undefined,
  ): boolean {
    let ok = true;
    for (let i = 0; i < fns.length && i < v.length; i++) {
      if (ev !== undefined) {
        ev.items[i] = true;
      }
      const fn = fns[i];
      let r: boolean;
      if (i === n) {
        r = this.tooMany(i, keyword);
      } else if (fn === undefined) {
        continue;
      } else {
        r = this.checkItem(v, i, fn);
      }
      if (!r) {
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /** Reports whether item i of v satisfies fn. */
  private checkItem(v: readonly unknown[], i: number, fn: CheckFunc): boolean {
    if (!this.tracks()) {
      return fn(this, v[i], undefined);
    }
    this.path.push(i);
    const r = fn(this, v[i], undefined);
    this.path.pop();
    return r;
  }

  /** Reports item i of an array that may have at most i items. */
  private tooMany(i: number, keyword: string): false {
    const msg = "is not allowed: the array may have at most ";
    return this.failIndex(i, keyword, msg + counted(i, "item", "items"));
  }

  /**
   * Checks "contains", "minContains" and "maxContains": as many items as
   * want says satisfy fn (undefined: any item).
   */
  contains(
    v: readonly unknown[],
    fn: CheckFunc | undefined,
    want: Matches,
    ev: Evaluated | undefined,
  ): boolean {
    let n = 0;
    for (let i = 0; i < v.length; i++) {
      if (fn !== undefined && !this.try(fn, v[i], undefined)) {
        continue;
      }
      n++;
      if (want.marks === true && ev !== undefined) {
        ev.items[i] = true;
      }
    }
    if (n < want.min) {
      const keyword = want.min !== 1 ? "minContains" : "contains";
      const msg =
        "must contain at least " +
        counted(want.min, "matching item", "matching items") +
        ", got ";
      return this.fail(keyword, msg + n);
    }
    if (n > want.max) {
      const msg =
        "must contain at most " +
        counted(want.max, "matching item", "matching items") +
        ", got ";
      return this.fail("maxContains", msg + n);
    }
    return true;
  }

  /**
   * Checks one property of "properties": member name of v, when v has it,
   * satisfies fn. The checks of a schema whose properties all have a schema
   * call it once for each, in order, rather than properties with a table,
   * so that each call knows the function it calls.
   */
  property(
    v: JsonObject,
    name: string,
    fn: CheckFunc,
    ev: Evaluated | undefined,
  ): boolean {
    if (!hasOwn.call(v, name)) {
      return true;
    }
    if (ev !== undefined) {
      ev.props.add(name);
    }
    if (!this.tracks()) {
      return fn(this, v[name], undefined);
    }
    this.path.push(name);
    const r = fn(this, v[name], undefined);
    this.path.pop();
    return r;
  }

  /** Checks "properties". */
  properties(
    v: JsonObject,
    props: readonly Property[],
    ev: Evaluated | undefined,
  ): boolean {
    let ok = true;
    for (const p of props) {
      if (p.fn !== undefined && p.deny !== true) {
        if (!this.property(v, p.name, p.fn, ev)) {
          ok = false;
          if (!this.explain) {
            return false;
          }
        }
        continue;
      }
      if (!hasOwn.call(v, p.name)) {
        continue;
      }
      if (ev !== undefined) {
        ev.props.add(p.name);
      }
      if (p.deny === true) {
        const msg = "property " + JSON.stringify(p.name) + " is not allowed";
        this.failKey(p.name, "properties", msg);
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * The keys of v in the order the members "properties" does not name are
   * checked: when the problem is explained, by name, as the schema engine
   * names problems (names that are integers as numbers, see compareTokens),
   * so that of equally deep problems the one it names is found first; else
   * in the object's own order.
   */
  private nameOrder(v: JsonObject): string[] {
    const keys = Object.keys(v);
    return this.explain && keys.length > 1 ? keys.sort(compareTokens) : keys;
  }

  /** Checks "patternProperties". */
  patternProperties(
    v: JsonObject,
    props: readonly PatternProperty[],
    ev: Evaluated | undefined,
  ): boolean {
    let ok = true;
    for (const k of this.nameOrder(v)) {
      for (const p of props) {
        if (!p.match.test(k)) {
          continue;
        }
        if (ev !== undefined) {
          ev.props.add(k);
        }
        if (p.deny === true) {
          const msg = "property " + JSON.stringify(k) + " is not allowed";
          this.failKey(k, "patternProperties", msg);
          ok = false;
          if (!this.explain) {
            return false;
          }
          continue;
        }
        if (p.fn === undefined) {
          continue;
        }
        this.path.push(k);
        const r = p.fn(this, v[k], undefined);
        this.path.pop();
        if (!r) {
          ok = false;
          if (!this.explain) {
            return false;
          }
        }
      }
    }
    return ok;
  }

  /**
   * Checks "additionalProperties": every member known does not cover
   * satisfies fn (undefined: any value).
   */
  additional(
    v: JsonObject,
    known: ((name: string) => boolean) | undefined,
    fn: CheckFunc | undefined,
    ev: Evaluated | undefined,
  ): boolean {
    let ok = true;
    for (const k of this.nameOrder(v)) {
      if (known !== undefined && known(k)) {
        continue;
      }
      if (ev !== undefined) {
        ev.props.add(k);
      }
      if (fn !== undefined && !this.checkMember(v, k, fn)) {
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * Checks "additionalProperties" when it is the false schema: known covers
   * every member.
   */
  noAdditional(
    v: JsonObject,
    known: ((name: string) => boolean) | undefined,
  ): boolean {
    if (!this.explain) {
      // Only the verdict counts: no order, no list of keys to make.
      for (const k in v) {
        if (hasOwn.call(v, k) && (known === undefined || !known(k))) {
          return false;
        }
      }
      return true;
    }
    let ok = true;
    for (const k of this.nameOrder(v)) {
      if (known !== undefined && known(k)) {
        continue;
      }
      const msg = "unknown property " + JSON.stringify(k);
      this.failKey(k, "additionalProperties", msg);
      ok = false;
    }
    return ok;
  }

  /** Reports whether member k of v satisfies fn. */
  private checkMember(v: JsonObject, k: string, fn: CheckFunc): boolean {
    if (!this.tracks()) {
      return fn(this, v[k], undefined);
    }
    this.path.push(k);
    const r = fn(this, v[k], undefined);
    this.path.pop();
    return r;
  }

  /**
   * Checks "propertyNames": every name, as a string, satisfies fn.
   */
  propertyNames(v: JsonObject, fn: CheckFunc): boolean {
    let ok = true;
    for (const k of Object.keys(v)) {
      if (this.try(fn, k, undefined)) {
        continue;
      }
      let msg = "is not allowed";
      if (this.explain) {
        const [e] = this.why(fn, k);
        if (e !== undefined) {
          msg = e.message;
        }
      }
      const name = "property name " + JSON.stringify(k);
      this.failKey(k, "propertyNames", name + ": " + msg);
      ok = false;
      if (!this.explain) {
        return false;
      }
    }
    return ok;
  }

  /**
   * Checks "propertyNames" when it is the false schema: the object has no
   * members.
   */
  noPropertyNames(v: JsonObject): boolean {
    let ok = true;
    for (const k of Object.keys(v)) {
      const name = "property name " + JSON.stringify(k);
      this.failKey(k, "propertyNames", name + " is not allowed");
      ok = false;
      if (!this.explain) {
        return false;
      }
    }
    return ok;
  }

  /** Checks "required". */
  required(v: JsonObject, names: readonly string[]): boolean {
    let ok = true;
    for (const n of names) {
      if (!hasOwn.call(v, n)) {
        if (!this.explain) {
          return false;
        }
        const msg = "missing required property " + JSON.stringify(n);
        this.failKey(n, "required", msg);
        ok = false;
      }
    }
    return ok;
  }

  /**
   * Checks "dependentRequired" (the array form of "dependencies"): when name
   * is present, so is each of names.
   */
  dependentRequired(
    v: JsonObject,
    keyword: string,
    name: string,
    names: readonly string[],
  ): boolean {
    if (!has(v, name)) {
      return true;
    }
    let ok = true;
    for (const n of names) {
      if (!has(v, n)) {
        const when = ", required when " + JSON.stringify(name) + " is present";
        this.failKey(
          n,
          keyword,
          "missing property " + JSON.stringify(n) + when,
        );
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * Checks "dependentSchemas" (the schema form of "dependencies"): when name
   * is present, v satisfies fn.
   */
  dependentSchema(
    v: JsonObject,
    name: string,
    fn: CheckFunc,
    ev: Evaluated | undefined,
  ): boolean {
    return !has(v, name) || fn(this, v, ev);
  }

  /**
   * Checks "dependentSchemas" (or "dependencies") when the schema of name is
   * the false schema: name is not present.
   */
  noProperty(v: JsonObject, keyword: string, name: string): boolean {
    if (!has(v, name)) {
      return true;
    }
    const msg = "property " + JSON.stringify(name) + " is not allowed";
    return this.failKey(name, keyword, msg);
  }

  /**
   * Checks "anyOf". With ev it tries every alternative, for the properties
   * and items each that matches evaluates.
   */
  anyOf(
    v: unknown,
    ev: Evaluated | undefined,
    cl: Closest | undefined,
    fns: readonly CheckFunc[],
  ): boolean {
    let ok = false;
    const tag = dispatchTag(v, cl);
    for (let i = 0; i < fns.length; i++) {
      const fn = fns[i] as CheckFunc;
      if (!mayMatch(cl, tag, i)) {
        continue;
      }
      const sub = ev !== undefined ? new Evaluated() : undefined;
      if (!this.try(fn, v, sub)) {
        continue;
      }
      if (ev === undefined || sub === undefined) {
        return true;
      }
      ok = true;
      ev.merge(sub);
    }
    if (ok || !this.explain) {
      return ok;
    }
    const msg = "must match at least one of the " + fns.length;
    return this.none(v, cl, "anyOf", msg + " anyOf schemas, matches none", fns);
  }

  /** Checks "oneOf". */
  oneOf(
    v: unknown,
    ev: Evaluated | undefined,
    cl: Closest | undefined,
    fns: readonly CheckFunc[],
  ): boolean {
    let match = -1;
    let matched: Evaluated | undefined;
    const tag = dispatchTag(v, cl);
    for (let i = 0; i < fns.length; i++) {
      const fn = fns[i];
      if (fn === undefined || !mayMatch(cl, tag, i)) {
        continue;
      }
      const sub = ev !== undefined ? new Evaluated() : undefined;
      if (!this.try(fn, v, sub)) {
        continue;
      }
      if (match >= 0) {
        if (!this.explain) return false;
        const which = ", matches oneOf/" + match + " and oneOf/" + i;
        return this.fail("oneOf", oneOfMessage(fns.length) + which);
      }
      match = i;
      matched = sub;
    }
    if (match >= 0) {
      if (ev !== undefined && matched !== undefined) {
        ev.merge(matched);
      }
      return true;
    }
    if (!this.explain) {
      return false;
    }
    const msg = oneOfMessage(fns.length) + ", matches none";
    return this.none(v, cl, "oneOf", msg, fns);
  }

  /** Checks "not". */
  not(v: unknown, fn: CheckFunc): boolean {
    if (!this.try(fn, v, undefined)) {
      return true;
    }
    return this.fail("not", "must not match the not schema");
  }

  /**
   * Checks "if", "then" and "else" (an undefined then or otherwise accepts
   * anything).
   */
  ifThenElse(
    v: unknown,
    ev: Evaluated | undefined,
    cond: CheckFunc,
    then: CheckFunc | undefined,
    otherwise: CheckFunc | undefined,
  ): boolean {
    const sub = ev !== undefined ? new Evaluated() : undefined;
    if (this.try(cond, v, sub)) {
      if (ev !== undefined && sub !== undefined) {
        ev.merge(sub);
      }
      return then === undefined || then(this, v, ev);
    }
    return otherwise === undefined || otherwise(this, v, ev);
  }

  /**
   * Checks "if", "then" and "else" where "if" only asks an object for
   * property name equal to the string value (model.TagTest): a value that is
   * no object satisfies it, as ifThenElse would find without trying it.
   */
  ifTag(
    v: unknown,
    ev: Evaluated | undefined,
    name: string,
    value: string,
    then: CheckFunc | undefined,
    otherwise: CheckFunc | undefined,
  ): boolean {
    let holds = true;
    if (isObject(v)) {
      holds = hasOwn.call(v, name) && v[name] === value;
      if (holds && ev !== undefined) {
        ev.props.add(name);
      }
    }
    if (holds) {
      return then === undefined || then(this, v, ev);
    }
    return otherwise === undefined || otherwise(this, v, ev);
  }

  /**
   * Checks "unevaluatedProperties": every member that own does not record
   * satisfies fn (undefined: any value). Then every member counts as
   * evaluated.
   */
  unevaluatedProperties(
    v: JsonObject,
    own: Evaluated,
    fn: CheckFunc | undefined,
  ): boolean {
    let ok = true;
    for (const k of Object.keys(v)) {
      if (own.props.has(k)) {
        continue;
      }
      own.props.add(k);
      if (fn !== undefined && !this.checkMember(v, k, fn)) {
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * Checks "unevaluatedProperties" when it is the false schema: own records
   * every member.
   */
  noUnevaluatedProperties(v: JsonObject, own: Evaluated): boolean {
    let ok = true;
    for (const k of Object.keys(v)) {
      if (own.props.has(k)) {
        continue;
      }
      own.props.add(k);
      const msg = "unevaluated property " + JSON.stringify(k);
      this.failKey(k, "unevaluatedProperties", msg + " is not allowed");
      ok = false;
      if (!this.explain) {
        return false;
      }
    }
    return ok;
  }

  /** Checks "unevaluatedItems" likewise. */
  unevaluatedItems(
    v: readonly unknown[],
    own: Evaluated,
    fn: CheckFunc | undefined,
  ): boolean {
    let ok = true;
    for (let i = 0; i < v.length; i++) {
      if (own.items[i] === true) {
        continue;
      }
      own.items[i] = true;
      if (fn !== undefined && !this.checkItem(v, i, fn)) {
        ok = false;
        if (!this.explain) {
          return false;
        }
      }
    }
    return ok;
  }

  /**
   * Checks "unevaluatedItems" when it is the false schema: own records every
   * item.
   */
  noUnevaluatedItems(v: readonly unknown[], own: Evaluated): boolean {
    let ok = true;
    for (let i = 0; i < v.length; i++) {
      if (own.items[i] === true) {
        continue;
      }
      own.items[i] = true;
      const msg = "unevaluated item " + i + " is not allowed";
      this.failIndex(i, "unevaluatedItems", msg);
      ok = false;
      if (!this.explain) {
        return false;
      }
    }
    return ok;
  }
}

/** The check of the false schema. */
export function alwaysFalse(c: Checker): boolean {
  return c.fail("false", "no value is allowed here");
}

/** One level of the walk of a value: a container and the next member. */
interface Level {
  v: readonly unknown[] | JsonObject;
  keys: readonly string[] | undefined;
  next: number;
}

/**
 * Reports whether v, depth levels down, is JSON data nested at most maxDepth
 * deep: whether notCheckable finds nothing, which accepts asks of every
 * value. It recurses (at most maxDepth levels) and says only yes or no, which
 * takes a third less time than notCheckable's walk.
 */
function checkable(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case "boolean":
    case "string":
      return true;
    case "number":
      return !Number.isNaN(v);
    case "object": {
      if (v === null) {
        return true;
      }
      if (depth >= maxDepth) {
        return false;
      }
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          if (!checkable(v[i], depth + 1)) {
            return false;
          }
        }
        return true;
      }
      if (Object.prototype.toString.call(v) !== "[object Object]") {
        return false;
      }
      const o = v as JsonObject;
      const keys = Object.keys(o);
      for (let i = 0; i < keys.length; i++) {
        if (!checkable(o[keys[i] as string], depth + 1)) {
          return false;
        }
      }
      return true;
    }
  }
  return false;
}

/**
 * Walks value without recursion, in the order JSON.stringify writes it, and
 * returns the first problem that keeps it from being checked: a value that is
 * not JSON data, or nesting deeper than maxDepth (which JSON.parse allows but
 * the checks, which recurse, could not follow).
 */
function notCheckable(value: unknown): Problem | undefined {
  if (checkable(value, 0)) {
    return undefined;
  }
  const stack: Level[] = [];
  let v = value;
  for (;;) {
    const kind = jsonKind(v);
    if (kind === "") {
      const path = stack.map((l) =>
        l.keys === undefined ? l.next - 1 : (l.keys[l.next - 1] ?? ""),
      );
      return {
        pointer: pointer(path),
        keyword: "",
        message: "must be JSON data, got " + describe(v),
      };
    }
    if (kind === "array" || kind === "object") {
      if (stack.length >= maxDepth) {
        return { pointer: "", keyword: "", message: tooDeepMessage };
      }
      const c = v as readonly unknown[] | JsonObject;
      stack.push({
        v: c,
        keys: Array.isArray(c) ? undefined : Object.keys(c),
        next: 0,
      });
    }
    let found = false;
    while (stack.length > 0 && !found) {
      const top = stack[stack.length - 1] as Level;
      if (top.keys === undefined) {
        const items = top.v as readonly unknown[];
        if (top.next < items.length) {
          v = items[top.next++];
          found = true;
        }
      } else {
        const key = top.keys[top.next++];
        if (key !== undefined) {
          v = (top.v as JsonObject)[key];
          found = true;
        }
      }
      if (!found) {
        stack.pop();
      }
    }
    if (!found) {
      return undefined;
    }
  }
}

/**
 * The JSON type of v ("array", "object", or a scalar's), or "" when v is no
 * JSON data. A number beyond float64 reads as Infinity, which counts as one.
 */
function jsonKind(v: unknown): string {
  switch (typeof v) {
    case "boolean":
    case "string":
      return "scalar";
    case "number":
      return Number.isNaN(v) ? "" : "scalar";
    case "object":
      if (v === null) {
        return "scalar";
      }
      if (Array.isArray(v)) {
        return "array";
      }
      return Object.prototype.toString.call(v) === "[object Object]"
        ? "object"
        : "";
  }
  return "";
}

/** What a value that is not JSON data is, for messages. */
function describe(v: unknown): string {
  if (typeof v === "number") {
    return String(v);
  }
  if (typeof v === "object" && v !== null) {
    return Object.prototype.toString.call(v).slice(8, -1);
  }
  return typeof v;
}

/** The length in UTF-8 bytes of s, or of its first end UTF-16 units. */
export function utf8Length(s: string, end = s.length): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) {
      n++;
    } else if (u < 0x800) {
      n += 2;
    } else if (isPair(s, i)) {
      n += 4;
      i++;
    } else {
      n += 3;
    }
  }
  return n;
}

/**
 * Checks value with fn, the check of a root: undefined when it is valid,
 * else the deepest problem.
 */
export function check(fn: CheckFunc, value: unknown): Problem | undefined {
  const bad = notCheckable(value);
  if (bad !== undefined) {
    return bad;
  }
  return run(fn, value);
}

/**
 * Checks value, which is JSON data nested at most maxDepth deep (what
 * json.ts reads), with fn: undefined when it is valid, else the deepest
 * problem. numbers are the literals of the text it was read from that
 * JavaScript reads as other numbers, by pointer (see Checker.numbers).
 */
export function run(
  fn: CheckFunc,
  value: unknown,
  numbers?: Map<string, string>,
): Problem | undefined {
  try {
    const first = new Checker();
    first.numbers = numbers;
    if (fn(first, value, undefined)) {
      return undefined;
    }
    const c = new Checker();
    c.numbers = numbers;
    c.explain = true;
    fn(c, value, undefined);
    return c.err ?? { pointer: "", keyword: "", message: "is not valid" };
  } catch (err) {
    if (err instanceof RangeError) {
      // The checks recurse, and a deep enough value can exhaust the stack
      // before maxDepth: report it rather than throw.
      const message = "nested too deep to check: " + err.message;
      return { pointer: "", keyword: "", message };
    }
    throw err;
  }
}

/** Reports whether value satisfies fn, the check of a root. */
export function accepts(fn: CheckFunc, value: unknown): boolean {
  if (!checkable(value, 0)) {
    return false;
  }
  try {
    return fn(new Checker(), value, undefined);
  } catch (err) {
    if (err instanceof RangeError) {
      return false;
    }
    throw err;
  }
}
