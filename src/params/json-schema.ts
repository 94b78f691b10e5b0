/**
 * A JSON Schema (2020-12) object, loosely typed: toolwright reads the keywords it needs and passes the rest through.
 * Every descriptor built with `p` is one of these.
 */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema | boolean;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly [keyword: string]: unknown;
}

/** The schema of a tool's arguments: always an object at the root. */
export interface ObjectJsonSchema extends JsonSchema {
  readonly type: "object";
}

/** Returns true when `value` is a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Returns true when a schema accepts `null` by its `type`, `const`, `enum`, or one of its `anyOf`/`oneOf` branches.
 * With `unknownAccepts`, a schema whose shape it cannot judge (a `$ref`, or one with no constraint at all) counts as
 * accepting: the dispatcher then never drops a null that might be meant.
 */
export function acceptsNull(schema: Readonly<Record<string, unknown>>, unknownAccepts = false): boolean {
  if (unknownAccepts && (schema.$ref !== undefined || Object.keys(schema).every(isAnnotation))) return true;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  const branches = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ];
  return branches.some((branch) => isPlainObject(branch) && acceptsNull(branch, unknownAccepts));
}

function isAnnotation(keyword: string): boolean {
  return keyword === "description" || keyword === "title";
}

/** Freezes an object and everything reachable from it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
