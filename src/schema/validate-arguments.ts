import type { ArgumentIssue } from "../errors/errors.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";
import { normalizeArguments } from "./normalize-arguments.js";
import { dropStrictNulls } from "./strict/drop-strict-nulls.js";
import { type StrictSchemaResult, toStrictJsonSchema } from "./strict/rewrite.js";
import type { ArgumentValidator } from "./validator.js";

/** Arguments after normalisation, and what the validator found wrong with them (empty when they are valid). */
export interface CheckedArguments {
  readonly args: Record<string, unknown>;
  readonly issues: readonly ArgumentIssue[];
}

// The strict rewrite of a schema, made once per schema: only calls that need it pay for it, and only once.
const strictRewrites = new WeakMap<ObjectJsonSchema, StrictSchemaResult>();

/**
 * Normalises a model's arguments (the one place where `null` becomes "absent" and defaults are filled in, for every
 * provider) and validates them against the tool's schema.
 *
 * Nulls: an optional field sent as `null` whose schema does not accept null is absent (strict-mode providers send
 * null for every omitted field). Inside unions and `$ref`s that cheap rule cannot tell, so when the arguments still
 * fail and hold a null, the exact rewrite the strict exporters made is undone and the arguments are validated again;
 * the undone copy is kept only when it is valid, so a null the schema does mean is never dropped.
 */
export function checkArguments(
  schema: ObjectJsonSchema,
  value: Record<string, unknown>,
  validator: ArgumentValidator,
): CheckedArguments {
  const args = normalizeArguments(schema, value) as Record<string, unknown>;
  const issues = validator.validate(schema, args);
  if (issues.length === 0 || !containsNull(args)) return { args, issues };
  let rewrite = strictRewrites.get(schema);
  if (!rewrite) strictRewrites.set(schema, (rewrite = toStrictJsonSchema(schema, { provider: "openai" })));
  const relaxed = dropStrictNulls(args, rewrite) as Record<string, unknown>;
  const retry = validator.validate(schema, relaxed);
  return retry.length === 0 ? { args: relaxed, issues: retry } : { args, issues };
}

function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== "object") return false;
  return Object.values(value).some(containsNull);
}
