import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator } from "../schema/validator.js";
import type { CallingAgent } from "../tool/tool.js";
import type { ApprovalEdit, GrantUse } from "../tool/tool-result.js";
import type { CallRuntime } from "./call-runtime.js";
import type { CallRoute } from "./call-route.js";
import type { ToolListeners } from "./tool-listeners.js";
import type { LaneHold } from "./serial-lane.js";
import { CallContext } from "../tool/call-context.js";
import { ProgressChannel, unheard } from "./progress-channel.js";
import type { ProgressListener, ToolProgress } from "../tool/tool-progress.js";
import type { CallOptions } from "./call-options.js";

export type { CallOptions } from "./call-options.js";

const NO_OPTIONS: CallOptions = Object.freeze({});

/**
 * One call of a tool, on its route: the one request every caller builds (an agent, the registry, a shared store
 * rebuilding an approved call), so the stages' property reads stay monomorphic. What is the same for every call of
 * the tool (its definition, the runtime, validator and listener sets) is read from the route; what the caller said
 * beyond the tool, arguments, id and agent stays in `options`, one shared empty object for a plain call.
 */
export class CallRequest {
  /** The serial lane this call holds, from its lane stage until it is finished. A field a stage writes. */
  held: LaneHold | undefined;
  /**
   * The hash of the tool and its normalised arguments, made by the repeat guard's count and read again by its memory
   * of the result (the result cache needs none: it files results by the arguments' values). A field a stage writes.
   */
  callHash: string | undefined;
  /**
   * The grant that let this call run without asking: set by the approval gate, checked again just before the handler
   * runs (a grant revoked meanwhile sends the call to approval). A field a stage writes.
   */
  grant: GrantUse | undefined;
  /** The tool's name (a field: `finish` and every event read it). */
  readonly toolName: string;
  /**
   * The call's progress channel: opened by the run stage where someone can hear progress, else (a call under a time
   * limit or handed to a task, whose result or task shows the progress reached) by {@link CallRequest.openChannel}.
   */
  channel: ProgressChannel | undefined;
  // What the run stage readied the handler's context with (see ready()), and the context once made.
  #args: Record<string, unknown> | undefined;
  #signal: AbortSignal | undefined;
  #linked: boolean;
  #context: CallContext | undefined;
  // Stopped or settled before the context was made: a context made later starts so.
  #stop: { readonly reason: unknown } | undefined;
  #settled: boolean;

  /**
   * Builds the request of one call of `route`'s tool. `runtime` is the agent's runtime: default timeout, retry
   * backoff, approver, scope checker, serial lane, background tasks and pending approvals; without one (a bare
   * registry dispatch) a call that needs approval is refused, a background hand-off becomes a plain timeout, and
   * serial calls are not queued. `target` is the agent instance for a method tool (undefined for a registered
   * function), `rawArgs` what the model sent.
   */
  constructor(
    readonly route: CallRoute<CallRequest>,
    readonly runtime: CallRuntime | undefined,
    readonly target: object | undefined,
    readonly rawArgs: unknown,
    readonly callId: string,
    readonly agent: CallingAgent | undefined,
    readonly options: CallOptions = NO_OPTIONS,
  ) {
    this.held = undefined;
    this.callHash = undefined;
    this.grant = undefined;
    this.toolName = route.definition.name;
    this.channel = undefined;
    this.#args = undefined;
    this.#signal = undefined;
    this.#linked = false;
    this.#context = undefined;
    this.#stop = undefined;
    this.#settled = false;
  }

  /** The tool. */
  get definition(): ToolDefinition {
    return this.route.definition;
  }

  /** The registry's validator. */
  get validator(): ArgumentValidator {
    return this.route.validator;
  }

  /** Listener sets to notify: the agent's then the registry's, as they are now (the registry's, for a bare call). */
  get listeners(): readonly ToolListeners[] {
    return this.runtime?.listeners ?? this.route.listeners;
  }

  /** See {@link CallOptions.signal}. */
  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  /** See {@link CallOptions.onProgress}. */
  get onProgress(): ProgressListener | undefined {
    return this.options.onProgress;
  }

  /** See {@link CallOptions.awaitApproval}. */
  get awaitApproval(): boolean {
    return this.options.awaitApproval === true;
  }

  /** True when the call runs as a background task from its start: a `background: true` tool, or asked per call. */
  get background(): boolean {
    if (this.options.resumedTask === true) return false;
    return this.options.background === true || this.route.definition.background === true;
  }

  /** See {@link CallOptions.validated}. */
  get validated(): Record<string, unknown> | undefined {
    return this.options.validated;
  }

  /** See {@link CallOptions.session}. */
  get session(): string | undefined {
    return this.options.session;
  }

  /** See {@link CallOptions.approval}. */
  get approval(): ApprovalEdit | undefined {
    return this.options.approval;
  }

  /**
   * Readies the handler's context, which is made only when something reads it (see {@link CallRequest.context}):
   * `args` are the arguments the handler runs with (for the idempotency key), `signal` the handler's signal, or
   * undefined for one the context makes on first read and the run stops at a time limit ({@link CallRequest.stop});
   * with `linked`, `signal` is the caller's, from which the handler's is made on first read (`CallContext.signal`).
   * `channel` is the call's progress channel where someone can hear it.
   */
  ready(
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
    linked: boolean,
    channel: ProgressChannel | undefined,
  ): void {
    this.#args = args;
    this.#signal = signal;
    this.#linked = linked;
    this.channel = channel;
  }

  /** Gives a retry of the handler its own copy of the arguments (retry.ts). */
  rearm(args: Record<string, unknown>): void {
    this.#args = args;
  }

  /** The arguments the handler runs with, as readied by the run stage. */
  get args(): Record<string, unknown> {
    return this.#args!;
  }

  /**
   * The context the handler receives, made on first read (by the handler's invocation when it can see its second
   * argument, by `currentToolCall()`, by a tracked call): signal, agent, callId, tool, reportProgress (the channel's,
   * a shared no-op when nobody can hear it, or for a call under a time limit one that opens the channel on first
   * report), the idempotency key (hashed on first read) and the MCP client (from the table found at import).
   */
  context(): CallContext {
    return (this.#context ??= this.#made());
  }

  #made(): CallContext {
    const channel = this.channel;
    const own = this.#signal === undefined;
    const report =
      channel !== undefined
        ? channel.report
        : own
          ? (update: ToolProgress) => this.openChannel().report(update)
          : unheard;
    const scope = this.runtime?.keyScope ?? "";
    const { definition } = this.route;
    const made = new CallContext(
      this.#signal,
      this.agent,
      this.callId,
      definition,
      this.#args,
      scope,
      report,
      this.#linked,
      this.options.auth,
    );
    if (this.#stop !== undefined) made.stop(this.#stop.reason);
    if (this.#settled) made.settle();
    return made;
  }

  /** True for a call whose channel opens on first report: one the run may stop (a time limit, a background task). */
  get opensChannel(): boolean {
    return this.#signal === undefined;
  }

  /** The call's progress channel, opened now if it is not yet: a call under a time limit opens it on first report. */
  openChannel(): ProgressChannel {
    return (this.channel ??= new ProgressChannel(this, undefined));
  }

  /** Aborts the handler's signal with `reason` (see `CallContext.stop`), or as soon as its context is made. */
  stop(reason: unknown): void {
    if (this.#context !== undefined) this.#context.stop(reason);
    else this.#stop ??= { reason };
  }

  /** Ends the call for the handler's signal (see `CallContext.settle`), or as soon as its context is made. */
  settle(): void {
    if (this.#context !== undefined) this.#context.settle();
    else this.#settled = true;
  }

  /** This request: the call a time limit stops (see `StoppableCall`), which a plain call makes only when timed. */
  stoppable(): CallRequest {
    return this;
  }

  /** The same call run again past its approval: under the approver's `signal`, with the human's `edit` if any. */
  approved(signal: AbortSignal | undefined, edit: ApprovalEdit | undefined): CallRequest {
    return this.#with({ ...this.options, signal, approval: edit });
  }

  /** The same call as a background task another replica started and this one took over (see `resumedTask`). */
  resumed(): CallRequest {
    return this.#with({ ...this.options, resumedTask: true });
  }

  #with(options: CallOptions): CallRequest {
    return new CallRequest(this.route, this.runtime, this.target, this.rawArgs, this.callId, this.agent, options);
  }
}

/**
 * A call as `finish` and the tracer see it before it has a route (a tool the caller cannot see, a call its caller
 * answered before any stage ran): its name, id, agent and listener sets.
 */
export interface CallAttempt {
  readonly toolName: string;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly listeners: readonly ToolListeners[];
  /** The tool, when the caller can see it. */
  readonly definition?: ToolDefinition | undefined;
}

/** What the look-up tells the model of a tool it cannot call; read only when that happens. */
export interface UnavailableTool {
  /** The names of the tools the caller may use. */
  available(): readonly string[];
  /** True when the tool exists but the caller may not use it. */
  exists(): boolean;
  /** True when the tool is one only an MCP Apps view may call, and the caller is not a host that shows views. */
  readonly appOnly?: boolean;
}
