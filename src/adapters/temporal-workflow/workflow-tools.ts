import { condition, defineQuery, defineSignal, proxyActivities, setHandler, workflowInfo } from "@temporalio/workflow";
import type { ToolCall } from "../../tool/tool-call.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type TemporalToolDefaults, activityOptionsFor } from "./tool-activity-options.js";
import {
  APPROVAL_SIGNAL,
  PENDING_APPROVALS_QUERY,
  type TemporalApprovalDelivery,
  type TemporalPendingApproval,
  type TemporalToolInput,
  type TemporalToolSpec,
  activityNames,
} from "./temporal-wire.js";

/** The signal that delivers a human's decision on a waiting call: `handle.signal(approvalSignal, { callId, approved })`. */
export const approvalSignal = defineSignal<[TemporalApprovalDelivery]>(APPROVAL_SIGNAL);
/** The query that lists the calls waiting for a decision: `handle.query(pendingApprovalsQuery)`. */
export const pendingApprovalsQuery = defineQuery<TemporalPendingApproval[]>(PENDING_APPROVALS_QUERY);

/**
 * A model's tool call as the workflow received it (from the model's activity): toolwright's one {@link ToolCall}.
 * A call without an id gets one derived from the workflow id and the call's order.
 * @deprecated Use `ToolCall` (from `toolwright` or `toolwright/temporal-workflow`); this name stays as its alias.
 */
export type WorkflowToolCall = ToolCall;

/** Options of {@link workflowTools}. */
export interface WorkflowToolsOptions extends TemporalToolDefaults {
  /** The agent's name, as the worker registered its activities (`toolActivities(agent)`). */
  readonly agent: string;
}

/** An agent's tools inside a workflow: specs for the model, and the model's calls run as activities. */
export interface WorkflowTools {
  /** Resolves with the tools' specs (recorded as an activity's result), to hand to the model's activity. */
  specs(): Promise<TemporalToolSpec[]>;
  /** Runs one model call as its tool's activity, after the human's decision when the tool needs one. */
  call(call: ToolCall): Promise<ToolResult>;
  /** Runs a turn's calls one after another and resolves with their results, in order. */
  callAll(calls: readonly ToolCall[]): Promise<ToolResult[]>;
}

type Activity = (input: unknown) => Promise<unknown>;

/**
 * Returns an agent's tools for workflow code (deterministic: it schedules activities, signals and queries only).
 * Each call runs as the activity of its tool (`<agent>.<tool>`), with a time limit and retry policy derived from the
 * tool's options ({@link activityOptionsFor}). A call of a tool that `requiresApproval` is listed by the query
 * `toolwright.pendingApprovals` and waits, as long as it takes, for the signal `toolwright.approve` with its
 * `callId`. Call it once per workflow run: it installs that signal's and that query's handlers.
 * @example
 * export async function agentTurn(prompt: string): Promise<string> {
 *   const tools = workflowTools({ agent: "files" });
 *   const reply = await model.complete(prompt, await tools.specs());
 *   const results = await tools.callAll(reply.toolCalls);
 *   return model.finish(results);
 * }
 */
export function workflowTools(options: WorkflowToolsOptions): WorkflowTools {
  const names = activityNames(options.agent);
  const decisions = new Map<string, TemporalApprovalDelivery>();
  const waiting = new Map<string, TemporalPendingApproval>();
  setHandler(approvalSignal, (delivery) => {
    // Kept even when no call waits yet: a decision may arrive before the call asks for it.
    if (typeof delivery?.callId === "string") decisions.set(delivery.callId, delivery);
  });
  setHandler(pendingApprovalsQuery, () => [...waiting.values()]);

  const setup = proxyActivities<Record<string, Activity>>({
    startToCloseTimeout: 60_000,
    retry: { maximumAttempts: options.maximumAttempts ?? 3 },
  });
  let specs: Promise<TemporalToolSpec[]> | undefined;
  let ordinal = 0;

  const call = async ({ id, name, arguments: args }: ToolCall): Promise<ToolResult> => {
    const callId = id ?? `${workflowInfo().workflowId}#${++ordinal}`;
    const spec = (await (specs ??= setup[names.specs]!(undefined) as Promise<TemporalToolSpec[]>)).find(
      (candidate) => candidate.name === name,
    );
    const input: { -readonly [K in keyof TemporalToolInput]: TemporalToolInput[K] } = { name, args, callId };
    if (spec && spec.approval !== "never") {
      const asks = spec.approval === "always" || (await setup[names.needsApproval]!({ name, args, callId })) === true;
      if (asks) {
        waiting.set(callId, { callId, toolName: name, args });
        await condition(() => decisions.has(callId));
        waiting.delete(callId);
        input.decision = decisions.get(callId);
      }
    }
    // A tool the agent does not have still gets its answer from the agent (not_found, with the names it has).
    const activities = proxyActivities<Record<string, Activity>>(
      spec ? activityOptionsFor(spec, options) : { startToCloseTimeout: 60_000 },
    );
    return (await activities[spec ? names.tool(name) : names.call]!(input)) as ToolResult;
  };

  return {
    specs: () => (specs ??= setup[names.specs]!(undefined) as Promise<TemporalToolSpec[]>),
    call,
    async callAll(calls) {
      const results: ToolResult[] = [];
      for (const one of calls) results.push(await call(one));
      return results;
    },
  };
}
