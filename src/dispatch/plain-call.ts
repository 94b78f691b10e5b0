import { type ToolDefinition, neverAborted } from "../tool/tool-definition.js";
import type { CallingAgent } from "../tool/tool.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { CallOptions } from "./call-options.js";
import { CallRequest } from "./call-request.js";
import type { CallRoute } from "./call-route.js";
import type { CallRuntime } from "./call-runtime.js";
import { type Settled, finish, tell } from "./finish.js";
import { internalFailure } from "./internal-failure.js";
import { cachedResult, hitResult, keepAndClear, untrustedResult } from "./policy-stages.js";
import type { ProgressChannel } from "./progress-channel.js";
import type { SerialLane } from "./serial-lane.js";
import { type HandlerCall, type HandlerOutcome, runHandler } from "./run-handler.js";
import { type StoppableCall, limited } from "./run-managed.js";
import { definitionFailure, invalidResult } from "./stages.js";
import { anyListens, routeChanges } from "./tool-listeners.js";
import { InvalidCall, validateCall } from "./validate-call.js";

/**
 * The function of a plain route (pipeline.ts assembles it for a tool whose calls need no stage between validation and
 * the handler but a serial tool's lane and a memory cache): validate, run the handler, answer its result (telling the
 * `after` listeners of a success). No `CallRequest` is made unless something needs one: the handler's context read (its second
 * argument, `currentToolCall()`, a generator's signal), or an end that goes through `finish` (a failure someone
 * listens to, a listener added while the call ran, which makes the route stale, a handler that awaits under a time
 * limit). The same validation, handler run, time limit (`limited`, the run stage's) and results as the stages
 * (stages.ts), without the request, the `Ending` and the chain of stage closures. A `cache` tool's route (its cache
 * in the agent's memory) looks the call up before the handler, answers a hit as a run's result, and keeps a success,
 * with the cache stages' functions (policy-stages.ts); an untrusted tool's result, a hit's too, gets its envelope's
 * nonce from the mark stage's. Never rejects: a throw inside toolwright becomes a result.
 */
export function plainCall(
  route: CallRoute<CallRequest>,
  runtime: CallRuntime | undefined,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent | undefined,
  options: CallOptions,
): Promise<ToolResult> {
  let settled: Settled<ToolResult>;
  // The serial lane this call holds, from its turn to its end.
  let held: SerialLane | undefined;
  try {
    const { definition } = route;
    let validated: ReturnType<typeof validateCall>;
    try {
      validated = validateCall(definition, rawArgs, route.validator, route.compiled, route.normalize);
    } catch (error) {
      // A schema that does not compile or validate: reported as the call's result, as the validate stage does.
      const outcome = { result: definitionFailure(definition, callId, error), error };
      if (route.quiet && route.at === routeChanges.count) return Promise.resolve(outcome.result);
      const request = new CallRequest(route, runtime, target, rawArgs, callId, agent, options);
      return Promise.resolve(finish(request, rawArgs, outcome, "ended"));
    }
    // A plain route has no Standard Schema (route.plain): validation answered at once.
    const args = validated as Exclude<typeof validated, Promise<unknown>>;
    if (args instanceof InvalidCall) {
      const result = invalidResult(definition.name, callId, args);
      if (route.quiet && route.at === routeChanges.count) return Promise.resolve(result);
      // Someone listens (or a listener was added since the route was assembled): the call ends through `finish`,
      // with the error for an `error` listener.
      const request = new CallRequest(route, runtime, target, rawArgs, callId, agent, options);
      const outcome = anyListens(request.listeners, "error") ? { result, error: args.error } : { result };
      return Promise.resolve(finish(request, rawArgs, outcome, "ended"));
    }
    // A serial tool's turn: a free lane is taken at once. A busy one (another call's turn, or this call made from
    // inside the holder's handler) is the lane stage's to decide: the call takes the stages, its arguments validated.
    if (route.serial) {
      const lane = runtime!.lane;
      if (!lane.tryEnter()) {
        return route.call(route, runtime, target, rawArgs, callId, agent, { ...options, validated: args });
      }
      held = lane;
    }
    // A cached tool's call: a kept result answers it (the cache lookup stage's function, after the lane as there). The
    // cache is in the agent's memory, which answers at once (a store's look-up waits: its route is not plain).
    if (route.cache !== undefined) {
      const kept = cachedResult(runtime!, route, args, undefined) as ToolResult | undefined;
      if (kept !== undefined) {
        // An untrusted tool's hit in a fresh envelope, as a run's result (no session to mark: answered at once).
        const copy = hitResult(kept, callId);
        const hit = route.untrusted ? (untrustedResult(definition, runtime, undefined, copy) as ToolResult) : copy;
        const quiet = route.quiet && route.at === routeChanges.count;
        settled = quiet ? hit : answer(route, runtime, target, rawArgs, callId, agent, options, args, { result: hit });
        if (!(settled instanceof Promise)) {
          held?.leave();
          return Promise.resolve(settled);
        }
        return answeredLater(route, callId, settled, held);
      }
    }
    // The handler's turn: the route lends its idle call (a nested call of the same tool from inside this handler's
    // synchronous part finds none and makes its own), taken back once the handler returned or reached its first await.
    // The route keeps it untyped (call-route.ts cannot import this file, which imports it).
    const source = (route.idle as PlainCall | undefined) ?? new PlainCall(route);
    route.idle = undefined;
    source.ready(runtime, target, rawArgs, args, callId, agent, options);
    // The lane's holder is this call (its id and tool), as a call made from inside its handler checks.
    held?.hold(source);
    let outcome: Settled<HandlerOutcome>;
    try {
      const { timeoutMs } = route;
      if (timeoutMs === undefined) outcome = runHandler(source);
      else {
        // A time limit, as the run stage times it (one function): a handler settled before any await answers at once,
        // with no timer; one that awaits races the limit, with the request its context was made from (else one made
        // now), taken before the call is given back.
        const started = Date.now();
        outcome = limited(source, args, timeoutMs, started, runHandler(source));
      }
    } finally {
      source.clear();
      route.idle = source;
    }
    if (route.ranStages && !(outcome instanceof Promise)) outcome = ran(route, runtime, args, outcome);
    if (outcome instanceof Promise) {
      // The lent call goes back to the route: the turn is held, to its end, by a holder of its own.
      held?.hold({ callId, definition });
      settled = outcome.then((later) =>
        answer(route, runtime, target, rawArgs, callId, agent, options, args, ran(route, runtime, args, later)),
      );
    } else if (route.quiet && route.at === routeChanges.count) {
      held?.leave();
      return Promise.resolve(outcome.result);
    } else settled = answer(route, runtime, target, rawArgs, callId, agent, options, args, outcome);
  } catch (error) {
    // A throw inside toolwright: the lane is handed on, and the caller still gets a result.
    held?.leave();
    return Promise.resolve(internalFailure({ toolName: route.definition.name, callId }, error));
  }
  if (!(settled instanceof Promise)) {
    held?.leave();
    return Promise.resolve(settled);
  }
  return answeredLater(route, callId, settled, held);
}

// A plain call answered later: a rejection (a throw inside toolwright) becomes a result, and the serial lane the call
// holds is given up once its listeners were told, as the stages hold it.
function answeredLater(
  route: CallRoute<CallRequest>,
  callId: string,
  settled: Promise<ToolResult>,
  held: SerialLane | undefined,
): Promise<ToolResult> {
  const guarded = settled.catch((error: unknown) =>
    internalFailure({ toolName: route.definition.name, callId }, error),
  );
  if (held === undefined) return guarded;
  return guarded.finally(() => held.leave());
}

// What the stages after the run do on a plain route, with their functions, before the call is answered: a cached
// tool's success is kept, a success of a tool named in `invalidatedBy` clears what it invalidates (the cache is in
// memory: at once), and an untrusted tool's result gets its envelope's nonce (no session to mark: at once).
function ran(
  route: CallRoute<CallRequest>,
  runtime: CallRuntime | undefined,
  args: Record<string, unknown>,
  outcome: HandlerOutcome,
): HandlerOutcome {
  if (!route.ranStages) return outcome;
  if (route.cache !== undefined || route.invalidates !== undefined) {
    // Never a promise: a route whose cache is on the store (which answers later) is not plain (call-route.ts).
    void keepAndClear(runtime!, route, args, undefined, outcome.result);
  }
  if (!route.untrusted) return outcome;
  const result = untrustedResult(route.definition, runtime, undefined, outcome.result) as ToolResult;
  return result === outcome.result ? outcome : { ...outcome, result };
}

// How a plain call whose handler ran ends: its result, while the route is fresh and nobody listens; a success told
// to the sets the route found listening to `after` (as the stages' listened end does: the usual event, one literal,
// and no set asked whether it listens), while the route is fresh; any other end through `finish`, with a request.
// A listener that answers with a promise, or adds or removes a listener, hands the rest to `tell`, which asks each
// later set as it is then.
function answer(
  route: CallRoute<CallRequest>,
  runtime: CallRuntime | undefined,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent | undefined,
  options: CallOptions,
  args: Record<string, unknown>,
  outcome: HandlerOutcome,
): Settled<ToolResult> {
  const { result } = outcome;
  const { at } = route;
  const sets = runtime?.listeners ?? route.listeners;
  const fresh = at === routeChanges.count;
  if (fresh && route.quiet) return result;
  if (!fresh || !result.ok || result.taskId !== undefined || sets !== route.listeners) {
    return finish(new CallRequest(route, runtime, target, rawArgs, callId, agent, options), args, outcome, "ended");
  }
  const event = { event: "after" as const, toolName: route.definition.name, args, callId, agent, result };
  const { afterSets } = route;
  for (let i = 0; i < afterSets.length; i++) {
    const index = afterSets[i]!;
    const told = sets[index]!.emitAfter(event);
    // `tell`'s next step after this set's `after`: its `error` step, which a success skips.
    const next = index * 2 + 1;
    if (told === undefined && routeChanges.count === at) continue;
    const request = new CallRequest(route, runtime, target, rawArgs, callId, agent, options);
    if (told !== undefined) return told.then(() => tell(request, args, outcome, false, true, next));
    return tell(request, args, outcome, false, true, next);
  }
  return result;
}

/**
 * The call a plain route's handler runs as: what runHandler needs of it, and the `CallRequest` (with the handler's
 * context) made only when something reads the context. One per route, lent to each call for its handler's
 * synchronous part, so a plain call allocates none.
 */
export class PlainCall implements HandlerCall, StoppableCall {
  target: object | undefined = undefined;
  args: Record<string, unknown> = NO_ARGS;
  callId = "";
  /** A plain call has no caller's signal (pipeline.ts sends a call with one through the stages). */
  readonly signal: AbortSignal | undefined = undefined;
  /** A plain call is never a background task from its start (pipeline.ts, call-route.ts). */
  readonly background = false;
  /**
   * True under a time limit, as for the run stage's request: the handler's signal is its own (made on first read and
   * aborted at the limit), and its progress channel opens on first report, so a call stopped part way says how far
   * it got. Without a limit nothing stops a plain call: its signal never aborts, and nobody hears its progress
   * (route.heard is false, no `onProgress`), so no channel opens.
   */
  readonly opensChannel: boolean;
  #runtime: CallRuntime | undefined = undefined;
  #rawArgs: unknown = undefined;
  #agent: CallingAgent | undefined = undefined;
  #options: CallOptions | undefined = undefined;
  #request: CallRequest | undefined = undefined;

  /** The tool. */
  readonly definition: ToolDefinition;

  /** An idle call of `route`'s tool, lent to its calls one at a time. */
  constructor(readonly route: CallRoute<CallRequest>) {
    this.definition = route.definition;
    this.opensChannel = route.timeoutMs !== undefined;
  }

  /** The call's progress channel: open once its handler reported progress under a time limit. */
  get channel(): ProgressChannel | undefined {
    return this.#request?.channel;
  }

  /** Lends this to one call, for its handler's synchronous part. */
  ready(
    runtime: CallRuntime | undefined,
    target: object | undefined,
    rawArgs: unknown,
    args: Record<string, unknown>,
    callId: string,
    agent: CallingAgent | undefined,
    options: CallOptions,
  ): void {
    this.#runtime = runtime;
    this.target = target;
    this.#rawArgs = rawArgs;
    this.args = args;
    this.callId = callId;
    this.#agent = agent;
    this.#options = options;
  }

  /** Gives this back: a request made meanwhile stays with the context that holds it, and the call's values go. */
  clear(): void {
    this.ready(undefined, undefined, undefined, NO_ARGS, "", undefined, NO_OPTIONS);
    this.#request = undefined;
  }

  /** The call's request, with its handler's context readied as the run stage readies a plain run's. */
  context(): ReturnType<CallRequest["context"]> {
    return this.#requested().context();
  }

  /** The call's progress channel, on its request (reached only while `opensChannel` is true). */
  openChannel(): ProgressChannel {
    return this.#requested().openChannel();
  }

  /** The request a time limit stops (see `limited`), read in the handler's synchronous part: made now if not yet. */
  stoppable(): CallRequest {
    return this.#requested();
  }

  #requested(): CallRequest {
    if (this.#request === undefined) {
      const { route, target, callId } = this;
      const request = new CallRequest(route, this.#runtime, target, this.#rawArgs, callId, this.#agent, this.#options!);
      // Under a time limit the run stage readies no signal: the context makes the handler's own, which `stop` aborts.
      request.ready(this.args, this.opensChannel ? undefined : neverAborted(), false, undefined);
      this.#request = request;
    }
    return this.#request;
  }
}

const NO_ARGS: Record<string, unknown> = Object.freeze({});
const NO_OPTIONS: CallOptions = Object.freeze({});
