import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { type ArgumentIssue, ToolResultError } from "../errors/errors.js";
import { invalidContentText, invalidResultText, rejectedBySchemaIssue } from "../errors/model-messages.js";
import type { StandardResult, StandardSchemaLike } from "../schema/input-schema.js";
import { checkContent } from "../content/check-content.js";
import { isRichContent } from "../content/content-part.js";
import { checkResult } from "../tool/check-result.js";
import { type ToolResult, failureResult, successResult } from "../tool/tool-result.js";
import type { CallRequest } from "./call-request.js";
import type { Settled } from "./finish.js";
import { Ending, type HandlerOutcome } from "./run-handler.js";

/**
 * The result stage, in the plan only of a tool with `returns`: a successful value is checked against the output
 * schema (with the registry's validator, compiled once per schema) and then by the Standard Schema it came from,
 * which may transform it. A value that breaks either is a `failed` result, `INVALID_RESULT`, naming the path; the
 * model reads that the tool failed, and the value and the issues travel on the `error` event.
 */
export function checkOutput(request: CallRequest, ended: Settled<Ending>): Settled<Ending> {
  if (ended instanceof Promise) return ended.then((settled) => checkOutput(request, settled));
  const { result } = ended.outcome;
  if (!result.ok || result.outcome !== "success") return ended;
  const { definition } = request;
  const value = result.content;
  let issues: readonly ArgumentIssue[];
  try {
    issues = checkResult(value, definition.outputSchema, request.validator);
  } catch (error) {
    issues = [{ path: "", keyword: "schema", message: rejectedBySchemaIssue(describeThrown(error)) }];
  }
  if (issues.length > 0) return invalidResult(request, ended, result, issues);
  const standard = definition.outputStandardSchema;
  if (standard === undefined) return shown(request, ended, value);
  return validateStandard(standard, value).then((checked) =>
    "value" in checked ? shown(request, ended, checked.value) : invalidResult(request, ended, result, checked),
  );
}

// The value the app keeps, and what the model reads of it when the tool has `toModelOutput`.
function shown(request: CallRequest, ended: Ending, value: unknown): Ending {
  const { result } = ended.outcome;
  const { toModelOutput } = request.definition;
  if (toModelOutput === undefined) {
    if (value === result.content) return ended;
    return new Ending({ result: successResult(result.toolName, result.callId, value) }, ended.args, ended.exit);
  }
  let modelContent: unknown;
  try {
    modelContent = toModelOutput(value);
  } catch (error) {
    const message = `toModelOutput threw: ${describeThrown(error)}`;
    return invalidResult(request, ended, result, [{ path: "", keyword: "toModelOutput", message }]);
  }
  if (typeof (modelContent as { then?: unknown } | null | undefined)?.then === "function") {
    // Its rejection is handled here, or it would end the process; what it resolves with is never read.
    (modelContent as PromiseLike<unknown>).then(undefined, () => undefined);
    const message =
      "toModelOutput returned a promise; it must return text or content parts synchronously " +
      "(do asynchronous work in the handler)";
    return invalidResult(request, ended, result, [{ path: "", keyword: "toModelOutput", message }]);
  }
  if (isRichContent(modelContent)) {
    const issues = checkContent(modelContent);
    if (issues.length > 0) return invalidResult(request, ended, result, issues);
  }
  const success = { ...successResult(result.toolName, result.callId, value), modelContent };
  return new Ending({ result: success }, ended.args, ended.exit);
}

async function validateStandard(
  standard: StandardSchemaLike,
  value: unknown,
): Promise<{ readonly value: unknown } | readonly ArgumentIssue[]> {
  let checked: StandardResult<unknown>;
  try {
    checked = await standard["~standard"].validate(value);
  } catch (error) {
    return [{ path: "", keyword: "schema", message: rejectedBySchemaIssue(describeThrown(error)) }];
  }
  if (!checked.issues) return { value: checked.value };
  return checked.issues.map((issue) => ({
    path: (issue.path ?? []).map((s) => `/${String(typeof s === "object" ? s.key : s)}`).join(""),
    keyword: "schema",
    message: issue.message,
  }));
}

/** Turns a value that broke the result rules into a failure: rich content names the part, data the schema path. */
function invalidResult(
  request: CallRequest,
  ended: Ending,
  result: ToolResult,
  issues: readonly ArgumentIssue[],
): Ending {
  const name = request.definition.name;
  const value = result.content;
  const message = isRichContent(value) ? invalidContentText(name, issues) : invalidResultText(name, issues);
  const failure = failureResult(name, result.callId, "failed", { code: ErrorCode.InvalidResult, message, issues });
  const outcome: HandlerOutcome = { result: failure, error: new ToolResultError(name, message, issues, value) };
  return new Ending(outcome, ended.args, ended.exit);
}

/**
 * The result stage for a background task: the outcome of work that went on after the call handed off is checked as
 * a call's would be, so the task's status holds an `INVALID_RESULT` failure (with the issues) for a value that breaks
 * `returns`, and the model's form when the tool has `toModelOutput`.
 */
export async function checkBackgroundOutcome(request: CallRequest, outcome: HandlerOutcome): Promise<HandlerOutcome> {
  // Never rejects, as the work it wraps: the task keeper settles on what it resolves with.
  return (await checkOutput(request, new Ending(outcome, undefined, "ended"))).outcome;
}
