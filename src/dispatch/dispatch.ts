import { ErrorCode } from "../errors/error-code.js";
import type { ToolDefinition } from "../reflect/tool-definition.js";
import type { ArgumentValidator } from "../registry/validator.js";
import type { CallingAgent, ToolCallContext } from "./call-context.js";
import type { ToolEvent, ToolEvents } from "./hooks.js";
import { type HandlerOutcome, runHandler } from "./run-handler.js";
import { type ToolResult, failureResult } from "./tool-result.js";
import { type ValidatedCall, validateCall } from "./validate-call.js";

/** Everything one call of a resolved tool needs. */
export interface CallRequest {
  readonly definition: ToolDefinition;
  /** The agent instance for method tools; undefined for registered functions. */
  readonly target: object | undefined;
  readonly rawArgs: unknown;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly validator: ArgumentValidator;
  /** Listener sets to notify, e.g. the agent's then the registry's. */
  readonly events: readonly ToolEvents[];
}

// A signal that never aborts, shared by calls made without one, so a handler can always read `signal`.
const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs one call through the pipeline: validate → `before` listeners → handler → `after`/`error` listeners, and returns
 * a result for every outcome. It never rejects for anything the model or the handler did.
 */
export function dispatchCall(request: CallRequest): Promise<ToolResult> {
  const validated = validateCall(request.definition, request.rawArgs, request.validator);
  return validated instanceof Promise
    ? validated.then((v) => afterValidation(request, v))
    : afterValidation(request, validated);
}

function afterValidation(request: CallRequest, validated: ValidatedCall): Promise<ToolResult> {
  const { definition, callId } = request;
  if (!validated.ok) {
    const result = failureResult(definition.name, callId, "invalid_arguments", {
      code: ErrorCode.InvalidArguments,
      message: `${validated.error.message} Fix the arguments and call the tool again.`,
      issues: validated.error.issues,
    });
    return notify(request, request.rawArgs, { result, error: validated.error });
  }
  if (request.signal?.aborted) {
    const result = failureResult(definition.name, callId, "cancelled", {
      code: ErrorCode.Cancelled,
      message: `The call of tool "${definition.name}" was cancelled before it started.`,
    });
    return Promise.resolve(result);
  }
  if (request.events.some((events) => events.has("before"))) return withBefore(request, validated.args);
  return run(request, validated.args);
}

async function withBefore(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const event = makeEvent(request, "before", args);
  for (const events of request.events) {
    const reason = await events.before(event);
    if (reason !== undefined) {
      const result = failureResult(request.definition.name, request.callId, "denied", {
        code: ErrorCode.Denied,
        message: `The call of tool "${request.definition.name}" was denied: ${reason}`,
      });
      return notify(request, args, { result });
    }
  }
  return run(request, args);
}

function run(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const context: ToolCallContext = {
    signal: request.signal ?? NEVER_ABORTED,
    agent: request.agent,
    callId: request.callId,
    tool: request.definition,
  };
  const outcome = runHandler(request.definition, request.target, args, context);
  return outcome instanceof Promise ? outcome.then((o) => notify(request, args, o)) : notify(request, args, outcome);
}

/** Tells the listeners how the call ended, then resolves with its result. */
export function notify(request: CallRequest, args: unknown, outcome: HandlerOutcome): Promise<ToolResult> {
  const { result } = outcome;
  const failed = !result.ok;
  const listening = request.events.some((events) => events.has("after") || (failed && events.has("error")));
  if (!listening) return Promise.resolve(result);
  return (async () => {
    for (const events of request.events) {
      await events.emit({ ...makeEvent(request, "after", args), result });
      if (failed)
        await events.emit({ ...makeEvent(request, "error", args), result, error: outcome.error ?? result.error });
    }
    return result;
  })();
}

function makeEvent(request: CallRequest, event: ToolEvent["event"], args: unknown): ToolEvent {
  return { event, toolName: request.definition.name, args, callId: request.callId, agent: request.agent };
}
