import { Context } from "@temporalio/activity";
import type { ToolResult } from "../../tool/tool-result.js";
import type { Tool } from "../../tool/tool.js";
import { needsApproval, readDecision } from "../../durable/approval-gate.js";
import { deriveIdempotencyKey } from "../../durable/idempotency-key.js";
import { runWithIdempotencyKey } from "../../tool/call-context.js";
import { type DurableAgent, dispatchDecided } from "../../durable/run-durable-call.js";
import {
  type TemporalApprovalRule,
  type TemporalToolInput,
  type TemporalToolSpec,
  activityNames,
} from "../temporal-workflow/temporal-wire.js";

/** An agent's activities, keyed by activity name: pass them to `Worker.create({ activities })`. */
export type ToolActivities = Record<string, (input: never) => Promise<unknown>>;

function approvalRule(tool: Tool): TemporalApprovalRule {
  const rule = tool.requiresApproval;
  return rule === undefined || rule === false ? "never" : rule === true ? "always" : "predicate";
}

function specOf(tool: Tool): TemporalToolSpec {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.timeoutMs !== undefined && { timeoutMs: tool.timeoutMs }),
    ...(tool.maxRetries !== undefined && { maxRetries: tool.maxRetries }),
    ...(tool.onTimeout !== undefined && { onTimeout: tool.onTimeout }),
    approval: approvalRule(tool),
  };
}

function checkInput(activity: string, input: unknown): TemporalToolInput {
  const call = input as Partial<TemporalToolInput> | null;
  if (typeof call !== "object" || call === null || typeof call.name !== "string" || typeof call.callId !== "string") {
    // A programming mistake in the workflow, not the model's: fail the activity with a message naming the shape.
    throw new TypeError(`${activity} takes { name: string, args: unknown, callId: string, decision? }.`);
  }
  return call as TemporalToolInput;
}

/**
 * Returns an agent's tools as Temporal activities, for the worker: one per tool (`<agent>.<tool>`), each running
 * toolwright's whole dispatch (validation, access control, scopes, hooks, time limits, retries) through
 * `agent.callTool`, plus `toolwright:<agent>:specs` (the specs and options the workflow side derives activity options
 * from), `toolwright:<agent>:needsApproval` (a `requiresApproval` predicate, asked once and recorded) and
 * `toolwright:<agent>:call` (any name, for calls of tools the agent does not have). A handler reads the same
 * `idempotencyKeyOf(context)` in every attempt: derived from the workflow id, the call id, the tool and the arguments.
 * @example
 * const worker = await Worker.create({ taskQueue: "agents", workflowsPath, activities: toolActivities(agent) });
 */
export function toolActivities(agent: DurableAgent): ToolActivities {
  const names = activityNames(agent.name);
  const run = async (activity: string, input: unknown): Promise<ToolResult> => {
    const call = checkInput(activity, input);
    const context = Context.current();
    const key = deriveIdempotencyKey({
      // An activity started on its own (no workflow) is keyed by its activity id, which its retries share.
      executionId: context.info.workflowExecution?.workflowId ?? `activity:${context.info.activityId}`,
      callId: call.callId,
      toolName: call.name,
      args: call.args,
    });
    const decision = "decision" in call ? readDecision(call.decision) : undefined;
    const signal = context.cancellationSignal;
    return runWithIdempotencyKey(call.callId, key, () =>
      dispatchDecided(agent, call.name, call.args, call.callId, decision, { signal }),
    );
  };
  const activities: Record<string, (input: never) => Promise<unknown>> = {
    [names.specs]: async () => agent.tools().map(specOf),
    [names.needsApproval]: async (input: { name: string; args: unknown; callId: string }) => {
      const tool = agent.tools().find((candidate) => candidate.name === input.name);
      return tool !== undefined && (await needsApproval(tool, input.args, input.callId, agent));
    },
    [names.call]: (input: unknown) => run(names.call, input),
  };
  for (const tool of agent.tools()) {
    const name = names.tool(tool.name);
    activities[name] = (input: unknown) => run(name, { ...(input as object), name: tool.name });
  }
  return activities;
}
