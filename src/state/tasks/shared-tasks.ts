import { guardOf } from "../port/transitions.js";
import { ErrorCode } from "../../errors/error-code.js";
import { taskLostText, taskNotResumedText, taskUnclaimedText } from "../../errors/model-messages.js";
import { TaskNotFoundError } from "../../errors/runtime-errors.js";
import { ToolwrightError } from "../../errors/toolwright-error.js";
import type { RuntimeStore, StoredRecord } from "../port/runtime-store.js";
import { RecordWaiter } from "../port/record-waiter.js";
import { CANCEL_FIELD, CancelWatch } from "./cancel-watch.js";
import { createWithinCap, listInStatuses } from "../port/scoped-ops.js";
import type { HandlerOutcome } from "../../tool/handler-outcome.js";
import { cancelledResult } from "../../tool/cancelled-result.js";
import type { TaskInfo, TaskKeeper, TaskStart, TaskStatus } from "./task-types.js";
import { RunLease, type RunLeaseOptions, takeOverRun } from "../run-lease.js";
import { approvalHash } from "../stable-hash.js";
import { type ApprovalTarget, recordBinding, storedApprovalProblem, storedAuth } from "../approvals/index.js";
import type { CallAuth } from "../../tool/call-auth.js";
import { cappedForStore, resultPatch, storedResult } from "../capped-result.js";
import { type ToolResult, failureResult } from "../../tool/tool-result.js";
import type { ToolProgress } from "../../tool/tool-progress.js";
import { unrefTimer } from "../../runtime/unref-timer.js";

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
  /** How often `wait` reads a task that runs in another process, in ms, when the store cannot notify. */
  readonly pollMs: number;
  /**
   * The most tasks of the scope kept, running or finished, across processes: a full scope evicts its oldest
   * finished task, and refuses a new one when every kept task is running (the call then ends as timed out).
   */
  readonly maxTasks: number;
  /**
   * Prepares to run a task again in this process, after the replica that ran it died: returns what starts the task's
   * tool with its stored arguments and call id, as a background task (no time limit), called only once this process
   * won the take-over; undefined when this process has no such tool.
   */
  readonly resume?: (task: TaskResume) => (() => TaskRun) | undefined;
  /**
   * The current input schema of one of the agent's tools here (its version and a check of arguments against it), or
   * undefined when it has no such tool: a task's record is bound to the version its arguments were validated under,
   * and a replica that takes the task over runs it only when they still pass its own tool, as a stored approval does.
   */
  readonly target?: (toolName: string) => ApprovalTarget | undefined;
  /**
   * How long after its lease ran out a running task that this process cannot run is marked `lost` by a sweep, in ms
   * (by the store's clock): the time replicas that have its tool get to take it over first.
   */
  readonly lostAfterMs: number;
  /** True when the store is the agent's own, in memory (no `store` option): no other process holds its tasks. */
  readonly ownStore?: boolean;
}

/** A task to run again: what its record keeps. */
export interface TaskResume {
  readonly toolName: string;
  readonly callId: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The auth the task's call was made for, checked with the record's binding. */
  readonly auth: CallAuth | undefined;
}

/** The work of a resumed task, as {@link TaskStart} has it. */
export type TaskRun = Pick<TaskStart, "controller" | "work" | "onSettled" | "maxResultChars">;

interface LocalTask {
  info: TaskInfo;
  /** The progress last written to the task's record, so a renewal writes it only when it changed. */
  written?: ToolProgress;
  readonly controller: AbortController;
  readonly done: Promise<ToolResult>;
  readonly settle: (outcome: HandlerOutcome) => void;
}

const FINISHED_STATUSES = ["succeeded", "failed", "cancelled", "lost"] as const;
const FINISHED = new Set<string>(FINISHED_STATUSES);
const RUNNING = ["running"] as const;
const ALL_STATUSES = ["running", ...FINISHED_STATUSES];

/**
 * Keeps an agent's background tasks in a {@link RuntimeStore}: the process running a task holds a lease on its record
 * and renews it while the work goes on, and writes the result there when it ends, so any process whose agent has the
 * same name can read the task's status and wait for its result. A task whose lease runs out (its process died or
 * lost the store) is taken over by the next reader that has its tool: it runs again there, with its stored arguments
 * and call id (so the same idempotency key), and that replica's result is the one stored. A reader without the
 * tool marks it `lost`: never left `running`, never silently gone.
 */
export class SharedTasks implements TaskKeeper {
  readonly #options: SharedTasksOptions;
  readonly #owner = globalThis.crypto.randomUUID();
  readonly #local = new Map<string, LocalTask>();
  // The finished tasks still in #local, oldest first: at most maxTasks, since the store is where results live.
  readonly #finished = new Set<string>();
  readonly #waiter: RecordWaiter;
  // Told of cancel requests other processes write on the records of tasks this process runs.
  readonly #cancels: CancelWatch;

  readonly ownStore: boolean;

  /** Creates the tasks of one agent on a store. */
  constructor(options: SharedTasksOptions) {
    this.#options = options;
    this.ownStore = options.ownStore === true;
    this.#waiter = new RecordWaiter({
      store: options.store,
      kind: "task",
      scope: options.scope,
      pollMs: options.pollMs,
      read: (id) => this.#read(id),
      isFinal: (record) => FINISHED.has(record.status) && record.result !== undefined,
      // A running task's writer may die without a word: look again once its lease could have run out, and, when it
      // had and no replica took the task over, once the lease after it has (when a reader marks it lost).
      recheckAt: (record) => (record.status === "running" ? this.#recheckAt(record) : undefined),
    });
    this.#cancels = new CancelWatch({
      store: options.store,
      scope: options.scope,
      running: () => [...this.#local.values()].filter((entry) => entry.info.status === "running").map((e) => e.info.id),
      cancel: (id, reason) => this.cancel(id, reason),
    });
  }

  async start(task: TaskStart): Promise<string | undefined> {
    const { store, scope, leaseMs, retentionMs, maxTasks } = this.#options;
    const id = globalThis.crypto.randomUUID();
    const info: TaskInfo = Object.freeze({
      id,
      toolName: task.toolName,
      callId: task.callId,
      status: "running",
      startedAt: Date.now(),
    });
    const record = {
      ...info,
      scope,
      owner: this.#owner,
      createdAt: info.startedAt,
      args: task.args,
      ...(!this.ownStore && task.auth !== undefined && { auth: task.auth }),
      ...this.#bound(id, task),
    };
    // Rejects with StoreUnavailableError: the dispatcher then stops the call instead of running it unrecorded.
    const cap = { max: maxTasks, counted: ALL_STATUSES, evictable: FINISHED_STATUSES, leasedStatuses: ["running"] };
    const made = await createWithinCap(store, "task", record, { ttlMs: leaseMs + retentionMs, leaseMs }, cap);
    // Full of running tasks across the scope: refused, as a full in-memory store refuses.
    if (!made.created) return undefined;
    for (const evicted of made.evicted) this.#drop(evicted.id);
    this.#track(info, task);
    return id;
  }

  // Runs a task here under this process's lease, from its start or from a take-over.
  #track(info: TaskInfo, task: TaskRun): void {
    const { id } = info;
    // The last progress rides on a renewal when it changed, so another replica's `fetch` and `task_status` report it
    // (a lease's third late at most) without a write per report; the agent's own store is read by no one else. The
    // renewal reads the record back: on a store that cannot notify, how another process's cancel request arrives.
    const lease = new RunLease(this.#lease(id), () => this.#lost(entry), {
      patch: () => {
        const { progress } = entry.info;
        return !this.ownStore && progress !== undefined && progress !== entry.written ? { progress } : {};
      },
      renewed: (record, patch) => {
        if (patch.progress !== undefined) entry.written = patch.progress as ToolProgress;
        this.#cancels.check(record);
      },
    });
    let resolveDone!: (result: ToolResult) => void;
    const entry: LocalTask = {
      info,
      controller: task.controller,
      done: new Promise<ToolResult>((resolve) => (resolveDone = resolve)),
      settle: (outcome) => {
        if (entry.info.status !== "running") return;
        lease.stop();
        const result: ToolResult = { ...outcome.result, taskId: id };
        const status: TaskStatus = result.ok ? "succeeded" : result.outcome === "cancelled" ? "cancelled" : "failed";
        entry.info = Object.freeze({ ...entry.info, status, finishedAt: Date.now(), result });
        resolveDone(result);
        void this.#record(id, entry.info, task.maxResultChars);
        this.#keepFinished(id);
        this.#cancels.settled();
        unrefTimer(setTimeout(() => this.#drop(id), this.#options.retentionMs));
        task.onSettled({ ...outcome, result });
      },
    };
    this.#local.set(id, entry);
    this.#cancels.watch();
    void task.work.then(entry.settle);
  }

  #lease(id: string): RunLeaseOptions {
    const { leaseMs, retentionMs } = this.#options;
    return { ...this.#options, kind: "task", id, field: "owner", owner: this.#owner, ttlMs: leaseMs + retentionMs };
  }

  // What a task's record is bound to, as an approval's is: the version of the schema its arguments were validated
  // under, and a hash of tool, arguments and version, so a replica taking it over can tell its tool changed since.
  #bound(id: string, task: TaskStart): { schemaVersion: string; argsHash: string; binding: string } | undefined {
    const version = this.#options.target?.(task.toolName)?.schemaVersion;
    if (version === undefined) return undefined;
    const binding = recordBinding({ id, callId: task.callId, auth: task.auth });
    return { schemaVersion: version, argsHash: approvalHash(task.toolName, task.args, version), binding };
  }

  // A task whose runner died runs again here, when this process has its tool and wins the take-over. Answers the
  // record as it now stands (taken here, or by another replica); undefined when this process cannot run it.
  async #takeOver(record: StoredRecord): Promise<StoredRecord | undefined> {
    const { resume, target } = this.#options;
    if (!resume || record.args === undefined) return undefined;
    const task = {
      toolName: String(record.toolName),
      callId: String(record.callId),
      args: record.args as object,
      auth: storedAuth(record),
    };
    const start = resume(task as TaskResume);
    if (!start) return undefined;
    const taken = await takeOverRun(this.#lease(record.id));
    // Another replica won (or the lease was renewed after all): leave the task to it.
    if (!taken) return (await this.#options.store.get("task", this.#options.scope, record.id)) ?? record;
    // Checked as the record now stands (the one this process won), against this process's tool.
    const problem = resumeProblem(taken, target?.(task.toolName));
    this.#track(toInfo(taken), problem === undefined ? start() : notResumed(taken, problem));
    return taken;
  }

  get(taskId: string): TaskInfo | undefined {
    return this.#local.get(taskId)?.info;
  }

  /**
   * Records the last progress of a task this process runs; on a shared store it is written with the next lease
   * renewal, so other processes see it too.
   */
  noteProgress(taskId: string, progress: ToolProgress): void {
    const entry = this.#local.get(taskId);
    if (entry?.info.status === "running") entry.info = Object.freeze({ ...entry.info, progress });
  }

  list(): TaskInfo[] {
    return [...this.#local.values()].map((entry) => entry.info);
  }

  async fetch(taskId: string): Promise<TaskInfo | undefined> {
    const local = this.#local.get(taskId);
    if (local) return local.info;
    const record = await this.#read(taskId);
    return record && toInfo(record);
  }

  async fetchAll(): Promise<TaskInfo[]> {
    const records = await listInStatuses(this.#options.store, "task", this.#options.scope, ALL_STATUSES);
    const infos = await Promise.all(
      records.map(async (record) => this.#local.get(record.id)?.info ?? toInfo(await this.#current(record))),
    );
    return infos.sort((a, b) => a.startedAt - b.startedAt);
  }

  async sweep(): Promise<number> {
    const { store, scope, lostAfterMs } = this.#options;
    const running = await listInStatuses(store, "task", scope, RUNNING);
    // Every running task of another process is tried: the store's clock, in each guard, says whether its lease ran
    // out (this process's clock may run behind the store's, and would then skip a task whose runner died).
    const orphans = running.filter((r) => !this.#local.has(r.id));
    const taken = await Promise.all(
      orphans.map(async (record) => {
        const taken = await this.#takeOver(record).catch(() => undefined);
        // Taken here when the claim made this process the owner (a task that already finished is no longer local).
        if (taken !== undefined) return taken.owner === this.#owner;
        // Not runnable here: left to a replica that has the tool for `lostAfterMs` (by the store's clock, in the
        // guard), then marked lost, so a task whose tool no replica has is never left running.
        await this.#markLost(record, lostAfterMs).catch(() => undefined);
        return false;
      }),
    );
    return taken.filter(Boolean).length;
  }

  async wait(taskId: string): Promise<ToolResult> {
    const local = this.#local.get(taskId);
    if (local) return local.done;
    // Told of the task's end by the store (or, on a store that cannot notify, read every pollMs).
    const record = await this.#waiter.wait(taskId);
    if (!record) throw new TaskNotFoundError(taskId);
    return storedResult(record)!;
  }

  #recheckAt(record: StoredRecord): number {
    const until = Number(record.leaseUntil ?? 0);
    const now = Date.now();
    if (until >= now) return until + 1;
    const { leaseMs } = this.#options;
    // Never sooner than a quarter lease from now: the store's clock, which decides, may run a little behind.
    return Math.max(until + leaseMs + 1, now + Math.max(10, leaseMs / 4));
  }

  // Reads a task's record, marking it lost once its lease ran out and no replica took it over.
  async #read(id: string): Promise<StoredRecord | undefined> {
    const record = await this.#options.store.get("task", this.#options.scope, id);
    return record && this.#current(record);
  }

  // A record as it stands once a running task whose lease ran out is taken over here, or marked lost (see #expired).
  #current(record: StoredRecord): StoredRecord | Promise<StoredRecord> {
    if (record.status !== "running" || Number(record.leaseUntil ?? 0) > Date.now()) return record;
    return this.#expired(record);
  }

  #keepFinished(id: string): void {
    this.#finished.add(id);
    for (const oldest of this.#finished) {
      if (this.#finished.size <= this.#options.maxTasks) break;
      this.#drop(oldest);
    }
  }

  #drop(id: string): void {
    this.#finished.delete(id);
    this.#local.delete(id);
  }

  cancel(taskId: string, reason = "the task was cancelled"): boolean {
    const entry = this.#local.get(taskId);
    if (!entry || entry.info.status !== "running") return false;
    const error = new ToolwrightError(ErrorCode.Cancelled, reason);
    entry.controller.abort(error);
    entry.settle({ result: cancelledResult(entry.info.toolName, entry.info.callId, error, true), error });
    return true;
  }

  async requestCancel(taskId: string, reason = "the task was cancelled"): Promise<boolean> {
    if (this.cancel(taskId, reason)) return true;
    const { store, scope, leaseMs, retentionMs } = this.#options;
    // Written on the running record only; the process that runs it is told (see CancelWatch) and stops it.
    const marked = await store.transition(
      "task",
      scope,
      taskId,
      guardOf("task", "cancel"),
      { [CANCEL_FIELD]: reason },
      { ttlMs: leaseMs + retentionMs },
    );
    return marked !== undefined;
  }

  // A renewal found the task no longer this process's: another process marked it lost (or took it over), so its
  // result would reach no one: the work stops.
  #lost(entry: LocalTask): void {
    const { id, toolName, callId } = entry.info;
    const error = new ToolwrightError(ErrorCode.TaskLost, taskLostText(id, toolName));
    entry.controller.abort(error);
    entry.settle({ result: lostResult(id, toolName, callId), error });
  }

  async #record(id: string, info: TaskInfo, maxResultChars: number | undefined): Promise<void> {
    const { store, scope, retentionMs } = this.#options;
    // Capped on a shared store, so one huge result cannot fill it; the agent's own store holds the object itself.
    const result = info.result && !this.ownStore ? cappedForStore(info.result, maxResultChars) : info.result;
    const patch = { status: info.status, finishedAt: info.finishedAt, ...resultPatch(result) };
    const guard = guardOf("task", "finish", { equals: { owner: this.#owner } });
    // Retried while the lease could still be renewed; after that, readers elsewhere see the task lost.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const written = await store
        .transition("task", scope, id, guard, patch, { ttlMs: retentionMs, returnRecord: false })
        .then(
          () => true,
          () => false,
        );
      if (written) return;
      await new Promise((resolve) => unrefTimer(setTimeout(resolve, this.#options.leaseMs / 4)));
    }
  }

  // A running task whose lease ran out: taken over here when this process can run it, else marked lost.
  async #expired(record: StoredRecord): Promise<StoredRecord> {
    // Not runnable here: left, for one more lease, to a replica that has the tool (its read or its sweep takes it
    // over), and only then marked lost, so a task is lost only when no replica took it.
    return (await this.#takeOver(record)) ?? (await this.#markLost(record, this.#options.leaseMs)) ?? record;
  }

  // `unclaimedForMs`: a sweep's mark, once the lease has been out that long with no replica taking the task over.
  #markLost(record: StoredRecord, unclaimedForMs?: number): Promise<StoredRecord | undefined> {
    const { store, scope, retentionMs } = this.#options;
    const toolName = String(record.toolName);
    const why = unclaimedForMs === undefined ? undefined : taskUnclaimedText(record.id, toolName, unclaimedForMs);
    const lost = {
      status: "lost",
      finishedAt: Date.now(),
      result: lostResult(record.id, toolName, record.callId, why),
    };
    // The store's clock decides: a lease still running there (or out for less than the sweep's wait) leaves the task.
    const guard = guardOf("task", "markLost", {
      leaseExpired: true,
      ...(unclaimedForMs && { leaseExpiredForMs: unclaimedForMs }),
    });
    return store.transition("task", scope, record.id, guard, lost, { ttlMs: retentionMs });
  }
}

/**
 * Why a task taken over may not run here, or undefined when it may: the check a stored approval gets (bound record
 * unchanged, same schema version, arguments that pass the tool here). A record with no binding was started by a
 * toolwright that did not write one, and is refused too: nothing says which schema its arguments were checked by.
 */
function resumeProblem(record: StoredRecord, target: ApprovalTarget | undefined): string | undefined {
  if (record.argsHash === undefined || record.schemaVersion === undefined) {
    return "its record does not say which version of the tool's input schema its arguments were validated against";
  }
  return storedApprovalProblem(record, undefined, target, "the task was started");
}

// A task refused at take-over ends `failed` as if its work had: its waiters and readers everywhere get why.
function notResumed(record: StoredRecord, why: string): TaskRun {
  const toolName = String(record.toolName);
  const message = taskNotResumedText(record.id, toolName, why);
  const error = new ToolwrightError(ErrorCode.InvalidArguments, message);
  const result = failureResult(toolName, String(record.callId), "failed", {
    code: ErrorCode.InvalidArguments,
    message,
  });
  return { controller: new AbortController(), work: Promise.resolve({ result, error }), onSettled: () => undefined };
}

function lostResult(id: string, toolName: string, callId: unknown, message = taskLostText(id, toolName)): ToolResult {
  const error = { code: ErrorCode.TaskLost, message };
  return { ...failureResult(toolName, String(callId), "failed", error), taskId: id };
}

function toInfo(record: StoredRecord): TaskInfo {
  return Object.freeze({
    id: record.id,
    toolName: String(record.toolName),
    callId: String(record.callId),
    status: record.status as TaskStatus,
    startedAt: Number(record.startedAt),
    ...(record.finishedAt === undefined ? {} : { finishedAt: Number(record.finishedAt) }),
    // Written by the replica running it; a record's field is checked before it is shown as progress.
    ...(record.status === "running" && isProgress(record.progress) && { progress: record.progress }),
    ...(record.result === undefined ? {} : { result: storedResult(record)! }),
  });
}

function isProgress(value: unknown): value is ToolProgress {
  const progress = value as Partial<ToolProgress> | null;
  return typeof progress === "object" && progress !== null && typeof progress.progress === "number";
}
