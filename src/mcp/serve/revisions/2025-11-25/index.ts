import { toMcpCallToolResult } from "../../call-tool-result.js";
import type { ApprovalFormSchema } from "../../approval-form.js";
import { progressBarrier } from "../../progress-barrier.js";
import { settleApproval } from "../../settle-approval.js";
import type { McpRevision } from "../mcp-revision.js";
import { LEGACY_TASKS_CAPABILITY, createLegacyTaskResult, registerLegacyTaskHandlers } from "./task-handlers.js";

/**
 * MCP 2025-11-25 (and older): sessions that declare their capabilities at `initialize`; approval asked by an
 * elicitation request on the session; experimental tasks the client asks for per call (`params.task`), listed per
 * session; output schemas only with an object root.
 */
export const revision20251125: McpRevision = {
  era: "legacy",
  rounds: false,
  tasksCapability: { tasks: LEGACY_TASKS_CAPABILITY },

  // With tasks served, every tool says how it meets them: a background: true tool only as a task.
  list(tool, listed, tasksServed) {
    if (tasksServed) listed.execution = { taskSupport: tool.background === true ? "required" : "optional" };
  },

  registerTasks: registerLegacyTaskHandlers,

  clientCapabilities: (call) => call.server.getClientCapabilities(),

  requestState: () => undefined,

  // The client asks per call, for any tool: such a call runs as a task from its start.
  planTask(call) {
    const asked = call.tasksServed && typeof call.params.task === "object" && call.params.task !== null;
    return { background: asked, followed: asked };
  },

  resume: () => undefined,

  // Over stdio a ping on the call orders the result after the progress the client has read; over HTTP each SSE event
  // reaches the client's handlers on its own, so nothing is needed there.
  progressSent: (call) => (call.scope.stdio === true ? progressBarrier(call.ctx) : Promise.resolve()),

  settle(call, result, input) {
    const { ctx, options, scope, server } = call;
    const signal = ctx.mcpReq.signal;
    // Elicitation needs a session: its request goes out on the session while this call waits.
    const canAsk =
      options.approval !== "refuse" &&
      scope.sessionful &&
      server.getClientCapabilities()?.elicitation?.form !== undefined;
    const ask = async (message: string, requestedSchema: ApprovalFormSchema) => {
      // The SDK types the form's properties as its own union; ours are built to the same MCP shapes.
      const answer = await ctx.mcpReq.elicitInput({ mode: "form", message, requestedSchema } as never, { signal });
      return answer.action === "accept" && answer.content?.approve === true ? answer.content : undefined;
    };
    const inputSchema = call.tool?.inputSchema;
    return input.within(() =>
      settleApproval({
        result,
        approvals: call.agent.approvals,
        ask: canAsk ? ask : undefined,
        signal,
        ...(inputSchema === undefined ? {} : { inputSchema }),
      }),
    );
  },

  taskResult: createLegacyTaskResult,

  // Structured content only for an object (toMcpCallToolResult already does that), as this revision's schema says.
  toResult: (result) => toMcpCallToolResult(result),
};
