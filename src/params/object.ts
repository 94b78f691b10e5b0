import { ToolDefinitionError } from "../errors/errors.js";
import type { InferArgs } from "./infer.js";
import {
  type CommonOptions,
  type ParamBase,
  type ParamShape,
  defineParam,
  isParam,
  optionsOf,
  showValue,
} from "./param.js";
import { shapeToJsonSchema } from "./to-json-schema.js";

/** A nested object parameter. Closed (`additionalProperties: false`): keys outside the shape are rejected. */
export interface ObjectParam<S extends ParamShape> extends ParamBase<InferArgs<S>> {
  readonly type: "object";
  readonly properties: S;
}

/** Throws unless every value of `shape` is a descriptor; names the offending key. */
export function assertShape(shape: unknown, where: string): asserts shape is ParamShape {
  if (typeof shape !== "object" || shape === null || Array.isArray(shape)) {
    throw new ToolDefinitionError(`${where}: expected an object of descriptors such as { city: p.string() }.`);
  }
  const keys = Object.keys(shape);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = (shape as Record<string, unknown>)[key];
    if (!isParam(value)) {
      throw new ToolDefinitionError(
        `${where}: "${key}" is not a descriptor. Use p.string(), p.integer(), ... (got ${showValue(value)}).`,
      );
    }
  }
}

/**
 * Declares a nested object with the keys of `shape`.
 * @example p.object({ street: p.string(), zip: p.string().optional() }, "Postal address")
 */
export function object<S extends ParamShape>(shape: S, options?: string | CommonOptions): ObjectParam<S> {
  assertShape(shape, "p.object()");
  return defineParam("object", { ...shapeToJsonSchema(shape), ...optionsOf(options) });
}
