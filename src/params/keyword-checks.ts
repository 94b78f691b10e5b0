import { ToolDefinitionError } from "../errors/errors.js";

/**
 * What a keyword's value holds, for copying a checked descriptor tree: a value fixed when the descriptor was built
 * (`scalar`, safe to share since descriptors are frozen), one subschema, a map or a list of subschemas, a list of
 * property names, or JSON data the user gave (`data`: copied and checked again, since it may have changed since).
 */
export type KeywordContent = "scalar" | "schema" | "schemaMap" | "schemaList" | "names" | "data";

/** The verdict on one keyword's value: fine, wrong (the part of a message after "must be"), or `odd`. */
type Verdict = true | "odd" | { readonly expected: string };

interface KeywordRule {
  readonly content: KeywordContent;
  /**
   * Judges a value. `odd` means "not what a builder makes, but not certainly wrong either" (a function, a BigInt, a
   * draft-04 boolean `exclusiveMinimum`): such a descriptor is left unchecked, and the JSON Schema meta-schema judges it
   * at definition as before, with the JSON round trip that decides what those values become.
   */
  readonly check: (value: unknown) => Verdict;
}

const JSON_TYPES: ReadonlySet<unknown> = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

// The values JSON would turn into something else, or throw on, are `odd`: only plain JSON is copied without the round trip.
function isJsonKind(value: unknown): boolean {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    Array.isArray(value) ||
    isPlainRecord(value)
  );
}

/** Returns true for an object literal (or a null-prototype object) without a `toJSON`. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !("toJSON" in value);
}

/** Returns true when `value` is plain JSON that a JSON round trip gives back unchanged (no `-0`, NaN, `undefined`...). */
export function isCleanJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (depth > 64) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isCleanJson(value[i], depth + 1)) return false;
    return true;
  }
  if (!isPlainRecord(value)) return false;
  for (const key in value) if (!isCleanJson(value[key], depth + 1)) return false;
  return true;
}

// A value of the wrong JSON kind is certainly wrong (the meta-schema refuses it); anything else is only odd.
function expect(ok: (value: unknown) => boolean, expected: string): (value: unknown) => Verdict {
  return (value) => (ok(value) ? true : isJsonKind(value) ? { expected } : "odd");
}

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && !Object.is(v, -0);
const isFiniteNumber = (v: unknown) => Number.isFinite(v) && !Object.is(v, -0);
const string = expect((v) => typeof v === "string", "a string");
const finite = expect(isFiniteNumber, "a finite number");
const count = expect(isCount, "a non-negative integer");
const same = (): Verdict => true;

// The draft-04 form `exclusiveMinimum: true` is odd rather than wrong: the legacy upgrade still accepts it.
const exclusive = (value: unknown): Verdict => (typeof value === "boolean" ? "odd" : finite(value));
const data = (value: unknown): Verdict => (isCleanJson(value) ? true : "odd");
const examples = (value: unknown): Verdict =>
  Array.isArray(value) ? data(value) : isJsonKind(value) ? { expected: "an array" } : "odd";
const type = (value: unknown): Verdict =>
  JSON_TYPES.has(value) ||
  (Array.isArray(value) && value.every((t) => JSON_TYPES.has(t)) && new Set(value).size === value.length)
    ? true
    : "odd";

/**
 * The keywords `p` builders write, with what each holds and what it accepts: the JSON Schema 2020-12 meta-schema's
 * rule for each option a builder documents. Any other keyword leaves a descriptor unchecked.
 */
const RULES: Readonly<Record<string, KeywordRule>> = {
  type: { content: "scalar", check: type },
  description: { content: "scalar", check: string },
  title: { content: "scalar", check: string },
  examples: { content: "data", check: examples },
  default: { content: "data", check: data },
  const: { content: "data", check: data },
  enum: { content: "data", check: (v) => (Array.isArray(v) ? data(v) : "odd") },
  minLength: { content: "scalar", check: count },
  maxLength: { content: "scalar", check: count },
  pattern: { content: "scalar", check: string },
  format: { content: "scalar", check: string },
  minimum: { content: "scalar", check: finite },
  maximum: { content: "scalar", check: finite },
  exclusiveMinimum: { content: "scalar", check: exclusive },
  exclusiveMaximum: { content: "scalar", check: exclusive },
  multipleOf: {
    content: "scalar",
    check: expect((v) => isFiniteNumber(v) && (v as number) > 0, "a number greater than 0"),
  },
  minItems: { content: "scalar", check: count },
  maxItems: { content: "scalar", check: count },
  uniqueItems: { content: "scalar", check: expect((v) => typeof v === "boolean", "true or false") },
  // Subschemas are judged when they are copied (copyCheckedSchema): a shape object or a list can change after it is
  // built, a frozen descriptor cannot.
  items: { content: "schema", check: same },
  additionalProperties: { content: "schema", check: same },
  properties: { content: "schemaMap", check: (v) => (isPlainRecord(v) ? true : "odd") },
  anyOf: { content: "schemaList", check: (v) => (Array.isArray(v) ? true : "odd") },
  required: { content: "names", check: (v) => (Array.isArray(v) ? true : "odd") },
};

/** Returns what a keyword of a checked descriptor holds, or undefined for a keyword builders never write. */
export function keywordContent(keyword: string): KeywordContent | undefined {
  return Object.hasOwn(RULES, keyword) ? RULES[keyword]!.content : undefined;
}

/**
 * Checks the keywords of a descriptor being built. Returns true when every one is a keyword a builder writes, with a
 * value the JSON Schema meta-schema accepts (the descriptor is valid by construction), false when one is odd.
 * @throws {ToolDefinitionError} naming the builder, the option and what it accepts, for a value the meta-schema refuses.
 */
export function checkKeywords(schema: Readonly<Record<string, unknown>>, where: string): boolean {
  let checked = true;
  for (const key in schema) {
    const value = schema[key];
    if (value === undefined) continue;
    const rule = Object.hasOwn(RULES, key) ? RULES[key] : undefined;
    const verdict = rule ? rule.check(value) : "odd";
    if (verdict === "odd") checked = false;
    else if (verdict !== true) {
      throw new ToolDefinitionError(`${where}: "${key}" must be ${verdict.expected}; got ${show(value)}.`);
    }
  }
  return checked;
}

function show(value: unknown): string {
  if (typeof value === "number") return String(value); // JSON would print NaN and Infinity as null
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value); // a cycle
  }
}
