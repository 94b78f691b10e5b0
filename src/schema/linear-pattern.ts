import dependencies from "./load-dependencies.cjs";

/** A compiled schema pattern: what ajv needs of a regular expression. */
export interface LinearPattern {
  test(input: string): boolean;
}

/**
 * Compiles a JSON Schema `pattern` with RE2 (the `re2js` port), whose matching time grows linearly with the input, so
 * a string the model sends cannot stall the event loop however the pattern nests its quantifiers (`^(a+)+$`).
 * ECMAScript escapes RE2 spells differently (`\uXXXX`, `\u{X}`) are translated first.
 * @throws {SyntaxError} naming the pattern and why, for syntax RE2 has no linear-time form of (lookaround,
 *   backreferences) or that is not a valid pattern at all.
 */
export function compileLinearPattern(pattern: string): LinearPattern {
  // Loaded here, on the first pattern compiled, not at import: most schemas have none.
  const { RE2JS } = dependencies.loadRe2();
  let compiled: ReturnType<typeof RE2JS.compile>;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new SyntaxError(
      `pattern ${JSON.stringify(pattern)} cannot be matched in linear time (${why}). toolwright matches patterns ` +
        "with RE2, which has no lookahead, lookbehind or backreferences; rewrite the pattern without them.",
      { cause: error },
    );
  }
  return { test: (input) => compiled.test(input) };
}

/**
 * The engine ajv calls for `patternProperties` (its `code.regExp` option). `code` is only read by ajv's standalone
 * code generation, which toolwright does not use.
 */
export const linearRegExpEngine = Object.assign((pattern: string, _flags: string) => compileLinearPattern(pattern), {
  code: "compileLinearPattern",
});

// Rewrites ECMAScript-only escapes into RE2's; a `\\` pair is copied whole, so an escaped backslash stays one.
function toRe2Syntax(pattern: string): string {
  if (!pattern.includes("\\u")) return pattern;
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = pattern[i + 1];
    const hex4 = /^[0-9a-fA-F]{4}/.exec(pattern.slice(i + 2, i + 6));
    if (next === "u" && pattern[i + 2] === "{") {
      out += "\\x";
      i += 1;
    } else if (next === "u" && hex4) {
      out += `\\x{${hex4[0]}}`;
      i += 5;
    } else {
      out += char + (next ?? "");
      i += 1;
    }
  }
  return out;
}
