import { codeOfThrown, describeThrown } from "../errors/describe-thrown.js";
import { checkContent } from "../content/check-content.js";
import { isRichContent } from "../content/content-part.js";
import { ToolResultError } from "../errors/errors.js";
import {
  invalidContentText,
  malformedResultText,
  toolFailedText,
  unreadableResultText,
  unsendableResultText,
} from "../errors/model-messages.js";
import { ErrorCode } from "../errors/error-code.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import { type ToolDefinition, invokeDefinition } from "../tool/tool-definition.js";
import type { ToolCallContext } from "../tool/tool.js";
import { runInCallContext } from "./call-context.js";
import { unserialisable } from "./unserialisable.js";
import type { ProgressChannel } from "./progress-channel.js";
import { type Generated, driveGenerator, generatorOf } from "./drive-generator.js";
import type { ToolProgress } from "../tool/tool-progress.js";
import { failureResult, isToolOutcome, isToolResult, successResult } from "../tool/tool-result.js";
import type { HandlerOutcome } from "../tool/handler-outcome.js";

export type { HandlerOutcome } from "../tool/handler-outcome.js";

/**
 * Runs a tool's handler inside its call context and turns whatever happens into a result: a value becomes content
 * (a returned `ToolResult` passes through), a throw becomes a `failed` result with the error's message. A sync handler
 * is settled without waiting a turn of the event loop. A generator (an `async *` or `*` tool) is driven to its end:
 * each yield goes to `channel` as progress or a preliminary value, and its return value is the result.
 */
export function runHandler(
  definition: ToolDefinition,
  target: object | undefined,
  args: Record<string, unknown>,
  context: ToolCallContext,
  channel?: ProgressChannel,
): HandlerOutcome | Promise<HandlerOutcome> {
  let value: unknown;
  try {
    value = runInCallContext(context, definition.asyncContext, invokeDefinition, definition, target, args, context);
  } catch (error) {
    return failed(definition, context.callId, error, channel?.last);
  }
  // A plain value (a number, a string): neither a promise nor a generator.
  if (typeof value !== "object" || value === null) {
    if (typeof value !== "function") return succeeded(definition, context.callId, value);
  }
  let thenable: boolean;
  let generator: Generated | undefined;
  try {
    thenable = isPromiseLike(value);
    generator = thenable ? undefined : generatorOf(value);
  } catch (error) {
    // A `then` getter that throws: the value can be neither awaited nor sent.
    return failed(definition, context.callId, error);
  }
  if (generator !== undefined) {
    return driveGenerator(generator, context.signal, channel).then(
      (settled) => succeeded(definition, context.callId, settled),
      (error: unknown) => failed(definition, context.callId, error, channel?.last),
    );
  }
  if (thenable) {
    // Promise.resolve may itself throw (a `then` getter that throws on a second read): settle it inside a chain.
    return Promise.resolve()
      .then(() => value)
      .then(
        (settled) => succeeded(definition, context.callId, settled),
        (error: unknown) => failed(definition, context.callId, error, channel?.last),
      );
  }
  return succeeded(definition, context.callId, value);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function succeeded(definition: ToolDefinition, callId: string, value: unknown): HandlerOutcome {
  try {
    return succeededUnsafe(definition, callId, value);
  } catch (error) {
    // A returned value whose getters or traps throw (an `ok` getter, a Proxy): report it, never throw it.
    const message = unreadableResultText(definition.name, describeThrown(error));
    return {
      result: failureResult(definition.name, callId, "failed", { code: ErrorCode.InvalidResult, message }),
      error,
    };
  }
}

function succeededUnsafe(definition: ToolDefinition, callId: string, value: unknown): HandlerOutcome {
  // A string, number, boolean or nothing is sent as it is: no result shape, no content part, nothing to encode.
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "undefined") {
    return { result: successResult(definition.name, callId, value) };
  }
  // A result returned as it is still goes to a model: what it carries must be sendable like any other value.
  const problem = unserialisable(value);
  if (!problem && isToolResult(value)) return { result: { ...value, toolName: definition.name, callId } };
  if (!problem && looksLikeToolResult(value)) {
    // Half a result (`ok: false` without an error, a backgrounded one without a task) would break callers that
    // trust the union, and sending it as content would hide the handler's mistake.
    const message = malformedResultText(definition.name, JSON.stringify(value));
    return {
      result: failureResult(definition.name, callId, "failed", { code: ErrorCode.InvalidResult, message }),
      error: new ToolwrightError(ErrorCode.InvalidResult, message),
    };
  }
  if (problem) {
    const message = unsendableResultText(definition.name, problem);
    return {
      result: failureResult(definition.name, callId, "failed", { code: ErrorCode.InvalidResult, message }),
      error: new ToolwrightError(ErrorCode.InvalidResult, message),
    };
  }
  // Rich content is checked here for every tool (one `in` on an object; the answer is cached per frozen part), so no
  // provider builder is handed a part it would refuse.
  if (typeof value === "object" && value !== null && isRichContent(value)) {
    const issues = checkContent(value);
    if (issues.length > 0) {
      const message = invalidContentText(definition.name, issues);
      return {
        result: failureResult(definition.name, callId, "failed", { code: ErrorCode.InvalidResult, message, issues }),
        error: new ToolResultError(definition.name, message, issues, value),
      };
    }
  }
  // A handler with nothing to say (void) keeps `undefined`: the model reads that it returned nothing, not "null".
  return { result: successResult(definition.name, callId, value) };
}

// The shape a handler means as a result: a boolean `ok` and a known `outcome`, well-formed or not.
function looksLikeToolResult(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.ok === "boolean" && isToolOutcome(candidate.outcome);
}

function failed(definition: ToolDefinition, callId: string, error: unknown, progress?: ToolProgress): HandlerOutcome {
  const message = describeThrown(error);
  const code = codeOfThrown(error);
  const result = failureResult(definition.name, callId, "failed", {
    code,
    message: toolFailedText(definition.name, message),
  });
  // A generator that fails after yielding progress: the result says how far it got.
  return { result: progress === undefined ? result : { ...result, progress }, error, thrown: true };
}
