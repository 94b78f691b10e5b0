import type { ToolResult } from "../../tool/tool-result.js";
import { callAuthOf } from "./auth-gate.js";
import { sha256Base64Url } from "../../runtime/sha256.js";
import type { ServerSdk } from "../load-sdk.js";
import type { McpApprovals } from "./servable-agent.js";
import type { ObjectJsonSchema } from "../../params/json-schema.js";
import { refusal, unshowable } from "./settle-approval.js";
import { APPROVE_FIELD, approvalForm, approvalQuestion, approveAnswer } from "./approval-form.js";

/** What a 2026-07-28 approval question carries through the client (signed, not secret): the approval it answers. */
export interface MrtrApprovalState {
  readonly approvalId: string;
  readonly tool: string;
  /** SHA-256 of the arguments as the user was shown them: the call runs with exactly these, or not at all. */
  readonly shown: string;
}

/** The key of the approval question in `inputRequests` / `inputResponses`. */
export const APPROVAL_INPUT = APPROVE_FIELD;

/** Signs and verifies approval questions' `requestState` (HMAC-SHA256, ten minutes). */
export type ApprovalCodec = ReturnType<ServerSdk["createRequestStateCodec"]>;

/**
 * Creates the codec that signs approval questions. Every replica that may receive a client's answer needs the same
 * `key` (at least 32 bytes); without one a random per-process key is used, so one process must answer both rounds.
 * @throws {RangeError} for a key shorter than 32 bytes (from the SDK).
 */
export function createApprovalCodec(sdk: ServerSdk, key: string | Uint8Array | undefined): ApprovalCodec {
  // Web Crypto's random bytes: a global on every runtime toolwright runs on, no node:crypto needed.
  const bytes = key ?? globalThis.crypto.getRandomValues(new Uint8Array(32));
  // Bound to the method, and to the token the question was asked for (`auth`): a state another token's client
  // obtained answers nothing of this one's (the SDK refuses it, -32602), whichever agent serves both.
  return sdk.createRequestStateCodec({ key: bytes, bind: (ctx) => `${ctx.mcpReq.method}${tokenBinding(ctx)}` });
}

// The token's subject and client, on a line each after the method; nothing for a request without `auth`.
function tokenBinding(ctx: Parameters<typeof callAuthOf>[0]): string {
  const auth = callAuthOf(ctx);
  return auth === undefined ? "" : `\n${auth.subject ?? ""}\n${auth.clientId ?? ""}`;
}

const digest = sha256Base64Url;

/** The parts of the SDK request context the MRTR approval round uses. */
export interface MrtrContext {
  readonly sdk: ServerSdk;
  readonly codec: ApprovalCodec;
  readonly approvals: McpApprovals | undefined;
  readonly signal: AbortSignal;
  /** The SDK's request context, which `mint` binds the state to. */
  readonly ctx: Parameters<ApprovalCodec["mint"]>[1];
  /** The called tool's input schema: when all its arguments are primitives, the form lets the user edit them. */
  readonly inputSchema?: ObjectJsonSchema;
}

/**
 * First round of an approval on 2026-07-28: instead of pushing an elicitation (that revision has no server-to-client
 * requests), answers `input_required` with a form asking the user to approve the call as shown, and a signed
 * `requestState` naming the pending approval and the arguments shown. Returns a ToolResult (a refusal) instead when
 * the call cannot be shown or the approval is gone.
 */
export async function askOverMrtr(result: ToolResult, context: MrtrContext) {
  const id = result.outcome === "awaiting_approval" ? result.approvalId : undefined;
  const pending = id === undefined ? undefined : context.approvals?.pending().find((entry) => entry.id === id);
  if (id === undefined || pending === undefined) return refusal(result);
  let shown: string | undefined;
  let why = "JSON.stringify gave no text";
  try {
    shown = JSON.stringify(pending.args) as string | undefined;
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  if (shown === undefined) {
    await context.approvals!.reject(id, "its arguments cannot be shown to the user").catch(() => undefined);
    return unshowable(result, why);
  }
  const state: MrtrApprovalState = { approvalId: id, tool: result.toolName, shown: digest(shown) };
  return question(context, result.toolName, shown, await context.codec.mint(state, context.ctx));
}

function question(context: MrtrContext, tool: string, shown: string, requestState: string) {
  const { inputRequired } = context.sdk;
  // A fresh form per request: the SDK's schema type is mutable, and the client must never share our copy.
  const form = approvalForm(context.inputSchema, JSON.parse(shown) as Record<string, unknown>);
  const message = approvalQuestion(tool, shown, form);
  const { requestedSchema } = form;
  return inputRequired({
    inputRequests: {
      // The SDK types the form's properties as its own union; ours are built to the same MCP shapes.
      [APPROVAL_INPUT]: inputRequired.elicit({ mode: "form", message, requestedSchema } as never),
    },
    requestState,
  });
}

/**
 * Second round: the client's retry carries the user's answer (`inputResponses.approve`) and the verified state. The
 * approval is single-use: once answered (here, on another replica sharing the store, or by anyone else) a replay
 * finds nothing pending and is refused. Yes runs the call once with the arguments shown, or with the user's edits of
 * them (the signed state still binds the arguments shown: the edits are the answer, see {@link approveAnswer});
 * no rejects it. A retry without the answer is asked again.
 */
export async function resumeOverMrtr(
  state: MrtrApprovalState,
  name: string,
  responses: Record<string, unknown> | undefined,
  context: MrtrContext,
) {
  const base = { toolName: name, callId: state.approvalId };
  if (state.tool !== name) return refusal(base, `the answer was given for tool "${state.tool}", not "${name}"`);
  // Read from the store when there is one: the question may have been asked by another replica.
  const approvals = context.approvals;
  const all = approvals === undefined ? [] : approvals.list ? await approvals.list() : approvals.pending();
  const pending = all.find((entry) => entry.id === state.approvalId);
  if (pending === undefined) return refusal(base, "this approval was already answered or has expired");
  const shown = JSON.stringify(pending.args) as string | undefined;
  if (shown === undefined || digest(shown) !== state.shown) {
    await context.approvals!.reject(state.approvalId, "its arguments changed after the user saw them");
    return refusal(base, "the arguments changed after the user saw them");
  }
  const answer = context.sdk.inputResponse(responses, APPROVAL_INPUT);
  if (answer.kind === "missing") return question(context, name, shown, await context.codec.mint(state, context.ctx));
  const content = answer.kind === "elicit" && answer.action === "accept" ? answer.content : undefined;
  try {
    if (content?.approve !== true)
      return await context.approvals!.reject(state.approvalId, "the user declined the call");
    const args = JSON.parse(shown) as Record<string, unknown>;
    const form = approvalForm(context.inputSchema, args);
    return await approveAnswer(context.approvals!, state.approvalId, args, { form, content }, context.signal);
  } catch (error) {
    // Answered elsewhere meanwhile (a concurrent replay): still an answer for the model, not a protocol error.
    return refusal(base, error instanceof Error ? error.message : String(error));
  }
}
