import type { ErrorObject } from "ajv/dist/2020.js";

// The order ajv checks a schema's keywords in: `type` first, then the keywords of the value's type (one group runs
// per value), then those for any type, then `unevaluated*`. The model reads the issues in this order on both paths.
const ORDER = [
  "type",
  ...["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"],
  ...["maxLength", "minLength", "pattern", "format"],
  ...["maxItems", "minItems", "uniqueItems", "prefixItems", "items", "contains", "maxContains", "minContains"],
  ...["maxProperties", "minProperties", "required", "propertyNames", "additionalProperties", "dependencies"],
  ...["properties", "patternProperties", "dependentRequired", "dependentSchemas"],
  ...["$dynamicRef", "$ref", "const", "enum", "not", "anyOf", "oneOf", "allOf", "then", "else", "if"],
  ...["unevaluatedProperties", "unevaluatedItems"],
];
const RANK: ReadonlyMap<string, number> = new Map(ORDER.map((keyword, i) => [keyword, i]));

// Keywords whose next segment is a name or an index, not a keyword.
const NAMED: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "dependentSchemas",
  "dependentRequired",
  "dependencies",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
]);

/** Sorts errors into the order ajv reports them (a stable sort: equal places keep the validator's order). */
export function inAjvOrder(errors: ErrorObject[]): ErrorObject[] {
  if (errors.length < 2) return errors;
  const keyed = errors.map((error) => ({ error, path: keywordPath(error.schemaPath) }));
  keyed.sort((a, b) => compare(a.path, b.path));
  return keyed.map(({ error }) => error);
}

interface Segment {
  readonly text: string;
  readonly keyword: boolean;
}

function keywordPath(schemaPath: string): Segment[] {
  const segments = schemaPath.replace(/^#\/?/, "").split("/");
  const out: Segment[] = [];
  let named = false;
  for (const text of segments) {
    out.push({ text, keyword: !named });
    named = !named && NAMED.has(text);
  }
  return out;
}

function compare(a: readonly Segment[], b: readonly Segment[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.text === y.text) continue;
    if (!x.keyword || !y.keyword) return 0;
    return (RANK.get(x.text) ?? ORDER.length) - (RANK.get(y.text) ?? ORDER.length);
  }
  // A keyword's own error (anyOf's, not's) comes after the errors of the subschemas it checked.
  return b.length - a.length;
}
