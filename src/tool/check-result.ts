import { checkContent } from "../content/check-content.js";
import { isRichContent } from "../content/content-part.js";
import type { ArgumentIssue } from "../errors/errors.js";
import type { JsonSchema } from "../params/json-schema.js";
import type { ArgumentValidator } from "../schema/validator.js";

const NONE: readonly ArgumentIssue[] = Object.freeze([]);

/**
 * Returns what is wrong with a handler's value, for an `INVALID_RESULT` failure: rich content (one part or
 * `content(...)`) is checked by `checkContent`, naming the part; any other value against the tool's output schema,
 * with the registry's validator (compiled on first use and cached per schema, like an input schema). A tool without
 * `returns` that returned plain data costs one property read. A Standard Schema `returns` is validated by the caller
 * with `definition.outputStandardSchema`, after this check, as arguments are.
 */
export function checkResult(
  value: unknown,
  outputSchema: JsonSchema | undefined,
  validator: ArgumentValidator,
): readonly ArgumentIssue[] {
  if (isRichContent(value)) return checkContent(value);
  if (outputSchema === undefined) return NONE;
  // `undefined` reaches the model as null (renderToolResult), so it is checked as null.
  return validator.validate(outputSchema, value === undefined ? null : value);
}
