import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { callNotCompletedText } from "../errors/model-messages.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { passGates } from "./approval-gate.js";
import type { CallAttempt, CallRequest } from "./call-request.js";
import { activeCallTracer, traceCall, tracedCall } from "./call-tracer.js";
import { type Settled, finish } from "./finish.js";
import { before, lane, lookUp, run, validate } from "./stages.js";
import { BEFORE, type CallPlan, GATES, LANE, RUN, VALIDATE, callPlanOf } from "./call-plan.js";
import { Ending } from "./ending.js";
import { checkOutput } from "./check-output.js";

/**
 * Runs one call through the pipeline and returns a result for every outcome; it never rejects for anything the model
 * or the handler did. Look up (and access), then the tool's own stages (its plan, call-plan.ts), then `finish`: every
 * exit goes through it.
 */
export function runCall(attempt: CallAttempt): Promise<ToolResult> {
  const tracer = activeCallTracer();
  if (!tracer) return settle(attempt);
  return traceCall(tracer, tracedCall(attempt, "call", attempt.validated ?? attempt.rawArgs), () => settle(attempt));
}

/**
 * Ends a call its caller answered before any stage ran (a batch entry that names no tool, a batch call cancelled
 * before it started, a framework's approved run that matches no approval record) with `result`: traced and through
 * `finish` like every other exit, so its listeners and the tracer hear of it as they would from the pipeline. A
 * `cancelled` result is a call cancelled before it started (no event, finish.ts); any other is an `ended` exit.
 */
export function endCall(attempt: CallAttempt, result: ToolResult): Promise<ToolResult> {
  const exit = result.outcome === "cancelled" ? "cancelled" : "ended";
  const end = () => Promise.resolve(finish(attempt, attempt.rawArgs, { result }, exit));
  const tracer = activeCallTracer();
  if (!tracer) return end();
  return traceCall(tracer, tracedCall(attempt, "call", attempt.rawArgs), end);
}

function callTool(attempt: CallAttempt): Settled<ToolResult> {
  const request = lookUp(attempt);
  if (request instanceof Ending) return finish(attempt, request.args, request.outcome, request.exit);
  return finishing(
    request,
    runStages(request, callPlanOf(request.definition, request.runtime !== undefined), 0, NO_ARGS),
  );
}

/**
 * Runs a call through its plan from stage `from` on, each stage taking what the one before answered (the arguments,
 * once validated): an {@link Ending} skips the rest, a promise is awaited first, and a plain answer goes to the next
 * stage now, so a call that needs no waiting is settled without a turn of the event loop. The stages are called by
 * name, not through a list of functions, so each call site stays monomorphic and V8 can inline it.
 */
function runStages(
  request: CallRequest,
  plan: CallPlan,
  from: number,
  value: Record<string, unknown>,
): Settled<Ending> {
  const { stages } = plan;
  let answer: Settled<Record<string, unknown> | Ending> = value;
  for (let i = from; i < stages.length; i++) {
    const args = answer as Record<string, unknown>;
    switch (stages[i]) {
      case VALIDATE:
        answer = validate(request); // parse, snapshot, normalize, check; a call cancelled by now ends here
        break;
      case GATES:
        answer = passGates(request, args, runApproved); // scopes, then approval (inline, or pending in the agent's approvals)
        break;
      case LANE:
        answer = lane(request, args); // a serial tool waits for its agent's lane, held until the call is finished
        break;
      case BEFORE:
        answer = before(request, args); // `before` listeners, which may deny the call
        break;
      case RUN:
        return run(request, args); // the handler: time limit, abort signal, retries, background hand-off
      default:
        return checkOutput(request, run(request, args)); // the handler, then its value against `returns`
    }
    if (answer instanceof Ending) return answer;
    if (answer instanceof Promise) return answer.then((settled) => resume(request, plan, i + 1, settled));
  }
  throw new TypeError("a call's plan has no run stage");
}

function resume(
  request: CallRequest,
  plan: CallPlan,
  from: number,
  settled: Record<string, unknown> | Ending,
): Settled<Ending> {
  return settled instanceof Ending ? settled : runStages(request, plan, from, settled);
}

/** Runs an approved call past its gates (lane → before → run → finish), in the process that approved it. */
export function runApproved(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const plan = callPlanOf(request.definition, request.runtime !== undefined);
  return Promise.resolve(finishing(request, runStages(request, plan, plan.pastGates, args)));
}

/**
 * Takes a call the direct door let in back onto the pipeline: from the lane stage on with its validated `args`, or,
 * without them, from the start. Settles with the call's result, through `finish`.
 */
export function continueCall(
  request: CallRequest,
  plan: CallPlan,
  args: Record<string, unknown> | undefined,
): Settled<ToolResult> {
  if (args === undefined) return finishing(request, runStages(request, plan, 0, NO_ARGS));
  return finishing(request, runStages(request, plan, plan.pastGates, args));
}

/** Hands a call's ending to `finish`, the one way out, then gives up the serial lane the call held. */
function finishing(request: CallRequest, ended: Settled<Ending>): Settled<ToolResult> {
  if (ended instanceof Promise) return ended.then((settled) => finishing(request, settled));
  return leaving(request, finish(request, ended.args, ended.outcome, ended.exit));
}

/** Gives up the serial lane a call held, once its result is settled. */
function leaving(request: CallRequest, result: Settled<ToolResult>): Settled<ToolResult> {
  const held = request.held;
  if (held === undefined) return result;
  request.held = undefined;
  if (!(result instanceof Promise)) {
    held.leave();
    return result;
  }
  return result.finally(() => held.leave());
}

/** Hands the lane on when a call failed inside toolwright, or every later serial call of the agent would wait. */
function release(attempt: CallAttempt): void {
  const held = attempt.held;
  attempt.held = undefined;
  held?.leave();
}

/**
 * Runs the pipeline and returns its result as one promise: a call settled at once becomes one resolved promise, not a
 * chain. The last line of defence of "never rejects": every stage turns failures into results, so a throw or a
 * rejection reaching this is a toolwright bug, and the caller still gets a result instead of an exception.
 */
function settle(attempt: CallAttempt): Promise<ToolResult> {
  let settled: Settled<ToolResult>;
  try {
    settled = callTool(attempt);
  } catch (error) {
    release(attempt);
    return Promise.resolve(internalFailure(attempt, error));
  }
  if (!(settled instanceof Promise)) return Promise.resolve(settled);
  return settled.catch((error: unknown) => {
    release(attempt);
    return internalFailure(attempt, error);
  });
}

const NO_ARGS: Record<string, unknown> = Object.freeze({});

/** The result of a call that failed inside toolwright (a bug): the caller still gets a result. */
export function internalFailure(attempt: Pick<CallAttempt, "toolName" | "callId">, error: unknown): ToolResult {
  return failureResult(attempt.toolName, attempt.callId, "failed", {
    code: ErrorCode.ToolFailed,
    message: callNotCompletedText(attempt.toolName, describeThrown(error)),
  });
}
