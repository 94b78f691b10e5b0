import { ErrorCode } from "../errors/error-code.js";
import { repeatNudgeText, repeatedCallText, untrustedSessionReason } from "../errors/model-messages.js";
import { markUntrusted } from "../policy/index.js";
import type { CacheKey, RepeatVerdict } from "../policy/index.js";
import { type ToolResult, failureResult, renderToolResult } from "../tool/tool-result.js";
import type { CallRequest } from "./call-request.js";
import type { CallRoute } from "./call-route.js";
import type { CallRuntime } from "./call-runtime.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { Settled } from "./finish.js";
import { rejection } from "./gates.js";
import { Ending } from "./run-handler.js";
import { stableStringify } from "../state/stable-hash.js";
import { isCanonical } from "../schema/stable-stringify.js";
import { sha256Hex } from "../runtime/sha256.js";
import { approvalReasons } from "./approval-reasons.js";
import { untrustedSource } from "./task-status-tool.js";

// The policy stages (docs/policy.md): pipeline.ts puts each on a tool's route when the tool needs it, the session
// ones only on the route a call with a session takes. The mechanisms themselves live in policy/.

/**
 * The hash of the call's tool and normalised arguments (the SHA-256 of `stableStringify({ tool, args })`), made once
 * per call by the first stage that needs it (the repeat guard: at its count, then at its memory of the result).
 */
function callHash(request: CallRequest, args: Record<string, unknown>): string {
  if (request.callHash !== undefined) return request.callHash;
  // Canonical arguments (the usual case: keys in order, plain values) are written as they are, without sorting; the
  // wrapper's two keys in their sorted order ("args" < "tool").
  const text = isCanonical(args) ? JSON.stringify(args) : stableStringify(args);
  return (request.callHash = sha256Hex(`{"args":${text},"tool":${JSON.stringify(request.toolName)}}`));
}

// The calls the repeat guard let run with a note, and the note (rare: kept aside rather than on every request).
const nudged = new WeakMap<CallRequest, string>();

/** The repeat guard (a call with a session): counts identical calls in a row; notes from `nudgeAt`, refuses from `refuseAt`. */
export function repeatGuard(
  request: CallRequest,
  args: Record<string, unknown>,
): Settled<Record<string, unknown> | Ending> {
  if (request.options.countRepeats === false) return args;
  const { sessions } = request.runtime!;
  const verdict = sessions.count(request.session!, callHash(request, args), request.route.guard!, request.callId);
  return verdict instanceof Promise ? verdict.then((v) => judged(request, args, v)) : judged(request, args, verdict);
}

function judged(request: CallRequest, args: Record<string, unknown>, verdict: RepeatVerdict) {
  if (verdict.kind === "run") return args;
  const guard = request.route.guard!;
  const { toolName } = request;
  // An untrusted tool's earlier result is not quoted outside its envelope.
  const preview = request.route.untrusted ? undefined : verdict.preview;
  if (verdict.kind === "nudge") {
    const shown = preview ?? "(see that call's result above)";
    nudged.set(request, repeatNudgeText(toolName, verdict.count, guard.refuseAt, shown));
    return args;
  }
  const result = failureResult(toolName, request.callId, "denied", {
    code: ErrorCode.RepeatedCall,
    message: repeatedCallText(toolName, verdict.count, preview),
  });
  return new Ending({ result }, args, "ended");
}

/**
 * A `destructive` tool's call in a session that received untrusted output: refused, or sent to the approval gates
 * with the reason, by the agent's `afterUntrustedOutput`.
 */
export function untrustedSessionGate(
  request: CallRequest,
  args: Record<string, unknown>,
): Settled<Record<string, unknown> | Ending> {
  const from = request.runtime!.sessions.untrustedFrom(request.session!);
  return from instanceof Promise ? from.then((f) => held(request, args, f)) : held(request, args, from);
}

function held(request: CallRequest, args: Record<string, unknown>, from: string | undefined) {
  if (from === undefined) return args;
  const reason = untrustedSessionReason(request.toolName, from);
  if (request.runtime!.options.afterUntrustedOutput === "refuse") {
    return new Ending(rejection(request, reason), args, "ended");
  }
  approvalReasons.set(request, reason);
  return args;
}

// No text or hash here: the memory cache files a result by the arguments' values, a store names its record by a hash.
function cacheKey(
  runtime: CallRuntime,
  route: CallRoute<CallRequest>,
  args: Record<string, unknown>,
  session: string | undefined,
): CacheKey {
  const scope = runtime.keyScope ?? "";
  const toolName = route.definition.name;
  return route.cache!.per === "session"
    ? { scope, toolName, args, session: session ?? null }
    : { scope, toolName, args };
}

/**
 * The kept result of a `cache` tool's call with `args` (in `session`, for `per: "session"`), or undefined: what the
 * cache lookup stage reads, and what a plain call reads before its handler (plain-call.ts; its route's cache is in
 * memory, so this answers at once). The cache's own: hand out {@link hitResult}'s copy of it.
 */
export function cachedResult(
  runtime: CallRuntime,
  route: CallRoute<CallRequest>,
  args: Record<string, unknown>,
  session: string | undefined,
): Settled<ToolResult | undefined> {
  return runtime.resultCache.get(cacheKey(runtime, route, args, session));
}

/**
 * A hit's answer: the kept result under the call's id, `cached: true`, with the repeat guard's note if it noted the
 * call. Its top level is the call's own, its values the cache's (frozen in memory).
 */
export function hitResult(kept: ToolResult, callId: string, notice?: string): ToolResult {
  // Kept with `cached: true` already (by the cache's set), so the copy only replaces the id: adding a property to a
  // spread copy costs V8 a slow path many times the copy. A record another version kept without it still gets it.
  return notice === undefined && kept.cached === true
    ? { ...kept, callId }
    : { ...kept, callId, cached: true, ...(notice === undefined ? {} : { notice }) };
}

/** The cache lookup, after the gates and `before` listeners: a hit answers the call without running the handler. */
export function cacheLookup(
  request: CallRequest,
  args: Record<string, unknown>,
): Settled<Record<string, unknown> | Ending> {
  const kept = cachedResult(request.runtime!, request.route, args, request.session);
  if (kept instanceof Promise) return kept.then((settled) => hit(request, args, settled));
  return hit(request, args, kept);
}

function hit(request: CallRequest, args: Record<string, unknown>, kept: ToolResult | undefined) {
  if (kept === undefined) return args;
  // A hit ends before the run's later stages: the repeat guard's note, if it noted this call, is added here (only a
  // call in a session can have one).
  const notice = request.options.session === undefined ? undefined : nudged.get(request);
  const answer = hitResult(kept, request.callId, notice);
  // The hit reaches the model as the run did: in a fresh envelope for an untrusted tool, marking the session.
  if (!request.route.untrusted) return new Ending({ result: answer }, args, "ended");
  const marked = untrusted(request, answer);
  return marked instanceof Promise
    ? marked.then((result) => new Ending({ result }, args, "ended"))
    : new Ending({ result: marked }, args, "ended");
}

/**
 * After a call of `route`'s tool with `args` ended with `result`: a `cache` tool's success (not one that came from
 * the cache) is kept, then a success of a tool named in other tools' `invalidatedBy` clears their results. The cache
 * store and clearing stages' one function, and what a plain call does before it answers (plain-call.ts).
 */
export function keepAndClear(
  runtime: CallRuntime,
  route: CallRoute<CallRequest>,
  args: Record<string, unknown>,
  session: string | undefined,
  result: ToolResult,
): Settled<void> {
  if (!result.ok) return;
  // The cache keeps its own copy, marked `cached: true`: the caller of this call gets `result` itself.
  const kept =
    route.cache === undefined || result.cached === true
      ? undefined
      : runtime.resultCache.set(cacheKey(runtime, route, args, session), result, route.cache.ttlMs);
  if (route.invalidates === undefined) return kept;
  if (kept instanceof Promise)
    return kept.then(() => runtime.resultCache.clear(runtime.keyScope ?? "", route.invalidates!));
  return runtime.resultCache.clear(runtime.keyScope ?? "", route.invalidates);
}

/** Keeps a `cache` tool's success, and clears the results a success of a tool named in `invalidatedBy` invalidates. */
export function keepResult(request: CallRequest, ended: Ending): Settled<Ending> {
  const done = keepAndClear(
    request.runtime!,
    request.route,
    ended.args as Record<string, unknown>,
    request.session,
    ended.outcome.result,
  );
  return done instanceof Promise ? done.then(() => ended) : ended;
}

/** An untrusted tool's result gets its envelope's nonce; a session that received it is marked. */
export function markOutput(request: CallRequest, ended: Ending): Settled<Ending> {
  const { outcome } = ended;
  const marked = untrusted(request, outcome.result);
  const end = (result: ToolResult) =>
    result === outcome.result ? ended : new Ending({ ...outcome, result }, ended.args, ended.exit);
  return marked instanceof Promise ? marked.then(end) : end(marked);
}

/**
 * `result` marked untrusted with a fresh nonce (see `markUntrusted`), and the call's session marked: a result of an
 * untrusted tool, a background task's final one included, or a `task_status` report that quotes one.
 */
export function untrusted(request: CallRequest, result: ToolResult): Settled<ToolResult> {
  return untrustedResult(request.definition, request.runtime, request.session, result);
}

/**
 * {@link untrusted} of a call of `definition` in `session` (if any): what a plain call, which has no request and no
 * session (so this answers at once), marks its result with (plain-call.ts).
 */
export function untrustedResult(
  definition: ToolDefinition,
  runtime: CallRuntime | undefined,
  session: string | undefined,
  result: ToolResult,
): Settled<ToolResult> {
  const from = untrustedSource(definition, result);
  if (from === undefined) return result;
  const marked = markUntrusted(result, definition);
  if (marked === result || session === undefined || runtime === undefined) return marked;
  // On a store the mark is written before the result is answered: the session's next call, in any process, sees it.
  const written = runtime.sessions.mark(session, from);
  return written instanceof Promise ? written.then(() => marked) : marked;
}

/** After a guarded call in a session: remembers the start of its result, and adds the guard's note if it nudged. */
export function rememberCall(request: CallRequest, ended: Ending): Settled<Ending> {
  const { outcome } = ended;
  const { result } = outcome;
  const hash = callHash(request, ended.args as Record<string, unknown>);
  // An untrusted result is remembered as seen, never quoted: the note stands outside its envelope.
  const text = result.untrusted === undefined ? renderToolResult(result) : "";
  const kept =
    request.options.countRepeats === false
      ? undefined
      : request.runtime!.sessions.remember(request.session!, hash, text);
  const notice = nudged.get(request);
  const end = () =>
    notice === undefined ? ended : new Ending({ ...outcome, result: { ...result, notice } }, ended.args, ended.exit);
  return kept instanceof Promise ? kept.then(end) : end();
}
