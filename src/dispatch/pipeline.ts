import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { callNotCompletedText } from "../errors/model-messages.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { passGates } from "./approval-gate.js";
import type { CallAttempt, CallRequest } from "./call-request.js";
import { activeCallTracer, traceCall, tracedCall } from "./call-tracer.js";
import { type Settled, finish } from "./finish.js";
import { runsInParallel } from "./serial-lane.js";
import { before, lane, lookUp, run, runPlainHandler, validate } from "./stages.js";
import { Ending } from "./stages.js";
import { checkOutput } from "./check-output.js";
import type { HandlerOutcome } from "./run-handler.js";
import { listenerChanges, noneListen } from "./tool-listeners.js";

/**
 * Runs one call through the pipeline and returns a result for every outcome; it never rejects for anything the model
 * or the handler did. Look up (and access), then the tool's own stages (see {@link assemble}), then `finish`: every
 * exit goes through it.
 */
export function runCall(attempt: CallAttempt): Promise<ToolResult> {
  const tracer = activeCallTracer();
  if (!tracer) return settle(attempt);
  return traceCall(tracer, tracedCall(attempt, "call", attempt.validated ?? attempt.rawArgs), () => settle(attempt));
}

function callTool(attempt: CallAttempt): Settled<ToolResult> {
  const request = lookUp(attempt);
  if (request instanceof Ending) return finish(attempt, request.args, request.outcome, request.exit);
  const plan = planOf(request);
  if (plan.direct && plainCall(request)) return runDirect(request, plan);
  return finishing(request, runStages(request, plan, 0, NO_ARGS));
}

/**
 * True when nothing but the tool's own stages applies to this call: no signal, no arguments validated beforehand, and
 * a runtime (or, for a bare dispatch, listener sets) adding nothing (see `CallRuntime.plainFor`). One number compared
 * on a warm call; adding or removing a listener, anywhere, makes the next call look again.
 */
function plainCall(request: CallRequest): boolean {
  if (request.signal !== undefined || request.validated !== undefined || request.onProgress !== undefined) return false;
  if (request.background) return false;
  const { runtime } = request;
  return runtime === undefined ? noneListen(request.listeners) : runtime.plainFor(request.listeners);
}

/**
 * The direct path of a plain call of a plain tool: validate, run, result. It is the stages' own work without their
 * plumbing: no ending, plan walk or `finish` for a call whose listeners are known to be none. Should a listener be
 * added while the call runs (by its handler, say), the call ends through `finish` as the full pipeline would.
 */
function runDirect(request: CallRequest, plan: CallPlan): Settled<ToolResult> {
  const at = listenerChanges.count;
  const args = validate(request);
  if (args instanceof Promise) return args.then((settled) => directValidated(request, plan, settled, at));
  return directValidated(request, plan, args, at);
}

function directValidated(
  request: CallRequest,
  plan: CallPlan,
  args: Record<string, unknown> | Ending,
  at: number,
): Settled<ToolResult> {
  if (args instanceof Ending) {
    return listenerChanges.count === at ? args.outcome.result : finish(request, args.args, args.outcome, args.exit);
  }
  if (plan.serial) {
    // A serial tool takes its agent's lane at once when it is free; a call that would wait goes the full way from
    // the lane stage on (its arguments, validated already, are not validated again).
    const serial = request.runtime!.lane;
    if (!serial.tryEnter()) return finishing(request, runStages(request, plan, plan.pastGates, args));
    request.held = serial;
    serial.holder = request;
  }
  const outcome = runPlainHandler(request, args);
  if (plan.checked) return directChecked(request, args, outcome, at);
  if (outcome instanceof Promise) return outcome.then((settled) => directResult(request, args, settled, at, "ended"));
  return directResult(request, args, outcome, at, "ended");
}

// A tool with `returns` or `toModelOutput` on the direct path: the result stage's own check, then the result.
function directChecked(
  request: CallRequest,
  args: Record<string, unknown>,
  outcome: Settled<HandlerOutcome>,
  at: number,
): Settled<ToolResult> {
  const ran = outcome instanceof Promise ? outcome.then((settled) => new Ending(settled, args, "ended")) : undefined;
  const ended = checkOutput(request, ran ?? new Ending(outcome as HandlerOutcome, args, "ended"));
  if (ended instanceof Promise) return ended.then((e) => directResult(request, args, e.outcome, at, e.exit));
  return directResult(request, args, ended.outcome, at, ended.exit);
}

function directResult(
  request: CallRequest,
  args: Record<string, unknown>,
  outcome: HandlerOutcome,
  at: number,
  exit: Ending["exit"],
): Settled<ToolResult> {
  return leaving(request, listenerChanges.count === at ? outcome.result : finish(request, args, outcome, exit));
}

// The stages a call can go through, in their order. A plan lists the ones one tool needs.
const VALIDATE = 0;
const GATES = 1;
const LANE = 2;
const BEFORE = 3;
const RUN = 4;
/**
 * The run stage followed by the result stage (`returns`, `toModelOutput`): only a tool with either has it, so one
 * without pays nothing.
 */
const RUN_CHECKED = 5;
type StageId = typeof VALIDATE | typeof GATES | typeof LANE | typeof BEFORE | typeof RUN | typeof RUN_CHECKED;

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

/** The stages one tool's calls go through, chosen once per tool (and per whether an agent's runtime runs it). */
interface CallPlan {
  readonly stages: readonly StageId[];
  /** Where an approved call comes back in: the first stage after the gates. */
  readonly pastGates: number;
  /**
   * The tool needs only validate → (lane) → run → (result check) → result: no gates, no time limit, retries, result
   * cap or Standard Schema of its own. Its plain calls (see {@link plainCall}) take {@link runDirect}.
   */
  readonly direct: boolean;
  /** The plan has the lane stage: a serial tool run by an agent. */
  readonly serial: boolean;
  /** The tool has a result stage (`returns`, `toModelOutput`), which the direct path runs too. */
  readonly checked: boolean;
}

/**
 * Chooses a tool's stages, in order: validate → gates (only a tool with `authScopes` or `requiresApproval`) → lane
 * (only a serial tool run by an agent) → `before` listeners → run. A parallel tool without gates is validate →
 * before → run. A tool with `returns` runs and then checks its value in one last stage. A tool without gates that
 * sets no time limit, retries or result cap is `direct`: while its caller's runtime adds nothing
 * either (no listener, default time limit or result cap; rechecked only after a listener is added or removed), its
 * calls skip the plan and go validate → lane (a serial tool's, when it is free at once) → run → result.
 */
function assemble(definition: ToolDefinition, agentRuns: boolean): CallPlan {
  const stages: StageId[] = [VALIDATE];
  if (definition.authScopes !== undefined || definition.requiresApproval) stages.push(GATES);
  const pastGates = stages.length;
  const serial = agentRuns && !runsInParallel(definition);
  if (serial) stages.push(LANE);
  const checked =
    definition.outputSchema !== undefined ||
    definition.outputStandardSchema !== undefined ||
    definition.toModelOutput !== undefined;
  stages.push(BEFORE, checked ? RUN_CHECKED : RUN);
  const direct =
    pastGates === 1 &&
    definition.timeoutMs === undefined &&
    (definition.maxRetries ?? 0) === 0 &&
    definition.maxResultChars === undefined &&
    definition.standardSchema === undefined;
  return { stages, pastGates, direct, serial, checked };
}

// Two plans per tool at most (run by an agent, or by a bare registry dispatch), shared by every agent.
const plans = new WeakMap<ToolDefinition, { agent?: CallPlan; bare?: CallPlan }>();

function planOf(request: CallRequest): CallPlan {
  const { definition } = request;
  let slot = plans.get(definition);
  if (!slot) plans.set(definition, (slot = {}));
  return request.runtime ? (slot.agent ??= assemble(definition, true)) : (slot.bare ??= assemble(definition, false));
}

/** Runs an approved call past its gates (lane → before → run → finish), in the process that approved it. */
export function runApproved(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const plan = planOf(request);
  return Promise.resolve(finishing(request, runStages(request, plan, plan.pastGates, args)));
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

function internalFailure(attempt: CallAttempt, error: unknown): ToolResult {
  return failureResult(attempt.toolName, attempt.callId, "failed", {
    code: ErrorCode.ToolFailed,
    message: callNotCompletedText(attempt.toolName, describeThrown(error)),
  });
}
