// The format runtime of a generated module: the checks behind the JSON
// Schema "format" keyword when it is an assertion. It does not depend on the
// schema. Every name starts with "format" or "fmt" so that it cannot collide
// with generated code; the Go twin (internal/runtime/formatrt/format.go)
// has the same functions, the same tables and the same verdicts, and its doc
// comments give the rule of each format.
//
// A lone surrogate reads as U+FFFD, the replacement character, as it does
// once a Go JSON decoder has read the same string.

/**
 * Checks s against the format called name, as JSON Schema names it; undefined
 * for a name this runtime does not check ("regex" is checked elsewhere;
 * unknown formats are annotations): the caller then accepts the string. One
 * rule per format serves every draft.
 */
function checkFormat(name: string, s: string): boolean | undefined {
  switch (name) {
    case "date-time":
      return formatDateTime(s);
    case "date":
      return formatDate(s);
    case "time":
      return formatTime(s);
    case "duration":
      return formatDuration(s);
    case "email":
      return formatEmail(s);
    case "idn-email":
      return formatIDNEmail(s);
    case "hostname":
      return formatHostname(s);
    case "idn-hostname":
      return formatIDNHostname(s);
    case "ipv4":
      return formatIPv4(s);
    case "ipv6":
      return formatIPv6(s);
    case "uri":
      return formatURI(s);
    case "uri-reference":
      return formatURIReference(s);
    case "iri":
      return formatIRI(s);
    case "iri-reference":
      return formatIRIReference(s);
    case "uri-template":
      return formatURITemplate(s);
    case "uuid":
      return formatUUID(s);
    case "json-pointer":
      return formatJSONPointer(s);
    case "relative-json-pointer":
      return formatRelativeJSONPointer(s);
  }
  return undefined;
}

// ---- dates and times -------------------------------------------------------

/** RFC 3339 §5.6 date-time: full-date "T" full-time, "T" and "Z" in either case. */
function formatDateTime(s: string): boolean {
  return (
    s.length > 11 &&
    (s[10] === "T" || s[10] === "t") &&
    formatDate(s.slice(0, 10)) &&
    formatTime(s.slice(11))
  );
}

/** RFC 3339 §5.6 full-date YYYY-MM-DD, the day existing in its month (§5.7). */
function formatDate(s: string): boolean {
  if (s.length !== 10 || s[4] !== "-" || s[7] !== "-") {
    return false;
  }
  const year = fmtDigits(s, 0, 4);
  const month = fmtDigits(s, 5, 2);
  const day = fmtDigits(s, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) {
    return false;
  }
  let days = 31;
  switch (month) {
    case 4:
    case 6:
    case 9:
    case 11:
      days = 30;
      break;
    case 2:
      days = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
      break;
  }
  return day <= days;
}

/**
 * RFC 3339 §5.6 full-time: HH:MM:SS, an optional fraction, then "Z" or ±HH:MM;
 * a leap second only at 23:59 UTC (§5.7).
 */
function formatTime(s: string): boolean {
  if (s.length < 9 || s[2] !== ":" || s[5] !== ":") {
    return false;
  }
  const hour = fmtDigits(s, 0, 2);
  const minute = fmtDigits(s, 3, 2);
  const second = fmtDigits(s, 6, 2);
  if (
    hour < 0 ||
    minute < 0 ||
    second < 0 ||
    hour > 23 ||
    minute > 59 ||
    second > 60
  ) {
    return false;
  }
  let i = 8;
  if (s[i] === ".") {
    i++;
    const start = i;
    while (i < s.length && fmtIsDigit(s.charCodeAt(i))) {
      i++;
    }
    if (i === start || i === s.length) {
      return false;
    }
  }
  let offset = 0; // minutes east of UTC
  switch (s[i]) {
    case "Z":
    case "z":
      if (i + 1 !== s.length) {
        return false;
      }
      break;
    case "+":
    case "-": {
      if (s.length - i !== 6 || s[i + 3] !== ":") {
        return false;
      }
      const oh = fmtDigits(s, i + 1, 2);
      const om = fmtDigits(s, i + 4, 2);
      if (oh < 0 || om < 0 || oh > 23 || om > 59) {
        return false;
      }
      offset = oh * 60 + om;
      if (s[i] === "-") {
        offset = -offset;
      }
      break;
    }
    default:
      return false;
  }
  if (second === 60) {
    const utc = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
    return utc === 23 * 60 + 59;
  }
  return true;
}

/** The number written by n ASCII digits of s at i, or -1. */
function fmtDigits(s: string, i: number, n: number): number {
  let v = 0;
  for (let j = i; j < i + n; j++) {
    const c = s.charCodeAt(j);
    if (!fmtIsDigit(c)) {
      return -1;
    }
    v = v * 10 + (c - 48);
  }
  return v;
}

/** Reports whether c is the code of an ASCII digit. */
function fmtIsDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * RFC 3339 Appendix A duration: "P", then nW alone, or Y, M, D and/or "T" with
 * H, M, S, in order and without gaps.
 */
function formatDuration(s: string): boolean {
  if (s.length < 2 || s[0] !== "P") {
    return false;
  }
  let date = "";
  let clock = "";
  let inTime = false;
  for (let i = 1; i < s.length; ) {
    if (s[i] === "T" && !inTime) {
      inTime = true;
      i++;
      continue;
    }
    const start = i;
    while (i < s.length && fmtIsDigit(s.charCodeAt(i))) {
      i++;
    }
    if (i === start || i === s.length) {
      return false;
    }
    if (inTime) {
      clock += s[i];
    } else {
      date += s[i];
    }
    i++;
  }
  if (inTime && clock === "") {
    return false;
  }
  if (date === "W") {
    return !inTime;
  }
  return (
    ["", "D", "M", "MD", "Y", "YM", "YMD"].includes(date) &&
    ["", "H", "HM", "HMS", "M", "MS", "S"].includes(clock) &&
    date.length + clock.length > 0
  );
}

// ---- e-mail addresses ------------------------------------------------------

/** RFC 5321 §4.1.2 Mailbox; the domain a hostname or an address literal. */
function formatEmail(s: string): boolean {
  return fmtMailbox(s, false);
}

/** RFC 6531 §3.3 Mailbox: non-ASCII local parts, idn-hostname domains. */
function formatIDNEmail(s: string): boolean {
  return fmtMailbox(s, true);
}

/** Checks an RFC 5321 mailbox, with RFC 6531's extensions when idn. */
function fmtMailbox(s: string, idn: boolean): boolean {
  let i = 0;
  let octets = 0; // the length of the local part in UTF-8
  if (s[0] === '"') {
    i++;
    octets++;
    for (;;) {
      if (i >= s.length) {
        return false;
      }
      const c = s.charCodeAt(i);
      if (c === 34) {
        i++;
        octets++;
        break;
      }
      if (c === 92) {
        const next = s.charCodeAt(i + 1);
        if (i + 1 >= s.length || next < 32 || next > 126) {
          return false;
        }
        i += 2;
        octets += 2;
        continue;
      }
      if (c >= 0x80 && idn) {
        const r = fmtCodePointAt(s, i);
        i += r > 0xffff ? 2 : 1;
        octets += fmtUTF8Length(r);
        continue;
      }
      if (c < 32 || c > 126) {
        return false;
      }
      i++;
      octets++;
    }
  } else {
    let atom = 0; // the length of the current atom
    while (i < s.length && s[i] !== "@") {
      const c = s.charCodeAt(i);
      if (c === 46) {
        if (atom === 0) {
          return false;
        }
        atom = 0;
        i++;
        octets++;
        continue;
      }
      if (c >= 0x80 && idn) {
        const r = fmtCodePointAt(s, i);
        i += r > 0xffff ? 2 : 1;
        octets += fmtUTF8Length(r);
      } else if (c < 0x80 && fmtIsAtext(c)) {
        i++;
        octets++;
      } else {
        return false;
      }
      atom++;
    }
    if (atom === 0) {
      return false;
    }
  }
  if (octets > 64 || i >= s.length || s[i] !== "@") {
    return false;
  }
  const domain = s.slice(i + 1);
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    if (fmtHasPrefixFold(literal, "ipv6:")) {
      return formatIPv6(literal.slice(5));
    }
    return formatIPv4(literal);
  }
  return idn ? formatIDNHostname(domain) : formatHostname(domain);
}

/** Reports whether c is the code of an RFC 5322 atext character. */
function fmtIsAtext(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    fmtIsDigit(c) ||
    "!#$%&'*+-/=?^_`{|}~".includes(String.fromCharCode(c))
  );
}

/** Reports whether s starts with the lower-case ASCII prefix, in any case. */
function fmtHasPrefixFold(s: string, prefix: string): boolean {
  if (s.length < prefix.length) {
    return false;
  }
  for (let i = 0; i < prefix.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      c += 32;
    }
    if (c !== prefix.charCodeAt(i)) {
      return false;
    }
  }
  return true;
}

/** The code point of s at i; a lone surrogate reads as U+FFFD. */
function fmtCodePointAt(s: string, i: number): number {
  const r = s.codePointAt(i) ?? 0xfffd;
  return r >= 0xd800 && r <= 0xdfff ? 0xfffd : r;
}

/** The code points of s; a lone surrogate reads as U+FFFD. */
function fmtCodePoints(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; ) {
    const r = fmtCodePointAt(s, i);
    out.push(r);
    i += r > 0xffff ? 2 : 1;
  }
  return out;
}

/** The number of UTF-8 octets of code point r. */
function fmtUTF8Length(r: number): number {
  return r < 0x80 ? 1 : r < 0x800 ? 2 : r < 0x10000 ? 3 : 4;
}

// ---- host names ------------------------------------------------------------

/** RFC 1123 §2.1 host name; "xn--" labels must be IDNA2008 A-labels. */
function formatHostname(s: string): boolean {
  return fmtDomain(s, false);
}

/**
 * IDNA2008 host name (RFC 5890 §2.3.2.3): LDH labels, A-labels and U-labels
 * (RFC 5891 §4.2.3, RFC 5892, RFC 5893), separated by "." or U+3002, U+FF0E,
 * U+FF61. Not checked: Normalization Form C, and no mapping is applied.
 */
function formatIDNHostname(s: string): boolean {
  return fmtDomain(s, true);
}

/** Checks a host name; idn allows U-labels and the IDNA separators. */
function fmtDomain(s: string, idn: boolean): boolean {
  if (s === "") {
    return false;
  }
  // Each label as code points, ASCII in lower case.
  const labels: number[][] = [];
  let total = -1; // length in A-label form, with the dots
  let bidiDomain = false;
  const parts = idn ? s.split(/[.\u3002\uff0e\uff61]/) : s.split(".");
  for (const label of parts) {
    const checked = fmtLabel(label, idn);
    if (checked === undefined) {
      return false;
    }
    total += 1 + checked.length;
    if (total > 253) {
      return false;
    }
    for (const r of checked.u) {
      if (r < 0x80) {
        continue; // L, EN or ES: not right-to-left
      }
      const bidi = (fmtIDNAProps(r) >> fmtIDNABidiShift) & 15;
      if (bidi === fmtBidiR || bidi === fmtBidiAL || bidi === fmtBidiAN) {
        bidiDomain = true;
      }
    }
    labels.push(checked.u);
  }
  return !bidiDomain || labels.every(fmtBidiLabel);
}

/**
 * Checks one label of a host name and returns it as code points (ASCII
 * letters in lower case) with the length of its A-label (or LDH) form.
 */
function fmtLabel(
  label: string,
  idn: boolean,
): { u: number[]; length: number } | undefined {
  if (label === "") {
    return undefined;
  }
  if (!/^[\x00-\x7f]*$/.test(label)) {
    // An A-label has at most 63 octets, "xn--" and then at least one per
    // code point: a longer label is refused before any work that grows
    // faster than its length.
    const u = fmtCodePoints(label);
    if (!idn || u.length > 59 || !fmtULabel(u)) {
      return undefined;
    }
    const enc = fmtPunyEncode(u);
    if (enc === undefined || 4 + enc.length > 63) {
      return undefined;
    }
    return { u, length: 4 + enc.length };
  }
  if (label.length > 63) {
    return undefined;
  }
  const lower = label.toLowerCase();
  if (lower.startsWith("xn--")) {
    const u = fmtPunyDecode(lower.slice(4));
    if (u === undefined || !fmtULabel(u)) {
      return undefined;
    }
    const enc = fmtPunyEncode(u);
    if (!u.some((r) => r >= 0x80) || enc !== lower.slice(4)) {
      return undefined;
    }
    return { u, length: label.length };
  }
  if (!/^[a-z0-9-]*$/.test(lower) || lower[0] === "-" || lower.endsWith("-")) {
    return undefined;
  }
  return { u: fmtCodePoints(lower), length: label.length };
}

/**
 * Checks the rules of RFC 5891 §4.2.3 that hold for one U-label: hyphens, a
 * leading combining mark, and the RFC 5892 property of each code point with
 * the contextual rules of its Appendix A.
 */
function fmtULabel(u: number[]): boolean {
  const n = u.length;
  if (
    n === 0 ||
    u[0] === 45 ||
    u[n - 1] === 45 ||
    (n >= 4 && u[2] === 45 && u[3] === 45)
  ) {
    return false;
  }
  if (
    u.some((r) => (fmtIDNAProps(r) & fmtIDNAPropMask) === fmtIDNADisallowed)
  ) {
    return false;
  }
  if ((fmtIDNAProps(u[0] ?? 0) & fmtIDNAMark) !== 0) {
    return false;
  }
  for (let i = 0; i < n; i++) {
    switch (fmtIDNAProps(u[i] ?? 0) & fmtIDNAPropMask) {
      case fmtIDNAContextJ:
        if (!fmtContextJ(u, i)) {
          return false;
        }
        break;
      case fmtIDNAContextO:
        if (!fmtContextO(u, i)) {
          return false;
        }
        break;
    }
  }
  return true;
}

/** RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER). */
function fmtContextJ(u: number[], i: number): boolean {
  if (i > 0 && (fmtIDNAProps(u[i - 1] ?? 0) & fmtIDNAVirama) !== 0) {
    return true;
  }
  if (u[i] !== 0x200c) {
    return false;
  }
  // (Joining_Type:{L,D})(Joining_Type:T)*\u200C
  // (Joining_Type:T)*(Joining_Type:{R,D})
  let j = i - 1;
  while (j >= 0 && fmtJoining(u[j] ?? 0) === fmtJoinT) {
    j--;
  }
  const before = j >= 0 ? fmtJoining(u[j] ?? 0) : fmtJoinU;
  if (before !== fmtJoinL && before !== fmtJoinD) {
    return false;
  }
  let k = i + 1;
  while (k < u.length && fmtJoining(u[k] ?? 0) === fmtJoinT) {
    k++;
  }
  const after = k < u.length ? fmtJoining(u[k] ?? 0) : fmtJoinU;
  return after === fmtJoinR || after === fmtJoinD;
}

/** The Joining_Type of r. */
function fmtJoining(r: number): number {
  return (fmtIDNAProps(r) >> fmtIDNAJoinShift) & 7;
}

/** The script class of r (fmtScriptGreek, ...). */
function fmtScript(r: number): number {
  return (fmtIDNAProps(r) >> fmtIDNAScriptShift) & 3;
}

/** RFC 5892 Appendix A.3 to A.9 for u[i]. */
function fmtContextO(u: number[], i: number): boolean {
  const r = u[i] ?? 0;
  if (r === 0x00b7) {
    // MIDDLE DOT: between two 'l'
    return i > 0 && u[i - 1] === 0x6c && i + 1 < u.length && u[i + 1] === 0x6c;
  }
  if (r === 0x0375) {
    // GREEK LOWER NUMERAL SIGN: before a Greek letter
    return i + 1 < u.length && fmtScript(u[i + 1] ?? 0) === fmtScriptGreek;
  }
  if (r === 0x05f3 || r === 0x05f4) {
    // HEBREW GERESH, GERSHAYIM: after Hebrew
    return i > 0 && fmtScript(u[i - 1] ?? 0) === fmtScriptHebrew;
  }
  if (r === 0x30fb) {
    // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han
    return u.some((c) => fmtScript(c) === fmtScriptKana);
  }
  if (r >= 0x0660 && r <= 0x0669) {
    // ARABIC-INDIC DIGITS: not with extended ones
    return !u.some((c) => c >= 0x06f0 && c <= 0x06f9);
  }
  if (r >= 0x06f0 && r <= 0x06f9) {
    // EXTENDED ARABIC-INDIC DIGITS: not with the others
    return !u.some((c) => c >= 0x0660 && c <= 0x0669);
  }
  return false;
}

/** The Bidi rule of RFC 5893 §2 for one label. */
function fmtBidiLabel(u: number[]): boolean {
  const bidi = (r: number): number =>
    (fmtIDNAProps(r) >> fmtIDNABidiShift) & 15;
  // The classes both directions allow, as a bit set.
  const common =
    (1 << fmtBidiEN) |
    (1 << fmtBidiES) |
    (1 << fmtBidiCS) |
    (1 << fmtBidiET) |
    (1 << fmtBidiON) |
    (1 << fmtBidiBN) |
    (1 << fmtBidiNSM);
  let allowed: number; // the classes allowed in the label
  let ends: number; // the classes the label may end with, before NSMs
  switch (bidi(u[0] ?? 0)) {
    case fmtBidiR:
    case fmtBidiAL: // rules 2 to 4
      allowed = common | (1 << fmtBidiR) | (1 << fmtBidiAL) | (1 << fmtBidiAN);
      ends =
        (1 << fmtBidiR) |
        (1 << fmtBidiAL) |
        (1 << fmtBidiEN) |
        (1 << fmtBidiAN);
      break;
    case fmtBidiL: // rules 5 and 6
      allowed = common | (1 << fmtBidiL);
      ends = (1 << fmtBidiL) | (1 << fmtBidiEN);
      break;
    default: // rule 1
      return false;
  }
  let seen = 0;
  for (const r of u) {
    seen |= 1 << bidi(r);
  }
  if (
    (seen & ~allowed) !== 0 ||
    ((seen & (1 << fmtBidiEN)) !== 0 && (seen & (1 << fmtBidiAN)) !== 0)
  ) {
    return false;
  }
  let last = u.length - 1;
  while (last > 0 && bidi(u[last] ?? 0) === fmtBidiNSM) {
    last--;
  }
  return (ends & (1 << bidi(u[last] ?? 0))) !== 0;
}

// ---- Punycode (RFC 3492) ---------------------------------------------------

const fmtPunyBase = 36;
const fmtPunyTMin = 1;
const fmtPunyTMax = 26;
const fmtPunySkew = 38;
const fmtPunyDamp = 700;
const fmtPunyBias = 72;
const fmtPunyN = 128;
const fmtPunyMaxUint = 0x7fffffff; // the bound on every intermediate value

/** The bias adaptation function of RFC 3492 §6.1. */
function fmtPunyAdapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / fmtPunyDamp) : Math.floor(delta / 2);
  delta += Math.floor(delta / points);
  let k = 0;
  while (delta > ((fmtPunyBase - fmtPunyTMin) * fmtPunyTMax) >> 1) {
    delta = Math.floor(delta / (fmtPunyBase - fmtPunyTMin));
    k += fmtPunyBase;
  }
  return (
    k +
    Math.floor(
      ((fmtPunyBase - fmtPunyTMin + 1) * delta) / (delta + fmtPunySkew),
    )
  );
}

/** t(k) of RFC 3492 §6.2 and §6.3. */
function fmtPunyThreshold(k: number, bias: number): number {
  if (k <= bias) {
    return fmtPunyTMin;
  }
  if (k >= bias + fmtPunyTMax) {
    return fmtPunyTMax;
  }
  return k - bias;
}

/** Decodes lower-case Punycode (RFC 3492 §6.2). */
function fmtPunyDecode(s: string): number[] | undefined {
  const out: number[] = [];
  let pos = 0;
  const b = s.lastIndexOf("-");
  if (b > 0) {
    for (let i = 0; i < b; i++) {
      out.push(s.charCodeAt(i));
    }
    pos = b + 1;
  }
  let n = fmtPunyN;
  let i = 0;
  let bias = fmtPunyBias;
  while (pos < s.length) {
    const oldi = i;
    let w = 1;
    for (let k = fmtPunyBase; ; k += fmtPunyBase) {
      if (pos >= s.length) {
        return undefined;
      }
      const c = s.charCodeAt(pos);
      pos++;
      let digit = fmtPunyBase;
      if (c >= 97 && c <= 122) {
        digit = c - 97;
      } else if (c >= 48 && c <= 57) {
        digit = c - 48 + 26;
      }
      if (
        digit >= fmtPunyBase ||
        digit > Math.floor((fmtPunyMaxUint - i) / w)
      ) {
        return undefined;
      }
      i += digit * w;
      const t = fmtPunyThreshold(k, bias);
      if (digit < t) {
        break;
      }
      if (w > Math.floor(fmtPunyMaxUint / (fmtPunyBase - t))) {
        return undefined;
      }
      w *= fmtPunyBase - t;
    }
    const points = out.length + 1;
    bias = fmtPunyAdapt(i - oldi, points, oldi === 0);
    if (Math.floor(i / points) > fmtPunyMaxUint - n) {
      return undefined;
    }
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff) {
      return undefined;
    }
    out.splice(i, 0, n);
    i++;
  }
  return out;
}

/** Encodes u as Punycode (RFC 3492 §6.3), digits in lower case. */
function fmtPunyEncode(u: number[]): string | undefined {
  let out = "";
  for (const r of u) {
    if (r < 0x80) {
      out += String.fromCharCode(r);
    }
  }
  const b = out.length;
  let h = b;
  if (b > 0) {
    out += "-";
  }
  let n = fmtPunyN;
  let delta = 0;
  let bias = fmtPunyBias;
  while (h < u.length) {
    let m = 0x110000;
    for (const r of u) {
      if (r >= n && r < m) {
        m = r;
      }
    }
    if (m - n > Math.floor((fmtPunyMaxUint - delta) / (h + 1))) {
      return undefined;
    }
    delta += (m - n) * (h + 1);
    n = m;
    for (const r of u) {
      if (r < n) {
        delta++;
        if (delta > fmtPunyMaxUint) {
          return undefined;
        }
      }
      if (r !== n) {
        continue;
      }
      let q = delta;
      for (let k = fmtPunyBase; ; k += fmtPunyBase) {
        const t = fmtPunyThreshold(k, bias);
        if (q < t) {
          break;
        }
        out += fmtPunyDigit(t + ((q - t) % (fmtPunyBase - t)));
        q = Math.floor((q - t) / (fmtPunyBase - t));
      }
      out += fmtPunyDigit(q);
      bias = fmtPunyAdapt(delta, h + 1, h === b);
      delta = 0;
      h++;
    }
    delta++;
    n++;
  }
  return out;
}

/** The lower-case Punycode digit for d (0–35). */
function fmtPunyDigit(d: number): string {
  return String.fromCharCode(d < 26 ? 97 + d : 48 + d - 26);
}

// ---- IP addresses ----------------------------------------------------------

/** RFC 2673 §3.2 dotted-quad: four numbers 0–255, no leading zeros. */
function formatIPv4(s: string): boolean {
  let parts = 0;
  for (let i = 0; ; ) {
    const start = i;
    let v = 0;
    while (i < s.length && fmtIsDigit(s.charCodeAt(i)) && i - start < 3) {
      v = v * 10 + s.charCodeAt(i) - 48;
      i++;
    }
    if (i === start || v > 255 || (s[start] === "0" && i - start > 1)) {
      return false;
    }
    parts++;
    if (parts === 4) {
      return i === s.length;
    }
    if (i >= s.length || s[i] !== ".") {
      return false;
    }
    i++;
  }
}

/** RFC 4291 §2.2 IPv6 address: eight groups, one "::", a dotted-quad tail. */
function formatIPv6(s: string): boolean {
  let groups = 0;
  let compressed = false;
  let i = 0;
  if (s.startsWith("::")) {
    compressed = true;
    i = 2;
    if (i === s.length) {
      return true;
    }
  }
  for (;;) {
    const start = i;
    while (i < s.length && fmtIsHex(s.charCodeAt(i)) && i - start < 5) {
      i++;
    }
    if (s[i] === ".") {
      // The rest is a dotted-quad standing for the last two groups.
      return (
        formatIPv4(s.slice(start)) &&
        ((groups + 2 === 8 && !compressed) || (compressed && groups + 2 < 8))
      );
    }
    if (i === start || i - start > 4) {
      return false;
    }
    groups++;
    if (i === s.length) {
      break;
    }
    if (s[i] !== ":") {
      return false;
    }
    i++;
    if (s[i] === ":") {
      if (compressed) {
        return false;
      }
      compressed = true;
      i++;
      if (i === s.length) {
        break;
      }
    } else if (i === s.length) {
      return false;
    }
  }
  return (groups === 8 && !compressed) || (compressed && groups < 8);
}

/** Reports whether c is the code of an ASCII hex digit. */
function fmtIsHex(c: number): boolean {
  return fmtIsDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

// ---- URIs and IRIs ---------------------------------------------------------

/** RFC 3986 §3 URI. */
function formatURI(s: string): boolean {
  return fmtURIRef(s, false, false);
}

/** RFC 3986 §4.1 URI-reference: a URI or a relative reference. */
function formatURIReference(s: string): boolean {
  return fmtURIRef(s, true, false);
}

/** RFC 3987 §2.2 IRI: a URI with ucschar, and iprivate in the query. */
function formatIRI(s: string): boolean {
  return fmtURIRef(s, false, true);
}

/** RFC 3987 §2.2 IRI-reference. */
function formatIRIReference(s: string): boolean {
  return fmtURIRef(s, true, true);
}

// The parts of a URI that a character may appear in, for fmtURIChars.
const fmtInUserinfo = 0; // unreserved, sub-delims, ":"
const fmtInHost = 1; // unreserved, sub-delims
const fmtInSegment = 2; // pchar: unreserved, sub-delims, ":", "@"
const fmtInSegmentNC = 3; // pchar but ":"
const fmtInQuery = 4; // pchar, "/", "?" (and iprivate in an IRI)
const fmtInFragment = 5; // pchar, "/", "?"
const fmtInPath = 6; // pchar, "/": segments and the "/" between them

/**
 * Of each ASCII character, 1 when it may appear in every part of a URI:
 * letters, digits, the other unreserved characters and the sub-delims.
 */
const fmtAnywhere = (() => {
  const table = new Uint8Array(128);
  const add = (from: string, to: string) => {
    for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
      table[c] = 1;
    }
  };
  add("a", "z");
  add("A", "Z");
  add("0", "9");
  for (const c of "-._~!$&'()*+,;=") {
    add(c, c);
  }
  return table;
})();

/** Checks a URI or IRI, or a reference when relative is true. */
function fmtURIRef(s: string, relative: boolean, iri: boolean): boolean {
  const i = fmtScheme(s);
  if (i < 0 && !relative) {
    return false;
  }
  let hier = i >= 0 ? s.slice(i + 1) : s;
  const hash = hier.indexOf("#");
  if (hash >= 0) {
    if (!fmtURIChars(hier.slice(hash + 1), fmtInFragment, iri)) {
      return false;
    }
    hier = hier.slice(0, hash);
  }
  const question = hier.indexOf("?");
  if (question >= 0) {
    if (!fmtURIChars(hier.slice(question + 1), fmtInQuery, iri)) {
      return false;
    }
    hier = hier.slice(0, question);
  }
  let path = hier;
  if (hier.startsWith("//")) {
    let end = hier.indexOf("/", 2);
    if (end < 0) {
      end = hier.length;
    }
    if (!fmtAuthority(hier.slice(2, end), iri)) {
      return false;
    }
    path = hier.slice(end);
  } else if (i < 0) {
    // A relative path's first segment has no ":" (path-noscheme).
    const slash = path.indexOf("/");
    const first = slash >= 0 ? path.slice(0, slash) : path;
    if (!fmtURIChars(first, fmtInSegmentNC, iri)) {
      return false;
    }
  }
  // Each segment: pchar, the same as the path with "/" (no "%" octet holds
  // one).
  return fmtURIChars(path, fmtInPath, iri);
}

/**
 * The index of the ":" ending s's scheme, or -1 when s has no scheme
 * (RFC 3986 §3.1: a letter, then letters, digits, "+", "-", ".").
 */
function fmtScheme(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      continue;
    }
    if (i > 0 && (fmtIsDigit(c) || c === 43 || c === 45 || c === 46)) {
      continue;
    }
    return i > 0 && c === 58 ? i : -1;
  }
  return -1;
}

/** Checks an RFC 3986 §3.2 authority (RFC 3987 iauthority). */
function fmtAuthority(a: string, iri: boolean): boolean {
  const at = a.indexOf("@");
  if (at >= 0) {
    if (!fmtURIChars(a.slice(0, at), fmtInUserinfo, iri)) {
      return false;
    }
    a = a.slice(at + 1);
  }
  let port = "";
  if (a.startsWith("[")) {
    const end = a.indexOf("]");
    if (end < 0) {
      return false;
    }
    port = a.slice(end + 1);
    if (port !== "" && port[0] !== ":") {
      return false;
    }
    const literal = a.slice(1, end);
    if (!formatIPv6(literal) && !fmtIPvFuture(literal)) {
      return false;
    }
  } else {
    const colon = a.indexOf(":");
    const host = colon >= 0 ? a.slice(0, colon) : a;
    port = colon >= 0 ? a.slice(colon) : "";
    if (!fmtURIChars(host, fmtInHost, iri)) {
      return false;
    }
  }
  for (let i = 1; i < port.length; i++) {
    if (!fmtIsDigit(port.charCodeAt(i))) {
      return false;
    }
  }
  return true;
}

/** RFC 3986 IPvFuture: "v", hex digits, ".", unreserved, sub-delims or ":". */
function fmtIPvFuture(s: string): boolean {
  if (s.length < 4 || (s[0] !== "v" && s[0] !== "V")) {
    return false;
  }
  let i = 1;
  while (i < s.length && fmtIsHex(s.charCodeAt(i))) {
    i++;
  }
  if (i === 1 || i + 1 >= s.length || s[i] !== ".") {
    return false;
  }
  return fmtURIChars(s.slice(i + 1), fmtInUserinfo, false);
}

/**
 * Reports whether every character of s may appear in the part of a URI (or
 * IRI) given by part, "%" starting a pct-encoded octet.
 */
function fmtURIChars(s: string, part: number, iri: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      if (!iri) {
        return false;
      }
      const r = fmtCodePointAt(s, i);
      if (!fmtUCSChar(r) && !(part === fmtInQuery && fmtIPrivate(r))) {
        return false;
      }
      if (r > 0xffff) {
        i++;
      }
      continue;
    }
    if (fmtAnywhere[c] === 1) {
      continue;
    }
    switch (c) {
      case 37: // %
        if (
          i + 2 >= s.length ||
          !fmtIsHex(s.charCodeAt(i + 1)) ||
          !fmtIsHex(s.charCodeAt(i + 2))
        ) {
          return false;
        }
        i += 2;
        break;
      case 58: // :
        if (part === fmtInHost || part === fmtInSegmentNC) {
          return false;
        }
        break;
      case 64: // @
        if (part === fmtInUserinfo || part === fmtInHost) {
          return false;
        }
        break;
      case 47: // /
        if (
          part !== fmtInQuery &&
          part !== fmtInFragment &&
          part !== fmtInPath
        ) {
          return false;
        }
        break;
      case 63: // ?
        if (part !== fmtInQuery && part !== fmtInFragment) {
          return false;
        }
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Reports whether r is an RFC 3987 ucschar. */
function fmtUCSChar(r: number): boolean {
  if (
    (r >= 0xa0 && r <= 0xd7ff) ||
    (r >= 0xf900 && r <= 0xfdcf) ||
    (r >= 0xfdf0 && r <= 0xffef)
  ) {
    return true;
  }
  if (r >= 0x10000 && r <= 0xefffd) {
    // Each plane but its last two code points; plane 14 from E1000.
    return (r & 0xfffe) !== 0xfffe && (r < 0xe0000 || r >= 0xe1000);
  }
  return false;
}

/** Reports whether r is an RFC 3987 iprivate character. */
function fmtIPrivate(r: number): boolean {
  return (
    (r >= 0xe000 && r <= 0xf8ff) ||
    (r >= 0xf0000 && r <= 0x10fffd && (r & 0xfffe) !== 0xfffe)
  );
}

/**
 * RFC 6570 §2 URI Template: literals (the apostrophe allowed, as erratum 6937
 * asks) and expressions of an optional operator and variable specifications.
 */
function formatURITemplate(s: string): boolean {
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      const r = fmtCodePointAt(s, i);
      if (!fmtUCSChar(r) && !fmtIPrivate(r)) {
        return false;
      }
      i += r > 0xffff ? 2 : 1;
    } else if (c === 37) {
      if (
        i + 2 >= s.length ||
        !fmtIsHex(s.charCodeAt(i + 1)) ||
        !fmtIsHex(s.charCodeAt(i + 2))
      ) {
        return false;
      }
      i += 3;
    } else if (c === 123) {
      const end = s.indexOf("}", i);
      if (end < 0 || !fmtTemplateExpression(s.slice(i + 1, end))) {
        return false;
      }
      i = end + 1;
    } else if (c <= 32 || c === 0x7f || '"<>\\^`|}'.includes(s[i] ?? "")) {
      return false;
    } else {
      i++;
    }
  }
  return true;
}

/** Checks the inside of an RFC 6570 expression. */
function fmtTemplateExpression(e: string): boolean {
  if (e !== "" && "+#./;?&=,!@|".includes(e[0] ?? "")) {
    e = e.slice(1);
  }
  for (const spec of e.split(",")) {
    let name = spec;
    const colon = spec.indexOf(":");
    if (spec.endsWith("*")) {
      name = spec.slice(0, -1);
    } else if (colon >= 0) {
      name = spec.slice(0, colon);
      const length = spec.slice(colon + 1);
      if (!/^[1-9][0-9]{0,3}$/.test(length)) {
        return false;
      }
    }
    if (!fmtVarName.test(name)) {
      return false;
    }
  }
  return true;
}

// ---- identifiers and pointers ----------------------------------------------

/** A variable name of a URI template (RFC 6570 §2.3). */
const fmtVarName =
  /^([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(\.([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/u;

/** RFC 9562 §4 UUID: 8-4-4-4-12 hex digits in either case. */
const fmtUUID =
  /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/u;

function formatUUID(s: string): boolean {
  return fmtUUID.test(s);
}

/** RFC 6901 §3 JSON Pointer: "~" always followed by "0" or "1". */
function formatJSONPointer(s: string): boolean {
  return s === "" || /^\/([^~]|~[01])*$/su.test(s);
}

/**
 * Relative JSON Pointer (draft-handrews-relative-json-pointer-01 §3): a
 * non-negative integer, then "#" or a JSON Pointer.
 */
function formatRelativeJSONPointer(s: string): boolean {
  const m = /^(0|[1-9][0-9]*)(.*)$/s.exec(s);
  if (m === null) {
    return false;
  }
  const rest = m[2] ?? "";
  return rest === "#" || formatJSONPointer(rest);
}

// ---- IDNA2008 properties ---------------------------------------------------

// The properties of a code point for IDNA2008, as fmtIDNAProps returns them
// (see format.go for what each means). DISALLOWED code points read as 0.
const fmtIDNAPropMask = 3;
const fmtIDNADisallowed = 0; // DISALLOWED or UNASSIGNED
const fmtIDNAContextJ = 2;
const fmtIDNAContextO = 3;
const fmtIDNAMark = 1 << 2;
const fmtIDNAVirama = 1 << 3;
const fmtIDNABidiShift = 4;
const fmtIDNAJoinShift = 8;
const fmtIDNAScriptShift = 11;
const fmtIDNAAlternate = 1 << 13;

// Bidi classes (RFC 5893 §2); a class the Bidi rule does not allow reads as 0.
const fmtBidiL = 1;
const fmtBidiR = 2;
const fmtBidiAL = 3;
const fmtBidiEN = 4;
const fmtBidiES = 5;
const fmtBidiCS = 6;
const fmtBidiET = 7;
const fmtBidiON = 8;
const fmtBidiBN = 9;
const fmtBidiNSM = 10;
const fmtBidiAN = 11;

// Joining types (Unicode ArabicShaping.txt).
const fmtJoinU = 0;
const fmtJoinL = 1;
const fmtJoinR = 2;
const fmtJoinD = 3;
const fmtJoinT = 4;

// Script classes of the contextual rules.
const fmtScriptGreek = 1;
const fmtScriptHebrew = 2;
const fmtScriptKana = 3; // Hiragana, Katakana or Han

/**
 * The IDNA2008 properties of code point r, from fmtIDNARanges and
 * fmtIDNAAttrs (their encoding is described at fmtIDNAProps in format.go).
 */
function fmtIDNAProps(r: number): number {
  const d = (s: string, i: number): number => s.charCodeAt(i) - 35;
  const start = (i: number): number => {
    const j = i * 5;
    const s = fmtIDNARanges;
    return ((d(s, j) * 57 + d(s, j + 1)) * 57 + d(s, j + 2)) * 57 + d(s, j + 3);
  };
  let lo = 0;
  let hi = fmtIDNARanges.length / 5;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (start(mid) <= r) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo === 0) {
    return 0;
  }
  const a = d(fmtIDNARanges, lo * 5 - 1) * 3;
  const attrs =
    (d(fmtIDNAAttrs, a) * 57 + d(fmtIDNAAttrs, a + 1)) * 57 +
    d(fmtIDNAAttrs, a + 2);
  if ((attrs & fmtIDNAAlternate) !== 0 && ((r - start(lo - 1)) & 1) === 1) {
    return 0;
  }
  return attrs & ~fmtIDNAAlternate;
}

// BEGIN IDNA TABLES
// fmtIDNARanges (2063 ranges) and fmtIDNAAttrs (40 property sets) are
// generated from Unicode 15.0.0 by
// "go test ./internal/runtime/formatrt -run TestIDNATables -update";
// do not edit them.
const fmtIDNARanges =
  "########P$###Q####S%##$$###$K&##%,###&/'##&0###&W&##'6###'7&##'?###'@(" +
  "##(9###(;&##(<###(=&##(?###(@(##(F###(H(##(P###(Q(##)F###)G(##)O###)P&" +
  "##)Q###)R&##)S###)U&##)V###)Y&##)[###*&&##*'###*)&##**###*-&##*0###*2&" +
  "##*3###*5(##*;###*<&##*=###*>&##*@###*A&##*B###*D&##*E###*H&##*I###*J&" +
  "##*K###*M&##*P###*Q&##*X###+)(##+8(##+K&##+L###+P&##+Q###+T(##,V&##-##" +
  "##-%&##-&###-(&##-*###-+&##-,###-0(##-9&##/'###/0)##/2&##/9###/=)##/G&" +
  "##/I###0*)##0+###0,&##0-###0>*##1E###1G*##1H###1K*##1T###1U*##2<###2=+" +
  "##2>###2?+##2@###2A,##2B###2C+##2D###2G+##2J###3#+##3$###3?+##4)###41-" +
  "##4=(##4K###4M+##4N###4R+##4S###4U+##4W###5Q&##6H###6I(##72*##77###7:(" +
  "##87###88(##8E(##:5###;$&##;%###;+&##;R###;S&##;T###<#.##<P###<Q.##<R#" +
  "##<S.##<U###<V.##<X###<Y.##<Z###=)/##=D###=H/##=L0##=N###>0*##>;###>@1" +
  "##>A2##>B3##>F1##>G3##>H1##>I3##>J1##>O3##>S1##?'###?(1##?/3##?01##?2*" +
  "##?G4##?Q###?U1##?W*##?X3##?[2##@####@'1##@63##@H1##A53##A61##A83##AA1" +
  "##AB3##AC1##AD3##AE1##AG3##AI###AJ3##AK*##AR###AT*##AZ2##B#*##B%###B&*" +
  "##B*3##B,5##B61##B92##B;1##B<###BL3##BM*##BN1##BQ3##BV1##BZ3##B[1##C+3" +
  "##C,1##C-3##C.1##C/3##C01##C23##C3*##CN###CP3##CQ1##D#3##D&1##D53##D71" +
  "##D;3##D<1##D=3##D?1##DB3##DD1##DJ2##E7*##EB2##EC###EQ6##E[7##FC*##FL6" +
  "##FN###FU*##FV###FX6##G5*##G96##G:*##GC6##GD*##GG6##GH*##GM###H&8##H'7" +
  "##H,8##H.7##H/8##H07##H:8##H;7##H<8##H?*##HB###HF1##HG2##HH1##HL2##HM3" +
  "##HN1##HO3##HQ###HV3##I09##I31##I42##I5###I61##I;3##I<###IE*##IM1##IW3" +
  "##IZ2##I[3##J#1##J%3##J'1##J-3##J.1##J=2##J>*##JV###JW*##K>:##K?&##L<*" +
  "##L=:##L>*##L?&##L@:##LC*##LK:##LO;##LP:##LR&##LS*##LZ###M)&##M+*##M-#" +
  "##M/&##M9###M:&##MJ*##MK:##MM###MN&##MV###MX&##MZ###N#&##N9###N:&##NA#" +
  "##NB&##NC###NF&##NJ###NL*##NM&##NN:##NQ*##NU###NW:##NY###N[:##O$;##O%&" +
  "##O&###O.:##O/###O7&##O9*##O;###O=&##OI###OS&##OT###OU*##OV###OX*##OZ:" +
  "##O[###P#&##P)###P-&##P/###P1&##PG###PH&##PO###PP&##PQ###PS&##PT###PV&" +
  "##PX###PZ*##P[###Q#:##Q&*##Q(###Q,*##Q.###Q0*##Q2;##Q3###Q6*##Q7###QA&" +
  "##QB###QK&##QU*##QW&##QZ*##Q[###R-*##R/:##R0###R1&##R:###R;&##R>###R?&" +
  "##RU###RV&##S$###S%&##S'###S(&##S-###S/*##S0&##S1:##S4*##S9###S:*##S<:" +
  "##S=###S>:##S@;##SA###SC&##SD###SS&##SU*##SW###SY&##T*###T3&##T4*##T:#" +
  "##T;*##T<:##T>###T?&##TG###TI&##TK###TM&##U*###U+&##U2###U3&##U5###U6&" +
  "##U;###U=*##U>&##U?:##U@*##UA:##UB*##UF###UH:##UJ###UL:##UN;##UO###UV*" +
  "##UX:##UY###V'&##V**##V,###V.&##V8###V9&##V:###VJ*##VK&##VL###VM&##VS#" +
  "##VV&##VY###VZ&##W%###W(&##W*###W+&##W,###W-&##W/###W2&##W4###W7&##W:#" +
  "##W=&##WI###WM:##WO*##WP:##WR###WU:##WX###WY:##X#;##X$###X&&##X'###X-:" +
  "##X.###X<&##XF###XV*##XW:##XZ*##X[&##Y*###Y+&##Y.###Y/&##YF###YG&##YW#" +
  "##YY*##YZ&##Y[*##Z%:##Z)###Z**##Z-###Z.*##Z1;##Z2###Z9*##Z;###Z<&##Z?#" +
  "##ZA&##ZB###ZD&##ZF*##ZH###ZJ&##ZT###[+&##[,*##[-:##[/###[0&##[8###[9&" +
  "##[<###[=&##[T###[U&#$#&##$#'&#$#,##$#.*#$#/&#$#0:#$#1<#$#2:#$#7##$#8<" +
  "#$#9:#$#;##$#<:#$#>*#$#?;#$#@##$#G:#$#I##$#O&#$#Q##$#R&#$#T*#$#V##$#X&" +
  "#$$)##$$*&#$$,:#$$-##$$9*#$$;:#$$=&#$$F##$$G&#$$J##$$K&#$%;;#$%=&#$%>:" +
  "#$%A*#$%E##$%F:#$%I##$%J:#$%M;#$%N&#$%O##$%T&#$%W:#$%X##$&&&#$&)*#$&+#" +
  "#$&-&#$&7##$&A&#$&G##$&H*#$&I:#$&K##$&L&#$'%##$'(&#$'@##$'A&#$'J##$'K&" +
  "#$'L##$'N&#$'U##$'X;#$'Y##$($:#$('*#$(*##$(+*#$(,##$(-:#$(5##$(;&#$(E#" +
  "#$(G:#$(I##$(V&#$)M*#$)N&#$)O##$)P*#$)V;#$)W##$*#&#$***#$*2##$*3&#$*=#" +
  "#$++&#$+-##$+.&#$+/##$+0&#$+5##$+6&#$+N##$+O&#$+P##$+Q&#$+[*#$,#&#$,$#" +
  "#$,%*#$,+;#$,,*#$,.&#$,/##$,1&#$,6##$,7&#$,8##$,9*#$,@##$,A&#$,K##$,O&" +
  "#$,Q##$-8&#$-9##$-C&#$-D##$-P*#$-R##$-X&#$.)##$.4=#$.:##$.=:#$.?&#$.B#" +
  "#$.C&#$.G##$.H&#$.L##$.M&#$.Q##$.R&#$.V##$.W&#$.[##$/#&#$//##$/0&#$/3#" +
  "#$/7*#$/9##$/:*#$/;##$/@*#$/E:#$/F*#$/G##$/H*#$/J;#$/K##$/L*#$/N&#$/S*" +
  "#$/Y##$/Z*#$0%##$0&*#$0*##$0+*#$0/##$00*#$04##$05*#$09##$0:*#$0F##$0G*" +
  "#$0J##$0S*#$0T##$1T&#$2F:#$2H*#$2L:#$2M*#$2S:#$2T;#$2V:#$2X*#$2Z&#$3,#" +
  "#$32&#$38:#$3:*#$3<&#$3@*#$3C&#$3D:#$3G&#$3I:#$3P&#$3S*#$3W&#$4+*#$4,:" +
  "#$4.*#$40:#$46*#$47&#$48:#$49&#$4C:#$4F*#$4G##$5@&#$62##$64&#$67##$:S&" +
  "#$<*##$<+&#$</##$<1&#$<8##$<9&#$<:##$<;&#$<?##$<A&#$=1##$=2&#$=6##$=8&" +
  "#$=Y##$=Z&#$>%##$>'&#$>.##$>/&#$>0##$>1&#$>5##$>7&#$>F##$>G&#$?G##$?H&" +
  "#$?L##$?N&#$@X##$@Z*#$A$##$AD&#$AT##$B+&#$CH##$CS&#$NL##$NN&#$O&##$O'&" +
  "#$OA##$OF&#$PX##$Q%&#$Q-##$Q4&#$QF*#$QH;#$QI>#$QJ##$QS&#$R-*#$R/>#$R0#" +
  "#$R;&#$RM*#$RO##$R[&#$S/##$S0&#$S3##$S4*#$S6##$SB&#$T=##$T?:#$T@*#$TG:" +
  "#$TO*#$TP:#$TR*#$T[;#$U#*#$U$##$U'&#$U(##$U,&#$U-*#$U.##$U0&#$U:##$V'&" +
  "#$V1##$V7?#$WW##$X%&#$X**#$X,?#$XN*#$XO?#$XP##$XU&#$Z)##$Z3&#$ZR##$ZS*" +
  "#$ZV:#$ZZ*#$[#:#$[&##$[*:#$[,*#$[-:#$[3*#$[6##$[@&#%#/##%#1&#%#6##%#A&" +
  "#%$4##%$8&#%$R##%$X&#%%)##%%O&#%&-*#%&/:#%&1*#%&2##%&6&#%'2:#%'3*#%'4:" +
  "#%'5*#%'<##%'=;#%'>:#%'?*#%'@:#%'B*#%'J:#%'P*#%'Z##%(#*#%($&#%(.##%(4&" +
  "#%(>##%(K&#%(L##%(T*#%))##%)**#%):##%*2*#%*6:#%*7&#%+-*#%+.:#%+/*#%+4:" +
  "#%+5*#%+6:#%+;*#%+<:#%+=>#%+>&#%+F##%+I&#%+S##%,+*#%,4##%,@*#%,B:#%,C&" +
  "#%-(:#%-)*#%--:#%-/*#%-1>#%-2;#%-3*#%-5&#%.4*#%.5:#%.6*#%.8:#%.;*#%.<:" +
  "#%.=*#%.@>#%.B##%.N&#%/9:#%/A*#%/I:#%/K*#%/M##%/U&#%0&##%0)&#%0Z##%2:*" +
  "#%2=##%2>*#%2K:#%2L*#%2S&#%2W*#%2X&#%3%*#%3&&#%3(:#%3)*#%3+&#%3,##%31&" +
  "#%3W+#%4#&#%4$##%4'&#%4(##%43&#%44##%4F&#%4G##%5*&#%57##%58&#%5Z##%6F*" +
  "#%7M##%7N(#%:8&#%:<##%:>&#%:@##%:A(#%<0+#%<8##%<@+#%<F##%<P+#%<X##%='+" +
  "#%=/##%=7+#%==##%=G+#%=O##%=W+#%>&##%>.-#%><##%?5+#%?7##%?;+#%?<##%?K+" +
  "#%?L##%?U+#%?X##%?[+#%@$##%@,+#%@/##%@0+#%@4##%@B+#%@C##%@X@#%@YA#%@Z#" +
  "#%FD&#%FE##%GA&#%GB##&>=&#&?4##&?5&#&?6##&?9&#&?;##&?<(#&?B##&?E&#&?F#" +
  "#&?G&#&?I##&?J&#&?P##&?U(#&AF&#&AG##&AN&#&AO##&AP&#&AQ*#&AT##&AU&#&AV#" +
  "#&B)&#&BO##&BP&#&BQ##&BV&#&BW##&BY&#&CX##&D6;#&D7&#&DN##&DW&#&E%##&E&&" +
  "#&E-##&E.&#&E5##&E6&#&E=##&E>&#&EE##&EF&#&EM##&EN&#&EU##&EV&#&F$##&F%*" +
  "#&FE##&G;)#&G<##&OIB#&OJ&#&OKB#&OL##&P5*#&P9##&PG&#&PH##&PLB#&R0##&R2*" +
  "#&R4##&R6B#&R8##&R:B#&S['#&T#&#&T$B#&T&##&T,&#&TW##&VU&#&W<##&X3B#&XC#" +
  "#'(BB#)*.##)+5B#/EE&#/Z%##/[/&#0#$##0#&&#0'O##0'R&#0(5##0(J(#0)>&#0)?*" +
  "#0)@##0)D*#0)N##0)O)#0)P##0)Q(#0*4##0*5*#0*7&#0+D##0+N*#0+P##0,<)#0,E#" +
  "#0,H(#0,U&#0,W##0,X(#0.%&#0.,##0.-&#0..##0./&#0.0##0.2(#0.;)#0.<##0.?&" +
  "#0.@##0.A&#0.C##0.D&#0.E##0.F&#0.I##0.J(#0/%##0/)&#0/*##0//(#0/?##0/B&" +
  "#0/C##0/D&#0/E##0/K(#0/U##007&#009##00;&#00C*#00D&#00G;#00H&#00L*#00M&" +
  "#01+:#01-*#01/:#010##014;#015##01H?#02AC#02B&#02C##02O:#02Q&#03J:#03Z;" +
  "#03[*#04###04-&#047##04=*#04O&#04U##04X&#04Y##04Z&#05#*#05$&#05J*#05R#" +
  "#05T&#062*#06=:#06>>#06?##072*#075:#076&#08,*#08-:#08/*#083:#085*#087:" +
  "#089>#08:##08H&#08S##08Y&#09%*#09&&#09?##09@&#0:0*#0:6:#0:8*#0:::#0:<*" +
  "#0:>##0:G&#0:J*#0:K&#0:S*#0:T:#0:U##0:W&#0;(##0;.&#0;E##0;H&#0;I:#0;J*" +
  "#0;K:#0;L&#0<E*#0<F&#0<G*#0<J&#0<L*#0<N&#0<S*#0<U&#0<V*#0<W&#0<X##0=7&" +
  "#0=:##0=<&#0=G:#0=H*#0=J:#0=L##0=N&#0=Q:#0=R;#0=S##0>$&#0>*##0>,&#0>2#" +
  "#0>4&#0>:##0>C&#0>J##0>K&#0>R##0>S&#0?E##0?J&#0?O+#0?P&#0?S##0A8&#0A[:" +
  "#0B$*#0B%:#0B'*#0B(:#0B*##0B+:#0B,;#0B-##0B/&#0B9##0B?&#3[?##6K&B#6K(#" +
  "#6K)B#6K*##6K+B#6K-##6K7D#6K<B#6K=##6K?B#6KB##6OR.#6OS##7$6*#7$F##7%P2" +
  "#7%Q##7,N&#7,Z##7,[&#7-<##7-=&#7-P##7-Q&#7-S##7-T&#7.*##7.,&#7.:##7/#&" +
  "#71,##75J*#75K##77[&#78?##78B&#79:##79I*#79J##7:0&#7:P##7;$&#7;8##7;9&" +
  "#7;A##7;G&#7<4*#7<9##7<>&#7=###7=%&#7=I##7=M&#7=U##7?;&#7A?##7AA&#7AK#" +
  "#7B@&#7C+##7C/&#7CW##7D&&#7DZ##7ET&#7F&##7F'&#7F6##7F7&#7F>##7F?&#7FA#" +
  "#7GK&#7M,##7M5&#7MK##7MU&#7N$##7N<&#7N=##7PJ6#7PP##7PR6#7PS##7PT6#7QG#" +
  "#7QH6#7QJ##7QM6#7QN##7QP6#7R.##7R86#7RO##7RX6#7S>##7TF6#7TY##7TZ6#7U##" +
  "#7U-6#7UC##7UM6#7V.##7W;6#7X:##7X@6#7XB##7YI6#7YJ*#7YM##7YN*#7YP##7YU*" +
  "#7YY6#7Z$##7Z%6#7Z(##7Z)6#7ZF##7ZH*#7ZK##7ZO;#7ZP##7[76#7[T##7[W6#8#;#" +
  "#8$%7#8$*8#8$+6#8$,8#8$-##8$.8#8$06#8$2E#8$38#8$87#8$<E#8$=7#8$B8#8$C7" +
  "#8$F8#8$G6#8$I8#8$J*#8$L##8%,6#8&)##8&36#8&I##8&S6#8'-##8':7#8';8#8'<7" +
  "#8'=8#8'@7#8'C8#8'D7#8'F8#8'G7#8'H8#8'J7#8'K8#8'L##8)H6#8*X##8-$6#8-W#" +
  "#8.+F#8.,1#8.M3#8.N1#8.O*#8.S##8.[G#8/,##84U6#85F##85G*#85I##85L6#85N#" +
  "#87'*#87*6#87G##87Q6#87R##87Z1#88$3#88%1#8862#887*#88B##89(7#89,8#89.7" +
  "#89:*#89>##8:/7#8:06#8:17#8:38#8:66#8:77#8:88#8::7#8:<8#8:=7#8:?6#8:@7" +
  "#8:A8#8:C7#8:D##8;&6#8;=##8;F:#8;G*#8;H:#8;I&#8<E*#8<S;#8<T##8=:&#8=D;" +
  "#8=E&#8=G*#8=I&#8=J##8=S;#8=T*#8=V:#8=W&#8>K:#8>N*#8>R:#8>T;#8>U*#8>V#" +
  "#8?$*#8?%##8?2&#8?K##8?R&#8@###8@)*#8@,&#8@P*#8@U:#8@V*#8A#;#8A%##8A&&" +
  "#8A0##8A4&#8A5:#8A7&#8A8##8A@&#8B**#8B+##8B-&#8B.##8B7*#8B9:#8B:&#8C1:" +
  "#8C4*#8C=:#8C>>#8C?&#8CC##8CG*#8CK##8CL:#8CM*#8CN&#8CY##8CZ&#8C[##8DE&" +
  "#8DW##8DX&#8E8:#8E;*#8E>:#8E@*#8EA>#8EB*#8ED##8EJ*#8EK&#8EM*#8EN##8FS&" +
  "#8FZ##8F[&#8G###8G$&#8G(##8G)&#8G8##8G9&#8GC##8GJ&#8H@*#8HA:#8HD*#8HK;" +
  "#8HL##8HQ&#8H[##8I(*#8I*:#8I,##8I-&#8I5##8I7&#8I9##8I;&#8IQ##8IR&#8IY#" +
  "#8IZ&#8J###8J$&#8J)##8J**#8J,&#8J-:#8J/*#8J0:#8J4##8J6:#8J8##8J::#8J<>" +
  "#8J=##8J?&#8J@##8JF:#8JG##8JL&#8JQ:#8JS##8JU*#8K###8K&*#8K+##8MD&#8N@:" +
  "#8NC*#8NK:#8NM;#8NN*#8NP:#8NQ*#8NR&#8NV##8N[&#8O,##8O0*#8O1&#8O4##8OR&" +
  "#8PI:#8PL*#8PR:#8PS*#8PT:#8PX*#8PZ:#8P[;#8Q#*#8Q$&#8Q&##8Q'&#8Q(##8Q0&" +
  "#8Q:##8T5&#8U+:#8U.*#8U2##8U4:#8U8*#8U::#8U;;#8U<*#8U=##8UT&#8UX*#8UZ#" +
  "#8VC&#8W::#8W=*#8WE:#8WG*#8WH:#8WI;#8WJ*#8WK##8WN&#8WO##8WZ&#8X+##8XQ&" +
  "#8YC*#8YD:#8YE*#8YF:#8YH*#8YN>#8YO*#8YP&#8YQ##8YX&#8Z)##8[&&#8[A##8[C*" +
  "#8[F:#8[H*#8[L:#8[M*#8[Q;#8[R##8[V&#9#'##9#-&#9#4##9&B&#9'5:#9'8*#9'A:" +
  "#9'B;#9'C*#9'D##9)W&#9*H##9+$&#9+,##9+.&#9+/##9+1&#9+9##9+:&#9+<##9+=&" +
  "#9+U:#9+[##9,#:#9,%##9,'*#9,)>#9,*;#9,+&#9,,:#9,-&#9,.:#9,/*#9,0##9,<&" +
  "#9,F##9-S&#9-[##9.$&#9.K:#9.N*#9.R##9.T*#9.V:#9.Z;#9.[&#9/###9/$&#9/%:" +
  "#9/&##9/A&#9/B*#9/H<#9/J*#9/L&#90;*#90<;#90=*#90A:#90B&#90C*#90G##90O;" +
  "#90P##90X&#90Y*#91&:#91(*#91+&#91Y*#92-:#92.*#92/;#920##923&#924##92F&" +
  "#93V##98@&#98I##98J&#996:#997*#99>##99?*#99E:#99FH#99G&#99H##99W&#9:(#" +
  "#9:@&#9;%##9;'*#9;=##9;>:#9;?*#9;F:#9;G*#9;I:#9;J*#9;L##9=#&#9=*##9=+&" +
  "#9=-##9=.&#9=T*#9=Z##9>$*#9>%##9>&*#9>(##9>)*#9>.;#9>0&#9>1*#9>2##9>:&" +
  "#9>D##9>J&#9>P##9>Q&#9>S##9>T&#9?;:#9?@##9?A*#9?C##9?D:#9?F*#9?G:#9?H;" +
  "#9?I&#9?J##9?Q&#9?[##9E;&#9EN*#9EP:#9ER##9E[*#9F$&#9F%:#9F&&#9F3##9F4&" +
  "#9FV:#9FX*#9G$##9G':#9G)*#9G*>#9G+;#9G,##9G9&#9GC##9I'&#9I(##9J>&#9ZH#" +
  "#:%J&#:)*##:W8&#:Y'##:Y6&#;3+##;3;*#;3<&#;3B*#;3Q##<A,&#<K9##?7S&#?AR#" +
  "#?AY&#?B?##?B@&#?BJ##?BP&#?D-##?D.&#?D8##?D>&#?E###?E%*#?E*##?E5&#?F,*" +
  "#?F3##?F<&#?F@##?FL&#?FV##?G&&#?G;##?G@&#?GS##?T>&#?U%##?W3&#?XE##?XI*" +
  "#?XJ&#?XK:#?YI##?YP*#?YT&#?Z(##?[/&#?[1##?[2B#?[3*#?[4##?[?I#?[A##?[O&" +
  "#AU;##AUC&#B23##B3$&#B3-##E$XB#E%###E%$B#E%+##E%,B#E%.##E%/B#E*5##E*DB" +
  "#E*E##E+)B#E+,##E+.B#E+/##E+=B#E+A##E+I&#E2F##E[)&#F#[##F$'&#F$4##F$7&" +
  "#F$@##F$G&#F$Q##F$T*#F$V##G><*#G?1##G?3*#G?J##H6S*#H7Q##H7U*#H8N##H8V*" +
  "#H8W##H9,*#H9-##H9C*#H9H##H9I*#H9X##HM4&#HMS##HMY&#HN&##HQP*#HQW##HQX*" +
  "#HR0##HR2*#HR9##HR:*#HR<##HR=*#HRB##HT4*#HT5##HV3&#HW'##HW**#HW1&#HW8#" +
  "#HW:&#HWD##HWH&#HWI##I$4&#I$R*#I$S##I%+&#I%W*#I%[&#I&,##I.:&#I.V*#I.Z&" +
  "#I/+##I<,&#I<3##I<4&#I<8##I<9&#I<;##I<<&#I<K##I<L6#I@-##I@8*#I@?##IAQ7" +
  "#IB:*#IBAJ#IBB##IBF6#IBP##K6@B#X>[##X?BB#YO;##YOAB#YS;##YS=B#[FB##[FPB" +
  "$$WV#$&@2B$($W#$(%#B$)5B#";

const fmtIDNAAttrs =
  "####$;#$+##4#%4%A$#%2#7T#G0#I0&+Y$FL$2<$2>#16##T#,S#&+#$-##D#1&#,C#:5#" +
  "#8#8##56%UD##@#0O#%C#<$$V(#'P':Q#('#(7#&)#5>$V,#5B";
// END IDNA TABLES
