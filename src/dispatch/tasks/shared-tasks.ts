import { ErrorCode } from "../../errors/error-code.js";
import { taskLostText } from "../../errors/model-messages.js";
import { TaskNotFoundError } from "../../errors/runtime-errors.js";
import { ToolwrightError } from "../../errors/toolwright-error.js";
import type { RuntimeStore, StoredRecord } from "../../store/runtime-store.js";
import type { HandlerOutcome } from "../run-handler.js";
import { cancelledResult } from "../runtime-results.js";
import type { TaskInfo, TaskKeeper, TaskStart, TaskStatus } from "./local-tasks.js";
import { type ToolResult, failureResult } from "../../tool/tool-result.js";
import { isRichContent } from "../../content/content-part.js";
import { restoreContent } from "../../content/restore-content.js";

/** Where the tasks of one agent are kept. */
export interface SharedTasksOptions {
  readonly store: RuntimeStore;
  /**
   * The scope of its records (registry scope, agent scope and name), readable only by a process whose agent has the
   * same scope.
   */
  readonly scope: string;
  /** How long a running task's lease lasts without renewal, in ms; renewed every third of it. */
  readonly leaseMs: number;
  /** How long a finished (or lost) task stays readable, in ms. */
  readonly retentionMs: number;
  /** How often `wait` reads a task that runs in another process, in ms. */
  readonly pollMs: number;
}

interface LocalTask {
  info: TaskInfo;
  readonly controller: AbortController;
  readonly done: Promise<ToolResult>;
  readonly settle: (outcome: HandlerOutcome) => void;
}

const FINISHED = new Set<string>(["succeeded", "failed", "cancelled", "lost"]);

/**
 * Keeps an agent's background tasks in a {@link RuntimeStore}: the process running a task holds a lease on its record
 * and renews it while the work goes on, and writes the result there when it ends, so any process whose agent has the
 * same name can read the task's status and wait for its result. A task whose lease runs out (its process died or
 * lost the store) is marked `lost` by the next reader: never left `running`, never silently gone.
 */
export class SharedTasks implements TaskKeeper {
  readonly #options: SharedTasksOptions;
  readonly #owner = globalThis.crypto.randomUUID();
  readonly #local = new Map<string, LocalTask>();

  /** Creates the tasks of one agent on a store. */
  constructor(options: SharedTasksOptions) {
    this.#options = options;
  }

  async start(task: TaskStart): Promise<string | undefined> {
    const { store, scope, leaseMs, retentionMs } = this.#options;
    const id = globalThis.crypto.randomUUID();
    const info: TaskInfo = Object.freeze({
      id,
      toolName: task.toolName,
      callId: task.callId,
      status: "running",
      startedAt: Date.now(),
    });
    const record = { ...info, scope, owner: this.#owner, createdAt: info.startedAt };
    // Rejects with StoreUnavailableError: the dispatcher then stops the call instead of running it unrecorded.
    await store.create("task", record, { ttlMs: leaseMs + retentionMs, leaseMs });
    const renewal = setInterval(() => void this.#renew(id), Math.max(1, Math.floor(leaseMs / 3)));
    renewal.unref();
    let resolveDone!: (result: ToolResult) => void;
    const entry: LocalTask = {
      info,
      controller: task.controller,
      done: new Promise<ToolResult>((resolve) => (resolveDone = resolve)),
      settle: (outcome) => {
        if (entry.info.status !== "running") return;
        clearInterval(renewal);
        const result: ToolResult = { ...outcome.result, taskId: id };
        const status: TaskStatus = result.ok ? "succeeded" : result.outcome === "cancelled" ? "cancelled" : "failed";
        entry.info = Object.freeze({ ...entry.info, status, finishedAt: Date.now(), result });
        resolveDone(result);
        void this.#record(id, entry.info);
        const forget = setTimeout(() => this.#local.delete(id), retentionMs);
        forget.unref();
        task.onSettled({ ...outcome, result });
      },
    };
    this.#local.set(id, entry);
    void task.work.then(entry.settle);
    return id;
  }

  get(taskId: string): TaskInfo | undefined {
    return this.#local.get(taskId)?.info;
  }

  list(): TaskInfo[] {
    return [...this.#local.values()].map((entry) => entry.info);
  }

  async fetch(taskId: string): Promise<TaskInfo | undefined> {
    const local = this.#local.get(taskId);
    if (local) return local.info;
    const record = await this.#options.store.get("task", this.#options.scope, taskId);
    return record && this.#checkLease(record);
  }

  async fetchAll(): Promise<TaskInfo[]> {
    const records = await this.#options.store.list("task", this.#options.scope);
    return Promise.all(records.map((record) => this.#local.get(record.id)?.info ?? this.#checkLease(record)));
  }

  async wait(taskId: string): Promise<ToolResult> {
    const local = this.#local.get(taskId);
    if (local) return local.done;
    for (;;) {
      const info = await this.fetch(taskId);
      if (!info) throw new TaskNotFoundError(taskId);
      if (info.result && FINISHED.has(info.status)) return info.result;
      await new Promise((resolve) => setTimeout(resolve, this.#options.pollMs));
    }
  }

  cancel(taskId: string, reason = "the task was cancelled"): boolean {
    const entry = this.#local.get(taskId);
    if (!entry || entry.info.status !== "running") return false;
    const error = new ToolwrightError(ErrorCode.Cancelled, reason);
    entry.controller.abort(error);
    entry.settle({ result: cancelledResult(entry.info.toolName, entry.info.callId, error, true), error });
    return true;
  }

  async #renew(id: string): Promise<void> {
    const { store, scope, leaseMs, retentionMs } = this.#options;
    const guard = { from: ["running"], equals: { owner: this.#owner } };
    const renewed = await store
      .transition("task", scope, id, guard, {}, { ttlMs: leaseMs + retentionMs, leaseMs })
      .catch(() => null);
    // null: the store is unreachable; try again at the next beat. undefined: another process already marked the
    // task lost, so its result would reach no one: stop the work.
    if (renewed !== undefined) return;
    const entry = this.#local.get(id);
    if (!entry || entry.info.status !== "running") return;
    const error = new ToolwrightError(ErrorCode.TaskLost, taskLostText(id, entry.info.toolName));
    entry.controller.abort(error);
    entry.settle({ result: lostResult(id, entry.info.toolName, entry.info.callId), error });
  }

  async #record(id: string, info: TaskInfo): Promise<void> {
    const { store, scope, retentionMs } = this.#options;
    const patch = {
      status: info.status,
      finishedAt: info.finishedAt,
      result: info.result,
      richFields: richFields(info),
    };
    const guard = { from: ["running"], equals: { owner: this.#owner } };
    // Retried while the lease could still be renewed; after that, readers elsewhere see the task lost.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const written = await store.transition("task", scope, id, guard, patch, { ttlMs: retentionMs }).then(
        () => true,
        () => false,
      );
      if (written) return;
      await new Promise((resolve) => setTimeout(resolve, this.#options.leaseMs / 4).unref());
    }
  }

  async #checkLease(record: StoredRecord): Promise<TaskInfo> {
    if (record.status !== "running" || Number(record.leaseUntil ?? 0) > Date.now()) return toInfo(record);
    const { store, scope, retentionMs } = this.#options;
    const lost = {
      status: "lost",
      finishedAt: Date.now(),
      result: lostResult(record.id, String(record.toolName), String(record.callId)),
    };
    // The store's clock decides: a lease still running there leaves the task as it is.
    const guard = { from: ["running"], leaseExpired: true };
    const marked = await store.transition("task", scope, record.id, guard, lost, { ttlMs: retentionMs });
    return toInfo(marked ?? record);
  }
}

function lostResult(id: string, toolName: string, callId: string): ToolResult {
  const error = { code: ErrorCode.TaskLost, message: taskLostText(id, toolName) };
  return { ...failureResult(toolName, callId, "failed", error), taskId: id };
}

function toInfo(record: StoredRecord): TaskInfo {
  return Object.freeze({
    id: record.id,
    toolName: String(record.toolName),
    callId: String(record.callId),
    status: record.status as TaskStatus,
    startedAt: Number(record.startedAt),
    ...(record.finishedAt === undefined ? {} : { finishedAt: Number(record.finishedAt) }),
    ...(record.result === undefined ? {} : { result: restoreResult(record.result, record.richFields) }),
  });
}

type RichField = "content" | "modelContent";

// JSON keeps a part's data but not the brand that makes it a part: the writer names which fields held rich content,
// so a reader elsewhere gets parts back (and a builder renders an image, not its JSON).
function richFields(info: TaskInfo): RichField[] | undefined {
  const result = info.result as { content?: unknown; modelContent?: unknown } | undefined;
  if (!result) return undefined;
  const fields = (["content", "modelContent"] as const).filter((field) => isRichContent(result[field]));
  return fields.length > 0 ? fields : undefined;
}

function restoreResult(stored: unknown, fields: unknown): ToolResult {
  if (!Array.isArray(fields)) return stored as ToolResult;
  const result = { ...(stored as Record<string, unknown>) };
  for (const field of fields as RichField[]) result[field] = restoreContent(result[field]);
  return result as unknown as ToolResult;
}
