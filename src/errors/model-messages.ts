// Every text a model reads about a call that did not simply succeed, in one file (as zod keeps its texts in one
// locale file), so their tone and their codes are reviewed together and no message is written twice. The rules:
// say what failed, name the tool (and the field), say why, and say what to do next. A message ends with a full stop
// unless it ends with text the developer or a thrown value supplied. The file sits in errors/, the lowest layer,
// because the error classes build some of these texts themselves (a not-found error's message is what the model
// reads). Argument issues (`must be >= 1`) are written by the validator, in schema/.

import { closestName } from "./closest-name.js";

/** What a message needs of an `ArgumentIssue` (errors.ts, which imports this file, declares the whole type). */
interface Issue {
  readonly path: string;
  readonly message: string;
}

/** Formats issues as one line a model can act on: `/maxResults must be >= 1; /pattern is required`. */
export function formatIssues(issues: readonly Issue[]): string {
  return appendIssues("", issues);
}

// Appended piece by piece in a loop: every rejected call builds this text, and a map and a join made two more arrays
// of it.
function appendIssues(text: string, issues: readonly Issue[]): string {
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!;
    if (i > 0) text += "; ";
    text += issue.path || "(root)";
    text += " ";
    text += issue.message;
  }
  return text;
}

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(", ") : "(none)";
}

/**
 * The most characters of an unknown tool name a message repeats (twice MCP's longest tool name): a model can send a
 * megabyte as a name, and that is not worth sending back.
 */
const ECHOED_NAME_CHARS = 256;

function echoedName(name: string): string {
  if (name.length <= ECHOED_NAME_CHARS) return `"${name}"`;
  return `"${name.slice(0, ECHOED_NAME_CHARS)}…" (cut from ${name.length} characters)`;
}

/** An unknown tool (`TOOL_NOT_FOUND`), with the closest available name when the call looks like a typo of it. */
export function toolNotFoundText(toolName: string, available: readonly string[]): string {
  const closest = closestName(toolName, available);
  const hint = closest === undefined ? "" : ` Did you mean "${closest}"?`;
  return `Tool ${echoedName(toolName)} does not exist.${hint} Available tools: ${list(available)}.`;
}

/** A tool the caller may not use (`PERMISSION_DENIED`); an empty `agentName` is a caller that named no agent. */
export function permissionDeniedText(
  agentName: string,
  toolName: string,
  available: readonly string[],
  appOnly = false,
): string {
  if (appOnly) {
    return (
      `Tool "${toolName}" is called only by its app view (MCP Apps visibility ["app"]), not by a model. ` +
      `Available tools: ${list(available)}.`
    );
  }
  const who = agentName === "" ? "a caller that names no agent (pass the calling agent)" : `agent "${agentName}"`;
  return `Tool "${toolName}" is not available to ${who}. Available tools: ${list(available)}.`;
}

/** Arguments that failed validation, as `ToolValidationError` says it (`INVALID_ARGUMENTS`). */
export function invalidArgumentsText(toolName: string, issues: readonly Issue[]): string {
  return `${appendIssues(invalidArgumentsHead(toolName), issues)}.`;
}

/** Arguments that failed validation, as the model reads it in a result: the error's text and what to do. */
export function invalidArgumentsResultText(toolName: string, issues: readonly Issue[]): string {
  return `${appendIssues(invalidArgumentsHead(toolName), issues)}. Fix the arguments and call the tool again.`;
}

// The head of the last tool's invalid-arguments text, kept: it is the same for every rejected call of that tool, so a
// run of them builds it once (two concatenations fewer a call); the name is then the same string, one comparison.
let headName: string | undefined;
let head = "";

function invalidArgumentsHead(toolName: string): string {
  if (toolName !== headName) {
    head = `Invalid arguments for tool "${toolName}": `;
    headName = toolName;
  }
  return head;
}

/** A tool whose input schema ajv cannot compile (`INVALID_DEFINITION`): the developer's bug, not the model's. */
export function schemaDoesNotCompileText(toolName: string, why: string): string {
  return `Tool "${toolName}" cannot be called: its input schema does not compile (${why}).`;
}

/** A tool whose input schema broke while checking plain JSON arguments (`INVALID_DEFINITION`): not the model's fault. */
export function schemaCannotValidateText(toolName: string, why: string): string {
  return `Tool "${toolName}" cannot be called: its input schema is broken (${why}). The arguments are not at fault.`;
}

/** A successful call whose handler returned nothing (`undefined`): said in words, since "null" reads as data. */
export function noResultText(toolName: string): string {
  return `Tool "${toolName}" ran and returned no result.`;
}

/** A failure inside toolwright itself (`TOOL_FAILED`), caught by the pipeline's last line of defence. */
export function callNotCompletedText(toolName: string, why: string): string {
  return `The call of tool "${toolName}" could not be completed: ${why}`;
}

/** A handler that threw or rejected (`TOOL_FAILED`, or the code the thrown error carries). */
export function toolFailedText(toolName: string, why: string): string {
  return `Tool "${toolName}" failed: ${why || "(no message)"}`;
}

/** A handler's return value whose getters or traps throw (`INVALID_RESULT`). */
export function unreadableResultText(toolName: string, why: string): string {
  return `Tool "${toolName}" returned a value that cannot be read (${why}), which cannot be sent to the model.`;
}

/** A handler that returned half a `ToolResult` (`INVALID_RESULT`). */
export function malformedResultText(toolName: string, json: string): string {
  return `Tool "${toolName}" returned a malformed ToolResult (${json}), which cannot be sent to the model.`;
}

/** A handler that returned a value JSON cannot carry (`INVALID_RESULT`); `problem` says what it was. */
export function unsendableResultText(toolName: string, problem: string): string {
  return `Tool "${toolName}" returned ${problem}, which cannot be sent to the model.`;
}

/** A handler's rich content that breaks the part rules (`INVALID_RESULT`): bad base64, a mime type, a missing field. */
export function invalidContentText(toolName: string, issues: readonly Issue[]): string {
  return `Tool "${toolName}" returned content that cannot be sent: ${formatIssues(issues)}.`;
}

/**
 * A handler's value that breaks the tool's `returns` schema (`INVALID_RESULT`): the tool failed, so the model is not
 * told to change its arguments.
 */
export function invalidResultText(toolName: string, issues: readonly Issue[]): string {
  return `Tool "${toolName}" failed: its result does not match its output schema (${formatIssues(issues)}).`;
}

/** Returns a readable text for an abort reason: an error's message, a string as it is, or a generic phrase. */
export function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === "string" && reason !== "") return reason;
  return "the caller aborted";
}

/** A call cancelled through its abort signal, before or while its handler ran (`CANCELLED`). */
export function cancelledText(toolName: string, reason: unknown, started: boolean): string {
  const when = started ? "was cancelled while running" : "was cancelled before it started";
  return `The call of tool "${toolName}" ${when}: ${describeReason(reason)}.`;
}

/** A call stopped at its time limit (`TIMEOUT`); `note` says why it was not handed to the background. */
export function timedOutText(toolName: string, timeoutMs: number, note: string): string {
  return (
    `Tool "${toolName}" did not finish within ${timeoutMs} ms and was stopped${note}. ` +
    "Try again with a smaller request, or tell the user it is too slow."
  );
}

/** Why a call stopped at its time limit was not handed to the background: the note `timedOutText` carries. */
export const NOT_BACKGROUNDED = {
  noAgent: " (a background hand-off needs an agent's task store)",
  full: " (it could not be handed to the background: the agent's task store is full of running tasks)",
  failed: (why: string) => ` (it could not be handed to the background: ${why})`,
} as const;

/** A call whose work goes on in a background task (`TIMEOUT`, outcome `backgrounded`). */
export function backgroundedText(toolName: string, timeoutMs: number, taskId: string, statusTool?: string): string {
  const ask = statusTool
    ? `Call ${statusTool} with {"taskId":"${taskId}"} later to get its result.`
    : "Its result will be reported when it is ready.";
  return `Tool "${toolName}" is still running after ${timeoutMs} ms; it goes on in background task "${taskId}". ${ask}`;
}

/** A background task whose process stopped renewing its lease (`TASK_LOST`). */
export function taskLostText(taskId: string, toolName: string): string {
  return (
    `Background task "${taskId}" of tool "${toolName}" was lost: the process running it stopped renewing its lease ` +
    "(it exited, or lost its store) before the task finished, so its outcome is unknown. " +
    "Call the tool again only if repeating it is safe."
  );
}

/** A task a sweep marked lost: its runner died, and no replica that could run it took it over in `waitedMs`. */
export function taskUnclaimedText(taskId: string, toolName: string, waitedMs: number): string {
  return (
    `Background task "${taskId}" of tool "${toolName}" was lost: the process running it stopped renewing its lease ` +
    `before the task finished, and no replica that has the tool "${toolName}" took it over within ${waitedMs} ms ` +
    "after, so its outcome is unknown. Call the tool again only if repeating it is safe."
  );
}

/**
 * A stored final result (a task's, an approved call's) that is not a ToolResult (`STORE_RECORD_INVALID`): the record
 * was changed outside toolwright, so what the call returned is unknown.
 */
export function storedResultInvalidText(recordId: string, toolName: string): string {
  return (
    `The stored result of "${recordId}" (tool "${toolName}") cannot be read: it is not a tool result, so it was changed ` +
    "outside toolwright and what the call returned is unknown. Call the tool again only if repeating it is safe."
  );
}

/**
 * Ends a background task another replica took over but would not run: its stored arguments do not pass the taking
 * replica's tool, or were bound to another version of its schema (a deploy changed it), or were changed in the store.
 */
export function taskNotResumedText(taskId: string, toolName: string, why: string): string {
  return (
    `Background task "${taskId}" of tool "${toolName}" was not run again after its process stopped: ${why}. ` +
    `Nothing ran on the replica that took it over; call the tool again with arguments its schema accepts.`
  );
}

/** A call that waits for a human's approval (`APPROVAL_REQUIRED`, outcome `awaiting_approval`). */
export function awaitingApprovalText(toolName: string, approvalId: string, reason?: string): string {
  const why = reason === undefined ? "" : ` (${reason})`;
  return (
    `Tool "${toolName}" needs the user's approval before it runs${why}; approval "${approvalId}" is pending. ` +
    "Do not call it again: its result follows once the user decides."
  );
}

/** A call that needs approval, made where nobody can be asked (`APPROVAL_REQUIRED`, outcome `rejected`). */
export function approvalNeedsAgentText(toolName: string): string {
  return `Tool "${toolName}" needs approval, and this call was not made through an agent that can ask for it.`;
}

/** A call whose approval was refused (`APPROVAL_REJECTED`); the reason is always part of it. */
export function rejectedText(toolName: string, reason: string | undefined): string {
  const why = reason === undefined || reason.trim() === "" ? "no reason was given" : reason;
  return `The user rejected the call of tool "${toolName}": ${why}. Do not retry it unchanged.`;
}

/** A stored approval that does not match its call or the tool's current schema (`APPROVAL_MISMATCH`): nothing ran. */
export function approvalMismatchText(toolName: string, why: string): string {
  return `The approved call of tool "${toolName}" did not run: ${why}. Call the tool again to ask for a new approval.`;
}

/**
 * What the model reads before the result of a call a human approved with edited arguments: which top-level fields
 * changed, from what to what, so it does not take the result for that of its own arguments.
 */
export function approvalEditedText(
  toolName: string,
  originalArgs: Readonly<Record<string, unknown>>,
  editedArgs: Readonly<Record<string, unknown>>,
): string {
  const keys = [...new Set([...Object.keys(originalArgs), ...Object.keys(editedArgs)])];
  const changes = keys
    .filter((key) => shownValue(originalArgs[key]) !== shownValue(editedArgs[key]))
    .map((key) => `${key}: ${shownValue(originalArgs[key])} → ${shownValue(editedArgs[key])}`);
  return (
    `The user edited the arguments of this call of tool "${toolName}" before approving it ` +
    `(${changes.join("; ") || "no field changed"}); the result below is for the edited arguments.`
  );
}

function shownValue(value: unknown): string {
  if (value === undefined) return "(absent)";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Why a framework's approved call does not run: its arguments differ from the ones the approval was bound to. */
export function approvedArgumentsDifferText(): string {
  return "its arguments differ from the ones the user approved (was the approved history edited?)";
}

/** Why a framework's approved call does not run again: its single-use approval was already used. */
export function approvalAlreadyUsedText(): string {
  return (
    "its approval was already used (an approval is single use: a replayed history or a resumed run state " +
    "cannot run the call again)"
  );
}

/** Why a framework's approved call does not run: this agent holds no approval record of it. */
export function approvalNotRecordedText(agentName: string): string {
  return (
    `agent "${agentName}" holds no approval of this call: it was never asked here, it expired, or the approval ` +
    "round trip used another agent instance without a shared store"
  );
}

/** A call the current user may not make for lack of scopes (`AUTH_REQUIRED`). */
export function authRequiredText(toolName: string, missing: readonly string[], hasChecker: boolean): string {
  const cause = hasChecker ? "the current user does not hold" : "cannot be checked (the agent has no scopeChecker)";
  return (
    `Tool "${toolName}" needs the scopes ${missing.join(", ")}, which ${cause}. ` +
    "Ask the user to sign in or grant access, then call it again."
  );
}

/** A gate (scope check, approval predicate, approver, approval request) that threw: it fails closed. */
export function gateFailedText(toolName: string, what: string, why: string): string {
  return `The ${what} of tool "${toolName}" failed, so the tool did not run: ${why || "(no message)"}`;
}

/** A call a `before` listener denied (`DENIED`), with the listener's reason. */
export function deniedText(toolName: string, reason: string): string {
  return `The call of tool "${toolName}" was denied: ${reason}`;
}

/** A call stopped because a `before` listener threw (`HOOK_FAILED`): the policy fails closed. */
export function hookFailedText(toolName: string, why: string): string {
  return `The call of tool "${toolName}" was denied: a policy check failed (${why}), so the tool did not run.`;
}

/** A tool of a remote MCP server that answered with `isError` (`TOOL_FAILED`). */
export function remoteFailedText(toolName: string, server: string, text: string): string {
  return `Tool "${toolName}" failed on MCP server "${server}": ${text}`;
}

/** An entry of a batch that is not a tool call at all (`INVALID_ARGUMENTS`); `got` says what it was. */
export function notAToolCallText(got: string): string {
  return `This entry is not a tool call: expected { id, name, arguments } with a string name; got ${got}.`;
}

/** Arguments that are not an object (an issue at the root). */
export function notAnObjectIssue(got: string): string {
  return `must be an object of arguments; got ${got}`;
}

/** Arguments the validator threw on (an issue at the root): the model sent something that is not plain JSON. */
export function notValidatableIssue(why: string): string {
  return `could not be validated (${why}); send plain JSON data`;
}

/** Arguments a Standard Schema's validate or transform threw on (an issue at the root). */
export function rejectedBySchemaIssue(why: string): string {
  return `was rejected by the tool's schema: ${why}`;
}

/** Arguments sent as JSON text that does not parse (an issue at the root); `why` is the parser's message. */
export function invalidJsonIssue(why: string): string {
  return `is not valid JSON (${why}); send the arguments as one JSON object`;
}

/** The note of a `tool_search` result that found nothing. */
export function noToolMatchesText(): string {
  return "No tool matches; search again with other words.";
}

/** The note of a `tool_search` result that found tools: they are loaded for the model's next step. */
export function toolsLoadedText(): string {
  return "These tools are loaded now; call them by name.";
}

/**
 * The notice in a result cut to `maxChars` (`truncateForModel`): how many of the `total` characters were cut, with
 * the blank lines that set it apart from the head and tail around it.
 */
export function resultCutNotice(cut: number, total: number, maxChars: number): string {
  return (
    `\n\n[… ${cut.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} characters cut: ` +
    `the result is longer than the ${maxChars.toLocaleString("en-US")} characters the model reads …]\n\n`
  );
}

/** A durable call whose result is larger than the engine can record (`INVALID_RESULT`): the model reads why. */
export function resultOverJournalLimitText(toolName: string, bytes: number, maxBytes: number): string {
  const size = Number.isFinite(bytes) ? `${bytes.toLocaleString("en-US")} bytes` : "not JSON";
  return (
    `Tool "${toolName}" failed: its result (${size}) is larger than the ${maxBytes.toLocaleString("en-US")} bytes ` +
    "the durable engine can record. Ask for less (a narrower query, one page), or have the tool keep large output " +
    "elsewhere and return a reference to it."
  );
}

/** The one notice after the parts of a rich result that fit the characters the model reads, when some did not. */
export function partsDroppedNotice(dropped: number, total: number, maxChars: number): string {
  return (
    `[… ${dropped.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} parts not shown: ` +
    `the result is longer than the ${maxChars.toLocaleString("en-US")} characters the model reads …]`
  );
}

/** The error of an MCP task whose process ended before the task did (status `lost`). */
export function taskProcessEndedText(): string {
  return "The task's process ended.";
}

/**
 * A store that could not be reached or failed (`STORE_UNAVAILABLE`): a call that needed it reads this through
 * `gateFailedText`. `store` describes it, `operation` says what was being done, `why` what the store said.
 */
export function storeUnavailableText(store: string, operation: string, why: string): string {
  return `The store ${store} is unavailable (${operation}): ${why}.`;
}

/** The note that tells a model its tool set changed mid-conversation (for providers without a change block of their own). */
export function toolSetChangedText(added: readonly string[], removed: readonly string[]): string {
  const parts: string[] = [];
  if (added.length > 0) parts.push(`These tools are available now: ${added.join(", ")}.`);
  if (removed.length > 0) parts.push(`These tools are no longer available; do not call them: ${removed.join(", ")}.`);
  return parts.join(" ");
}

/**
 * A call of a tool the conversation's model has not been shown (a deferred tool not loaded yet, or one withdrawn):
 * nothing ran. `canSearch`: the model has `tool_search`, which loads what it finds.
 */
export function toolNotShownText(name: string, canSearch: boolean): string {
  const next = canSearch
    ? "Call tool_search with words describing what you need; it loads the tools it finds."
    : "Use one of the tools you were given.";
  return `Tool "${name}" is not available in this conversation yet, so it did not run. ${next}`;
}

/**
 * The note the model reads before a result when it called the same tool with the same arguments `count` times in a
 * row in its session (the repeat guard's `nudgeAt`): what the earlier result began with, and when it will be refused.
 */
export function repeatNudgeText(toolName: string, count: number, refuseAt: number, preview: string): string {
  return (
    `Note: this is call ${count} in a row of "${toolName}" with the same arguments in this session; ` +
    `the result will not change. The earlier result began: ${JSON.stringify(preview)}. ` +
    `Use it, or change the arguments or your approach: from call ${refuseAt} on, this call is refused.`
  );
}

/** The message of a call the repeat guard refused (`REPEATED_CALL`), with what the earlier result began with. */
export function repeatedCallText(toolName: string, count: number, preview: string | undefined): string {
  const earlier = preview === undefined ? "" : ` The earlier result began: ${JSON.stringify(preview)}.`;
  return (
    `Tool "${toolName}" was not run: this is call ${count} in a row with the same arguments in this session, and ` +
    `it would answer the same.${earlier} Use that result, change the arguments, or take another step.`
  );
}

/** Why a call of a destructive tool waits for approval (or was refused): its session received untrusted output. */
export function untrustedSessionReason(toolName: string, from: string): string {
  return (
    `"${toolName}" is destructive and this session has received untrusted output (from "${from}"), ` +
    "which may carry instructions someone else wrote"
  );
}
