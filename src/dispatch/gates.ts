import { ErrorCode } from "../errors/error-code.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import type { CallRequest } from "./call-request.js";
import type { GatedCall } from "../tool/tool.js";
import type { HandlerOutcome } from "./run-handler.js";
import { authRequiredResult, rejectedResult } from "./runtime-results.js";
import { missingScopes } from "../tool/call-auth.js";
import { approvalReasons } from "./approval-reasons.js";
import { grantFor } from "./grant-gate.js";
import { gateFailure } from "./gate-failure.js";

function gatedCall(request: CallRequest, args: Readonly<Record<string, unknown>>): GatedCall {
  const { definition } = request;
  const { auth } = request.options;
  const call = { toolName: definition.name, args, callId: request.callId, agent: request.agent, tool: definition };
  const reason = approvalReasons.get(request);
  return auth === undefined && reason === undefined
    ? call
    : { ...call, ...(auth === undefined ? {} : { auth }), ...(reason === undefined ? {} : { reason }) };
}

/**
 * True when app code sees a call's arguments at its gates (a scope checker for a tool with `authScopes`, an approval
 * predicate, an approver): those then get a copy of their own. Gates without them only read the arguments (a grant
 * matches on them), so nothing is copied.
 */
export function gatesShowArguments(request: CallRequest): boolean {
  const { definition } = request;
  const options = request.runtime?.options;
  return (
    ((definition.authScopes?.length ?? 0) > 0 && options?.scopeChecker !== undefined) ||
    typeof definition.requiresApproval === "function" ||
    options?.approver !== undefined
  );
}

/**
 * Asks the runtime's scope checker whether the current user holds the tool's `authScopes`. Returns the
 * `auth_required` outcome naming the missing scopes, or undefined when the call may go on.
 */
export async function checkScopes(
  request: CallRequest,
  args: Readonly<Record<string, unknown>>,
): Promise<HandlerOutcome | undefined> {
  const scopes = request.definition.authScopes ?? [];
  if (scopes.length === 0) return undefined;
  const checker = request.runtime?.options.scopeChecker;
  const { auth } = request.options;
  // A verified token decides first: what it does not grant is missing, whatever the checker says.
  const unheld = auth === undefined ? [] : missingScopes(scopes, auth);
  let missing: readonly string[] = scopes;
  if (auth !== undefined && (unheld.length > 0 || !checker)) missing = unheld;
  else if (checker) {
    try {
      const verdict: unknown = await checker(scopes, gatedCall(request, args));
      if (verdict === true) missing = [];
      else if (verdict === false) missing = scopes;
      else if (Array.isArray(verdict) && verdict.every((scope) => typeof scope === "string")) missing = verdict;
      // Anything else is a bug in the app's checker: fail closed, as for a checker that throws.
      else
        throw new TypeError(`the scope checker must answer true, false or the missing scopes; got ${String(verdict)}`);
    } catch (error) {
      return gateFailure(request, "scope check", error);
    }
  }
  if (missing.length === 0) return undefined;
  const result = authRequiredResult(
    request.definition.name,
    request.callId,
    missing,
    checker !== undefined || auth !== undefined,
  );
  return { result, error: new ToolwrightError(ErrorCode.AuthRequired, result.error!.message) };
}

/**
 * Decides whether a call may run: undefined when it needs no approval or a grant or the approver let it, an outcome
 * when the approver refused it (or a gate callback threw), `"ask"` when the approver left it to a decision through
 * the agent, and `"grant-or-ask"` when the agent has no approver: it waits for a decision unless a grant covers it.
 */
export async function decideApproval(
  request: CallRequest,
  args: Readonly<Record<string, unknown>>,
): Promise<HandlerOutcome | "ask" | "grant-or-ask" | undefined> {
  const { definition } = request;
  const call = gatedCall(request, args);
  // A session that read untrusted output asks before a destructive call, whatever the tool's own rule says.
  let needed = approvalReasons.has(request);
  try {
    const rule = definition.requiresApproval;
    // The predicate also gets the call, for rules on who calls (ToolFlags types it with the arguments only).
    // A truthy answer counts as "needed": an unexpected return value must not skip the approval.
    const predicate = rule as ((a: typeof args, c: GatedCall) => unknown) | boolean | undefined;
    if (!needed) {
      needed = typeof predicate === "function" ? Boolean(await predicate(args, call)) : predicate === true;
    }
  } catch (error) {
    return gateFailure(request, "approval predicate", error);
  }
  if (!needed) return undefined;
  const approver = request.runtime?.options.approver;
  // Without an approver the call waits in the agent's approvals, unless a grant covers it: the grant lookup goes with
  // the approval's request, one store step (see `ask` in approval-gate.ts).
  if (!approver) return "grant-or-ask";
  // A grant (a remembered approval) that covers the call lets it run without asking the approver.
  try {
    const grant = await grantFor(request, args);
    if (grant !== undefined) {
      request.grant = grant;
      return undefined;
    }
  } catch (error) {
    return gateFailure(request, "grant lookup", error);
  }
  let decision: unknown;
  try {
    decision = await approver(call);
  } catch (error) {
    return gateFailure(request, "approver", error);
  }
  if (decision === true) return undefined;
  if (decision === undefined) return "ask";
  const reason =
    typeof decision === "object" && decision !== null ? (decision as { reject?: unknown }).reject : undefined;
  return rejection(request, typeof reason === "string" ? reason : undefined);
}

/** Builds the `rejected` outcome of a call whose approval was refused, with the reason for the model. */
export function rejection(request: CallRequest, reason: string | undefined): HandlerOutcome {
  const result = rejectedResult(request.definition.name, request.callId, reason);
  return { result, error: new ToolwrightError(ErrorCode.ApprovalRejected, result.error!.message) };
}
