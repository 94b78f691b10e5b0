import dependencies from "./load-dependencies.cjs";
import { toRe2Syntax } from "./re2-syntax.js";

/** A compiled schema pattern: what ajv needs of a regular expression. */
export interface LinearPattern {
  test(input: string): boolean;
  /** The key ajv caches the compiled pattern under: one per pattern source (see {@link linearRegExpEngine}). */
  toString(): string;
}

/**
 * Compiles a JSON Schema `pattern` with RE2 (the `re2js` port; on the web build, toolwright's own Pike VM,
 * schema/pike-pattern.ts), whose matching time grows linearly with the input, so
 * a string the model sends cannot stall the event loop however the pattern nests its quantifiers (`^(a+)+$`).
 * ECMAScript syntax RE2 spells differently is translated first (see {@link toRe2Syntax}).
 * @throws {SyntaxError} naming the pattern and the true reason: lookaround and backreferences (which have no
 *   linear-time form), a Unicode property RE2 does not know, or a pattern that is not valid at all.
 */
export function compileLinearPattern(pattern: string): LinearPattern {
  // Loaded here, on the first pattern compiled, not at import: most schemas have none. The web build brings its own
  // matcher (same verdicts, no Unicode tables to ship); Node keeps re2js.
  const own = dependencies.loadPikePattern();
  let compiled: { test(input: string): boolean };
  try {
    compiled = own ? own(pattern) : dependencies.loadRe2().RE2JS.compile(toRe2Syntax(pattern));
  } catch (error) {
    throw new SyntaxError(`pattern ${JSON.stringify(pattern)} ${whyRefused(pattern, error)}`, { cause: error });
  }
  // ajv keeps compiled patterns in a per-instance cache keyed by toString(): the key must differ per pattern.
  const key = `re2:${pattern}`;
  return { test: (input) => compiled.test(input), toString: () => key };
}

// RE2's own message names the construct it stopped at; the reason given is the one that construct has.
function whyRefused(pattern: string, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  if (/\(\?<?[=!]/.test(pattern) || /\\[1-9]|\\k</.test(pattern)) {
    return (
      `cannot be matched in linear time (${why}). toolwright matches patterns with RE2, which has no lookahead, ` +
      "lookbehind or backreferences; rewrite the pattern without them."
    );
  }
  const property = /invalid character class range: `\\[pP]\{?([^`}]*)\}?`/.exec(why);
  if (property) {
    return (
      `uses the unknown Unicode property "${property[1]}": RE2 knows general categories (\\p{L}, \\p{Letter}, ` +
      "\\p{Nd}) and scripts (\\p{Greek}, \\p{Script=Greek})."
    );
  }
  return `is not a pattern toolwright can match (${why}).`;
}

/**
 * The engine ajv calls for `patternProperties` (its `code.regExp` option). `code` is only read by ajv's standalone
 * code generation, which toolwright does not use.
 */
export const linearRegExpEngine = Object.assign((pattern: string, _flags: string) => compileLinearPattern(pattern), {
  code: "compileLinearPattern",
});
