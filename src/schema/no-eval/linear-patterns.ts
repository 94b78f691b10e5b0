import { format as interpreterFormats, type OutputUnit } from "@cfworker/json-schema";
import { outOfLengthBounds } from "../length-bounds.js";
import { compileLinearPattern, type LinearPattern } from "../linear-pattern.js";
import { segmentsOf } from "./ajv-shaped-errors.js";

/** Finds a schema node by the segments of a keyword location, following `$ref`s as the interpreter did. */
type NodeAt = (segments: readonly string[]) => unknown;

// A `pattern` taken out of the interpreter's sight, and what is needed to answer for it (and for the `format` of the
// same node, which stands in for both).
interface PatternSite {
  readonly pattern: string;
  readonly compiled: LinearPattern;
  readonly format: string | undefined;
  readonly minLength: number;
  readonly maxLength: number;
}

// Private format names begin with a NUL, which no JSON Schema format name holds.
const PREFIX = "\u0000toolwright-pattern ";

const sites = new WeakMap<object, PatternSite>();

/**
 * Moves every `pattern` of `nodes` (the schema the interpreter will run, a copy of its own) into a private `format`
 * whose check is toolwright's linear-time matcher, so no model-chosen string reaches the runtime's backtracking
 * RegExp (which @cfworker/json-schema calls for `pattern`): `^(a+)+$` against forty a's and a "!" would otherwise hang
 * the Worker. The node's own `format`, if any, is checked by the same function. A string that breaks its own length
 * bound is not matched, as on ajv. Patterns are compiled here, so a pattern Node refuses (lookaround, backreferences)
 * is refused here too, with the same message.
 * @throws {SyntaxError} naming the pattern and why it cannot be matched in linear time.
 */
export function takeOverPatterns(nodes: Iterable<object>): void {
  for (const node of nodes) {
    const here = node as Record<string, unknown>;
    if (typeof here.pattern !== "string" || sites.has(node)) continue;
    const { minLength, maxLength, format } = here;
    const site: PatternSite = {
      pattern: here.pattern,
      compiled: compileLinearPattern(here.pattern),
      format: typeof format === "string" ? format : undefined,
      minLength: typeof minLength === "number" ? minLength : 0,
      maxLength: typeof maxLength === "number" ? maxLength : Infinity,
    };
    // Keyed by what decides the verdict, so the interpreter's format table grows with distinct schemas, not calls.
    const name = PREFIX + JSON.stringify([site.pattern, site.format ?? null, site.minLength, site.maxLength]);
    interpreterFormats[name] ??= (value) =>
      typeof value !== "string" || (patternHolds(site, value) && formatHolds(site, value));
    sites.set(node, site);
    delete here.pattern;
    here.format = name;
  }
}

/**
 * Returns the interpreter's units with each private format's failure turned back into the failures it stands for (a
 * `pattern` unit, a `format` unit, or both), at the node's own `pattern` and `format` locations, so the errors read as
 * the schema the developer wrote.
 */
export function restorePatternUnits(units: readonly OutputUnit[], data: unknown, runNodeAt: NodeAt): OutputUnit[] {
  const out: OutputUnit[] = [];
  for (const unit of units) {
    const segments = unit.keyword === "format" ? segmentsOf(unit.keywordLocation) : undefined;
    const node = segments && runNodeAt(segments.slice(0, -1));
    const site = typeof node === "object" && node !== null ? sites.get(node) : undefined;
    if (site === undefined) {
      out.push(unit);
      continue;
    }
    const value = valueAt(data, segmentsOf(unit.instanceLocation));
    if (typeof value !== "string") continue;
    const at = unit.keywordLocation.slice(0, -"/format".length);
    if (!patternHolds(site, value)) {
      out.push({
        ...unit,
        keyword: "pattern",
        keywordLocation: `${at}/pattern`,
        error: "String does not match pattern.",
      });
    }
    if (!formatHolds(site, value)) {
      out.push({ ...unit, error: `String does not match format "${site.format ?? ""}".` });
    }
  }
  return out;
}

function patternHolds(site: PatternSite, value: string): boolean {
  return outOfLengthBounds(value, site.minLength, site.maxLength) || site.compiled.test(value);
}

// As the interpreter: a format it has no check for says nothing.
function formatHolds(site: PatternSite, value: string): boolean {
  const check = site.format === undefined ? undefined : interpreterFormats[site.format];
  return check === undefined || check(value);
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let value = data;
  for (const segment of segments) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
