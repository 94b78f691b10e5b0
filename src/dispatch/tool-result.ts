import type { ErrorCode } from "../errors/error-code.js";
import type { ArgumentIssue } from "../errors/errors.js";

/** How a call ended. `success` is the only outcome with `ok: true`. */
export type ToolOutcome =
  | "success"
  | "failed"
  | "invalid_arguments"
  | "not_found"
  | "denied"
  | "timed_out"
  | "backgrounded"
  | "awaiting_approval"
  | "rejected"
  | "auth_required"
  | "cancelled";

/** What went wrong, for the model: a code, a message it can act on, and the failing fields when arguments were bad. */
export interface ToolErrorPayload {
  readonly code: ErrorCode;
  readonly message: string;
  readonly issues?: readonly ArgumentIssue[];
  /** For `auth_required`: the scopes the current user lacks. */
  readonly missingScopes?: readonly string[];
}

/**
 * The result of one tool call, whatever happened: plain, JSON-serialisable data. `content` is the handler's value on
 * success; on failure `error` says why and `content` is undefined.
 */
export interface ToolResult {
  readonly ok: boolean;
  readonly outcome: ToolOutcome;
  readonly toolName: string;
  /** The id of the model's tool call (or a generated one), to pair the result with its call. */
  readonly callId: string;
  readonly content?: unknown;
  readonly error?: ToolErrorPayload;
  /** How many times the handler ran (more than 1 after retries). */
  readonly attempts?: number;
  /** For `backgrounded` results: the task that goes on. */
  readonly taskId?: string;
  /** For `awaiting_approval` results: the id to approve or reject. */
  readonly approvalId?: string;
}

const OUTCOMES = new Set<string>([
  "success",
  "failed",
  "invalid_arguments",
  "not_found",
  "denied",
  "timed_out",
  "backgrounded",
  "awaiting_approval",
  "rejected",
  "auth_required",
  "cancelled",
]);

/** Returns true when `value` has the shape of a {@link ToolResult}, so a handler may return one as it is. */
export function isToolResult(value: unknown): value is ToolResult {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.ok === "boolean" && typeof candidate.outcome === "string" && OUTCOMES.has(candidate.outcome);
}

/** Builds a successful result. */
export function successResult(toolName: string, callId: string, content: unknown): ToolResult {
  return { ok: true, outcome: "success", toolName, callId, content };
}

/** Builds a failed result. */
export function failureResult(
  toolName: string,
  callId: string,
  outcome: Exclude<ToolOutcome, "success">,
  error: ToolErrorPayload,
  extra: Partial<Pick<ToolResult, "attempts" | "taskId" | "approvalId">> = {},
): ToolResult {
  return { ok: false, outcome, toolName, callId, error, ...extra };
}

/**
 * Renders a result as the text to send back to the model: a string as it is, other content as JSON, a failure as
 * `Error (CODE): message`.
 */
export function renderToolResult(result: ToolResult): string {
  if (!result.ok) return `Error (${result.error?.code ?? "TOOL_FAILED"}): ${result.error?.message ?? result.outcome}`;
  if (typeof result.content === "string") return result.content;
  return result.content === undefined ? "null" : JSON.stringify(result.content);
}
