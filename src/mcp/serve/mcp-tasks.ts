import type { ToolResult } from "../../tool/tool-result.js";
import type { ServerSdk } from "../load-sdk.js";

/** A background task as `serveMcp` reads it (toolwright's `TaskInfo`). */
export interface McpTaskInfo {
  readonly id: string;
  readonly status: "running" | "succeeded" | "failed" | "cancelled" | "lost";
  readonly startedAt: number;
  readonly finishedAt?: number;
  readonly result?: ToolResult;
}

/** The part of an agent's `tasks` that serveMcp uses: reading a task from the store (any replica), cancelling it. */
export interface McpTasks {
  fetch(taskId: string): Promise<McpTaskInfo | undefined>;
  cancel(taskId: string, reason?: string): boolean;
  /** Resolves with the task's final result, from whichever replica runs it (2025-11-25 `tasks/result`). */
  wait?(taskId: string): Promise<ToolResult>;
  /** Cancels a task that another replica runs, through the shared store; resolves false when none was running. */
  requestCancel?(taskId: string, reason?: string): Promise<boolean>;
}

/** How often a client should poll `tasks/get`, and how long a task stays readable after it ends (ms). */
export interface McpTaskTiming {
  readonly pollIntervalMs: number;
  readonly ttlMs: number;
}

/** Cancels a task here, or (with a store) wherever it runs: the replica running it stops its handler. */
export async function cancelTask(tasks: McpTasks, taskId: string, reason: string): Promise<void> {
  if (tasks.cancel(taskId, reason)) return;
  await tasks.requestCancel?.(taskId, reason);
}

/** The -32602 error of a task id that never existed or was forgotten, the same on both revisions. */
export function unknownTask(sdk: ServerSdk, taskId: string): Error {
  return new sdk.ProtocolError(-32602, `Unknown task "${taskId}": it never existed, or it ended and was forgotten.`);
}

/**
 * Reads a task from the agent's tasks (its store: any replica).
 * @throws the {@link unknownTask} error when there is no such task.
 */
export async function fetchTask(sdk: ServerSdk, tasks: McpTasks, taskId: string): Promise<McpTaskInfo> {
  const info = await tasks.fetch(taskId);
  if (info === undefined) throw unknownTask(sdk, taskId);
  return info;
}
