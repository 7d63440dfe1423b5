// formatRegex checks JSON Schema's "regex" format: whether a string is a
// valid ECMA-262 (ES2022) regular expression with the u flag.
//
// The grammar is that of the u flag because it is the strict one: without
// it, Annex B (a web-compatibility appendix) makes almost any string valid,
// "\a" included, which the JSON Schema Test Suite expects to be rejected.
//
// The pattern is parsed here rather than handed to new RegExp so that the
// verdict is exactly that of the Go runtime's formatRegex (package regexrt)
// whatever the engine: a newer engine accepts syntax later than ES2022
// (duplicate group names, (?i:...) modifiers) and the scripts of newer
// Unicode versions. The names \p{...} accepts are those the Go tables know
// (Unicode 15.0 scripts). One difference is left: a group name is checked
// against the engine's ID_Start and ID_Continue, so a name using a character
// that Unicode gave those properties after 15.0 is valid here and not in Go.
// Groups and classes may nest at most 500 deep, as in Go.

/** The names \p{...} accepts, by property. */
const formatRegexNames = {
  /** General_Category values and aliases (alone, or after gc=). */
  category: formatRegexWords(`
  C Cased_Letter Cc Cf Close_Punctuation Cn Co Combining_Mark
  Connector_Punctuation Control Cs Currency_Symbol Dash_Punctuation
  Decimal_Number Enclosing_Mark Final_Punctuation Format Initial_Punctuation L
  LC Letter Letter_Number Line_Separator Ll Lm Lo Lowercase_Letter Lt Lu M
  Mark Math_Symbol Mc Me Mn Modifier_Letter Modifier_Symbol N Nd Nl No
  Nonspacing_Mark Number Open_Punctuation Other Other_Letter Other_Number
  Other_Punctuation Other_Symbol P Paragraph_Separator Pc Pd Pe Pf Pi Po
  Private_Use Ps Punctuation S Sc Separator Sk Sm So Space_Separator
  Spacing_Mark Surrogate Symbol Titlecase_Letter Unassigned Uppercase_Letter Z
  Zl Zp Zs cntrl digit punct
`),
  /** Script values and aliases (after sc= or scx=). */
  script: formatRegexWords(`
  Adlam Adlm Aghb Ahom Anatolian_Hieroglyphs Arab Arabic Armenian Armi Armn
  Avestan Avst Bali Balinese Bamu Bamum Bass Bassa_Vah Batak Batk Beng Bengali
  Bhaiksuki Bhks Bopo Bopomofo Brah Brahmi Brai Braille Bugi Buginese Buhd
  Buhid Cakm Canadian_Aboriginal Cans Cari Carian Caucasian_Albanian Chakma
  Cham Cher Cherokee Chorasmian Chrs Common Copt Coptic Cpmn Cprt Cuneiform
  Cypriot Cypro_Minoan Cyrillic Cyrl Deseret Deva Devanagari Diak Dives_Akuru
  Dogr Dogra Dsrt Dupl Duployan Egyp Egyptian_Hieroglyphs Elba Elbasan Elym
  Elymaic Ethi Ethiopic Geor Georgian Glag Glagolitic Gong Gonm Goth Gothic
  Gran Grantha Greek Grek Gujarati Gujr Gunjala_Gondi Gurmukhi Guru Han Hang
  Hangul Hani Hanifi_Rohingya Hano Hanunoo Hatr Hatran Hebr Hebrew Hira
  Hiragana Hluw Hmng Hmnp Hung Imperial_Aramaic Inherited
  Inscriptional_Pahlavi Inscriptional_Parthian Ital Java Javanese Kaithi Kali
  Kana Kannada Katakana Kawi Kayah_Li Khar Kharoshthi Khitan_Small_Script
  Khmer Khmr Khoj Khojki Khudawadi Kits Knda Kthi Lana Lao Laoo Latin Latn
  Lepc Lepcha Limb Limbu Lina Linb Linear_A Linear_B Lisu Lyci Lycian Lydi
  Lydian Mahajani Mahj Maka Makasar Malayalam Mand Mandaic Mani Manichaean
  Marc Marchen Masaram_Gondi Medefaidrin Medf Meetei_Mayek Mend Mende_Kikakui
  Merc Mero Meroitic_Cursive Meroitic_Hieroglyphs Miao Mlym Modi Mong
  Mongolian Mro Mroo Mtei Mult Multani Myanmar Mymr Nabataean Nag_Mundari Nagm
  Nand Nandinagari Narb Nbat New_Tai_Lue Newa Nko Nkoo Nshu Nushu
  Nyiakeng_Puachue_Hmong Ogam Ogham Ol_Chiki Olck Old_Hungarian Old_Italic
  Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian
  Old_Turkic Old_Uyghur Oriya Orkh Orya Osage Osge Osma Osmanya Ougr
  Pahawh_Hmong Palm Palmyrene Pau_Cin_Hau Pauc Perm Phag Phags_Pa Phli Phlp
  Phnx Phoenician Plrd Prti Psalter_Pahlavi Qaac Qaai Rejang Rjng Rohg Runic
  Runr Samaritan Samr Sarb Saur Saurashtra Sgnw Sharada Shavian Shaw Shrd Sidd
  Siddham SignWriting Sind Sinh Sinhala Sogd Sogdian Sogo Sora Sora_Sompeng
  Soyo Soyombo Sund Sundanese Sylo Syloti_Nagri Syrc Syriac Tagalog Tagb
  Tagbanwa Tai_Le Tai_Tham Tai_Viet Takr Takri Tale Talu Tamil Taml Tang
  Tangsa Tangut Tavt Telu Telugu Tfng Tglg Thaa Thaana Thai Tibetan Tibt
  Tifinagh Tirh Tirhuta Tnsa Toto Ugar Ugaritic Unknown Vai Vaii Vith Vithkuqi
  Wancho Wara Warang_Citi Wcho Xpeo Xsux Yezi Yezidi Yi Yiii Zanabazar_Square
  Zanb Zinh Zyyy Zzzz
`),
  /** Binary properties and aliases (alone). */
  binary: formatRegexWords(`
  AHex ASCII ASCII_Hex_Digit Alpha Alphabetic Any Assigned Bidi_C Bidi_Control
  Bidi_M Bidi_Mirrored CI CWCF CWCM CWKCF CWL CWT CWU Case_Ignorable Cased
  Changes_When_Casefolded Changes_When_Casemapped Changes_When_Lowercased
  Changes_When_NFKC_Casefolded Changes_When_Titlecased Changes_When_Uppercased
  DI Dash Default_Ignorable_Code_Point Dep Deprecated Dia Diacritic EBase
  EComp EMod EPres Emoji Emoji_Component Emoji_Modifier Emoji_Modifier_Base
  Emoji_Presentation Ext ExtPict Extended_Pictographic Extender Gr_Base Gr_Ext
  Grapheme_Base Grapheme_Extend Hex Hex_Digit IDC IDS IDSB IDST
  IDS_Binary_Operator IDS_Trinary_Operator ID_Continue ID_Start Ideo
  Ideographic Join_C Join_Control LOE Logical_Order_Exception Lower Lowercase
  Math NChar Noncharacter_Code_Point Pat_Syn Pat_WS Pattern_Syntax
  Pattern_White_Space QMark Quotation_Mark RI Radical Regional_Indicator SD
  STerm Sentence_Terminal Soft_Dotted Term Terminal_Punctuation UIdeo
  Unified_Ideograph Upper Uppercase VS Variation_Selector White_Space XIDC
  XIDS XID_Continue XID_Start space
`),
};

function formatRegexWords(words: string): Set<string> {
  return new Set(words.trim().split(/\s+/));
}

/** Reports whether s is a valid ECMA-262 regular expression with the u flag. */
function formatRegex(s: string): boolean {
  const src = Array.from(s); // code points
  const invalid = new Error("invalid regular expression");
  let pos = 0;
  let depth = 0;
  const names = new Set<string>();
  const refs: string[] = [];

  const fail = (): never => {
    throw invalid;
  };
  const at = (i: number): string => src[pos + i] ?? "";
  const eat = (c: string): boolean => {
    if (at(0) === c) {
      pos++;
      return true;
    }
    return false;
  };
  const isDigit = (c: string): boolean => c >= "0" && c <= "9" && c !== "";
  const isLetter = (c: string): boolean =>
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
  const hex = (c: string): number =>
    /^[0-9A-Fa-f]$/.test(c) ? parseInt(c, 16) : -1;
  const isClassEscape = (c: string): boolean =>
    c !== "" && "dDsSwW".includes(c);

  // The capturing groups of the whole pattern, for \1 before its group.
  let groupCount = 0;
  for (let i = 0, inClass = false; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      i++;
    } else if (inClass) {
      inClass = c !== "]";
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(") {
      if (src[i + 1] !== "?") {
        groupCount++;
      } else if (
        i + 3 < src.length &&
        src[i + 2] === "<" &&
        src[i + 3] !== "=" &&
        src[i + 3] !== "!"
      ) {
        groupCount++;
      }
    }
  }

  const enter = (): void => {
    if (++depth > 500) {
      fail();
    }
  };

  const disjunction = (): void => {
    enter();
    alternative();
    while (eat("|")) {
      alternative();
    }
    depth--;
  };

  const alternative = (): void => {
    while (pos < src.length && at(0) !== "|" && at(0) !== ")") {
      term();
    }
  };

  const term = (): void => {
    switch (at(0)) {
      case "^":
      case "$":
        pos++;
        assertion();
        return;
      case "\\":
        if (at(1) === "b" || at(1) === "B") {
          pos += 2;
          assertion();
          return;
        }
        atomEscape();
        break;
      case "(":
        if (
          at(1) === "?" &&
          (at(2) === "=" ||
            at(2) === "!" ||
            (at(2) === "<" && (at(3) === "=" || at(3) === "!")))
        ) {
          look();
          assertion();
          return;
        }
        group();
        break;
      case "[":
        characterClass();
        break;
      case "*":
      case "+":
      case "?":
      case "{":
      case "}":
      case "]":
        fail();
        break;
      default:
        pos++;
    }
    quantifier();
  };

  // An assertion may not be quantified.
  const assertion = (): void => {
    if ("*+?{".includes(at(0)) && at(0) !== "") {
      fail();
    }
  };

  // {n}, {n,} or {n,m}; counts are clamped to 2^31-1, as V8 does.
  const braced = (): boolean => {
    let i = pos + 1;
    const number = (): number => {
      const start = i;
      let v = 0;
      while (isDigit(src[i] ?? "")) {
        v = Math.min(v * 10 + Number(src[i]), 2 ** 31 - 1);
        i++;
      }
      return i > start ? v : -1;
    };
    const min = number();
    if (min < 0) {
      return false;
    }
    let max = min;
    if (src[i] === ",") {
      i++;
      max = number();
    }
    if (src[i] !== "}") {
      return false;
    }
    pos = i + 1;
    if (max >= 0 && max < 2 ** 31 - 1 && min > max) {
      fail();
    }
    return true;
  };

  const quantifier = (): void => {
    switch (at(0)) {
      case "*":
      case "+":
      case "?":
        pos++;
        break;
      case "{":
        if (!braced()) {
          fail();
        }
        break;
      default:
        return;
    }
    eat("?");
  };

  const look = (): void => {
    pos += 2;
    eat("<");
    pos++;
    disjunction();
    if (!eat(")")) {
      fail();
    }
  };

  const group = (): void => {
    pos++;
    if (eat("?")) {
      if (eat("<")) {
        const name = groupName();
        if (names.has(name)) {
          fail();
        }
        names.add(name);
      } else if (!eat(":")) {
        fail();
      }
    }
    disjunction();
    if (!eat(")")) {
      fail();
    }
  };

  const groupName = (): string => {
    let name = "";
    for (;;) {
      const c = at(0);
      if (c === "") {
        fail();
      }
      pos++;
      if (c === ">") {
        break;
      }
      let cp = c.codePointAt(0) ?? 0;
      if (c === "\\") {
        if (!eat("u")) {
          fail();
        }
        cp = unicodeEscape();
      }
      const ch = String.fromCodePoint(cp);
      if (
        name === ""
          ? !/^[$_\p{ID_Start}]$/u.test(ch)
          : !/^[$_\u200c\u200d\p{ID_Continue}]$/u.test(ch)
      ) {
        fail();
      }
      name += ch;
    }
    if (name === "") {
      fail();
    }
    return name;
  };

  // What follows \u: XXXX, a surrogate pair \uXXXX\uXXXX, or {X...}.
  const unicodeEscape = (): number => {
    if (eat("{")) {
      let v = 0;
      let digits = 0;
      while (hex(at(0)) >= 0) {
        v = v * 16 + hex(at(0));
        if (v > 0x10ffff) {
          fail();
        }
        pos++;
        digits++;
      }
      if (digits === 0 || !eat("}")) {
        fail();
      }
      return v;
    }
    const hex4 = (i: number): number => {
      let v = 0;
      for (let k = 0; k < 4; k++) {
        const h = hex(at(i + k));
        if (h < 0) {
          return -1;
        }
        v = v * 16 + h;
      }
      return v;
    };
    const v = hex4(0);
    if (v < 0) {
      fail();
    }
    pos += 4;
    if (v >= 0xd800 && v < 0xdc00 && at(0) === "\\" && at(1) === "u") {
      const lo = hex4(2);
      if (lo >= 0xdc00 && lo < 0xe000) {
        pos += 6;
        return 0x10000 + (v - 0xd800) * 0x400 + (lo - 0xdc00);
      }
    }
    return v;
  };

  const atomEscape = (): void => {
    pos++;
    const c = at(0);
    if (c === "") {
      fail();
    }
    if (c >= "1" && c <= "9") {
      let n = 0;
      while (isDigit(at(0))) {
        n = Math.min(n * 10 + Number(at(0)), 2 ** 31);
        pos++;
      }
      if (n > groupCount) {
        fail();
      }
      return;
    }
    if (isClassEscape(c)) {
      pos++;
      return;
    }
    switch (c) {
      case "0":
        if (isDigit(at(1))) {
          fail();
        }
        pos++;
        return;
      case "p":
      case "P":
        pos++;
        property();
        return;
      case "k":
        pos++;
        if (!eat("<")) {
          fail();
        }
        refs.push(groupName());
        return;
      case "c":
        if (!isLetter(at(1))) {
          fail();
        }
        pos += 2;
        return;
    }
    characterEscape();
  };

  // The character a CharacterEscape stands for.
  const characterEscape = (): number => {
    const c = at(0);
    const control = "fnrtv".indexOf(c);
    if (control >= 0 && c !== "") {
      pos++;
      return [12, 10, 13, 9, 11][control] ?? 0;
    }
    if (c === "x") {
      const h1 = hex(at(1));
      const h2 = hex(at(2));
      if (h1 < 0 || h2 < 0) {
        fail();
      }
      pos += 3;
      return h1 * 16 + h2;
    }
    if (c === "u") {
      pos++;
      return unicodeEscape();
    }
    if (c === "" || !"^$\\.*+?()[]{}|/".includes(c)) {
      fail();
    }
    pos++;
    return c.codePointAt(0) ?? 0;
  };

  const property = (): void => {
    if (!eat("{")) {
      fail();
    }
    let name = "";
    let value = "";
    let named = false;
    for (;;) {
      const c = at(0);
      pos++;
      if (c === "}") {
        break;
      }
      if (c === "=" && !named && value !== "") {
        name = value;
        value = "";
        named = true;
      } else if (isLetter(c) || isDigit(c) || c === "_") {
        value += c;
      } else {
        fail();
      }
    }
    const { category, script, binary } = formatRegexNames;
    const ok = named
      ? ((name === "General_Category" || name === "gc") &&
          category.has(value)) ||
        (["Script", "sc", "Script_Extensions", "scx"].includes(name) &&
          script.has(value))
      : category.has(value) || binary.has(value);
    if (!ok) {
      fail();
    }
  };

  const characterClass = (): void => {
    enter();
    pos++;
    eat("^");
    for (;;) {
      if (pos >= src.length) {
        fail();
      }
      if (eat("]")) {
        break;
      }
      const a = classAtom();
      if (at(0) !== "-" || at(1) === "]" || at(1) === "") {
        continue;
      }
      pos++;
      const b = classAtom();
      if (a < 0 || b < 0 || a > b) {
        fail();
      }
    }
    depth--;
  };

  // One member of a class: its character, or -1 for a class escape.
  const classAtom = (): number => {
    let c = at(0);
    pos++;
    if (c !== "\\") {
      return c.codePointAt(0) ?? 0;
    }
    c = at(0);
    if (isClassEscape(c)) {
      pos++;
      return -1;
    }
    switch (c) {
      case "":
        return fail();
      case "b":
        pos++;
        return 8;
      case "-":
        pos++;
        return 45;
      case "c":
        if (!isLetter(at(1))) {
          fail();
        }
        pos += 2;
        return (at(-1).codePointAt(0) ?? 0) % 32;
      case "p":
      case "P":
        pos++;
        property();
        return -1;
      case "k":
        return fail();
    }
    if (isDigit(c)) {
      if (c !== "0" || isDigit(at(1))) {
        fail();
      }
      pos++;
      return 0;
    }
    return characterEscape();
  };

  try {
    disjunction();
    if (pos < src.length) {
      fail();
    }
    return refs.every((name) => names.has(name));
  } catch (e) {
    if (e === invalid) {
      return false;
    }
    throw e;
  }
}
