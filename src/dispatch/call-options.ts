import type { ApprovalEdit } from "../tool/tool-result.js";
import type { CallAuth } from "../tool/call-auth.js";
import type { ProgressListener } from "../tool/tool-progress.js";
import type { TraceContext } from "../tool/trace-context.js";

/** What a caller may say of one call beyond its tool, arguments, id and agent; every field is optional. */
export interface CallOptions {
  /** Cancels the call. */
  readonly signal?: AbortSignal | undefined;
  /** The caller's `onProgress`, handed each progress update of this call. */
  readonly onProgress?: ProgressListener | undefined;
  /** A call that needs approval waits in the agent's approvals without asking its rule or approver (a framework asked). */
  readonly awaitApproval?: boolean | undefined;
  /** The call goes to a background task as soon as its handler starts (`CallToolOptions.background`). */
  readonly background?: boolean | undefined;
  /** Arguments validated before the call (by `ToolRegistry.dispatch`, which throws for invalid ones). */
  readonly validated?: Record<string, unknown> | undefined;
  /** On the run of a call a human approved with edited arguments: what changed (its result and events carry it). */
  readonly approval?: ApprovalEdit | undefined;
  /** A background task taken over from another replica: it runs as the task it is, never handed off again. */
  readonly resumedTask?: boolean | undefined;
  /** Who the call is made for (a verified token): the handler's `context.auth`, and what `authScopes` are checked against. */
  readonly auth?: CallAuth | undefined;
  /** The caller's trace (an MCP request's `_meta.traceparent`): the call's span continues it where tracing is on. */
  readonly traceContext?: TraceContext | undefined;
  /**
   * The session (conversation, thread, run) the call belongs to: the repeat guard and the untrusted-output rule count
   * within it (docs/policy.md). Without one, neither applies.
   */
  readonly session?: string | undefined;
  /** `false`: the repeat guard does not count this call (an MCP connection's call: a connection is not a conversation). */
  readonly countRepeats?: false | undefined;
}
