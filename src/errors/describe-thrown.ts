import { ErrorCode } from "./error-code.js";
import { ToolwrightError } from "./toolwright-error.js";

// A message longer than this is cut: it goes to a model, and a thrown value may carry a whole file.
const MAX_MESSAGE = 2_000;

/**
 * Returns a readable text for anything thrown, and never throws itself: an `Error`'s message (when its getter works),
 * a string as it is, else `String(value)`, else the value's kind. A thrown value may be hostile (a Proxy, a
 * null-prototype object, an `Error` whose `message` getter throws, a `Symbol.toPrimitive` that throws), and turning it
 * into text must not turn one failure into another.
 */
export function describeThrown(value: unknown): string {
  const text = readText(value);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

function readText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    if (value instanceof Error) {
      const message: unknown = value.message;
      if (typeof message === "string") return message;
    }
  } catch {
    // A hostile getter or Proxy trap: fall through to the next way of reading it.
  }
  try {
    const text: unknown = String(value);
    if (typeof text === "string") return text;
  } catch {
    // As above.
  }
  return value === null ? "null" : `an unreadable ${typeof value}`;
}

/** Returns the code a thrown value carries when it is a toolwright error, else `fallback`; never throws. */
export function codeOfThrown(value: unknown, fallback: ErrorCode = ErrorCode.ToolFailed): ErrorCode {
  try {
    return ToolwrightError.is(value) ? value.code : fallback;
  } catch {
    return fallback;
  }
}
