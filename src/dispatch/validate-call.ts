import { describeThrown } from "../errors/describe-thrown.js";
import {
  invalidJsonIssue,
  notAnObjectIssue,
  notValidatableIssue,
  rejectedBySchemaIssue,
} from "../errors/model-messages.js";
import { ToolDefinitionError, ToolValidationError } from "../errors/errors.js";
import type { ArgumentIssue } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator, CompiledValidator } from "../schema/validator.js";
import type { StandardResult, StandardSchemaLike } from "../schema/input-schema.js";
import { IDLE, type NodePlan, planOf } from "../schema/normalize-arguments.js";
import {
  SnapshotFailure,
  snapshotArguments,
  snapshotDeferred,
  snapshotHeldNull,
} from "../schema/snapshot-arguments.js";
import { checkNormalized, isIssueList } from "../schema/check-arguments.js";

/**
 * Validated arguments, or what stops the call before its handler (an {@link InvalidCall}): valid arguments come back
 * as they are, with no wrapper object.
 */
export type ValidatedCall = Record<string, unknown> | InvalidCall;

/**
 * What stops a call before its handler: the issues, and the validation error (built on first read, since capturing an
 * error's stack costs more than the rest of a rejected call together). A class rather than a literal with a getter: a
 * literal's getter is a new closure and a new object shape on every rejected call, which made the garbage of a
 * rejected call cost more than its validation.
 */
export class InvalidCall {
  readonly #toolName: string;
  #error: ToolValidationError | undefined;

  /** Records the issues that stop a call of `toolName`. */
  constructor(
    toolName: string,
    readonly issues: readonly ArgumentIssue[],
  ) {
    this.#toolName = toolName;
  }

  /** The validation error, made on first read. */
  get error(): ToolValidationError {
    return (this.#error ??= new ToolValidationError(this.#toolName, this.issues));
  }
}

function invalid(definition: ToolDefinition, issues: readonly ArgumentIssue[]): InvalidCall {
  return new InvalidCall(definition.name, issues);
}

/**
 * Validates like {@link validateCall} for callers that refuse by throwing (a registry dispatch, an approver's edit).
 * @throws {ToolValidationError} (as a rejection) naming every failing field.
 */
export async function validatedArguments(
  definition: ToolDefinition,
  rawArgs: unknown,
  validator: ArgumentValidator,
): Promise<Record<string, unknown>> {
  const validated = await validateCall(definition, rawArgs, validator);
  if (validated instanceof InvalidCall) throw validated.error;
  return validated;
}

/**
 * Parses, normalises and validates a call's arguments against the tool's schema. A call that fails here never reaches
 * the handler. A Standard Schema, when the tool has one, validates after the JSON Schema and may transform the value.
 */
export function validateCall(
  definition: ToolDefinition,
  rawArgs: unknown,
  validator: ArgumentValidator,
  // Outside the guard below: a schema that does not compile is the developer's mistake, and the caller reports it so.
  // Handed in by a route, which compiled it once (or looked up here): the check below is handed the function.
  compiled: CompiledValidator = validator.compileArguments(definition.inputSchema),
  // How the snapshot normalises the arguments: a route found it once.
  normalize: NodePlan = planOf(definition.inputSchema),
): ValidatedCall | Promise<ValidatedCall> {
  let value: unknown = rawArgs ?? {};
  if (typeof rawArgs === "string") {
    // The JSON text a model produced. Empty text means no arguments (some models send "" for a tool without
    // parameters); malformed JSON is an issue carrying the parser's message.
    try {
      value = rawArgs.trim() === "" ? {} : (JSON.parse(rawArgs) as unknown);
    } catch (error) {
      const message = invalidJsonIssue((error as Error).message);
      return invalid(definition, [{ path: "", keyword: "json", message }]);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    return invalid(definition, [{ path: "", keyword: "type", message: notAnObjectIssue(got) }]);
  }
  // What the model parsed from text is ours already; a caller's object is copied, so nobody else holds what runs.
  // Normalised on the same walk.
  const schema = definition.inputSchema;
  const copy = typeof rawArgs !== "string";
  const snapshot = snapshotArguments(value, copy, normalize);
  // Arrays of numbers are left to the validator (strict numbers): a failure is the snapshot's whole say only when
  // it looked everywhere, so it looks again, everywhere, for the first issue in order (a rejected call only).
  const deferred = snapshotDeferred();
  if (snapshot instanceof SnapshotFailure) return invalid(definition, [firstIssue(value, copy, snapshot, deferred)]);
  let args: Record<string, unknown> | readonly ArgumentIssue[];
  try {
    args = checkNormalized(schema, snapshot as Record<string, unknown>, compiled, deferred || snapshotHeldNull());
  } catch (error) {
    // The validator blames the schema itself when plain, finite JSON made it throw: the developer's bug, which the
    // validate stage reports as INVALID_DEFINITION instead of asking the model to change its arguments.
    if (error instanceof ToolDefinitionError) throw error;
    // Otherwise the schema compiled, so what made validation throw is in the arguments (ajv's uniqueItems on an item whose
    // toString is not a function, say): the model's mistake, not the developer's.
    const message = notValidatableIssue(describeThrown(error));
    return invalid(definition, [{ path: "", keyword: "type", message }]);
  }
  if (isIssueList(args)) {
    // What the snapshot says of an array it left to the validator (a hole, a number that is not finite) is said
    // better than the validator's "must be number"; the arguments are ours by now, so this look reads nothing twice.
    const looked = deferred ? snapshotArguments(snapshot, false, IDLE) : undefined;
    return invalid(definition, looked instanceof SnapshotFailure ? [looked.issue] : args);
  }
  const standard = definition.standardSchema;
  if (!standard) return args;
  return validateStandard(definition, standard, args);
}

function firstIssue(value: unknown, copy: boolean, failure: SnapshotFailure, deferred: boolean): ArgumentIssue {
  if (!deferred) return failure.issue;
  const again = snapshotArguments(value, copy, IDLE);
  return (again instanceof SnapshotFailure ? again : failure).issue;
}

async function validateStandard(
  definition: ToolDefinition,
  standard: StandardSchemaLike,
  args: Record<string, unknown>,
): Promise<ValidatedCall> {
  let result: StandardResult<unknown>;
  try {
    result = await standard["~standard"].validate(args);
  } catch (error) {
    // A transform that throws (say, JSON.parse of a string the model sent) rejects the arguments, not the call.
    const message = rejectedBySchemaIssue(describeThrown(error));
    return invalid(definition, [{ path: "", keyword: "schema", message }]);
  }
  if (!result.issues) return result.value as Record<string, unknown>;
  return invalid(
    definition,
    result.issues.map((issue) => ({
      path: (issue.path ?? []).map((s) => `/${String(typeof s === "object" ? s.key : s)}`).join(""),
      keyword: "schema",
      message: issue.message,
    })),
  );
}
