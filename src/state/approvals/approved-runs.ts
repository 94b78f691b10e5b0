import { guardOf } from "../port/transitions.js";
import { ErrorCode } from "../../errors/error-code.js";
import { ToolwrightError } from "../../errors/toolwright-error.js";
import { cloneValue, deepFreeze } from "../../schema/json.js";
import type { RuntimeStore, StoredRecord } from "../port/runtime-store.js";
import type { ApprovalEdit, ToolResult } from "../../tool/tool-result.js";
import { RunLease, type RunLeaseOptions, takeOverRun } from "../run-lease.js";
import type { ApprovalRequest, ResolveCall } from "./approval-types.js";
import { LOOKUP_KEY_FIELD } from "../port/keyed-store.js";
import { resolveStored } from "./stored-approval-check.js";
import { cappedForStore, resultPatch, storedResult } from "../capped-result.js";
import { eitherSignal } from "../../runtime/either-signal.js";

/**
 * Runs a call that passed its gates in another process (see `runApproved` in the pipeline), with a human's `edit`
 * of its arguments when there is one (then `args` are the edited ones).
 */
export type RunApproved<Call> = (
  call: Call,
  args: Record<string, unknown>,
  edit: ApprovalEdit | undefined,
) => Promise<ToolResult>;

/** What {@link ApprovedRuns} needs: the store and scope of an agent's approvals, and how to run a rebuilt call. */
export interface ApprovedRunsOptions<Call> {
  readonly store: RuntimeStore;
  /**
   * The scope of its records (registry scope, agent scope and name): only a process whose agent has the same scope
   * lists or decides them.
   */
  readonly scope: string;
  /**
   * Builds a call of one of the agent's tools, made for `auth` (the stored call's), or undefined when it has no tool
   * of that name.
   */
  readonly resolve: ResolveCall<Call>;
  readonly runApproved: RunApproved<Call>;
  /**
   * How long the run lease of an approved call lasts without renewal, in ms: after it, another replica takes the
   * call over.
   */
  readonly leaseMs: number;
  /** How long a request stays pending before it expires (and can never run), in ms. */
  readonly approvalTtlMs: number;
  /** How long a decided record stays, so a late second decision is told it was used; in ms. */
  readonly retentionMs: number;
  /**
   * How often this process reads the calls it requested for decisions made elsewhere, in ms, when the store cannot
   * notify it (a store without `watch`, a `RedisStore` without a subscriber).
   */
  readonly pollMs: number;
  /**
   * True for a store no other process reads (the agent's own memory store, when it has no `store` option): no other
   * replica takes a run over, so an approved call runs without a lease, and at most `KEPT_DECISIONS` decided
   * records are kept (the oldest deleted past it), so decided calls do not pile up in memory until they expire.
   */
  readonly ownStore?: boolean;
}

const RUNNER = "runner";

/**
 * What a decided approval keeps on the agent's own store (see `WriteOptions.keep`): what `forCall` and a second
 * decision read to refuse a replay, found by id or by the call's key.
 */
export const DECIDED_FIELDS: readonly string[] = ["toolName", "callId", LOOKUP_KEY_FIELD];

/**
 * The runs of an agent's approved calls under a lease: approving a pending record names this process its runner and
 * starts the lease; the lease is renewed while the call runs; only the runner that still holds it writes the result.
 * A run whose runner died is taken over after the lease, by the store's clock, by exactly one replica.
 */
export class ApprovedRuns<Call> {
  readonly #options: ApprovedRunsOptions<Call>;
  readonly #owner = globalThis.crypto.randomUUID();

  /** Creates the runs of one agent's approvals. */
  constructor(options: ApprovedRunsOptions<Call>) {
    this.#options = options;
  }

  /**
   * Decides a pending call approved, with this process as its runner, in one compare-and-set that applies only while
   * the record still holds `checked` (the fields the decision read; undefined: nothing to compare) and writes the
   * runner, the lease and a human's `edit` with the status, so the record is never `approved` without the arguments
   * that will run. Resolves with the record as written (its id and status alone for the `requester`, which runs its
   * own call, and whom nobody else waits on), or undefined when the compare-and-set did not apply.
   */
  approve(
    approvalId: string,
    checked: Readonly<Record<string, unknown>> | undefined,
    edit: ApprovalEdit | undefined,
    requester: boolean,
  ): Promise<StoredRecord | undefined> {
    const { store, scope, leaseMs, ownStore } = this.#options;
    const patch = {
      status: "approved",
      [RUNNER]: this.#owner,
      ...(edit && { editedArgs: edit.editedArgs, editedArgsHash: edit.argsHash }),
    };
    // On the agent's own store no replica takes a run over: no lease, and the record keeps only what refuses a replay.
    return store.transition(
      "approval",
      scope,
      approvalId,
      guardOf("approval", "approve", checked && { equals: checked }),
      patch,
      {
        ttlMs: this.#ttlMs,
        notify: !requester,
        returnRecord: !requester,
        ...(ownStore ? { keep: DECIDED_FIELDS, indexed: false } : { leaseMs }),
      },
    );
  }

  /**
   * True when `record` is an {@link unfinished} run whose lease ran out by this process's clock: a hint for a read. A
   * sweep tries every unfinished run instead, and the store's clock (in the take-over's guard) decides.
   */
  orphaned(record: StoredRecord): boolean {
    return this.unfinished(record) && record.leaseUntil! <= Date.now();
  }

  /** True when `record` is an approved call under a lease without a result. */
  unfinished(record: StoredRecord): boolean {
    return record.status === "approved" && record.result === undefined && record.leaseUntil !== undefined;
  }

  /** Takes an orphaned run over (see `takeOverRun`); undefined when another replica holds it. */
  takeOver(approvalId: string): Promise<StoredRecord | undefined> {
    return takeOverRun(this.#lease(approvalId));
  }

  /**
   * Runs an approved call under its lease: the requester's own call (`local`) or one rebuilt from the record, with the
   * stored arguments, or with `edit` when the decision made one (a run taken over passes the record's, checked first:
   * see {@link storedEdit}). Never read from the record here: a record another process could have written carries
   * an edit only once a check has passed it. Resolves with the result stored for it, which is this run's unless another replica took the
   * run over meanwhile (then this one's work is aborted and the taker's result is waited for).
   */
  async run(
    record: StoredRecord,
    local: ApprovalRequest | undefined,
    call: Call | undefined,
    signal: AbortSignal | undefined,
    edit: ApprovalEdit | undefined,
  ): Promise<ToolResult> {
    const { store, scope, retentionMs, resolve, runApproved, ownStore } = this.#options;
    // No lease on the agent's own store: no other replica can take the run over, so nothing aborts it but `signal`.
    const controller = ownStore ? undefined : new AbortController();
    const lease =
      controller &&
      new RunLease(this.#lease(record.id), () =>
        controller.abort(
          new ToolwrightError(ErrorCode.Cancelled, "another replica took this approved call over (its lease ran out)"),
        ),
      );
    const linked = !controller ? signal : signal ? eitherSignal(signal, controller.signal) : controller.signal;
    let result: ToolResult;
    try {
      if (local) result = await local.run(linked, edit);
      else {
        // Rebuilt with the lease's signal, so a run taken over elsewhere stops here.
        const leased = call === undefined ? undefined : resolveStored(resolve, record, linked);
        const args = edit ? cloneValue(edit.editedArgs) : record.args;
        result = await runApproved((leased ?? call)!, deepFreeze(args as Record<string, unknown>), edit);
      }
    } finally {
      lease?.stop();
    }
    // On the agent's own store nobody but this process reads a decision's result: the record stays `approved`, which
    // refuses a replay as `done` does, and holds no result in memory for as long as it is kept.
    if (ownStore) return result;
    const written = await store
      .transition(
        "approval",
        scope,
        record.id,
        guardOf("approval", "finish", { equals: { [RUNNER]: this.#owner } }),
        // Capped as a background task's result is: a huge result cannot fill the store, and another replica reads
        // what a model would; the caller here keeps the whole result.
        { status: "done", ...resultPatch(cappedForStore(result)) },
        // A call requested here has no other waiter; a decided call is paged and counted by no one.
        { ttlMs: retentionMs, returnRecord: false, notify: local === undefined, indexed: false },
      )
      .catch(() => null);
    // Written, or the store is unreachable (the result is the caller's; the requester misses its notice).
    if (written !== undefined) return result;
    return this.#storedResult(record.id, result);
  }

  // Waits for the result of a run another replica took over; a record gone or expired leaves this run's own.
  async #storedResult(approvalId: string, own: ToolResult): Promise<ToolResult> {
    const { store, scope, pollMs } = this.#options;
    for (;;) {
      const record = await store.get("approval", scope, approvalId).catch(() => null);
      if (record === undefined) return own;
      if (record?.result !== undefined) return storedResult(record)!;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  get #ttlMs(): number {
    // A decided call keeps its record while it runs and a while after, so a late decision learns it was used.
    return this.#options.approvalTtlMs + this.#options.retentionMs;
  }

  #lease(id: string): RunLeaseOptions {
    const { store, scope, leaseMs } = this.#options;
    return {
      store,
      kind: "approval",
      scope,
      id,
      field: RUNNER,
      owner: this.#owner,
      leaseMs,
      ttlMs: this.#ttlMs,
    };
  }
}

/**
 * The human's edit an approved record carries (written with the decision), for a replica that takes the run over;
 * `storedApprovalProblem` checks it (hash and schema) before it may run.
 */
export function storedEdit(record: StoredRecord): ApprovalEdit | undefined {
  if (record.editedArgs === undefined) return undefined;
  return {
    originalArgs: record.args as Record<string, unknown>,
    editedArgs: record.editedArgs as Record<string, unknown>,
    argsHash: String(record.editedArgsHash),
  };
}
