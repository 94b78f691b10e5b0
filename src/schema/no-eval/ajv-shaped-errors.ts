import type { ErrorObject } from "ajv/dist/2020.js";
import type { OutputUnit } from "@cfworker/json-schema";

/** Finds the schema node at a keyword location, following `$ref`s as the validator did. */
export type NodeAt = (segments: readonly string[]) => unknown;

// Keywords whose unit only says "a subschema failed"; ajv reports the subschema's own errors and nothing for these.
const WRAPPERS: ReadonlySet<string> = new Set([
  "$ref",
  "$recursiveRef",
  "allOf",
  "properties",
  "patternProperties",
  "prefixItems",
  "items",
  "additionalItems",
  "dependentSchemas",
  "dependencies",
]);

// additionalProperties / unevaluatedProperties `false`: ajv reports the keyword's own error once; the validator adds a
// unit for the `false` schema after it, which is dropped.
/**
 * Turns the no-eval validator's output into the errors ajv gives for the same failure (keyword, instance path, schema
 * path, params, message, the failing schema and its parent), so every text built from them (argument issues, union
 * narrowing, the model's message) is the same on both validators.
 */
export function toAjvErrors(units: readonly OutputUnit[], data: unknown, nodeAt: NodeAt): ErrorObject[] {
  const errors: ErrorObject[] = [];
  let skipFalse = false;
  for (const unit of units) {
    if (unit.keyword === "false" && skipFalse) {
      skipFalse = false;
      continue;
    }
    skipFalse = false;
    const schemaSegments = segmentsOf(unit.keywordLocation);
    const parentSchema = nodeAt(schemaSegments.slice(0, -1)) as Record<string, unknown> | undefined;
    if (WRAPPERS.has(unit.keyword)) continue;
    if (unit.keyword === "additionalProperties" || unit.keyword === "unevaluatedProperties") {
      if (parentSchema?.[unit.keyword] !== false) continue;
      skipFalse = true;
    }
    const error = toAjvError(unit, parentSchema ?? {}, data);
    if (error !== undefined) errors.push(error);
  }
  return errors;
}

function toAjvError(unit: OutputUnit, parent: Record<string, unknown>, root: unknown): ErrorObject | undefined {
  const keyword = unit.keyword;
  const instancePath = toPointer(segmentsOf(unit.instanceLocation));
  const schemaPath = `#${toPointer(segmentsOf(unit.keywordLocation))}`;
  const schema = parent[keyword];
  const made = (k: string, params: Record<string, unknown>, message: string): ErrorObject =>
    ({
      keyword: k,
      instancePath,
      schemaPath,
      params,
      message,
      schema,
      parentSchema: parent,
      data: valueAt(root, instancePath),
    }) as ErrorObject;
  const limit = schema as number;
  switch (keyword) {
    case "type":
      return made("type", { type: schema }, `must be ${String(schema)}`);
    case "minimum":
      return made(keyword, { comparison: ">=", limit }, `must be >= ${limit}`);
    case "maximum":
      return made(keyword, { comparison: "<=", limit }, `must be <= ${limit}`);
    case "exclusiveMinimum":
      return made(keyword, { comparison: ">", limit }, `must be > ${limit}`);
    case "exclusiveMaximum":
      return made(keyword, { comparison: "<", limit }, `must be < ${limit}`);
    case "multipleOf":
      return made(keyword, { multipleOf: limit }, `must be multiple of ${limit}`);
    case "minLength":
    case "maxLength":
      return made(keyword, { limit }, mustNotHave(keyword, limit, "character", "characters"));
    case "minItems":
    case "maxItems":
      return made(keyword, { limit }, mustNotHave(keyword, limit, "item", "items"));
    case "minProperties":
    case "maxProperties":
      return made(keyword, { limit }, mustNotHave(keyword, limit, "property", "properties"));
    case "pattern":
      return made(keyword, { pattern: schema }, `must match pattern "${String(schema)}"`);
    case "format":
      return made(keyword, { format: schema }, `must match format "${String(schema)}"`);
    case "enum":
      return made(keyword, { allowedValues: schema }, "must be equal to one of the allowed values");
    case "const":
      return made(keyword, { allowedValue: schema }, "must be equal to constant");
    case "required": {
      const missingProperty = quoted(unit.error);
      return made(keyword, { missingProperty }, `must have required property '${missingProperty}'`);
    }
    case "dependentRequired": {
      const [property, missingProperty] = bothQuoted(unit.error);
      const deps = ((schema as Record<string, string[]>)[property] ?? []) as string[];
      const noun = deps.length === 1 ? "property" : "properties";
      return made(
        keyword,
        { property, missingProperty, depsCount: deps.length, deps: deps.join(", ") },
        `must have ${noun} ${deps.join(", ")} when property ${property} is present`,
      );
    }
    case "additionalProperties":
      return made(keyword, { additionalProperty: quoted(unit.error) }, "must NOT have additional properties");
    case "unevaluatedProperties":
      return made(keyword, { unevaluatedProperty: quoted(unit.error) }, "must NOT have unevaluated properties");
    case "unevaluatedItems":
      return made(keyword, { limit: Number(unit.error.match(/\d+/)?.[0] ?? 0) }, "must NOT have unevaluated items");
    case "uniqueItems":
      return uniqueItemsError(made, valueAt(root, instancePath));
    case "anyOf":
      return made(keyword, {}, "must match a schema in anyOf");
    case "oneOf":
      return made(keyword, { passingSchemas: null }, "must match exactly one schema in oneOf");
    case "not":
      return made(keyword, {}, "must NOT be valid");
    case "if": {
      const failingKeyword = unit.error.includes('"then"') ? "then" : "else";
      return made(keyword, { failingKeyword }, `must match "${failingKeyword}" schema`);
    }
    case "contains":
    case "minContains":
      return made(
        "contains",
        { minContains: parent.minContains ?? 1 },
        `must contain at least ${String(parent.minContains ?? 1)} valid item(s)`,
      );
    case "maxContains":
      return made(
        "contains",
        { maxContains: parent.maxContains },
        `must contain at most ${String(parent.maxContains)} valid item(s)`,
      );
    case "propertyNames":
      return made(keyword, { propertyName: quoted(unit.error) }, "property name must be valid");
    case "false":
      return made("false schema", {}, "boolean schema is false");
    default:
      return made(keyword, {}, `must pass "${keyword}" keyword validation`);
  }
}

function mustNotHave(keyword: string, limit: number, one: string, many: string): string {
  return `must NOT have ${keyword.startsWith("max") ? "more" : "fewer"} than ${limit} ${limit === 1 ? one : many}`;
}

// The name the validator put in double quotes in its message: `Property "b" does not match ...`.
function quoted(text: string): string {
  const start = text.indexOf('"');
  const end = text.lastIndexOf('"');
  return start === -1 || end <= start ? "" : text.slice(start + 1, end);
}

function bothQuoted(text: string): [string, string] {
  const match = /^Instance has "(.*)" but does not have "(.*)"\.$/s.exec(text);
  return match ? [match[1]!, match[2]!] : ["", ""];
}

// ajv names the last duplicate and the nearest earlier equal item: "items ## 0 and 2 are identical".
function uniqueItemsError(
  made: (k: string, params: Record<string, unknown>, message: string) => ErrorObject,
  items: unknown,
): ErrorObject {
  const list = Array.isArray(items) ? items : [];
  const keys = list.map((item) => canonical(item));
  for (let i = list.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) {
      if (keys[i] === keys[j])
        return made("uniqueItems", { i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`);
    }
  }
  return made("uniqueItems", {}, "must NOT have duplicate items");
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** The segments of a JSON pointer (`#/properties/a~1b` → `["properties", "a/b"]`), URI escapes undone. */
export function segmentsOf(location: string): string[] {
  const pointer = location.replace(/^#/, "");
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~"));
}

// ajv's instancePath: a JSON pointer without URI escapes.
function toPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const segment of pointer === "" ? [] : pointer.slice(1).split("/").map(unescape)) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
