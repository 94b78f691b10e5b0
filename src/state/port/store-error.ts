import { ErrorCode } from "../../errors/error-code.js";
import { ToolwrightError } from "../../errors/toolwright-error.js";
import { storeUnavailableText } from "../../errors/model-messages.js";

/** The store of approvals and background tasks could not be reached, or failed: nothing was read or written. */
export class StoreUnavailableError extends ToolwrightError {
  override name = "StoreUnavailableError";
  /** The store's description, e.g. `redis://127.0.0.1:6379 (prefix "toolwright")`. */
  readonly store: string;
  /** Creates the error; `operation` says what was being done, e.g. `create approval 1f0c…`. */
  constructor(store: string, operation: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message || cause.name : String(cause);
    super(ErrorCode.StoreUnavailable, storeUnavailableText(store, operation, why), { cause });
    this.store = store;
  }
}

/**
 * A record read from the store cannot be decoded (a field that is not JSON, as a truncated write or a hand edit
 * leaves it): it was changed outside toolwright, and nothing runs with it. Names the record and the field.
 */
export class StoreRecordError extends ToolwrightError {
  override name = "StoreRecordError";
  /** The store's description. */
  readonly store: string;
  /** The record's kind and id, e.g. `approval "1f0c…"`. */
  readonly record: string;
  /** The field that cannot be read. */
  readonly field: string;
  /** Creates the error; `cause` is the decoder's own error. */
  constructor(store: string, record: string, field: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      ErrorCode.StoreRecordInvalid,
      `The ${record} in ${store} cannot be used: its field "${field}" is not JSON (${why}). It was changed outside ` +
        "toolwright; nothing ran with it, and it stays unusable until it expires or is deleted.",
      { cause },
    );
    this.store = store;
    this.record = record;
    this.field = field;
  }
}

/**
 * A write to a store asked for a status change its record kind's transition table (`TRANSITIONS`) does not have, e.g.
 * a decided approval back to `pending`: refused before anything was read or written. A caller's mistake, not the
 * store's: names the move and the moves the table allows from that status.
 */
export class StoreTransitionError extends ToolwrightError {
  override name = "StoreTransitionError";
  /** The store's description. */
  readonly store: string;
  /** The record's kind and id, e.g. `approval "1f0c…"`. */
  readonly record: string;
  /** The status the record would move from, and to. */
  readonly from: string;
  readonly to: string;
  /** Creates the error; `allowed` are the statuses the table lets `from` move to. */
  constructor(store: string, record: string, from: string, to: string, allowed: readonly string[]) {
    const valid = allowed.length === 0 ? "none: no transition starts there" : allowed.map((s) => `"${s}"`).join(", ");
    super(
      ErrorCode.StoreRecordInvalid,
      `The ${record} in ${store} cannot move from "${from}" to "${to}": its transition table does not have that move ` +
        `(from "${from}" it allows ${valid}). Nothing was written.`,
    );
    this.store = store;
    this.record = record;
    this.from = from;
    this.to = to;
  }
}
