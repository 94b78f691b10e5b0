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
