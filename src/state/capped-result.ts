import { isRichContent } from "../content/content-part.js";
import { restoreContent } from "../content/restore-content.js";
import { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "../content/truncate-for-model.js";
import type { StoredRecord } from "./port/runtime-store.js";
import { type ToolResult, failureResult, isToolResult, renderToolResult, shownContent } from "../tool/tool-result.js";
import { ErrorCode } from "../errors/error-code.js";
import { storedResultInvalidText } from "../errors/model-messages.js";

/**
 * Returns a final result (a background task's, an approved call's) as a shared store keeps it: whole when its JSON fits the budget (the tool's or
 * agent's `maxResultChars`, else the result's own, else `DEFAULT_MAX_RESULT_CHARS`), else with its content replaced by the text the model would
 * read, cut to that budget with the usual notice (a failure keeps its code, its message cut the same way). So a
 * huge result cannot fill the store; another replica reads what a model would, and the process that ran the task
 * keeps the whole result for its own waiters.
 */
export function cappedForStore(result: ToolResult, maxResultChars?: number): ToolResult {
  const max = maxResultChars ?? result.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (jsonLength(result) <= max) return result;
  if (!result.ok) return cappedFailure(result, max);
  const { toolName, callId } = result;
  // Rendered bare: a reader's result builder adds the untrusted envelope, notice and edit note from the fields kept.
  const text = renderToolResult({ ok: true, outcome: "success", toolName, callId, content: shownContent(result) });
  const { modelContent: _dropped, ...kept } = result;
  return { ...kept, content: truncateForModel(text, max) };
}

/**
 * A failure within `max`: its message cut as content is, and its `issues` (one per failing value, so they can outgrow
 * any budget on their own) cut to the first ones that fit beside the rest; with issues, the message gets half the
 * budget, so the first of them are kept. Its code and outcome stay.
 */
function cappedFailure(result: Exclude<ToolResult, { ok: true }>, max: number): ToolResult {
  const { issues, ...error } = result.error;
  const messageMax = issues === undefined ? max : Math.floor(max / 2);
  const capped = { ...result, error: { ...error, message: truncateForModel(error.message, messageMax) } };
  if (issues === undefined) return capped;
  // Room left for the issues' JSON, beside the failure without them and the `,"issues":[]` that holds them.
  let room = max - jsonLength(capped) - ',"issues":[]'.length;
  const kept: (typeof issues)[number][] = [];
  for (const issue of issues) {
    room -= (JSON.stringify(issue)?.length ?? 0) + 1;
    if (room < 0) break;
    kept.push(issue);
  }
  return { ...capped, error: { ...capped.error, issues: kept } };
}

// Content JSON cannot encode (a BigInt) counts as over any budget: its rendering says what is wrong with it.
function jsonLength(result: ToolResult): number {
  try {
    return JSON.stringify(result)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** A result field that may hold content parts. */
type RichField = "content" | "modelContent";

/**
 * The fields of a store patch that write a final result (a background task's, an approved or refused call's): the
 * result, and which of its fields hold content parts. JSON keeps a part's data but not the brand that makes it a
 * part, so the writer names them and every reader elsewhere ({@link storedResult}) gets parts back: a builder renders
 * an image, not its JSON.
 */
export function resultPatch(result: ToolResult | undefined): {
  result: ToolResult | undefined;
  richFields: RichField[] | undefined;
} {
  const fields =
    result && (["content", "modelContent"] as const).filter((field) => isRichContent(fieldOf(result, field)));
  return { result, richFields: fields && fields.length > 0 ? fields : undefined };
}

/**
 * The final result a store record holds, with the content parts its writer named rebuilt ({@link resultPatch}). A
 * `result` that is not a ToolResult (written outside toolwright: null, a string, a half object) comes back as a failed
 * result that says so (`STORE_RECORD_INVALID`), never as itself: a reader takes what this returns for a ToolResult.
 */
export function storedResult(record: StoredRecord | null | undefined): ToolResult | undefined {
  const stored = record?.result;
  if (stored === undefined) return undefined;
  if (!isToolResult(stored)) return invalidResult(record!);
  if (!Array.isArray(record!.richFields)) return stored;
  const result: Record<string, unknown> = { ...stored };
  for (const field of record!.richFields as RichField[]) result[field] = restoreContent(result[field]);
  return result as unknown as ToolResult;
}

function invalidResult(record: StoredRecord): ToolResult {
  const toolName = String(record.toolName);
  const message = storedResultInvalidText(record.id, toolName);
  return failureResult(toolName, String(record.callId), "failed", { code: ErrorCode.StoreRecordInvalid, message });
}

function fieldOf(result: ToolResult, field: RichField): unknown {
  return (result as { content?: unknown; modelContent?: unknown })[field];
}
