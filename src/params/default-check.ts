/**
 * What a value breaks in a schema made of `p` descriptors: the JSON Pointer of the value's part and the rule, e.g.
 * `{ path: "", rule: "must be >= 1" }`. `undefined` when the value fits; `"unknown"` when the schema holds something
 * this check does not judge (a raw JSON Schema node, a `format`), which the definition-time check then judges with the
 * full validator.
 */
export type DefaultVerdict = { readonly path: string; readonly rule: string } | "unknown" | undefined;

type Schema = Readonly<Record<string, unknown>>;

// Keywords that never constrain a value.
const ANNOTATIONS: ReadonlySet<string> = new Set(["description", "title", "examples", "default"]);

/**
 * Checks `value` against a schema built from descriptors, with the keywords `p` builders write (see keyword-checks.ts):
 * cheap enough to run when `.default()` is called, so a definition never loads ajv for it.
 */
export function checkAgainstDescriptor(schema: unknown, value: unknown, path = ""): DefaultVerdict {
  if (schema === true || (typeof schema === "object" && schema !== null && Object.keys(schema).length === 0)) {
    return undefined;
  }
  if (schema === false) return { path, rule: "is not allowed (the schema is false)" };
  if (typeof schema !== "object" || schema === null) return "unknown";
  const s = schema as Schema;
  for (const key in s) {
    if (!Object.hasOwn(s, key) || ANNOTATIONS.has(key)) continue;
    const verdict = checkKeyword(s, key, value, path);
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

function checkKeyword(s: Schema, key: string, value: unknown, path: string): DefaultVerdict {
  const rule = s[key];
  switch (key) {
    case "type": {
      if (typeof rule === "string") return hasType(value, rule) ? undefined : fail(path, `must be ${rule}`);
      const types = Array.isArray(rule) ? (rule as string[]) : [rule as string];
      for (const t of types) if (hasType(value, t)) return undefined;
      return fail(path, `must be ${types.join(" or ")}`);
    }
    case "enum":
      return (rule as unknown[]).some((v) => sameJson(v, value))
        ? undefined
        : fail(path, `must be one of ${(rule as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
    case "const":
      return sameJson(rule, value) ? undefined : fail(path, `must be ${JSON.stringify(rule)}`);
    case "minimum":
      return typeof value !== "number" || value >= (rule as number) ? undefined : fail(path, `must be >= ${rule}`);
    case "maximum":
      return typeof value !== "number" || value <= (rule as number) ? undefined : fail(path, `must be <= ${rule}`);
    case "exclusiveMinimum":
      return typeof value !== "number" || value > (rule as number) ? undefined : fail(path, `must be > ${rule}`);
    case "exclusiveMaximum":
      return typeof value !== "number" || value < (rule as number) ? undefined : fail(path, `must be < ${rule}`);
    case "multipleOf":
      return typeof value !== "number" || Number.isInteger(value / (rule as number))
        ? undefined
        : fail(path, `must be a multiple of ${rule}`);
    case "minLength":
      return typeof value !== "string" || [...value].length >= (rule as number)
        ? undefined
        : fail(path, `must have at least ${rule} characters`);
    case "maxLength":
      return typeof value !== "string" || [...value].length <= (rule as number)
        ? undefined
        : fail(path, `must have at most ${rule} characters`);
    case "pattern":
      // The developer's own value, checked once: the ECMAScript engine is safe here, and it is what the pattern means.
      return typeof value !== "string" || new RegExp(rule as string, "u").test(value)
        ? undefined
        : fail(path, `must match pattern ${JSON.stringify(rule)}`);
    case "minItems":
      return !Array.isArray(value) || value.length >= (rule as number)
        ? undefined
        : fail(path, `must have at least ${rule} items`);
    case "maxItems":
      return !Array.isArray(value) || value.length <= (rule as number)
        ? undefined
        : fail(path, `must have at most ${rule} items`);
    case "uniqueItems":
      return rule !== true || !Array.isArray(value) || new Set(value.map((v) => canonical(v))).size === value.length
        ? undefined
        : fail(path, "must not have duplicate items");
    case "items":
      if (!Array.isArray(value)) return undefined;
      for (const [i, item] of value.entries()) {
        const verdict = checkAgainstDescriptor(rule, item, `${path}/${i}`);
        if (verdict !== undefined) return verdict;
      }
      return undefined;
    case "required":
      if (!isRecord(value)) return undefined;
      for (const name of rule as string[])
        if (!Object.hasOwn(value, name)) return fail(path, `must have the property "${name}"`);
      return undefined;
    case "properties":
    case "additionalProperties":
      return isRecord(value) ? checkProperties(s, key, value, path) : undefined;
    case "anyOf": {
      const verdicts = (rule as unknown[]).map((member) => checkAgainstDescriptor(member, value, path));
      if (verdicts.includes(undefined)) return undefined;
      return verdicts.includes("unknown") ? "unknown" : fail(path, "must match one of the schemas in anyOf");
    }
    default:
      return "unknown";
  }
}

// A module function rather than a closure per call: this runs for every keyword of every default a definition checks.
function fail(path: string, rule: string): DefaultVerdict {
  return { path, rule };
}

function checkProperties(s: Schema, key: string, value: Record<string, unknown>, path: string): DefaultVerdict {
  const properties = (s.properties ?? {}) as Schema;
  for (const name of Object.keys(value)) {
    const known = Object.hasOwn(properties, name);
    if (key === "properties" && !known) continue;
    if (key === "additionalProperties" && known) continue;
    const verdict = checkAgainstDescriptor(
      known ? properties[name] : s.additionalProperties,
      value[name],
      `${path}/${name}`,
    );
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "integer":
      return Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
    default:
      return typeof value === type;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// JSON equality: key order does not matter, and 1 equals 1.0 (JSON has one number type).
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}
