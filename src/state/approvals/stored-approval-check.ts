import type { StoredRecord } from "../port/runtime-store.js";
import { approvalHash } from "../stable-hash.js";
import type { PendingApproval } from "./approval-types.js";

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
 * Returns why a stored approval may not run, or undefined when it may: the record must still hash to what it was
 * bound to (tool, arguments, schema version), match the call requested here when this process requested it, and,
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
  if (requestedHere && requestedHere.argsHash !== record.argsHash) {
    return "its stored record differs from the call requested in this process";
  }
  if (!target) return undefined;
  if (target.schemaVersion !== version) {
    return `the tool's input schema changed since ${since}`;
  }
  const problem = target.validate(record.args as Record<string, unknown>);
  return problem === undefined ? undefined : `its stored arguments do not pass the tool's schema: ${problem}`;
}
