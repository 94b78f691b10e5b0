import { ToolNotFoundError, ToolPermissionError } from "../errors/errors.js";
import type { ArgumentValidator } from "../schema/validator.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { askApproval, passGates } from "./approval-gate.js";
import { confirmGrant } from "./grant-gate.js";
import { approvalReasons } from "./approval-reasons.js";
import { type CallAttempt, CallRequest, type UnavailableTool } from "./call-request.js";
import { CallRoute, type RouteCall, type Step as RouteStep } from "./call-route.js";
import { plainCall } from "./plain-call.js";
import type { CallRuntime } from "./call-runtime.js";
import { activeCallTracer, traceCall, tracedCall } from "./call-tracer.js";
import { checkOutput } from "./check-output.js";
import { internalFailure } from "./internal-failure.js";
import { Ending } from "./run-handler.js";
import { type Settled, finish, resultEvent, tell } from "./finish.js";
import type { Exit, HandlerOutcome } from "./run-handler.js";
import { before, capResult, lane, run, validate } from "./stages.js";
import {
  cacheLookup,
  keepResult,
  markOutput,
  rememberCall,
  repeatGuard,
  untrustedSessionGate,
} from "./policy-stages.js";
import { type ToolListeners, routeChanges } from "./tool-listeners.js";

/**
 * Assembles a route's function from the stages its tool needs, in their order: validate → gates (scopes, approval)
 * → lane (a serial tool's turn) → `before` listeners → run (time limit, signal, retries, background hand-off) →
 * result check (`returns`, `toModelOutput`) → result cap → end. A stage the tool does not need is not in the
 * function at all; a listener, a tracer or a limit adds its stage when the route is assembled again.
 */
export function assemble(route: CallRoute<CallRequest>): CallRoute<CallRequest> {
  route.pastGates = pastGatesOf(route, false);
  route.start = then(validate, then(route.gated && gates, route.pastGates));
  // A call that names its session adds the session stages its tool needs: the repeat guard first (a refused repeat
  // asks nobody), then the gate of a destructive tool in a session that read untrusted output (which may send the
  // call to the approval gates), and the guard's memory of the result at the end.
  const inSession = route.guard !== undefined || route.taints;
  route.sessionPastGates = inSession ? pastGatesOf(route, true) : route.pastGates;
  route.sessionStart = inSession
    ? then(
        validate,
        then(
          route.guard !== undefined && repeatGuard,
          then(
            route.taints && untrustedSessionGate,
            then(route.gated ? gates : route.taints && asked, route.sessionPastGates),
          ),
        ),
      )
    : route.start;
  route.end = route.quiet ? quietEnd : heardEnd;
  route.call = route.plain ? plainOrRequested : requested;
  return route;
}

// A route with stages: the call's request is made at once, and runs them.
const requested: RouteCall<CallRequest> = (route, runtime, target, rawArgs, callId, agent, options) =>
  runCall(new CallRequest(route, runtime, target, rawArgs, callId, agent, options));

// A plain route: a call that says nothing a stage reads (route.plain lists what) is answered without a request; one
// with a signal, a progress listener, a session, a background hand-off, an approval edit or validated arguments takes
// the stages, which read them.
const plainOrRequested: RouteCall<CallRequest> = (route, runtime, target, rawArgs, callId, agent, options) =>
  options.signal === undefined &&
  options.onProgress === undefined &&
  options.session === undefined &&
  options.background !== true &&
  options.approval === undefined &&
  options.validated === undefined
    ? plainCall(route, runtime, target, rawArgs, callId, agent, options)
    : requested(route, runtime, target, rawArgs, callId, agent, options);

// From the lane to the end: lane → `before` → cache lookup → run → result check → cap → cache store and clearing the
// caches it invalidates → the untrusted mark → (in a session) the repeat guard's memory.
function pastGatesOf(route: CallRoute<CallRequest>, inSession: boolean): Step {
  const cached = route.cache !== undefined;
  let ran = onEnd(onEnd(run, route.checked && checkOutput), route.maxResultChars !== undefined && capResult);
  ran = onEnd(ran, (cached || route.invalidates !== undefined) && keepResult);
  ran = onEnd(onEnd(ran, route.untrusted && markOutput), inSession && route.guard !== undefined && rememberCall);
  // A call that may need approval checks, last before its handler, that the grant it runs under (if any) still holds.
  const granted = route.gated || route.taints ? grantHeld(ran) : ran;
  return then(route.serial && lane, then(route.asked && before, then(cached && cacheLookup, granted)));
}

type Step = RouteStep<CallRequest>;

/** What a stage before the run answers: the arguments for the next one, or the {@link Ending} that skips the rest. */
type Stage = (request: CallRequest, args: Record<string, unknown>) => Settled<Record<string, unknown> | Ending>;

// Links `stage` in front of `next` (or leaves `next` alone for a stage the tool does not need). The step is
// sync-aware: a plain answer goes to `next` now, so a call that needs no waiting is settled without a turn.
function then(stage: Stage | false, next: Step): Step {
  if (stage === false) return next;
  return (request, args) => {
    const answer = stage(request, args);
    if (answer instanceof Ending) return answer;
    if (answer instanceof Promise)
      return answer.then((settled) => (settled instanceof Ending ? settled : next(request, settled)));
    return next(request, answer);
  };
}

// Links a stage after the run: it takes how the call ended, and may end it otherwise (a result that breaks `returns`).
function onEnd(inner: Step, stage: ((request: CallRequest, ended: Ending) => Settled<Ending>) | false): Step {
  if (stage === false) return inner;
  return (request, args) => {
    const ended = inner(request, args);
    return ended instanceof Promise ? ended.then((settled) => stage(request, settled)) : stage(request, ended);
  };
}

const gates: Stage = (request, args) => passGates(request, args, runApproved);

// Not a stage: the run is called from inside the grant's use, in the turn the store answers (see confirmGrant).
const grantHeld =
  (next: Step): Step =>
  (request, args) =>
    confirmGrant(request, args, (asking, asked) => askApproval(asking, asked, runApproved), next);

// The gates of a tool that has none of its own, for a call the untrusted-session gate sent to approval: only that call
// waits a turn, the session's other calls of the tool go on at once. A framework's approval question
// (`awaitApproval`) always ends at the gate, so it can never run the call, whatever the session says by then.
const asked: Stage = (request, args) =>
  approvalReasons.has(request) || request.awaitApproval ? gates(request, args) : args;

// Nobody listened when the route was assembled: the result is the call's answer. A listener added since (by the
// handler, say) makes the route stale, and then the call still ends through `finish`, so that listener hears it.
function quietEnd(request: CallRequest, args: unknown, outcome: HandlerOutcome, exit: Exit): Settled<ToolResult> {
  if (
    request.route.at === routeChanges.count &&
    request.options.approval === undefined &&
    request.grant === undefined
  ) {
    return outcome.result;
  }
  return finish(request, args, outcome, exit);
}

// Someone listened when the route was assembled. While the route is fresh, a call that succeeded plainly (no approval
// edit, no grant: `finish` adds those to its result) tells only the sets found listening to `after` then
// (`CallRoute.afterSets`), asking no set whether it listens; any other call ends through `finish`, which asks each.
// A listener that answers with a promise, or adds or removes a listener (`routeChanges` moves), hands the rest to
// `tell`, which asks each later set as it is then: the same sets hear the event, in the same order, as through `finish`.
function heardEnd(request: CallRequest, args: unknown, outcome: HandlerOutcome, exit: Exit): Settled<ToolResult> {
  const { route } = request;
  const { result } = outcome;
  const sets = request.listeners;
  const { at } = route;
  if (
    exit !== "ended" ||
    !result.ok ||
    at !== routeChanges.count ||
    request.options.approval !== undefined ||
    request.grant !== undefined ||
    sets !== route.listeners
  ) {
    return finish(request, args, outcome, exit);
  }
  // The usual event as `resultEvent` makes it, one literal in its fields' order; a call in a session or with a task
  // gets its extra fields there (no approval edit or grant here: checked above).
  const event =
    request.options.session === undefined && result.taskId === undefined
      ? {
          event: "after" as const,
          toolName: request.toolName,
          args,
          callId: request.callId,
          agent: request.agent,
          result,
        }
      : resultEvent(request, "after", args, result, undefined);
  const { afterSets } = route;
  for (let i = 0; i < afterSets.length; i++) {
    const index = afterSets[i]!;
    const told = sets[index]!.emitAfter(event);
    // `tell`'s next step after this set's `after`: its `error` step, which a success skips.
    const next = index * 2 + 1;
    if (told !== undefined) return told.then(() => tell(request, args, outcome, false, true, next));
    if (routeChanges.count !== at) return tell(request, args, outcome, false, true, next);
  }
  return result;
}

/** The slot a route is kept in between calls: an agent view's entry of the tool. */
export interface RouteSlot {
  readonly definition: ToolDefinition;
  route: CallRoute<CallRequest> | undefined;
  /** The `cache` tools of the agent's view whose `invalidatedBy` names this one. */
  readonly invalidates?: readonly string[] | undefined;
}

/**
 * The route of an agent's calls of `slot`'s tool, assembled again once stale. A runtime that `shares` its routes (no
 * options and no listeners of its own: nothing of one agent in them) keeps them on the agent view's entry, for every
 * agent of the name; any other keeps its own, so a shared entry never holds one agent's listeners or options alive.
 */
export function agentRoute(
  slot: RouteSlot,
  runtime: CallRuntime,
  validator: ArgumentValidator,
  listeners: readonly ToolListeners[],
  shares: boolean,
): CallRoute<CallRequest> {
  // A runtime that does not share its routes: the one its last call took when it is this tool's (a run of calls of
  // one tool reads no map), else the one its map holds.
  const kept = shares
    ? slot.route
    : runtime.lastSlot === slot
      ? (runtime.lastRoute as CallRoute<CallRequest>)
      : ownRoute(runtime, slot);
  if (
    kept !== undefined &&
    kept.at === routeChanges.count &&
    kept.options === runtime.options &&
    kept.listeners === listeners &&
    kept.validator === validator
  ) {
    return kept;
  }
  const route = assemble(
    new CallRoute<CallRequest>(slot.definition, runtime.options, validator, listeners, slot.invalidates),
  );
  if (shares) slot.route = route;
  else {
    (runtime.routes ??= new Map()).set(slot, route);
    runtime.lastSlot = slot;
    runtime.lastRoute = route;
  }
  return route;
}

// The route a runtime that does not share its routes keeps for `slot` in its map, then remembered as the last taken.
function ownRoute(runtime: CallRuntime, slot: RouteSlot): CallRoute<CallRequest> | undefined {
  const route = runtime.routes?.get(slot) as CallRoute<CallRequest> | undefined;
  if (route !== undefined) {
    runtime.lastSlot = slot;
    runtime.lastRoute = route;
  }
  return route;
}

// Bare registry dispatches, one route per tool; checked against the registry's validator and listener sets.
const bare = new WeakMap<ToolDefinition, CallRoute<CallRequest>>();

/** The route of a bare registry dispatch of `definition` (no agent runtime). */
export function bareRoute(
  definition: ToolDefinition,
  validator: ArgumentValidator,
  listeners: readonly ToolListeners[],
): CallRoute<CallRequest> {
  const route = bare.get(definition);
  if (route !== undefined && route.fresh && route.validator === validator && route.listeners === listeners) {
    return route;
  }
  const assembled = assemble(new CallRoute<CallRequest>(definition, undefined, validator, listeners));
  bare.set(definition, assembled);
  return assembled;
}

/**
 * Runs one call along its tool's route and returns a result for every outcome; it never rejects for anything the
 * model or the handler did. Every exit goes through the route's end.
 */
export function runCall(request: CallRequest): Promise<ToolResult> {
  if (request.route.traced) {
    const tracer = activeCallTracer();
    if (tracer !== undefined) {
      const traced = tracedCall(request, "call", request.validated ?? request.rawArgs);
      return traceCall(tracer, traced, () => settle(request));
    }
  }
  return settle(request);
}

/**
 * Ends a call of a tool the caller cannot see: `not_found`, or `denied` when the tool exists. Traced and through
 * `finish` like every other exit; it raises `error` only (docs/runtime.md).
 */
export function unavailableCall(
  attempt: CallAttempt,
  rawArgs: unknown,
  unavailable: UnavailableTool,
): Promise<ToolResult> {
  const { toolName } = attempt;
  const end = () => {
    const available = unavailable.available();
    const error = unavailable.exists()
      ? new ToolPermissionError(attempt.agent?.name ?? "", toolName, available, unavailable.appOnly === true)
      : new ToolNotFoundError(toolName, available);
    const outcome = error instanceof ToolPermissionError ? "denied" : "not_found";
    const result = failureResult(toolName, attempt.callId, outcome, { code: error.code, message: error.message });
    return Promise.resolve(finish(attempt, rawArgs, { result, error }, "unavailable"));
  };
  const tracer = activeCallTracer();
  return tracer ? traceCall(tracer, tracedCall(attempt, "call", rawArgs), end) : end();
}

/**
 * Ends a call its caller answered before any stage ran (a batch entry that names no tool, a batch call cancelled
 * before it started, a framework's approved run that matches no approval record) with `result`: traced and through
 * `finish` like every other exit, so its listeners and the tracer hear of it as they would from the pipeline. A
 * `cancelled` result is a call cancelled before it started (no event, finish.ts); any other is an `ended` exit.
 */
export function endCall(attempt: CallAttempt, rawArgs: unknown, result: ToolResult): Promise<ToolResult> {
  const exit = result.outcome === "cancelled" ? "cancelled" : "ended";
  const end = () => Promise.resolve(finish(attempt, rawArgs, { result }, exit));
  const tracer = activeCallTracer();
  if (!tracer) return end();
  return traceCall(tracer, tracedCall(attempt, "call", rawArgs), end);
}

/** Runs an approved call past its gates (lane → before → run → end), in the process that approved it. */
export function runApproved(request: CallRequest, args: Record<string, unknown>): Promise<ToolResult> {
  const { route } = request;
  const past = request.options.session === undefined ? route.pastGates : route.sessionPastGates;
  return Promise.resolve(finishing(request, past(request, args)));
}

/** Hands a call's ending to its route's end, the one way out, then gives up the serial lane the call held. */
function finishing(request: CallRequest, ended: Settled<Ending>): Settled<ToolResult> {
  if (ended instanceof Promise) return ended.then((settled) => finishing(request, settled));
  return leaving(request, request.route.end(request, ended.args, ended.outcome, ended.exit));
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
function release(request: CallRequest): void {
  const held = request.held;
  request.held = undefined;
  held?.leave();
}

/**
 * Runs the route and returns its result as one promise: a call settled at once becomes one resolved promise, not a
 * chain. The last line of defence of "never rejects": every stage turns failures into results, so a throw or a
 * rejection reaching this is a toolwright bug, and the caller still gets a result instead of an exception.
 */
function settle(request: CallRequest): Promise<ToolResult> {
  let settled: Settled<ToolResult>;
  try {
    const { route } = request;
    const ended = (request.options.session === undefined ? route.start : route.sessionStart)(request, NO_ARGS);
    // One promise for a call that waited: its end is guarded in the same callback.
    if (ended instanceof Promise) {
      return ended.then(
        (later) => guarded(request, later),
        (error: unknown) => failedInside(request, error),
      );
    }
    settled = finishing(request, ended);
  } catch (error) {
    return Promise.resolve(failedInside(request, error));
  }
  if (!(settled instanceof Promise)) return Promise.resolve(settled);
  return settled.catch((error: unknown) => failedInside(request, error));
}

function guarded(request: CallRequest, ended: Ending): Settled<ToolResult> {
  let settled: Settled<ToolResult>;
  try {
    settled = finishing(request, ended);
  } catch (error) {
    return failedInside(request, error);
  }
  if (!(settled instanceof Promise)) return settled;
  return settled.catch((error: unknown) => failedInside(request, error));
}

// A throw or rejection inside toolwright: the lane is handed on, and the caller still gets a result.
function failedInside(request: CallRequest, error: unknown): ToolResult {
  release(request);
  return internalFailure(request, error);
}

const NO_ARGS: Record<string, unknown> = Object.freeze({});
