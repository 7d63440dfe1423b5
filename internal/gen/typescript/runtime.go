package typescript

// The fixed part of validate.ts, laid out as prettier prints it.

// runtimeCore is always written.
const runtimeCore = `/** One problem: where, what, and how deep (the pointer's token count). */
interface Failure {
  pointer: string;
  detail: string;
  depth: number;
}

/** Collects the deepest failure; on a tie, the first one found. */
class Checker {
  failure: Failure | undefined = undefined;

  fail(pointer: string, detail: string): void {
    let depth = 0;
    for (let i = 0; i < pointer.length; i++) {
      if (pointer.charCodeAt(i) === 47) {
        depth++;
      }
    }
    if (this.failure === undefined || depth > this.failure.depth) {
      this.failure = { pointer, detail, depth };
    }
  }
}

/** Reports whether v is a JSON object (not null, not an array). */
function isObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === "[object Object]";
}
`

type runtimeHelper struct {
	name string
	deps []string
	code string
}

// runtimeHelpers are written when used, in this order.
var runtimeHelpers = []runtimeHelper{
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
	{"show", []string{"typeName"}, `/** v as JSON when it is a scalar (shortened), else its type. */
function show(v: unknown): string {
  if (typeof v === "object" && v !== null) {
    return typeName(v);
  }
  const s = JSON.stringify(v) ?? typeName(v);
  return s.length > 60 ? s.slice(0, 60) + "…" : s;
}
`},
	{"escapeToken", nil, `/** A property name as a JSON pointer token. */
function escapeToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
`},
	{"missing", []string{"escapeToken"}, `/** Reports required property name missing from the object at p. */
function missing(c: Checker, p: string, name: string): void {
  const detail = "missing required property " + JSON.stringify(name);
  c.fail(p + "/" + escapeToken(name), detail);
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
    c.fail(p + "/" + escapeToken(extra), detail);
  }
}
`},
	{"constant", []string{"show"}, `/** Checks that v is the string want. */
function constant(c: Checker, v: unknown, p: string, want: string): void {
  if (v !== want) {
    c.fail(p, "must be " + JSON.stringify(want) + ", got " + show(v));
  }
}
`},
	{"oneOf", []string{"show"}, `/** Checks that v is one of the strings values. */
function oneOf(
  c: Checker,
  v: unknown,
  p: string,
  values: readonly string[],
): void {
  if (typeof v !== "string" || !values.includes(v)) {
    const want = values.map((s) => JSON.stringify(s)).join(", ");
    c.fail(p, "must be one of " + want + ", got " + show(v));
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
  c.fail(p, "unknown " + name + " " + show(v) + ": must be one of " + want);
}
`},
	{"isInteger", nil, `/** Reports whether v is an integral number. */
function isInteger(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
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
	{"isJSONValue", nil, `/**
 * Reports whether v is JSON data: null, a boolean, a string, a finite
 * number, or an array or object of JSON data (without cycles).
 */
function isJSONValue(v: unknown, parents: unknown[] = []): boolean {
  if (v === null || typeof v === "string" || typeof v === "boolean") {
    return true;
  }
  if (typeof v === "number") {
    return Number.isFinite(v);
  }
  const array = Array.isArray(v);
  if ((!array && !isObject(v)) || parents.includes(v)) {
    return false;
  }
  parents.push(v);
  let ok = true;
  if (array) {
    for (let i = 0; ok && i < v.length; i++) {
      ok = isJSONValue(v[i], parents);
    }
  } else {
    for (const key of Object.keys(v)) {
      if (!(ok = isJSONValue(v[key], parents))) {
        break;
      }
    }
  }
  parents.pop();
  return ok;
}
`},
	{"checkString", []string{"typeName"}, `/** Checks that v is a string. */
function checkString(c: Checker, v: unknown, p: string): void {
  if (typeof v !== "string") {
    c.fail(p, "must be string, got " + typeName(v));
  }
}
`},
	{"checkInteger", []string{"typeName", "isInteger"}, `/** Checks that v is an integer. */
function checkInteger(c: Checker, v: unknown, p: string): void {
  if (!isInteger(v)) {
    c.fail(p, "must be integer, got " + typeName(v));
  }
}
`},
	{"checkNumber", []string{"typeName", "isNumber"}, `/** Checks that v is a number. */
function checkNumber(c: Checker, v: unknown, p: string): void {
  if (!isNumber(v)) {
    c.fail(p, "must be number, got " + typeName(v));
  }
}
`},
	{"checkBoolean", []string{"typeName"}, `/** Checks that v is a boolean. */
function checkBoolean(c: Checker, v: unknown, p: string): void {
  if (typeof v !== "boolean") {
    c.fail(p, "must be boolean, got " + typeName(v));
  }
}
`},
	{"checkRecord", []string{"typeName"}, `/** Checks that v is an object (its contents are checked elsewhere). */
function checkRecord(c: Checker, v: unknown, p: string): void {
  if (!isObject(v)) {
    c.fail(p, "must be object, got " + typeName(v));
  }
}
`},
	{"checkObject", []string{"typeName", "isJSONValue"}, `/** Checks that v is a free-form object of JSON data. */
function checkObject(c: Checker, v: unknown, p: string): void {
  if (!isObject(v)) {
    c.fail(p, "must be object, got " + typeName(v));
  } else if (!isJSONValue(v)) {
    c.fail(p, "must hold only JSON data");
  }
}
`},
	{"checkJSON", []string{"typeName", "isJSONValue"}, `/** Checks that v is JSON data of any type. */
function checkJSON(c: Checker, v: unknown, p: string): void {
  if (!isJSONValue(v)) {
    c.fail(p, "must be JSON data, got " + typeName(v));
  }
}
`},
	{"checkScalar", []string{"typeName", "isInteger", "isNumber"}, `/** Checks that v is of one of the JSON types kinds. */
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
      (kind === "integer" && isInteger(v)) ||
      (kind === "number" && isNumber(v))
    ) {
      return;
    }
  }
  c.fail(p, "must be " + kinds.join(" or ") + ", got " + typeName(v));
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
    const sub = new Checker();
    check(sub, v, p);
    const f = sub.failure;
    if (f === undefined) {
      matched++;
    } else if (best === undefined || f.depth > best.depth) {
      best = f;
    }
  }
  if (matched > 1) {
    c.fail(p, "must match exactly one type, matches " + matched);
  } else if (matched === 0 && best !== undefined) {
    c.fail(best.pointer, best.detail);
  }
}
`},
}
