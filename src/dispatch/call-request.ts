import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator } from "../schema/validator.js";
import type { CallingAgent } from "../tool/tool.js";
import type { ApprovalEdit } from "../tool/tool-result.js";
import type { CallRuntime } from "./call-runtime.js";
import type { ToolListeners } from "./tool-listeners.js";
import type { LaneHold } from "./serial-lane.js";
import type { ProgressListener } from "../tool/tool-progress.js";

/** Everything one call of a resolved tool needs. Built only by {@link callRequest}, so every call has one shape. */
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
  return {
    toolName: parts.toolName,
    definition: parts.definition,
    target: parts.target,
    rawArgs: parts.rawArgs,
    validated: parts.validated,
    callId: parts.callId,
    agent: parts.agent,
    signal: parts.signal,
    validator: parts.validator,
    listeners: parts.listeners,
    onProgress: parts.onProgress,
    runtime: parts.runtime,
    unavailable: parts.unavailable,
    awaitApproval: parts.awaitApproval === true,
    // A tool declared `background: true` runs every call so; a caller may ask it of any one call.
    background: parts.background === true || parts.definition?.background === true,
    approval: undefined,
    held: undefined,
  };
}
