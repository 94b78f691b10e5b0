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

/**
 * Tells whether the agent's tool `toolName` returns untrusted output (its `untrustedOutput`, by default `openWorld`);
 * false for a tool the agent does not have.
 */
export type UntrustedTool = (toolName: string) => boolean;

/**
 * Answers a `task_status` call from the agent's task store. `untrustedTool` says which tasks' progress text is
 * outside text (a running task has no result to carry the mark yet).
 */
export function reportTask(
  tasks: TaskKeeper,
  taskId: string,
  untrustedTool: UntrustedTool = () => false,
): TaskStatusReport | Promise<TaskStatusReport> {
  const local = tasks.get(taskId);
  // A task of another process (with a shared store) is read from the store; an agent's own store holds only tasks
  // this process knows, so it answers at once.
  if (local || tasks.ownStore === true) return report(local, taskId, untrustedTool);
  return tasks.fetch(taskId).then((task) => report(task, taskId, untrustedTool));
}

function report(task: TaskInfo | undefined, taskId: string, untrustedTool: UntrustedTool): TaskStatusReport {
  if (!task) {
    throw new Error(`no background task has id "${taskId}"; it may have finished long ago and been evicted`);
  }
  const report = { taskId, toolName: task.toolName, status: task.status };
  const result = task.result;
  if (!result) return task.progress === undefined ? report : running(report, task.progress, untrustedTool);
  const done: TaskStatusReport = result.ok
    ? { ...report, content: result.content ?? null }
    : { ...report, error: { code: result.error?.code ?? "TOOL_FAILED", message: result.error?.message ?? "" } };
  // A report that quotes an untrusted tool's result reaches the model in an envelope, as that result would.
  if (result.untrusted !== undefined) untrustedReports.add(done);
  return done;
}

// A running task's report with the last progress its handler reported. The progress message is the handler's own
// text (a page's title, a line it read): of an untrusted tool, it reaches the model in an envelope as its result would.
function running(report: TaskStatusReport, progress: ToolProgress, untrustedTool: UntrustedTool): TaskStatusReport {
  const shown = { ...report, progress };
  if (progress.message !== undefined && untrustedTool(report.toolName)) untrustedReports.add(shown);
  return shown;
}

// The reports that quote an untrusted tool's result (its value, or the message of what it threw) or progress text.
const untrustedReports = new WeakSet<object>();
// Every agent's task_status definition.
const statusDefinitions = new WeakSet<ToolDefinition>();

/**
 * The tool whose untrusted result `result` (of a call of `definition`) quotes, when `definition` is an agent's
 * `task_status` tool: the background task's tool, or undefined when the report quotes nothing untrusted (a trusted
 * task, or one still running). For any other tool: its own name.
 */
export function untrustedSource(
  definition: ToolDefinition,
  result: { readonly content?: unknown },
): string | undefined {
  if (!statusDefinitions.has(definition)) return definition.name;
  const { content } = result;
  return typeof content === "object" && content !== null && untrustedReports.has(content)
    ? (content as TaskStatusReport).toolName
    : undefined;
}

/**
 * Returns the definition of an agent's `task_status` tool, reading from its task store. The schema object is shared,
 * so its validator is compiled once per registry.
 */
export function taskStatusDefinition(tasks: TaskKeeper, untrustedTool?: UntrustedTool): ToolDefinition {
  const definition = defineTool({
    name: TASK_STATUS_TOOL,
    description: DESCRIPTION,
    // Polled with the same task id until the task ends: no loop to guard. Its results are untrusted only when they
    // quote an untrusted tool's result (see untrustedSource), which the route's untrusted stage asks per call.
    options: { readOnly: true, repeat: false, untrustedOutput: true },
    inputSchema: INPUT_SCHEMA,
    runner: { kind: "function", handler: (args) => reportTask(tasks, args.taskId as string, untrustedTool) },
  });
  statusDefinitions.add(definition);
  return definition;
}
