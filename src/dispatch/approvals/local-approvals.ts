import { ApprovalNotFoundError } from "../../errors/runtime-errors.js";
import { approvalHash } from "../stable-hash.js";
import type { ToolResult } from "../../tool/tool-result.js";

/** A call that waits for a human's decision. */
export interface PendingApproval {
  /** The id to pass to `approve` or `reject`. */
  readonly id: string;
  readonly toolName: string;
  /** The id of the model's tool call; the final result carries it too. */
  readonly callId: string;
  /** The validated arguments the call will run with; the approval is bound to them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** A SHA-256 of the tool's name, the arguments' stable JSON and the schema's version: what the approval is bound to. */
  readonly argsHash: string;
  /** The version (a stable hash) of the tool's input schema the arguments were validated against. */
  readonly schemaVersion: string;
  /** When the approval was requested (ms since the epoch). */
  readonly requestedAt: number;
}

/** Options of {@link Approvals.approve}. */
export interface ApproveOptions {
  /** Cancels the approved call (the original call's signal no longer applies once it returned). */
  readonly signal?: AbortSignal;
  /** The arguments the approver was shown: when given, they must equal the pending call's, or nothing runs. */
  readonly args?: unknown;
}

/** The calls of an agent that wait for approval. Each approval is single use and bound to its call's arguments. */
export interface Approvals {
  /**
   * Runs the pending call with the arguments it was requested with and resolves with its real result.
   * @throws {ApprovalNotFoundError} (as a rejection) for an unknown, used or evicted id, or when `options.args`
   *   differ from the pending call's arguments.
   */
  approve(approvalId: string, options?: ApproveOptions): Promise<ToolResult>;
  /**
   * Refuses the pending call: resolves with outcome `rejected`, whose message for the model carries `reason`.
   * @throws {ApprovalNotFoundError} (as a rejection) for an unknown, used or evicted id.
   */
  reject(approvalId: string, reason?: string): Promise<ToolResult>;
  /**
   * Returns the calls waiting for a decision, oldest first. With a shared `store`, only those this process requested
   * and has not yet seen decided: {@link Approvals.list} reads every process's.
   */
  pending(): PendingApproval[];
  /** Resolves with the calls waiting for a decision, oldest first, read from the agent's store (every process's). */
  list(): Promise<PendingApproval[]>;
}

/** What the dispatcher registers for a call that needs approval. */
export interface ApprovalRequest {
  readonly toolName: string;
  readonly callId: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The version of the tool's input schema the arguments were validated against (see `schemaVersion`). */
  readonly schemaVersion: string;
  /** Runs the call, past the approval gate. */
  readonly run: (signal: AbortSignal | undefined) => Promise<ToolResult>;
  /** Ends the call with outcome `rejected`. */
  readonly refuse: (reason: string | undefined) => Promise<ToolResult>;
  /** Tells the call's listeners the result of a decision made in another process. */
  readonly report?: (result: ToolResult) => Promise<ToolResult>;
}

interface Entry {
  readonly info: PendingApproval;
  readonly request: ApprovalRequest;
}

/** What the dispatcher needs of an agent's approvals: the public {@link Approvals} plus registering a call. */
export interface ApprovalKeeper extends Approvals {
  /** Registers a call that needs approval; returns (or resolves with) the approval id. */
  request(request: ApprovalRequest): string | Promise<string>;
}

/** Returns what `pending()` shows of a call that waits for approval, bound to the hash of its arguments. */
export function pendingApproval(id: string, request: ApprovalRequest): PendingApproval {
  return Object.freeze({
    id,
    toolName: request.toolName,
    callId: request.callId,
    args: request.args,
    argsHash: approvalHash(request.toolName, request.args, request.schemaVersion),
    schemaVersion: request.schemaVersion,
    requestedAt: Date.now(),
  });
}

const DEFAULT_MAX_PENDING = 100;

/** Told about a pending approval a full store dropped: its call will never run, and its user waits in vain. */
export type ApprovalEvictedListener = (approval: PendingApproval) => void;

/**
 * Keeps pending approvals, at most `maxPending`; a full store drops its oldest request and tells `onEvicted`.
 */
export class LocalApprovals implements Approvals {
  readonly #pending = new Map<string, Entry>();
  readonly #maxPending: number;
  readonly #onEvicted: ApprovalEvictedListener | undefined;

  /** Creates an empty store. */
  constructor(maxPending = DEFAULT_MAX_PENDING, onEvicted?: ApprovalEvictedListener) {
    this.#maxPending = maxPending;
    this.#onEvicted = onEvicted;
  }

  /** Registers a call that needs approval; returns the approval id. */
  request(request: ApprovalRequest): string {
    if (this.#pending.size >= this.#maxPending) {
      const oldest = this.#pending.values().next();
      if (!oldest.done) {
        this.#pending.delete(oldest.value.info.id);
        try {
          this.#onEvicted?.(oldest.value.info);
        } catch {
          // The app's listener failing must not fail the new call that made room.
        }
      }
    }
    // A fresh id per call: two pending calls of one tool never share (and so never lose or reuse) an approval.
    const id = globalThis.crypto.randomUUID();
    const info = pendingApproval(id, request);
    this.#pending.set(id, { info, request });
    return id;
  }

  async approve(approvalId: string, options: ApproveOptions = {}): Promise<ToolResult> {
    const entry = this.#pending.get(approvalId);
    if (!entry) throw new ApprovalNotFoundError(approvalId);
    const { info } = entry;
    if (options.args !== undefined && approvalHash(info.toolName, options.args, info.schemaVersion) !== info.argsHash) {
      throw new ApprovalNotFoundError(approvalId, `it was requested for other arguments than the ones approved`);
    }
    // Taken before anything asynchronous happens, so two racing approvals cannot both run the call.
    this.#pending.delete(approvalId);
    // info.args is a deep-frozen snapshot, so it still hashes to argsHash: no second check is needed here.
    return entry.request.run(options.signal);
  }

  async reject(approvalId: string, reason?: string): Promise<ToolResult> {
    const entry = this.#pending.get(approvalId);
    if (!entry) throw new ApprovalNotFoundError(approvalId);
    this.#pending.delete(approvalId);
    return entry.request.refuse(reason);
  }

  pending(): PendingApproval[] {
    return [...this.#pending.values()].map((entry) => entry.info);
  }

  async list(): Promise<PendingApproval[]> {
    return this.pending();
  }
}
