// The JSON reader and writer of the code generated for any JSON Schema,
// written into a generated module as json.ts beside checks.ts. The values
// it reads are what JSON.parse makes (plain objects, arrays, strings,
// numbers), so that JSON.stringify, the checks and the user's own code work
// on them; what JSON.parse would lose it keeps out of sight, in a
// non-enumerable property (keyed by the symbol "omnigen.json") of the
// objects that need one: the order of an object's keys, when JavaScript
// lists them otherwise (it puts array-index keys such as "16" and "128"
// first, in numeric order).
//
// write uses it, so that write(read(text)) is JSON.stringify(JSON.parse(
// text)) but for that order: text that JSON.stringify wrote comes back as
// it was, whatever its key order; a number is written as JavaScript writes
// its value (1.50 as 1.5), as the Go runtime writes it. A value changed
// since it was read is written as it is now.
//
// The reader refuses what the Go runtime refuses (jsonrt/json.go), with
// the same messages and byte offsets: text that is not JSON, a duplicate
// key, a number that reads as Infinity, nesting deeper than maxDepth. Why a
// text is not JSON, notJSON tells: the reader only finds that it is not.
// Most texts need none of this: read keeps what JSON.parse makes of a text
// when a count of its keys shows that JSON.parse lost nothing (quickRead),
// and reads only the others with the reader.

import {
  type CheckFunc,
  type Problem,
  byCodePoint,
  check,
  decimalOf,
  isPair,
  maxDepth,
  pointer,
  run,
  tooDeepMessage,
  utf8Length,
} from "./checks.js";

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
export const jsonSource = Symbol.for("omnigen.json");

/** The JsonSource of v, if it has one. */
function sourceOf(v: object): JsonSource | undefined {
  return (v as { [jsonSource]?: JsonSource })[jsonSource];
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A text that is not JSON, or nested deeper than maxDepth: it stops the
 * reader (see notJSON for why).
 */
class NotJSON {}

/**
 * One open object or array of the reader. Frames are kept, one per depth,
 * and reused.
 */
interface Frame {
  array: unknown[] | undefined;
  object: { [key: string]: unknown } | undefined;
  key: string;
  index: number;
  keys: string[] | undefined;
  // named: a key that is not an array index came before; last: the last
  // array-index key, -1 for none.
  named: boolean;
  last: number;
}

let text = "";
let pos = 0;
// duplicate is set when an object has a key twice, infinite when a number
// reads as Infinity (JSON.stringify would write it as null): then path is
// followed, on a second reading, to name the deepest problem.
let duplicate = false;
let infinite = false;
let tracking = false;
// exact: numbers JavaScript reads as other numbers are noted (exactIntegers),
// inexact when one is found; on a second reading, following the path,
// numbers maps each one's pointer to its text.
let exact = false;
let inexact = false;
let numbers: Map<string, string> | undefined;
// viewing: read makes JSON.stringify write objects in the text's key order
// (ReadOptions.inOrder).
let viewing = false;
let path: (string | number)[] = [];
let found: Problem | undefined;
const frames: Frame[] = [];

function fail(): never {
  throw new NotJSON();
}

/** Skips white space and returns the character at pos (NaN at the end). */
function ws(): number {
  let c = text.charCodeAt(pos);
  while (c === 32 || c === 10 || c === 13 || c === 9) {
    c = text.charCodeAt(++pos);
  }
  return c;
}

/** Finds a '"', a backslash or a control character. */
const special = /["\\\x00-\x1f]/g;

/**
 * The index of the first '"', backslash or control character from text[i]
 * on (text.length for none): a loop for the first characters, the regular
 * expression for a long string.
 */
function nextSpecial(i: number): number {
  const end = i + 32;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 92 || !(c >= 32)) {
      return i;
    }
  }
  special.lastIndex = i;
  return special.test(text) ? special.lastIndex - 1 : text.length;
}

/** Reads the string that starts at pos. */
function readString(): string {
  const start = pos + 1;
  const i = nextSpecial(start);
  const c = text.charCodeAt(i);
  if (c === 34) {
    pos = i + 1;
    return text.slice(start, i);
  }
  if (c === 92) {
    return readEscaped(start, i);
  }
  return fail();
}

/** Goes on reading a string from its first backslash, at i. */
function readEscaped(start: number, i: number): string {
  let out = text.slice(start, i);
  for (;;) {
    // text[i] is a backslash.
    const e = text.charCodeAt(i + 1);
    const code = e < 128 ? escapes.charCodeAt(e) : 0;
    if (code === 117) {
      const u = hex4(i + 2);
      if (u < 0) {
        fail();
      }
      out += String.fromCharCode(u);
      i += 6;
    } else if (code !== 0) {
      out += String.fromCharCode(code);
      i += 2;
    } else {
      fail();
    }
    const j = nextSpecial(i);
    const c = text.charCodeAt(j);
    if (c === 34) {
      pos = j + 1;
      return out + text.slice(i, j);
    }
    if (c !== 92) {
      return fail();
    }
    out += text.slice(i, j);
    i = j;
  }
}

/**
 * What each ASCII character after a backslash stands for: NUL for an
 * invalid escape, "u" for a \u escape.
 */
const escapes = (() => {
  const table = new Array<string>(128).fill("\0");
  const pairs: [string, string][] = [
    ['"', '"'],
    ["\\", "\\"],
    ["/", "/"],
    ["b", "\b"],
    ["f", "\f"],
    ["n", "\n"],
    ["r", "\r"],
    ["t", "\t"],
    ["u", "u"],
  ];
  for (const [c, v] of pairs) {
    table[c.charCodeAt(0)] = v;
  }
  return table.join("");
})();

/** The value of the four hex digits at text[i], or -1. */
function hex4(i: number): number {
  let v = 0;
  for (let k = i; k < i + 4; k++) {
    const c = text.charCodeAt(k);
    let d: number;
    if (c >= 48 && c <= 57) {
      d = c - 48;
    } else if (c >= 97 && c <= 102) {
      d = c - 87;
    } else if (c >= 65 && c <= 70) {
      d = c - 55;
    } else {
      return -1;
    }
    v = v * 16 + d;
  }
  return v;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Reads the number that starts at pos: the value JSON.parse reads, which is
 * written back as JSON.stringify writes it.
 */
function readNumber(): number {
  const start = pos;
  let i = pos;
  let c = text.charCodeAt(i);
  const negative = c === 45;
  if (negative) {
    c = text.charCodeAt(++i);
  }
  let n = 0;
  if (c === 48) {
    c = text.charCodeAt(++i);
  } else if (c >= 49 && c <= 57) {
    do {
      n = n * 10 + (c - 48);
      c = text.charCodeAt(++i);
    } while (c >= 48 && c <= 57);
  } else {
    fail();
  }
  let plain = true;
  let exponent = false;
  if (c === 46) {
    plain = false;
    c = text.charCodeAt(++i);
    if (!isDigit(c)) {
      fail();
    }
    do {
      c = text.charCodeAt(++i);
    } while (c >= 48 && c <= 57);
  }
  if (c === 101 || c === 69) {
    plain = false;
    exponent = true;
    c = text.charCodeAt(++i);
    if (c === 43 || c === 45) {
      c = text.charCodeAt(++i);
    }
    if (!isDigit(c)) {
      fail();
    }
    do {
      c = text.charCodeAt(++i);
    } while (c >= 48 && c <= 57);
  }
  pos = i;
  if (plain && i - start <= 15) {
    // Up to 15 digits: exact.
    return negative ? -n : n;
  }
  const s = text.slice(start, i);
  const v = Number(s);
  if (v === Infinity || v === -Infinity) {
    infinite = true;
    if (tracking) {
      noteProblem(
        [...path],
        false,
        "must be a number JavaScript can represent, got " + s,
      );
    }
  } else if (exact && (exponent || i - start > 15) && !sameNumber(s, v)) {
    inexact = true;
    if (tracking) {
      (numbers ??= new Map()).set(pointer(path), s);
    }
  }
  return v;
}

/**
 * Reports whether JavaScript writes v, which it reads from the number
 * literal s, back as the same number: 1.50 and 1e2 are, 1.0000000000000001,
 * 9007199254740993 and 1e-400 are not.
 */
function sameNumber(s: string, v: number): boolean {
  return decimalOf(s) === decimalOf(String(v));
}

/** Reads the literal word at pos. */
function readWord(word: string): void {
  if (!text.startsWith(word, pos)) {
    fail();
  }
  pos += word.length;
}

/**
 * Reports whether key is an array index as JavaScript defines it (a
 * canonical decimal below 2^32 - 1), which objects list first: its value,
 * or -1.
 */
function arrayIndex(key: string): number {
  const n = key.length;
  if (n === 0 || n > 10 || (key.charCodeAt(0) === 48 && n > 1)) {
    return -1;
  }
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (!isDigit(c)) {
      return -1;
    }
    v = v * 10 + (c - 48);
  }
  return v < 4294967295 ? v : -1;
}

/** The frame of a new container at depth d. */
function frameAt(d: number): Frame {
  let f = frames[d];
  if (f === undefined) {
    f = {
      array: undefined,
      object: undefined,
      key: "",
      index: 0,
      keys: undefined,
      named: false,
      last: -1,
    };
    frames[d] = f;
  }
  f.keys = undefined;
  f.named = false;
  f.last = -1;
  f.index = 0;
  return f;
}

/**
 * Reads the key of the next member of the object of frame f, the ':' after
 * it, and notes it: c is the character at pos.
 */
function readKey(f: Frame, c: number): void {
  if (c !== 34) {
    fail();
  }
  const key = readString();
  if (ws() !== 58) {
    fail();
  }
  pos++;
  f.key = key;
  const c0 = key.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) {
    const n = arrayIndex(key);
    if (n >= 0) {
      if ((f.named || n < f.last) && f.keys === undefined) {
        // JavaScript lists this key before those read so far, which it
        // lists in document order.
        f.keys = Object.keys(f.object as object);
      }
      f.last = n;
    } else {
      f.named = true;
    }
  } else {
    f.named = true;
  }
  if (f.keys !== undefined) {
    f.keys.push(key);
  }
  if (tracking) {
    // Named here, before the value, as the Go decoder names it.
    const o = f.object as { [key: string]: unknown };
    if (o[key] !== undefined && hasOwn.call(o, key)) {
      noteDuplicate(key);
    }
    path.push(key);
  }
}

/** Adds the value just read to the object of frame f. */
function setMember(f: Frame, v: unknown): void {
  const o = f.object as { [key: string]: unknown };
  const key = f.key;
  if (tracking) {
    path.pop();
  }
  if (o[key] !== undefined && hasOwn.call(o, key)) {
    duplicate = true;
  } else if (key === "__proto__") {
    Object.defineProperty(o, key, {
      value: v,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    o[key] = v;
  }
}

// foundAt is the path of found; foundTwice says that its last step is a key
// given twice.
let foundAt: (string | number)[] = [];
let foundTwice = false;

/** Records a duplicate key, if it outranks the problem found so far. */
function noteDuplicate(key: string): void {
  noteProblem(
    [...path, key],
    true,
    "duplicate property " + JSON.stringify(key),
  );
}

/**
 * Records a problem at path at (twice: a key given twice there), if it
 * outranks the problem found so far.
 */
function noteProblem(
  at: (string | number)[],
  twice: boolean,
  message: string,
): void {
  if (found === undefined || outranks(at, twice, foundAt, foundTwice)) {
    found = { pointer: pointer(at), keyword: "", message };
    foundAt = at;
    foundTwice = twice;
  }
}

/**
 * Reports whether the problem at path a goes before the one at b, as the Go
 * decoder ranks them: the deeper one; at one depth, by the first step they
 * differ in, a value before a key given twice, then names by code point and
 * indexes by value; on a tie, the one found first (b).
 */
function outranks(
  a: readonly (string | number)[],
  aTwice: boolean,
  b: readonly (string | number)[],
  bTwice: boolean,
): boolean {
  if (a.length !== b.length) {
    return a.length > b.length;
  }
  for (let i = 0; i < a.length; i++) {
    if (i === a.length - 1 && aTwice !== bTwice) {
      return bTwice;
    }
    const x = a[i];
    const y = b[i];
    if (x === y) {
      continue;
    }
    if (typeof x === "number" && typeof y === "number") {
      return x < y;
    }
    return byCodePoint(String(x), String(y)) < 0;
  }
  return false;
}

/**
 * Finishes the container of frame f: its JsonSource, if it needs one, and
 * when viewing, what makes JSON.stringify write its keys in the text's order
 * (see inOrder). It returns the value to put in the container's place.
 */
function close(f: Frame, v: object): object {
  const keys = f.keys;
  if (keys === undefined) {
    return v;
  }
  const source: JsonSource = { keys };
  Object.defineProperty(v, jsonSource, {
    value: source,
    writable: true,
    configurable: true,
  });
  return viewing ? inOrder(v as { [key: string]: unknown }, keys) : v;
}

/**
 * Makes JSON.stringify write the keys of o, an object whose keys JavaScript
 * lists in another order than the text's, in the text's order (keys). o
 * gets a toJSON method (not enumerable) that hands JSON.stringify a view
 * listing its keys in that order, then any added since; it returns o. An
 * object with a key "toJSON" of its own gets no method: the view itself
 * is returned, to stand in o's place.
 */
function inOrder(o: { [key: string]: unknown }, keys: string[]): object {
  const view = (target: object) =>
    new Proxy(target, { ownKeys: () => ownKeysIn(target, keys) });
  if (hasOwn.call(o, "toJSON")) {
    return view(o);
  }
  Object.defineProperty(o, "toJSON", {
    value: function (this: object) {
      return view(this);
    },
    writable: true,
    configurable: true,
  });
  return o;
}

/** The own keys of o: those of keys it still has, in order, then the others. */
function ownKeysIn(o: object, keys: readonly string[]): (string | symbol)[] {
  const out: (string | symbol)[] = [];
  const listed = new Set<string | symbol>();
  for (const k of keys) {
    if (hasOwn.call(o, k) && !listed.has(k)) {
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

/**
 * Consumes the '{' or '[' at pos, which opens a container at depth, and
 * returns the character after it.
 */
function enter(depth: number): number {
  pos++;
  if (depth > maxDepth) {
    fail();
  }
  return ws();
}

/** Reads the value at pos, and what nests in it, without recursion. */
function readValue(): unknown {
  let depth = 0;
  let c = ws();
  for (;;) {
    let v: unknown;
    // One value, or the start of a container.
    switch (c) {
      case 123: {
        c = enter(++depth);
        const o: { [key: string]: unknown } = {};
        if (c === 125) {
          pos++;
          depth--;
          v = o;
          break;
        }
        const f = frameAt(depth);
        f.array = undefined;
        f.object = o;
        readKey(f, c);
        c = ws();
        continue;
      }
      case 91: {
        c = enter(++depth);
        const a: unknown[] = [];
        if (c === 93) {
          pos++;
          depth--;
          v = a;
          break;
        }
        const f = frameAt(depth);
        f.array = a;
        f.object = undefined;
        if (tracking) {
          path.push(0);
        }
        continue;
      }
      case 34:
        v = readString();
        break;
      case 116:
        readWord("true");
        v = true;
        break;
      case 102:
        readWord("false");
        v = false;
        break;
      case 110:
        readWord("null");
        v = null;
        break;
      default:
        if (c === 45 || isDigit(c)) {
          v = readNumber();
          break;
        }
        fail();
    }
    // The value is read: add it to its container, closing those it ends.
    for (;;) {
      if (depth === 0) {
        return v;
      }
      const f = frames[depth] as Frame;
      c = ws();
      if (f.array !== undefined) {
        const a = f.array;
        if (tracking) {
          path.pop();
        }
        a.push(v);
        if (c === 44) {
          pos++;
          c = ws();
          if (tracking) {
            path.push(a.length);
          }
          break;
        }
        if (c !== 93) {
          fail();
        }
        pos++;
        v = close(f, a);
        f.array = undefined;
      } else {
        setMember(f, v);
        if (c === 44) {
          pos++;
          readKey(f, ws());
          c = ws();
          break;
        }
        if (c !== 125) {
          fail();
        }
        pos++;
        v = close(f, f.object as object);
        f.object = undefined;
      }
      depth--;
    }
  }
}

/** Reads a whole JSON text. */
function readText(): unknown {
  const v = readValue();
  ws();
  if (pos < text.length) {
    fail();
  }
  return v;
}

/**
 * Why text, which JSON.parse refuses, is not JSON, in the Go runtime's words:
 * what is wrong where reading stops, and the offset there in bytes of UTF-8;
 * or, where it comes first, nesting of arrays and objects deeper than
 * maxDepth. undefined for a JSON text. It reads as the Go runtime's decoder
 * does, without making values.
 */
function notJSON(text: string): string | undefined {
  // Of each open array and object, whether it is an object.
  const open: boolean[] = [];
  let i = 0;
  // Skips white space and returns the character after it (NaN at the end).
  const space = (): number => {
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) {
      c = text.charCodeAt(++i);
    }
    return c;
  };
  // Skips the string at i: "", or what is wrong at i.
  const string = (): string => {
    for (i++; ; ) {
      const u = text.charCodeAt(i);
      if (u === 34) {
        i++;
        return "";
      }
      if (!(u >= 32)) {
        return u !== u
          ? "unexpected end of input in a string"
          : "control character in a string";
      }
      if (u !== 92) {
        i++;
        continue;
      }
      const e = text.charAt(i + 1);
      if (e === "u") {
        if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) {
          return "invalid \\u escape";
        }
        i += 6;
      } else if (e.length === 1 && '"\\/bfnrt'.includes(e)) {
        i += 2;
      } else {
        return e === ""
          ? "unexpected end of input in a string"
          : "invalid escape";
      }
    }
  };
  // Skips a property name and the ':' after it, c being the character at i:
  // "", or what is wrong at i.
  const key = (c: number): string => {
    if (c !== 34) {
      return "expected a property name";
    }
    const why = string();
    if (why !== "") {
      return why;
    }
    if (space() !== 58) {
      return "expected ':' after a property name";
    }
    i++;
    return "";
  };
  // Skips the digits at i; false for none.
  const digits = (): boolean => {
    if (!isDigit(text.charCodeAt(i))) {
      return false;
    }
    do {
      i++;
    } while (isDigit(text.charCodeAt(i)));
    return true;
  };
  // Skips the number at i: false when it stops at something else than a
  // number's end.
  const number = (): boolean => {
    if (text.charCodeAt(i) === 45) {
      i++;
    }
    if (text.charCodeAt(i) === 48) {
      i++;
    } else if (!digits()) {
      return false;
    }
    if (text.charCodeAt(i) === 46) {
      i++;
      if (!digits()) {
        return false;
      }
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      const sign = text.charCodeAt(++i);
      if (sign === 43 || sign === 45) {
        i++;
      }
      return digits();
    }
    return true;
  };
  let why: string;
  value: for (;;) {
    // A value, or the start of an array or object.
    let c = space();
    if (c === 123 || c === 91) {
      if (open.length === maxDepth) {
        return tooDeepMessage;
      }
      const object = c === 123;
      open.push(object);
      i++;
      c = space();
      if (c !== (object ? 125 : 93)) {
        why = object ? key(c) : "";
        if (why !== "") {
          break;
        }
        continue;
      }
      i++;
      open.pop();
    } else if (c === 34) {
      why = string();
      if (why !== "") {
        break;
      }
    } else if (c === 116 || c === 102 || c === 110) {
      const word = c === 116 ? "true" : c === 102 ? "false" : "null";
      if (!text.startsWith(word, i)) {
        why = "invalid literal";
        break;
      }
      i += word.length;
    } else if (c === 45 || isDigit(c)) {
      if (!number()) {
        why = "invalid number";
        break;
      }
    } else {
      why =
        c !== c || c === 0
          ? "unexpected end of input"
          : "invalid character " + quoteChar(text, i);
      break;
    }
    // The value is read: close the arrays and objects it ends.
    for (;;) {
      c = space();
      if (open.length === 0) {
        if (i === text.length) {
          return undefined;
        }
        why = "unexpected data after the value";
        break value;
      }
      const object = open[open.length - 1];
      if (c === 44) {
        i++;
        why = object ? key(space()) : "";
        if (why !== "") {
          break value;
        }
        continue value;
      }
      if (c !== (object ? 125 : 93)) {
        why = object
          ? "expected ',' or '}' after an object value"
          : "expected ',' or ']' after an array item";
        break value;
      }
      i++;
      open.pop();
    }
  }
  return "not valid JSON: " + why + " at offset " + utf8Length(text, i);
}

/**
 * What JSON.parse reads from input when the reader would read the same
 * value and find no problem in it (else undefined, which no JSON text
 * reads as): JSON.parse refuses what the reader refuses but nesting deeper
 * than maxDepth, which the value shows, as it shows a number read as
 * Infinity; it keeps the last of the members of an object with a key
 * given twice, which only the text shows: as many keys in the text as in
 * the value means none came twice. A key that begins with a digit (or an
 * escape, which may stand for one) may be an array index, whose order
 * the value does not keep: such a text is left to the reader.
 */
function quickRead(input: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return undefined;
  }
  const keys = textKeys(input, exact);
  if (keys < 0) {
    return undefined;
  }
  for (const _ in Object.prototype) {
    return undefined; // for...in would count it in every object
  }
  return valueKeys(value, 1) === keys ? value : undefined;
}

/**
 * The number of object members in text, a JSON text: strings followed by a
 * ':'. -1 when a key begins with a digit or a backslash, or, when numbers is
 * set, a number is one JavaScript reads as another (see exactNumbers).
 */
function textKeys(text: string, numbers: boolean): number {
  let n = 0;
  let i = text.indexOf('"');
  if (numbers && !exactNumbers(text, 0, i < 0 ? text.length : i)) {
    return -1;
  }
  while (i >= 0) {
    // text[i] opens a string: find the quote that closes it, the first one
    // after an even number of backslashes.
    let end = text.indexOf('"', i + 1);
    while (text.charCodeAt(end - 1) === 92) {
      let b = end - 2;
      while (text.charCodeAt(b) === 92) {
        b--;
      }
      if ((end - b) % 2 === 1) {
        break;
      }
      end = text.indexOf('"', end + 1);
    }
    let c = text.charCodeAt(++end);
    while (c === 32 || c === 10 || c === 13 || c === 9) {
      c = text.charCodeAt(++end);
    }
    if (c === 58) {
      const first = text.charCodeAt(i + 1);
      if ((first >= 48 && first <= 57) || first === 92) {
        return -1;
      }
      n++;
    }
    i = text.indexOf('"', end);
    if (numbers && !exactNumbers(text, end, i < 0 ? text.length : i)) {
      return -1;
    }
  }
  return n;
}

/**
 * Reports whether JavaScript reads every number in text from from to to, a
 * stretch of a JSON text outside its strings, as the number written (see
 * sameNumber).
 */
function exactNumbers(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 45 && !isDigit(c)) {
      continue;
    }
    let end = i + 1;
    let exponent = false;
    for (; end < to; end++) {
      const d = text.charCodeAt(end);
      if (d === 101 || d === 69) {
        exponent = true;
      } else if (!isDigit(d) && d !== 46 && d !== 43 && d !== 45) {
        break;
      }
    }
    if (exponent || end - i > 15) {
      const s = text.slice(i, end);
      if (!sameNumber(s, Number(s))) {
        return false;
      }
    }
    i = end;
  }
  return true;
}

/**
 * The number of keys of the objects in v, a value JSON.parse read, nested
 * depth deep: -1 when something in it is nested deeper than maxDepth or is
 * a number read as Infinity.
 */
function valueKeys(v: unknown, depth: number): number {
  if (typeof v !== "object" || v === null) {
    return v === Infinity || v === -Infinity ? -1 : 0;
  }
  if (depth > maxDepth) {
    return -1;
  }
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && n >= 0; i++) {
      const k = valueKeys(v[i], depth + 1);
      n = k < 0 ? -1 : n + k;
    }
    return n;
  }
  const o = v as { [key: string]: unknown };
  for (const key in o) {
    const k = valueKeys(o[key], depth + 1);
    if (k < 0) {
      return -1;
    }
    n += k + 1;
  }
  return n;
}

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
export function read(input: string, options: ReadOptions = {}): Read {
  const inOrder = options.inOrder === true;
  exact = options.exactIntegers === true;
  const value = quickRead(input);
  if (value !== undefined) {
    return { value, problem: undefined };
  }
  text = input;
  viewing = inOrder;
  pos = 0;
  duplicate = false;
  infinite = false;
  inexact = false;
  tracking = false;
  try {
    const value = readText();
    if (!duplicate && !infinite && !inexact) {
      return { value, problem: undefined };
    }
    // Read again, following the path, to name the deepest problem, or to
    // note where the inexact numbers are.
    pos = 0;
    tracking = true;
    viewing = false;
    path = [];
    found = undefined;
    numbers = undefined;
    readText();
    if (found !== undefined) {
      return { value: undefined, problem: found };
    }
    return numbers === undefined
      ? { value, problem: undefined }
      : { value, problem: undefined, numbers };
  } catch (err) {
    if (!(err instanceof NotJSON)) {
      throw err;
    }
    const message = notJSON(input) ?? "not valid JSON";
    return { value: undefined, problem: { pointer: "", keyword: "", message } };
  } finally {
    text = "";
    viewing = false;
    exact = false;
    numbers = undefined;
    path = [];
    found = undefined;
    for (const f of frames) {
      if (f === undefined) {
        continue;
      }
      f.array = undefined;
      f.object = undefined;
      f.keys = undefined;
    }
  }
}

/**
 * Reads one JSON text (see read) and checks it with fn: the value, or the
 * problem (one of a text that is not JSON has the root pointer and no
 * keyword).
 */
export function parse(
  input: string,
  fn: CheckFunc,
  options?: ReadOptions,
): { value: unknown; problem: Problem | undefined } {
  const r = read(input, options);
  if (r.problem !== undefined) {
    return r;
  }
  return { value: r.value, problem: run(fn, r.value, r.numbers) };
}

/**
 * Checks value with fn and writes it: the text, or the problem. The text is
 * what JSON.stringify writes, but for the key order of the document value
 * was read from, which is kept.
 */
export function stringify(
  value: unknown,
  fn: CheckFunc,
): { text: string; problem: Problem | undefined } {
  const problem = check(fn, value);
  if (problem !== undefined) {
    return { text: "", problem };
  }
  return write(value);
}

/** One open object or array of the writer. */
interface Level {
  v: unknown[] | { [key: string]: unknown };
  keys: readonly string[] | undefined;
  next: number;
}

/** The keys of o in the order to write them: those read first, in order. */
function keysOf(o: object, source: JsonSource | undefined): string[] {
  const now = Object.keys(o);
  if (source?.keys === undefined) {
    return now;
  }
  const out: string[] = [];
  const seen = new Set<string>();
  for (const k of source.keys) {
    if (hasOwn.call(o, k) && !seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  if (out.length < now.length) {
    for (const k of now) {
      if (!seen.has(k)) {
        out.push(k);
      }
    }
  }
  return out;
}

/**
 * Writes a value the checks accepted (JSON data, nested at most maxDepth
 * deep), without recursion.
 */
function write(value: unknown): { text: string; problem: Problem | undefined } {
  let out = "";
  const stack: Level[] = [];
  let v = value;
  for (;;) {
    if (typeof v === "object" && v !== null) {
      if (Array.isArray(v)) {
        out += "[";
        stack.push({ v, keys: undefined, next: 0 });
      } else {
        out += "{";
        const keys = keysOf(v, sourceOf(v));
        stack.push({
          v: v as { [key: string]: unknown },
          keys,
          next: 0,
        });
      }
    } else if (typeof v === "number") {
      if (Number.isFinite(v)) {
        out += String(v);
      } else {
        const where = stack.map((l) =>
          l.keys === undefined ? l.next - 1 : (l.keys[l.next - 1] as string),
        );
        const message =
          "must be a finite number to be written as JSON, got " + String(v);
        return {
          text: "",
          problem: { pointer: pointer(where), keyword: "", message },
        };
      }
    } else {
      out += JSON.stringify(v);
    }
    // The next value, closing the containers that end.
    let more = false;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Level;
      const i = top.next++;
      if (top.keys === undefined) {
        const items = top.v as unknown[];
        if (i < items.length) {
          if (i > 0) {
            out += ",";
          }
          v = items[i];
          more = true;
          break;
        }
        out += "]";
      } else {
        const key = top.keys[i];
        if (key !== undefined) {
          if (i > 0) {
            out += ",";
          }
          out += JSON.stringify(key) + ":";
          v = (top.v as { [key: string]: unknown })[key];
          more = true;
          break;
        }
        out += "}";
      }
      stack.pop();
    }
    if (!more) {
      return { text: out, problem: undefined };
    }
  }
}

/** The size in UTF-8 of the character at s[i] (a lone surrogate: 3). */
function utf8Size(s: string, i: number): number {
  const u = s.charCodeAt(i);
  if (u < 0x80) {
    return 1;
  }
  if (u < 0x800) {
    return 2;
  }
  return isPair(s, i) ? 4 : 3;
}

/**
 * The character at s[i] for a message, as the Go runtime quotes the byte it
 * stops at: printable ASCII quoted, else the first byte of its UTF-8 in hex.
 */
function quoteChar(s: string, i: number): string {
  const u = s.charCodeAt(i);
  if (u >= 0x20 && u < 0x7f) {
    return JSON.stringify(String.fromCharCode(u));
  }
  let b = u;
  if (u >= 0x80) {
    const size = utf8Size(s, i);
    if (size === 2) {
      b = 0xc0 | (u >> 6);
    } else if (size === 3) {
      b = 0xe0 | (u >> 12);
    } else {
      const cp = s.codePointAt(i) as number;
      b = 0xf0 | (cp >> 18);
    }
  }
  return "0x" + b.toString(16);
}
