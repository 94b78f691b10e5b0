import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import type { ArgumentIssue } from "../errors/errors.js";
import { isRichContent, partsOf } from "../content/content-part.js";
import { partsText } from "../content/part-text.js";
import type { ToolProgress } from "./tool-progress.js";
import { approvalEditedText, noResultText } from "../errors/model-messages.js";
import { type UntrustedMark, envelope } from "./untrusted-output.js";

/**
 * How a call ended; each outcome has one meaning (docs/runtime.md lists the codes each can carry).
 * - `success`: the handler ran and returned (the only outcome with `ok: true`).
 * - `failed`: the handler threw, or returned what cannot be sent to a model.
 * - `invalid_arguments`: the arguments are not JSON, or do not match the schema; the handler never ran.
 * - `not_found`: no tool of that name is visible to the caller.
 * - `denied`: policy refused the call before it ran: access control, or a `before` listener.
 * - `timed_out`: the handler outlived its time limit.
 * - `backgrounded`: the handler outlived its time limit and goes on as a background task (`taskId`).
 * - `awaiting_approval`: the call waits for a human's decision (`approvalId`).
 * - `rejected`: the call needed approval and did not get it (rejected, or no way to ask).
 * - `auth_required`: the current user lacks scopes the tool needs.
 * - `cancelled`: the caller's abort signal stopped the call.
 */
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
 * What a human changed when approving a call with edited arguments (`agent.approvals.approve(id, { args })`): set on
 * the result of the call that ran and on its `before`, `after` and `error` events.
 */
export interface ApprovalEdit {
  /** The validated arguments the model asked for, which did not run. */
  readonly originalArgs: Readonly<Record<string, unknown>>;
  /** The arguments the human approved instead, validated (and normalised) against the tool's schema: what ran. */
  readonly editedArgs: Readonly<Record<string, unknown>>;
  /** The hash (tool, edited arguments, schema version) the approval was bound to once edited. */
  readonly argsHash: string;
}

/**
 * The grant (remembered approval, docs/policy.md) a call ran under without asking: set on its result and its `before`,
 * `after` and `error` events, and named on its span (`toolwright.approval.grant`).
 */
export interface GrantUse {
  /** The grant's id (see `agent.approvals.grants()` and `revoke`). */
  readonly id: string;
  /** Who the grant covers: the call's session, the agent's user, or the tenant. */
  readonly level: "session" | "user" | "tenant";
}

/** The fields every {@link ToolResult} carries, whatever its outcome. */
export interface ToolResultBase {
  readonly toolName: string;
  /** The id of the model's tool call (or a generated one), to pair the result with its call. */
  readonly callId: string;
  /**
   * The most characters of this result the model reads: the tool's `maxResultChars`, else its agent's. Set only when
   * one of them is; every result builder reads it when not given its own.
   */
  readonly maxResultChars?: number;
  /** How many times the handler ran (more than 1 after retries). */
  readonly attempts?: number;
  /** The background task the call became (on `backgrounded` results, and on the final result of that task). */
  readonly taskId?: string;
  /**
   * How far a call that did not succeed had got: the last progress its tool reported, on a `failed` (e.g. a generator
   * that threw after yielding), `timed_out` or `cancelled` result.
   */
  readonly progress?: ToolProgress;
  /** Set when a human approved the call with edited arguments: what the model asked for and what ran instead. */
  readonly approval?: ApprovalEdit;
  /** Set when the call needed approval and a grant covered it, so it ran without asking. */
  readonly grant?: GrantUse;
  /**
   * Set when the handler ran synchronously past its time limit (`timeoutMs` or the agent's `defaultTimeoutMs`): the
   * limit could not stop it, since a time limit stops only work that yields, so the call answers the handler's own
   * result, late. `limitMs` is the limit, `tookMs` how long the synchronous part ran. See docs/runtime.md (CPU-heavy
   * tools) for moving such work to a worker.
   */
  readonly overran?: SyncOverrun;
  /**
   * Set on a result of an `untrustedOutput` tool whose handler ran (its value, or its failure's message): every
   * result builder sends its text to the model inside an envelope named by this nonce (docs/policy.md).
   */
  readonly untrusted?: UntrustedMark;
  /** A note toolwright adds for the model, read before the result: the repeat guard's (docs/policy.md). */
  readonly notice?: string;
  /** True when the result came from the tool's result cache, without running the handler. */
  readonly cached?: true;
}

/** How far a synchronous handler ran past its time limit (see {@link ToolResultBase.overran}). */
export interface SyncOverrun {
  /** The call's time limit, in ms. */
  readonly limitMs: number;
  /** How long the handler ran synchronously, in ms (rounded). */
  readonly tookMs: number;
}

/** A call whose handler ran and returned: `content` is its value (`undefined` for a handler that returned nothing). */
export interface ToolSuccess extends ToolResultBase {
  readonly ok: true;
  readonly outcome: "success";
  readonly content: unknown;
  /**
   * What the model reads instead of `content`, when the tool has `toModelOutput`: text, a part or `content(...)`.
   * Every result builder and `renderToolResult` read it first; `content` stays the full value for the app.
   */
  readonly modelContent?: unknown;
  // Absent members of the other variants, so `result.error?.code` reads without narrowing first.
  readonly error?: undefined;
  readonly approvalId?: undefined;
}

/** A call that outlived its time limit and goes on as the background task `taskId`. */
export interface ToolBackgrounded extends ToolResultBase {
  readonly ok: false;
  readonly outcome: "backgrounded";
  readonly error: ToolErrorPayload;
  readonly taskId: string;
  readonly content?: undefined;
  readonly approvalId?: undefined;
}

/** A call waiting for approval: decide it with `agent.approvals.approve(approvalId)` or `reject(approvalId, reason)`. */
export interface ToolAwaitingApproval extends ToolResultBase {
  readonly ok: false;
  readonly outcome: "awaiting_approval";
  readonly error: ToolErrorPayload;
  readonly approvalId: string;
  readonly content?: undefined;
}

/** A call that did not succeed and is not going on: `error` says why. */
export interface ToolFailure extends ToolResultBase {
  readonly ok: false;
  readonly outcome: Exclude<ToolOutcome, "success" | "backgrounded" | "awaiting_approval">;
  readonly error: ToolErrorPayload;
  readonly content?: undefined;
  readonly approvalId?: undefined;
}

/**
 * The result of one tool call, whatever happened: plain, JSON-serialisable data, discriminated by `ok` and `outcome`.
 * `content` is the handler's value on success; otherwise `error` says why.
 * @example
 * const result = await agent.callTool("search", args);
 * if (!result.ok) console.log(result.error.code, result.error.message);
 */
export type ToolResult = ToolSuccess | ToolBackgrounded | ToolAwaitingApproval | ToolFailure;

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

/** Returns true when `value` is one of the {@link ToolOutcome} strings. */
export function isToolOutcome(value: unknown): value is ToolOutcome {
  return typeof value === "string" && OUTCOMES.has(value);
}

/**
 * Returns true when `value` is a well-formed {@link ToolResult}, so a handler may return one as it is: `ok` true
 * exactly for `success`; otherwise an `error` with a string `code` and `message`, a `taskId` on `backgrounded` and an
 * `approvalId` on `awaiting_approval`. Anything else that merely looks like one is treated as plain content.
 */
export function isToolResult(value: unknown): value is ToolResult {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const { ok, outcome } = candidate;
  if (typeof ok !== "boolean" || typeof outcome !== "string" || !OUTCOMES.has(outcome)) return false;
  if (ok !== (outcome === "success")) return false;
  if (ok) return true;
  const error = candidate.error as Record<string, unknown> | null | undefined;
  if (typeof error !== "object" || error === null) return false;
  if (typeof error.code !== "string" || typeof error.message !== "string") return false;
  if (outcome === "backgrounded" && typeof candidate.taskId !== "string") return false;
  return outcome !== "awaiting_approval" || typeof candidate.approvalId === "string";
}

/** Builds a successful result. */
export function successResult(toolName: string, callId: string, content: unknown): ToolSuccess {
  return { ok: true, outcome: "success", toolName, callId, content };
}

/** Builds a failed result. */
export function failureResult(
  toolName: string,
  callId: string,
  outcome: ToolFailure["outcome"],
  error: ToolErrorPayload,
  attempts?: number,
): ToolFailure {
  return attempts === undefined
    ? { ok: false, outcome, toolName, callId, error }
    : { ok: false, outcome, toolName, callId, error, attempts };
}

/** Returns what the model reads of a result's content: `modelContent` when `toModelOutput` made one, else `content`. */
export function shownContent(result: ToolResult): unknown {
  return result.ok && result.modelContent !== undefined ? result.modelContent : result.content;
}

/**
 * Renders a result as the text to send back to the model: a string as it is, rich content (`content(...)`, `image()`,
 * ...) as its text with a bracketed note for each medium, other content as JSON, a failure as
 * `Error (CODE): message`. It never throws: content that JSON cannot encode (a `toJSON` that throws, a BigInt put in
 * a result by hand) renders as an `INVALID_RESULT` error the model can read.
 */
export function renderToolResult(result: ToolResult): string {
  const { untrusted, notice } = result;
  const own = renderOutcome(result);
  const enveloped = untrusted === undefined ? own : envelope(own, untrusted, result.toolName);
  const text = notice === undefined ? enveloped : `${notice}\n${enveloped}`;
  // The model learns what the human changed, so it does not take the edited result for its own arguments' result.
  const edit = result.approval;
  return edit === undefined
    ? text
    : `${approvalEditedText(result.toolName, edit.originalArgs, edit.editedArgs)}\n${text}`;
}

function renderOutcome(result: ToolResult): string {
  try {
    if (!result.ok) return `Error (${result.error.code}): ${result.error.message}`;
    const shown = shownContent(result);
    if (typeof shown === "string") return shown;
    if (shown === undefined) return noResultText(result.toolName);
    // Rich content on a text-only path: its text, and a note for each image, sound or file (never its base64).
    if (isRichContent(shown)) return partsText(partsOf(shown));
    const text: unknown = JSON.stringify(shown);
    // JSON.stringify answers undefined for a function or a symbol: no text at all is no answer for the model.
    if (typeof text === "string") return text;
    return unrenderable(result, "it has no JSON form");
  } catch (error) {
    return unrenderable(result, describeThrown(error));
  }
}

function unrenderable(result: ToolResult, why: string): string {
  let subject = "The tool";
  try {
    if (typeof result.toolName === "string") subject = `Tool "${result.toolName}"`;
  } catch {
    // Keep the generic subject: the text must come out whatever the result holds.
  }
  return `Error (${ErrorCode.InvalidResult}): ${subject} returned a result that cannot be sent to the model (${why}).`;
}
