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
import type { TaskOwnership } from "../../task-ownership.js";

/** The 2025-11-25 capability of a server that runs `tools/call` as experimental tasks (`tasks`). */
export const LEGACY_TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

const STATUS = {
  running: "working",
  succeeded: "completed",
  // 2025-11-25 counts a tool result with isError as a failed task (its result still comes from tasks/result).
  failed: "failed",
  cancelled: "cancelled",
  lost: "failed",
};

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** The 2025-11-25 `Task` of a toolwright task: `ttl` and `pollInterval`, as that revision names them. */
export function legacyTaskView(info: McpTaskInfo, timing: McpTaskTiming) {
  const updated = info.finishedAt ?? info.startedAt;
  return {
    taskId: info.id,
    status: STATUS[info.status],
    ...(info.status === "lost" ? { statusMessage: "The task's process ended before it finished." } : {}),
    createdAt: new Date(info.startedAt).toISOString(),
    lastUpdatedAt: new Date(updated).toISOString(),
    ttl: timing.ttlMs,
    pollInterval: timing.pollIntervalMs,
  };
}

/**
 * Answers a task-augmented 2025-11-25 `tools/call` (`params.task`) with its `CreateTaskResult`, `{ task }`. The SDK
 * v2's 2025 codec wants `content` on every tools/call answer, so an empty one goes beside it (clients read `task`).
 */
export function createLegacyTaskResult(taskId: string, timing: McpTaskTiming) {
  const task = legacyTaskView({ id: taskId, status: "running", startedAt: Date.now() }, timing);
  return { task, content: [] };
}

const taskIdParams = (sdk: ServerSdk) =>
  sdk.fromJsonSchema<{ taskId: string }>({
    type: "object",
    properties: { taskId: { type: "string" } },
    required: ["taskId"],
  });

const listParams = (sdk: ServerSdk) =>
  sdk.fromJsonSchema<{ cursor?: string }>({ type: "object", properties: { cursor: { type: "string" } } });

/**
 * Registers 2025-11-25's experimental task methods on a legacy-era server, over the agent's tasks: `tasks/get` (the
 * task's status, from the store: any replica), `tasks/result` (waits for the end, then the `CallToolResult` with its
 * related-task `_meta`), `tasks/list` and `tasks/cancel` (stops the task wherever it runs and answers the cancelled
 * task; an ended task is -32602, as the revision asks). Each answers only the tasks `owned` allows: a session's own
 * (see {@link TaskOwnership}); any other id is an unknown task.
 */
export function registerLegacyTaskHandlers(
  server: InstanceType<ServerSdk["Server"]>,
  sdk: ServerSdk,
  tasks: McpTasks,
  timing: McpTaskTiming,
  owned: TaskOwnership,
): void {
  const read = (taskId: string) => {
    if (!owned.allows(taskId)) return Promise.reject(unknownTask(sdk, taskId));
    return fetchTask(sdk, tasks, taskId);
  };
  server.setRequestHandler("tasks/get", { params: taskIdParams(sdk) }, async ({ taskId }) =>
    legacyTaskView(await read(taskId), timing),
  );
  server.setRequestHandler("tasks/result", { params: taskIdParams(sdk) }, async ({ taskId }) => {
    const info = await read(taskId);
    const result = info.result ?? (tasks.wait ? await tasks.wait(taskId) : undefined);
    if (result === undefined) throw unknownTask(sdk, taskId);
    const answer = toMcpCallToolResult(result);
    return { ...answer, _meta: { [RELATED_TASK]: { taskId } } };
  });
  // Read by id, never by listing the store's scope: the scope holds every session's tasks and the app's own.
  server.setRequestHandler("tasks/list", { params: listParams(sdk) }, async () => {
    const found: McpTaskInfo[] = [];
    for (const id of owned.ids()) {
      const info = await tasks.fetch(id);
      if (info === undefined) owned.forget(id);
      else found.push(info);
    }
    return { tasks: found.map((info) => legacyTaskView(info, timing)) };
  });
  server.setRequestHandler("tasks/cancel", { params: taskIdParams(sdk) }, async ({ taskId }) => {
    const info = await read(taskId);
    if (info.status !== "running") {
      throw new sdk.ProtocolError(-32602, `Task "${taskId}" has already ended (${STATUS[info.status]}).`);
    }
    await cancelTask(tasks, taskId, "cancelled by the MCP client");
    return legacyTaskView({ ...(await read(taskId)), status: "cancelled" }, timing);
  });
}
