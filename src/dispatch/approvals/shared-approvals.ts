import { ApprovalNotFoundError } from "../../errors/runtime-errors.js";
import { deepFreeze } from "../../schema/json.js";
import type { RuntimeStore, StoredRecord } from "../../store/runtime-store.js";
import {
  type ApprovalKeeper,
  type ApprovalRequest,
  type ApproveOptions,
  type PendingApproval,
  pendingApproval,
} from "./local-approvals.js";
import { ErrorCode } from "../../errors/error-code.js";
import { approvalMismatchText } from "../../errors/model-messages.js";
import { approvalHash } from "../stable-hash.js";
import { type ToolResult, failureResult } from "../../tool/tool-result.js";
import { type ApprovalTarget, storedApprovalProblem } from "./stored-approval-check.js";
import { ApprovedRuns } from "./approved-runs.js";

/** Runs a call that passed its gates in another process (see `runApproved` in the pipeline). */
export type RunApproved<Call> = (call: Call, args: Record<string, unknown>) => Promise<ToolResult>;

/**
 * Where the approvals of one agent are kept and how a call is rebuilt from a stored record. `Call` is the pipeline's
 * call request: this room only hands it back, so it needs nothing of the pipeline.
 */
export interface SharedApprovalsOptions<Call> {
  readonly store: RuntimeStore;
  /** The agent's name, for messages. */
  readonly agentName: string;
  /**
   * The scope of its records (registry scope, agent scope and name): only a process whose agent has the same scope
   * lists or decides them.
   */
  readonly scope: string;
  /** Builds a call of one of the agent's tools, or undefined when it has no tool of that name. */
  readonly resolve: (toolName: string, callId: string, signal: AbortSignal | undefined) => Call | undefined;
  readonly runApproved: RunApproved<Call>;
  /** The current schema's version of a rebuilt call's tool, and a check of arguments against that schema. */
  readonly target: (call: Call) => ApprovalTarget;
  /** Ends a rebuilt call with outcome `rejected` and tells its listeners. */
  readonly refuseApproved: (call: Call, args: unknown, reason: string | undefined) => Promise<ToolResult>;
  /** How long a request stays pending before it expires (and can never run), in ms. */
  readonly approvalTtlMs: number;
  /** How long a decided record stays, so a late second decision is told it was used; in ms. */
  readonly retentionMs: number;
  /** How often this process looks for decisions made elsewhere on the calls it requested, in ms. */
  readonly pollMs: number;
  /**
   * How long the run lease of an approved call lasts without renewal, in ms: after it, another replica takes the
   * call over (see {@link SharedApprovals}).
   */
  readonly leaseMs: number;
}

/**
 * Keeps an agent's pending approvals in a {@link RuntimeStore}, so they survive a restart and any process whose agent
 * has the same name can decide them. Deciding is a compare-and-set from `pending`, so a call runs at most once however
 * many processes race; the arguments that run are the stored snapshot the approver was shown. When another process
 * decides a call this one requested, this one's listeners get the final result (`after`, and `error` for a failure).
 *
 * The replica that approves a call holds a run lease on its record while the call runs. When that replica dies
 * mid-run, the requesting replica (or any replica that lists the agent's approvals) takes the call over once the
 * lease has run out, and runs it again with the same idempotency key; only the lease holder's result is stored, and
 * every waiter (the approver, the requester's listeners) gets that one.
 */
export class SharedApprovals<Call> implements ApprovalKeeper {
  readonly #options: SharedApprovalsOptions<Call>;
  // The calls requested here and not yet seen decided: this process's view, and whom to tell of a decision.
  readonly #local = new Map<string, { readonly info: PendingApproval; readonly request: ApprovalRequest }>();
  readonly #runs: ApprovedRuns<Call>;
  #poller: NodeJS.Timeout | undefined;

  /** Creates the approvals of one agent on a store. */
  constructor(options: SharedApprovalsOptions<Call>) {
    this.#options = options;
    this.#runs = new ApprovedRuns(options);
  }

  async request(request: ApprovalRequest): Promise<string> {
    const id = globalThis.crypto.randomUUID();
    const info = pendingApproval(id, request);
    const record = { ...info, scope: this.#options.scope, status: "pending", createdAt: info.requestedAt };
    await this.#options.store.create("approval", record, { ttlMs: this.#options.approvalTtlMs });
    this.#local.set(id, { info, request });
    this.#watch();
    return id;
  }

  async approve(approvalId: string, options: ApproveOptions = {}): Promise<ToolResult> {
    // The claim is the compare-and-set out of `pending` (of any number of racing approvals, one wins), and the record
    // it answers with is what the checks read: no read before it.
    const record = await this.#runs.claim(approvalId);
    if (!record) throw new ApprovalNotFoundError(approvalId, await this.#usedReason(approvalId));
    const shown = options.args;
    if (
      shown !== undefined &&
      approvalHash(String(record.toolName), shown, String(record.schemaVersion)) !== record.argsHash
    ) {
      await this.#runs.unclaim(approvalId);
      throw new ApprovalNotFoundError(approvalId, "it was requested for other arguments than the ones approved");
    }
    const local = this.#local.get(approvalId);
    let call: Call | undefined;
    try {
      call = local ? undefined : this.#call(record, options.signal);
    } catch (error) {
      // A process without the tool leaves the call pending for one that has it.
      await this.#runs.unclaim(approvalId);
      throw error;
    }
    const problem = storedApprovalProblem(record, local?.info, call ? this.#options.target(call) : undefined);
    if (problem !== undefined) return this.#refuseMismatch(record, local?.request, problem, true);
    this.#local.delete(approvalId);
    return this.#runs.run(record, local?.request, call, options.signal);
  }

  async reject(approvalId: string, reason?: string): Promise<ToolResult> {
    const record = await this.#pendingRecord(approvalId);
    const local = this.#local.get(approvalId);
    const call = local ? undefined : this.#call(record, undefined);
    await this.#decide(approvalId, { status: "rejected" });
    this.#local.delete(approvalId);
    const result = call
      ? await this.#options.refuseApproved(call, record.args, reason)
      : await local!.request.refuse(reason);
    await this.#finish(approvalId, "rejected", result);
    return result;
  }

  // A record that does not match is used up like a decision (single use), and answers with a result that says why.
  async #refuseMismatch(
    record: StoredRecord,
    local: ApprovalRequest | undefined,
    why: string,
    claimed = false,
  ): Promise<ToolResult> {
    const toolName = String(record.toolName);
    // A claimed record is `approved` already; finishing it `rejected` below is its decision.
    if (!claimed) await this.#decide(record.id, { status: "rejected" });
    this.#local.delete(record.id);
    const result = failureResult(toolName, String(record.callId), "rejected", {
      code: ErrorCode.ApprovalMismatch,
      message: approvalMismatchText(toolName, why),
    });
    // A call requested here hears it now; one requested elsewhere reads the result from the record.
    if (local?.report) await local.report(result);
    await this.#finish(record.id, "rejected", result);
    return result;
  }

  pending(): PendingApproval[] {
    return [...this.#local.values()].map((entry) => entry.info);
  }

  async list(): Promise<PendingApproval[]> {
    const records = await this.#options.store.list("approval", this.#options.scope);
    // Approved calls whose runner stopped renewing its lease are taken over here, in the background.
    for (const record of records) if (this.#runs.orphaned(record)) void this.#takeOver(record);
    return records.filter((record) => record.status === "pending").map(toPending);
  }

  // Runs an approved call whose runner died: the requester's own call when it was requested here, else a rebuilt one.
  async #takeOver(record: StoredRecord): Promise<void> {
    const local = this.#local.get(record.id);
    let call: Call | undefined;
    if (!local) {
      call = this.#options.resolve(String(record.toolName), String(record.callId), undefined);
      if (!call) return; // a replica without the tool leaves it to one that has it
    }
    const taken = await this.#runs.takeOver(record.id).catch(() => undefined);
    if (!taken) return;
    this.#local.delete(record.id);
    const problem = storedApprovalProblem(taken, local?.info, call ? this.#options.target(call) : undefined);
    if (problem !== undefined) {
      await this.#refuseMismatch(taken, local?.request, problem, true);
      return;
    }
    await this.#runs.run(taken, local?.request, call, undefined).catch(() => undefined);
  }

  async #usedReason(approvalId: string): Promise<string | undefined> {
    const record = await this.#options.store.get("approval", this.#options.scope, approvalId);
    if (!record) {
      this.#local.delete(approvalId);
      return undefined;
    }
    return record.status === "pending"
      ? "another decision on it was made first (an approval is single use)"
      : usedReason(record.status);
  }

  async #pendingRecord(approvalId: string): Promise<StoredRecord> {
    const record = await this.#options.store.get("approval", this.#options.scope, approvalId);
    if (!record) {
      this.#local.delete(approvalId);
      throw new ApprovalNotFoundError(approvalId);
    }
    if (record.status !== "pending") throw new ApprovalNotFoundError(approvalId, usedReason(record.status));
    return record;
  }

  async #decide(approvalId: string, patch: { readonly status: string }): Promise<void> {
    const { store, scope, retentionMs, approvalTtlMs } = this.#options;
    // A decided call keeps its record while it runs and a while after, so a late decision learns it was used.
    const ttlMs = approvalTtlMs + retentionMs;
    const won = await store.transition("approval", scope, approvalId, { from: ["pending"] }, patch, { ttlMs });
    if (!won)
      throw new ApprovalNotFoundError(approvalId, "another decision on it was made first (an approval is single use)");
  }

  async #finish(approvalId: string, status: string, result: ToolResult): Promise<void> {
    const { store, scope, retentionMs } = this.#options;
    // The result is already the caller's: a store that fails now only costs the requester its notice.
    await store
      .transition(
        "approval",
        scope,
        approvalId,
        { from: ["approved", "rejected"] },
        { status, result },
        {
          ttlMs: retentionMs,
        },
      )
      .catch(() => undefined);
  }

  #call(record: StoredRecord, signal: AbortSignal | undefined): Call {
    const toolName = String(record.toolName);
    const call = this.#options.resolve(toolName, String(record.callId), signal);
    if (!call) {
      throw new ApprovalNotFoundError(
        String(record.id),
        `agent "${this.#options.agentName}" in this process has no tool "${toolName}" to run it with`,
      );
    }
    return call;
  }

  // Polls only while calls requested here are undecided; the timer never keeps the process alive.
  #watch(): void {
    if (this.#poller) return;
    this.#poller = setInterval(() => void this.#poll(), this.#options.pollMs);
    this.#poller.unref();
  }

  async #poll(): Promise<void> {
    for (const [id, { request }] of this.#local) {
      const record = await this.#options.store.get("approval", this.#options.scope, id).catch(() => null);
      // null: the store is unreachable for now. Without a result the call is pending or still running elsewhere;
      // running on a replica that died, it is taken over here once the lease has run out.
      if (record && this.#runs.orphaned(record)) void this.#takeOver(record);
      if (record === null || (record && record.result === undefined)) continue;
      if (!this.#local.delete(id)) continue;
      const result = record?.result as ToolResult | undefined;
      if (result && request.report) await request.report(result);
    }
    if (this.#local.size === 0) {
      clearInterval(this.#poller);
      this.#poller = undefined;
    }
  }
}

function usedReason(status: string): string {
  return status === "rejected"
    ? "it was already rejected (an approval is single use)"
    : "it was already approved (an approval is single use)";
}

function toPending(record: StoredRecord): PendingApproval {
  return deepFreeze({
    id: record.id,
    toolName: String(record.toolName),
    callId: String(record.callId),
    args: record.args as Record<string, unknown>,
    argsHash: String(record.argsHash),
    schemaVersion: String(record.schemaVersion),
    requestedAt: Number(record.requestedAt),
  });
}
