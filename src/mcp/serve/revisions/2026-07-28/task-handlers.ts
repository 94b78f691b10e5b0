import { toMcpCallToolResult } from "../../call-tool-result.js";
import type { ServerSdk } from "../../../load-sdk.js";
import {
  type McpTaskInfo,
  type McpTaskTiming,
  type McpTasks,
  cancelTask,
  fetchTask,
  unknownTask,
} from "../../mcp-tasks.js";
import { taskProcessEndedText } from "../../../../errors/model-messages.js";
import type { TaskOwnership } from "../../task-ownership.js";

/** The MCP Tasks extension's identifier (`capabilities.extensions` and the client's per-request opt-in). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

const STATUS = {
  running: "working",
  succeeded: "completed",
  failed: "completed",
  cancelled: "cancelled",
  lost: "failed",
};

/**
 * The Tasks-extension view of a toolwright task: its id, status, times and polling hints. A tool that failed is
 * `completed` with an `isError` result (the extension keeps `failed` for protocol errors); a task whose process ended
 * before it finished (`lost`) is `failed`.
 */
export function taskView(info: McpTaskInfo, timing: McpTaskTiming) {
  const updated = info.finishedAt ?? info.startedAt;
  return {
    taskId: info.id,
    status: STATUS[info.status],
    createdAt: new Date(info.startedAt).toISOString(),
    lastUpdatedAt: new Date(updated).toISOString(),
    ttlMs: timing.ttlMs,
    pollIntervalMs: timing.pollIntervalMs,
  };
}

/** Answers a `tools/call` whose call went to the background as the Tasks extension's `CreateTaskResult`. */
export function createTaskResult(taskId: string, timing: McpTaskTiming) {
  const now = Date.now();
  return { resultType: "task", ...taskView({ id: taskId, status: "running", startedAt: now }, timing) };
}

const taskIdParams = (sdk: ServerSdk) =>
  sdk.fromJsonSchema<{ taskId: string; inputResponses?: Record<string, unknown> }>({
    type: "object",
    properties: { taskId: { type: "string" }, inputResponses: { type: "object" } },
    required: ["taskId"],
  });

/**
 * Registers `tasks/get`, `tasks/update` and `tasks/cancel` (2026-07-28 Tasks extension) on a server, mapped onto the
 * agent's background tasks: `get` reads the task from the agent's store, so any replica sharing it answers; `cancel`
 * stops the task wherever it runs (on another replica through the store); `update` is acknowledged (no toolwright task waits for client input). An unknown
 * task id, or one `owned` does not allow (see {@link TaskOwnership}), is a -32602 error.
 */
export function registerTaskHandlers(
  server: InstanceType<ServerSdk["Server"]>,
  sdk: ServerSdk,
  tasks: McpTasks,
  timing: McpTaskTiming,
  owned: TaskOwnership,
): void {
  // The task methods exist only for a request that declares the extension (-32021 naming it otherwise).
  const gate = (ctx: { mcpReq: { envelope?: unknown } }) => {
    const envelope = ctx.mcpReq.envelope as Record<string, { extensions?: Record<string, unknown> }> | undefined;
    if (envelope?.["io.modelcontextprotocol/clientCapabilities"]?.extensions?.[TASKS_EXTENSION] !== undefined) return;
    throw new sdk.ProtocolError(-32021, `The task methods need the client capability ${TASKS_EXTENSION}.`, {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
  };
  const read = (taskId: string) => {
    if (!owned.allows(taskId)) return Promise.reject(unknownTask(sdk, taskId));
    return fetchTask(sdk, tasks, taskId);
  };
  server.setRequestHandler("tasks/get", { params: taskIdParams(sdk) }, async ({ taskId }, ctx) => {
    gate(ctx);
    const info = await read(taskId);
    const view = { resultType: "complete", ...taskView(info, timing) };
    if (info.status === "lost") return { ...view, error: { code: -32603, message: taskProcessEndedText() } };
    if (info.result === undefined || info.status === "running") return view;
    // The inlined CallToolResult is a 2026 result too: it carries its own resultType.
    return { ...view, result: { resultType: "complete", ...toMcpCallToolResult(info.result) } };
  });
  server.setRequestHandler("tasks/update", { params: taskIdParams(sdk) }, async ({ taskId }, ctx) => {
    gate(ctx);
    await read(taskId);
    return {};
  });
  server.setRequestHandler("tasks/cancel", { params: taskIdParams(sdk) }, async ({ taskId }, ctx) => {
    gate(ctx);
    await read(taskId);
    await cancelTask(tasks, taskId, "cancelled by the MCP client");
    return {};
  });
}
