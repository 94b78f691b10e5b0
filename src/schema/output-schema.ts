import { assertSchemaDepth } from "./schema-depth.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema } from "../params/json-schema.js";
import type { InferArgs } from "../params/infer.js";
import { type ParamBase, type ParamShape, isParam } from "../params/param.js";
import { shapeToJsonSchema } from "../params/to-json-schema.js";
import { copyCheckedSchema } from "./checked-schema.js";
import { type StandardSchemaLike, isStandardSchema } from "./input-schema.js";
import { deepFreeze, isPlainObject } from "./json.js";
import { mayHoldLegacyKeywords, upgradeLegacyKeywords } from "./legacy-keywords.js";
import { checkCompiles, checkJsonSchema } from "./validator.js";

/**
 * What a tool's `returns` option may be: a `p` descriptor of any kind (`p.string()`, `p.array(...)`, `p.object(...)`),
 * a shape of descriptors (an object root), a Standard Schema (zod, valibot, arktype), or a hand-written JSON Schema.
 */
export type ReturnsSchema = ParamShape | StandardSchemaLike | JsonSchema;

/** A tool's loaded output schema: plain, frozen JSON Schema of any root, and the Standard Schema it came from. */
export interface ResolvedOutputSchema {
  readonly outputSchema: JsonSchema;
  readonly outputStandardSchema?: StandardSchemaLike;
}

/**
 * Loads a tool's `returns` option as {@link resolveInputSchema} loads `params`: descriptors are copied, a Standard
 * Schema exports its output side (`~standard.jsonSchema.output`), a raw schema is copied to plain JSON, upgraded from
 * draft 04-07 keywords, checked against the 2020-12 meta-schema and compiled once. Unlike an input schema, the root
 * may be any type: a tool may return a string or a list. A plain object whose values are all descriptors is a shape
 * (an object root); any other plain object is a raw JSON Schema, so `{}` means "any value". Returns undefined when
 * there is no `returns`.
 * @throws {ToolDefinitionError} naming the tool when the schema is broken.
 */
export function resolveOutputSchema(returns: unknown, where: string): ResolvedOutputSchema | undefined {
  if (returns === undefined) return undefined;
  if (isStandardSchema(returns)) {
    const exporter = returns["~standard"].jsonSchema?.output;
    if (!exporter) {
      throw new ToolDefinitionError(
        `${where}: this ${returns["~standard"].vendor} \`returns\` schema cannot export JSON Schema (Standard JSON ` +
          "Schema). Use p descriptors, a raw JSON Schema, or a library version that implements `~standard.jsonSchema`.",
      );
    }
    const schema = finishOutputSchema(exporter({ target: "draft-2020-12" }), where, true);
    return { outputSchema: schema, outputStandardSchema: returns };
  }
  if (isParam(returns)) return { outputSchema: copyCheckedSchema(returns) ?? finishOutputSchema(returns, where) };
  if (isShape(returns)) {
    const schema = shapeToJsonSchema(returns);
    return { outputSchema: copyCheckedSchema(schema) ?? finishOutputSchema(schema, where) };
  }
  return { outputSchema: finishOutputSchema(returns, where, true) };
}

function isShape(value: unknown): value is ParamShape {
  if (!isPlainObject(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every(isParam);
}

// The same finishing as an input schema's (plain frozen JSON, no root $schema, 2020-12 keywords, meta-schema), any root.
function finishOutputSchema(schema: unknown, where: string, compile = false): JsonSchema {
  if (!isPlainObject(schema)) {
    throw new ToolDefinitionError(
      `${where}: \`returns\` must be p descriptors, a Standard Schema or a JSON Schema object; got ${show(schema)}.`,
    );
  }
  assertSchemaDepth(schema, where, "`returns` schema");
  const text = JSON.stringify(schema);
  const { $schema: _dialect, ...plain } = JSON.parse(text) as Record<string, unknown>;
  if (mayHoldLegacyKeywords(text)) upgradeLegacyKeywords(plain);
  const problem = checkJsonSchema(plain) ?? (compile ? checkCompiles(plain) : undefined);
  if (problem) throw new ToolDefinitionError(`${where}: the \`returns\` schema is not valid JSON Schema: ${problem}.`);
  return deepFreeze(plain) as JsonSchema;
}

function show(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "function" ? "a function" : typeof value;
}

/**
 * The static type a `returns` schema describes, which a decorated method must return (or resolve to): a descriptor's
 * type, a shape's object (as `InferArgs` gives it), a Standard Schema's output; `unknown` for a raw JSON Schema, whose
 * type TypeScript cannot read, and when there is no `returns`.
 */
export type InferReturns<R> =
  R extends ParamBase<infer T>
    ? T
    : R extends StandardSchemaLike<infer O>
      ? O
      : R extends ParamShape
        ? InferArgs<R>
        : unknown;

/**
 * What a method with the result type `R` may return: the value, a promise of it, or a generator (an `async *` or `*`
 * method) that yields progress and returns it.
 */
export type Returned<R> = R | PromiseLike<R> | AsyncGenerator<unknown, R, unknown> | Generator<unknown, R, unknown>;
