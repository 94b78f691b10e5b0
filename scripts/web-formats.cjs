// ajv-formats' formats.js as the web build bundles it (scripts/build.mjs), and as the no-eval test project loads it
// (jest.config.cjs uses this file as that module's transformer), so the JSON Schema Test Suite's format rows run
// against the very table a Worker carries. It is CommonJS, so a bundler cannot tree-shake it: what toolwright never
// reads there would ride in every Worker. Taken out:
// - `fastFormats`, a second table of looser patterns: toolwright reads only `fullFormats`;
// - the checks of the formats schema/formats.ts checks otherwise: the 2020-12 formats of
//   @hyperjump/json-schema-formats (bundled beside it, so always there: ajv-formats' check would only stand in for its
//   absence), among them `uri` and `regex`, which are functions with constants of their own; and `url`, which
//   ajv-formats matches by a pattern that backtracks and toolwright by its own check;
// - the `compare` functions of the date and time formats, which only ajv-formats' keywords (`formatMinimum` and its
//   kin) call: the web build has no ajv to run them, and its precompiled validators are given each format's check
//   alone (schema/precompiled-validators.ts).
// Each piece is found as many times as expected, or this throws: a new ajv-formats must be looked at, not trimmed blind.
"use strict";

const FAST_FORMATS = /\nexports\.fastFormats = \{\n[\s\S]*?\n\};(?=\n)/g;
const REPLACED_FORMATS = ["duration", '"uri-reference"', '"uri-template"', "url", "email", "hostname", "uuid"];
const REPLACED_FORMAT = new RegExp(`\\n {4}(?:${REPLACED_FORMATS.join("|")}): /.*/[a-z]*,(?=\\n)`, "g");
const FUNCTION_ENTRY = /\n {4}(?:uri|regex),(?=\n)/g;
const ENTRY_FUNCTION =
  /\n(?:const NOT_URI_FRAGMENT = .*\nconst URI = .*\nfunction uri|const Z_ANCHOR = .*\nfunction regex)\(str\) \{\n[^]*?\n\}(?=\n)/g;
// Date, time, date-time, iso-time and iso-date-time: one compare function each.
const COMPARED_FORMATS = 5;
const COMPARE_ARGUMENT = /fmtDef\((.*), compare[A-Za-z]+\)/g;
const COMPARE_FUNCTION = /\nfunction compare[A-Za-z]+\([^)]*\) \{\n[^]*?\n\}(?=\n)/g;

/**
 * Returns formats.js's source without what toolwright never reads (see above).
 * @param {string} source formats.js as ajv-formats ships it
 * @param {string} path its path, for the error
 * @returns {string}
 */
function webFormatsSource(source, path) {
  // Each cut is looked for in what the cuts before it left: the fast table repeats some of the full table's names.
  const cut = (text, pattern, count, what, replacement = "") => {
    if ((text.match(pattern) ?? []).length !== count) throw new Error(`${path}: ${what} was not found as expected`);
    return text.replace(pattern, replacement);
  };
  let text = cut(source, FAST_FORMATS, 1, "its fastFormats table");
  text = cut(
    text,
    REPLACED_FORMAT,
    REPLACED_FORMATS.length,
    `a pattern line for each of ${REPLACED_FORMATS.join(", ")}`,
  );
  text = cut(text, FUNCTION_ENTRY, 2, "the uri and regex entries");
  text = cut(text, ENTRY_FUNCTION, 2, "the uri and regex functions");
  text = cut(text, COMPARE_ARGUMENT, COMPARED_FORMATS, "the fmtDef calls with a compare function", "fmtDef($1)");
  return cut(text, COMPARE_FUNCTION, COMPARED_FORMATS, "the compare functions");
}

module.exports = {
  webFormatsSource,
  /** The jest transformer's hook (no-eval project). */
  process(source, path) {
    return { code: webFormatsSource(source, path) };
  },
};
