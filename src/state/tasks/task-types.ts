import type { CallAuth } from "../../tool/call-auth.js";
import type { HandlerOutcome } from "../../tool/handler-outcome.js";
import type { ToolResult } from "../../tool/tool-result.js";
import type { ToolProgress } from "../../tool/tool-progress.js";

/** Where a background task stands. */
export type TaskStatus = "running" | "succeeded" | "failed" | "cancelled" | "lost";

/** A snapshot of one background task; `result` is there once it has finished. */
export interface TaskInfo {
  readonly id: string;
  readonly toolName: string;
  /** The id of the tool call that was handed to the background. */
  readonly callId: string;
  readonly status: TaskStatus;
  /** When the call was handed to the background (ms since the epoch). */
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** The call's final result, carrying the task id. */
  readonly result?: ToolResult;
  /** The last progress the task's tool reported; with a shared `store`, other processes see it a lease's third late at most. */
  readonly progress?: ToolProgress;
}

/** The background tasks of an agent: calls that outlived a `timeoutMs` with `onTimeout: "background"`. */
export interface BackgroundTasks {
  /** Returns a task's snapshot, or undefined when the id is unknown or the task was evicted. */
  get(taskId: string): TaskInfo | undefined;
  /**
   * Resolves with the task's final result (never rejects for a failed task: the result says how it ended).
   * @throws {TaskNotFoundError} (as a rejection) when the id is unknown or the task was evicted.
   */
  wait(taskId: string): Promise<ToolResult>;
  /** Returns a snapshot of every task still kept, oldest first. With a shared `store`, this process's tasks only. */
  list(): TaskInfo[];
  /** Resolves with a task's snapshot read from the agent's store (a task of any process), or undefined. */
  fetch(taskId: string): Promise<TaskInfo | undefined>;
  /** Resolves with every task the agent's store keeps (every process's), oldest first. */
  fetchAll(): Promise<TaskInfo[]>;
  /** Aborts a running task's signal and ends it with outcome `cancelled`; returns false when it is not running. */
  cancel(taskId: string, reason?: string): boolean;
  /**
   * With a shared `store`: takes over, in this process, every running task of the agent's scope whose runner stopped
   * renewing its lease (it died or lost the store) and whose tool this agent has, and runs it again with its stored
   * arguments and call id (so the same idempotency key); resolves with how many this process took (each by one
   * compare-and-set, so one replica of any number sweeping at once). Waiters anywhere get the one stored result.
   * A task whose tool this agent lacks is left to a replica that has it until its lease has been out for a lease's
   * length (or three `sweepIntervalMs`, when longer); then the sweep marks it `lost`, with a `TASK_LOST` error naming
   * the tool, so no task stays `running` forever. Marked tasks are not counted in the answer.
   * Without a store, a task dies with its process: resolves with 0. `sweepIntervalMs` sweeps on a timer.
   */
  sweep(): Promise<number>;
  /**
   * Cancels a task wherever it runs: here at once, as `cancel` does; with a shared `store`, a task of another process
   * is marked in the store, and the process running it aborts its signal when told (at once on a store that
   * notifies, else at its next lease renewal). Resolves false when no such task is running.
   */
  requestCancel(taskId: string, reason?: string): Promise<boolean>;
}

/** Limits of a task store. */
export interface TaskLimits {
  /**
   * The most tasks kept, running or finished; default 100. A full store evicts its oldest finished task, and refuses
   * a new one when all are running. With a `store`, the cap is on the agent's scope in the store, every process's
   * tasks counted; each process keeps at most this many finished tasks in memory.
   */
  readonly maxTasks?: number;
  /** How long a finished task stays readable, in ms; default 10 minutes. */
  readonly taskRetentionMs?: number;
}

/** What the dispatcher hands to a store when a call goes to the background. */
export interface TaskStart {
  readonly toolName: string;
  readonly callId: string;
  /** Aborts the handler's signal; the store aborts it on `cancel`. */
  readonly controller: AbortController;
  /** The handler's work; it never rejects. */
  readonly work: Promise<HandlerOutcome>;
  /** Called once with the final outcome, whose result carries the task id (the dispatcher notifies listeners). */
  readonly onSettled: (outcome: HandlerOutcome) => void;
  /** The validated arguments: a shared store keeps them, so another replica can take the task over. */
  readonly args?: Readonly<Record<string, unknown>>;
  /** Who the call is made for: a shared store keeps it, so a replica taking the task over runs it for the same user. */
  readonly auth?: CallAuth | undefined;
  /** The tool's (or agent's) `maxResultChars`: a shared store keeps at most that much of the final result. */
  readonly maxResultChars?: number | undefined;
}

/** What the dispatcher needs of an agent's tasks: the public {@link BackgroundTasks} plus adopting running work. */
export interface TaskKeeper extends BackgroundTasks {
  /** Adopts running work as a task; returns (or resolves with) its id, or undefined when it cannot be kept. */
  start(task: TaskStart): string | undefined | Promise<string | undefined>;
  /** True when the store is the agent's own (no `store` option): every task it holds is known in this process. */
  readonly ownStore?: boolean;
  /** Records the last progress of a running task, shown by `get`, `list` and `task_status`. */
  noteProgress?(taskId: string, progress: ToolProgress): void;
}
