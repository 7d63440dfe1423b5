// The ajv peer of the validate benchmark: what a competent Node user writes.
// Ajv2020 compiles the schema once; files are read in large chunks, split on
// "\n" with Buffer.indexOf (no readline), each line is JSON.parse'd and
// validated.
//
//   node bench/validate/ajv.mjs SCHEMA FILE...
//
// Options: the schema's "x-omnigen" annotations are registered as a keyword
// (strict mode stays on, allowUnionTypes for `"type": ["number", "string"]`);
// "format" is an annotation in draft 2020-12, as in the other validators
// here, so formats are not asserted.
//
// ajv 8 resolves every "$dynamicRef" to the root schema unless the anchor
// was met on the way there (see the TODO in ajv's dynamicRef.js), which
// makes it reject every event_msg of the canonical schema. For a schema used
// on its own, "$dynamicRef": "#X" means the subschema with "$dynamicAnchor":
// "X" in the same document, so staticRefs rewrites it to a plain "$ref" to
// that subschema before compiling: what a user who hits the bug would do.
// Prints the counts on stderr; exits 1 if a line is invalid.
import { readFileSync, openSync, readSync, closeSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

const [schemaPath, ...files] = process.argv.slice(2);
if (!schemaPath || files.length === 0) {
  console.error("usage: node ajv.mjs SCHEMA FILE...");
  process.exit(2);
}
function staticRefs(schema) {
  const anchors = {};
  (function find(node, path) {
    if (node === null || typeof node !== "object") return;
    if (typeof node.$dynamicAnchor === "string") anchors[node.$dynamicAnchor] = path;
    for (const [k, v] of Object.entries(node)) {
      find(v, `${path}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    }
  })(schema, "#");
  (function rewrite(node) {
    if (node === null || typeof node !== "object") return;
    const anchor = typeof node.$dynamicRef === "string" && node.$dynamicRef.startsWith("#") && anchors[node.$dynamicRef.slice(1)];
    if (anchor) {
      node.$ref = anchor;
      delete node.$dynamicRef;
    }
    Object.values(node).forEach(rewrite);
  })(schema);
  return schema;
}

const ajv = new Ajv2020({ validateFormats: false, allowUnionTypes: true });
ajv.addKeyword("x-omnigen");
const validate = ajv.compile(staticRefs(JSON.parse(readFileSync(schemaPath, "utf8"))));

const CHUNK = 4 << 20;
let lines = 0;
let invalid = 0;

function check(buf, start, end, name) {
  lines++;
  let ok = false;
  let why;
  try {
    ok = validate(JSON.parse(buf.toString("utf8", start, end)));
    if (!ok) why = ajv.errorsText(validate.errors);
  } catch (e) {
    why = e.message;
  }
  if (!ok && ++invalid <= 10) console.error(`${name}:${lines}: ${why}`);
}

for (const name of files) {
  const fd = openSync(name, "r");
  let buf = Buffer.allocUnsafe(CHUNK);
  let have = 0; // bytes in buf
  for (;;) {
    if (have === buf.length) {
      const bigger = Buffer.allocUnsafe(buf.length * 2); // a line longer than the buffer
      buf.copy(bigger, 0, 0, have);
      buf = bigger;
    }
    const n = readSync(fd, buf, have, buf.length - have, null);
    const end = have + n;
    let start = 0;
    let nl;
    while ((nl = buf.indexOf(10, start)) !== -1 && nl < end) {
      check(buf, start, nl, name);
      start = nl + 1;
    }
    if (n === 0) {
      if (start < end) check(buf, start, end, name); // last line without "\n"
      break;
    }
    buf.copy(buf, 0, start, end);
    have = end - start;
  }
  closeSync(fd);
}
console.error(`${lines} lines, ${invalid} invalid`);
process.exit(invalid > 0 ? 1 : 0);
