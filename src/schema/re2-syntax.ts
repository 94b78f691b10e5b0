/**
 * Rewrites an ECMAScript (`u`-mode) pattern into the RE2 syntax that matches the same strings, where the two spell a
 * construct differently: `\uXXXX` and `\u{X}` escapes, `\cX` control escapes, the long and `Name=Value` forms of
 * Unicode property escapes (`\p{Letter}`, `\p{Script=Greek}`: RE2 knows `\p{L}` and `\p{Greek}`), and `\s`/`\S`,
 * which ECMAScript defines as every Unicode space and line terminator, RE2 as ASCII whitespace only. A `\\` pair is
 * copied whole, so an escaped backslash stays one.
 * @throws {SyntaxError} for a Unicode property RE2 has no form of (`Script_Extensions`, an unknown name).
 */
export function toRe2Syntax(pattern: string): string {
  if (!pattern.includes("\\")) return pattern;
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char !== "\\") {
      if (char === "[" && !inClass) inClass = true;
      else if (char === "]" && inClass) inClass = false;
      out += char;
      continue;
    }
    const next = pattern[i + 1] ?? "";
    const rest = pattern.slice(i + 2);
    if (next === "u" && rest.startsWith("{")) {
      out += "\\x";
      i += 1;
    } else if (next === "u" && /^[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(rest)) {
      // A surrogate pair spelled as two escapes is one code point in `u` mode; RE2 would read two lone surrogates.
      out += `\\x{${String.fromCharCode(parseInt(rest.slice(0, 4), 16), parseInt(rest.slice(6, 10), 16))
        .codePointAt(0)!
        .toString(16)}}`;
      i += 11;
    } else if (next === "u" && /^[0-9a-fA-F]{4}/.test(rest)) {
      out += `\\x{${rest.slice(0, 4)}}`;
      i += 5;
    } else if (next === "c" && /^[A-Za-z]/.test(rest)) {
      out += `\\x{${(rest.charCodeAt(0) % 32).toString(16)}}`;
      i += 2;
    } else if ((next === "p" || next === "P") && rest.startsWith("{") && rest.includes("}")) {
      const body = rest.slice(1, rest.indexOf("}"));
      out += `\\${next}{${re2Property(body)}}`;
      i += 2 + body.length + 1;
    } else if (next === "s") {
      out += inClass ? ECMA_SPACE : `[${ECMA_SPACE}]`;
      i += 1;
    } else if (next === "S" && !inClass) {
      // Inside a class a negated set cannot be spelled without nesting, which RE2 lacks; RE2's own \S stays there.
      out += `[^${ECMA_SPACE}]`;
      i += 1;
    } else {
      out += char + next;
      i += 1;
    }
  }
  return out;
}

// ECMAScript's WhiteSpace and LineTerminator code points (ECMA-262 §12.2, §12.3): \s matches exactly these.
const ECMA_SPACE =
  "\\t\\n\\x{0b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";

// The long General_Category names (and their aliases) ECMAScript accepts, by the short name RE2 knows.
const CATEGORIES: Readonly<Record<string, string>> = {
  Letter: "L",
  Cased_Letter: "LC",
  Uppercase_Letter: "Lu",
  Lowercase_Letter: "Ll",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Combining_Mark: "M",
  Nonspacing_Mark: "Mn",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Open_Punctuation: "Ps",
  Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi",
  Final_Punctuation: "Pf",
  Other_Punctuation: "Po",
  Symbol: "S",
  Math_Symbol: "Sm",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Other_Symbol: "So",
  Separator: "Z",
  Space_Separator: "Zs",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Surrogate: "Cs",
  Private_Use: "Co",
  Unassigned: "Cn",
};

// `\p{Name}` or `\p{Key=Value}` in RE2's spelling: a category by its short name, a script by its name.
function re2Property(body: string): string {
  const equals = body.indexOf("=");
  if (equals === -1) return Object.hasOwn(CATEGORIES, body) ? CATEGORIES[body]! : body;
  const key = body.slice(0, equals);
  const value = body.slice(equals + 1);
  if (key === "General_Category" || key === "gc") return Object.hasOwn(CATEGORIES, value) ? CATEGORIES[value]! : value;
  if (key === "Script" || key === "sc") return value;
  throw new SyntaxError(
    `the Unicode property "${body}" has no RE2 form: RE2 knows general categories (\\p{L}, \\p{Letter}) and ` +
      "scripts (\\p{Greek}, \\p{Script=Greek}), not Script_Extensions or other keyed properties",
  );
}
