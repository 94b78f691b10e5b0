import type { ErrorCode } from "./error-code.js";

// A Symbol.for brand, so an error thrown by the ESM copy of the package is recognised by the CommonJS copy.
const BRAND = Symbol.for("toolwright.error");

/** Options every toolwright error accepts. */
export interface ToolwrightErrorOptions {
  /** The underlying error, kept as the standard ES2022 `cause`. */
  readonly cause?: unknown;
}

/**
 * Base class of every error toolwright throws or reports: a string `code`, a message that says what was wrong and
 * what is valid, and the original `cause`.
 */
export class ToolwrightError extends Error {
  override name = "ToolwrightError";
  /** A machine-readable {@link ErrorCode}. */
  readonly code: ErrorCode;

  /** Creates an error with a code and a message. */
  constructor(code: ErrorCode, message: string, options: ToolwrightErrorOptions = {}) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Returns true for any toolwright error, also one created by another loaded copy of the package. */
  static is(value: unknown): value is ToolwrightError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
