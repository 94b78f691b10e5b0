import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { ToolNotFoundError, ToolPermissionError } from "../errors/errors.js";
import {
  callNotCompletedText,
  invalidArgumentsResultText,
  schemaDoesNotCompileText,
} from "../errors/model-messages.js";
import { NEVER_ABORTED } from "../tool/tool-definition.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { passGates } from "./approval-gate.js";
import type { ToolCallContext } from "./call-context.js";
import type { CallAttempt, CallRequest } from "./call-request.js";
import { activeCallTracer, tracedCall } from "./call-tracer.js";
import { beforeRefusal } from "./before-refusal.js";
import { type FinishingCall, finish, makeEvent } from "./finish.js";
import { anyListens } from "./hooks.js";
import { runHandler } from "./run-handler.js";
import { runManaged } from "./run-managed.js";
import { cancelledResult } from "./runtime-results.js";
import { type SerialLane, runsInParallel } from "./serial-lane.js";
import { shownCopy } from "./shown-copy.js";
import { Ending, type Settled, step } from "./step.js";
import { validateCall } from "./validate-call.js";

/**
 * Runs one call through the pipeline and returns a result for every outcome; it never rejects for anything the model
 * or the handler did. The stages, in order:
 * look up (and access) → parse and validate → gates (cancelled? scopes, approval) → lane → `before` listeners → run
 * (time limit, abort signal, retries, background hand-off) → result, and every exit through one `finish`.
 */
export function runCall(attempt: CallAttempt): Promise<ToolResult> {
  const tracer = activeCallTracer();
  if (!tracer) return settle(attempt, callTool);
  return tracer.trace(tracedCall(attempt, "call", attempt.validated ?? attempt.rawArgs), () =>
    settle(attempt, callTool),
  );
}

function callTool(attempt: CallAttempt): Settled<ToolResult> {
  return finishing(
    attempt,
    step(lookUp(attempt), (request) =>
      step(validate(request), (args) => step(gates(request, args), () => pastGates(request, args))),
    ),
  );
}

/** The stages after the gates, where an approved call comes back in: lane → `before` → run → result. */
function pastGates(request: CallRequest, args: Record<string, unknown>): Settled<ToolResult> {
  return inLane(request, () =>
    finishing(
      request,
      step(before(request, args), () => run(request, args)),
    ),
  );
}

/** Runs an approved call that waited in a store, in the process that approved it: lane → before → handler. */
export function runApproved(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  return Promise.resolve(pastGates(request, args));
}

function lookUp(attempt: CallAttempt): CallRequest | Ending {
  if (attempt.definition !== undefined) return attempt as CallRequest;
  const { toolName, unavailable } = attempt;
  const available = unavailable?.available() ?? [];
  const error =
    unavailable?.exists() === true
      ? new ToolPermissionError(attempt.agent?.name ?? "", toolName, available)
      : new ToolNotFoundError(toolName, available);
  const outcome = error instanceof ToolPermissionError ? "denied" : "not_found";
  const result = failureResult(toolName, attempt.callId, outcome, { code: error.code, message: error.message });
  return new Ending({ result, error }, attempt.rawArgs, "unavailable");
}

function validate(request: CallRequest): Settled<Record<string, unknown> | Ending> {
  if (request.validated !== undefined) return request.validated;
  const { definition, callId } = request;
  let validated: ReturnType<typeof validateCall>;
  try {
    validated = validateCall(definition, request.rawArgs, request.validator);
  } catch (error) {
    // Only a schema ajv cannot compile gets here (outside schemas are compiled at registration): a definition bug
    // the model cannot fix, reported as a failed call rather than thrown at the caller.
    const result = failureResult(definition.name, callId, "failed", {
      code: ErrorCode.InvalidDefinition,
      message: schemaDoesNotCompileText(definition.name, describeThrown(error)),
    });
    return new Ending({ result, error }, request.rawArgs, "ended");
  }
  return step(validated, (checked) => {
    if (checked.ok) return checked.args;
    const { issues } = checked;
    const result = failureResult(definition.name, callId, "invalid_arguments", {
      code: ErrorCode.InvalidArguments,
      // The same text as ToolValidationError's message, without building the error unless an `error` listener reads it.
      message: invalidArgumentsResultText(definition.name, issues),
      issues,
    });
    const outcome = anyListens(request.events, "error") ? { result, error: checked.error } : { result };
    return new Ending(outcome, request.rawArgs, "ended");
  });
}

function gates(request: CallRequest, args: Record<string, unknown>): Settled<undefined | Ending> {
  const { definition } = request;
  if (request.signal?.aborted) return cancelled(request, args);
  if (definition.authScopes === undefined && !definition.requiresApproval) return undefined;
  return passGates(request, args, runApproved);
}

/** Serial tools of an agent wait for its lane, so they never overlap; the lane is held until the call is finished. */
function inLane(request: CallRequest, body: () => Settled<ToolResult>): Settled<ToolResult> {
  const runtime = request.runtime;
  if (!runtime || runsInParallel(request.definition)) return body();
  const lane = runtime.lane;
  if (lane.tryEnter()) return leaveAfter(lane, body);
  return lane.enter(request.signal).then((entered) => {
    if (entered) return leaveAfter(lane, body);
    return finishing(request, cancelled(request, undefined));
  });
}

function leaveAfter(lane: SerialLane, body: () => Settled<ToolResult>): Settled<ToolResult> {
  let settled: Settled<ToolResult>;
  try {
    settled = body();
  } catch (error) {
    // Nothing below should throw; if it ever does, the lane must still be handed on, or every later call waits.
    lane.leave();
    throw error;
  }
  if (!(settled instanceof Promise)) {
    lane.leave();
    return settled;
  }
  return settled.finally(() => lane.leave());
}

function before(request: CallRequest, args: Record<string, unknown>): Settled<undefined | Ending> {
  return anyListens(request.events, "before") ? askBefore(request, args) : undefined;
}

async function askBefore(request: CallRequest, args: Record<string, unknown>): Promise<Ending | undefined> {
  // Listeners see a copy: one that changes it cannot hand the handler values that were never validated.
  const event = makeEvent(request, "before", shownCopy(args));
  for (const events of request.events) {
    const refusal = await events.before(event);
    if (refusal !== undefined) return new Ending(beforeRefusal(request, refusal), args, "ended");
  }
  return undefined;
}

function run(request: CallRequest, args: Record<string, unknown>): Settled<Ending> {
  const { definition, runtime } = request;
  const timeoutMs = definition.timeoutMs ?? runtime?.options.defaultTimeoutMs;
  if (timeoutMs !== undefined || request.signal !== undefined || (definition.maxRetries ?? 0) > 0) {
    return runManaged(request, args, timeoutMs).then((outcome) => new Ending(outcome, args, "ended"));
  }
  const context: ToolCallContext = {
    signal: NEVER_ABORTED,
    agent: request.agent,
    callId: request.callId,
    tool: definition,
  };
  const outcome = runHandler(definition, request.target, args, context);
  if (outcome instanceof Promise) return outcome.then((settled) => new Ending(settled, args, "ended"));
  return new Ending(outcome, args, "ended");
}

function cancelled(request: CallRequest, args: unknown): Ending {
  const result = cancelledResult(request.definition.name, request.callId, request.signal?.reason, false);
  return new Ending({ result }, args, "cancelled");
}

/** Hands a call's ending to `finish`, the one way out; a result already finished passes through. */
function finishing(call: FinishingCall, ended: Settled<ToolResult | Ending>): Settled<ToolResult> {
  if (ended instanceof Promise) return ended.then((settled) => finishing(call, settled));
  if (!(ended instanceof Ending)) return ended;
  return finish(call, ended.args, ended.outcome, ended.exit);
}

/**
 * Runs the pipeline and returns its result as one promise: a call settled at once becomes one resolved promise, not a
 * chain. The last line of defence of "never rejects": every stage turns failures into results, so a throw or a
 * rejection reaching this is a toolwright bug, and the caller still gets a result instead of an exception.
 */
function settle(attempt: CallAttempt, pipeline: (attempt: CallAttempt) => Settled<ToolResult>): Promise<ToolResult> {
  let settled: Settled<ToolResult>;
  try {
    settled = pipeline(attempt);
  } catch (error) {
    return Promise.resolve(internalFailure(attempt, error));
  }
  if (!(settled instanceof Promise)) return Promise.resolve(settled);
  return settled.catch((error: unknown) => internalFailure(attempt, error));
}

function internalFailure(attempt: CallAttempt, error: unknown): ToolResult {
  return failureResult(attempt.toolName, attempt.callId, "failed", {
    code: ErrorCode.ToolFailed,
    message: callNotCompletedText(attempt.toolName, describeThrown(error)),
  });
}
