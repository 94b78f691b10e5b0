import { guardOf } from "../port/transitions.js";
import { ApprovalNotFoundError } from "../../errors/runtime-errors.js";
import { deepFreeze } from "../../schema/json.js";
import type { StoredRecord } from "../port/runtime-store.js";
import { RecordWaiter } from "../port/record-waiter.js";
import { LOOKUP_KEY_FIELD, isKeyedStore } from "../port/keyed-store.js";
import { isolated } from "../isolated.js";
import { createWithinCap, listInStatuses } from "../port/scoped-ops.js";
import {
  type ApprovalEvictedListener,
  type ApprovalKeeper,
  type ApprovalRequest,
  type ApproveOptions,
  type CallApproval,
  type GrantKeeper,
  type GrantListOptions,
  type PendingApproval,
  editOf,
  pendingApproval,
  sameArguments,
} from "./approval-types.js";
import { ErrorCode } from "../../errors/error-code.js";
import { approvalMismatchText, approvedArgumentsDifferText } from "../../errors/model-messages.js";
import { type ToolResult, failureResult } from "../../tool/tool-result.js";
import { type ApprovalTarget, recordBinding, resolveStored, storedApprovalProblem } from "./stored-approval-check.js";
import type { CallAuth } from "../../tool/call-auth.js";
import { ApprovedRuns, type ApprovedRunsOptions, DECIDED_FIELDS, storedEdit } from "./approved-runs.js";
import { cappedForStore, resultPatch, storedResult } from "../capped-result.js";
import { type Grant, grantOf } from "../grants/index.js";

/**
 * Where the approvals of one agent are kept and how a call is rebuilt from a stored record. `Call` is the pipeline's
 * call request: this room only hands it back, so it needs nothing of the pipeline.
 */
export interface SharedApprovalsOptions<Call> extends ApprovedRunsOptions<Call> {
  /** The agent's name, for messages. */
  readonly agentName: string;
  /** The current schema's version of a rebuilt call's tool, and a check of arguments against that schema. */
  readonly target: (call: Call) => ApprovalTarget;
  /** Ends a rebuilt call with outcome `rejected` and tells its listeners. */
  readonly refuseApproved: (call: Call, args: unknown, reason: string | undefined) => Promise<ToolResult>;
  /** The most approvals of the scope kept pending, across processes; a full scope drops its oldest request. */
  readonly maxPending: number;
  /** Told (in the process whose request made room) of each pending approval the full scope dropped. */
  readonly onEvicted?: ApprovalEvictedListener;
  /** Remembers approvals as grants (`approve(id, { remember })`), lists and revokes them. */
  readonly grants?: GrantKeeper;
}

/** How many decided approvals an agent's own store remembers, so a replay is told the approval was used. */
export const KEPT_DECISIONS = 1_000;

const PENDING = ["pending"] as const;
const APPROVED = ["approved"] as const;
// A decision's record is final for its requester once it carries the result.
const decided = (record: StoredRecord) => record.result !== undefined;

/**
 * Keeps an agent's pending approvals in a {@link RuntimeStore}, so they survive a restart and any process whose agent
 * has the same name can decide them. Deciding is a compare-and-set from `pending`, so a call runs at most once however
 * many processes race; the arguments that run are the stored snapshot the approver was shown. When another process
 * decides a call this one requested, this one's listeners get the final result (`after`, and `error` for a failure).
 * An approved call runs under a lease (`ApprovedRuns`): when its runner dies, the requester (or any replica
 * that lists or sweeps) takes it over, with the same idempotency key, and every waiter gets the one stored result.
 */
export class SharedApprovals<Call> implements ApprovalKeeper {
  readonly #options: SharedApprovalsOptions<Call>;
  // The calls requested here and not yet seen decided: this process's view, and whom to tell of a decision.
  readonly #local = new Map<string, { readonly info: PendingApproval; readonly request: ApprovalRequest }>();
  readonly #waiter: RecordWaiter;
  readonly #runs: ApprovedRuns<Call>;
  // The ids decided here on the agent's own store (which keeps at most KEPT_DECISIONS of them), as a ring: the slot
  // at #nextDecision holds the oldest once it is full. A Set deleted from its front was the round trip's largest
  // cost: each read of its first id stepped over the deleted ones before it.
  readonly #decisions: string[] = [];
  #nextDecision = 0;

  /** Creates the approvals of one agent on a store. */
  constructor(options: SharedApprovalsOptions<Call>) {
    this.#options = options;
    this.#runs = new ApprovedRuns(options);
    const { store, scope, approvalTtlMs, pollMs } = options;
    this.#waiter = new RecordWaiter({
      store,
      kind: "approval",
      scope,
      pollMs,
      read: async (id) => {
        const record = await store.get("approval", scope, id);
        // Running on a replica that died: taken over here once its lease has run out.
        if (record && this.#runs.orphaned(record)) void this.#takeOver(record);
        return record;
      },
      isFinal: decided,
      // A pending request expires unannounced; an approved one is read again when its run lease would run out (each
      // renewal is a notice that moves this on), and once more when its record would expire, so this process forgets it.
      recheckAt: (record) =>
        record.status === "pending"
          ? Number(record.createdAt) + approvalTtlMs + 1
          : record.status === "approved" && record.leaseUntil !== undefined
            ? Number(record.leaseUntil) + 1
            : Date.now() + approvalTtlMs + options.retentionMs + 1,
    });
  }

  async request(request: ApprovalRequest, unlessGranted?: boolean): Promise<string | readonly Grant[]> {
    const { store, scope, approvalTtlMs, maxPending } = this.#options;
    const scopes = unlessGranted ? this.#options.grants?.scopesFor(request.toolName, request.session) : undefined;
    const id = globalThis.crypto.randomUUID();
    const info = pendingApproval(id, request);
    const { ownStore } = this.#options;
    const record = {
      ...info,
      scope,
      status: "pending",
      createdAt: info.requestedAt,
      // How `forCall` finds it: by key, never by reading the scope.
      [LOOKUP_KEY_FIELD]: callKey(info.toolName, info.callId),
      ...(request.framework && { framework: true }),
      // A run rebuilt elsewhere runs for the same user; the binding refuses a record whose call id or auth changed.
      // The agent's own store is read by this process alone, which runs its own call: neither is needed there.
      ...(!ownStore && this.#bound(id, info.callId, request.auth, info.session)),
    };
    // Subscribed before the write, so a decision made at once elsewhere is not missed. On the agent's own store
    // nobody else decides: every decision is made here and settles the call directly, so nothing waits.
    if (ownStore) this.#forgetExpired();
    else await this.#waiter.ready();
    const cap = { max: maxPending, counted: PENDING, evictable: PENDING };
    const unless = scopes && { kind: "grant" as const, scopes };
    const made = await createWithinCap(store, "approval", record, { ttlMs: approvalTtlMs }, cap, unless);
    if (!made.created && made.reason === "found") return made.found.map(grantOf);
    if (made.created) for (const evicted of made.evicted) this.#evicted(toPending(evicted), evicted.framework === true);
    this.#local.set(id, { info, request });
    // A store closed meanwhile ends the wait with its error: nobody can decide the call any more, nothing to tell.
    if (!ownStore)
      void this.#waiter.wait(id, record).then(
        (final) => this.#heard(id, final),
        () => undefined,
      );
    return id;
  }

  // What a shared record is bound to beside its hash (see `recordBinding`), which a decision requires it to still
  // hold: `auth` is written as null when the call had none, so a record given one later does not match either.
  // The session is bound too: a rebuilt call runs, and is granted, in the session it was made in.
  #bound(
    id: string,
    callId: string,
    auth: CallAuth | undefined,
    session: string | undefined,
  ): { auth: CallAuth | null; binding: string } {
    return { auth: auth ?? null, binding: recordBinding({ id, callId, auth, session }) };
  }

  // The agent's own store: a request that expired unanswered is forgotten here (the store dropped its record), as a
  // waiter on a shared store hears. Requests are kept oldest first, so only expired ones are visited.
  #forgetExpired(): void {
    const cutoff = Date.now() - this.#options.approvalTtlMs;
    for (const [id, { info }] of this.#local) {
      if (info.requestedAt > cutoff) return;
      this.#local.delete(id);
    }
  }

  // A framework-bound record is the adapter's, not the app's: dropping it for room raises no eviction event.
  #evicted(approval: PendingApproval, framework: boolean): void {
    this.#local.delete(approval.id);
    this.#waiter.forget(approval.id);
    const onEvicted = this.#options.onEvicted;
    if (framework || !onEvicted) return;
    // The app's listener failing (a throw, or a rejection of an async one) must not fail the new call that made room,
    // nor end the process as an unhandled rejection.
    isolated(() => onEvicted(approval));
  }

  // The wait for a call requested here is over: decided elsewhere (tell its listeners), or gone (evicted, expired).
  async #heard(id: string, record: StoredRecord | undefined): Promise<void> {
    const local = this.#local.get(id);
    if (!local || !this.#local.delete(id)) return;
    const result = storedResult(record);
    if (result && local.request.report) await local.request.report(result);
  }

  async approve(approvalId: string, options: ApproveOptions = {}): Promise<ToolResult> {
    // Everything is checked before anything is written, and the decision is then one compare-and-set out of
    // `pending` that carries its whole outcome (approved with its runner, lease and edit; or rejected with the
    // mismatch): an outage can leave the record pending or decided, never approved with an outcome it lacks. The
    // requester's own call is checked against what it requested here, with no read first; another's is read.
    const local = this.#local.get(approvalId);
    const record = local ? undefined : await this.#pendingRecord(approvalId);
    const info = local?.info ?? toPending(record!);
    // A process without the tool leaves the call pending for one that has it.
    const call = record && this.#call(record, options.signal);
    const target = call && this.#options.target(call);
    const problem = record && storedApprovalProblem(record, undefined, target);
    if (problem !== undefined) return this.#refuseMismatch(info, local?.request, problem);
    // Edits and shown arguments are checked against the schema of the process that runs the call.
    const checker = local ? local.request : target!;
    if (options.expectedArgs !== undefined && !(await sameArguments(info, checker, options.expectedArgs))) {
      return this.#refuseMismatch(info, local?.request, approvedArgumentsDifferText());
    }
    // An invalid edit throws here, before anything is written: the call stays pending. (Awaited only when there is
    // one: each await is a turn of the event loop's microtask queue on every round trip.)
    const edit = options.args === undefined ? undefined : await editOf(info, checker, options.args);
    // A grant asked for is checked (bad conditions throw, the call stays pending) and written before the decision,
    // and taken back when the decision does not apply: a grant never outlives an approval that was not given.
    const remember = this.#options.grants?.prepare(info, options);
    const grant = remember && (await remember()).id;
    // Written with the decision, so a replica taking the run over runs the edit.
    const { ownStore } = this.#options;
    const bound = local ? !ownStore && this.#bound(approvalId, info.callId, local.request.auth, info.session) : record;
    // The agent's own store is reached through this keeper alone, so a call requested here is still the record it
    // wrote: nothing to compare. A record another process could have written is compared field by field.
    const checked =
      local && ownStore
        ? undefined
        : bound
          ? { ...checkedFields(info), auth: bound.auth ?? null, binding: bound.binding }
          : checkedFields(info);
    let approved: StoredRecord | undefined;
    try {
      approved = await this.#runs.approve(approvalId, checked, edit, local !== undefined);
    } catch (error) {
      // The decision could not be written (the store failed): approve rejects and the call stays pending, so the
      // grant made for it goes too, or it would let later calls run on an approval nobody saw given.
      await this.#takeBack(grant);
      throw error;
    }
    if (!approved) {
      await this.#takeBack(grant);
      return this.#notDecided(approvalId, info, local?.request);
    }
    this.#decided(approvalId);
    return this.#runs.run(approved, local?.request, call, options.signal, edit);
  }

  // Deletes the grant `approve` wrote before a decision that did not apply (best effort: a store that fails now fails
  // the deletion too, and approve's own answer is what the caller hears).
  async #takeBack(grantId: string | undefined): Promise<void> {
    if (grantId) await this.#options.grants!.revoke(grantId).catch(() => undefined);
  }

  grants(options: GrantListOptions = {}): Promise<Grant[]> {
    return this.#options.grants?.list(options) ?? Promise.resolve([]);
  }

  revoke(grantId: string): Promise<boolean> {
    return this.#options.grants?.revoke(grantId) ?? Promise.resolve(false);
  }

  async reject(approvalId: string, reason?: string): Promise<ToolResult> {
    const record = await this.#pendingRecord(approvalId);
    const local = this.#local.get(approvalId);
    const call = local ? undefined : this.#call(record, undefined);
    if (!(await this.#write(approvalId, { status: "rejected" }, true))) {
      throw new ApprovalNotFoundError(approvalId, usedReason("pending"));
    }
    this.#decided(approvalId);
    const result = call
      ? await this.#options.refuseApproved(call, record.args, reason)
      : await local!.request.refuse(reason);
    await this.#finish(approvalId, result);
    return result;
  }

  // The decision's compare-and-set did not apply: decided elsewhere first (single use), or gone, or the stored record
  // is no longer the one checked (changed in the store), which is refused like any other mismatch.
  async #notDecided(
    approvalId: string,
    info: PendingApproval,
    local: ApprovalRequest | undefined,
  ): Promise<ToolResult> {
    const record = await this.#read(approvalId);
    if (record?.status !== "pending") throw this.#notFound(approvalId, record);
    const why = storedApprovalProblem(record, info, undefined) ?? "its stored record changed while it was decided";
    return this.#refuseMismatch(info, local, why);
  }

  // A pending record that does not match is used up like a decision (single use), and answers with a result that
  // says why: one compare-and-set from `pending` writes `rejected` and the result together. It needs no guard on the
  // record's fields, as an approval's has: a refusal runs nothing, whatever the record now holds.
  async #refuseMismatch(info: PendingApproval, local: ApprovalRequest | undefined, why: string): Promise<ToolResult> {
    const result = mismatchResult(info.toolName, info.callId, why);
    const refused = { status: "rejected", result };
    if (!(await this.#write(info.id, refused, local === undefined))) {
      throw this.#notFound(info.id, await this.#read(info.id));
    }
    this.#decided(info.id);
    // A call requested here hears it now; one requested elsewhere reads the result from the record.
    if (local?.report) await local.report(result);
    return result;
  }

  // A run taken over here whose record no longer passes: its lease is this process's, so the refusal is written from
  // `approved` (a store lost now leaves the lease to run out, and the next taker refuses it again).
  async #refuseTaken(record: StoredRecord, local: ApprovalRequest | undefined, why: string): Promise<void> {
    const result = mismatchResult(String(record.toolName), String(record.callId), why);
    if (local?.report) await local.report(result);
    await this.#finish(record.id, result);
  }

  // Decided here: forgotten as requested, and on the agent's own store remembered as decided within KEPT_DECISIONS.
  #decided(approvalId: string): void {
    this.#forget(approvalId);
    const { ownStore, store, scope } = this.#options;
    if (!ownStore) return;
    const oldest = this.#decisions[this.#nextDecision];
    this.#decisions[this.#nextDecision] = approvalId;
    this.#nextDecision = (this.#nextDecision + 1) % KEPT_DECISIONS;
    if (oldest !== undefined) void store.delete("approval", scope, oldest).catch(() => undefined);
  }

  // Decided here: this process no longer waits to hear of it.
  #forget(approvalId: string): void {
    this.#local.delete(approvalId);
    this.#waiter.forget(approvalId);
  }

  pending(): PendingApproval[] {
    if (this.#options.ownStore) this.#forgetExpired();
    return [...this.#local.values()].filter((entry) => !entry.request.framework).map((entry) => entry.info);
  }

  async list(): Promise<PendingApproval[]> {
    const { store, scope } = this.#options;
    // Approved calls whose runner stopped renewing its lease are taken over here, in the background.
    const running = await listInStatuses(store, "approval", scope, APPROVED);
    for (const record of running) if (this.#runs.orphaned(record)) void this.#takeOver(record);
    const records = await listInStatuses(store, "approval", scope, PENDING);
    // A framework-bound record is decided by the framework's human, through its adapter: not the app's to list.
    return records
      .filter((record) => record.framework !== true)
      .map(toPending)
      .sort((a, b) => a.requestedAt - b.requestedAt);
  }

  async sweep(): Promise<number> {
    const { store, scope } = this.#options;
    const running = await listInStatuses(store, "approval", scope, APPROVED);
    const taken = await Promise.all(running.filter((r) => this.#runs.unfinished(r)).map((r) => this.#takeOver(r)));
    return taken.filter(Boolean).length;
  }

  async forCall(toolName: string, callId: string): Promise<CallApproval | undefined> {
    const { store, scope } = this.#options;
    // The newest record of the call decides: decided records are kept a while, so a replay learns it was used. A
    // store that finds records by key answers in one short step, however many the scope holds; another is read whole.
    const record = isKeyedStore(store)
      ? await store.findByKey("approval", scope, callKey(toolName, callId))
      : (await store.list("approval", scope)).filter((r) => r.toolName === toolName && r.callId === callId).at(-1);
    // The record must name the call itself: a record's lookup key is a field like any other, and could be changed.
    if (!record || record.toolName !== toolName || record.callId !== callId) return undefined;
    if (record.status !== "pending") return { status: "decided" };
    return { status: "pending", approval: toPending(record), framework: record.framework === true };
  }

  // Runs an approved call whose runner died: the requester's own call when it was requested here, else a rebuilt one.
  // Resolves true once this process won the run (which then goes on in the background), false when it did not.
  async #takeOver(record: StoredRecord): Promise<boolean> {
    const local = this.#local.get(record.id);
    // Resolved for the requester's own call too: its tool's schema checks the human's edit the record carries.
    const resolved = resolveStored(this.#options.resolve, record, undefined);
    if (!local && !resolved) return false; // a replica without the tool leaves it to one that has it
    const taken = await this.#runs.takeOver(record.id).catch(() => undefined);
    if (!taken) return false;
    this.#forget(record.id);
    const problem = storedApprovalProblem(taken, local?.info, resolved && this.#options.target(resolved));
    if (problem !== undefined) void this.#refuseTaken(taken, local?.request, problem).catch(() => undefined);
    else {
      const call = local ? undefined : resolved;
      void this.#runs.run(taken, local?.request, call, undefined, storedEdit(taken)).catch(() => undefined);
    }
    return true;
  }

  #read(approvalId: string): Promise<StoredRecord | undefined> {
    return this.#options.store.get("approval", this.#options.scope, approvalId);
  }

  // Why a decision on a record read just now cannot apply: it is gone (and forgotten here), or no longer pending.
  #notFound(approvalId: string, record: StoredRecord | undefined): ApprovalNotFoundError {
    if (!record) this.#forget(approvalId);
    return new ApprovalNotFoundError(approvalId, record && usedReason(record.status));
  }

  async #pendingRecord(approvalId: string): Promise<StoredRecord> {
    const record = await this.#read(approvalId);
    if (record?.status !== "pending") throw this.#notFound(approvalId, record);
    return record;
  }

  // A rejection's one write out of `pending` (the table's `reject`); false when it did not apply. A decided call keeps
  // its record a while, so a late decision learns it was used, and leaves the status index at once: nothing pages
  // through or counts decided approvals. On the agent's own store it keeps only what refuses a replay.
  async #write(approvalId: string, patch: Readonly<Record<string, unknown>>, notify: boolean): Promise<boolean> {
    const { store, scope, retentionMs, approvalTtlMs, ownStore } = this.#options;
    const options = { ttlMs: approvalTtlMs + retentionMs, returnRecord: false, notify, indexed: false };
    const slim = { ...options, ...(ownStore && { keep: DECIDED_FIELDS }) };
    const written = await store.transition("approval", scope, approvalId, guardOf("approval", "reject"), patch, slim);
    return written !== undefined;
  }

  // The result of a rejection, for a requester elsewhere (on the agent's own store nobody else reads it). It is already
  // the caller's: a store that fails now only costs the requester its notice.
  async #finish(approvalId: string, result: ToolResult): Promise<void> {
    const { store, scope, retentionMs, ownStore } = this.#options;
    if (ownStore) return;
    const patch = { status: "rejected", ...resultPatch(cappedForStore(result)) };
    const options = { ttlMs: retentionMs, returnRecord: false, indexed: false };
    await store.transition("approval", scope, approvalId, guardOf("approval", "refuse"), patch, options).catch(() => 0);
  }

  #call(record: StoredRecord, signal: AbortSignal | undefined): Call {
    const call = resolveStored(this.#options.resolve, record, signal);
    if (call) return call;
    const { agentName } = this.#options;
    const why = `agent "${agentName}" in this process has no tool "${String(record.toolName)}" to run it with`;
    throw new ApprovalNotFoundError(String(record.id), why);
  }
}

// A record still pending was decided by another process between this one's read and its write.
function usedReason(status: string): string {
  if (status === "pending") return "another decision on it was made first (an approval is single use)";
  return `it was already ${status === "rejected" ? "rejected" : "approved"} (an approval is single use)`;
}

// The lookup key of a model's tool call: its tool's name and call id as JSON text, which no other pair makes.
function callKey(toolName: string, callId: string): string {
  return JSON.stringify([toolName, callId]);
}

// The fields a decision reads and checks, which its compare-and-set requires the record to still hold.
function checkedFields(info: PendingApproval): Record<string, unknown> {
  return {
    toolName: info.toolName,
    callId: info.callId,
    args: info.args,
    argsHash: info.argsHash,
    schemaVersion: info.schemaVersion,
    // Bound into the record's binding; compared too, so a session changed between the read and the write is refused.
    ...(info.session !== undefined && { session: info.session }),
  };
}

function mismatchResult(toolName: string, callId: string, why: string): ToolResult {
  return failureResult(toolName, callId, "rejected", {
    code: ErrorCode.ApprovalMismatch,
    message: approvalMismatchText(toolName, why),
  });
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
    ...(typeof record.reason === "string" ? { reason: record.reason } : {}),
    ...(typeof record.session === "string" ? { session: record.session } : {}),
  });
}
