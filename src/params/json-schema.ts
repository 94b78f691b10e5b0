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
