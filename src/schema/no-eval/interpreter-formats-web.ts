/**
 * The worker and browser build's @cfworker/json-schema format table (scripts/build.mjs puts this file in place of the
 * package's own format.js): empty, since format-table.ts fills in every format the interpreter knows, toolwright's
 * checks (those ajv gets on Node) over its own, before the first schema is compiled. The package's regular
 * expressions were never asked, and a Worker carried them for nothing.
 */
export const format: Record<string, (value: unknown) => boolean> = {};
