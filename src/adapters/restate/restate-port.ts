import type { Context, WorkflowContext, WorkflowSharedContext } from "@restatedev/restate-sdk";
import type { DurableApprovalDecision, DurablePort } from "../../durable/durable-port.js";

/** A Restate handler's context: a service's, a virtual object's or a workflow's. */
export type RestateHandlerContext = Context | WorkflowContext;

// The names runDurableCall gives its signals; a workflow's durable promises are addressed by them.
const SIGNAL_PREFIX = "toolwright-approval-";

/**
 * Returns the {@link DurablePort} of a Restate handler: steps are `ctx.run` (journaled; a replay returns the recorded
 * value), the execution id is the invocation id, and signals are awakeables, addressed by the awakeable id that
 * `onApprovalRequested` is told. Works in every kind of handler; in a workflow, {@link restateWorkflowPort} addresses
 * approvals by name instead.
 */
export function restatePort(ctx: RestateHandlerContext): DurablePort {
  return {
    executionId: ctx.request().id,
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
export function restateWorkflowPort(ctx: WorkflowContext): DurablePort {
  return {
    executionId: ctx.request().id,
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
