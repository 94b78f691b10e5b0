import { ApplicationFailure, Context } from "@temporalio/activity";
import type { ToolResult } from "../../tool/tool-result.js";
import type { Tool } from "../../tool/tool.js";
import { needsApproval } from "../../durable/approval-gate.js";
import { type DurableAgent, runDurableCall } from "../../durable/run-durable-call.js";
import { temporalActivityPort } from "./temporal-activity-port.js";
import { BaseAgent, UNTRUSTED_ASK } from "../../agent/base-agent.js";
import { executionSession } from "../../durable/execution-session.js";
import { NON_RETRYABLE_INPUT } from "../temporal-workflow/tool-activity-options.js";
import {
  type TemporalApprovalRule,
  type TemporalToolInput,
  type TemporalToolSpec,
  activityNames,
} from "../temporal-workflow/temporal-wire.js";

/** An agent's activities, keyed by activity name: pass them to `Worker.create({ activities })`. */
export type ToolActivities = Record<string, (input: never) => Promise<unknown>>;

// A destructive tool is asked about like a predicate: its call needs a human once its workflow received untrusted
// output (docs/policy.md), which only the worker's agent knows.
function approvalRule(tool: Tool): TemporalApprovalRule {
  const rule = tool.requiresApproval;
  if (rule === true) return "always";
  return rule === undefined || rule === false ? (tool.destructive === true ? "predicate" : "never") : "predicate";
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
    // A programming mistake in the workflow, not the model's: fail the activity with a message naming the shape, and
    // not retryable, since every attempt would get the same input.
    throw ApplicationFailure.nonRetryable(
      `${activity} takes { name: string, args: unknown, callId: string, decision? }.`,
      NON_RETRYABLE_INPUT,
    );
  }
  return call as TemporalToolInput;
}

/**
 * Returns an agent's tools as Temporal activities, for the worker: one per tool (`<agent>.<tool>`), each running the
 * call through `runDurableCall` on the attempt's port (toolwright's whole dispatch inside: validation, access
 * control, scopes, listeners, time limits, retries), plus `toolwright:<agent>:specs` (the specs and options the workflow
 * side derives activity options from), `toolwright:<agent>:needsApproval` (a `requiresApproval` predicate, asked
 * once and recorded) and `toolwright:<agent>:call` (any name, for calls of tools the agent does not have). A handler
 * reads the same `idempotencyKeyOf(context)` in every attempt: derived from the workflow id, the call id, the tool and
 * the arguments. A tool that needs approval runs only with the decision the workflow passes in (`decision`).
 * @example
 * const worker = await Worker.create({ taskQueue: "agents", workflowsPath, activities: toolActivities(agent) });
 */
export function toolActivities(agent: DurableAgent): ToolActivities {
  const names = activityNames(agent.name);
  const run = async (activity: string, input: unknown): Promise<ToolResult> => {
    const call = checkInput(activity, input);
    const context = Context.current();
    // The same runDurableCall as every engine's: the key, the approval wait and the one recorded result come from the
    // port, so what a call does on Temporal is what it does on Restate.
    return runDurableCall(temporalActivityPort(context.info, call), agent, call.name, call.args, {
      callId: call.callId,
      signal: context.cancellationSignal,
    });
  };
  const activities: Record<string, (input: never) => Promise<unknown>> = {
    [names.specs]: async () => agent.tools().map(specOf),
    [names.needsApproval]: async (input: { name: string; args: unknown; callId: string }) => {
      const tool = agent.tools().find((candidate) => candidate.name === input.name);
      if (tool === undefined) return false;
      if (await needsApproval(tool, input.args, input.callId, agent)) return true;
      // The workflow is the session of its calls, as runDurableCall makes it.
      const { workflowExecution, activityId } = Context.current().info;
      const session = executionSession(workflowExecution?.workflowId ?? `activity:${activityId}`);
      return tool.destructive === true && agent instanceof BaseAgent
        ? (await agent[UNTRUSTED_ASK](tool.name, session)) !== undefined
        : false;
    },
    [names.call]: (input: unknown) => run(names.call, input),
  };
  for (const tool of agent.tools()) {
    const name = names.tool(tool.name);
    activities[name] = (input: unknown) => run(name, { ...(input as object), name: tool.name });
  }
  return activities;
}
