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
