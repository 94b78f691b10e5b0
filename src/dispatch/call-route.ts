import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator, CompiledValidator } from "../schema/validator.js";
import { type NodePlan, planOf } from "../schema/normalize-arguments.js";
import type { CallRuntime, RuntimeOptions } from "./call-runtime.js";
import type { CallOptions } from "./call-options.js";
import type { CallingAgent } from "../tool/tool.js";
import { installedCallTracer } from "./call-tracer.js";
import type { Ending } from "./run-handler.js";
import type { AnyFunction } from "./takes-context.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { Settled } from "./finish.js";
import type { Exit, HandlerOutcome } from "./run-handler.js";
import { runsInParallel } from "./serial-lane.js";
import { type ToolListeners, anyListens, routeChanges } from "./tool-listeners.js";
import { repeatOf, untrustedOf } from "../policy/index.js";
import type { RepeatGuardOptions, ResultCacheOptions } from "../tool/tool.js";

/**
 * One stage onwards of an assembled route: takes a call (a `CallRequest`, whose file imports this one) and what the
 * stage before answered, and ends it.
 */
export type Step<Request> = (request: Request, args: Record<string, unknown>) => Settled<Ending>;

/**
 * A route's assembled entry: one call of its tool, from the caller's arguments to the result (never rejects). A plain
 * route's makes no `CallRequest` unless a stage needs one; any other's makes the request and runs its stages.
 */
export type RouteCall<Request> = (
  route: CallRoute<Request>,
  runtime: CallRuntime | undefined,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent | undefined,
  options: CallOptions,
) => Promise<ToolResult>;

/** Returns true when a tool's results go through the result stage (check-output.ts): it has `returns` or `toModelOutput`. */
export function checksResults(definition: ToolDefinition): boolean {
  return (
    definition.outputSchema !== undefined ||
    definition.outputStandardSchema !== undefined ||
    definition.toModelOutput !== undefined
  );
}

/**
 * What one tool's calls need, decided once per (tool, agent runtime or bare registry, listener sets, tracer): which
 * stages its route has, and what they keep (the schema compiled, the normalisation plan). `pipeline.ts` assembles the
 * route's function from it. A listener added or removed anywhere, or a tracer installed, makes every route stale
 * (`routeChanges`); the next call assembles its tool's route again.
 */
export class CallRoute<Request = unknown> {
  /** The count of route changes this route was assembled at: it is stale once the count moved. */
  readonly at = routeChanges.count;
  /** The tool's schema, compiled once by the registry's validator; undefined when it does not compile. */
  readonly compiled: CompiledValidator | undefined;
  /** How the snapshot normalises the tool's arguments, found once. */
  readonly normalize: NodePlan;
  /** Scopes or approval: the gates stage. */
  readonly gated: boolean;
  /** A serial tool run by an agent: the lane stage. */
  readonly serial: boolean;
  /** Someone listens to `before`: the `before` stage. */
  readonly asked: boolean;
  /** A time limit, retries, or a background hand-off on every call: the run stage manages the handler. */
  readonly managed: boolean;
  /** The tool's own time limit, else the runtime's default. */
  readonly timeoutMs: number | undefined;
  /** The result stage (`returns`, `toModelOutput`). */
  readonly checked: boolean;
  /** The most characters of a result the model reads (the tool's, else the runtime's): the cap stage. */
  readonly maxResultChars: number | undefined;
  /** Someone but the caller can hear progress (a streaming tool, a `progress` listener): a channel per call. */
  readonly heard: boolean;
  /** A tracer is installed: each call asks it whether it traces. */
  readonly traced: boolean;
  /** Nobody listens to `after` or `error`: a call's end returns its result without telling anyone. */
  readonly quiet: boolean;
  /**
   * Where in `listeners` the sets that listen to `after` are, found at assembly: while the route is fresh (no listener
   * added or removed since), a successful call tells these and asks no set whether it listens.
   */
  readonly afterSets: readonly number[];
  /** The tool's repeat guard (docs/policy.md), on the route of calls with a session; undefined for `repeat: false`. */
  readonly guard: RepeatGuardOptions | undefined;
  /** The tool's results are untrusted (`untrustedOutput`, by default `openWorld`): the mark stage. */
  readonly untrusted: boolean;
  /** A `destructive` tool run by an agent that does not `"allow"` it after untrusted output: the session gate. */
  readonly taints: boolean;
  /** The tool's result cache, run by an agent (a bare registry dispatch keeps none): the cache stages. */
  readonly cache: ResultCacheOptions | undefined;
  /** The `cache` tools whose results a successful call of this tool clears (their `invalidatedBy` names it). */
  readonly invalidates: readonly string[] | undefined;
  /**
   * No stage between validation and the handler but a serial tool's lane and a result cache in the agent's memory
   * (listeners of `after` and `error` are told at the end), no Standard Schema, no tracer, no retries or background
   * hand-off (a time limit races the handler's promise as the run stage does: `limited` in run-managed.ts; an
   * untrusted tool's result is marked as the mark stage marks it): a call
   * that says nothing more than its arguments (no signal, progress listener, background, session, approval edit or
   * pre-validated arguments) is validated, run and answered without a `CallRequest` (plain-call.ts).
   */
  readonly plain: boolean;
  /**
   * A plain route's call does what a stage after the run would once its handler ended: keep or clear cached results
   * (a memory cache), or mark untrusted output (plain-call.ts).
   */
  readonly ranStages: boolean;
  /** A plain route's idle call, lent to each call for its handler's synchronous part (plain-call.ts). */
  idle: object | undefined = undefined;
  /** The handler the route's calls last invoked (see `takesContext`), and whether it can see the call's context. */
  handler: AnyFunction | undefined = undefined;
  /** See {@link CallRoute.handler}. */
  handlerTakesContext = true;
  /** The route's entry: how a caller makes one call of it. Set by the assembler (pipeline.ts). */
  call!: RouteCall<Request>;
  /** The assembled function: every stage, from validation to the end. Set by the assembler (pipeline.ts). */
  start!: Step<Request>;
  /** The same from the first stage after the gates, where an approved call comes back in. */
  pastGates!: Step<Request>;
  /** {@link CallRoute.start} of a call that names its session: with the session stages the tool needs. */
  sessionStart!: Step<Request>;
  /** {@link CallRoute.pastGates} of a call that names its session. */
  sessionPastGates!: Step<Request>;
  /** How a call of the route ends: told to its listeners by `finish`, or its result returned when nobody listens. */
  end!: (request: Request, args: unknown, outcome: HandlerOutcome, exit: Exit) => Settled<ToolResult>;

  /**
   * Finds what `definition`'s calls need under an agent runtime's `options` (undefined: a bare registry dispatch,
   * which has no runtime), with `validator` and `listeners` of the registry (and agent).
   */
  constructor(
    readonly definition: ToolDefinition,
    readonly options: RuntimeOptions | undefined,
    readonly validator: ArgumentValidator,
    readonly listeners: readonly ToolListeners[],
    invalidates?: readonly string[],
  ) {
    let compiled: CompiledValidator | undefined;
    try {
      compiled = validator.compileArguments(definition.inputSchema);
    } catch {
      // The validate stage compiles again, and reports the definition problem as the call's result.
      compiled = undefined;
    }
    this.compiled = compiled;
    this.normalize = planOf(definition.inputSchema);
    this.gated = definition.authScopes !== undefined || Boolean(definition.requiresApproval);
    this.serial = options !== undefined && !runsInParallel(definition);
    this.asked = anyListens(listeners, "before");
    this.timeoutMs = definition.timeoutMs ?? options?.defaultTimeoutMs;
    this.managed = this.timeoutMs !== undefined || (definition.maxRetries ?? 0) > 0 || definition.background === true;
    this.checked = checksResults(definition);
    this.maxResultChars = definition.maxResultChars ?? options?.maxResultChars;
    this.heard = definition.streams === true || anyListens(listeners, "progress");
    const tracer = installedCallTracer();
    this.traced = tracer !== undefined;
    this.quiet = !anyListens(listeners, "after") && !anyListens(listeners, "error");
    const afterSets: number[] = [];
    for (let i = 0; i < listeners.length; i++) if (listeners[i]!.has("after")) afterSets.push(i);
    this.afterSets = afterSets;
    this.guard = options === undefined ? undefined : repeatOf(definition);
    this.untrusted = untrustedOf(definition);
    this.taints = options !== undefined && definition.destructive === true && options.afterUntrustedOutput !== "allow";
    this.cache = options === undefined ? undefined : definition.cache;
    this.invalidates = options === undefined ? undefined : invalidates;
    // A cache in the agent's memory answers at once: a plain call looks it up, keeps its success and clears what it
    // invalidates with the cache stages' functions (plain-call.ts). One on the store answers later: the stages wait.
    const storeCache = options?.resultCache === "store" && (this.cache !== undefined || this.invalidates !== undefined);
    this.plain =
      this.compiled !== undefined &&
      definition.standardSchema === undefined &&
      !this.gated &&
      !this.taints &&
      !this.asked &&
      !storeCache &&
      (definition.maxRetries ?? 0) === 0 &&
      definition.background !== true &&
      !this.checked &&
      this.maxResultChars === undefined &&
      !this.heard &&
      !this.traced;
    this.ranStages = this.cache !== undefined || this.invalidates !== undefined || this.untrusted;
  }

  /** True while nothing the route was assembled from changed. */
  get fresh(): boolean {
    return this.at === routeChanges.count;
  }
}
