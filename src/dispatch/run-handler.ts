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
import { unserialisable } from "./unserialisable.js";
import { type AnyFunction, takesContext } from "./takes-context.js";
import type { ProgressChannel } from "./progress-channel.js";
import { type CallContextSource, runInCallContext } from "./call-context.js";
import { type Generated, driveGenerator, generatorOf } from "./drive-generator.js";
import type { ToolProgress } from "../tool/tool-progress.js";
import { failureResult, isToolOutcome, isToolResult, successResult } from "../tool/tool-result.js";
import type { HandlerOutcome } from "../tool/handler-outcome.js";

export type { HandlerOutcome } from "../tool/handler-outcome.js";

/**
 * Which way a call left the pipeline: `unavailable` (an unknown or forbidden tool), `cancelled` (its signal aborted
 * before it started), or `ended` (every other way: invalid arguments, a gate, a `before` listener, the handler).
 * `finish` decides per exit which listeners hear of it.
 */
export type Exit = "unavailable" | "cancelled" | "ended";

/**
 * How a call ended: its outcome, the arguments its listeners see, and the exit it took. A stage that answers with one
 * skips every later stage: the call goes straight to its route's end. Beside the outcome it carries, below every
 * stage, so each (and the result check, for a background task from run-managed.ts) builds one without an import cycle.
 */
export class Ending {
  constructor(
    readonly outcome: HandlerOutcome,
    readonly args: unknown,
    readonly exit: Exit,
  ) {}
}

/** What running a handler needs of its call (a `CallRequest` is one). */
export interface HandlerCall extends CallContextSource {
  readonly definition: ToolDefinition;
  /** The agent instance for a method tool; undefined for a registered function. */
  readonly target: object | undefined;
  /** The arguments the handler runs with. */
  readonly args: Record<string, unknown>;
  readonly callId: string;
  /** The route's note of the handler it last invoked, and whether that one can see the call's context. */
  readonly route: { handler: AnyFunction | undefined; handlerTakesContext: boolean };
  /** The call's progress channel, when open. */
  readonly channel: ProgressChannel | undefined;
  /** True when the channel opens on first report ({@link HandlerCall.openChannel}). */
  readonly opensChannel: boolean;
  openChannel(): ProgressChannel;
}

/**
 * Runs a tool's handler inside its call context and turns whatever happens into a result: a value becomes content
 * (a returned `ToolResult` passes through), a throw becomes a `failed` result with the error's message. A sync handler
 * is settled without waiting a turn of the event loop. A generator (an `async *` or `*` tool) is driven to its end:
 * each yield goes to the call's channel as progress or a preliminary value, and its return value is the result. The
 * context is made only when something reads it: the handler's invocation makes it only for a handler that can see
 * its second argument (`takesContext`); `currentToolCall()` makes it on first read.
 */
export function runHandler(call: HandlerCall): HandlerOutcome | Promise<HandlerOutcome> {
  const { definition, target, args, callId } = call;
  let value: unknown;
  try {
    const context = seesContext(call) ? call.context() : undefined;
    // Without a context to see, the handler is handed none: it cannot tell (see takesContext).
    value = runInCallContext(call, definition.asyncContext, invokeDefinition, definition, target, args, context!);
  } catch (error) {
    return failed(definition, callId, error, call.channel?.last);
  }
  // A plain value (a number, a string): neither a promise nor a generator.
  if (typeof value !== "object" || value === null) {
    if (typeof value !== "function") return succeeded(definition, callId, value);
  }
  let thenable: boolean;
  let generator: Generated | undefined;
  try {
    thenable = isPromiseLike(value);
    generator = thenable ? undefined : generatorOf(value);
  } catch (error) {
    // A `then` getter that throws: the value can be neither awaited nor sent.
    return failed(definition, callId, error);
  }
  if (generator !== undefined) {
    // Its yields are progress: a call whose channel opens on first report opens it now.
    const channel = call.channel ?? (call.opensChannel ? call.openChannel() : undefined);
    return driveGenerator(generator, call.context().signal, channel).then(
      (settled) => succeeded(definition, callId, settled),
      (error: unknown) => failed(definition, callId, error, channel?.last),
    );
  }
  if (thenable) {
    // Promise.resolve may itself throw (a `then` getter that throws on a second read): settle it inside a chain.
    return Promise.resolve()
      .then(() => value)
      .then(
        (settled) => succeeded(definition, callId, settled),
        (error: unknown) => failed(definition, callId, error, call.channel?.last),
      );
  }
  return succeeded(definition, callId, value);
}

// Whether the function the call invokes can see its context; found once per handler, and kept on the route for the
// handler it last invoked (an agent's method is the same function call after call).
function seesContext(call: HandlerCall): boolean {
  const { definition, route } = call;
  if (definition.kind === "builtin") return false;
  const handler: unknown =
    definition.kind === "function"
      ? definition.handler
      : (call.target as Record<string, unknown> | undefined)?.[definition.method!];
  // Not a function: the invocation throws for it, and no context is needed for that.
  if (typeof handler !== "function") return false;
  if (handler !== route.handler) {
    route.handler = handler as AnyFunction;
    route.handlerTakesContext = takesContext(handler as AnyFunction);
  }
  return route.handlerTakesContext;
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
