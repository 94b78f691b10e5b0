import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator } from "../schema/validator.js";
import type { CallingAgent } from "../tool/tool.js";
import type { ApprovalEdit } from "../tool/tool-result.js";
import type { CallRuntime } from "./call-runtime.js";
import type { ToolListeners } from "./tool-listeners.js";
import type { LaneHold } from "./serial-lane.js";
import type { ProgressListener } from "../tool/tool-progress.js";

/** Everything one call of a resolved tool needs. Built only by one literal in this file, so every call has one shape. */
export interface CallRequest {
  readonly toolName: string;
  readonly definition: ToolDefinition;
  /** The agent instance for method tools; undefined for registered functions. */
  readonly target: object | undefined;
  readonly rawArgs: unknown;
  /** Arguments validated before the call (by `ToolRegistry.dispatch`, which throws for invalid ones). */
  readonly validated: Record<string, unknown> | undefined;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly signal: AbortSignal | undefined;
  readonly validator: ArgumentValidator;
  /** Listener sets to notify, e.g. the agent's then the registry's. */
  readonly listeners: readonly ToolListeners[];
  /** The caller's `onProgress`, handed each progress update of this call. */
  readonly onProgress: ProgressListener | undefined;
  /**
   * The agent's runtime: default timeout, retry backoff, approver, scope checker, serial lane, background tasks and
   * pending approvals. Without one (a bare registry dispatch) a call that needs approval is refused, a background
   * hand-off becomes a plain timeout, and serial calls are not queued.
   */
  readonly runtime: CallRuntime | undefined;
  /** For a tool the caller cannot see: what it may use, and whether the tool exists (then the call is denied). */
  readonly unavailable: UnavailableTool | undefined;
  /** A call that needs approval waits in the agent's approvals without asking its rule or approver (a framework asked). */
  readonly awaitApproval: boolean;
  /** The call goes to a background task as soon as its handler starts (`CallToolOptions.background`). */
  readonly background: boolean;
  /** On the run of a call a human approved with edited arguments: what changed (its result and events carry it). */
  readonly approval: ApprovalEdit | undefined;
  /** The serial lane this call holds, from its lane stage until it is finished. The one field a stage writes. */
  held: LaneHold | undefined;
}

/** A call of a tool the caller cannot see: the `definition` is missing, and the pipeline ends it at look-up. */
export type CallAttempt = Omit<CallRequest, "definition"> & { readonly definition: ToolDefinition | undefined };

/** What the look-up stage tells the model of a tool it cannot call; read only when that happens. */
export interface UnavailableTool {
  /** The names of the tools the caller may use. */
  available(): readonly string[];
  /** True when the tool exists but the caller may not use it. */
  exists(): boolean;
}

/** The parts of a call its caller knows; the rest defaults. */
export interface CallParts<D extends ToolDefinition | undefined> {
  readonly toolName: string;
  readonly definition: D;
  readonly target?: object | undefined;
  readonly rawArgs: unknown;
  readonly validated?: Record<string, unknown> | undefined;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly validator: ArgumentValidator;
  readonly listeners: readonly ToolListeners[];
  readonly onProgress?: ProgressListener | undefined;
  readonly runtime?: CallRuntime | undefined;
  readonly unavailable?: UnavailableTool | undefined;
  readonly awaitApproval?: boolean | undefined;
  readonly background?: boolean | undefined;
}

/**
 * The front door of the pipeline: builds the request of one call, the same shape for every caller (an agent, the
 * registry, a shared store rebuilding an approved call), so the pipeline's property reads stay monomorphic.
 */
export function callRequest(parts: CallParts<ToolDefinition>): CallRequest;
export function callRequest(parts: CallParts<ToolDefinition | undefined>): CallAttempt;
export function callRequest(parts: CallParts<ToolDefinition | undefined>): CallAttempt {
  return request(
    parts.toolName,
    parts.definition,
    parts.target,
    parts.rawArgs,
    parts.validated,
    parts.callId,
    parts.agent,
    parts.signal,
    parts.validator,
    parts.listeners,
    parts.onProgress,
    parts.runtime,
    parts.unavailable,
    parts.awaitApproval === true,
    parts.background === true,
  );
}

/** An agent's runtime, with the validator and listener sets its calls share. */
export interface AgentCallRuntime extends CallRuntime {
  readonly validator: ArgumentValidator;
  readonly listeners: readonly ToolListeners[];
}

/**
 * {@link callRequest} for an agent's own call, its parts passed one by one: the agent's hot path, which would
 * otherwise build the parts object only for it to be copied.
 */
export function agentCallRequest(
  toolName: string,
  definition: ToolDefinition,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent,
  runtime: AgentCallRuntime,
  signal?: AbortSignal,
): CallRequest;
export function agentCallRequest(
  toolName: string,
  definition: ToolDefinition | undefined,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent,
  runtime: AgentCallRuntime,
  signal: AbortSignal | undefined,
  onProgress: ProgressListener | undefined,
  unavailable: UnavailableTool | undefined,
  awaitApproval: boolean,
  background: boolean,
): CallAttempt;
export function agentCallRequest(
  toolName: string,
  definition: ToolDefinition | undefined,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent,
  runtime: AgentCallRuntime,
  signal?: AbortSignal,
  onProgress?: ProgressListener,
  unavailable?: UnavailableTool,
  awaitApproval = false,
  background = false,
): CallAttempt {
  const { validator, listeners } = runtime;
  return request(
    toolName,
    definition,
    target,
    rawArgs,
    undefined,
    callId,
    agent,
    signal,
    validator,
    listeners,
    onProgress,
    runtime,
    unavailable,
    awaitApproval,
    background,
  );
}

// The one literal every request is made by, so every call has one shape.
function request(
  toolName: string,
  definition: ToolDefinition | undefined,
  target: object | undefined,
  rawArgs: unknown,
  validated: Record<string, unknown> | undefined,
  callId: string,
  agent: CallingAgent | undefined,
  signal: AbortSignal | undefined,
  validator: ArgumentValidator,
  listeners: readonly ToolListeners[],
  onProgress: ProgressListener | undefined,
  runtime: CallRuntime | undefined,
  unavailable: UnavailableTool | undefined,
  awaitApproval: boolean,
  background: boolean,
): CallAttempt {
  return {
    toolName,
    definition,
    target,
    rawArgs,
    validated,
    callId,
    agent,
    signal,
    validator,
    listeners,
    onProgress,
    runtime,
    unavailable,
    awaitApproval,
    // A tool declared `background: true` runs every call so; a caller may ask it of any one call.
    background: background || definition?.background === true,
    approval: undefined,
    held: undefined,
  };
}
