import { type ArgumentIssue, ToolDefinitionError } from "../errors/errors.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";
import { normalizeArguments } from "./normalize-arguments.js";
import { dropStrictNulls } from "./strict/drop-strict-nulls.js";
import { type StrictSchemaResult, toStrictJsonSchema } from "./strict/rewrite.js";
import { failedIssues } from "./argument-issues.js";
import type { ArgumentValidator, CompiledValidator } from "./validator.js";

/** Arguments the validator rejected: what it found wrong with them. A class, so it is told from arguments by `instanceof`. */
export class RejectedArguments {
  constructor(readonly issues: readonly ArgumentIssue[]) {}
}

// The strict rewrite of a schema, made once per schema: only calls that need it pay for it, and only once.
const strictRewrites = new WeakMap<ObjectJsonSchema, StrictSchemaResult>();

/**
 * Normalises a model's arguments (the one place where `null` becomes "absent" and defaults are filled in, for every
 * provider) and validates them against the tool's schema with `validate`, its compiled validator (looked up once by
 * the caller). Returns the arguments to run with, or what was wrong with them: valid arguments allocate nothing here.
 *
 * Nulls: an optional field sent as `null` whose schema does not accept null is absent (strict-mode providers send
 * null for every omitted field). Inside unions and `$ref`s that cheap rule cannot tell, so when the arguments still
 * fail and hold a null, the exact rewrite the strict exporters made is undone and the arguments are validated again;
 * the undone copy is kept only when it is valid, so a null the schema does mean is never dropped.
 */
export function checkCompiled(
  schema: ObjectJsonSchema,
  value: Record<string, unknown>,
  validate: CompiledValidator,
): Record<string, unknown> | RejectedArguments {
  const checked = checkNormalized(schema, normalizeArguments(schema, value) as Record<string, unknown>, validate, true);
  return isIssueList(checked) ? new RejectedArguments(checked) : checked;
}

/** Tells the issues {@link checkNormalized} answers with from arguments, which are never an array. */
export function isIssueList(
  checked: Record<string, unknown> | readonly ArgumentIssue[],
): checked is readonly ArgumentIssue[] {
  return Array.isArray(checked);
}

/**
 * {@link checkCompiled} for arguments normalised already (the call path's snapshot normalises as it copies), answering
 * with the issues themselves when the arguments are rejected (no wrapper: a rejected call's garbage is most of its
 * cost). `mayHoldNull` false says the arguments hold no null (the snapshot saw none), which spares a rejected call
 * the search for one.
 * @throws {ToolDefinitionError} when the schema itself makes the validator throw.
 */
export function checkNormalized(
  schema: ObjectJsonSchema,
  args: Record<string, unknown>,
  validate: CompiledValidator,
  mayHoldNull: boolean,
): Record<string, unknown> | readonly ArgumentIssue[] {
  const issues = validateOrBlame(validate, args);
  if (issues.length === 0) return args;
  if (!mayHoldNull || !containsNull(args)) return issues;
  let rewrite = strictRewrites.get(schema);
  if (!rewrite) strictRewrites.set(schema, (rewrite = toStrictJsonSchema(schema, { provider: "openai" })));
  const relaxed = dropStrictNulls(args, rewrite) as Record<string, unknown>;
  return validateOrBlame(validate, relaxed).length === 0 ? relaxed : issues;
}

/** Arguments after normalisation, and what the validator found wrong with them (empty when they are valid). */
export interface CheckedArguments {
  readonly args: Record<string, unknown>;
  readonly issues: readonly ArgumentIssue[];
}

/**
 * {@link checkCompiled} with the schema compiled by `validator`, answering with the arguments and their issues (empty
 * when valid), for callers outside the call path.
 * @throws {ToolDefinitionError} when the schema itself makes the validator throw.
 */
export function checkArguments(
  schema: ObjectJsonSchema,
  value: Record<string, unknown>,
  validator: ArgumentValidator,
): CheckedArguments {
  const checked = checkCompiled(schema, value, validator.compile(schema));
  if (checked instanceof RejectedArguments) {
    return { args: normalizeArguments(schema, value) as Record<string, unknown>, issues: checked.issues };
  }
  return { args: checked, issues: NO_ISSUES };
}

const NO_ISSUES: readonly ArgumentIssue[] = Object.freeze([]);

/**
 * Validates, and blames what makes the validator throw. The arguments are plain, finite JSON by now (parsed, or
 * snapshot), so a throw is the schema's fault (a reference loop that recurses without end) unless the data holds an
 * own "valueOf" or "toString" key that is not a function: ajv's deep equality (`const`, `enum`, `uniqueItems`) calls
 * those, which the model can avoid.
 * @throws {ToolDefinitionError} for the schema's fault; the validator's own error for the data's.
 */
function validateOrBlame(validate: CompiledValidator, args: unknown): readonly ArgumentIssue[] {
  try {
    // Asked here, not through issuesOf: a valid call (the usual one) enters one function fewer.
    return validate(args) ? NO_ISSUES : failedIssues(validate);
  } catch (error) {
    if (error instanceof TypeError && holdsCallableName(args)) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new ToolDefinitionError(
      `the tool's input schema cannot validate these arguments (the validator threw: ${why}); the problem is in the ` +
        "tool's definition, not in the arguments",
      { cause: error },
    );
  }
}

function holdsCallableName(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (!Array.isArray(value) && (Object.hasOwn(value, "valueOf") || Object.hasOwn(value, "toString"))) return true;
  return Object.values(value).some(holdsCallableName);
}

// A loop rather than Object.values(...).some(...): it runs on every rejected call, and allocates nothing.
function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (const item of value as readonly unknown[]) if (containsNull(item)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && containsNull((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
