import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { deepFreeze } from "../schema/json.js";
import { formatIssues } from "../errors/errors.js";
import type { ToolCallContext } from "./call-context.js";
import type { CallRequest } from "./call-request.js";
import { activeCallTracer, tracedCall } from "./call-tracer.js";
import { beforeRefusal } from "./before-refusal.js";
import { checkScopes, decideApproval, gateFailure, rejection } from "./gates.js";
import { anyListens } from "./hooks.js";
import { makeEvent, notify } from "./notify.js";
import { runHandler } from "./run-handler.js";
import { runManaged } from "./run-managed.js";
import { awaitingApprovalResult, cancelledResult } from "./runtime-results.js";
import { type SerialLane, runsInParallel } from "./serial-lane.js";
import { shownCopy } from "./shown-copy.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { NEVER_ABORTED } from "../tool/tool-definition.js";
import { type ValidatedCall, validateCall } from "./validate-call.js";

export type { CallRequest } from "./call-request.js";
export { notify } from "./notify.js";

// Internal steps return a result directly when nothing had to wait, so a plain synchronous call costs no extra turn.
type Settled = ToolResult | Promise<ToolResult>;

/**
 * Runs one call through the pipeline: validate → scopes → approval → serial lane → `before` listeners → handler
 * (time limit, abort signal, retries, background hand-off) → `after`/`error` listeners, and returns a result for every
 * outcome. It never rejects for anything the model or the handler did.
 */
export function dispatchCall(request: CallRequest): Promise<ToolResult> {
  const tracer = activeCallTracer();
  if (tracer) return tracer.trace(tracedCall(request, "call", request.rawArgs), () => dispatchGuarded(request));
  return dispatchGuarded(request);
}

function dispatchGuarded(request: CallRequest): Promise<ToolResult> {
  return guarded(request, dispatchUnguarded, undefined);
}

function dispatchUnguarded(request: CallRequest): Settled {
  let validated: ValidatedCall | Promise<ValidatedCall>;
  try {
    validated = validateCall(request.definition, request.rawArgs, request.validator);
  } catch (error) {
    // Only a schema ajv cannot compile gets here (outside schemas are compiled at registration): a definition bug
    // the model cannot fix, reported as a failed call rather than thrown at the caller.
    const result = failureResult(request.definition.name, request.callId, "failed", {
      code: ErrorCode.InvalidDefinition,
      message: `Tool "${request.definition.name}" cannot be called: its input schema does not compile (${describeThrown(error)}).`,
    });
    return notify(request, request.rawArgs, { result, error });
  }
  // A call that needs no waiting is settled here, synchronously: its caller gets one resolved promise, not a chain.
  return validated instanceof Promise
    ? validated.then((v) => afterValidation(request, v))
    : afterValidation(request, validated);
}

/**
 * Runs a call whose arguments were already validated (by `ToolRegistry.dispatch`, which throws for invalid ones), so
 * they are not validated, and a Standard Schema transform not applied, a second time.
 */
export function dispatchValidated(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const run = () => guarded(request, afterValidation, { ok: true, args });
  const tracer = activeCallTracer();
  return tracer ? tracer.trace(tracedCall(request, "call", args), run) : run();
}

/**
 * Runs `step(request, arg)` and returns its result as one promise: a step settled at once becomes one resolved promise,
 * not a chain. The last line of defence of "never rejects": every step turns failures into results, so a throw or a
 * rejection reaching this is a toolwright bug, and the caller still gets a result instead of an exception.
 */
function guarded<A>(
  request: CallRequest,
  step: (request: CallRequest, arg: A) => Settled,
  arg: A,
): Promise<ToolResult> {
  let settled: Settled;
  try {
    settled = step(request, arg);
  } catch (error) {
    return Promise.resolve(internalFailure(request, error));
  }
  if (!(settled instanceof Promise)) return Promise.resolve(settled);
  return settled.catch((error: unknown) => internalFailure(request, error));
}

function internalFailure(request: CallRequest, error: unknown): ToolResult {
  return failureResult(request.definition.name, request.callId, "failed", {
    code: ErrorCode.ToolFailed,
    message: `The call of tool "${request.definition.name}" could not be completed: ${describeThrown(error)}`,
  });
}

function afterValidation(request: CallRequest, validated: ValidatedCall): Settled {
  const { definition, callId } = request;
  if (!validated.ok) {
    const { issues } = validated;
    const result = failureResult(definition.name, callId, "invalid_arguments", {
      code: ErrorCode.InvalidArguments,
      // The same text as ToolValidationError's message, without building the error unless an `error` listener reads it.
      message: `Invalid arguments for tool "${definition.name}": ${formatIssues(issues)}. Fix the arguments and call the tool again.`,
      issues,
    });
    // The error is built only for an `error` listener, which is the only reader of it.
    const outcome = anyListens(request.events, "error") ? { result, error: validated.error } : { result };
    return notify(request, request.rawArgs, outcome);
  }
  if (request.signal?.aborted) return cancelledResult(definition.name, callId, request.signal.reason, false);
  if (definition.authScopes !== undefined || definition.requiresApproval) return gate(request, validated.args);
  return proceed(request, validated.args);
}

async function gate(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  // The scope checker and the approval callbacks see a copy, as `before` listeners do.
  const shown = shownCopy(args);
  const unauthorised = await checkScopes(request, shown);
  if (unauthorised) return notify(request, args, unauthorised);
  const decision = await decideApproval(request, shown);
  if (decision === undefined) return proceed(request, args);
  if (decision !== "ask") return notify(request, args, decision);
  const { definition, callId } = request;
  const approvals = request.runtime?.approvals;
  if (!approvals) {
    // Nobody can be asked, so nobody approved: the call is rejected, with the code that says approval is needed.
    const result = failureResult(definition.name, callId, "rejected", {
      code: ErrorCode.ApprovalRequired,
      message: `Tool "${definition.name}" needs approval, and this call was not made through an agent that can ask for it.`,
    });
    return notify(request, args, { result });
  }
  let approvalId: string;
  try {
    // A snapshot: the arguments may be the caller's own object, which it could change before the approval.
    const approved = structuredClone(args);
    approvalId = await approvals.request({
      toolName: definition.name,
      callId,
      // What `pending()` shows is a frozen copy of its own: a UI cannot change what runs through it either.
      args: deepFreeze(structuredClone(approved)),
      // The approved call runs under the approver's signal: the original caller has long had its answer.
      run: async (signal) => {
        const tracer = activeCallTracer();
        const go = async () => proceed({ ...request, signal }, approved);
        return tracer ? tracer.trace(tracedCall(request, "approved", approved), go) : go();
      },
      refuse: async (reason) => notify(request, args, rejection(request, reason)),
      report: async (result) => notify(request, args, { result }),
    });
  } catch (error) {
    // Arguments that cannot be hashed (a cycle made by a schema transform) cannot be bound to an approval.
    return notify(request, args, gateFailure(request, "approval request", error));
  }
  return notify(request, args, { result: awaitingApprovalResult(definition.name, callId, approvalId) });
}

/** Runs an approved call that waited in a store, in the process that approved it: lane → before → handler. */
export function runApproved(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  return Promise.resolve(proceed(request, args));
}

/** Runs a call that passed its gates: serial tools of an agent wait for its lane, so they never overlap. */
function proceed(request: CallRequest, args: Record<string, unknown>): Settled {
  const runtime = request.runtime;
  if (!runtime || runsInParallel(request.definition)) return execute(request, args);
  const lane = runtime.lane;
  if (lane.tryEnter()) return leaveAfter(lane, request, args);
  return lane.enter(request.signal).then((entered) => {
    if (entered) return leaveAfter(lane, request, args);
    return cancelledResult(request.definition.name, request.callId, request.signal?.reason, false);
  });
}

function leaveAfter(lane: SerialLane, request: CallRequest, args: Record<string, unknown>): Settled {
  let settled: Settled;
  try {
    settled = execute(request, args);
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

function execute(request: CallRequest, args: Record<string, unknown>): Settled {
  if (anyListens(request.events, "before")) return withBefore(request, args);
  return run(request, args);
}

async function withBefore(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  // Listeners see a copy: one that changes it cannot hand the handler values that were never validated.
  const event = makeEvent(request, "before", shownCopy(args));
  for (const events of request.events) {
    const refusal = await events.before(event);
    if (refusal !== undefined) return notify(request, args, beforeRefusal(request, refusal));
  }
  return run(request, args);
}

function run(request: CallRequest, args: Record<string, unknown>): Settled {
  const { definition, runtime } = request;
  const timeoutMs = definition.timeoutMs ?? runtime?.options.defaultTimeoutMs;
  if (timeoutMs !== undefined || request.signal !== undefined || (definition.maxRetries ?? 0) > 0) {
    return runManaged(request, args, timeoutMs).then((outcome) => notify(request, args, outcome));
  }
  const context: ToolCallContext = {
    signal: NEVER_ABORTED,
    agent: request.agent,
    callId: request.callId,
    tool: definition,
  };
  const outcome = runHandler(definition, request.target, args, context);
  return outcome instanceof Promise ? outcome.then((o) => notify(request, args, o)) : notify(request, args, outcome);
}
