import { deepFreeze } from "../../schema/json.js";
import { approvalHash } from "../stable-hash.js";
import type { ApprovalEdit, ToolResult } from "../../tool/tool-result.js";
import type { CallAuth } from "../../tool/call-auth.js";
import type { Grant, GrantConditions, GrantLevel } from "../grants/index.js";

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
  /**
   * Why the call asks though its tool's own rule may not: its session received untrusted output and the tool is
   * `destructive` (docs/policy.md). Absent for a call its tool's rule or approver sent here.
   */
  readonly reason?: string;
  /** The session the call named (`callTool(name, args, { session })`), which a `remember: "session"` grant covers. */
  readonly session?: string;
}

/** Options of {@link Approvals.approve}. */
export interface ApproveOptions {
  /** Cancels the approved call (the original call's signal no longer applies once it returned). */
  readonly signal?: AbortSignal;
  /**
   * Edited arguments: the call runs with these instead of the requested ones. They are validated (and normalised)
   * against the tool's schema first; invalid ones reject with a `ToolValidationError` naming the fields, nothing runs
   * and the call stays pending (approve it again, edited or not, or reject it). Valid ones bind the approval to a new
   * hash, and the result and the events carry `approval: { originalArgs, editedArgs, argsHash }`. Arguments equal to
   * the requested ones (once normalised) are no edit.
   */
  readonly args?: unknown;
  /**
   * The arguments the approver (or a framework's approval) was shown: once validated they must be the pending call's,
   * or nothing runs: the approval is used up and the call ends `rejected` with `APPROVAL_MISMATCH` (resolved, not
   * thrown), which its listeners hear.
   */
  readonly expectedArgs?: unknown;
  /**
   * Also remembers the approval as a grant (docs/policy.md): later calls of the tool that meet `when` run without
   * asking, for the call's `"session"`, the agent's `"user"` (its `scope`) or the `"tenant"`. Checked before anything
   * is written: an invalid `when`, `"session"` for a call without a session or `"user"` for an agent without a `scope`
   * rejects with a `ToolDefinitionError` and the call stays pending.
   */
  readonly remember?: GrantLevel;
  /** With `remember`: conditions on later calls' validated, normalised arguments (see `GrantCondition`). */
  readonly when?: GrantConditions;
  /** With `remember`: how long the grant lasts, in ms, by the store's clock. Default 24 hours; at most 30 days. */
  readonly ttlMs?: number;
  /** With `remember`: see `RememberOptions.afterUntrustedOutput`. Default false. */
  readonly afterUntrustedOutput?: boolean;
}

/** Options of {@link Approvals.grants}. */
export interface GrantListOptions {
  /** Also lists the `"session"` grants of this session. */
  readonly session?: string;
}

/**
 * What the approvals need to remember an approval (implemented by the dispatcher, which knows the agent's tools).
 * `prepare` checks `remember` options against the pending call's tool before anything is written (throwing for bad
 * ones) and returns the write, or undefined when nothing is to be remembered.
 */
export interface GrantKeeper {
  prepare(info: PendingApproval, options: ApproveOptions): (() => Promise<Grant>) | undefined;
  /** The store scopes of the grants that may cover a call of `toolName` in `session` (see `GrantStore.scopesFor`). */
  scopesFor(toolName: string, session: string | undefined): readonly string[];
  list(options: GrantListOptions): Promise<Grant[]>;
  revoke(grantId: string): Promise<boolean>;
}

/** What an agent knows of the approval of one model tool call: still pending, or already decided (single use). */
export type CallApproval =
  | {
      readonly status: "pending";
      readonly approval: PendingApproval;
      /** True for a record a framework's approval is bound to; false for one the app decides (`pending()`). */
      readonly framework: boolean;
    }
  | { readonly status: "decided" };

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
  /**
   * Resolves with the approval of the model's tool call `callId` of tool `toolName`: pending, decided (kept a while
   * after the decision, so a replay learns it was used), or undefined when none is known. Adapters bind a framework's
   * approval to it.
   */
  forCall(toolName: string, callId: string): Promise<CallApproval | undefined>;
  /**
   * With a shared `store`: takes over, in this process, every approved call of the agent's scope whose runner stopped
   * renewing its run lease (it died or lost the store), and runs it again with the same idempotency key; resolves with
   * how many this process took (each by one compare-and-set, so one replica of any number sweeping at once). The
   * runs go on in the background; their requesters hear the results. Without a store, a run dies with its process:
   * resolves with 0. `sweepIntervalMs` sweeps on a timer.
   */
  sweep(): Promise<number>;
  /**
   * Resolves with the grants (remembered approvals) of the agent's user and tenant, and with `session` those of that
   * session too, oldest first. Expired and revoked ones are not listed.
   */
  grants(options?: GrantListOptions): Promise<Grant[]>;
  /**
   * Revokes a grant: once this resolves (the store deleted it), no call that starts checks it as granted; resolves
   * false when no such grant is kept (revoked, expired or unknown).
   */
  revoke(grantId: string): Promise<boolean>;
}

/** What the dispatcher registers for a call that needs approval. */
export interface ApprovalRequest {
  readonly toolName: string;
  readonly callId: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The version of the tool's input schema the arguments were validated against (see `schemaVersion`). */
  readonly schemaVersion: string;
  /** Runs the call past the approval gate: with the requested arguments, or with a human's `edit` of them. */
  readonly run: (signal: AbortSignal | undefined, edit: ApprovalEdit | undefined) => Promise<ToolResult>;
  /** Ends the call with outcome `rejected`. */
  readonly refuse: (reason: string | undefined) => Promise<ToolResult>;
  /**
   * Validates and normalises arguments against the tool's schema, as the call's own were.
   * @throws {ToolValidationError} (as a rejection) naming the fields that fail.
   */
  readonly check: (args: unknown) => Promise<Record<string, unknown>>;
  /** Tells the call's listeners the result of a decision made in another process. */
  readonly report?: (result: ToolResult) => Promise<ToolResult>;
  /**
   * True when a framework's own approval asks the human (an adapter binds it to this record): `pending()` and `list()`
   * leave it out, since the app does not decide it, and its eviction is not reported.
   */
  readonly framework?: boolean;
  /** See {@link PendingApproval.reason}. */
  readonly reason?: string;
  /**
   * Who the call is made for (its `context.auth`): kept on the record, so a run rebuilt in another process sees the
   * same `context.auth`. The verifier's claims only, never a token.
   */
  readonly auth?: CallAuth | undefined;
  /** See {@link PendingApproval.session}. */
  readonly session?: string;
}

/** What the dispatcher needs of an agent's approvals: the public {@link Approvals} plus registering a call. */
export interface ApprovalKeeper extends Approvals {
  /**
   * Registers a call that needs approval; resolves with the approval id. With `unlessGranted`, only when its store
   * keeps no grant of the call's tool at its session's, user's or tenant's level: one store step reads them and, when
   * there are none, writes the request. Grants found are answered instead (nothing written), for the caller to match
   * against the call's arguments; when none covers the call, it registers it without `unlessGranted`.
   */
  request(request: ApprovalRequest, unlessGranted?: boolean): Promise<string | readonly Grant[]>;
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
    ...(request.reason === undefined ? {} : { reason: request.reason }),
    ...(request.session === undefined ? {} : { session: request.session }),
  });
}

/** Told about a pending approval a full store dropped: its call will never run, and its user waits in vain. */
export type ApprovalEvictedListener = (approval: PendingApproval) => void | Promise<void>;

/** Tells whether `shown` are the pending call's arguments once validated as the call's own were. */
export async function sameArguments(
  info: PendingApproval,
  request: Pick<ApprovalRequest, "check">,
  shown: unknown,
): Promise<boolean> {
  try {
    return approvalHash(info.toolName, await request.check(shown), info.schemaVersion) === info.argsHash;
  } catch {
    // Arguments the schema refuses are certainly not the ones that were validated and approved.
    return false;
  }
}

/**
 * Returns the edit a human made with `approve(id, { args })`, validated against the tool's schema; undefined when
 * there are no edited arguments or they equal the requested ones once normalised.
 * @throws {ToolValidationError} (as a rejection) for edited arguments the schema refuses.
 */
export async function editOf(
  info: PendingApproval,
  request: Pick<ApprovalRequest, "check">,
  args: unknown,
): Promise<ApprovalEdit | undefined> {
  if (args === undefined) return undefined;
  const edited = await request.check(args);
  const argsHash = approvalHash(info.toolName, edited, info.schemaVersion);
  if (argsHash === info.argsHash) return undefined;
  return deepFreeze({ originalArgs: info.args, editedArgs: deepFreeze(edited), argsHash });
}

/**
 * Rebuilds a stored call of one of the agent's tools (see `SharedApprovalsOptions.resolve`), for the user (`auth`)
 * and the session it was made in: a call rebuilt on another replica runs, counts and is granted in its own session.
 */
export type ResolveCall<Call> = (
  toolName: string,
  callId: string,
  signal: AbortSignal | undefined,
  auth: CallAuth | undefined,
  session?: string,
) => Call | undefined;
