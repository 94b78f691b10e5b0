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
import { before, lane, lookUp, run, validate } from "./stages.js";
import { Ending } from "./stages.js";
import { checkOutput } from "./check-output.js";

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
  return finishing(request, runStages(request, planOf(request), 0, NO_ARGS));
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
}

/**
 * Chooses a tool's stages, in order: validate → gates (only a tool with `authScopes` or `requiresApproval`) → lane
 * (only a serial tool run by an agent) → `before` listeners → run. A parallel tool without gates is validate →
 * before → run. A tool with `returns` runs and then checks its value in one last stage. Listeners and the agent's time limit are read by their stage on each call (one check each), so adding
 * a listener needs no new plan.
 */
function assemble(definition: ToolDefinition, agentRuns: boolean): CallPlan {
  const stages: StageId[] = [VALIDATE];
  if (definition.authScopes !== undefined || definition.requiresApproval) stages.push(GATES);
  const pastGates = stages.length;
  if (agentRuns && !runsInParallel(definition)) stages.push(LANE);
  const checked =
    definition.outputSchema !== undefined ||
    definition.outputStandardSchema !== undefined ||
    definition.toModelOutput !== undefined;
  stages.push(BEFORE, checked ? RUN_CHECKED : RUN);
  return { stages, pastGates };
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
  const result = finish(request, ended.args, ended.outcome, ended.exit);
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
