package typescript

import (
	"strings"
	"sync"
)

// The fixed part of validate.ts, laid out as prettier prints it.

// runtimeCore is always written.
const runtimeCore = `/**
 * One problem: where, which keyword ("" for a rule of JavaScript's), what,
 * and how deep (the pointer's token count).
 */
interface Failure {
  pointer: string;
  keyword: string;
  detail: string;
  depth: number;
}

/**
 * The deepest nesting of arrays and objects accepted, the document being
 * level 1: the Go runtime's MaxDepth. JSON.stringify in Node.js runs out of
 * stack a few thousand levels down.
 */
const MAX_DEPTH = 1000;

/** What a document nested deeper than MAX_DEPTH is told. */
const TOO_DEEP =
  "arrays and objects nested more than " + MAX_DEPTH + " levels deep";

/**
 * Collects the deepest failure; on a tie, the first one found. inexact holds
 * the numbers of the parsed text that JavaScript reads as another number
 * (see scanText), by pointer: their text; undefined while there is none, the
 * common case, so that a check makes no map. keyOrders holds the objects
 * whose keys JavaScript lists in another order than the text's: where each
 * is, and its keys in the text's order.
 */
class Checker {
  failure: Failure | undefined = undefined;
  inexact: Map<string, string> | undefined;
  readonly keyOrders: { path: (string | number)[]; keys: string[] }[] = [];

  constructor(inexact?: Map<string, string>) {
    this.inexact = inexact;
  }

  fail(pointer: string, keyword: string, detail: string): void {
    let depth = 0;
    for (let i = 0; i < pointer.length; i++) {
      if (pointer.charCodeAt(i) === 47) {
        depth++;
      }
    }
    if (this.failure === undefined || depth > this.failure.depth) {
      this.failure = { pointer, keyword, detail, depth };
    }
  }
}

/** Reports whether v is a JSON object (not null, not an array). */
function isObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === "[object Object]";
}
`

// tsFunction is the top-level function name of the TypeScript source src,
// with the comment right above it; one that src exports is not exported.
func tsFunction(src, name string) string {
	start := strings.Index(src, "\nfunction "+name+"(")
	exported := start < 0
	if exported {
		start = strings.Index(src, "\nexport function "+name+"(")
	}
	end := -1
	if start >= 0 {
		end = strings.Index(src[start:], "\n}\n")
	}
	if start < 0 || end < 0 {
		panic("typescript: no function " + name + " in the runtime source")
	}
	end += start + len("\n}\n")
	fn := src[start+1 : end]
	if exported {
		fn = strings.TrimPrefix(fn, "export ")
	}
	if c := strings.LastIndex(src[:start], "\n/**"); c >= 0 && strings.HasSuffix(src[:start], "*/") {
		fn = src[c+1:start+1] + fn
	}
	return fn
}

type runtimeHelper struct {
	name string
	deps []string
	code string
}

// runtimeHelpers are written when used, in this order. The table is built
// when first needed: some of its code is cut from the runtimes' sources,
// which a run that writes no TypeScript should not pay for at start-up.
var runtimeHelpers = sync.OnceValue(func() []runtimeHelper {
	return []runtimeHelper{
		{"has", nil, `/** Reports whether v has its own property key. */
function has(v: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(v, key);
}
`},
		{"typeName", nil, `/** The JSON type of v, for messages. */
function typeName(v: unknown): string {
  if (v === null) {
    return "null";
  }
  return Array.isArray(v) ? "array" : typeof v;
}
`},
		{"show", []string{"typeName"}, `/**
 * v as JSON when it is a scalar, else its type; a string of more than 64 code
 * points is cut after 61 of them and marked "...", as the Go package shows it.
 */
function show(v: unknown): string {
  if (typeof v === "object" && v !== null) {
    return typeName(v);
  }
  if (typeof v === "string") {
    const points = Array.from(v);
    if (points.length > 64) {
      return JSON.stringify(points.slice(0, 61).join("") + "...");
    }
  }
  return JSON.stringify(v) ?? typeName(v);
}
`},
		{"escapeToken", nil, `/** A property name as a JSON pointer token. */
function escapeToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
`},
		{"pointerOf", []string{"escapeToken"}, `/** The JSON pointer of a path of keys and indexes. */
function pointerOf(path: readonly (string | number)[]): string {
  let p = "";
  for (const step of path) {
    p += "/" + (typeof step === "number" ? String(step) : escapeToken(step));
  }
  return p;
}
`},
		{"decimalOf", nil, `/**
 * The value of the number literal s as its significant digits and the
 * exponent of the last one ("-125e-1" for -12.50), "0" for zero: two literals
 * of the same number have the same decimal.
 */
function decimalOf(s: string): string {
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
`},
		{"numberEffect", []string{"decimalOf"}, `/**
 * What JavaScript does to the number literal lit, by the rules of the Go
 * runtime (isInfinite, jsInteger): "infinite" when it reads it as Infinity,
 * "inexact" when it writes another number back (1.0000000000000001,
 * 9007199254740993, 1e-400: none is an integer where one is required), and
 * undefined when it writes the same number back.
 */
function numberEffect(lit: string): "infinite" | "inexact" | undefined {
  if (lit.length <= 15 && lit.indexOf("e") < 0 && lit.indexOf("E") < 0) {
    return undefined; // at most 15 digits: a double holds them
  }
  const v = Number(lit);
  if (!Number.isFinite(v)) {
    return "infinite";
  }
  return decimalOf(lit) === decimalOf(String(v)) ? undefined : "inexact";
}
`},
		{"scanText", []string{"pointerOf", "numberEffect", "stringEnd", "numberEnd", "plainNumber", "arrayIndex"}, `/**
 * Checks the text of a document JSON.parse has read for what the value alone
 * cannot tell and the Go runtime rejects: arrays and objects nested more than
 * MAX_DEPTH levels, a key given twice in an object (JSON.parse keeps the
 * last), a number JavaScript reads as Infinity. The numbers it would write
 * back as other numbers go to c.inexact, for the integer checks; the objects
 * whose keys JavaScript lists in another order than the text's go to
 * c.keyOrders (see keepKeyOrder). It reads the text once, without recursion.
 */
function scanText(c: Checker, text: string): void {
  // The keys of the open objects, one after another: those of the object
  // at depth d from keys[from[d]] on (from[d] is -1 for an array). The key or
  // index of the member being read at each depth is in path. Of each open
  // object, named tells whether a key that is no array index came, last the
  // last array-index key (-1 for none), moved whether JavaScript lists its
  // keys in another order than the text's.
  const keys: string[] = [];
  const from: number[] = [];
  const path: (string | number)[] = [];
  const named: boolean[] = [];
  const last: number[] = [];
  const moved: boolean[] = [];
  // The keys of each open object with many, for a quicker look-up.
  const sets: (Set<string> | undefined)[] = [];
  let key = false; // the next string is a key
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      const end = stringEnd(text, i);
      if (key) {
        key = false;
        const d = from.length - 1;
        const raw = text.slice(i + 1, end - 1);
        const name =
          raw.indexOf("\\") < 0
            ? raw
            : (JSON.parse(text.slice(i, end)) as string);
        path[d] = name;
        const first = from[d] as number;
        const set = sets[d];
        const again =
          set !== undefined ? set.has(name) : keys.indexOf(name, first) >= 0;
        if (again) {
          const detail = "duplicate property " + JSON.stringify(name);
          c.fail(pointerOf(path), "", detail);
          return;
        }
        keys.push(name);
        if (set !== undefined) {
          set.add(name);
        } else if (keys.length - first > 32) {
          sets[d] = new Set(keys.slice(first));
        }
        const index = arrayIndex(name);
        if (index < 0) {
          named[d] = true;
        } else {
          if (named[d] || index < (last[d] as number)) {
            moved[d] = true;
          }
          last[d] = index;
        }
      }
      i = end;
    } else if (ch === 123 || ch === 91) {
      const d = from.length;
      if (d === MAX_DEPTH) {
        c.fail("", "", TOO_DEEP);
        return;
      }
      key = ch === 123;
      from.push(key ? keys.length : -1);
      path.push(key ? "" : 0);
      named[d] = false;
      last[d] = -1;
      moved[d] = false;
      sets[d] = undefined;
      i++;
    } else if (ch === 125 || ch === 93) {
      const d = from.length - 1;
      const first = from.pop() as number;
      if (first >= 0) {
        if (moved[d]) {
          c.keyOrders.push({ path: path.slice(0, d), keys: keys.slice(first) });
        }
        keys.length = first;
      }
      sets[d] = undefined;
      path.pop();
      i++;
    } else if (ch === 44) {
      const d = from.length - 1;
      const step = path[d];
      key = typeof step === "string";
      if (typeof step === "number") {
        path[d] = step + 1;
      }
      i++;
    } else if (ch === 45 || isDigit(ch)) {
      const end = numberEnd(text, i);
      if (!plainNumber(text, i, end)) {
        const lit = text.slice(i, end);
        const effect = numberEffect(lit);
        if (effect === "infinite") {
          const what = "must be a number JavaScript can represent, got ";
          c.fail(pointerOf(path), "", what + lit);
          return;
        }
        if (effect === "inexact") {
          (c.inexact ??= new Map()).set(pointerOf(path), lit);
        }
      }
      i = end;
    } else {
      i++;
    }
  }
}
`},
		{"stringEnd", nil, `/** The index just past the string whose opening quote is at i. */
function stringEnd(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  while (text.charCodeAt(end - 1) === 92) {
    let b = 2;
    while (text.charCodeAt(end - b) === 92) {
      b++;
    }
    if (b % 2 === 1) {
      break; // an even number of backslashes: the quote ends the string
    }
    end = text.indexOf('"', end + 1);
  }
  return end + 1;
}
`},
		{"numberEnd", []string{"isDigit"}, `/** The index just past the number that begins at i. */
function numberEnd(text: string, i: number): number {
  const n = text.length;
  let end = i + 1;
  while (end < n) {
    const e = text.charCodeAt(end);
    if (
      !(isDigit(e) || e === 46 || e === 43 || e === 45 || e === 101 || e === 69)
    ) {
      break;
    }
    end++;
  }
  return end;
}
`},
		{"plainNumber", nil, `/**
 * Reports whether the number from i to end has at most 15 characters and no
 * exponent: a double holds it as written (see numberEffect).
 */
function plainNumber(text: string, i: number, end: number): boolean {
  if (end - i > 15) {
    return false;
  }
  for (let j = i; j < end; j++) {
    const e = text.charCodeAt(j);
    if (e === 101 || e === 69) {
      return false;
    }
  }
  return true;
}
`},
		{"quickScan", []string{"stringEnd", "numberEnd", "plainNumber", "numberEffect", "isDigit"}, `/**
 * The number of object members in the text of a document JSON.parse has
 * read, when a quick read shows that scanText would find nothing but a
 * duplicate key: no nesting deeper than MAX_DEPTH, no number JavaScript reads
 * as another, no key that may be an array index (one that begins with a
 * digit or an escape); else -1. The parsed value holds as many keys (see
 * keyCount) unless a key came twice.
 */
function quickScan(text: string): number {
  let members = 0;
  let depth = 0;
  let last = 0; // where the last string began
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      last = i;
      i = stringEnd(text, i);
      continue;
    }
    if (ch === 58) {
      const first = text.charCodeAt(last + 1);
      if (isDigit(first) || first === 92) {
        return -1;
      }
      members++;
    } else if (ch === 123 || ch === 91) {
      if (++depth > MAX_DEPTH) {
        return -1;
      }
    } else if (ch === 125 || ch === 93) {
      depth--;
    } else if (ch === 45 || isDigit(ch)) {
      const end = numberEnd(text, i);
      if (
        !plainNumber(text, i, end) &&
        numberEffect(text.slice(i, end)) !== undefined
      ) {
        return -1;
      }
      i = end;
      continue;
    }
    i++;
  }
  return members;
}
`},
		{"keyCount", []string{"keysIn"}, `/**
 * The number of keys of the objects in v, a value JSON.parse made from a text
 * quickScan found at most MAX_DEPTH levels deep; -1 when Object.prototype has
 * an enumerable property, which for-in would count too.
 */
function keyCount(v: unknown): number {
  if (Object.keys(Object.prototype).length > 0) {
    return -1;
  }
  return typeof v === "object" && v !== null ? keysIn(v) : 0;
}
`},
		{"keysIn", nil, `/** The number of keys of the objects in v (see keyCount). */
function keysIn(v: unknown): number {
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null) {
        n += keysIn(x);
      }
    }
    return n;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    n++;
    const x = o[k];
    if (typeof x === "object" && x !== null) {
      n += keysIn(x);
    }
  }
  return n;
}
`},
		// The same as the general runtime's.
		{"isDigit", nil, tsFunction(jsonSource, "isDigit")},
		{"arrayIndex", []string{"isDigit"}, tsFunction(jsonSource, "arrayIndex")},
		// Why a text JSON.parse refused is not JSON, as the general runtime and
		// the Go runtime word it.
		{"notJSON", []string{"isDigit", "quoteChar", "utf8Length"},
			strings.NewReplacer("maxDepth", "MAX_DEPTH", "tooDeepMessage", "TOO_DEEP").Replace(tsFunction(jsonSource, "notJSON"))},
		{"quoteChar", []string{"utf8Size"}, tsFunction(jsonSource, "quoteChar")},
		{"utf8Size", []string{"isPair"}, tsFunction(jsonSource, "utf8Size")},
		{"utf8Length", []string{"isPair"}, tsFunction(checksSource, "utf8Length")},
		{"isPair", nil, tsFunction(checksSource, "isPair")},
		{"keepKeyOrder", []string{"has"}, `/**
 * Makes JSON.stringify write the keys of each object of c.keyOrders in the
 * order the text had them. JavaScript lists array-index keys such as "16"
 * first, in numeric order, whatever order an object got them in; such an
 * object gets a toJSON method (not enumerable) that hands JSON.stringify a
 * view listing its keys in the text's order, then any added since.
 */
function keepKeyOrder(value: unknown, c: Checker): unknown {
  for (const { path, keys } of c.keyOrders) {
    let holder: Record<string, unknown> | undefined;
    let o = value as Record<string, unknown>;
    for (const step of path) {
      holder = o;
      o = o[step] as Record<string, unknown>;
    }
    const view = (target: Record<string, unknown>) =>
      new Proxy(target, { ownKeys: () => keyOrder(target, keys) });
    if (!has(o, "toJSON")) {
      Object.defineProperty(o, "toJSON", {
        value: function (this: Record<string, unknown>) {
          return view(this);
        },
        writable: true,
        configurable: true,
      });
    } else if (holder === undefined) {
      value = view(o); // a key "toJSON" of its own: the object is the view
    } else {
      holder[path[path.length - 1] as string] = view(o);
    }
  }
  return value;
}

/** The keys of o: those of keys it still has, in order, then the others. */
function keyOrder(o: object, keys: readonly string[]): (string | symbol)[] {
  const out: (string | symbol)[] = [];
  const listed = new Set<string | symbol>();
  for (const k of keys) {
    if (has(o as Record<string, unknown>, k) && !listed.has(k)) {
      listed.add(k);
      out.push(k);
    }
  }
  for (const k of Reflect.ownKeys(o)) {
    if (!listed.has(k)) {
      out.push(k);
    }
  }
  return out;
}
`},
		{"missing", []string{"escapeToken"}, `/** Reports required property name missing from the object at p. */
function missing(c: Checker, p: string, name: string): void {
  const detail = "missing required property " + JSON.stringify(name);
  c.fail(p + "/" + escapeToken(name), "required", detail);
}
`},
		{"required", []string{"has", "missing"}, `/** Reports the first of names that v lacks. */
function required(
  c: Checker,
  v: Record<string, unknown>,
  p: string,
  names: readonly string[],
): void {
  for (const name of names) {
    if (!has(v, name)) {
      missing(c, p, name);
      return;
    }
  }
}
`},
		{"closed", []string{"escapeToken"}, `/** Reports the first (by name) property of v that is not among known. */
function closed(
  c: Checker,
  v: Record<string, unknown>,
  p: string,
  known: ReadonlySet<string>,
): void {
  let extra: string | undefined;
  for (const key of Object.keys(v)) {
    if (!known.has(key) && (extra === undefined || key < extra)) {
      extra = key;
    }
  }
  if (extra !== undefined) {
    const detail = "unknown property " + JSON.stringify(extra);
    c.fail(p + "/" + escapeToken(extra), "additionalProperties", detail);
  }
}
`},
		{"constant", []string{"show"}, `/** Checks that v is the string want. */
function constant(c: Checker, v: unknown, p: string, want: string): void {
  if (v !== want) {
    c.fail(p, "const", "must be " + JSON.stringify(want) + ", got " + show(v));
  }
}
`},
		{"oneOf", []string{"show", "typeName"}, `/** Checks that v is one of the strings values. */
function oneOf(
  c: Checker,
  v: unknown,
  p: string,
  values: readonly string[],
): void {
  if (typeof v !== "string") {
    c.fail(p, "type", "must be string, got " + typeName(v));
  } else if (!values.includes(v)) {
    const want = values.map((s) => JSON.stringify(s)).join(", ");
    c.fail(p, "enum", "must be one of " + want + ", got " + show(v));
  }
}
`},
		{"unknownTag", []string{"show"}, `/** Reports a union tag (at p, named name) that is none of tags. */
function unknownTag(
  c: Checker,
  v: unknown,
  p: string,
  name: string,
  tags: readonly string[],
): void {
  const want = tags.map((s) => JSON.stringify(s)).join(", ");
  const detail = "unknown " + name + " " + show(v) + ": must be one of " + want;
  c.fail(p, "oneOf", detail);
}
`},
		{"isInteger", nil, `/** Reports whether v is an integral number. */
function isInteger(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}
`},
		{"inexactInteger", []string{"decimalOf"}, `/** An integral number written as a fraction: 1.0000000000000001. */
const NOT_INTEGER = "must be integer, got number";

/**
 * Records why the integral number at p is not an integer the Go runtime
 * holds (see inexactInteger): a type error, or a rule of JavaScript's.
 */
function failInexact(c: Checker, p: string, why: string): void {
  c.fail(p, why === NOT_INTEGER ? "type" : "", why);
}

/**
 * Why the integral number v at p is not an integer the Go runtime holds as
 * written (jsInteger): its text was no integer, is outside the int64 range,
 * or is one JavaScript writes back as another number; undefined when it is.
 */
function inexactInteger(c: Checker, v: number, p: string): string | undefined {
  // No map is the common case: no need to hash the pointer.
  const lit = c.inexact === undefined ? undefined : c.inexact.get(p);
  if (lit !== undefined && /[.eE]/.test(lit)) {
    const d = decimalOf(lit);
    if (d !== "0" && Number(d.slice(d.indexOf("e") + 1)) < 0) {
      return NOT_INTEGER;
    }
  }
  if (lit !== undefined || Math.abs(v) >= 2 ** 63) {
    const what = "an integer in the int64 range that JavaScript writes back";
    return "must be " + what + " unchanged, got " + (lit ?? String(v));
  }
  return undefined;
}
`},
		{"isNumber", nil, `/** Reports whether v is a finite number. */
function isNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}
`},
		{"codePoints", nil, `/** The length of s in Unicode code points, as JSON Schema counts it. */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0xd800 || u > 0xdbff || i + 1 >= s.length) {
      n++;
    } else {
      const next = s.charCodeAt(i + 1);
      n++;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
      }
    }
  }
  return n;
}
`},
		{"levelOf", nil, `/** The nesting level of a value at p: 1 for the document, 2 below it… */
function levelOf(p: string): number {
  let level = 1;
  for (let i = 0; i < p.length; i++) {
    if (p.charCodeAt(i) === 47) {
      level++;
    }
  }
  return level;
}
`},
		{"tooDeep", []string{"levelOf"}, `/**
 * Reports, and records, a value at p nested deeper than MAX_DEPTH: a value of
 * a recursive type that contains itself stops there.
 */
function tooDeep(c: Checker, p: string): boolean {
  if (levelOf(p) <= MAX_DEPTH) {
    return false;
  }
  c.fail("", "", TOO_DEEP);
  return true;
}
`},
		{"isJSONValue", []string{"isJSONScalar"}, `/**
 * Why v, at nesting level level, is not JSON data (null, a boolean, a string,
 * a finite number, or an array or object of JSON data) at most MAX_DEPTH
 * levels deep; undefined when it is. It does not recurse, and a value that
 * contains itself is too deep.
 */
function isJSONValue(v: unknown, level: number): string | undefined {
  if (isJSONScalar(v)) {
    return undefined;
  }
  // The arrays and objects still to look at, each followed by its level:
  // made only when one holds another (a flat one, the common case, needs
  // none).
  let stack: unknown[] | undefined;
  let next = v;
  let at = level;
  for (;;) {
    const x = next;
    const array = Array.isArray(x);
    if (!array && !isObject(x)) {
      return "must hold only JSON data";
    }
    if (at > MAX_DEPTH) {
      return TOO_DEEP;
    }
    for (const item of array ? x : Object.values(x)) {
      if (!isJSONScalar(item)) {
        (stack ??= []).push(item, at + 1);
      }
    }
    if (stack === undefined || stack.length === 0) {
      return undefined;
    }
    at = stack.pop() as number;
    next = stack.pop();
  }
}
`},
		{"isJSONScalar", nil, `/** Reports whether v is null, a boolean, a string or a finite number. */
function isJSONScalar(v: unknown): boolean {
  return (
    v === null ||
    typeof v === "string" ||
    typeof v === "boolean" ||
    (typeof v === "number" && Number.isFinite(v))
  );
}
`},
		{"checkString", []string{"typeName"}, `/** Checks that v is a string. */
function checkString(c: Checker, v: unknown, p: string): void {
  if (typeof v !== "string") {
    c.fail(p, "type", "must be string, got " + typeName(v));
  }
}
`},
		{"checkInteger", []string{"typeName", "isInteger", "inexactInteger"}, `/** Checks that v is an integer. */
function checkInteger(c: Checker, v: unknown, p: string): void {
  if (!isInteger(v)) {
    c.fail(p, "type", "must be integer, got " + typeName(v));
    return;
  }
  const inexact = inexactInteger(c, v, p);
  if (inexact !== undefined) {
    failInexact(c, p, inexact);
  }
}
`},
		{"checkNumber", []string{"typeName", "isNumber"}, `/** Checks that v is a number. */
function checkNumber(c: Checker, v: unknown, p: string): void {
  if (!isNumber(v)) {
    c.fail(p, "type", "must be number, got " + typeName(v));
  }
}
`},
		{"checkBoolean", []string{"typeName"}, `/** Checks that v is a boolean. */
function checkBoolean(c: Checker, v: unknown, p: string): void {
  if (typeof v !== "boolean") {
    c.fail(p, "type", "must be boolean, got " + typeName(v));
  }
}
`},
		{"checkRecord", []string{"typeName"}, `/** Checks that v is an object (its contents are checked elsewhere). */
function checkRecord(c: Checker, v: unknown, p: string): void {
  if (!isObject(v)) {
    c.fail(p, "type", "must be object, got " + typeName(v));
  }
}
`},
		{"checkObject", []string{"typeName", "isJSONValue", "levelOf"}, `/** Checks that v is a free-form object of JSON data. */
function checkObject(c: Checker, v: unknown, p: string): void {
  if (!isObject(v)) {
    c.fail(p, "type", "must be object, got " + typeName(v));
    return;
  }
  const problem = isJSONValue(v, levelOf(p));
  if (problem !== undefined) {
    c.fail(p, "", problem);
  }
}
`},
		{"checkJSON", []string{"typeName", "isJSONValue", "levelOf"}, `/** Checks that v is JSON data of any type. */
function checkJSON(c: Checker, v: unknown, p: string): void {
  const problem = isJSONValue(v, levelOf(p));
  if (problem === TOO_DEEP) {
    c.fail(p, "", problem);
  } else if (problem !== undefined) {
    c.fail(p, "", "must be JSON data, got " + typeName(v));
  }
}
`},
		{"checkScalar", []string{"typeName", "isInteger", "isNumber", "inexactInteger"}, `/** Checks that v is of one of the JSON types kinds. */
function checkScalar(
  c: Checker,
  v: unknown,
  p: string,
  kinds: readonly string[],
): void {
  for (const kind of kinds) {
    if (
      (kind === "string" && typeof v === "string") ||
      (kind === "boolean" && typeof v === "boolean") ||
      (kind === "integer" &&
        isInteger(v) &&
        inexactInteger(c, v, p) === undefined) ||
      (kind === "number" && isNumber(v))
    ) {
      return;
    }
  }
  c.fail(p, "type", "must be " + kinds.join(" or ") + ", got " + typeName(v));
}
`},
		{"oneOfTypes", nil, `/**
 * Checks that exactly one of checks accepts v; when none does, reports the
 * deepest problem any of them found.
 */
function oneOfTypes(
  c: Checker,
  v: unknown,
  p: string,
  checks: readonly ((c: Checker, v: unknown, p: string) => void)[],
): void {
  let matched = 0;
  let best: Failure | undefined;
  for (const check of checks) {
    const sub = new Checker(c.inexact);
    check(sub, v, p);
    const f = sub.failure;
    if (f === undefined) {
      matched++;
    } else if (best === undefined || f.depth > best.depth) {
      best = f;
    }
  }
  if (matched > 1) {
    c.fail(p, "type", "must match exactly one type, matches " + matched);
  } else if (matched === 0 && best !== undefined) {
    c.fail(best.pointer, best.keyword, best.detail);
  }
}
`},
	}
})
