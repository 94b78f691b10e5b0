import { ErrorCode } from "../errors/error-code.js";
import { StoreUnavailableError } from "../state/port/store-error.js";
import { approvalNeedsAgentText } from "../errors/model-messages.js";
import { cloneValue, deepFreeze } from "../schema/json.js";
import type { CallRequest } from "./call-request.js";
import { activeCallTracer, traceCall, tracedCall } from "./call-tracer.js";
import { notify } from "./finish.js";
import { checkScopes, decideApproval, gatesShowArguments, rejection } from "./gates.js";
import { gateFailure } from "./gate-failure.js";
import { awaitingApprovalResult } from "./runtime-results.js";
import { shownCopy } from "./shown-copy.js";
import { schemaVersion } from "../state/stable-hash.js";
import { approvalReasons } from "./approval-reasons.js";
import { Ending, type HandlerOutcome } from "./run-handler.js";
import { validatedArguments } from "./validate-call.js";
import { type ApprovalEdit, type GrantUse, failureResult, type ToolResult } from "../tool/tool-result.js";
import type { ApprovalRequest } from "../state/approvals/index.js";
import type { Grant } from "../state/grants/index.js";
import type { CallAuth } from "../tool/call-auth.js";
import { coveringGrant } from "./grant-gate.js";

/** Runs an approved call past its gates: the pipeline's lane → `before` → handler → finish. */
export type PastGates = (request: CallRequest, args: Record<string, unknown>) => Promise<ToolResult>;

/**
 * The gates of a tool with `authScopes` or `requiresApproval`: the scope check, then the approval (inline by the
 * approver, or pending in the agent's approvals). Resolves with the arguments when the call may go on, else with the
 * {@link Ending} it ended with.
 */
export async function passGates(
  request: CallRequest,
  args: Record<string, unknown>,
  pastGates: PastGates,
): Promise<Ending | Record<string, unknown>> {
  // The scope checker and the approval callbacks see a copy, as `before` listeners do (none: nothing to copy).
  const shown = gatesShowArguments(request) ? shownCopy(args) : args;
  const unauthorised = await checkScopes(request, shown);
  if (unauthorised) return endedWith(unauthorised, args);
  // A framework asks whether its human must approve (see `awaitApproval`): a grant that covers the call says no, and
  // the call ends here unheard (its run comes through `callTool` and meets the grant at this gate again); otherwise it
  // waits for that human's answer, whatever the rule says.
  if (request.awaitApproval) {
    const asked = await ask(request, args, pastGates, shown);
    return asked instanceof Ending ? asked : grantedProbe(request, args, asked);
  }
  const decision = await decideApproval(request, shown);
  if (decision === undefined) return args;
  if (decision === "ask") return askApproval(request, args, pastGates);
  if (decision !== "grant-or-ask") return endedWith(decision, args);
  const asked = await ask(request, args, pastGates, shown);
  if (asked instanceof Ending) return asked;
  request.grant = asked;
  return args;
}

/**
 * Sends a call to the agent's approvals (outcome `awaiting_approval`), or rejects it with `APPROVAL_REQUIRED` when the
 * call has no agent to ask: the approval gate's answer to `"ask"`, and what a call whose grant was revoked before its
 * handler started gets.
 */
export function askApproval(
  request: CallRequest,
  args: Record<string, unknown>,
  pastGates: PastGates,
): Promise<Ending> {
  return ask(request, args, pastGates, undefined) as Promise<Ending>;
}

// The request of both. With `shown` (the validated arguments, as `grantFor` matches them), unless a grant covers the
// call: one store step reads the grants of its tool at its session's, user's and tenant's level and, when there are
// none (the usual case), writes the request; grants found are matched here, and the one that covers the call is
// answered (nothing was written), or, when none does, the call is requested as usual.
async function ask(
  request: CallRequest,
  args: Record<string, unknown>,
  pastGates: PastGates,
  shown: Readonly<Record<string, unknown>> | undefined,
): Promise<Ending | GrantUse> {
  const { definition, callId } = request;
  const approvals = request.runtime?.approvals;
  if (!approvals) {
    // Nobody can be asked, so nobody approved: the call is rejected, with the code that says approval is needed.
    const result = failureResult(definition.name, callId, "rejected", {
      code: ErrorCode.ApprovalRequired,
      message: approvalNeedsAgentText(definition.name),
    });
    return endedWith({ result }, args);
  }
  const reason = approvalReasons.get(request);
  let approvalId: string | readonly Grant[];
  let lookingUp = shown !== undefined;
  try {
    // A snapshot: the arguments may be the caller's own object, which it could change before the approval.
    const gated = new GatedApproval(request, args, cloneValue(args), pastGates, reason);
    approvalId = await approvals.request(gated, lookingUp);
    if (typeof approvalId !== "string") {
      const grant = coveringGrant(request, shown!, approvalId);
      if (grant !== undefined) return grant;
      lookingUp = false;
      approvalId = await approvals.request(gated);
    }
  } catch (error) {
    // Arguments that cannot be hashed (a cycle made by a schema transform) cannot be bound to an approval. A store
    // that cannot be read fails the grant lookup closed, as a lookup of its own would: nothing runs.
    const what = lookingUp && error instanceof StoreUnavailableError ? "grant lookup" : "approval request";
    return endedWith(gateFailure(request, what, error), args);
  }
  return endedWith({ result: awaitingApprovalResult(definition.name, callId, approvalId as string, reason) }, args);
}

// The answer to a framework's question about a call a grant covers: `cancelled` before it started (no event), carrying
// the grant, so the adapter tells its framework that no human is needed.
function grantedProbe(request: CallRequest, args: Record<string, unknown>, grant: GrantUse): Ending {
  request.grant = grant;
  const result = failureResult(request.definition.name, request.callId, "cancelled", {
    code: ErrorCode.Cancelled,
    message: `A grant covers this call of tool "${request.definition.name}": it runs without asking.`,
  });
  return new Ending({ result }, args, "cancelled");
}

/**
 * What the agent's approvals keep of a call that waits: the call's name, id and frozen arguments, and how to run,
 * refuse or report it. A class, so a request makes one object rather than four closures and their names.
 */
class GatedApproval implements ApprovalRequest {
  readonly toolName: string;
  readonly callId: string;
  /** What `pending()` shows is a frozen copy of its own: a UI cannot change what runs through it either. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly schemaVersion: string;
  readonly framework: boolean;
  readonly reason?: string;
  readonly auth?: CallAuth;
  readonly session?: string;
  readonly #request: CallRequest;
  // The arguments as the call was made (its events show them) and the snapshot bound to the approval (what runs).
  readonly #given: Record<string, unknown>;
  readonly #approved: Record<string, unknown>;
  readonly #pastGates: PastGates;

  constructor(
    request: CallRequest,
    given: Record<string, unknown>,
    approved: Record<string, unknown>,
    pastGates: PastGates,
    reason: string | undefined,
  ) {
    const { definition } = request;
    this.toolName = definition.name;
    this.callId = request.callId;
    this.args = deepFreeze(cloneValue(approved));
    this.schemaVersion = schemaVersion(definition.inputSchema);
    this.framework = request.awaitApproval;
    if (reason !== undefined) this.reason = reason;
    if (request.options.auth !== undefined) this.auth = request.options.auth;
    if (request.session !== undefined) this.session = request.session;
    this.#request = request;
    this.#given = given;
    this.#approved = approved;
    this.#pastGates = pastGates;
  }

  /** Runs the approved call under the approver's signal: the original caller has long had its answer. */
  async run(signal: AbortSignal | undefined, edit: ApprovalEdit | undefined): Promise<ToolResult> {
    const request = this.#request;
    // Edited arguments run as a copy of the frozen ones the approval is bound to, like the requested ones do.
    const runs = edit ? cloneValue(edit.editedArgs) : this.#approved;
    const tracer = activeCallTracer();
    if (tracer === undefined) return this.#pastGates(request.approved(signal, edit), runs);
    const go = async () => this.#pastGates(request.approved(signal, edit), runs);
    return traceCall(tracer, tracedCall(request, "approved", runs), go);
  }

  async refuse(reason: string | undefined): Promise<ToolResult> {
    const request = this.#request;
    return notify(request, this.#given, rejection(request, reason));
  }

  check(edited: unknown): Promise<Record<string, unknown>> {
    const request = this.#request;
    return validatedArguments(request.definition, edited, request.validator);
  }

  async report(result: ToolResult): Promise<ToolResult> {
    return notify(this.#request, this.#given, { result });
  }
}

function endedWith(outcome: HandlerOutcome, args: Record<string, unknown>): Ending {
  return new Ending(outcome, args, "ended");
}
