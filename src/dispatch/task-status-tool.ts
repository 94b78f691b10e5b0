import type { ObjectJsonSchema } from "../params/json-schema.js";
import { defineTool } from "../tool/define-tool.js";
import type { ToolProgress } from "../tool/tool-progress.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { TaskInfo, TaskKeeper, TaskStatus } from "../state/tasks/index.js";

/** The name of the built-in tool that reports on background tasks. */
export const TASK_STATUS_TOOL = "task_status";

const DESCRIPTION =
  "Report how a background task is doing. A tool call that takes too long goes on in the background and returns a " +
  "taskId; pass it here to learn whether the task is still running, and its result once it has finished.";

const INPUT_SCHEMA: ObjectJsonSchema = Object.freeze({
  type: "object",
  properties: Object.freeze({ taskId: Object.freeze({ type: "string", description: "The taskId a call returned" }) }),
  required: Object.freeze(["taskId"]),
  additionalProperties: false,
});

/** What the `task_status` tool answers. */
export interface TaskStatusReport {
  readonly taskId: string;
  readonly toolName: string;
  readonly status: TaskStatus;
  /** The task's content, once it succeeded. */
  readonly content?: unknown;
  /** What went wrong, once it failed or was cancelled. */
  readonly error?: { readonly code: string; readonly message: string };
  /** The last progress its tool reported, while it runs. */
  readonly progress?: ToolProgress;
}

/** Answers a `task_status` call from the agent's task store. */
export function reportTask(tasks: TaskKeeper, taskId: string): TaskStatusReport | Promise<TaskStatusReport> {
  const local = tasks.get(taskId);
  // A task of another process (with a shared store) is read from the store; an agent's own store holds only tasks
  // this process knows, so it answers at once.
  if (local || tasks.ownStore === true) return report(local, taskId);
  return tasks.fetch(taskId).then((task) => report(task, taskId));
}

function report(task: TaskInfo | undefined, taskId: string): TaskStatusReport {
  if (!task) {
    throw new Error(`no background task has id "${taskId}"; it may have finished long ago and been evicted`);
  }
  const report = { taskId, toolName: task.toolName, status: task.status };
  const result = task.result;
  if (!result) return task.progress === undefined ? report : { ...report, progress: task.progress };
  if (result.ok) return { ...report, content: result.content ?? null };
  return { ...report, error: { code: result.error?.code ?? "TOOL_FAILED", message: result.error?.message ?? "" } };
}

/**
 * Returns the definition of an agent's `task_status` tool, reading from its task store. The schema object is shared,
 * so its validator is compiled once per registry.
 */
export function taskStatusDefinition(tasks: TaskKeeper): ToolDefinition {
  return defineTool({
    name: TASK_STATUS_TOOL,
    description: DESCRIPTION,
    options: { readOnly: true },
    inputSchema: INPUT_SCHEMA,
    runner: { kind: "function", handler: (args) => reportTask(tasks, args.taskId as string) },
  });
}
