import type { Info } from "@temporalio/activity";
import type { DurablePort, DurableSignal } from "../../durable/durable-port.js";

// What a call sees when the activity was started without a decision and the call still needs one: refused, with a
// reason that says where the decision should have come from (workflowTools waits for the signal before it schedules).
const NO_DECISION = {
  approved: false,
  reason:
    "no approval decision reached the activity: the workflow must wait for the signal toolwright.approve " +
    "(workflowTools does) and pass it as the activity input's `decision`",
} as const;

/**
 * Returns the {@link DurablePort} of one Temporal activity attempt, for `runDurableCall`. Temporal records an
 * activity's result in the workflow history, so the attempt *is* the call's one step: `step` runs its action and the
 * activity's completion is what gets recorded (an attempt lost before it completes runs again, at least once).
 * `executionId` is the workflow id (the activity id for an activity started on its own), the same in every attempt
 * and replay. The workflow side (`workflowTools`) has already waited for the approval signal `toolwright.approve`
 * before scheduling the activity, so `signal` resolves at once with the decision the input carries, and with a
 * refusal when it carries none: a call that needs a human's yes never runs without one.
 */
export function temporalActivityPort(info: Info, input: { readonly decision?: unknown }): DurablePort {
  const delivered = "decision" in input ? input.decision : NO_DECISION;
  return {
    // An activity started on its own (no workflow) is keyed by its activity id, which its retries share.
    executionId: info.workflowExecution?.workflowId ?? `activity:${info.activityId}`,
    step: (_name, action) => action(),
    signal: <T>(name: string): DurableSignal<T> => ({ id: name, payload: Promise.resolve(delivered as T) }),
  };
}
