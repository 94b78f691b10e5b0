import type { Context, WorkflowContext, WorkflowSharedContext } from "@restatedev/restate-sdk";
import type { DurableApprovalDecision, DurablePort } from "../../durable/durable-port.js";

/** A Restate handler's context: a service's, a virtual object's or a workflow's. */
export type RestateHandlerContext = Context | WorkflowContext;

// The names runDurableCall gives its signals; a workflow's durable promises are addressed by them.
const SIGNAL_PREFIX = "toolwright-approval-";

/**
 * The most bytes of a tool result a Restate step records by default: the server refuses a message over 32 MiB (its
 * default message size limit), so a result that large would fail its `ctx.run` on every retry. One MiB is left for
 * the journal entry around the value.
 */
export const RESTATE_MAX_STEP_BYTES = 31 * 1024 * 1024;

/** Options of {@link restatePort} and {@link restateWorkflowPort}. */
export interface RestatePortOptions {
  /**
   * The most bytes (UTF-8 JSON) of a tool result recorded as it is; a larger one is recorded as an `INVALID_RESULT`
   * failure, once. Default {@link RESTATE_MAX_STEP_BYTES}; lower it with the server's own limit.
   */
  readonly maxStepBytes?: number;
}

/**
 * Returns the {@link DurablePort} of a Restate handler: steps are `ctx.run` (journaled; a replay returns the recorded
 * value), the execution id is the invocation id, and signals are awakeables, addressed by the awakeable id that
 * `onApprovalRequested` is told. Works in every kind of handler; in a workflow, {@link restateWorkflowPort} addresses
 * approvals by name instead. A tool result over `maxStepBytes` is recorded as an `INVALID_RESULT` failure, once.
 */
export function restatePort(ctx: RestateHandlerContext, options: RestatePortOptions = {}): DurablePort {
  return {
    executionId: ctx.request().id,
    maxStepBytes: options.maxStepBytes ?? RESTATE_MAX_STEP_BYTES,
    step: (name, action) => ctx.run(name, action),
    signal<T>() {
      const { id, promise } = ctx.awakeable<T>();
      return { id, payload: promise };
    },
  };
}

/**
 * Returns the {@link DurablePort} of a workflow's `run` handler: like {@link restatePort}, but a call waits for its
 * approval on the workflow's durable promise `toolwright-approval-<callId>`, which a shared handler of the same
 * workflow resolves by that name (no id to pass around), before or after the call starts waiting.
 */
export function restateWorkflowPort(ctx: WorkflowContext, options: RestatePortOptions = {}): DurablePort {
  return {
    executionId: ctx.request().id,
    maxStepBytes: options.maxStepBytes ?? RESTATE_MAX_STEP_BYTES,
    step: (name, action) => ctx.run(name, action),
    signal: <T>(name: string) => ({ id: name, payload: ctx.promise<T>(name).get() }),
  };
}

/**
 * Delivers a human's decision to a call that waits for it, from another Restate handler: a workflow's durable
 * promise (a `signalId` of {@link restateWorkflowPort}, resolved from a shared handler of that workflow), or an
 * awakeable (any other `signalId`, from any handler). Outside Restate, resolve an awakeable over HTTP:
 * `POST <ingress>/restate/awakeables/<signalId>/resolve` with the decision as the JSON body.
 * @throws {TypeError} for a durable promise's name given with a context that is not a workflow's.
 */
export async function resolveRestateApproval(
  ctx: Context | WorkflowSharedContext,
  signalId: string,
  decision: DurableApprovalDecision,
): Promise<void> {
  if (!signalId.startsWith(SIGNAL_PREFIX)) return ctx.resolveAwakeable(signalId, decision);
  const workflow = ctx as Partial<WorkflowSharedContext>;
  if (typeof workflow.promise !== "function") {
    throw new TypeError(
      `resolveRestateApproval: "${signalId}" names a workflow's durable promise; resolve it from a shared handler ` +
        `of that workflow (its context has promise()), or pass an awakeable id.`,
    );
  }
  await workflow.promise<DurableApprovalDecision>(signalId).resolve(decision);
}
