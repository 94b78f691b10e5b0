import type { StoredRecord } from "../port/runtime-store.js";
import { approvalHash, hashArguments } from "../stable-hash.js";
import { deepFreeze } from "../../schema/json.js";
import type { CallAuth } from "../../tool/call-auth.js";
import type { PendingApproval, ResolveCall } from "./approval-types.js";

/** What the approving process knows of the tool a stored approval would run: its schema's version, and a check. */
export interface ApprovalTarget {
  /** The version of the tool's current input schema here. */
  readonly schemaVersion: string;
  /** Returns what is wrong with `args` against the tool's current schema, or undefined when they pass. */
  readonly validate: (args: Record<string, unknown>) => string | undefined;
  /**
   * Validates and normalises arguments (a human's edit, or what an approver was shown) against the current schema.
   * @throws {ToolValidationError} (as a rejection) naming the fields that fail.
   */
  readonly check: (args: unknown) => Promise<Record<string, unknown>>;
}

/**
 * What a stored record's `binding` is made of: its id, its call's id, its call's auth and, when it has one, its
 * session (see {@link recordBinding}).
 */
export interface BoundCall {
  readonly id: string;
  readonly callId?: unknown;
  readonly auth?: unknown;
  readonly session?: unknown;
}

/**
 * Returns the `binding` a shared record is written with: a SHA-256 of its id, its call's id and its call's `auth`,
 * which the argument hash does not cover, and its `session` when it has one (left out otherwise, so a record written
 * before sessions were bound still matches). A record whose call id, auth or session was changed in the store (to run
 * as another call, as another user, or in another session's grants) no longer matches it and is refused.
 */
export function recordBinding(record: BoundCall): string {
  const { id, callId, session } = record;
  const auth = record.auth ?? null;
  return hashArguments(session === undefined ? { id, callId, auth } : { id, callId, auth, session });
}

/**
 * Returns why a stored approval may not run, or undefined when it may: the record must still hash to what it was
 * bound to (tool, arguments, schema version; and its binding: id, call id, auth), match the call requested here when this process requested it, and,
 * when another process requested it, be made under the schema this process has and pass it again. A store is
 * trusted to keep records, not to keep them unchanged: an edited record or a rolling deploy runs nothing. The same
 * check guards a background task another replica takes over (its record is bound the same way); `since` names the
 * moment the record was bound, for the message.
 */
export function storedApprovalProblem(
  record: StoredRecord,
  requestedHere: PendingApproval | undefined,
  target: ApprovalTarget | undefined,
  since = "the approval was requested",
): string | undefined {
  const toolName = String(record.toolName);
  const version = String(record.schemaVersion);
  if (approvalHash(toolName, record.args, version) !== record.argsHash) {
    return `its stored record was changed after ${since} (tool, arguments or schema version)`;
  }
  if (record.binding !== recordBinding(record)) {
    return `its stored record was changed after ${since} (call id, auth or session)`;
  }
  if (record.auth != null && !isCallAuth(record.auth)) return "its stored auth is not a call's auth";
  if (record.session !== undefined && typeof record.session !== "string") return "its stored session is not a string";
  const edited = storedEditProblem(record, toolName, version);
  if (edited !== undefined) return edited;
  if (requestedHere && requestedHere.argsHash !== record.argsHash) {
    return "its stored record differs from the call requested in this process";
  }
  if (!target) return undefined;
  if (target.schemaVersion !== version) {
    return `the tool's input schema changed since ${since}`;
  }
  const problem = target.validate(record.args as Record<string, unknown>);
  if (problem !== undefined) return `its stored arguments do not pass the tool's schema: ${problem}`;
  // A human's edit runs instead of the requested arguments, so it must pass the tool here just as they must.
  const editProblem =
    record.editedArgs === undefined ? undefined : target.validate(record.editedArgs as Record<string, unknown>);
  return editProblem === undefined ? undefined : `its stored edit does not pass the tool's schema: ${editProblem}`;
}

/**
 * Why a record's human edit (`editedArgs`, which runs instead of `args`) may not run, or undefined when it has none or
 * it still hashes to what the decision bound it to (`editedArgsHash`, made as `editOf` makes it). A pending record
 * carries no edit: a decision writes it, in the same compare-and-set that leaves `pending`, so one found there was
 * written outside toolwright, and would otherwise run in place of the arguments the approver was shown.
 */
function storedEditProblem(record: StoredRecord, toolName: string, version: string): string | undefined {
  if (record.editedArgs === undefined && record.editedArgsHash === undefined) return undefined;
  if (record.status === "pending") return "its stored record carries an edit that no decision made";
  if (approvalHash(toolName, record.editedArgs, version) !== record.editedArgsHash) {
    return "its stored edit was changed after the approval was decided";
  }
  return undefined;
}

// The shape of a `CallAuth` as the handler reads it: scopes a list of strings, the rest optional.
function isCallAuth(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { scopes } = value as { scopes?: unknown };
  return Array.isArray(scopes) && scopes.every((scope) => typeof scope === "string");
}

/** The auth a stored call was made for (checked, with its binding, by `storedApprovalProblem` before it runs). */
export function storedAuth(record: StoredRecord): CallAuth | undefined {
  return record.auth == null ? undefined : deepFreeze(record.auth as CallAuth);
}

/**
 * Rebuilds the call of a stored record with `resolve`: its tool and call id, for the auth it was made for and in the
 * session it was made in (both bound into its record); undefined when this process has no such tool.
 */
export function resolveStored<Call>(
  resolve: ResolveCall<Call>,
  record: StoredRecord,
  signal: AbortSignal | undefined,
): Call | undefined {
  const session = typeof record.session === "string" ? record.session : undefined;
  return resolve(String(record.toolName), String(record.callId), signal, storedAuth(record), session);
}
