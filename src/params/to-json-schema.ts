import { type ParamShape, isOptionalParam } from "./param.js";

/** The JSON Schema of a descriptor shape: a closed object whose required keys are those neither optional nor defaulted. */
export interface ShapeSchema {
  readonly type: "object";
  readonly properties: ParamShape;
  readonly required: readonly string[];
  readonly additionalProperties: false;
}

/**
 * Assembles the object schema of a shape. The descriptors are already JSON Schema, so they are placed, not translated;
 * `required` is left out when empty, as most hand-written schemas do.
 */
export function shapeToJsonSchema(shape: ParamShape): ShapeSchema {
  const required: string[] = [];
  const keys = Object.keys(shape);
  for (let i = 0; i < keys.length; i++) if (!isOptionalParam(shape[keys[i]!]!)) required.push(keys[i]!);
  // Keys in one order whether or not `required` is there: type, properties, required, additionalProperties.
  return (
    required.length > 0
      ? { type: "object", properties: shape, required, additionalProperties: false }
      : { type: "object", properties: shape, additionalProperties: false }
  ) as ShapeSchema;
}
